"""The steps of the fold: what each event does to a `State` (`State.apply` looks up
the step of the event's type in `STEPS`).

A step trusts its event, as `apply` does, and leaves counting the events
(`State.applied`) to its caller. The steps of the common moves, `fold_stock_drawn`,
`fold_take`, `fold_meld`, `fold_lay_off` and `fold_discard`, are also the state's one
fast entry: each takes, besides the event, the cards it names as already read (and
`fold_discard` the card's place in the hand), so that the audit's glance
(`records.glance`), which reads them to check the move, folds it without reading them
twice. Given the cards or not, a step does the same to the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .cards import BY_TEXT, JOKER, Card
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
from .laid_melds import Meld, laid_meld
from .rules import IDLE_ROTATIONS
from .variants import variant_of
from .variants.dealers_gambit import DealersJoker
from .variants.jokers import faces_of

if TYPE_CHECKING:
    from .state import State

CARD = BY_TEXT
_CARD_OF = CARD.__getitem__


def _cards(texts: Iterable[str]) -> list[Card]:
    return list(map(_CARD_OF, texts))


def _dealer_drawn(state: State, event: DealerDrawn) -> None:
    state.first_dealer = event.dealer


def _round_dealt(state: State, event: RoundDealt) -> None:
    state.round = event.round
    state.dealer = event.dealer
    state.hands = [_cards(hand) for hand in event.hands]
    state.stock = _cards(reversed(event.stock))
    state.pile = [] if event.upcard is None else [CARD[event.upcard]]
    state.melds = []
    state.owned = set()
    state.wanted = None
    state.table_points = [0] * state.n
    state.opened = [False] * state.n
    state.pending = state.kept = None
    state.turn_points = 0
    state.turns = [0] * state.n
    state.long_run = False
    state.drew_stock = False
    state.idle_turns = 0
    state.rebuilt = 0
    state.went_out = None
    state.window = []
    state.window_kind = None
    state.window_seat = -1
    state.window_bonus = 0
    state.to_move = (event.dealer + state.step) % state.n
    state.phase = "upcard" if event.upcard is None else "draw"
    if variant_of(state.rules).dealers_joker:  # RULES 8: the dealer names a power
        state.gambit = DealersJoker()
        state.to_move = event.dealer
        state.phase = "power"


def _power_named(state: State, event: PowerNamed) -> None:
    assert state.gambit is not None
    state.gambit.power = event.power
    state.to_move = (event.seat + state.step) % state.n
    state.phase = "draw" if state.pile else "upcard"


def _joker_blocked(state: State, event: JokerBlocked) -> None:
    assert state.gambit is not None
    state.hands[event.seat].remove(JOKER)
    state.gambit.status = "blocked"
    state.gambit.blocked_by = event.seat


def _upcard_chosen(state: State, event: UpcardChosen) -> None:
    card = CARD[event.card]
    state.hands[event.seat].remove(card)
    state.pile.append(card)
    state.phase = "draw"


def fold_stock_drawn(state: State, event: StockDrawn, card: Card | None = None) -> None:
    """Fold a stock draw; `card`: the one card drawn as read, if it was."""
    if card is not None:  # the common draw (RULES 4.1), its card read: at once
        state.hands[event.seat].append(card)
        state.stock.pop()
    elif len(event.cards) == 1:  # the common draw, its card not read yet
        state.hands[event.seat].append(CARD[event.cards[0]])
        state.stock.pop()
    else:
        hand = state.hands[event.seat]
        stock = state.stock
        for text in event.cards:
            stock.pop()
            hand.append(CARD[text])
    state.drew_stock = True
    state.phase = "play"


def _stock_rebuilt(state: State, event: StockRebuilt) -> None:
    state.stock = _cards(reversed(event.stock))
    del state.pile[:-1]
    state.rebuilt = event.count


def _draw_skipped(state: State, event: DrawSkipped) -> None:
    state.phase = "play"


def fold_take(state: State, event: PileTaken, taken: list[Card] | None = None) -> None:
    """Fold a pile take; `taken`: its cards as read, if they were (a list the state may
    keep)."""
    if taken is None:
        taken = _cards(event.cards)
    del state.pile[-event.depth :]
    if event.split:  # RULES 8 (dealers_gambit): the inside cards leave the game
        assert state.gambit is not None
        state.gambit.out.extend([*_cards(event.split), JOKER])
        state.gambit.status = "used"
    state.hands[event.seat].extend(taken)
    if state.rules.keeps(event.depth):  # RULES 4.1
        state.kept = taken[0]
    else:
        state.pending = taken[0]
    state.phase = "play"


def fold_meld(state: State, event: Melded, cards: list[Card] | None = None) -> None:
    """Fold a meld; `cards`: its cards as read, if they were (a list the meld may
    keep)."""
    if cards is None:
        cards = _cards(event.cards)
    _remove(state, event.seat, cards if state.gambit is None else _from_hand(state, cards))
    if event.double:  # RULES 8 (dealers_gambit): the dealer's joker seals the meld
        assert state.gambit is not None
        state.gambit.sealed.add(len(state.melds) + 1)
        state.gambit.on_meld = len(state.melds) + 1
        state.gambit.status = "used"
    wild = None
    if event.jokers:  # RULES 8: the meld holds what each joker stands for
        wild = [card is JOKER for card in cards]
        cards = faces_of(cards, _cards(event.jokers))
    meld = laid_meld(len(state.melds) + 1, event.seat, cards, event.values, cards)
    if meld.kind == "run" and len(cards) >= 7 and state.phase == "play":
        state.long_run = True
    meld.wild = wild
    state.melds.append(meld)
    state.owned.add(meld.id)
    state.wanted = None  # (worked out again when asked for: `table`)
    _score(state, event.seat, event.values)


def fold_lay_off(state: State, event: LaidOff, cards: list[Card] | None = None) -> None:
    """Fold a lay-off; `cards`: its cards as read, if they were."""
    if cards is None:
        cards = _cards(event.cards)
    _remove(state, event.seat, cards if state.gambit is None else _from_hand(state, cards))
    meld = _own(state, event.meld)
    if event.jokers or meld.wild:  # RULES 8
        _mark_wild(meld, cards, event.end)
        if event.jokers:
            cards = faces_of(cards, _cards(event.jokers))
    _grow(state, meld, cards, event.values, event.end, event.seat)
    state.wanted = None
    _score(state, event.seat, event.values)


def _own(state: State, meld_id: int) -> Meld:
    """The meld with this id, to change in place: first copied if it is shared with
    another state (see `copy`)."""
    meld = state.melds[meld_id - 1]
    if meld_id not in state.owned:
        meld = state.melds[meld_id - 1] = meld.copy()
        state.owned.add(meld_id)
    return meld


def _grow(
    state: State, meld: Meld, cards: list[Card], values: Iterable[int], end: str | None, seat: int
) -> None:
    count = len(cards)
    meld.takes = None
    if end == "low":
        meld.cards[:0] = cards
        meld.values[:0] = values
        meld.placed_by[:0] = [seat] * count
        meld.start -= count
        if meld.start < 1 and state.rules.around_the_corner:
            meld.start += 13
    else:
        meld.cards.extend(cards)
        meld.values.extend(values)
        meld.placed_by.extend([seat] * count)


def _from_hand(state: State, cards: list[Card]) -> list[Card]:
    """The cards of a play that come from the hand: under dealers_gambit a joker in
    a meld is the dealer's joker, laid from beside the pack (RULES 8)."""
    if state.gambit is None or JOKER not in cards:
        return cards
    state.gambit.status = "used"
    return [card for card in cards if card is not JOKER]


