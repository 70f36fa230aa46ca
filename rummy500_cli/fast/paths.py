"""`FAST_PATHS`: every fast form of a rule, the definition it answers, and how to compare
the two (the rule of `fast`: same answers, same order).

Each `compare` takes a game (its events, the header first) and yields, for the
positions of the game where the fast form is asked, the fast form's answer and the
definition's, in that order: two answers that must be equal, listings as lists (their
order counts). tests/fast/test_fast_paths.py runs each on the golden deals and on seeded
games. Where a fast form serves only some rules (no joker, no rule bounding a play), its
`compare` asks it only there, as its callers do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from ..actions import LayMeld, LayOff
from ..cards import CARDS, Card
from ..engine.uses import bounded_uses
from ..errors import AmbiguousAction, IllegalAction
from ..events import Event, GameStarted
from ..laid_melds import Meld
from ..melds import hand_index, layoff_end, layoffs_on, runs_in, sets_in
from ..records.audit import audit
from ..records.glance import plain_run
from ..records.log import encode_log, parse_log
from ..state import State
from ..variants import variant_of
from . import listing, masks, uses

Answers = Iterator[tuple[object, object]]
"""Pairs of answers to compare: (the fast form's, the definition's)."""


class FastPath(NamedTuple):
    """A fast form of a rule and the definition it answers."""

    fast: Callable[..., object]
    definition: Callable[..., object]
    compare: Callable[[list[Event]], Answers]
    """How to compare them on a game: see the module docstring."""


def _at_each_position(
    ask: Callable[[State], Answers], phases: tuple[str, ...] = ("draw", "play")
) -> Callable[[list[Event]], Answers]:
    """A `compare` that asks `ask` at each position of the game in one of the phases."""

    def compare(events: list[Event]) -> Answers:
        header = events[0]
        assert isinstance(header, GameStarted)
        state = State(header)
        for event in events[1:]:
            state.apply(event)
            if state.phase in phases:
                yield from ask(state)

    compare.__doc__ = ask.__doc__
    return compare


def _hands(state: State) -> list[list[Card]]:
    """The hands asked about at a position: each seat's, and the mover's with the pile
    (more cards, so more melds)."""
    return [*state.hands, state.hands[state.to_move] + state.pile]


def _sets(state: State) -> Answers:
    for hand in _hands(state):
        yield (
            list(masks.sets_in(hand, state.rules, state.decks)),
            list(sets_in(hand, state.rules, state.decks)),
        )


def _runs(state: State) -> Answers:
    for hand in _hands(state):
        yield list(masks.runs_in(hand, state.rules)), list(runs_in(hand, state.rules))


def _layoffs(state: State) -> Answers:
    rules, decks = state.rules, state.decks
    for hand in _hands(state):
        index = hand_index(hand)
        for meld in state.melds:
            yield (
                masks.layoffs_on(meld, hand, index, rules, decks),
                layoffs_on(meld, hand, index, rules, decks),
            )


def _takes_first(meld: Meld, state: State) -> list[Card]:
    """The cards the meld takes as a lay-off's first card, by `melds.layoff_end`."""
    found = []
    for card in CARDS[:52]:
        try:
            layoff_end(meld, [card], state.rules, state.decks, None)
        except AmbiguousAction:
            found.append(card)  # it fits at both ends: it is taken
        except IllegalAction:
            continue
        else:
            found.append(card)
    return found


def _in_mask(mask: int) -> list[Card]:
    return [card for card in CARDS[:52] if mask & card.bit]


def _table(state: State) -> Answers:
    # (with set_duplicate_suits a set with room takes any suit of its rank: a card whose
    # two copies are on the set is then in the mask, though no hand can hold a third)
    if state.rules.set_duplicate_suits:
        return
    table = masks.Table(state.melds, state.rules, state.decks)
    wanted = [_takes_first(meld, state) for meld in state.melds]
    yield [_in_mask(bits) for bits in table.takes], wanted
    yield _in_mask(table.wants), [c for c in CARDS[:52] if any(c in cards for cards in wanted)]


