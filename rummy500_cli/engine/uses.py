"""RULES 4.1: the chosen pile card must be put on the table at once, so a take is legal
only when some meld or lay-off would use it. `chosen_uses` lists those plays under the
rules that bound a play; `fits_somewhere` is its fast form where no rule bounds them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from ..actions import LayMeld, LayOff
from ..cards import JOKER, Card
from ..holding import play_problem, remaining, table_after
from ..masks import ACES, LANE, RANKS, SPREAD, lane, layoffs_onto, mask_of, run_through, suit_runs
from ..melds import Meld, rank_at, sets_in
from ..variants import variant_of
from .lookahead import needs_minimum, reachable
from .plays import meld_layoffs, play_value, run_melds, set_melds
from .values import layoff_values, meld_values
from .wild import joker_play_points, wild_plays

if TYPE_CHECKING:
    from ..state import State

Use = tuple[LayMeld | LayOff, Sequence[Card], int, "Meld | None", Sequence[Card]]
"""A play that would use the chosen card: (action, cards from the hand, points, the meld
laid on or None, the cards as they count)."""


def chosen_uses(
    state: State, seat: int, chosen: Card, hand: list[Card], unbounded: bool = False
) -> Iterator[LayMeld | LayOff]:
    """RULES 4.1: the melds and lay-offs that would put the chosen pile card on the table
    with the cards held, under the rules that bound a play (none when `unbounded`)."""
    variant = variant_of(state.rules)
    rules = state.rules
    if (
        not variant.joker_plays
        and not rules.first_meld_min
        and rules.final_discard == "optional"
        and not rules.set_duplicate_suits
    ):
        return iter(_plain_uses(state, chosen, hand))  # no rule bounds a play: list them
    return _bounded_uses(state, seat, chosen, hand, unbounded)


def _plain_uses(state: State, chosen: Card, hand: list[Card]) -> list[LayMeld | LayOff]:
    """`chosen_uses` where no rule bounds a play and no joker plays (in the same order):
    the sets, the runs, then the lay-offs holding the chosen card."""
    held = mask_of(hand)
    rules = state.rules
    uses: list[LayMeld | LayOff] = [
        action for action in set_melds(held, chosen.rank) if chosen in action.cards
    ]
    suit = chosen.suit_no
    uses += [
        action for action in run_melds(suit, lane(held, suit), rules) if chosen in action.cards
    ]
    if rules.pile_use == "meld_or_layoff":
        decks = state.decks
        for meld, wanted in zip(state.melds, state.table().takes, strict=True):
            if held & wanted:
                uses += [
                    action
                    for action in meld_layoffs(meld, hand, held, rules, decks)
                    if chosen in action.cards
                ]
    return uses


def _bounded_uses(
    state: State, seat: int, chosen: Card, hand: list[Card], unbounded: bool
) -> Iterator[LayMeld | LayOff]:
    """`chosen_uses` under the rules that bound a play, or with jokers: each candidate
    play is checked as it is found (a caller asking for the first use stops there)."""
    variant = variant_of(state.rules)
    if not variant.usable_from_pile(chosen):
        return
    size = len(hand)
    need = 0 if unbounded else needs_minimum(state, seat)
    for use, own, points, on, faces in _candidates(state, seat, chosen, hand, need):
        if not unbounded and play_problem(state, size - len(own), None) is not None:
            continue
        if need and points < need:
            rest = remaining(hand, own)
            melds = state.melds  # a doubled meld is sealed: nothing is laid off on it
            if not getattr(use, "double", False):
                end = use.end if isinstance(use, LayOff) else None
                melds = table_after(melds, seat, faces, [0] * len(faces), on, end)
            power = not variant.spends_power(use)
            if not rest or not reachable(state, rest, melds, need - points, power):
                continue
        yield use


def _candidates(
    state: State, seat: int, chosen: Card, hand: list[Card], need: int
) -> Iterator[Use]:
    """The plays that would put the chosen card on the table, in order: sets, runs,
    lay-offs, then the plays of jokers (RULES 8); their points only where `need`."""
    variant = variant_of(state.rules)
    rules = state.rules
    double = variant.has_power and variant.power_problem(state, seat, "double") is None
    held = mask_of(hand)
    if rules.set_duplicate_suits:
        same_rank = [card for card in hand if card.rank == chosen.rank]
        sets = tuple(LayMeld(cards) for cards in sets_in(same_rank, rules, state.decks))
    else:
        sets = set_melds(held, chosen.rank)
    for action in sets:
        cards = action.cards
        if chosen in cards:
            points = sum(meld_values(cards, "set", rules)) if need else 0
            yield action, cards, points, None, cards
            if double:
                yield LayMeld(cards, double=True), cards, 2 * points, None, cards
    suit, mask = chosen.suit_no, lane(held, chosen.suit_no)
    for (_start, cards), action in zip(
        suit_runs(suit, mask, rules), run_melds(suit, mask, rules), strict=True
    ):
        if chosen in cards:
            points = sum(meld_values(cards, "run", rules)) if need else 0
            yield action, cards, points, None, cards
            if double:
                yield LayMeld(cards, action.ace_high, double=True), cards, 2 * points, None, cards
    sealed = variant.sealed(state)
    layoffs = rules.pile_use == "meld_or_layoff"
    if layoffs and chosen.bit:  # (a joker has no bit: it is in no plain lay-off)
        for meld, wanted in zip(state.melds, state.table().takes, strict=True):
            if not held & wanted or meld.id in sealed:
                continue
            for cards, end in layoffs_onto(meld, hand, held, rules, state.decks):
                if chosen in cards:
                    points = sum(layoff_values(meld, cards, end, rules)) if need else 0
                    yield LayOff(cards, meld.id, end), cards, points, meld, cards
    if chosen is JOKER and variant.joker_plays:  # RULES 8, persian: sets of jokers
        for play in variant.set_actions(state, hand, state.melds):
            if isinstance(play, LayOff) and not layoffs:
                continue
            points = play_value(state, play) if need else 0
            on = state.melds[play.meld - 1] if isinstance(play, LayOff) else None
            yield play, play.cards, points, on, play.cards
    if variant.joker_plays and variant.wild_hand(state, hand) is not None:  # RULES 8
        near = hand
        if chosen is not JOKER:  # only cards of its rank or suit can share a play with it
            near = [c for c in hand if c is JOKER or c.rank == chosen.rank or c.suit is chosen.suit]
        for wild in wild_plays(state, near, state.melds):
            if chosen not in wild.action.cards or (wild.meld is not None and not layoffs):
                continue
            points = joker_play_points(state, wild.action, state.melds) if need else 0
            own = variant.own(state, wild.action.cards)
            yield wild.action, own, points, wild.meld, wild.faces


UseCheck = Callable[[Card, int, Sequence[Card], Sequence[Card]], bool]


def has_use(
    state: State, chosen: Card, held: int, hand: Sequence[Card], taken: Sequence[Card]
) -> bool:
    """Whether the chosen card (not a joker) could go on the table at once with the hand
    and the cards taken (`held`: their `masks.mask_of`), in a new meld or on a meld of the
    table: the fast form of `chosen_uses` when no rule bounds a play and no joker takes
    part. The table is read only when the hand and the cards taken make no meld with it
    (the audit asks this at every pile take, often just after a meld changed the table)."""
    rules = state.rules
    rank, suit = chosen.rank, chosen.suit_no
    if rules.set_duplicate_suits:
        copies = sum(1 for card in hand if card.rank == rank)
        copies += sum(1 for card in taken if card.rank == rank)
        if copies >= 3:
            return True
    elif (held >> rank & SPREAD).bit_count() >= 3:
        return True
    if run_through(held, suit, rank, rules):
        return True
    if rules.pile_use != "meld_or_layoff":
        return False
    wants = state.table().wants
    if wants & chosen.bit:
        return True  # a set takes it, or it is next to an end of a run
    shift = LANE * suit
    in_suit = held >> shift & RANKS
    if not in_suit & wants >> shift:
        return False  # no card next to an end of a run of its suit held
    return _beyond_an_end(state.melds, chosen, in_suit, rules.around_the_corner)


def use_check(state: State) -> UseCheck:
    """`has_use` for one state (it runs for every pile depth at every draw)."""
    return partial(has_use, state)


def _beyond_an_end(melds: Sequence[Meld], chosen: Card, in_suit: int, around: bool) -> bool:
    """Whether a run on the table reaches the chosen card through held cards of its suit
    (`in_suit`: their ranks) next to one of its ends: a lay-off of a block."""
    rank, suit = chosen.rank, chosen.suit_no
    for meld in melds:
        if meld.kind == "set" or meld.cards[0].suit_no != suit:
            continue
        room = 13 - len(meld.cards)
        for step, position in ((-1, meld.start - 1), (1, meld.end + 1)):
            for _ in range(room):
                if not around and not 1 <= position <= 14:
                    break
                there = rank_at(position)
                if not in_suit >> there & 1:
                    break
                if there == rank:
                    return True
                position += step
    return False


_NEXT_TO = [0] + [
    (1 << rank - 1 if rank > 1 else 1 << 13) | (1 << rank + 1 if rank < 13 else 1 << 1)
    for rank in range(1, 14)
]
"""_NEXT_TO[rank]: the ranks next to it in a run (bit r for rank r; the Ace next to the 2
and the King): a run through a card, or a block of cards reaching it from a run's end,
holds one of them."""


def plain_depths(state: State, pile: Sequence[Card], held: int, keep: bool) -> list[int]:
    """RULES 4.1: the usable pile depths where no rule bounds a play, no joker is held or
    in the pile and no rule counts copies: `has_use` at every depth in one pass, the
    hand's mask (`held`) growing by each card taken. `keep`: the top card may be kept
    (top_discard=keep), so depth 1 is usable as it is. The draw phase asks this at
    every turn, over a pile of any length."""
    rules = state.rules
    wants = state.table().wants if rules.pile_use == "meld_or_layoff" else 0
    around = rules.around_the_corner
    four = rules.min_new_run == 4
    span = 15 if four else 7
    lead = 3 if four else 2  # a start at p has its last card at p + lead
    cards = reversed(pile)
    depths = []
    if keep:  # (the caller's pile is never empty)
        held |= next(cards).bit
        depths.append(1)
    for depth, chosen in enumerate(cards, len(depths) + 1):
        bit = chosen.bit
        held |= bit
        if wants & bit:
            depths.append(depth)  # a meld of the table takes it
            continue
        rank = chosen.rank
        if (held >> rank & SPREAD).bit_count() >= 3:
            depths.append(depth)  # a set
            continue
        shift = LANE * chosen.suit_no
        in_suit = held >> shift & RANKS
        if not in_suit & _NEXT_TO[rank]:
            continue  # no card of its suit next to it: no run through it, no block to it
        if around:
            if run_through(held, chosen.suit_no, rank, rules):
                depths.append(depth)
                continue
        else:  # masks.run_through, inline: the run starts that reach it, all lanes at once
            line = held | (held & ACES) << 13
            starts = line & line >> 1 & line >> 2
            if four:
                starts &= line >> 3
            near = starts << lead >> shift
            if near >> rank & span or (rank == 1 and near >> 14 & span):
                depths.append(depth)
                continue
        if in_suit & wants >> shift and _beyond_an_end(state.melds, chosen, in_suit, around):
            depths.append(depth)
    return depths
