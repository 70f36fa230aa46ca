"""The game state: a fold over the events of a game.

`fold(events)` builds a State from nothing; `State.apply(event)` moves it on by one
event. Applying trusts the event: checking that events are legal is the engine's work
(`engine.resolve`) and the auditor's (`verify`). The State is mutable for speed, but it
is only ever changed by `apply`, so the same events always give the same state. What
each event does is its step in `fold_steps`; the audit's glance folds the common moves
by those steps directly, with the cards it read (their one fast entry, documented there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any, Literal

from .cards import BY_TEXT, Card, format_cards
from .errors import IllegalAction
from .events import (
    DealerDrawn,
    Event,
    GameEnded,
    GameStarted,
    RoundDealt,
    RoundEnded,
    SeatChanged,
    TakenBack,
)
from .fast.masks import Table
from .fold_steps import STEPS, NotAStep
from .laid_melds import Meld
from .rules import Rules
from .variants import variant_of
from .variants.dealers_gambit import DealersJoker

Phase = Literal["start", "power", "upcard", "draw", "play", "window", "between", "over"]
CARD = BY_TEXT
"""Card notation to Card: the fold reads cards with one dictionary look-up."""


class State:
    """Everything about a game at one moment: the table, every hand, the scores."""

    __slots__ = (
        "applied",
        "dealer",
        "decks",
        "drew_stock",
        "first_dealer",
        "gambit",
        "hand_size",
        "hands",
        "header",
        "idle_turns",
        "kept",
        "long_run",
        "melds",
        "n",
        "opened",
        "owned",
        "pending",
        "phase",
        "pile",
        "players",
        "rebuilt",
        "round",
        "rules",
        "sides",
        "step",
        "stock",
        "table_points",
        "to_move",
        "totals",
        "turn_points",
        "turns",
        "wanted",
        "went_out",
        "window",
        "window_bonus",
        "window_kind",
        "window_seat",
        "winner",
    )

    def __init__(self, header: GameStarted) -> None:
        self.header = header
        self.rules: Rules = header.rules
        self.players = header.players
        self.n = len(header.players)
        self.decks = self.rules.deck_count(self.n)
        self.hand_size = self.rules.cards_dealt(self.n)
        self.applied = 1
        """How many events have been applied (the header included): a count, where a
        session's `events` is the list."""
        self.phase: Phase = "start"
        self.round = 0
        self.first_dealer = -1
        self.dealer = -1
        self.to_move = -1
        self.totals = [0] * self.n
        """Each seat's running total: what that seat scored (in a partnership game too)."""
        self.sides: tuple[int, ...] = ()
        """RULES 8: the side totals the last RoundEnded or GameEnded recorded (none yet,
        or no sides: empty); `variants.partnership.side_totals` reads them."""
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.stock: list[Card] = []
        """The stock, its top card last."""
        self.pile: list[Card] = []
        """The discard pile, spread: its oldest card first, its top card last."""
        self.melds: list[Meld] = []
        """The melds on the table; meld id i is melds[i - 1]."""
        self.owned: set[int] = set()
        """The ids of the melds this state may change in place: a copy shares the others
        with the state it was copied from, and copies one before it grows (`_own`)."""
        self.table_points = [0] * self.n
        self.opened = [False] * self.n
        self.pending: Card | None = None
        """The chosen pile card that the next action must put on the table (RULES 4.1)."""
        self.kept: Card | None = None
        """The top discard taken and kept, which may not be discarded this turn."""
        self.turn_points = 0
        self.turns = [0] * self.n
        """Turns each seat has ended this round (RULES 7, go_out_bonus)."""
        self.long_run = False
        """Whether the mover laid a new run of 7 or more this turn (RULES 7, master_run)."""
        self.drew_stock = False
        self.idle_turns = 0
        """Consecutive turns with no draw from the stock (RULES 5.4, 6b.5)."""
        self.rebuilt = 0
        self.went_out: int | None = None
        self.winner: int | None = None
        self.window: list[int] = []
        """In a window (RULES 7): the seats still to be asked, the one asked now first."""
        self.window_kind: str | None = None
        """`rum`, `play` or `deadwood` while a window is open (see events.WindowOpened)."""
        self.window_seat = -1
        """The seat whose discard, turn or going out opened the window."""
        self.window_bonus = 0
        self.wanted: Table | None = None
        """The `fast.masks.Table` of the melds, once asked for (see `table`), until a meld is
        laid or grows (a log's fold lays many between two questions)."""
        self.gambit: DealersJoker | None = None
        """RULES 8 (dealers_gambit): the dealer's joker this round."""
        self.step = variant_of(self.rules).step
        """The way play turns: 1 clockwise (to the left), -1 counter-clockwise (RULES 8,
        dealers_gambit)."""

    # --- Reading the state -----------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def meld(self, meld_id: int) -> Meld:
        """The meld with this id, or IllegalAction naming the ids there are."""
        if 1 <= meld_id <= len(self.melds):
            return self.melds[meld_id - 1]
        ids = ", ".join(str(m.id) for m in self.melds) or "none yet"
        raise IllegalAction(f"there is no meld {meld_id} on the table (melds: {ids})")

    def pile_depth_of(self, card: Card) -> int:
        """The depth (1 = top) of the highest copy of a card in the pile."""
        for depth in range(1, len(self.pile) + 1):
            if self.pile[-depth] is card:
                return depth
        pile = format_cards(self.pile) or "empty"
        raise IllegalAction(f"{card} is not in the discard pile (pile: {pile})")

    def table(self) -> Table:
        """What the melds take as a lay-off's first card (`fast.masks.Table`), worked out once
        for each state of the table."""
        wanted = self.wanted
        if wanted is None:
            wanted = self.wanted = Table(self.melds, self.rules, self.decks)
        return wanted

    def copy(self) -> State:
        """An independent copy, for search and for 'what if'. Cheap: the melds are shared
        until one of the two states lays off on one (copy on write), the rest is a copy
        of a few short lists."""
        twin = State.__new__(State)
        _copy_slots(self, twin)
        twin.totals = list(self.totals)
        twin.hands = [list(hand) for hand in self.hands]
        twin.stock = list(self.stock)
        twin.pile = list(self.pile)
        twin.melds = list(self.melds)
        self.owned = set()
        twin.owned = set()
        twin.table_points = list(self.table_points)
        twin.opened = list(self.opened)
        twin.turns = list(self.turns)
        twin.window = list(self.window)
        if self.gambit is not None:
            twin.gambit = self.gambit.copy()
        return twin

    def fingerprint(self) -> tuple[object, ...]:
        """Every field that matters, as plain values: two states are the same game
        position exactly when their fingerprints are equal."""
        return (
            self.applied,
            self.phase,
            self.round,
            self.dealer,
            self.to_move,
            tuple(self.totals),
            tuple(tuple(c.ascii for c in hand) for hand in self.hands),
            tuple(c.ascii for c in self.stock),
            tuple(c.ascii for c in self.pile),
            tuple(
                (
                    m.id,
                    m.owner,
                    m.kind,
                    m.start,
                    m.rank,
                    tuple(c.ascii for c in m.cards),
                    tuple(m.placed_by),
                    tuple(m.values),
                    tuple(m.wild or ()),
                )
                for m in self.melds
            ),
            tuple(self.table_points),
            tuple(self.opened),
            self.pending,
            self.kept,
            self.turn_points,
            tuple(self.turns),
            self.long_run,
            self.drew_stock,
            self.idle_turns,
            self.rebuilt,
            self.went_out,
            self.winner,
            tuple(self.window),
            self.window_kind,
            self.window_seat,
            self.window_bonus,
            self.sides,
            None if self.gambit is None else self.gambit.fingerprint(),
        )

    # --- Folding events --------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Move the state on by one event (its step: `fold_steps`)."""
        STEPS[type(event)](self, event)
        self.applied += 1


