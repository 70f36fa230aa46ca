"""Events: what happened, in the past tense. The log is a list of these.

Every event is a small frozen msgspec Struct with an explicit, stable tag (the `type`
field of its JSON line), so that renaming a class never changes a log. Cards are written
in their ASCII notation (`7H`, `10S`, `JK`) so that a log reads plainly. Fields are only
ever added, with defaults; unknown fields are tolerated when reading.

The per-line envelope (sequence number and hash chain) belongs to `log`.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec import UNSET, UnsetType

from .rules import Rules

FORMAT_VERSION = 1
"""The log format. A reader refuses a log whose header names a newer one."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", gc=False):
    """Base of every event."""


class GameStarted(Event, frozen=True, tag="game_started", kw_only=True):
    """The header: everything needed to replay the game from nothing."""

    format: int = 1
    """The log format this file is written in (1 before any format change)."""
    program: str
    rules: Rules
    players: tuple[str, ...]
    seed: str
    deck: tuple[tuple[str, ...], ...] = ()
    """A stacked deck: for each of the first rounds, the top of its deck, top card first;
    the rest of each deck follows in the seeded shuffle's order."""
    seats: tuple[str, ...] = ()
    """Who plays each seat: `human`, `bot:LEVEL` or `exec:COMMAND`; a resumed game seats
    them again (a `seat_changed` event changes one from then on). Empty in logs of
    version 0.1 made by hand: seat 0 human, the others `bot:random`."""
    parent: str = ""
    """For a branched game: the file name of the game it branched from."""
    parent_at: int = 0
    """The sequence number of the parent's event after which this game branched."""
    parent_hash: str = ""
    """The chain hash (SHA-256 hex) of that line of the parent, to recognise it."""
    undo: bool | UnsetType = UNSET
    """False: the game allows no takeback (`play --no-undo`, for games meant to count).
    Written only then, so that other headers are unchanged."""
    tutored: bool | UnsetType = UNSET
    """True: a tutor warned before weak moves (`play --tutor`), so the game is not the
    same contest as one played alone (records count it apart). Written only then."""
    commitment: str | UnsetType = UNSET
    """A game dealt fairly online (`online.fairness`): the SHA-256 (hex) of the host's
    secret seed and salt, published to every player before the first deal. Then `seed`
    is derived from that secret seed and `contributions`, and a `seed_revealed` event
    ends the log. Written only in such a game."""
    contributions: tuple[str, ...] | UnsetType = UNSET
    """With `commitment`: each seat's random contribution to the seed (hex), seat 0
    first; "" for a seat that gave none (a bot, the host). Written only with it."""


class DealerDrawn(Event, frozen=True, tag="dealer_drawn", kw_only=True):
    """RULES 2.1: the cards drawn for the first deal (one row per draw), and the dealer."""

    draws: tuple[tuple[str, ...], ...]
    dealer: int


class RoundDealt(Event, frozen=True, tag="round_dealt", kw_only=True):
    """A deal: every hand, the upcard and the stock (top first), recorded in full."""

    round: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    upcard: str | None
    stock: tuple[str, ...]


class UpcardChosen(Event, frozen=True, tag="upcard_chosen", kw_only=True):
    """RULES 2.7 (`upcard=chosen`): the first player starts the pile with this card."""

    seat: int
    card: str


class StockDrawn(Event, frozen=True, tag="stock_drawn", kw_only=True):
    """A draw from the stock (one card, or two under `stock_draw=2`)."""

    seat: int
    cards: tuple[str, ...]


class StockRebuilt(Event, frozen=True, tag="stock_rebuilt", kw_only=True):
    """RULES 5.2 (`stock_out=reshuffle`): the pile but its top card, shuffled into a stock."""

    seat: int
    count: int
    stock: tuple[str, ...]


class DrawSkipped(Event, frozen=True, tag="draw_skipped", kw_only=True):
    """RULES 5.2 (`stock_out=discard_only`): the stock is empty; the turn goes on undrawn."""

    seat: int


class PileTaken(Event, frozen=True, tag="pile_taken", kw_only=True):
    """RULES 4.1: the chosen card and every card above it, chosen card first."""

    seat: int
    depth: int
    cards: tuple[str, ...]
    split: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET
    """RULES 8 (dealers_gambit, split): the cards inside the split, nearest the chosen
    card first, which leave the game with the dealer's joker; `cards` holds the chosen
    card and the cards outside the split. Written only for a split take."""


class Melded(Event, frozen=True, tag="melded", kw_only=True):
    """A new meld: its id, cards in meld order, and the value each card scored."""

    seat: int
    meld: int
    cards: tuple[str, ...]
    values: tuple[int, ...]
    jokers: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET
    """RULES 8: for each JK in `cards`, in order, the card it stands for. Written only
    when a joker is laid (UNSET is never encoded), so logs without jokers are unchanged."""
    double: bool | msgspec.UnsetType = msgspec.UNSET
    """RULES 8 (dealers_gambit, double): the dealer's joker lies on this meld: its values
    are doubled and it is sealed. Written only when true."""


class LaidOff(Event, frozen=True, tag="laid_off", kw_only=True):
    """Cards laid off on a meld (anyone's), scored for the seat that laid them off."""

    seat: int
    meld: int
    cards: tuple[str, ...]
    values: tuple[int, ...]
    end: Literal["low", "high"] | None = None
    jokers: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET
    """RULES 8: for each JK in `cards`, in order, the card it stands for (as Melded)."""


