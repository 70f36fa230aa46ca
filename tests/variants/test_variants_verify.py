"""Seeded bot games under every variant of RULES 8 and the windows of RULES 7, each log
verified move by move (`rummy500 verify`'s audit).

A few games per rule set run in every test run; with `-m soak` (and SOAK_GAMES, default
2,000) thousands per rule set. The figures of the last soak are in the closing note of
issue 6: every log verified.
"""

from __future__ import annotations

import os

import pytest
from rule_sets import VARIANT_SETS

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.variants import make_rules

LINEUPS = [("random", "greedy"), ("greedy", "strong"), ("strong", "random", "greedy")]


def verified_games(name: str, games: int) -> int:
    """Play `games` seeded games under a rule set, verify each log; answer the rounds."""
    options, sizes = VARIANT_SETS[name]
    rounds = 0
    for seed in range(games):
        rules = make_rules({"target": 300, "max_rounds": 12, **options})
        players = sizes[seed % len(sizes)]
        state, events = bot_game(players, rules, f"batch-{name}-{seed}", LINEUPS[seed % 3])
        assert state.over
        summary = audit(parse_log(encode_log(events)), f"{name} seed {seed}")
        assert summary.rounds == state.round
        rounds += state.round
    return rounds


@pytest.mark.parametrize("name", list(VARIANT_SETS))
def test_a_few_games_of_each_rule_set_verify(name: str) -> None:
    assert verified_games(name, 3) >= 3


@pytest.mark.soak
@pytest.mark.parametrize("name", list(VARIANT_SETS))
def test_soak_thousands_of_games_of_each_rule_set_verify(name: str) -> None:
    assert verified_games(name, int(os.environ.get("SOAK_GAMES", "2000"))) > 0
