"""The tutor's answer time (run: python tests/benchmarks/tutor.py [--delay S] [--limit N]).

For each decision of seat 0 in the sample games (replays/two-players.jsonl and
replays/four-players.jsonl, and a seeded game of the random bot against the strong one,
whose many weak moves are the tutor's slow case: at most --limit each), the move that
was played is put to the tutor (`rummy500_cli.tutor.Lookahead`, the judge at `analyze`'s default budget):

- head start (what `play --tutor` does): the position is weighed in a background
  thread from the moment the prompt shows it; the move is entered --delay seconds
  later (a player reading the table) and the time from entering it to the verdict is
  measured;
- cold (the baseline, in the same run): the verdict asked with no head start and no
  patience limit, the Lookahead made first (a player who types the move at once).

The prompt waits `tutor.PATIENCE` (0.25 s) at most: a verdict not ready by then is
late (the move is played unchecked); the benchmark counts those, and checks that every
verdict given is the cold one. Printed: p50, p90, p99 and the worst of each, in ms, the
head start's as a ratio of the cold figures, the late ones, and how many verdicts were a
mistake or a blunder (the questions asked). The target: under 300 ms to answer. The
machine is shared: the figures are indicative.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rummy500_cli.analysis.judge import decision_points  # noqa: E402
from rummy500_cli.analysis.tutor import LATE, PATIENCE, Lookahead, warns  # noqa: E402
from rummy500_cli.engine import recorded_action  # noqa: E402
from rummy500_cli.line import played_line  # noqa: E402
from rummy500_cli.records.log import read_log  # noqa: E402

GAMES = ("replays/two-players.jsonl", "replays/four-players.jsonl")
TARGET_MS = 300.0


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def figures(values: list[float]) -> str:
    return " ".join(
        f"{name} {1000 * quantile(values, q):7.1f}"
        for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=float, default=1.0, help="seconds before the move")
    parser.add_argument("--limit", type=int, default=40, help="decisions per game")
    options = parser.parse_args()
    cold: list[float] = []
    warm: list[float] = []
    asked = late = 0
    print(f"cores: {len(os.sched_getaffinity(0))}, load: {os.getloadavg()[0]:.1f}")
    from rummy500_cli.analysis.selfplay import bot_game

    weak = bot_game(2, seed="tutor-bench", levels=["random", "strong"])[1]
    games = [(name, played_line(read_log(ROOT / name).events).events) for name in GAMES]
    games.append(("random against strong, seed tutor-bench", weak))
    for name, events in games:
        points = [
            (index, state)
            for index, _depth, state in decision_points(events, [0])
            if recorded_action(state, events[index]) is not None
        ][: options.limit]
        for index, state in points:
            action = recorded_action(state, events[index])
            assert action is not None
            start = time.perf_counter()
            verdict = Lookahead(events[:index], state).verdict(action)
            cold.append(time.perf_counter() - start)
            asked += warns(verdict)
            holder: dict[str, Lookahead] = {}
            ready = threading.Event()

            def work(history=events[:index], state=state, holder=holder, ready=ready) -> None:
                holder["ahead"] = Lookahead(history, state)
                ready.set()
                holder["ahead"].prepare()

            thread = threading.Thread(target=work, daemon=True)
            thread.start()
            time.sleep(options.delay)
            start = time.perf_counter()
            ready.wait(PATIENCE)
            ahead = holder.get("ahead")
            left = max(0.0, PATIENCE - (time.perf_counter() - start))
            again = LATE if ahead is None else ahead.verdict(action, left)
            warm.append(time.perf_counter() - start)
            ready.wait()
            holder["ahead"].close()
            thread.join()
            late += again == LATE
            assert again in (LATE, verdict)
        print(f"{name}: {len(points)} decisions of seat 0")
    print(f"cold (baseline)       ms: {figures(cold)}")
    print(f"head start {options.delay:.1f} s      ms: {figures(warm)}")
    ratio = quantile(warm, 0.99) / max(1e-9, quantile(cold, 0.99))
    print(f"head start p99 / cold p99: {ratio:.2f}")
    print(f"late (played unchecked after {PATIENCE} s): {late} of {len(warm)}")
    print(f"questions asked (mistake or blunder): {asked} of {len(cold)}")
    print(f"target: head start p99 under {TARGET_MS:.0f} ms: ", end="")
    print("met" if 1000 * quantile(warm, 0.99) < TARGET_MS else "NOT met")


if __name__ == "__main__":
    main()
