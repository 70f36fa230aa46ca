"""Bot strength and speed, printed as figures (run: python tests/benchmarks/bots.py).

Every figure is measured with `rummy500 simulate` (the JSON summary), so it can be
checked by hand with the same command line, which is printed before each figure.

1. The strength ladder, heads-up, seats alternating over the same deals: greedy beats
   random in at least 95% of games, strong beats greedy in 65%, expert beats strong in
   58% (targets of issue 4), each with its 95% Wilson interval.
2. Four-player games of one each: the win rates should order the same way.
3. Speed: greedy vs greedy four-player games to 500 (target: 20 per second, one
   process); strong's mean time per move (target: under 5 ms); the expert's time per
   move against its budget, over the moves where it searched (in process, a few games).

Long: run it in the background (`nohup python tests/benchmarks/bots.py > bots.txt &`).
Use --think to give the expert less time per move, --games for shorter ladders.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGETS = {("greedy", "random"): 0.95, ("strong", "greedy"): 0.65, ("expert", "strong"): 0.58}


def simulate(args: list[str], save: Path | None, name: str) -> dict:
    command = [sys.executable, "-m", "rummy500_cli.cli.main", "simulate", *args, "--json"]
    print("$ rummy500 simulate " + " ".join(args), flush=True)
    started = time.perf_counter()
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    summary = json.loads(output)
    summary["wall_seconds"] = round(time.perf_counter() - started, 1)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        (save / f"{name}.json").write_text(json.dumps(summary, indent=2))
    return summary


def rate(figures: dict) -> str:
    low, high = figures["win_ci"]
    return (
        f"{100 * figures['win_rate']:.1f}% ({figures['wins']}/{figures['seat_games']}, "
        f"95% CI {100 * low:.1f}-{100 * high:.1f})"
    )


def ladder(args: argparse.Namespace) -> None:
    print("== Strength ladder, heads-up ==")
    for (strong, weak), target in TARGETS.items():
        if args.skip_expert and "expert" in (strong, weak):
            continue
        options = ["--games", str(args.games), "--bots", f"{strong},{weak}"]
        options += ["--jobs", str(args.jobs), "--seed", args.seed]
        if "expert" in (strong, weak):
            options += ["--think", str(args.think)]
        summary = simulate(options, args.save, f"ladder-{strong}-{weak}")
        figures = summary["levels"][strong]
        low = figures["win_ci"][0]
        verdict = "meets" if figures["win_rate"] >= target else "MISSES"
        print(
            f"{strong} beats {weak}: {rate(figures)}; target {100 * target:.0f}%: {verdict}"
            f"{' (the whole interval is above it)' if low >= target else ''}"
            f"  [{summary['wall_seconds']} s]",
            flush=True,
        )


def four(args: argparse.Namespace) -> None:
    print("== Four players, one of each ==")
    levels = "random,greedy,strong" if args.skip_expert else "random,greedy,strong,expert"
    options = ["--games", str(args.games4), "--bots", levels, "--jobs", str(args.jobs)]
    options += ["--think", str(args.think), "--seed", args.seed]
    summary = simulate(options, args.save, "four")
    ordered = list(summary["levels"].items())
    for level, figures in ordered:
        print(f"{level:>7}: {rate(figures)}; mean final {figures['mean_final']:.0f}")
    rates = [figures["win_rate"] for _, figures in ordered]
    print("ordered weakest to strongest:", "yes" if rates == sorted(rates) else "NO", flush=True)


def speed(args: argparse.Namespace) -> None:
    print("== Speed ==")
    summary = simulate(
        ["--games", str(args.speed_games), "--players", "4", "--bots", "greedy"],
        args.save,
        "speed-greedy",
    )
    per_second = summary["played"] / summary["wall_seconds"]
    print(
        f"greedy vs greedy, 4 players to 500: {per_second:.1f} games/s "
        f"(wall clock, one process, start-up included; target 20)"
    )
    timing = summary["timing"]["greedy"]
    print(f"  greedy: {timing['mean_ms']:.3f} ms/move over {timing['moves']} moves")
    summary = simulate(
        ["--games", str(args.speed_games), "--bots", "strong,greedy"], args.save, "speed-strong"
    )
    timing = summary["timing"]["strong"]
    print(
        f"strong: {timing['mean_ms']:.3f} ms/move on average over {timing['moves']} moves "
        f"(longest {timing['max_ms']:.1f} ms; target: under 5 ms on average)",
        flush=True,
    )
    if not args.skip_expert:
        expert_budget(args)


def expert_budget(args: argparse.Namespace) -> None:
    """Time the expert's searches in process (the moves where it had a real choice)."""
    from rummy500_cli.bots.expert import ExpertBot
    from rummy500_cli.rules import make_rules
    from rummy500_cli.selfplay import bot_game

    for think in sorted({args.think, 300}):
        times: list[float] = []
        original = ExpertBot.decide

        def timed(self, *rest, _original=original, _times=times):
            started = time.perf_counter()
            result = _original(self, *rest)
            if self.last_samples:
                _times.append((time.perf_counter() - started) * 1000)
                self.last_samples = 0
            return result

        ExpertBot.decide = timed
        try:
            for game in range(args.budget_games):
                bot_game(2, make_rules(), f"budget-{game}", ["expert", "strong"], think=think)
        finally:
            ExpertBot.decide = original
        times.sort()
        over = sum(t > think for t in times)
        print(
            f"expert --think {think}: {len(times)} searches, mean {statistics.mean(times):.0f} ms, "
            f"median {times[len(times) // 2]:.0f}, 95th percentile {times[int(len(times) * 0.95)]:.0f}, "
            f"longest {times[-1]:.0f} ms; over budget: {over} ({100 * over / len(times):.1f}%)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, default=400, help="games per heads-up ladder step")
    parser.add_argument("--games4", type=int, default=200, help="four-player games")
    parser.add_argument("--speed-games", type=int, default=100, help="games for the speed figures")
    parser.add_argument("--budget-games", type=int, default=3, help="games timing the expert")
    parser.add_argument("--think", type=int, default=300, help="the expert's budget (ms)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (the machine has 2 cores)")
    parser.add_argument("--seed", default="bench", help="the runs' seed")
    parser.add_argument("--save", type=Path, default=None, help="keep every JSON summary here")
    parser.add_argument("--skip-expert", action="store_true", help="leave the expert out")
    parser.add_argument(
        "--only", choices=["ladder", "four", "speed"], action="append", help="run only these parts"
    )
    args = parser.parse_args()
    parts = args.only or ["speed", "ladder", "four"]
    for part in parts:
        {"ladder": ladder, "four": four, "speed": speed}[part](args)


if __name__ == "__main__":
    main()