def _run_through(state: State) -> Answers:
    rules = state.rules
    for hand in state.hands:
        mask = masks.mask_of(hand)
        runs = [cards for _start, cards in runs_in(hand, rules)]
        for card in hand:
            if card.rank:
                yield (
                    masks.run_through(mask, card.suit_no, card.rank, rules),
                    any(card in cards for cards in runs),
                )


def _set_melds(state: State) -> Answers:
    if state.rules.set_duplicate_suits:
        return  # (sets of different suits only: the twins are listed by `melds`)
    for hand in _hands(state):
        mask = masks.mask_of(hand)
        for rank in dict.fromkeys(card.rank for card in hand if card.rank):
            same = [card for card in hand if card.rank == rank]
            yield (
                listing.set_melds(mask, rank),
                tuple(LayMeld(cards) for cards in sets_in(same, state.rules, 1)),
            )


def _run_melds(state: State) -> Answers:
    rules = state.rules
    for hand in _hands(state):
        mask = masks.mask_of(hand)
        for suit in range(4):
            same = [card for card in hand if card.rank and card.suit_no == suit]
            yield (
                listing.run_melds(suit, masks.lane(mask, suit), rules),
                tuple(
                    _as_run_action(start, cards, rules.around_the_corner)
                    for start, cards in runs_in(same, rules)
                ),
            )


def _meld_layoffs(state: State) -> Answers:
    rules, decks = state.rules, state.decks
    for hand in _hands(state):
        mask, index = masks.mask_of(hand), hand_index(hand)
        for meld in state.melds:
            yield (
                list(listing.meld_layoffs(meld, hand, mask, rules, decks)),
                [
                    LayOff(cards, meld.id, end)
                    for cards, end in layoffs_on(meld, hand, index, rules, decks)
                ],
            )


def _as_run_action(start: int, cards: tuple[Card, ...], around: bool) -> LayMeld:
    """A run as an action: a whole suit names its Ace's end (A-K and 2-A are both runs)."""
    return LayMeld(cards, start == 2) if len(cards) == 13 and not around else LayMeld(cards)


def _meld_actions(state: State) -> Answers:
    rules = state.rules
    for hand in _hands(state):
        yield (
            listing.meld_actions(state, hand, masks.mask_of(hand)),
            [LayMeld(cards) for cards in sets_in(hand, rules, state.decks)]
            + [
                _as_run_action(start, cards, rules.around_the_corner)
                for start, cards in runs_in(hand, rules)
            ],
        )


def _no_jokers(state: State) -> bool:
    """Whether the position has no joker anywhere and no rule that bounds a play: where
    the fast forms of RULES 4.1 are asked (`engine.draw`)."""
    rules = state.rules
    return (
        not variant_of(rules).joker_plays
        and not variant_of(rules).dealers_joker
        and rules.jokers_per_deck == 0
        and not rules.first_meld_min
        and rules.final_discard == "optional"
    )


def _takes(state: State) -> Iterator[tuple[Card, list[Card], list[Card]]]:
    """Each take of the pile the mover could ask about: (chosen, hand, cards taken)."""
    hand = state.hands[state.to_move]
    pile = state.pile
    for depth in range(1, len(pile) + 1):
        taken = pile[-depth:]
        yield taken[0], hand, taken


def _definition_uses(state: State, chosen: Card, cards: list[Card]) -> list[LayMeld | LayOff]:
    return list(bounded_uses(state, state.to_move, chosen, cards))


def _plain_uses(state: State) -> Answers:
    if not _no_jokers(state) or state.rules.set_duplicate_suits:
        return
    for chosen, hand, taken in _takes(state):
        cards = hand + taken
        yield uses.plain_uses(state, chosen, cards), _definition_uses(state, chosen, cards)


