"""The game state: a fold over the events of a game.

`fold(events)` builds a State from nothing; `State.apply(event)` moves it on by one
event. Applying trusts the event: checking that events are legal is the engine's work
(`engine.resolve`) and the auditor's (`verify`). The State is mutable for speed, but it
is only ever changed by `apply`, so the same events always give the same state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any, Literal

from .cards import BY_TEXT, JOKER, Card, format_cards
from .errors import IllegalAction
from .events import (
    DealerDrawn,
    Discarded,
    DrawSkipped,
    Event,
    GameEnded,
    GameStarted,
    JokerBlocked,
    LaidOff,
    Melded,
    Passed,
    PileTaken,
    PowerNamed,
    RoundDealt,
    RoundEnded,
    RumCalled,
    SeatChanged,
    SeedRevealed,
    StockDrawn,
    StockRebuilt,
    TakenBack,
    UpcardChosen,
    WindowOpened,
)
from .masks import Table
from .melds import Meld, laid_meld
from .rules import IDLE_ROTATIONS, Rules
from .variants import variant_of
from .variants.dealers_gambit import DealersJoker
from .variants.jokers import faces_of

Phase = Literal["start", "power", "upcard", "draw", "play", "window", "between", "over"]
CARD = BY_TEXT
"""Card notation to Card: the fold reads cards with one dictionary look-up."""


_CARD_OF = CARD.__getitem__


def _cards(texts: Iterable[str]) -> list[Card]:
    return list(map(_CARD_OF, texts))


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
        or no sides: empty); `sides.side_totals` reads them."""
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
        """The `masks.Table` of the melds, once asked for (see `table`), until a meld is
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
        """What the melds take as a lay-off's first card (`masks.Table`), worked out once
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
        """Move the state on by one event."""
        _APPLY[type(event)](self, event)
        self.applied += 1

    # fold_stock_drawn, fold_take, fold_meld, fold_lay_off and fold_discard, `apply`'s
    # steps for the common moves, are called by the audit's glance too (`engine.checks`),
    # with the cards it read to check the move, so they are not read twice. Like every
    # step, they leave `applied` to their caller: `apply` counts the event, and the
    # glance the events it folded.

    def _dealer_drawn(self, event: DealerDrawn) -> None:
        self.first_dealer = event.dealer

    def _round_dealt(self, event: RoundDealt) -> None:
        self.round = event.round
        self.dealer = event.dealer
        self.hands = [_cards(hand) for hand in event.hands]
        self.stock = _cards(reversed(event.stock))
        self.pile = [] if event.upcard is None else [CARD[event.upcard]]
        self.melds = []
        self.owned = set()
        self.wanted = None
        self.table_points = [0] * self.n
        self.opened = [False] * self.n
        self.pending = self.kept = None
        self.turn_points = 0
        self.turns = [0] * self.n
        self.long_run = False
        self.drew_stock = False
        self.idle_turns = 0
        self.rebuilt = 0
        self.went_out = None
        self.window = []
        self.window_kind = None
        self.window_seat = -1
        self.window_bonus = 0
        self.to_move = (event.dealer + self.step) % self.n
        self.phase = "upcard" if event.upcard is None else "draw"
        if variant_of(self.rules).dealers_joker:  # RULES 8: the dealer names a power
            self.gambit = DealersJoker()
            self.to_move = event.dealer
            self.phase = "power"

    def _power_named(self, event: PowerNamed) -> None:
        assert self.gambit is not None
        self.gambit.power = event.power
        self.to_move = (event.seat + self.step) % self.n
        self.phase = "draw" if self.pile else "upcard"

    def _joker_blocked(self, event: JokerBlocked) -> None:
        assert self.gambit is not None
        self.hands[event.seat].remove(JOKER)
        self.gambit.status = "blocked"
        self.gambit.blocked_by = event.seat

    def _upcard_chosen(self, event: UpcardChosen) -> None:
        card = CARD[event.card]
        self.hands[event.seat].remove(card)
        self.pile.append(card)
        self.phase = "draw"

    def fold_stock_drawn(self, event: StockDrawn, card: Card | None = None) -> None:
        """Fold a stock draw; `card`: the one card drawn as read, if it was."""
        if card is not None:  # the common draw (RULES 4.1), its card read: at once
            self.hands[event.seat].append(card)
            self.stock.pop()
        elif len(event.cards) == 1:  # the common draw, its card not read yet
            self.hands[event.seat].append(CARD[event.cards[0]])
            self.stock.pop()
        else:
            hand = self.hands[event.seat]
            stock = self.stock
            for text in event.cards:
                stock.pop()
                hand.append(CARD[text])
        self.drew_stock = True
        self.phase = "play"

    def _stock_rebuilt(self, event: StockRebuilt) -> None:
        self.stock = _cards(reversed(event.stock))
        del self.pile[:-1]
        self.rebuilt = event.count

    def _draw_skipped(self, event: DrawSkipped) -> None:
        self.phase = "play"

    def fold_take(self, event: PileTaken, taken: list[Card] | None = None) -> None:
        """Fold a pile take; `taken`: its cards as read, if they were (a list the state may
        keep)."""
        if taken is None:
            taken = _cards(event.cards)
        del self.pile[-event.depth :]
        if event.split:  # RULES 8 (dealers_gambit): the inside cards leave the game
            assert self.gambit is not None
            self.gambit.out.extend([*_cards(event.split), JOKER])
            self.gambit.status = "used"
        self.hands[event.seat].extend(taken)
        if self.rules.keeps(event.depth):  # RULES 4.1
            self.kept = taken[0]
        else:
            self.pending = taken[0]
        self.phase = "play"

    def unfold_take(self, event: PileTaken) -> None:
        """Undo `fold_take` of a take of cards to use (not kept, no split): the audit's
        glance folds a take before it knows whether the chosen card has a use, and takes
        back one that has none (`engine.checks`)."""
        hand = self.hands[event.seat]
        self.pile.extend(hand[-event.depth :])  # (the take put them last in the hand)
        del hand[-event.depth :]
        self.pending = None
        self.phase = "draw"

    def fold_meld(self, event: Melded, cards: list[Card] | None = None) -> None:
        """Fold a meld; `cards`: its cards as read, if they were (a list the meld may
        keep)."""
        if cards is None:
            cards = _cards(event.cards)
        self._remove(event.seat, cards if self.gambit is None else self._from_hand(cards))
        if event.double:  # RULES 8 (dealers_gambit): the dealer's joker seals the meld
            assert self.gambit is not None
            self.gambit.sealed.add(len(self.melds) + 1)
            self.gambit.on_meld = len(self.melds) + 1
            self.gambit.status = "used"
        wild = None
        if event.jokers:  # RULES 8: the meld holds what each joker stands for
            wild = [card is JOKER for card in cards]
            cards = faces_of(cards, _cards(event.jokers))
        meld = laid_meld(len(self.melds) + 1, event.seat, cards, event.values, cards)
        if meld.kind == "run" and len(cards) >= 7 and self.phase == "play":
            self.long_run = True
        meld.wild = wild
        self.melds.append(meld)
        self.owned.add(meld.id)
        self.wanted = None  # (worked out again when asked for: `table`)
        self._score(event.seat, event.values)

    def fold_lay_off(self, event: LaidOff, cards: list[Card] | None = None) -> None:
        """Fold a lay-off; `cards`: its cards as read, if they were."""
        if cards is None:
            cards = _cards(event.cards)
        self._remove(event.seat, cards if self.gambit is None else self._from_hand(cards))
        meld = self._own(event.meld)
        if event.jokers or meld.wild:  # RULES 8
            _mark_wild(meld, cards, event.end)
            if event.jokers:
                cards = faces_of(cards, _cards(event.jokers))
        self._grow(meld, cards, event.values, event.end, event.seat)
        self.wanted = None
        self._score(event.seat, event.values)

    def _own(self, meld_id: int) -> Meld:
        """The meld with this id, to change in place: first copied if it is shared with
        another state (see `copy`)."""
        meld = self.melds[meld_id - 1]
        if meld_id not in self.owned:
            meld = self.melds[meld_id - 1] = meld.copy()
            self.owned.add(meld_id)
        return meld

    def _grow(
        self, meld: Meld, cards: list[Card], values: Iterable[int], end: str | None, seat: int
    ) -> None:
        count = len(cards)
        meld.takes = None
        if end == "low":
            meld.cards[:0] = cards
            meld.values[:0] = values
            meld.placed_by[:0] = [seat] * count
            meld.start -= count
            if meld.start < 1 and self.rules.around_the_corner:
                meld.start += 13
        else:
            meld.cards.extend(cards)
            meld.values.extend(values)
            meld.placed_by.extend([seat] * count)

    def _from_hand(self, cards: list[Card]) -> list[Card]:
        """The cards of a play that come from the hand: under dealers_gambit a joker in
        a meld is the dealer's joker, laid from beside the pack (RULES 8)."""
        if self.gambit is None or JOKER not in cards:
            return cards
        self.gambit.status = "used"
        return [card for card in cards if card is not JOKER]

    def _remove(self, seat: int, cards: list[Card]) -> None:
        hand = self.hands[seat]
        remove = hand.remove
        for card in cards:
            remove(card)
        pending = self.pending
        if pending is not None and pending in cards:
            self.pending = None
        if not hand and self.window_kind != "deadwood":
            self.phase = "between"  # RULES 5.1: the last card is down, the round is over

    def _score(self, seat: int, values: Iterable[int]) -> None:
        points = sum(values)
        self.table_points[seat] += points
        if self.phase == "play":  # plays in a window are not the mover's turn
            self.turn_points += points

    def _window_opened(self, event: WindowOpened) -> None:
        self.window = list(event.seats)
        self.window_kind = event.kind
        self.window_seat = event.seat
        self.window_bonus = event.bonus
        self.to_move = event.seats[0]
        self.phase = "window"

    def _passed(self, event: Passed) -> None:
        del self.window[0]
        if self.window:
            self.to_move = self.window[0]
        else:
            self._close_window()

    def _rum_called(self, event: RumCalled) -> None:
        card = self.pile.pop()
        meld = self._own(event.meld)
        if meld.wild:  # RULES 8: keep the joker marks in step
            _mark_wild(meld, [card], event.end)
        self._grow(meld, [card], event.values, event.end, event.seat)
        self.wanted = None
        self.table_points[event.seat] += sum(event.values)
        self._close_window()  # RULES 7: the first call takes the card

    def _close_window(self) -> None:
        if self.window_kind == "deadwood":
            self.phase = "between"  # the round is scored next
        else:
            self.to_move = (self.window_seat + self.step) % self.n
            self.phase = "draw"
        self.window = []
        self.window_kind = None

    def fold_discard(self, event: Discarded, card: Card | None = None, at: int = -1) -> None:
        """Fold a discard; `card`: its card as read, if it was, and `at` its place in the
        hand, if it was looked for there."""
        if card is None:
            card = CARD[event.card]
        seat = event.seat
        hand = self.hands[seat]
        if at < 0:
            hand.remove(card)
        else:
            del hand[at]
        self.pile.append(card)
        # the turn ends
        if self.turn_points:
            self.opened[seat] = True
            self.turn_points = 0
        if self.drew_stock:
            self.idle_turns = 0
            self.drew_stock = False
            over = not hand  # RULES 5.1: the round is over at once
        else:
            idle = self.idle_turns = self.idle_turns + 1
            over = not hand or idle >= IDLE_ROTATIONS * self.n  # RULES 5.1, 5.4
        self.turns[seat] += 1
        self.long_run = False
        self.kept = None
        self.to_move = (seat + self.step) % self.n
        self.phase = "between" if over else "draw"

    def _round_ended(self, event: RoundEnded) -> None:
        self.totals = [score.total for score in event.scores]
        self.sides = event.sides or ()
        self.went_out = event.went_out
        self.phase = "between"

    def _game_ended(self, event: GameEnded) -> None:
        self.winner = event.winner
        self.sides = event.sides or self.sides
        self.phase = "over"
        self.to_move = -1


