"""The expert at a table of four: its games are the same whatever the number of jobs."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rummy500_cli.cli.main import main


def test_four_player_expert_games_are_the_same_over_any_number_of_jobs() -> None:
    args = ["simulate", "--games", "4", "--bots", "random,greedy,strong,expert"]
    args += ["--think", "20", "--seed", "four", "--rule", "max_rounds=2", "--json"]
    summaries = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(main, [*args, "--jobs", jobs], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        data.pop("timing")
        summaries.append(data)
    assert summaries[0] == summaries[1]
    assert summaries[0]["levels"]["expert"]["seat_games"] == 4
