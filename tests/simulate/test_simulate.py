"""`rummy500 simulate`: summaries that do not depend on how the games were spread, logs
that load as finished games, the CLI through click's runner, and the man page.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from rummy500_cli.analysis.selfplay import Config, game_plan
from rummy500_cli.analysis.summary import merge, wilson
from rummy500_cli.cli.main import main
from rummy500_cli.cli.simulate import simulate
from rummy500_cli.manifest import shard_range
from rummy500_cli.records.log import load_state, read_log

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "man" / "rummy500-simulate.6"
FAST = ["--rule", "max_rounds=1"]


def run(*args: str) -> click.testing.Result:
    result = CliRunner().invoke(main, ["simulate", *args], catch_exceptions=False)
    return result


def summary(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    data.pop("timing")
    return data


def test_table_has_a_row_per_level_and_counts_add_up() -> None:
    result = run("--games", "6", "--bots", "greedy,random", *FAST)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("6 games · 2 players · bots greedy,random")
    assert any(line.startswith("greedy ") for line in lines)
    assert any(line.startswith("random ") for line in lines)
    assert "95% CI" in lines[1]
    data = summary("--games", "6", "--bots", "greedy,random", *FAST)
    levels = data["levels"]
    assert levels["greedy"]["seat_games"] == levels["random"]["seat_games"] == 6
    assert data["played"] == 6
    assert levels["greedy"]["wins"] + levels["random"]["wins"] == 6 - data["unfinished"]
    assert data["config"]["rules"] == {"max_rounds": 1}


def test_jobs_1_and_2_give_the_same_summary() -> None:
    args = ("--games", "6", "--bots", "strong,greedy", "--seed", "j", *FAST)
    assert summary(*args, "--jobs", "1") == summary(*args, "--jobs", "2")


def test_shards_merge_to_the_one_run_summary(tmp_path: Path) -> None:
    args = ("--games", "7", "--players", "3", "--bots", "greedy,random", "--seed", "s", *FAST)
    whole = summary(*args)
    files = []
    for k in (1, 2, 3):
        result = run(*args, "--shard", f"{k}/3", "--json")
        assert result.exit_code == 0, result.output
        path = tmp_path / f"part{k}.json"
        path.write_text(result.output)
        files.append(str(path))
    merged = run("merge", *files, "--json")
    assert merged.exit_code == 0, merged.output
    data = json.loads(merged.output)
    data.pop("timing")
    assert data.pop("games_sha256") is None  # no manifests: the games are unchecked
    assert whole.pop("games_sha256")
    assert data == whole
    text = run("merge", *files)
    assert text.exit_code == 0 and "7 games" in text.output
    partial = json.loads(run("merge", files[0], files[2], "--json").output)
    assert partial["slices"] == {"of": 3, "done": [1, 3]}


def test_merge_refuses_other_runs_and_twice_the_same_slice(tmp_path: Path) -> None:
    one = tmp_path / "a.json"
    other = tmp_path / "b.json"
    one.write_text(run("--games", "4", "--shard", "1/2", "--json", *FAST).output)
    other.write_text(run("--games", "4", "--seed", "x", "--shard", "2/2", "--json", *FAST).output)
    result = run("merge", str(one), str(other))
    assert result.exit_code == 1 and "different runs" in result.output
    result = run("merge", str(one), str(one))
    assert result.exit_code == 1 and "twice" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    assert run("merge", str(bad)).exit_code == 1


def test_out_writes_logs_of_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "logs"
    result = run("--games", "3", "--bots", "strong,random", "--out", str(out), "--think", "2")
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("game-*"))
    assert [f.name for f in files] == [f"game-{i:06d}.jsonl" for i in range(3)]
    assert sorted(f.name for f in out.glob("*.json")) == ["manifest.json", "summary.json"]
    for index, path in enumerate(files):
        data = read_log(path)
        assert data.warnings == []
        state = load_state(data.events)
        assert state.over and state.winner is not None
        header = data.events[0]
        seed, levels = game_plan(
            Config(games=3, players=2, bots=("strong", "random"), seed="1", rules={}, think=2),
            index,
        )
        assert header.seed == seed
        assert list(header.seats) == [f"bot:{level}" for level in levels]


def test_a_log_folder_that_cannot_be_made_is_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run("--games", "1", "--out", str(blocker / "logs"), *FAST)
    assert result.exit_code == 1 and "cannot write the logs" in result.output


def test_usage_errors_exit_2() -> None:
    assert run("--bots", "grandmaster").exit_code == 2
    assert run("--bots", "greedy,random,strong", "--players", "2").exit_code == 2
    assert run("--shard", "3/2").exit_code == 2
    assert run("--shard", "x").exit_code == 2
    assert run("--rule", "decks=7").exit_code == 2
    assert run("--rule", "variant=jokers").exit_code == 2
    assert run("--games", "0").exit_code == 2


def test_rules_variant_and_target_reach_the_games() -> None:
    data = summary("--games", "2", "--variant", "wikipedia", "--target", "100", "--bots", "greedy")
    rules = data["config"]["rules"]
    assert rules["card_values"] == "five" and rules["target"] == 100
    assert data["levels"]["greedy"]["seat_games"] == 4


def test_expert_plays_under_a_tiny_budget() -> None:
    data = summary("--games", "2", "--bots", "expert,greedy", "--think", "2", *FAST)
    assert data["levels"]["expert"]["seat_games"] == 2


def test_seats_rotate_over_shared_deals() -> None:
    config = Config(games=8, players=4, bots=("a", "b"), seed="7", rules={}, think=1)
    plans = [game_plan(config, i) for i in range(8)]
    assert [seed for seed, _ in plans] == ["7-0"] * 4 + ["7-1"] * 4
    assert plans[0][1] == ["a", "b", "a", "b"]
    assert plans[1][1] == ["b", "a", "b", "a"]
    heads_up = Config(games=4, players=2, bots=("x", "y"), seed="1", rules={}, think=1)
    games = [game_plan(heads_up, i) for i in range(4)]
    assert [sorted(seats) for _, seats in games] == [["x", "y"]] * 4
    assert games[0][1] != games[1][1] and games[2][1] != games[3][1]


def test_every_order_around_the_table_is_played() -> None:
    """Over 4! blocks of 4 games, each level follows each other level equally often."""
    config = Config(games=96, players=4, bots=("a", "b", "c", "d"), seed="s", rules={}, think=1)
    follows = {}
    for index in range(96):
        _, seats = game_plan(config, index)
        for seat, level in enumerate(seats):
            pair = (seats[seat - 1], level)
            follows[pair] = follows.get(pair, 0) + 1
        if index % 4 == 0:
            block = [game_plan(config, index + t)[1] for t in range(4)]
            for seat in range(4):  # within a block every level has every seat once
                assert sorted(seats_[seat] for seats_ in block) == ["a", "b", "c", "d"]
    assert len(follows) == 12 and len(set(follows.values())) == 1


def test_shards_cut_the_games_into_equal_slices() -> None:
    slices = [shard_range(10, (k, 3)) for k in (1, 2, 3)]
    assert [list(s) for s in slices] == [[0, 1, 2], [3, 4, 5], [6, 7, 8, 9]]
    assert shard_range(10, None) == range(10)


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_merge_of_one_whole_run_is_itself() -> None:
    result = run("--games", "2", "--json", *FAST)
    data = json.loads(result.output)
    assert merge([data]) == data


# --- The man page ----------------------------------------------------------------------


def options_of(command: click.Command) -> set[str]:
    names = set()
    for param in command.params:
        if isinstance(param, click.Option):
            names.update(opt for opt in param.opts if opt.startswith("--"))
    return names - {"--help"}


def test_man_page_renders_without_warnings() -> None:
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed")
    result = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(PAGE)], capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_man_page_documents_every_option_and_section() -> None:
    text = PAGE.read_text(encoding="utf-8").replace("\\-", "-")
    for section in (
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "OPTIONS",
        "OUTPUT",
        "EXIT STATUS",
        "EXAMPLES",
        "SEE ALSO",
    ):
        assert f".SH {section}" in text or f'.SH "{section}"' in text, section
    merge_command = simulate.commands["merge"]
    for option in options_of(simulate) | options_of(merge_command):
        assert option in text, f"{option} is not in {PAGE.name}"
    from rummy500_cli.bots import BOTS

    for level in BOTS:
        assert level in text