def _remove(state: State, seat: int, cards: list[Card]) -> None:
    hand = state.hands[seat]
    remove = hand.remove
    for card in cards:
        remove(card)
    pending = state.pending
    if pending is not None and pending in cards:
        state.pending = None
    if not hand and state.window_kind != "deadwood":
        state.phase = "between"  # RULES 5.1: the last card is down, the round is over


def _score(state: State, seat: int, values: Iterable[int]) -> None:
    points = sum(values)
    state.table_points[seat] += points
    if state.phase == "play":  # plays in a window are not the mover's turn
        state.turn_points += points


def _window_opened(state: State, event: WindowOpened) -> None:
    state.window = list(event.seats)
    state.window_kind = event.kind
    state.window_seat = event.seat
    state.window_bonus = event.bonus
    state.to_move = event.seats[0]
    state.phase = "window"


def _passed(state: State, event: Passed) -> None:
    del state.window[0]
    if state.window:
        state.to_move = state.window[0]
    else:
        _close_window(state)


def _rum_called(state: State, event: RumCalled) -> None:
    card = state.pile.pop()
    meld = _own(state, event.meld)
    if meld.wild:  # RULES 8: keep the joker marks in step
        _mark_wild(meld, [card], event.end)
    _grow(state, meld, [card], event.values, event.end, event.seat)
    state.wanted = None
    state.table_points[event.seat] += sum(event.values)
    _close_window(state)  # RULES 7: the first call takes the card


