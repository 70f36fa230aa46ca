"""The play phase (RULES 4.2, 4.3): new melds and lay-offs from the hand, then the discard
that ends the turn. The same plays are resolved in the windows of RULES 7 (`windows`).

Resolvers here answer only the events of the play itself; what follows it (going out,
a window, the end of the round) is decided in one place, `flow`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from ..actions import (
    Action,
    AnyAction,
    BlockJoker,
    CallRum,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    Pass,
    TakePile,
)
from ..cards import CARDS, JOKER, Card, format_cards
from ..errors import AmbiguousAction, IllegalAction
from ..events import Discarded, Event, LaidOff, Melded
from ..fast.listing import meld_actions
from ..fast.masks import mask_of
from ..holding import has, layoff_order, missing, not_your_window, play_problem, remaining
from ..laid_melds import Meld
from ..melds import End, layoff_end, shape_of
from ..variants import variant_of
from ..variants.jokers import joker_layoff
from ..variants.persian import joker_layoff_end
from .lookahead import Laid, minimum_ok, needs_minimum
from .plays import doubled_actions, layoff_actions
from .uses import chosen_uses
from .values import layoff_of, layoff_values, meld_values, new_meld
from .wild import joker_layoff_event, joker_meld_event

if TYPE_CHECKING:
    from ..state import State


DISCARDS = {card: Discard(card) for card in CARDS}
"""The discard of each card, made once (actions are immutable)."""


def legal(state: State) -> list[AnyAction]:
    """The play phase's moves: right after a take, the uses of the chosen card; else every
    play the rules allow, then every discard."""
    seat = state.to_move
    hand = state.hands[seat]
    if state.pending is not None:
        return list(chosen_uses(state, seat, state.pending, hand))
    return turn_actions(state, seat, hand)


def turn_actions(state: State, seat: int, hand: list[Card]) -> list[AnyAction]:
    """Every play the seat may make in its turn, then every discard it may make."""
    rules = state.rules
    variant = variant_of(state.rules)
    need = needs_minimum(state, seat) if rules.first_meld_min else 0
    checked = rules.final_discard == "required" or state.kept is not None or need
    mask = mask_of(hand)
    melds = meld_actions(state, hand, mask)
    plays: list[AnyAction] = list(melds)
    if variant.has_power and variant.power_problem(state, seat, "double") is None:  # RULES 8
        plays += doubled_actions(melds)
    plays += layoff_actions(state, hand, mask, variant)
    if variant.has_power:  # RULES 8: the block of the dealer's joker
        plays += variant.extra_actions(state, seat)
    if checked:
        plays = [action for action in plays if _allowed(state, seat, action)]
    if need and state.turn_points and state.turn_points < rules.first_meld_min:
        return plays  # RULES 6b.4: no discard before the first plays reach the minimum
    kept = state.kept
    if kept is None:  # (one deck with one joker at most holds no twins to remove)
        twins = state.decks > 1 or rules.jokers_per_deck > 1
        plays += map(DISCARDS.__getitem__, dict.fromkeys(hand) if twins else hand)
    else:
        plays += [
            DISCARDS[card]
            for card in dict.fromkeys(hand)
            if card is not kept or hand.count(card) > 1  # a twin from two decks may go
        ]
    return plays


def _allowed(state: State, seat: int, action: AnyAction) -> bool:
    try:
        resolve_play(state, seat, action)
    except IllegalAction:
        return False
    return True


def resolve(state: State, seat: int, action: Action) -> list[Event]:
    """The events of a move in the play phase."""
    resolver = _PLAYS.get(type(action))
    if resolver is not None:
        return resolver(state, seat, action)
    if isinstance(action, (Pass, CallRum)):
        raise not_your_window(action, "meld, lay off or discard")
    if isinstance(action, (DrawStock, TakePile)):
        raise IllegalAction("you have already drawn this turn: meld, lay off or discard")
    return resolve_play(state, seat, action)


def resolve_play(state: State, seat: int, action: Action) -> list[Event]:
    """The events of a meld, a lay-off, a discard or a variant's move of the seat."""
    resolver = _PLAYS.get(type(action))
    if resolver is None:
        raise IllegalAction(f"{action} is not a move now: meld, lay off or discard")
    return resolver(state, seat, action)


def _block(state: State, seat: int, action: Action) -> list[Event]:
    return variant_of(state.rules).resolve_block(state, seat)


def _meld(state: State, seat: int, action: Any) -> list[Event]:
    rules = state.rules
    hand = state.hands[seat]
    cards = action.cards
    own = variant_of(state.rules).own_checked(state, seat, cards)
    if not has(hand, own):
        raise IllegalAction(missing(hand, own))
    if action.double:  # RULES 8, dealers_gambit
        return _double(state, seat, action, own)
    event: Melded
    values: Sequence[int]
    faces: Sequence[Card]
    if JOKER in cards and not variant_of(rules).joker_sets:  # RULES 8: wild jokers
        event, values, faces = joker_meld_event(state, seat, action)
    else:  # (a set of jokers under persian is a plain shape: meld_shape)
        faces, texts, laid = new_meld(cards, rules, state.decks, action.ace_high)
        event = Melded(seat=seat, meld=len(state.melds) + 1, cards=texts, values=laid)
        values = laid
    _check_play(state, seat, cards, own, values, (None, faces, None, values))
    return [event]


