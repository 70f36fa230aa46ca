"""The hand as a bit mask (`fast.masks`) against the plain definitions of sets, runs and
lay-offs (those of `melds`, and those written out here), and the copy-on-write of
`State.copy`."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500_cli.actions import LayOff
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.cards import CARDS, Card
from rummy500_cli.engine import legal_actions, play
from rummy500_cli.errors import IllegalAction
from rummy500_cli.fast import masks as fast
from rummy500_cli.fast.listing import meld_layoffs
from rummy500_cli.fast.masks import Table, mask_of, run_through
from rummy500_cli.laid_melds import laid_meld
from rummy500_cli.melds import hand_index, layoff_end, layoffs_on, runs_in, sets_in
from rummy500_cli.state import State
from rummy500_cli.variants import make_rules

RULES = [
    make_rules(),
    make_rules({"min_new_run": 4}),
    make_rules({"around_the_corner": True}),
    make_rules({"around_the_corner": True, "min_new_run": 4}),
]
RULE_OPTIONS: list[dict[str, object]] = [
    {},
    {"around_the_corner": True},
    {"rum_call": True, "out_of_turn": True},
    {"decks": 2, "set_duplicate_suits": True},
    {"variant": "jokers", "jokers_per_deck": 2},
]
hands = st.lists(st.sampled_from(CARDS[:52]), min_size=0, max_size=16, unique=True)


def plain_runs(hand: list[Card], around: bool, minimum: int) -> set[tuple[Card, ...]]:
    """Every run by its definition: consecutive positions of one suit (an Ace low at 1 or
    high at 14; around the corner, any 3 or more wrapping, the whole suit once)."""
    found = set()
    for suit in range(4):
        held = {card.rank for card in hand if card.suit_no == suit}
        for start in range(1, 14 if around else 15):
            for length in range(minimum, 14):
                positions = range(start, start + length)
                if not around and positions[-1] > 14:
                    break
                ranks = [(p - 1) % 13 + 1 for p in positions]
                if len(set(ranks)) != length or not set(ranks) <= held:
                    continue
                if length == 13 and around and start != 2:
                    continue  # the whole suit around the corner is laid from 2
                found.add(tuple(CARDS[suit * 13 + rank - 1] for rank in ranks))
    return found


@settings(max_examples=300, deadline=None)
@given(hands, st.sampled_from(range(len(RULES))))
def test_sets_and_runs_are_those_of_the_definitions(hand: list[Card], which: int) -> None:
    rules = RULES[which]
    sets = list(sets_in(hand, rules, 1))
    assert list(fast.sets_in(hand, rules, 1)) == sets  # the fast form: the same, in order
    ranks = [card.rank for card in hand]
    expected = {
        tuple(sorted(group, key=lambda c: c.suit_no))
        for rank in set(ranks)
        for size in (3, 4)
        for group in combinations([c for c in hand if c.rank == rank], size)
    }
    assert set(sets) == expected and len(sets) == len(expected)
    runs = [cards for _start, cards in runs_in(hand, rules)]
    assert list(fast.runs_in(hand, rules)) == list(runs_in(hand, rules))
    assert set(runs) == plain_runs(hand, rules.around_the_corner, rules.min_new_run)
    assert len(runs) == len(set(runs))
    for card in hand:  # a run through each card, by the masks, as by the runs found
        through = any(card in run for run in runs)
        assert run_through(mask_of(hand), card.suit_no, card.rank, rules) == through


@settings(max_examples=200, deadline=None)
@given(hands, st.sampled_from(range(len(RULES))), st.data())
def test_lay_offs_and_the_table_mask_agree_with_layoff_end(
    hand: list[Card], which: int, data: st.DataObject
) -> None:
    rules = RULES[which]
    melds = []
    for number in range(data.draw(st.integers(0, 3))):
        suit = data.draw(st.integers(0, 3))
        start = data.draw(st.integers(1, 11))
        length = data.draw(st.integers(3, 15 - start))  # up to an Ace high at 14
        cards = [CARDS[suit * 13 + (start + i - 1) % 13] for i in range(length)]
        melds.append(laid_meld(number + 1, 0, cards, [0] * length))
    table = Table(melds, rules, 1)
    for meld in melds:
        found = layoffs_on(meld, hand, hand_index(hand), rules, 1)
        assert fast.layoffs_on(meld, hand, hand_index(hand), rules, 1) == found
        for cards, end in found:  # each listed lay-off is one layoff_end accepts
            assert layoff_end(meld, cards, rules, 1, end) == end
        singles = set()
        for card in hand:
            for end in ("low", "high"):
                try:
                    layoff_end(meld, [card], rules, 1, end)
                except IllegalAction:
                    continue
                singles.add((card, end))
        assert {(cards[0] if end == "high" else cards[-1], end) for cards, end in found} >= singles
        if singles:
            assert mask_of(hand) & table.wants


@settings(max_examples=300, deadline=None)
@given(hands, st.data())
def test_kept_lay_off_actions_are_those_of_the_definition(
    hand: list[Card], data: st.DataObject
) -> None:
    """`fast.listing.meld_layoffs` keeps the actions of each shape of meld and cards held
    (for every rule set in one table): in the same order, they are `melds.layoffs_on`,
    on runs and on sets, whichever rules were asked for before."""
    mask = mask_of(hand)
    for _ in range(4):
        rules = RULES[data.draw(st.integers(0, len(RULES) - 1))]
        suit = data.draw(st.integers(0, 3))
        if data.draw(st.booleans()):
            start = data.draw(st.integers(1, 11))
            length = data.draw(st.integers(3, min(13, 15 - start)))
            cards = [CARDS[suit * 13 + (start + i - 1) % 13] for i in range(length)]
        else:
            rank = data.draw(st.integers(1, 13))
            suits = data.draw(st.sampled_from([s for s in combinations(range(4), 3)]))
            cards = [CARDS[s * 13 + rank - 1] for s in suits]
        meld = laid_meld(data.draw(st.integers(1, 3)), 0, cards, [0] * len(cards))
        listed = [(a.cards, a.end) for a in meld_layoffs(meld, hand, mask, rules, 1)]
        assert listed == list(layoffs_on(meld, hand, hand_index(hand), rules, 1))


def test_kept_lay_offs_of_one_rule_set_are_not_those_of_another() -> None:
    """The same run, one hand's lay-offs without around_the_corner (two at the low end,
    one at the high end), then another's with it: each hand gets its own."""
    meld = laid_meld(6, 0, [Card.parse(text) for text in ("JC", "QC", "KC")], [0] * 3)
    first = [Card.parse(text) for text in ("9C", "10C", "AC")]
    second = [Card.parse("AC")]
    for hand, rules in ((first, RULES[0]), (second, RULES[2])):
        listed = [(a.cards, a.end) for a in meld_layoffs(meld, hand, mask_of(hand), rules, 1)]
        assert listed == list(layoffs_on(meld, hand, hand_index(hand), rules, 1))