def _close_window(state: State) -> None:
    if state.window_kind == "deadwood":
        state.phase = "between"  # the round is scored next
    else:
        state.to_move = (state.window_seat + state.step) % state.n
        state.phase = "draw"
    state.window = []
    state.window_kind = None


def fold_discard(state: State, event: Discarded, card: Card | None = None, at: int = -1) -> None:
    """Fold a discard; `card`: its card as read, if it was, and `at` its place in the
    hand, if it was looked for there."""
    if card is None:
        card = CARD[event.card]
    seat = event.seat
    hand = state.hands[seat]
    if at < 0:
        hand.remove(card)
    else:
        del hand[at]
    state.pile.append(card)
    # the turn ends
    if state.turn_points:
        state.opened[seat] = True
        state.turn_points = 0
    if state.drew_stock:
        state.idle_turns = 0
        state.drew_stock = False
        over = not hand  # RULES 5.1: the round is over at once
    else:
        idle = state.idle_turns = state.idle_turns + 1
        over = not hand or idle >= IDLE_ROTATIONS * state.n  # RULES 5.1, 5.4
    state.turns[seat] += 1
    state.long_run = False
    state.kept = None
    state.to_move = (seat + state.step) % state.n
    state.phase = "between" if over else "draw"


def _round_ended(state: State, event: RoundEnded) -> None:
    state.totals = [score.total for score in event.scores]
    state.sides = event.sides or ()
    state.went_out = event.went_out
    state.phase = "between"


def _game_ended(state: State, event: GameEnded) -> None:
    state.winner = event.winner
    state.sides = event.sides or state.sides
    state.phase = "over"
    state.to_move = -1


class NotAStep(ValueError):
    """A takeback or a seat change given to `State.apply`: neither is a step of the
    game; the state is the fold of the line played (`fold`, `line.played_line`)."""


def _not_a_step(state: State, event: Event) -> None:
    raise NotAStep(f"{type(event).__name__} is not a step of the state: fold the line played")


def _no_change(state: State, event: Event) -> None:
    """A `seed_revealed` after the game: it proves the deal, and changes nothing."""


def _mark_wild(meld: Meld, laid: list[Card], end: str | None) -> None:
    """Keep `Meld.wild` in step with a lay-off (the cards as laid, jokers as JK)."""
    wild = meld.wild if meld.wild is not None else [False] * len(meld.cards)
    flags = [card is JOKER for card in laid]
    if end == "low":
        wild[:0] = flags
    else:
        wild.extend(flags)
    meld.wild = wild


STEPS: dict[type, Callable[[State, Any], None]] = {
    GameStarted: lambda state, event: None,
    DealerDrawn: _dealer_drawn,
    RoundDealt: _round_dealt,
    UpcardChosen: _upcard_chosen,
    StockDrawn: fold_stock_drawn,
    StockRebuilt: _stock_rebuilt,
    DrawSkipped: _draw_skipped,
    PileTaken: fold_take,
    Melded: fold_meld,
    LaidOff: fold_lay_off,
    Discarded: fold_discard,
    PowerNamed: _power_named,
    JokerBlocked: _joker_blocked,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
    WindowOpened: _window_opened,
    Passed: _passed,
    RumCalled: _rum_called,
    TakenBack: _not_a_step,
    SeatChanged: _not_a_step,
    SeedRevealed: _no_change,
}
