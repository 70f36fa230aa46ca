"""Audit and replay speed, printed as figures (run: python tests/benchmarks/replay.py).

1. `verify` of a log of 100,000 events against msgspec's bare typed decode of the same
   lines, measured in the same run, each in CPU time. Target: within 5x.
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
from common import best_of, long_log

from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import Entry, parse_log


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

    # CPU time: on a shared machine the wall clock of the longer run loses more to other
    # work than the short decode does, which would inflate the ratio
    base = best_of(args.runs, bare, time.process_time)
    full = best_of(args.runs, verify, time.process_time)
    print(
        f"verify of {len(lines):,} events: {full:.2f} s ({len(lines) / full:,.0f} events/s); "
        f"msgspec bare decode {base:.2f} s; ratio {full / base:.2f}x (target <= 5x)"
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
