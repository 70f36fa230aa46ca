"""Bot strength and speed against the targets of issues 15 and 31, printed as figures (run:
python tests/benchmarks/bots.py; it is long, run it in the background under nice).

The strength figures are measured with `rummy500 simulate` (the JSON summary), so each
can be checked by hand with the command line printed before it; `--jobs N` gives the
same games and the same figures as `--jobs 1`.

1. The ladder, heads-up, over the same deals with seats alternating, each win rate with
   its 95% Wilson interval: greedy beats random in at least 95% of games, strong beats
   greedy in 65%, and expert beats strong in 76% over at least 1,000 games with the
   interval's lower bound at least 73% (issue 31; issue 15 asked 70% and 66%).
2. Four-player games of one of each level: the win rates should order the same way, and
   expert should win at least 1.5 times as often as strong (issue 31; issue 15 asked
   1.3). The ratio is printed with an approximate 95% interval, by the delta method on
   its logarithm.
3. Speed: greedy vs greedy four-player games per second (target 20, one process);
   strong's mean time per move (target: under 5 ms); the expert's time per move at the
   default settings, every move it was asked for over a few heads-up games against
   strong and as many four-player games of one of each level, in this process: mean at
   most 100 ms, 99th percentile at most 300 ms.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import installed_env

from rummy500_cli.cli.simulate import DEFAULT_THINK

LADDER = {
    ("greedy", "random"): (0.95, None),
    ("strong", "greedy"): (0.65, None),
    ("expert", "strong"): (0.76, 0.73),
}
"""Heads-up steps: (target win rate, target lower bound of its interval or None)."""
FOUR_RATIO = 1.5
"""Four players, one of each level: expert's wins over strong's."""
EXPERT_MEAN_MS = 100.0
EXPERT_P99_MS = 300.0
STRONG_MEAN_MS = 5.0


def simulate(args: list[str], save: Path | None, name: str) -> dict:
    command = [sys.executable, "-m", "rummy500_cli.cli.main", "simulate", *args, "--json"]
    print("$ rummy500 simulate " + " ".join(args), flush=True)
    started = time.perf_counter()
    output = subprocess.run(
        command, check=True, capture_output=True, text=True, env=installed_env()
    ).stdout
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


def verdict(met: bool) -> str:
    return "meets" if met else "MISSES"


def ratio_interval(a: int, b: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """An approximate 95% interval of a/b, the wins of two seats of the same games (one
    multinomial: var log(a/b) = (1-pa)/(n pa) + (1-pb)/(n pb) + 2/n)."""
    if a == 0 or b == 0:
        return (0.0, math.inf)
    pa, pb = a / games, b / games
    se = math.sqrt((1 - pa) / (games * pa) + (1 - pb) / (games * pb) + 2 / games)
    centre = math.log(a / b)
    return (math.exp(centre - z * se), math.exp(centre + z * se))


def ladder(args: argparse.Namespace) -> None:
    print("== Strength ladder, heads-up, same deals, seats alternating ==")
    for (strong, weak), (target, floor) in LADDER.items():
        if args.skip_expert and "expert" in (strong, weak):
            continue
        games = args.games
        options = ["--games", str(games), "--bots", f"{strong},{weak}"]
        options += ["--jobs", str(args.jobs), "--seed", args.seed]
        if "expert" in (strong, weak):
            options += ["--think", str(args.think)]
        summary = simulate(options, args.save, f"ladder-{strong}-{weak}")
        figures = summary["levels"][strong]
        low = figures["win_ci"][0]
        line = (
            f"{strong} beats {weak}: {rate(figures)}; target {100 * target:.0f}%: "
            f"{verdict(figures['win_rate'] >= target)}"
        )
        if floor is not None:
            line += f"; lower bound {100 * floor:.0f}%: {verdict(low >= floor)}"
            if games < 1000:
                line += f" (over {games} games: the target asks for at least 1,000)"
        print(f"{line}  [{summary['wall_seconds']} s]", flush=True)
        for level in (strong, weak):
            timing = summary["timing"][level]
            print(f"  {level}: {timing['mean_ms']:.2f} ms/move over {timing['moves']} moves")


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
    print("ordered weakest to strongest:", "yes" if rates == sorted(rates) else "NO")
    if not args.skip_expert:
        expert, strong = summary["levels"]["expert"], summary["levels"]["strong"]
        wins, theirs = expert["wins"], strong["wins"]
        low, high = ratio_interval(wins, theirs, summary["played"])
        ratio = wins / theirs if theirs else math.inf
        print(
            f"expert wins / strong wins: {wins}/{theirs} = {ratio:.2f} "
            f"(approx. 95% CI {low:.2f}-{high:.2f}); target {FOUR_RATIO}: "
            f"{verdict(ratio >= FOUR_RATIO)}  [{summary['wall_seconds']} s]",
            flush=True,
        )


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
        f"(longest {timing['max_ms']:.1f} ms); target under {STRONG_MEAN_MS:.0f} ms: "
        f"{verdict(timing['mean_ms'] < STRONG_MEAN_MS)}",
        flush=True,
    )
    if not args.skip_expert:
        expert_times(args)


def expert_times(args: argparse.Namespace) -> None:
    """Every move the expert is asked for, timed in this process (wall clock, as
    `simulate` times them): heads-up games against strong, then four-player games of one
    of each level, the seats rotating."""
    from rummy500_cli.analysis.selfplay import bot_game
    from rummy500_cli.variants import make_rules

    try:
        from rummy500_cli.variants import make_rules
    except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
        from rummy500_cli.rules import make_rules

    lineups = (["expert", "strong"], ["random", "greedy", "strong", "expert"])
    for lineup in lineups:
        times: list[float] = []
        started = time.perf_counter()
        for game in range(args.budget_games):
            shift = game % len(lineup)
            seats = lineup[shift:] + lineup[:shift]
            expert_seat = seats.index("expert")

            def timer(
                seat: int, seconds: float, _seat: int = expert_seat, _times: list[float] = times
            ) -> None:
                if seat == _seat:
                    _times.append(seconds * 1000)

            seed = f"{args.seed}-time-{game // len(lineup)}"
            bot_game(len(seats), make_rules(), seed, seats, think=args.think, timer=timer)
        times.sort()
        mean = statistics.mean(times)
        p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]
        against = "strong" if len(lineup) == 2 else "random, greedy, strong"
        print(
            f"expert --think {args.think} vs {against}, {args.budget_games} games, "
            f"{len(times)} moves: mean {mean:.1f} ms/move (target at most "
            f"{EXPERT_MEAN_MS:.0f}: {verdict(mean <= EXPERT_MEAN_MS)}), median "
            f"{times[len(times) // 2]:.1f}, 99th percentile {p99:.0f} ms (target at most "
            f"{EXPERT_P99_MS:.0f}: {verdict(p99 <= EXPERT_P99_MS)}), longest "
            f"{times[-1]:.0f} ms  [{time.perf_counter() - started:.0f} s]",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="games per heads-up ladder step")
    parser.add_argument("--games4", type=int, default=200, help="four-player games")
    parser.add_argument("--speed-games", type=int, default=100, help="games for the speed figures")
    parser.add_argument(
        "--budget-games", type=int, default=20, help="games timing the expert move by move"
    )
    parser.add_argument(
        "--think", type=int, default=DEFAULT_THINK, help="the expert's budget (ms; the default's)"
    )
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
