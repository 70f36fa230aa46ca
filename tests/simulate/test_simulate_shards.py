"""Verifiable shards: each `simulate --shard K/N --out DIR` writes a manifest beside its
summary; `simulate merge` refuses what does not belong together; `verify DIR` checks every
log against its manifest and counts the figures again; shards played as separate
processes merge to exactly the one run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from rummy500_cli import manifest
from rummy500_cli.cli.main import main

FAST = ["--rule", "max_rounds=1", "--bots", "greedy,random", "--seed", "m"]


def run(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def shards(folder: Path, games: int, parts: int) -> None:
    for k in range(1, parts + 1):
        result = run("simulate", "--games", str(games), *FAST, "--shard", f"{k}/{parts}",
                     "--out", str(folder), "--json")  # fmt: skip
        assert result.exit_code == 0, result.output


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def save(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=2))


def test_the_manifest_lists_every_game_and_ties_the_summary(tmp_path: Path) -> None:
    shards(tmp_path, 5, 2)
    first = load(tmp_path / "manifest-1-of-2.json")
    summary = load(tmp_path / "summary-1-of-2.json")
    assert first["kind"] == "rummy500-simulate-manifest" and first["slice"] == {"k": 1, "of": 2}
    assert [entry["index"] for entry in first["logs"]] == [0, 1]
    assert first["program"] == summary["program"] == manifest.program()
    assert first["config"] == summary["config"]
    for entry in first["logs"]:
        raw = (tmp_path / entry["file"]).read_bytes()
        import hashlib

        assert hashlib.sha256(raw).hexdigest() == entry["sha256"]
    assert summary["games_sha256"] == first["games_sha256"]
    manifest.check_pair(first, summary, "here")  # round trip: it checks out
    result = run("verify", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output.count("logs verified, summary recounted") == 2


def test_verify_refuses_a_changed_log_a_missing_log_and_a_changed_count(tmp_path: Path) -> None:
    shards(tmp_path, 4, 2)
    log = tmp_path / "game-000003.jsonl"
    original = log.read_bytes()
    log.write_bytes(original.replace(b'"P0"', b'"Px"', 1))
    result = run("verify", str(tmp_path))
    assert result.exit_code == 1 and "SHA-256 is not the one its manifest lists" in result.output
    log.unlink()
    result = run("verify", str(tmp_path))
    assert result.exit_code == 1 and "cannot read it" in result.output
    log.write_bytes(original)
    summary_path = tmp_path / "summary-2-of-2.json"
    summary = load(summary_path)
    summary["levels"]["greedy"]["takes"] += 1
    save(summary_path, summary)
    result = run("verify", str(tmp_path))
    assert result.exit_code == 1 and "greedy's takes" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("verify", str(empty))
    assert result.exit_code == 1 and "no manifest" in result.output


def test_merge_refuses_each_kind_of_mismatch(tmp_path: Path) -> None:
    shards(tmp_path, 4, 2)
    whole = run("simulate", "merge", str(tmp_path), "--json")
    assert whole.exit_code == 0, whole.output
    assert json.loads(whole.output)["games_sha256"]

    def refused(path: Path, change, words: str) -> None:
        saved = path.read_text()
        data = load(path)
        change(data)
        save(path, data)
        result = run("simulate", "merge", str(tmp_path))
        path.write_text(saved)
        assert result.exit_code == 1, result.output
        assert words in result.output, result.output

    summary = tmp_path / "summary-2-of-2.json"
    listing = tmp_path / "manifest-2-of-2.json"

    def other_program(data: dict) -> None:
        data["program"]["code"] = "0" * 64

    refused(summary, other_program, "different programs")

    def other_version(data: dict) -> None:
        data["program"]["version"] = "9.9.9"

    refused(summary, other_version, "different programs")

    def other_games(data: dict) -> None:
        data["logs"][0]["sha256"] = "f" * 64

    refused(listing, other_games, "not the games its manifest lists")

    def fewer_games(data: dict) -> None:
        data["played"] -= 1

    refused(summary, fewer_games, "its manifest lists 2")

    def other_run(data: dict) -> None:
        data["config"]["think"] = 7

    refused(listing, other_run, "different runs")
    # A slice given twice, through its folder and its own file.
    result = run("simulate", "merge", str(tmp_path), str(summary))
    assert result.exit_code == 1 and "twice" in result.output


def test_four_shards_in_separate_processes_merge_to_the_one_run(tmp_path: Path) -> None:
    """As GNU parallel or a Slurm array would run them: four processes, one folder."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    args = [sys.executable, "-m", "rummy500_cli", "simulate", "--games", "8", *FAST]
    procs = [
        subprocess.Popen(
            [*args, "--shard", f"{k}/4", "--out", str(tmp_path / "shards"), "--json"],
            stdout=subprocess.DEVNULL,
            env=env,
        )
        for k in range(1, 5)
    ]
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    merged = run("simulate", "merge", str(tmp_path / "shards"), "--json")
    assert merged.exit_code == 0, merged.output
    one = run("simulate", "--games", "8", *FAST, "--out", str(tmp_path / "one"), "--json")
    assert one.exit_code == 0
    left, right = json.loads(merged.output), json.loads(one.output)
    left.pop("timing"), right.pop("timing")
    assert left == right
    names = sorted(p.name for p in (tmp_path / "one").glob("game-*"))
    assert names == sorted(p.name for p in (tmp_path / "shards").glob("game-*"))
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "shards" / name).read_bytes()
    assert run("verify", str(tmp_path / "shards")).exit_code == 0


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_results_and_logs_are_the_same_for_any_jobs(tmp_path: Path, jobs: str) -> None:
    out = tmp_path / jobs
    result = run("simulate", "--games", "4", *FAST, "--jobs", jobs, "--out", str(out), "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    data.pop("timing")
    reference = run("simulate", "--games", "4", *FAST, "--json")
    expected = json.loads(reference.output)
    expected.pop("timing")
    assert data == expected


def test_the_program_hash_follows_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two copies whose code differs by one byte have different program hashes."""
    import shutil

    import rummy500_cli

    copy = tmp_path / "rummy500_cli"
    shutil.copytree(
        Path(rummy500_cli.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__")
    )
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from rummy500_cli import manifest; print(manifest.program()['code'])"
    )
    same = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True
    )
    assert same.stdout.strip() == manifest.program()["code"]
    (copy / "bots" / "greedy.py").write_text((copy / "bots" / "greedy.py").read_text() + "\n")
    other = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True
    )
    assert other.stdout.strip() != manifest.program()["code"]
