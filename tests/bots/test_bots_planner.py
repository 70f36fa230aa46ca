"""The hand planner (`bots.heuristics.hand`), as fast as it is exact: its bound on lay-offs
(`bots.heuristics.reach`): `lay_off_all` never lays a card outside `reach` nor scores more
than its cards' `best_values`, and the planner that skips lay-offs by that bound finds the
same plans and counts the same work as one that never skips, on seeded games under rules
that change what can be laid off; and a plan leaves no garbage for the collector."""

from __future__ import annotations

import gc

import pytest

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots.budget import TALLY
from rummy500_cli.bots.heuristics import hand as planner
from rummy500_cli.bots.heuristics.reach import best_values, reach
from rummy500_cli.fast.masks import mask_of
from rummy500_cli.state import State
from rummy500_cli.variants import make_rules

RULES = [
    ({}, 4, 1),
    ({}, 2, 2),
    ({"around_the_corner": True}, 3, 3),
    ({"card_values": "five", "ace_value": 15}, 2, 4),
    ({"set_duplicate_suits": True, "decks": 2}, 4, 5),
    ({"final_discard": "required", "min_new_run": 4}, 2, 6),
    ({"variant": "jokers", "jokers_per_deck": 1}, 3, 7),
    ({"variant": "persian", "jokers_per_deck": 4}, 4, 8),
]
"""Seeded games: (rule options, players, seed). The last two play jokers (RULES 8), where
`reach` does not hold a joker's lay-offs, so the planner never skips there (`_Search`'s
`jokers`); they pin that it keeps to that."""

PLAIN = len(RULES) - 2


def positions(options: dict, players: int, seed: int) -> list[State]:
    """The states before every move of the play phase in a short game of strong bots."""
    rules = make_rules({"max_rounds": 2, "target": 10**6, **options})
    found: list[State] = []

    def before(state: State) -> None:
        if state.phase in ("play", "draw") and state.melds:
            found.append(state.copy())

    bot_game(players, rules, seed, ("strong", "greedy"), before_move=before)
    return found


CASES = [(options, positions(options, players, seed)) for options, players, seed in RULES]


@pytest.mark.parametrize("case", CASES[:PLAIN], ids=[str(o) for o, _ in CASES[:PLAIN]])
def test_lay_offs_stay_within_reach_and_its_bound(case) -> None:
    _options, states = case
    asked = 0
    for state in states:
        hand = state.hands[state.to_move]
        held = mask_of(hand)
        within = reach(state.melds, held, state.rules, state.decks)
        best = best_values(state.rules)
        options = planner.new_melds(hand, state.rules, state.decks)
        rests = [list(hand)] + [[c for c in hand if c not in cards] for _v, cards in options]
        for rest in rests:
            points, done, _left = planner.lay_off_all(rest, state.melds, state.rules, state.decks)
            laid = [card for cards, _index in done for card in cards]
            assert all(card.bit & within for card in laid), (state.melds, rest, laid)
            bound = sum(best[c.code] for c in rest if c.bit & within and c.code < 52)
            assert points <= bound
            asked += bool(laid)
    assert asked >= 5  # lay-offs were made, on several positions


@pytest.mark.parametrize("case", CASES, ids=[str(options) for options, _ in CASES])
def test_the_bound_changes_no_plan_and_no_count(case, monkeypatch) -> None:
    """Every plan of a position (the hand, and the hand with each pile take that must use
    its card) with the bound and without it: the same plan, the same work counted."""
    _options, states = case

    def plans() -> list[tuple[object, ...]]:
        found = []
        for state in states:
            hand = state.hands[state.to_move]
            asks = [(list(hand), None)]
            for depth in range(1, min(len(state.pile), 6) + 1):
                asks.append((hand + state.pile[-depth:], state.pile[-depth]))
            for cards, must in asks:
                planner._PLANS.clear()
                before = TALLY.nodes
                got = planner.plan(cards, state.melds, state.rules, state.decks, must)
                shown = None if got is None else (got.points, got.melds, got.layoffs, got.rest)
                found.append((shown, TALLY.nodes - before))
        return found

    bounded = plans()
    monkeypatch.setattr(planner, "reach", lambda melds, held, rules, decks: held)
    monkeypatch.setattr(planner, "best_values", lambda rules: [10**6] * 53)
    assert plans() == bounded
    assert sum(1 for shown, _ in bounded if shown is not None) >= 20


def test_with_jokers_a_lay_off_falls_outside_reach_so_nothing_is_skipped(monkeypatch) -> None:
    """Under persian a joker is laid off on a set of jokers, which `reach` does not hold:
    the bound would be wrong there, and the planner must not consult it."""
    _options, states = CASES[-1]
    outside = 0
    for state in states:
        hand = state.hands[state.to_move]
        within = reach(state.melds, mask_of(hand), state.rules, state.decks)
        _points, done, _left = planner.lay_off_all(hand, state.melds, state.rules, state.decks)
        outside += any(not card.bit & within for cards, _index in done for card in cards)
    assert outside  # the bound does not hold with jokers ...

    def never(*args: object) -> bool:
        raise AssertionError("the planner consulted the lay-off bound under jokers")

    monkeypatch.setattr(planner._Search, "_hopeless", never)
    for state in states[:60]:  # ... and the planner never asks it there
        planner._PLANS.clear()
        planner.plan(state.hands[state.to_move] + state.pile[-3:], state.melds, state.rules, 1)


def test_a_plan_leaves_nothing_for_the_garbage_collector() -> None:
    """Everything a plan's search made is freed when it returns (no reference cycle: the
    garbage collector's search for them once took a tenth of an analysis)."""
    _options, states = CASES[0]
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        planned = 0
        for state in states[:40]:
            planner._PLANS.clear()
            hand = state.hands[state.to_move]
            planned += planner.plan(hand + state.pile[-2:], state.melds, state.rules, 1) is not None
        assert planned and gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_the_strong_bots_action_types_are_never_subclassed() -> None:
    """The strong bot sorts a move's actions by `type(action)` (faster than `isinstance`
    with msgspec's classes), which holds while no action class is subclassed."""
    from rummy500_cli import actions

    for kind in (actions.LayMeld, actions.LayOff, actions.Discard, actions.TakePile):
        assert kind.__subclasses__() == []
