"""The draw phase (RULES 4.1): draw from the stock, or take a pile card with every card
above it, the chosen one to be used at once (`uses`); and a draw from an empty stock
(RULES 5.2, 6b.6, 6b.10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import (
    Action,
    AnyAction,
    CallRum,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    Pass,
    TakePile,
)
from ..cards import JOKER, Card
from ..deal import rebuilt_stock
from ..errors import IllegalAction
from ..events import DrawSkipped, Event, PileTaken, StockDrawn, StockRebuilt
from ..fast.masks import mask_of
from ..fast.uses import has_use, plain_depths, use_check
from ..holding import not_your_window
from ..variants import variant_of
from .lookahead import needs_minimum
from .uses import chosen_uses

if TYPE_CHECKING:
    from ..state import State

DRAW = DrawStock()
TAKES = [TakePile(depth) for depth in range(2 * 56 + 1)]
"""The draw phase's actions, made once (actions are immutable): TAKES[depth] takes from
that depth of the pile, which never holds more cards than two decks with jokers."""
REBUILDS = 3
"""RULES 5.4: under stock_out=reshuffle the stock is rebuilt at most this many times in a
round; the next stock-out ends it."""


def legal(state: State) -> list[AnyAction]:
    """The draw phase's moves: the stock, each usable pile depth, each split take."""
    actions: list[AnyAction] = [DRAW]
    actions += map(TAKES.__getitem__, usable_depths(state))
    if variant_of(state.rules).has_power:  # RULES 8, dealers_gambit
        actions.extend(split_takes(state))
    return actions


def resolve(state: State, seat: int, action: Action) -> list[Event]:
    """The events of a draw; [] for a draw from a stock that is out (the round ends)."""
    if isinstance(action, DrawStock):
        return _draw(state, seat)
    if isinstance(action, TakePile):
        return _take(state, seat, action)
    if isinstance(action, (Pass, CallRum)):
        raise not_your_window(action, "draw or take from the pile")
    verb = {LayMeld: "melding", LayOff: "laying off", Discard: "discarding"}.get(
        type(action), str(action)
    )
    raise IllegalAction(
        f"{verb} before drawing: draw from the stock (draw) or take from the pile (take N)"
    )


def usable_depths(state: State) -> list[int]:
    """RULES 4.1: the pile depths the player to move may take from."""
    rules = state.rules
    pile = state.pile
    if not pile:
        return []
    if rules.top_discard == "only":
        return [1]
    seat = state.to_move
    hand = state.hands[seat]
    plain = rules.final_discard == "optional" and not (
        rules.first_meld_min and needs_minimum(state, seat)
    )
    mask = mask_of(hand)
    # RULES 8: with a joker held or taken, or the dealer's joker, the exact slow path
    gambit = variant_of(rules).dealers_joker
    wild = JOKER in hand or gambit
    twins = rules.set_duplicate_suits  # has_use counts the copies of the cards taken
    keep = rules.top_discard == "keep"  # the top card may be kept
    if plain and not wild and not twins and JOKER not in pile:
        return plain_depths(state, pile, mask, keep)
    usable_plainly = use_check(state) if plain else None
    depths = [1] if keep else []
    for depth, chosen in enumerate(reversed(pile), 1):
        if chosen.rank:
            mask |= chosen.bit
        else:
            wild = True
        if depth == 1 and depths:
            continue
        taken = pile[-depth:] if twins else ()
        if usable_plainly is not None and not wild:
            usable = usable_plainly(chosen, mask, hand, taken)
        elif (
            usable_plainly is not None
            and chosen.rank
            and not gambit
            and usable_plainly(chosen, mask, hand, taken)
        ):
            usable = True  # natural cards alone use it: a use with jokers about too
        else:
            cards = hand + pile[-depth:]
            usable = next(chosen_uses(state, seat, chosen, cards), None) is not None
        if usable:
            depths.append(depth)
    return depths


def _take_usable(state: State, seat: int, depth: int) -> bool:
    """RULES 4.1: whether the chosen card at this depth could be used at once."""
    taken = state.pile[-depth:]
    chosen = taken[0]
    hand = state.hands[seat]
    gambit = variant_of(state.rules).dealers_joker
    wild = JOKER in hand or JOKER in taken or gambit
    if state.rules.final_discard == "optional" and not needs_minimum(state, seat):
        if not wild:
            return has_use(state, chosen, mask_of(hand) | mask_of(taken), hand, taken)
        if (
            chosen.rank
            and not gambit
            and has_use(state, chosen, mask_of(hand) | mask_of(taken), hand, taken)
        ):
            return True  # natural cards alone use it: a use with jokers about too
    return next(chosen_uses(state, seat, chosen, hand + taken), None) is not None


