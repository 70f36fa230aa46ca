"""Strength at the level of single decisions: a quick screen for a bot's ideas
(run: python tests/benchmarks/decisions.py [--level expert]).

Whole games measure strength, but 1,000 games take about 25 minutes and a screen of
200 has a standard error near 3.5 points of %. This measures decisions instead, paired:
at positions of seeded strong-against-strong games (2 players, the standard rules;
every third decision with a real choice), the level's choice is compared with strong's
from the same position; where they differ, both are played out from the true state
(the real hands; the stock as it lies, then shuffled afresh for each further rollout),
the strong bot playing every seat to the round's end, and the gain is the mean
difference in the round's score spread. A position where the two agree counts as 0.

It prints the mean gain a decision with its standard error, by phase, and the level's
CPU time a decision. As a guide (2026-12, the default seed): random -2.46 (SE 1.08, 500
positions), greedy -1.41 (SE 0.51, 1,500), strong 0 (no choice differs), the expert at
think 300 +1.00 (SE 0.32, 1,000 positions, 25 s, 117 choices differ), whose games won
60.1% against strong over 1,000, and with its particle filter (`bots.particles`) +1.14
(SE 0.43, 184 differ), 67.7% of 1,000 games (its CPU here, about 330 ms a decision
before the filter skipped the rounds already over, was mostly the filter following the
game from its start for each position), 70.6% with Z 1.2 and 4 candidates; an expert
shown the other player's real hand measured about +1.5 (another seed, 4,000 positions)
and won 83.5% of 200 games. A few hundred positions are noise (greedy measured +1.13,
SE 1.09, at 300): use a thousand or more. It weighs one round's points, not the game
(going-out timing near the target is not seen): confirm a gain with the games of
bots.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import play_out_round, positions

from rummy500_cli.actions import AnyAction
from rummy500_cli.bots import make_bot
from rummy500_cli.bots.strong import StrongBot
from rummy500_cli.state import State, fold

POLICY = StrongBot(0, 0)


def rollout(state: State, action: AnyAction, me: int) -> int:
    """The round's score spread for `me` after the action, strong playing every seat."""
    return play_out_round(state.copy(), action, me, POLICY)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="expert", help="the level weighed against strong")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--think", type=int, default=300, help="the expert's budget (ms)")
    parser.add_argument("--rollouts", type=int, default=8, help="rollouts a differing choice")
    parser.add_argument("--seed", default="decisions")
    args = parser.parse_args()

    started = time.perf_counter()
    gains: list[float] = []
    by_phase: dict[str, list[float]] = {}
    cpu: list[float] = []
    differ = 0
    for number, (events, mark) in enumerate(positions(args.positions, args.seed, ["strong"])):
        history = events[:mark]
        state = fold(history)
        me = state.to_move
        seed = state.header.seed
        strong = make_bot("strong", seed, me)
        level = make_bot(args.level, seed, me, args.think)
        for bot in (strong, level):  # what each has seen of the game (bots that remember)
            if hasattr(bot, "observe"):
                for event in history:
                    bot.observe(event)
        usual = strong.choose(state)
        clock = time.process_time()
        chosen = level.choose(state)
        cpu.append(time.process_time() - clock)
        gain = 0.0
        if chosen != usual:
            differ += 1
            shuffle = random.Random(number)
            total = 0
            for turn in range(args.rollouts):
                world = state.copy()
                if turn:
                    shuffle.shuffle(world.stock)
                total += rollout(world, chosen, me) - rollout(world, usual, me)
            gain = total / args.rollouts
        gains.append(gain)
        by_phase.setdefault(state.phase, []).append(gain)

    def summary(values: list[float]) -> str:
        error = statistics.pstdev(values) / len(values) ** 0.5
        return (
            f"{statistics.fmean(values):+.2f} points a decision (SE {error:.2f}, n={len(values)})"
        )

    print(
        f"{args.level} --think {args.think} against strong at {len(gains)} positions "
        f"({differ} choices differ): {summary(gains)}"
    )
    for phase, values in sorted(by_phase.items()):
        print(f"  {phase}: {summary(values)}")
    print(
        f"  {args.level}: {1000 * statistics.fmean(cpu):.1f} ms CPU a decision; "
        f"[{time.perf_counter() - started:.0f} s]"
    )


if __name__ == "__main__":
    main()
