"""Helpers shared by the benchmark scripts (run them from the repository root)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from rummy500_cli.bots import RandomBot
from rummy500_cli.engine import new_game, play
from rummy500_cli.records.log import encode_log
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


def spread(ratios: list[float], digits: int = 3) -> str:
    """A list of ratios as its median with quartiles and mean, the form every side-by-side
    benchmark prints."""
    low, _, high = statistics.quantiles(ratios, n=4)
    return (
        f"median {statistics.median(ratios):.{digits}f} (quartiles {low:.{digits}f}-"
        f"{high:.{digits}f}; mean {statistics.fmean(ratios):.{digits}f})"
    )


def best_of(
    runs: int, work: Callable[[], object], clock: Callable[[], float] = time.perf_counter
) -> float:
    """The shortest time of several runs (the least disturbed by the machine), by wall
    clock or by `clock` (time.process_time: the process's CPU time)."""
    best = float("inf")
    for _ in range(runs):
        start = clock()
        work()
        best = min(best, clock() - start)
    return best