def _slot_copier() -> Callable[[State, State], None]:
    """A function that sets every slot of one state from another, written out once at
    import (as `dataclasses` writes its methods): a copy for search is made at every
    step of a playout, and plain attribute stores are several times faster than
    `setattr` by name."""
    body = "".join(f"\n    twin.{name} = state.{name}" for name in State.__slots__)
    scope: dict[str, Any] = {}
    exec(f"def copy_slots(state, twin):{body}", scope)
    return scope["copy_slots"]


_copy_slots = _slot_copier()


def fold(events: Iterable[Event]) -> State:
    """The state after a game's events; the first must be its GameStarted header (the
    events trusted, as `apply` trusts them: a log is checked before it is read, see
    `records.audit`).

    The events are a log's (the sequence number of each is its index): a takeback in
    them returns the game to an earlier event, so the fold is that of the line played
    (`line.played_line`), which seat changes and takebacks shape but never enter."""
    events = events if isinstance(events, list) else list(events)
    header = events[0] if events else None
    if not isinstance(header, GameStarted):
        raise ValueError("a game's first event must be game_started")
    state = State(header)
    handlers = STEPS
    last = _last_deal(events)
    try:  # State.apply's work, with the look-up of its handler at once
        for event in islice(events, 1, last):  # rounds over: what outlasts them only
            kind = type(event)
            if kind in _OUTLASTING:
                handlers[kind](state, event)
        for event in islice(events, last, None):
            handlers[type(event)](state, event)
    except NotAStep:  # a takeback or a seat change: fold the line played instead
        from .line import played_line

        return fold(played_line(events).events)
    state.applied = len(events)
    return state


_OUTLASTING = frozenset({DealerDrawn, RoundEnded, GameEnded, TakenBack, SeatChanged})
"""The events whose effect outlasts the next deal: the first dealer, the totals a round
ends with, the game's end; and those that are not steps (`NotAStep`). A deal sets every
other field of the state afresh (`_round_dealt`), so the fold of a log applies the plays
of its last round only, and of the rounds before it what these events record."""


def _last_deal(events: list[Event]) -> int:
    """The index of the last deal in the events (1 when there is none)."""
    for index in range(len(events) - 1, 0, -1):
        if type(events[index]) is RoundDealt:
            return index
    return 1
