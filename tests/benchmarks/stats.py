"""`rummy500 stats` at scale: cold and warm times and peak memory on many saved games.

Run from the repository root: python tests/benchmarks/stats.py [--games N] [--jobs J]
[--keep DIR]. It makes N games (default 10,000) with `rummy500 simulate --out` (mixed
levels, 2 to 6 players: the cheap bots random, greedy and strong, so that the games come
quickly), then times `rummy500 stats --no-saves DIR`:

1. cold: an empty cache (every log read and checked, over both cores). Target: < 60 s.
2. warm: the cache filled by the cold run (every log's status and last line looked at,
   nothing checked again). Target: < 1 s. Also `--ratings` and a player's page.

Each time is printed with its ratio to a baseline measured in the same run: the
program's start-up (`rummy500 --version`) for the warm runs, and for the cold one the
same reading and checking of every log on one core in this process (`verify`'s work,
with no cache and no workers). Peak memory is the largest resident size of the
command's processes (the command or one of its workers). Target: < 200 MB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import installed_env

RUNS = [  # (players, levels): mixed tables of 2 to 6 players
    (2, "random,greedy"),
    (3, "greedy,strong,random"),
    (4, "random,greedy"),
    (5, "strong,greedy,random"),
    (6, "greedy,random"),
]

MEASURE = (
    "import resource, subprocess, sys, time\n"
    "started = time.perf_counter()\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "took = time.perf_counter() - started\n"
    "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "cpu = usage.ru_utime + usage.ru_stime\n"
    "print(took, usage.ru_maxrss, done.returncode, len(done.stderr.splitlines()), cpu)\n"
)


def measure(command: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall seconds, peak resident MB and CPU seconds (of all its processes) of a
    command. On a loaded machine the wall time is mostly waiting for a core; the CPU
    time is what the command itself spends."""
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, *command],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.split()
    took, peak, code, warnings = float(out[0]), int(out[1]) / 1024, int(out[2]), int(out[3])
    cpu = float(out[4])
    if code != 0:
        raise SystemExit(f"{' '.join(command)} failed with exit status {code}")
    if warnings:
        print(f"  ({warnings} warnings)")
    return took, peak, cpu


def make_games(folder: Path, games: int, jobs: int) -> None:
    per_run = [games // len(RUNS) + (i < games % len(RUNS)) for i in range(len(RUNS))]
    for (players, levels), count in zip(RUNS, per_run, strict=True):
        out = folder / f"p{players}"
        if out.is_dir() and len(list(out.glob("*.jsonl"))) == count:
            continue
        shutil.rmtree(out, ignore_errors=True)
        command = [
            sys.executable, "-m", "rummy500_cli", "simulate", "--games", str(count),
            "--players", str(players), "--bots", levels, "--jobs", str(jobs),
            "--seed", "stats-bench", "--out", str(out),
        ]  # fmt: skip
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        print(f"made {count} games of {players} players in {time.perf_counter() - started:.0f} s")


def baseline_cold(folder: Path) -> float:
    """Reading and checking every log on one core, in this process (verify's work)."""
    from rummy500_cli.records.audit import read_checked

    logs = sorted(folder.rglob("*.jsonl"))
    started = time.perf_counter()
    for log in logs:
        read_checked(log)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2, help="processes for simulate")
    parser.add_argument("--keep", type=Path, default=None, help="keep (and reuse) the games here")
    parser.add_argument("--no-baseline", action="store_true", help="skip the 1-core baseline")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="rummy500-stats-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    make_games(folder, args.games, args.jobs)
    size = sum(path.stat().st_size for path in folder.rglob("*.jsonl")) / 1e6
    print(f"{args.games} games, {size:.0f} MB of logs, in {folder}")
    program = [sys.executable, "-m", "rummy500_cli"]
    stats = [*program, "stats", "--no-saves", str(folder)]
    with tempfile.TemporaryDirectory() as data:
        env = installed_env(XDG_DATA_HOME=data)
        subprocess.run([*program, "--version"], env=env, check=True, capture_output=True)
        start_up, _peak, start_cpu = min(measure([*program, "--version"], env) for _ in range(3))
        cold, cold_peak, cold_cpu = measure(stats, env)
        warm, warm_peak, warm_cpu = min(measure(stats, env) for _ in range(3))
        ladder = min(measure([*stats, "--ratings"], env) for _ in range(2))
        page = min(measure([*stats, "--player", "greedy"], env) for _ in range(2))
        cache = Path(data) / "rummy500" / "stats-cache.msgpack"
        cache_mb = cache.stat().st_size / 1e6 if cache.exists() else 0.0
    print(
        f"start-up (rummy500 --version): {start_up:.3f} s wall, {start_cpu:.3f} s CPU "
        "(the warm runs' baseline)"
    )
    print(
        f"cold  {cold:7.2f} s wall  {cold_cpu:7.2f} s CPU (all processes)  peak {cold_peak:5.0f} MB"
        "  (target < 60 s, < 200 MB)"
    )
    if not args.no_baseline:
        started = time.process_time()
        one_core = baseline_cold(folder)
        spent = time.process_time() - started
        print(
            f"      vs reading and checking every log on one core in-process: {one_core:.2f} s "
            f"wall, {spent:.2f} s CPU (ratio wall {cold / one_core:.2f}, CPU {cold_cpu / spent:.2f})"
        )
    print(
        f"warm  {warm:7.3f} s wall  {warm_cpu:7.3f} s CPU  peak {warm_peak:5.0f} MB  (target < 1 s;"
        f" {warm / start_up:.1f}x the start-up's wall, {warm_cpu / start_cpu:.1f}x its CPU)"
    )
    print(
        f"warm --ratings {ladder[0]:.3f} s wall {ladder[2]:.3f} s CPU; "
        f"--player {page[0]:.3f} s wall {page[2]:.3f} s CPU"
    )
    print(f"cache file {cache_mb:.1f} MB; cores {os.cpu_count()}; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
