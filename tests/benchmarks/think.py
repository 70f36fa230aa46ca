"""What the expert's effort (`--think`) costs in time on this machine (run from the
repository root: python tests/benchmarks/think.py --games 6).

The effort is counted in work, so games replay alike anywhere; this prints what each
effort takes here, for the man pages' table: for each effort, the expert's time per move
(mean, median, 99th percentile, longest) over heads-up games against strong and over
games at a table of `--players` (one expert, the other seats strong), the same deals
for every effort; and the mean in milliseconds per unit of effort, whose steadiness from
effort to effort is what makes the time predictable (it grows in proportion). Below each
table's efforts, the strong bot's time per move over the same games (`--strong`: every
strong seat's decisions; they take no effort).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.variants import make_rules

try:
    from rummy500_cli.variants import make_rules
except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
    from rummy500_cli.rules import make_rules


def times(
    think: int,
    players: int,
    games: int,
    seed: str,
    cpu: bool = False,
    strong: list[float] | None = None,
) -> list[float]:
    """Every expert decision's time in ms over `games` games (expert in seat g % players);
    `cpu`: the process's CPU time for each decision rather than the wall clock's (on a
    loaded machine the wall clock counts the other processes' turns too); `strong`, if
    given, gets the strong seats' decisions' times."""
    found: list[float] = []
    rules = make_rules({})
    mark = [0.0]

    def before(state: object) -> None:
        mark[0] = time.process_time()

    for game in range(games):
        expert = game % players
        levels = ["strong"] * players
        levels[expert] = "expert"

        def timer(seat: int, seconds: float, expert: int = expert) -> None:
            took = 1000 * (time.process_time() - mark[0] if cpu else seconds)
            if seat == expert:
                found.append(took)
            elif strong is not None:
                strong.append(took)

        bot_game(
            players,
            rules,
            f"{seed}-{game // players}",
            levels,
            think=think,
            timer=timer,
            before_move=before if cpu else None,
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--efforts", default="75,150,300,600,1200")
    parser.add_argument("--games", type=int, default=6, help="games per effort and table")
    parser.add_argument("--tables", default="2,4", help="players at the tables measured")
    parser.add_argument("--seed", default="think")
    parser.add_argument("--cpu", action="store_true", help="CPU ms a decision, not wall ms")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    unit = "CPU ms of this process" if args.cpu else "wall ms"
    print(f"load average {load:.2f} on {os.cpu_count()} cores at the start; times are {unit}")
    print("players  effort  moves   mean  median    p99     max  ms per 100 effort")
    for players in (int(word) for word in args.tables.split(",")):
        strong: list[float] = []
        for index, think in enumerate(int(word) for word in args.efforts.split(",")):
            started = time.perf_counter()
            others = strong if index == 0 else None  # the same games' strong seats
            found = times(think, players, args.games, args.seed, args.cpu, others)
            line = row(found)
            print(
                f"{players:7d}  {think:6d}  {line}  {100 * statistics.fmean(found) / think:8.2f}"
                f"   ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
        print(f"{players:7d}  strong  {row(strong)}", flush=True)


def row(found: list[float]) -> str:
    """The count, mean, median, 99th percentile and longest of these times."""
    found = sorted(found)
    p99 = found[min(len(found) - 1, int(0.99 * len(found)))]
    return (
        f"{len(found):5d}  {statistics.fmean(found):5.1f}  "
        f"{statistics.median(found):6.1f}  {p99:5.1f}  {found[-1]:6.1f}"
    )


if __name__ == "__main__":
    main()