def _lay_off(state: State, seat: int, action: Any) -> list[Event]:
    rules = state.rules
    hand = state.hands[seat]
    pending = state.pending
    variant = variant_of(state.rules)
    cards = action.cards
    own = variant.own_checked(state, seat, cards)
    if not has(hand, own):
        raise IllegalAction(missing(hand, own))
    if action.meld in variant.sealed(state):
        raise IllegalAction(
            f"meld {action.meld} is sealed by the dealer's joker (double, RULES 8): "
            "nothing more may be laid off on it"
        )
    if pending is not None and rules.pile_use == "meld_only":
        raise IllegalAction(
            f"pile_use=meld_only: {pending} from the pile must go into a new meld of 3 or more"
        )
    meld = state.meld(action.meld)
    wild = JOKER in cards and not variant_of(rules).joker_sets  # RULES 8: wild jokers
    values: Sequence[int]
    faces: Sequence[Card]
    try:
        if wild:
            event, values, faces = joker_layoff_event(state, seat, meld, action)
            end = event.end
        elif JOKER in cards:  # RULES 8, persian: a joker on a set of jokers
            joker_layoff_end(meld, cards)
            end = None
            faces = layoff_order(meld, cards, end)
            values = layoff_values(meld, faces, end, rules)
            texts = tuple(card.ascii for card in faces)
            event = LaidOff(seat=seat, meld=meld.id, cards=texts, values=tuple(values), end=end)
        else:
            end, faces, texts, laid = layoff_of(meld, cards, rules, state.decks, action.end)
            event = LaidOff(seat=seat, meld=meld.id, cards=texts, values=laid, end=end)
            values = laid
    except IllegalAction:
        ends = _both_ends(state, meld, action)  # RULES 4.2: cards for both ends
        if ends is None:
            raise
        return _lay_both_ends(state, seat, *ends)
    if state.window_kind == "deadwood":  # RULES 7 opponents_hand: it only leaves the hand
        values = [0] * len(values)
        event = replace(event, values=tuple(values))
    _check_play(state, seat, cards, own, values, (meld, faces, end, values))
    return [event]


def _check_play(
    state: State,
    seat: int,
    cards: Sequence[Card],
    own: Sequence[Card],
    values: Sequence[int],
    laid: Laid,
) -> None:
    """The checks every meld and lay-off passes: the chosen pile card first (RULES
    4.1), a card kept for the discard (5.1, 6b.8), the first meld minimum (6b.4)."""
    pending = state.pending
    if pending is not None and pending not in cards:
        raise IllegalAction(
            f"{pending} taken from the pile must be put on the table first (RULES 4.1): "
            "meld it or lay it off now"
        )
    hand = state.hands[seat]
    need = needs_minimum(state, seat) if state.rules.first_meld_min else 0
    # the cards left are needed only for a card kept for the discard, or the minimum
    rest = remaining(hand, own) if need or state.kept is not None else None
    left = len(hand) - len(own)
    problem = None if state.window_kind == "deadwood" else play_problem(state, left, rest)
    if problem:
        raise IllegalAction(problem)
    points = sum(values)
    if (
        need
        and rest is not None
        and not minimum_ok(state, seat, rest, points, len(own) == len(cards), laid)
    ):
        _refuse_minimum(state, points)


def _refuse_minimum(state: State, points: int) -> None:
    minimum = state.rules.first_meld_min
    raise IllegalAction(
        f"first_meld_min={minimum}: your first plays this round must total {minimum}; "
        f"this play makes {state.turn_points + points} and your other cards cannot "
        "bring it there this turn"
    )


def _double(state: State, seat: int, action: LayMeld, own: Sequence[Card]) -> list[Event]:
    """RULES 8 (dealers_gambit, double): a new meld with the dealer's joker laid on it:
    values doubled, the meld sealed."""
    problem = variant_of(state.rules).power_problem(state, seat, "double")
    if problem:
        raise IllegalAction(f"double: {problem}")
    if JOKER in action.cards:
        raise IllegalAction("double: the dealer's joker goes on the meld, not in it")
    if state.pending is not None and state.pending not in action.cards:
        raise IllegalAction(
            f"{state.pending} taken from the pile must be put on the table first (RULES 4.1)"
        )
    rules = state.rules
    shape = shape_of(action.cards, rules, state.decks, action.ace_high)
    values = [2 * value for value in meld_values(shape.cards, shape.kind, rules)]
    rest = remaining(state.hands[seat], own)
    problem = play_problem(state, len(rest), rest)
    if problem:
        raise IllegalAction(problem)
    points = sum(values)
    if needs_minimum(state, seat) and not minimum_ok(state, seat, rest, points, False):
        _refuse_minimum(state, points)
    return [
        Melded(
            seat=seat,
            meld=len(state.melds) + 1,
            cards=tuple(card.ascii for card in shape.cards),
            values=tuple(values),
            double=True,
        )
    ]


