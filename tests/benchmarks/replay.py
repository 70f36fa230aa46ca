"""Audit and replay speed, printed as figures (run: python tests/benchmarks/replay.py).

1. `verify` of a log of 100,000 events against msgspec's bare typed decode of the same
   lines, each in CPU time, in pairs (decode, verify, decode, verify...): a ratio per
   pair, and their median and quartiles. Target: within 5x. (The decode takes under a
   tenth of a second, so one disturbed run moves a single ratio by a third: the
   median of the pairs is the figure, the quartiles show the noise.)
2. `rummy500 replay LOG --at -1` on a 5,000-event game, wall time with start-up
   (median of several runs). Target: under 0.3 s.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec
from common import best_of, installed_env, long_log, spread

from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import Entry, parse_log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=9, help="pairs of runs")
    args = parser.parse_args()

    data = long_log(args.events)
    lines = data.splitlines()
    decoder = msgspec.json.Decoder(Entry)

    def bare() -> list[Entry]:
        return [decoder.decode(line) for line in lines]

    def verify() -> None:
        audit(parse_log(data, "bench"), "bench")

    # CPU time: on a shared machine the wall clock of the longer run loses more to other
    # work than the short decode does, which would inflate the ratio. Each run starts
    # from a collected heap, so neither pays for the garbage of the run before it.
    bases, fulls = [], []
    for _ in range(args.runs):
        gc.collect()
        bases.append(best_of(1, bare, time.process_time))
        gc.collect()
        fulls.append(best_of(1, verify, time.process_time))
    ratios = [full / base for base, full in zip(bases, fulls, strict=True)]
    full, base = statistics.median(fulls), statistics.median(bases)
    print(
        f"verify of {len(lines):,} events: median {full:.3f} s ({len(lines) / full:,.0f} "
        f"events/s); msgspec bare decode median {base:.3f} s; ratio per pair "
        f"{spread(ratios, 2)} (target <= 5x)"
    )

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        path.write_bytes(long_log(5_000, seed="replay"))
        command = [sys.executable, "-m", "rummy500_cli.cli.main", "replay", str(path), "--at", "-1"]
        env = installed_env()
        subprocess.run(command, check=True, capture_output=True, env=env)  # caches bytecode
        times = []
        for _ in range(7):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            times.append(time.perf_counter() - start)
        print(
            f"replay --at of the last event of a 5,000-event game: median "
            f"{statistics.median(times):.3f} s wall with start-up (target < 0.3 s)"
        )


if __name__ == "__main__":
    main()
