"""Engine speed of two checkouts, side by side, in fine alternation (run from the
repository root: python tests/benchmarks/engine_pairs.py OLD_TREE NEW_TREE --units 40).

Two worker processes stay up, one importing each checkout's package (PYTHONPATH); they
play the same unit of work in turn, in the order old, new, new, old (then new, old,
old, new for the next unit), so that a drift of the machine's speed within a unit
weighs on both sides alike. A unit is a few seeded random-vs-random games with the full
legal-action list at every step, 2 and 4 players, standard and jokers, each timed by
its worker's own CPU time; the ratio new/old of a unit compares the same games a moment
apart, and the median over the units is the figure (with its quartiles), as
alternate.py does with whole runs. On a machine shared with other work this holds to a
few percent where whole runs of engine.py drift by tens.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from common import spread

WORK = [(2, {}), (4, {}), (2, {"jokers_per_deck": 2, "variant": "jokers"})]
"""(players, rule options) of the games of a unit, one game of each per seed."""
SEEDS = 1
"""Seeds per unit: unit k plays seeds SEEDS*k+1 .. SEEDS*k+SEEDS of every kind."""


def work(unit: int) -> tuple[float, int]:
    """Play unit `unit`; answer the CPU seconds it took and the actions played."""
    from rummy500_cli.bots import RandomBot
    from rummy500_cli.engine import legal_actions, new_game, play
    from rummy500_cli.state import fold

    try:
        from rummy500_cli.variants import make_rules
    except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
        from rummy500_cli.rules import make_rules

    actions = 0
    start = time.process_time()
    for players, options in WORK:
        rules = make_rules(dict(options))
        for seed in range(SEEDS * unit + 1, SEEDS * unit + SEEDS + 1):
            state = fold(new_game([f"P{i}" for i in range(players)], rules, seed))
            bots = [RandomBot(seed, seat) for seat in range(players)]
            while not state.over:
                legal = legal_actions(state)
                play(state, bots[state.to_move].choose(state, legal))
                actions += 1
    return time.process_time() - start, actions


def worker() -> None:
    """Answer `UNIT` lines on stdin with `SECONDS ACTIONS` lines."""
    for line in sys.stdin:
        seconds, actions = work(int(line))
        print(f"{seconds!r} {actions}", flush=True)


class Worker:
    def __init__(self, tree: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def run(self, unit: int) -> tuple[float, int]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{unit}\n")
        self.process.stdin.flush()
        seconds, actions = self.process.stdout.readline().split()
        return float(seconds), int(actions)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path, nargs="?")
    parser.add_argument("new", type=Path, nargs="?")
    parser.add_argument("--units", type=int, default=60)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    old, new = Worker(args.old), Worker(args.new)
    old.run(0), new.run(0)  # warm up: imports, caches
    ratios = []
    for unit in range(1, args.units + 1):
        order = [old, new, new, old] if unit % 2 else [new, old, old, new]
        times = {id(old): 0.0, id(new): 0.0}
        counts = set()
        for side in order:
            seconds, actions = side.run(unit)
            times[id(side)] += seconds
            counts.add(actions)
        assert len(counts) == 1, "the two checkouts played different games"
        old_time, new_time = times[id(old)], times[id(new)]
        old_actions = new_actions = 2 * counts.pop()
        ratios.append(old_time / new_time)  # new speed / old speed
        print(
            f"unit {unit}: {old_actions} actions, old {old_actions / old_time:,.0f}/s, "
            f"new {new_actions / new_time:,.0f}/s, new/old {ratios[-1]:.3f}",
            flush=True,
        )
    old.close(), new.close()
    print(f"engine speed new/old over {len(ratios)} units: {spread(ratios)}")


if __name__ == "__main__":
    main()
