"""The expert against a seat whose program it does not know (run from the repository
root: python tests/benchmarks/unknown_seats.py --pairs 100 --levels greedy,strong).

For each level, heads-up on the same paired deals (each deal twice, the expert in seat 0
then in seat 1), the expert's wins against that level played two ways:

- inside: the seat's kind is `bot:LEVEL`, so the expert knows its program and models
  it exactly;
- outside: the same level as an outside program, its kind `exec:python
  tests/benchmarks/outside_bot.py LEVEL`, so the expert must learn it from its play
  (`bots/search/mixture.py`; before it, such a seat was modelled as the strong bot).

The outside seat is played in this process by a bot of the level (what the expert sees
is the header and the events, alike either way); `--protocol N` plays the first N deals
of each level through a real `exec:` program over the protocol as well and prints how
many of those games came out event for event as in this process. Each arm prints the
expert's win rate with its Wilson interval, and outside over inside as a ratio. Run it
on two checkouts (PYTHONPATH=OTHER/checkout) for a before and after: the inside arms
are the same games on both.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rummy500_cli
from rummy500_cli.analysis.summary import wilson
from rummy500_cli.bots import make_bot
from rummy500_cli.engine import new_game, resolve
from rummy500_cli.events import Event, RoundDealt
from rummy500_cli.seats import with_effort
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

SCRIPT = Path(__file__).with_name("outside_bot.py")


def outside_kind(level: str) -> str:
    return f"exec:{sys.executable} {SCRIPT} {level}"


def play(level: str, outside: bool, deal: str, expert: int, think: int, protocol: bool) -> Any:
    """One heads-up game, the expert in seat `expert`: (expert won: 1, 0 or 1/2, events)."""
    kinds = ["", ""]
    kinds[expert] = with_effort("bot:expert", think)
    kinds[1 - expert] = outside_kind(level) if outside else f"bot:{level}"
    events: list[Event] = new_game(["P0", "P1"], make_rules({}), deal, seats=kinds)
    state = fold(events)
    players: list[Any] = [None, None]
    players[expert] = make_bot("expert", deal, expert, think)
    players[1 - expert] = make_bot(level, deal, 1 - expert)
    program = None
    if protocol:
        from rummy500_cli.external import ExternalBot

        program = ExternalBot(kinds[1 - expert][5:], 1 - expert, timeout=60)
        players[1 - expert] = program
        program.start(state, kinds)
        since = max(i for i, e in enumerate(events) if isinstance(e, RoundDealt))
        program.inform(list(enumerate(events))[since:])
    watchers = [p.observe for p in players if p is not program]
    for event in events:
        for observe in watchers:
            observe(event)
    try:
        while not state.over:
            action = players[state.to_move].choose(state)
            new = resolve(state, action)
            first = len(events)
            for event in new:
                state.apply(event)
                events.append(event)
                for observe in watchers:
                    observe(event)
            if program is not None:
                program.inform(list(enumerate(new, first)))
    finally:
        if program is not None:
            program.close()
    score = 0.5 if state.winner is None else float(state.winner == expert)
    return score, events


def pair(job: tuple[str, bool, str, int, int, bool]) -> tuple[float, float, bool]:
    """One deal twice, seats swapped: the expert's two scores, and (with `protocol`)
    whether both games over the protocol were those of this process."""
    level, outside, seed, index, think, protocol = job
    deal = f"{seed}-{index}"
    scores = []
    same = True
    for expert in (0, 1):
        score, events = play(level, outside, deal, expert, think, False)
        scores.append(score)
        if protocol:
            _, piped = play(level, outside, deal, expert, think, True)
            same = same and piped == events
    return scores[0], scores[1], same


def pairs(jobs_list: list[tuple[str, bool, str, int, int, bool]], jobs: int) -> Iterator[Any]:
    if jobs <= 1:
        yield from map(pair, jobs_list)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(pair, jobs_list, chunksize=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=100, help="deals per arm (2 games each)")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--levels", default="greedy,strong")
    parser.add_argument("--arms", default="inside,outside")
    parser.add_argument("--think", type=int, default=300)
    parser.add_argument("--seed", default="unknown")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--protocol", type=int, default=0, metavar="N")
    parser.add_argument("--every", type=int, default=10, help="print the count every N pairs")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    print(
        f"expert (--think {args.think}) heads-up, {args.pairs} paired deals "
        f"({2 * args.pairs} games) an arm, seed {args.seed!r}; program "
        f"{Path(rummy500_cli.__file__).parent.parent}; load {os.getloadavg()[0]:.2f}"
    )
    print("level   arm      games  wins   win%   Wilson 95%    vs inside")
    for level in args.levels.split(","):
        inside = None
        for arm in args.arms.split(","):
            outside = arm == "outside"
            started = time.perf_counter()
            work = [
                (level, outside, args.seed, i, args.think, outside and i < args.protocol)
                for i in range(args.first, args.first + args.pairs)
            ]
            results = []
            for found in pairs(work, args.jobs):
                results.append(found)
                if args.every and len(results) % args.every == 0 and len(results) < args.pairs:
                    so_far = sum(a + b for a, b, _ in results)
                    print(f"  {level} {arm}: {so_far:g} of {2 * len(results)}", flush=True)
            games = 2 * len(results)
            wins = sum(a + b for a, b, _ in results)
            low, high = wilson(round(wins), games)
            rate = wins / games
            ratio = "" if inside is None or not inside else f"{rate / inside:.3f}"
            if not outside:
                inside = rate
            print(
                f"{level:7} {arm:7}  {games:5}  {wins:5g}  {100 * rate:5.1f}  "
                f"{100 * low:5.1f}-{100 * high:5.1f}   {ratio:9}  "
                f"({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
            if outside and args.protocol:
                checked = min(args.protocol, len(results))
                same = sum(s for _, _, s in results[:checked])
                print(
                    f"        over the protocol: {same} of {checked} deals played "
                    "event for event as in this process"
                )


if __name__ == "__main__":
    main()