def _discard(state: State, seat: int, action: Any) -> list[Event]:
    """RULES 4.3: the discard that ends the turn."""
    rules = state.rules
    hand = state.hands[seat]
    card: Card = action.card
    if state.pending is not None:
        raise IllegalAction(
            f"{state.pending} taken from the pile must be put on the table before you discard "
            "(RULES 4.1)"
        )
    if card not in hand:
        raise IllegalAction(missing(hand, [card]))
    if card is state.kept and hand.count(card) == 1:
        raise IllegalAction(f"{card} was taken from the pile this turn: discard another card")
    need = needs_minimum(state, seat) if rules.first_meld_min else 0
    if need and state.turn_points:
        raise IllegalAction(
            f"first_meld_min={rules.first_meld_min}: your plays this turn total "
            f"{state.turn_points}; play {need} more points before you discard"
        )
    return [Discarded(seat=seat, card=card.ascii)]


# --- Cards for both ends of a run (RULES 4.2 Decision) ----------------------------------


def _both_ends(state: State, meld: Meld, action: LayOff) -> tuple[LayOff, LayOff] | None:
    """The cards of one lay-off given for both ends of a run, as the lay-off at its low
    end and the one at its high end; None when the cards do not split so.
    AmbiguousAction when they split in more than one way (unnamed jokers)."""
    cards = action.cards
    if meld.kind != "run" or action.end is not None or len(cards) < 2:
        return None
    if JOKER in cards and variant_of(state.rules).joker_sets:
        return None  # RULES 8, persian: a joker never goes on a run
    if any(card.suit is not meld.suit for card in cards if card is not JOKER):
        return None
    named = iter(action.jokers)
    items = [(card, next(named, None) if card is JOKER else None) for card in cards]
    splits: dict[tuple[object, ...], tuple[LayOff, LayOff]] = {}
    for mask in range(1, 2 ** len(items) - 1):
        low = [item for i, item in enumerate(items) if mask >> i & 1]
        high = [item for i, item in enumerate(items) if not mask >> i & 1]
        faces = _end_faces(state, meld, low, "low")
        if faces is None or _end_faces(state, meld.grown(faces, "low"), high, "high") is None:
            continue
        key = tuple(sorted((c.code, n.code if n else -1) for c, n in low))
        splits[key] = (_part(low, meld.id, "low"), _part(high, meld.id, "high"))
    if len(splits) > 1:
        ways = "; or ".join(f"{low}, then {high}" for low, high in list(splits.values())[:2])
        raise AmbiguousAction(
            f"{format_cards(cards)} can be split between the ends of {meld} in more than one "
            f"way: name the jokers' cards, or lay each end by itself ({ways})"
        )
    return next(iter(splits.values()), None)


def _end_faces(
    state: State, meld: Meld, items: list[tuple[Card, Card | None]], end: End
) -> list[Card] | None:
    """The cards as they would lie at one end of a run (jokers as the cards they stand
    for), or None when they do not continue it there."""
    cards = [card for card, _ in items]
    try:
        if JOKER in cards:
            named = [meaning for card, meaning in items if card is JOKER]
            _, slots = joker_layoff(meld, cards, named, state.rules, state.decks, end, str)
            return [face for face, _ in slots]
        layoff_end(meld, cards, state.rules, state.decks, end)
    except IllegalAction:
        return None
    return layoff_order(meld, cards, end)


def _part(items: list[tuple[Card, Card | None]], meld: int, end: End) -> LayOff:
    """One end's lay-off of a lay-off split between the ends of a run."""
    named = [meaning for card, meaning in items if card is JOKER]
    while named and named[-1] is None:
        named.pop()
    return LayOff(tuple(card for card, _ in items), meld, end, tuple(named))


def _lay_both_ends(state: State, seat: int, low: LayOff, high: LayOff) -> list[Event]:
    """A lay-off at both ends of a run is the low end's lay-off, then the high end's,
    each checked as a play of its own and recorded as one."""
    pending = state.pending
    if pending is not None and pending not in low.cards:
        raise IllegalAction(
            f"{pending} taken from the pile must be put on the table first (RULES 4.1), and "
            f"cards for both ends of a run are laid low end first: {high}, then {low}"
        )
    laid = _lay_off(state, seat, low)
    after = state.copy()
    after.apply(laid[0])
    return [*laid, *_lay_off(after, seat, high)]


_PLAYS: dict[type, Callable[[State, int, Any], list[Event]]] = {
    Discard: _discard,
    LayMeld: _meld,
    LayOff: _lay_off,
    BlockJoker: _block,
}
"""The resolver of each move of the play phase (and of the windows' plays)."""