def test_a_copy_shares_melds_until_one_side_lays_off() -> None:
    """State.copy is copy-on-write for melds: a lay-off on a copy leaves the state it was
    copied from as it was, and the same lay-off on both gives the same state."""
    rules = make_rules({"max_rounds": 1})
    checked = 0

    def probe(state: State) -> None:
        nonlocal checked
        before = state.fingerprint()
        for action in legal_actions(state):
            if not isinstance(action, LayOff):
                continue
            first = state.copy()
            second = first.copy()
            play(first, action)
            assert second.fingerprint() == before and state.fingerprint() == before
            play(second, action)
            assert second.fingerprint() == first.fingerprint()
            checked += 1

    for seed in range(1, 6):
        bot_game(2, rules, seed, ("greedy", "greedy"), before_move=probe)
    assert checked


def test_the_table_kept_in_step_is_the_table_made_afresh() -> None:
    """State.table is made once, then changed with each meld laid and each lay-off
    (RULES 4.2): at every move it is what the melds on the table make."""
    checked = 0

    def probe(state: State) -> None:
        nonlocal checked
        kept = state.table()
        fresh = Table(state.melds, state.rules, state.decks)
        assert kept.wants == fresh.wants
        assert kept.takes == fresh.takes
        checked += len(state.melds)

    for seed, options in enumerate(RULE_OPTIONS, 1):
        bot_game(
            2,
            make_rules({"max_rounds": 2, **options}),
            seed,
            ("greedy", "random"),
            before_move=probe,
        )
    assert checked
