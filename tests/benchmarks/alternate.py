"""Run one benchmark script on two checkouts, alternating, and print each figure of the
new checkout as a ratio of the old one's in the same pair of runs.

    python tests/benchmarks/alternate.py OLD_TREE NEW_TREE --pairs 4 -- engine.py --seconds 3

Machine speed drifts by 30% or more over minutes, so a figure is only ever compared
with its baseline measured right beside it: old, new, old, new... (the order flips each
pair). Each run imports the package of its own tree (PYTHONPATH), with this Python;
the script is this checkout's for both. Figures are the numbers followed by a unit
per second (`12,345 actions/s`, `6.7 rounds/s`, `89,000 events/s`) on each line the
script prints.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

FIGURE = re.compile(r"([\d,]+(?:\.\d+)?) (\w+)/s")


def run(tree: Path, script: str, args: list[str]) -> list[tuple[str, float]]:
    """The figures one run of the script prints: (line label and unit, value). The script
    is this checkout's, the same for both trees; only the package imported differs."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, str(Path(__file__).parent / script), *args]
    output = subprocess.run(
        command, cwd=tree, env=env, check=True, capture_output=True, text=True
    ).stdout
    figures = []
    for line in output.splitlines():
        label = line.split(":")[0].strip()
        for value, unit in FIGURE.findall(line):
            figures.append((f"{label} [{unit}/s]", float(value.replace(",", ""))))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path, help="the baseline checkout")
    parser.add_argument("new", type=Path, help="the checkout measured against it")
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("script", help="the benchmark script in tests/benchmarks/")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the script's options")
    options = parser.parse_args()
    args = [arg for arg in options.args if arg != "--"]
    ratios: dict[str, list[float]] = {}
    for pair in range(options.pairs):
        order = [("old", options.old), ("new", options.new)]
        if pair % 2:
            order.reverse()
        results = {name: run(tree, options.script, args) for name, tree in order}
        line = []
        for (label, old), (_, new) in zip(results["old"], results["new"], strict=True):
            ratios.setdefault(label, []).append(new / old)
            line.append(f"{new / old:.3f}")
        print(f"pair {pair + 1} ({order[0][0]} first): " + " ".join(line), flush=True)
    print("new / old, per figure (each pair's ratio; median):")
    for label, values in ratios.items():
        pairs = " ".join(f"{value:.3f}" for value in values)
        print(f"  {label}: {pairs}; median {statistics.median(values):.3f}")


if __name__ == "__main__":
    main()