class PowerNamed(Event, frozen=True, tag="power_named", kw_only=True):
    """RULES 8 (dealers_gambit): the dealer names the power of the dealer's joker."""

    seat: int
    power: Literal["wild", "double", "split"]


class JokerBlocked(Event, frozen=True, tag="joker_blocked", kw_only=True):
    """RULES 8 (dealers_gambit): a player lays a joker from the hand face down on the
    dealer's joker, which cannot be used for the rest of the round."""

    seat: int


class Discarded(Event, frozen=True, tag="discarded", kw_only=True):
    """The card that ended a turn, now on top of the pile."""

    seat: int
    card: str


class WindowOpened(Event, frozen=True, tag="window_opened", kw_only=True):
    """RULES 7: a window in which seats other than the player to move may act, asked one
    at a time in the order of `seats` (the order of play from `seat`).

    `rum` (`rum_call`): the discard of `seat` could be laid off; each may call Rum! or
    pass, and the first call closes the window. `play` (`out_of_turn`): after the turn of
    `seat`, each may meld and lay off, then pass. `deadwood` (`opponents_hand`): `seat`
    went out; each may lay off cards on that seat's melds, then pass; the round is scored
    when the window closes, with `bonus` (already earned by `seat` when it went out).
    """

    kind: Literal["rum", "play", "deadwood"]
    seat: int
    seats: tuple[int, ...]
    bonus: int = 0


class Passed(Event, frozen=True, tag="passed", kw_only=True):
    """A seat asked in a window lets it go (by choice, or with nothing left to play)."""

    seat: int


class RumCalled(Event, frozen=True, tag="rum_called", kw_only=True):
    """RULES 7 (`rum_call`): the top discard taken out of turn and laid off on a meld,
    alone, scored for the caller."""

    seat: int
    meld: int
    card: str
    values: tuple[int, ...]
    end: Literal["low", "high"] | None = None


class SeatScore(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One seat's round: on the table, left in hand (and which cards), bonus, score, total."""

    table: int
    hand: int
    score: int
    total: int
    deadwood: tuple[str, ...] = ()
    bonus: int = 0
    """Points of the RULES 7 bonuses (go_out_bonus, master_run), part of the score."""
    collected: int | msgspec.UnsetType = msgspec.UNSET
    """RULES 7 (`opponents_hand`): the other hands' points added to this seat's score
    (then `hand` is not subtracted), part of the score. Written only under that option
    (unset is omitted from the line), so logs of other games are unchanged."""


class RoundEnded(Event, frozen=True, tag="round_ended", kw_only=True):
    """RULES 5-6: why the round ended and every seat's score."""

    round: int
    reason: Literal["went_out", "stock_out"]
    went_out: int | None = None
    scores: tuple[SeatScore, ...]
    sides: tuple[int, ...] | UnsetType = UNSET
    """RULES 8 (partnership, persian): each side's running total after the round, side 0
    (seats 0 and 2) first: the sum of its partners' totals. Absent without sides."""


class GameEnded(Event, frozen=True, tag="game_ended", kw_only=True):
    """RULES 6.4: the winner (None when `max_rounds` stopped an unfinished game)."""

    winner: int | None
    totals: tuple[int, ...]
    reason: Literal["target", "max_rounds", "deals"] = "target"
    """Why the game ended: a total reached the target (RULES 6.4), the round limit
    (RULES 5.4), or the two deals of `persian` were played (RULES 8)."""
    sides: tuple[int, ...] | UnsetType = UNSET
    """RULES 8: each side's final total (under `persian` with the +50 of the side with
    more points); absent without sides. `winner` is then the winning side's lower seat,
    which is also the side's number."""
    side: int | UnsetType | None = UNSET
    """RULES 8: the winning side (None when unfinished); absent without sides."""
    margin: int | UnsetType = UNSET
    """RULES 8 (`persian`): what the winning side wins, the difference of the final side
    totals; absent otherwise."""


class TakenBack(Event, frozen=True, tag="taken_back", kw_only=True):
    """A human seat takes back its last moves against the bots (`undo`): the game returns
    to the state after event `to`, and the events after it, which stay in the log, are
    abandoned. Allowed only as `line.undo_problem` and `line.target_problem` say."""

    seat: int
    to: int
    """The sequence number of the event the game returns to: the point where `seat`
    was to move, in the same round and since the last change of seats."""


class SeatChanged(Event, frozen=True, tag="seat_changed", kw_only=True):
    """Who plays a seat from now on (`resume --seat`, `branch --seat`, the replay's take
    over): `human`, `bot:LEVEL` or `exec:COMMAND`, as the header's `seats`."""

    seat: int
    kind: str


class SeedRevealed(Event, frozen=True, tag="seed_revealed", kw_only=True):
    """A game dealt fairly online: after the game (or when the host ends it), the host's
    secret seed and salt, which must match the header's `commitment`; with the header's
    `contributions` they derive its `seed` (`online.fairness`). Nothing follows it."""

    seed: str
    salt: str


AnyEvent = (
    GameStarted
    | DealerDrawn
    | RoundDealt
    | UpcardChosen
    | StockDrawn
    | StockRebuilt
    | DrawSkipped
    | PileTaken
    | Melded
    | LaidOff
    | Discarded
    | PowerNamed
    | JokerBlocked
    | RoundEnded
    | GameEnded
    | WindowOpened
    | Passed
    | RumCalled
    | TakenBack
    | SeatChanged
    | SeedRevealed
)
"""The tagged union of every event type."""

META_EVENTS = (TakenBack, SeatChanged)
"""The events that are not moves of the game: who plays, and the takebacks. The state is
the fold of the line played (`line`), which they shape but never enter."""
