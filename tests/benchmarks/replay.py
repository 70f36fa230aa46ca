"""Audit and replay speed, printed as figures (run: python tests/benchmarks/replay.py).

1. `verify` of a log of 100,000 events against msgspec's bare typed decode of the same
   lines, measured in the same run. Target: within 6x.
2. `rummy500 replay LOG --at -1` on a 5,000-event game, wall time with start-up
   (median of several runs). Target: under 0.3 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

from rummy500_cli.audit import audit
from rummy500_cli.bots import RandomBot
from rummy500_cli.engine import new_game, play
from rummy500_cli.log import Entry, encode_log, parse_log
from rummy500_cli.rules import make_rules
from rummy500_cli.state import fold


def long_log(target_events: int, seed: str = "long") -> bytes:
    """One 2-player game between random bots, played on until it has enough events."""
    rules = make_rules({"target": 10**9, "max_rounds": 10**6})
    events = new_game(["P0", "P1"], rules, seed)
    state = fold(events)
    bots = [RandomBot(seed, seat) for seat in range(2)]
    while len(events) < target_events:
        events.extend(play(state, bots[state.to_move].choose(state)))
    return encode_log(events)


def best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    data = long_log(args.events)
    lines = data.splitlines()
    decoder = msgspec.json.Decoder(Entry)

    def bare() -> list[Entry]:
        return [decoder.decode(line) for line in lines]

    def verify() -> None:
        audit(parse_log(data, "bench"), "bench")

    base = best_of(args.runs, bare)
    full = best_of(args.runs, verify)
    print(
        f"verify of {len(lines):,} events: {full:.2f} s ({len(lines) / full:,.0f} events/s); "
        f"msgspec bare decode {base:.2f} s; ratio {full / base:.2f}x (target <= 6x)"
    )

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        path.write_bytes(long_log(5_000, seed="replay"))
        command = [sys.executable, "-m", "rummy500_cli.cli.main", "replay", str(path), "--at", "-1"]
        times = []
        for _ in range(7):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        print(
            f"replay --at of the last event of a 5,000-event game: median "
            f"{statistics.median(times):.3f} s wall with start-up (target < 0.3 s)"
        )


if __name__ == "__main__":
    main()