class NotAStep(ValueError):
    """A takeback or a seat change given to `State.apply`: neither is a step of the
    game; the state is the fold of the line played (`fold`, `line.played_line`)."""


def _not_a_step(state: State, event: Event) -> None:
    raise NotAStep(f"{type(event).__name__} is not a step of the state: fold the line played")


def _no_change(state: State, event: Event) -> None:
    """A `seed_revealed` after the game: it proves the deal, and changes nothing."""


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


def _mark_wild(meld: Meld, laid: list[Card], end: str | None) -> None:
    """Keep `Meld.wild` in step with a lay-off (the cards as laid, jokers as JK)."""
    wild = meld.wild if meld.wild is not None else [False] * len(meld.cards)
    flags = [card is JOKER for card in laid]
    if end == "low":
        wild[:0] = flags
    else:
        wild.extend(flags)
    meld.wild = wild


_APPLY: dict[type, Callable[[State, Any], None]] = {
    GameStarted: lambda state, event: None,
    DealerDrawn: State._dealer_drawn,
    RoundDealt: State._round_dealt,
    UpcardChosen: State._upcard_chosen,
    StockDrawn: State.fold_stock_drawn,
    StockRebuilt: State._stock_rebuilt,
    DrawSkipped: State._draw_skipped,
    PileTaken: State.fold_take,
    Melded: State.fold_meld,
    LaidOff: State.fold_lay_off,
    Discarded: State.fold_discard,
    PowerNamed: State._power_named,
    JokerBlocked: State._joker_blocked,
    RoundEnded: State._round_ended,
    GameEnded: State._game_ended,
    WindowOpened: State._window_opened,
    Passed: State._passed,
    RumCalled: State._rum_called,
    TakenBack: _not_a_step,
    SeatChanged: _not_a_step,
    SeedRevealed: _no_change,
}


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
    handlers = _APPLY
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