def _has_use(state: State) -> Answers:
    if not _no_jokers(state):
        return
    for chosen, hand, taken in _takes(state):
        cards = hand + taken
        yield (
            uses.has_use(state, chosen, masks.mask_of(cards), hand, taken),
            bool(_definition_uses(state, chosen, cards)),
        )


def _plain_depths(state: State) -> Answers:
    rules = state.rules
    pile = state.pile
    if not pile or not _no_jokers(state) or rules.set_duplicate_suits:
        return
    if rules.top_discard == "only":
        return  # (the draw phase asks for depth 1 only, and never this)
    keep = rules.top_discard == "keep"
    hand = state.hands[state.to_move]
    usable = [
        depth
        for depth, (chosen, _hand, taken) in enumerate(_takes(state), 1)
        if (keep and depth == 1) or _definition_uses(state, chosen, hand + taken)
    ]
    yield uses.plain_depths(state, pile, masks.mask_of(hand), keep), usable


def _glance(events: list[Event]) -> Answers:
    """The audit with the glance and without it (every move resolved): the same summary,
    state and line played."""
    data = parse_log(encode_log(events))
    answers = []
    for glance in (True, False):
        summary = audit(data, glance=glance)
        state, line = summary.state, summary.played
        assert state is not None and line is not None
        answers.append((summary, state.fingerprint(), state.applied, line.events, line.seqs))
    yield answers[0], answers[1]


FAST_PATHS: list[FastPath] = [
    FastPath(masks.sets_in, sets_in, _at_each_position(_sets)),
    FastPath(masks.runs_in, runs_in, _at_each_position(_runs)),
    FastPath(masks.layoffs_on, layoffs_on, _at_each_position(_layoffs)),
    FastPath(masks.Table, layoff_end, _at_each_position(_table)),
    FastPath(masks.run_through, runs_in, _at_each_position(_run_through)),
    FastPath(listing.set_melds, sets_in, _at_each_position(_set_melds)),
    FastPath(listing.run_melds, runs_in, _at_each_position(_run_melds)),
    FastPath(listing.meld_layoffs, layoffs_on, _at_each_position(_meld_layoffs)),
    FastPath(listing.meld_actions, sets_in, _at_each_position(_meld_actions)),
    FastPath(uses.plain_uses, bounded_uses, _at_each_position(_plain_uses, ("draw",))),
    FastPath(uses.has_use, bounded_uses, _at_each_position(_has_use, ("draw",))),
    FastPath(uses.plain_depths, bounded_uses, _at_each_position(_plain_depths, ("draw",))),
    FastPath(plain_run, audit, _glance),  # (the definition: `audit(data, glance=False)`)
]
"""Every fast form of a rule: (the fast function, the definition it answers, how to
compare them on a game)."""

PARTS: dict[str, str] = {
    "masks.mask_of": "the mask of cards: the input of every fast form",
    "masks.lane": "a suit's ranks in a mask",
    "masks.suits_of": "a rank's suits in a mask",
    "masks.from_ranks": "a `melds.hand_index` as a mask",
    "masks.set_ranks": "the ranks of sets_in and meld_actions",
    "masks.sets_of_rank": "the sets of one rank of sets_in and set_melds",
    "masks.has_run": "the filter of suit_runs",
    "masks.run_key": "the key of the kept runs of suit_runs and run_melds",
    "masks.suit_runs": "the runs of one suit of runs_in and run_melds",
    "masks.run_suits": "the suits of meld_actions",
    "masks.takes": "one meld's share of Table",
    "masks.run_blocks": "the key of meld_layoffs' kept lay-offs on a run",
    "masks.layoffs_onto": "layoffs_on and meld_layoffs by a mask",
    "uses.use_check": "has_use for one state",
}
"""The functions of `fast` that are not in `FAST_PATHS` themselves: parts of the fast
forms that are, answered through them (tests/fast/test_fast_paths.py holds every other
function of the room to be registered)."""