def _draw(state: State, seat: int) -> list[Event]:
    rules = state.rules
    stock = state.stock
    if stock:
        if rules.stock_draw == 1:
            return [StockDrawn(seat=seat, cards=(stock[-1].ascii,))]
        count = min(rules.stock_draw, len(stock))  # RULES 6b.10
        return [StockDrawn(seat=seat, cards=tuple(card.ascii for card in stock[-count:][::-1]))]
    # RULES 5.2: the stock is empty and the player will not (or cannot) take from the pile.
    if rules.stock_out == "discard_only":
        return [DrawSkipped(seat=seat)]
    if rules.stock_out == "reshuffle" and state.rebuilt < REBUILDS and len(state.pile) >= 2:
        count = state.rebuilt + 1
        fresh = rebuilt_stock(state.pile[:-1], state.header.seed, state.round, count)  # 6b.6
        drawn = fresh[: min(rules.stock_draw, len(fresh))]
        return [
            StockRebuilt(seat=seat, count=count, stock=tuple(card.ascii for card in fresh)),
            StockDrawn(seat=seat, cards=tuple(card.ascii for card in drawn)),
        ]
    return []  # the stock is out: what follows is the end of the round (`flow`)


def _take(state: State, seat: int, action: TakePile) -> list[Event]:
    rules = state.rules
    pile = state.pile
    depth = action.depth
    if not pile:
        raise IllegalAction("the discard pile is empty: draw from the stock")
    if not 1 <= depth <= len(pile):
        size = f"{len(pile)} card" if len(pile) == 1 else f"{len(pile)} cards"
        where = "take 1" if len(pile) == 1 else f"take 1 to {len(pile)}"
        raise IllegalAction(f"take {depth}: the pile has {size}; {where}")
    if rules.top_discard == "only" and depth != 1:
        raise IllegalAction("top_discard=only: only the top card of the pile may be taken (take 1)")
    chosen = pile[-depth]
    if action.split:  # RULES 8, dealers_gambit
        return _take_split(state, seat, action)
    if not rules.keeps(depth) and not _take_usable(state, seat, depth):
        usable = [d for d in usable_depths(state) if d != depth]
        hint = f"usable now: take {', '.join(map(str, usable))}" if usable else "draw instead"
        how = "meld" if rules.pile_use == "meld_only" else "meld or lay off"
        taken = pile[-depth:]
        hand = state.hands[seat]
        held = mask_of(hand + taken)
        wild = JOKER in hand or JOKER in taken or variant_of(rules).dealers_joker
        if wild and next(chosen_uses(state, seat, chosen, hand + taken, True), None):
            raise IllegalAction(f"take {depth}: {_limit_reason(state, seat, chosen)}; {hint}")
        if not wild and has_use(state, chosen, held, hand, taken):
            raise IllegalAction(f"take {depth}: {_limit_reason(state, seat, chosen)}; {hint}")
        raise IllegalAction(
            f"take {depth}: you could not {how} {chosen} at once with your cards, and the "
            f"chosen card must be used this turn (RULES 4.1); {hint}"
        )
    cards = tuple(card.ascii for card in pile[-depth:])
    return [PileTaken(seat=seat, depth=depth, cards=cards)]


def _limit_reason(state: State, seat: int, chosen: Card) -> str:
    """Why a pile card that could go on the table may not be taken: a rule bounds it."""
    rules = state.rules
    if needs_minimum(state, seat):
        return (
            f"first_meld_min={rules.first_meld_min}: no use of {chosen} would let your "
            f"first plays this round reach {rules.first_meld_min}"
        )
    return f"final_discard=required: every use of {chosen} would empty your hand"


# --- Split takes (RULES 8, dealers_gambit: the dealer's joker with power split) ----------


def _split_parts(pile: list[Card], depth: int, split: int) -> tuple[list[Card], list[Card]]:
    """A split take: (the chosen card and the cards outside the split, inside cards)."""
    taken = pile[-depth:]
    return [taken[0], *taken[1 + split :]], taken[1 : 1 + split]


def split_takes(state: State) -> list[AnyAction]:
    """Every split take the player to move may make now."""
    seat = state.to_move
    if variant_of(state.rules).power_problem(state, seat, "split") is not None:
        return []
    if state.rules.top_discard == "only":
        return []
    pile, hand = state.pile, state.hands[seat]
    out: list[AnyAction] = []
    for depth in range(2, len(pile) + 1):
        for split in range(1, depth):
            held, _inside = _split_parts(pile, depth, split)
            if next(chosen_uses(state, seat, held[0], hand + held), None) is not None:
                out.append(TakePile(depth, split))
    return out


def _take_split(state: State, seat: int, action: TakePile) -> list[Event]:
    depth, split = action.depth, action.split
    problem = variant_of(state.rules).power_problem(state, seat, "split")
    if problem:
        raise IllegalAction(f"split: {problem}")
    if not 1 <= split < depth or state.rules.top_discard == "only":
        raise IllegalAction(
            f"take {depth} split {split}: the split leaves 1 to {depth - 1} of the "
            "cards above the chosen one out of the game"
        )
    held, inside = _split_parts(state.pile, depth, split)
    chosen = state.pile[-depth]
    if next(chosen_uses(state, seat, chosen, state.hands[seat] + held), None) is None:
        raise IllegalAction(
            f"take {depth} split {split}: you could not use {chosen} at once with "
            "your cards and the cards outside the split (RULES 4.1)"
        )
    return [
        PileTaken(
            seat=seat,
            depth=depth,
            cards=tuple(card.ascii for card in held),
            split=tuple(card.ascii for card in inside),
        )
    ]
