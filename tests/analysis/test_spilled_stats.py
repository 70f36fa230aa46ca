"""The game's figures kept round by round in a temporary file (`analysis.spilled_stats`,
what `analyze` reports) read as `figures.game_stats` gives them in memory: the same
rounds, per-seat totals, scores and end, for finished games, a game stopped in a round,
and a log with nothing but its deal; read back as often as asked."""

from __future__ import annotations

import msgspec
import pytest

from rummy500_cli.analysis.figures import game_stats
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.analysis.spilled_stats import SpilledStats
from rummy500_cli.variants import make_rules


@pytest.mark.parametrize(
    ("players", "seed", "cut"), [(2, 1, None), (4, 2, None), (3, 3, 150), (6, 4, 2)]
)
def test_spilled_as_in_memory(players: int, seed: int, cut: int | None) -> None:
    _, events = bot_game(players, make_rules({"target": 150}), seed=seed, levels=("greedy",))
    events = events[:cut]
    whole = game_stats(events)
    with SpilledStats(events) as spilled:
        for _ in range(2):
            assert list(spilled.rounds) == whole.rounds
        assert [*spilled.rounds_json()] == [msgspec.json.encode(r) for r in whole.rounds]
        assert spilled.per_seat() == whole.per_seat()
        assert (spilled.players, spilled.totals, spilled.finished) == (
            whole.players,
            whole.totals,
            whole.finished,
        )
    assert spilled.file.closed
