"""The judge's stopping rule replayed on recorded playouts (run: python
tests/benchmarks/judge_replay.py record FILE [--games N], then replay FILE).

`record` weighs the mixed games of analysis.py (section 2: the same games, both sample
seeds) with `analysis.judge` as it is, and keeps every playout's outcome (the candidate,
its chance of winning, the moves it cost) in FILE (pickle). `replay` runs the sampling
loop of `Judge.sample` again on those outcomes under other stopping rules and prints,
for each, the moves weighed (a ratio against the rule as it is) and the label agreement
between the seeds (as analysis.py section 2 counts it). A rule that stops no later than
the recorded one needs no new playouts, so a rule is tried in a second, not the
half hour of a recording; a rule that would sample further than the recording did is
reported as such. The first line checks the replay against the recording: the rule as
it is must give every recorded label again.

2026-12-05, recorded with judge version 2 (30 games; 58 of 63 alike as it was): stopping
earlier cost agreement every way tried. CLOSE_BUDGET 3: 0.85 of the moves, 51 of 62
alike; stopping a close call as unclear once its interval could not settle within the
budget ("futility"): 0.55-0.65 of the moves, 13-22 of 22-28 alike. Judge version 3
(the shorter horizon at three players or more) was recorded the same way for its
three- and four-player games: 60 of 64 alike, 0.81 of the moves in all.
"""

from __future__ import annotations

import argparse
import math
import pickle
from collections import Counter
from pathlib import Path


def record(path: Path, games: int) -> None:
    from analysis import mixed_games

    from rummy500_cli.analysis import judge

    rows: list[dict] = []
    sample, play_out = judge.Judge.sample, judge.Judge.play_out

    def recording_play_out(self, world, action, me, to_end):
        found = play_out(self, world, action, me, to_end)
        self.playouts.append((self.candidates.index(action), found[1], found[2]))
        return found

    def recording_sample(self, bot, state, masked, knowledge, candidates, played, seq):
        self.playouts, self.candidates = [], candidates
        decision = sample(self, bot, state, masked, knowledge, candidates, played, seq)
        least, budget = judge.sample_bounds(self.think)
        rows.append(
            dict(
                game=self.game,
                seed=self.sample_seed,
                seq=seq,
                count=len(candidates),
                mine=candidates.index(played),
                least=least,
                limit=budget.limit,
                label=decision.label,
                samples=decision.samples,
                playouts=self.playouts,
            )
        )
        return decision

    judge.Judge.sample, judge.Judge.play_out = recording_sample, recording_play_out
    for number, events in enumerate(mixed_games(games)):
        judge.Judge.game = number  # type: ignore[attr-defined]
        seats = list(range(len(events[0].players)))
        for seed in ("one", "two"):
            judge.judge_decisions(events, seats, 100, jobs=1, sample_seed=seed)
        print(f"game {number}: {len(rows)} decisions so far", flush=True)
    path.write_bytes(pickle.dumps(rows))


class Short(Exception):
    """The rule would sample further than the recording did."""


def replay_one(row: dict, close: float, futility: float | None) -> tuple[str | None, float, int]:
    """`Judge.sample`'s loop on the recorded playouts: the label, the moves, the deals."""
    from rummy500_cli.analysis import judge
    from rummy500_cli.analysis.verdicts import (
        SEVERE,
        band,
        beaten,
        interval,
        stop_spread,
        unclear_best,
        verdict,
    )

    count, mine = row["count"], row["mine"]
    playouts = iter(row["playouts"])
    chances: list[list[float]] = [[] for _ in range(count)]
    spent = 0.0
    samples = 0
    active = list(range(count))
    while True:
        for _ in range(judge.BATCH):
            for index in active:
                found = next(playouts, None)
                if found is None:
                    raise Short
                assert found[0] == index
                chances[index].append(found[1])
                spent += found[2]
            samples += 1
        best, drop, low, high = interval(chances, mine, active)
        if samples >= judge.MAX_SAMPLES:
            break
        if samples >= row["least"]:
            early = interval(chances, mine, active, stop_spread)
            if band(early[3]) not in SEVERE:
                best, drop, low, high = early
                break
            if spent >= row["limit"] * close:
                break
            if band(low) == band(high) and samples >= judge.SEVERE_SAMPLES:
                break
            if futility is not None:
                # the interval shrunk as the deals the budget still allows would shrink it
                left = max(row["limit"] * close - spent, 0.0)
                shrink = futility * math.sqrt(samples / (samples + left / (spent / samples)))
                unsettled = band(drop - (drop - low) * shrink) != band(
                    drop + (high - drop) * shrink
                )
                if unsettled and band(early[1] + (early[3] - early[1]) * shrink) in SEVERE:
                    break
            active = [i for i in active if i in (mine, best) or not beaten(chances, i, best)]
    label = verdict(drop, low, high) if best != mine else unclear_best(high)
    return label, spent, samples


def replay(path: Path) -> None:
    from rummy500_cli.analysis import judge
    from rummy500_cli.analysis.verdicts import SEVERE, UNCLEAR

    rows = pickle.loads(path.read_bytes())
    wrong = sum(
        replay_one(row, judge.CLOSE_BUDGET, None)[::2] != (row["label"], row["samples"])
        for row in rows
    )
    print(f"{len(rows)} decisions recorded; the replay differs from the recording at {wrong}")
    rules = [("as it is", judge.CLOSE_BUDGET, None)]
    rules += [(f"CLOSE_BUDGET {c:g}", c, None) for c in (3.0, 4.0, 5.0)]
    rules += [(f"futility x{f:g}", judge.CLOSE_BUDGET, f) for f in (0.8, 1.0)]
    base = None
    for name, close, futility in rules:
        labels: dict[tuple, str | None] = {}
        spent = 0.0
        try:
            for row in rows:
                label, moves, _ = replay_one(row, close, futility)
                labels[(row["game"], row["seq"], row["seed"])] = label
                spent += moves
        except Short:
            print(f"{name}: samples further than the recording")
            continue
        base = base or spent
        severe = same = contradicted = 0
        for (game, seq, seed), a in labels.items():
            b = labels.get((game, seq, "two"))
            if seed != "one" or (a not in SEVERE and b not in SEVERE):
                continue
            severe += 1
            same += a == b
            contradicted += a != b and UNCLEAR not in (a, b)
        shown = Counter(labels.values())
        print(
            f"{name}: moves {spent / base:.2f}; mistakes and blunders alike {same} of {severe} "
            f"({100 * same / max(severe, 1):.1f}%), contradicted {contradicted}; unclear "
            f"{shown[UNCLEAR]}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=("record", "replay"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    if args.action == "record":
        record(args.file, args.games)
    else:
        replay(args.file)


if __name__ == "__main__":
    main()
