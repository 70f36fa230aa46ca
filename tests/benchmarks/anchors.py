"""Measure the bots' anchor ratings and write rummy500_cli/data/anchors.json.

Run from the repository root: python tests/benchmarks/anchors.py [--games N] [--think MS]
[--keep DIR]. It plays the `rummy500 simulate` runs below (`--jobs 1`, so that it stays
modest on a shared machine), then rates their games with every bot free
(`rummy500 stats --free-bots --ratings --json`), and writes each level's mu and sigma
per kind of table, with the commands, into the anchors file. rummy500-stats(6) quotes
the commands and the figures.

2-player tables: every pair of levels heads-up (the seats swap over the same deals).
3-8-player tables: the four levels at a table of four. The expert searches with a small
budget (`--think`, default 30 ms a move, against its 300 in play) to keep the run to
minutes: its anchor is that of a quick expert, and the man page says so.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ("random", "greedy", "strong", "expert")


def runs(games: int, think: int) -> list[tuple[str, list[str]]]:
    """(folder name, simulate arguments) of each run."""
    out = []
    for first, second in itertools.combinations(LEVELS, 2):
        out.append(
            (
                f"2p-{first}-{second}",
                ["--games", str(games), "--players", "2", "--bots", f"{first},{second}"],
            )
        )
    out.append(("4p-all", ["--games", str(games), "--players", "4", "--bots", ",".join(LEVELS)]))
    return [
        (name, [*args, "--seed", "anchors", "--think", str(think), "--jobs", "1"])
        for name, args in out
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run")
    parser.add_argument("--think", type=int, default=30, help="the expert's ms per move")
    parser.add_argument("--keep", type=Path, default=None, help="keep the logs here")
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    args = parser.parse_args()
    program = [sys.executable, "-m", "rummy500_cli"]
    folder = args.keep or Path(tempfile.mkdtemp(prefix="rummy500-anchors-"))
    folder.mkdir(parents=True, exist_ok=True)
    commands = []
    for name, simulate in runs(args.games, args.think):
        out = folder / name
        commands.append(f"rummy500 simulate {shlex.join(simulate)} --out DIR/{name}")
        print(commands[-1], flush=True)
        if args.dry_run:
            continue
        if out.is_dir() and any(out.iterdir()):
            print(f"  (already in {out})", flush=True)
            continue
        started = time.perf_counter()
        subprocess.run([*program, "simulate", *simulate, "--out", str(out)], check=True)
        print(f"  {time.perf_counter() - started:.0f} s", flush=True)
    fit = "rummy500 stats --no-saves --free-bots --ratings --json DIR"
    commands.append(fit)
    print(fit, flush=True)
    if args.dry_run:
        return
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, XDG_DATA_HOME=data)
        done = subprocess.run(
            [*program, "stats", "--no-saves", "--free-bots", "--ratings", "--json", str(folder)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        )
    ladder = json.loads(done.stdout)["ratings"]
    anchors: dict[str, dict[str, list[float]]] = {}
    for bracket, pool in (("2p", "standard 2p"), ("3-8p", "standard 3-8p")):
        anchors[bracket] = {
            row["name"]: [round(row["mu"], 3), round(row["sigma"], 3)]
            for row in ladder[pool]
            if row["kind"] == "bot"
        }
    anchors = {bracket: {level: anchors[bracket][level] for level in LEVELS} for bracket in anchors}
    document = {
        "about": (
            "The bots' anchor ratings (OpenSkill Plackett-Luce mu and sigma) per kind of "
            "table, measured by tests/benchmarks/anchors.py with the commands below "
            "(DIR: one folder for all the runs)."
        ),
        "games_per_run": args.games,
        "expert_think_ms": args.think,
        "measured_by": commands,
        "anchors": anchors,
    }
    target = ROOT / "rummy500_cli" / "data" / "anchors.json"
    target.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {target}; for rummy500-stats(6), ANCHORS:")
    print(man_table(anchors))


def man_table(anchors: dict[str, dict[str, list[float]]]) -> str:
    """The anchors as rummy500-stats(6) shows them (roff): rating and twice sigma, in
    rating points, per kind of table."""
    from rummy500_cli.stats.ratings import SCALE, points

    rows = [f"{'level':8}{'2p':>14}{'3-8p':>14}"]
    for level in LEVELS:
        cells = []
        for bracket in ("2p", "3-8p"):
            mu, sigma = anchors[bracket][level]
            cells.append(f"{points(mu):,} ± {round(2 * sigma * SCALE)}".rjust(14))
        rows.append(f"{level:8}{cells[0]}{cells[1]}")
    return "\n".join(rows).replace("±", "\\[u00B1]").replace("3-8p", "3\\-8p")


if __name__ == "__main__":
    main()
