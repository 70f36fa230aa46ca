"""Analysis figures: speed, stability of the verdicts, calibration of the win chance, and
the check of the late-round deep takes (run: python tests/benchmarks/analysis.py).

1. Wall time of `rummy500 analyze` on the sample games at the default settings (both
   cores), fresh (no saved analysis), alternating with the baseline commit's (`--baseline`,
   default 9e8ee13: the commit issue 28's work started from) in the same run; the ratio
   new/old. Targets (issue 28): two-players.jsonl <= 1.5 s, four-players.jsonl <= 4 s.
   The CPU time (both processes' user and system time) is printed beside it: on a
   machine shared with other work the wall time says more about the others' load than
   about the program.
2. Label agreement between two sample seeds over games of mixed strength (random,
   greedy, strong and expert seats, 2 to 4 players): of the decisions that either run
   calls a mistake or a blunder, how many get the same label from both (target: 95%);
   how many the other run contradicts (a different clear label: not `unclear`).
   2026-12-05, after issue 28's faster stopping: 58 of 63 (92.1%); the judge before it
   (9e8ee13) on the same games and seeds, its per-deal chances recorded: 59 of 64
   (92.2%). The 95.2% of issue 14 was measured on the games the bots played then.
   2026-12-05, after the shorter horizon at three players or more (judge version 3,
   `judge.LATE_STOCK_MANY`): 60 of 64 (93.8%), a different clear label 2 (3.1%),
   3706 decisions judged twice in 231 s on a loaded machine; every label alike 98.6%;
   with `judge.EARLY_DROP` too: 61 of 64 (95.3%; the rule was chosen on these games).
   On 60 games (--games 60, a fairer check: games 30-59 agree less): 120 of 134
   (89.6%), without EARLY_DROP 119 of 134 (88.8%), the judge before (f0f940e, version
   2) 116 of 132 (87.9%). The 95% is not reached in general.
   2026-12-05, 120 games (--games 120; per-deal outcomes recorded once with
   judge_replay.py, version 3 replayed exactly): games 0-59 120 of 134 (89.6%, a
   different clear label 4), games 60-119 119 of 137 (86.9%, 3), all 239 of 271
   (88.2%); every label alike 98.6%. EARLY_DROP, chosen on games 0-29, changes nothing
   on games 30-119 (178 of 207 with and without it) and costs 1.5% of the moves. The
   32 disagreements, classified with both seeds' deals pooled (96 to 800 deals a
   decision): 25 are one seed's mistake or blunder against the other's `unclear`, and
   in 20 of them the pooled drop lies within 0.01 of the threshold (0.074-0.090 at a
   mistake's, 0.140-0.153 at a blunder's): the labelled seed's interval had just
   cleared it (an end within 0.002 of it), the other sampled to its budget without
   settling; 6 are early stops at 2-8 deals on a heavy-tailed mixture (most deals
   alike, a few that end the game or turn the round: pooled drops 0.087-0.23, on the
   deals seen 0.00-0.04); 1 is a mistake at 60 deals against an inaccuracy at 132
   (pooled 0.072-0.078); none a mistake against a blunder; the best move differed in 5
   (2 of them early stops). Rules tried (judge_replay.py replay; chosen on games 0-59,
   reported on 60-119; none better than version 3 on games 0-59, so none adopted):
   a severe label confirmed by a wider interval where it reaches a mistake (against
   optional stopping: it is looked at every two deals), Z_SEVERE 2.75-3.25 with 6-9
   times the budget while in doubt: 85.9-87.9% and 81.0-83.6%, 2-7% more moves (the
   straddles move to decisions a little farther from the threshold); a close call's
   label read at the budget from a narrower interval (Z 2, 1.5, 1): 87.3-87.7% and
   83.2-87.2%, more contradictions; CLOSE_BUDGET 8 and 12: 88.4%, 89.9% and 87.8%,
   86.0%, 4-14% more moves; SEVERE_SAMPLES 40: 90.2% and 86.1%, 4% more; a looser
   pruning of the candidates (games 0-59, 17 decisions the recording was short for
   left out): 89.5%; the wider interval read at version
   3's stop, no more deals: 48-56%; a severe label confirmed later (the decision samples
   on to 1.5 or 2 times the deals at which it first settled in a severe band, and is
   labelled there: against a threshold cleared by luck at one look): 90.0% and 81.8%,
   89.9% and 82.0%, 6-10% more moves. The early stops on mixtures would need more deals
   at every early stop (at least 24 where a playout ended the game: about 17% more
   moves, estimated, and it would catch one of the six).
3. The win-chance model on held-out simulated games (seeds that the fit never saw):
   Brier score and a reliability table (predicted decile against the observed win
   rate), the fitted model against the old heuristic, at every sampled position and at
   the deals alone.
4. The late-round deep takes of replays/two-players.jsonl: the move played and the
   judge's better move, each played out to the round's end by the strong bot for every
   seat over 200 sampled deals (the same deals for both): the mean round score spread,
   its 95% interval, and the games won.

5. The hint against the analysis (issue 28): games of mixed levels in which seat 0
   follows the prompt's hint (`hint.judged_hint`, default settings) wherever it gives
   one; then `analyze`'s judge (default settings) on seat 0: of the decisions where the
   hint was followed, how many it labels a mistake or a blunder (target under 1%) and
   how many have the hint's first move as its best.

Sections: --only 1,2,3,4,5. Long: run it in the background under nice.
"""

from __future__ import annotations

import argparse
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ("two-players.jsonl", "stacked-deep-take.jsonl", "four-players.jsonl")


# --- 1. Wall time ----------------------------------------------------------------------


def _analyze_once(source: Path, log: Path, env_path: Path | None) -> tuple[float, float]:
    """Wall and CPU seconds (the processes' user and system time) of one fresh analyze."""
    import resource

    from common import installed_env

    for stale in log.parent.glob("*.analysis.jsonl"):
        stale.unlink()
    env = installed_env()
    if env_path is not None:
        env["PYTHONPATH"] = str(env_path)
    command = [sys.executable, "-m", "rummy500_cli.cli.main", "analyze", str(log)]
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=log.parent)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    return wall, cpu


def wall_times(baseline: str, runs: int) -> None:
    import os

    print("== 1. Wall time of rummy500 analyze LOG (default settings, fresh) ==", flush=True)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "baseline"
        base.mkdir()
        # the baseline's files, unpacked (git archive: nothing written into the repository)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", baseline],
            capture_output=True,
            check=False,
        )
        have_base = archive.returncode == 0
        if have_base:
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        for name in SAMPLES:
            log = Path(folder) / name
            shutil.copy(ROOT / "replays" / name, log)
            new, old = [], []
            for _ in range(runs):
                new.append(_analyze_once(ROOT / "replays" / name, log, ROOT))
                if have_base:
                    old.append(_analyze_once(ROOT / "replays" / name, log, base))
            walls = [wall for wall, _ in new]
            cpu = statistics.median(c for _, c in new)
            line = f"$ rummy500 analyze replays/{name}: median {statistics.median(walls):.2f} s"
            line += f" wall (runs {', '.join(f'{t:.2f}' for t in walls)}), {cpu:.2f} s CPU"
            if old:
                old_walls = [wall for wall, _ in old]
                old_cpu = statistics.median(c for _, c in old)
                line += (
                    f"; baseline {baseline} {statistics.median(old_walls):.2f} s wall, "
                    f"{old_cpu:.2f} s CPU; ratio wall "
                    f"{statistics.median(walls) / statistics.median(old_walls):.2f}, CPU "
                    f"{cpu / old_cpu:.2f}"
                )
            print(line, flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


# --- 2. Agreement ----------------------------------------------------------------------

MIXES = (
    ("random", "greedy"),
    ("greedy", "strong"),
    ("strong", "expert"),
    ("greedy", "greedy"),
    ("strong", "random"),
    ("greedy", "strong", "random"),
    ("strong", "strong", "greedy"),
    ("greedy", "random", "strong", "expert"),
)


def mixed_games(count: int) -> list[list]:
    from rummy500_cli.analysis.selfplay import bot_game
    from rummy500_cli.variants import make_rules

    try:
        from rummy500_cli.variants import make_rules
    except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
        from rummy500_cli.rules import make_rules

    games = []
    for number in range(count):
        levels = MIXES[number % len(MIXES)]
        rules = make_rules({"target": 500 if len(levels) == 2 else 300})
        _, events = bot_game(len(levels), rules, f"agree/{number}", levels, think=20)
        games.append(events)
    return games


def agreement(count: int, think: int, jobs: int | None) -> None:
    from rummy500_cli.analysis.judge import SEVERE, UNCLEAR, judge_decisions

    print(f"== 2. Label agreement between two sample seeds ({count} games, --think {think}) ==")
    games = mixed_games(count)
    same = contradicted = severe = unclear_pairs = decisions = 0
    labels: Counter[tuple[str | None, str | None]] = Counter()
    started = time.perf_counter()
    for events in games:
        seats = list(range(len(events[0].players)))
        first = judge_decisions(events, seats, think, jobs=jobs, sample_seed="one")
        second = judge_decisions(events, seats, think, jobs=jobs, sample_seed="two")
        assert [d.seq for d in first] == [d.seq for d in second]
        for a, b in zip(first, second, strict=True):
            decisions += 1
            labels[(a.label, b.label)] += 1
            if a.label in SEVERE or b.label in SEVERE:
                severe += 1
                if a.label == b.label:
                    same += 1
                elif UNCLEAR not in (a.label, b.label):
                    contradicted += 1
                else:
                    unclear_pairs += 1
    elapsed = time.perf_counter() - started
    print(
        f"{decisions} decisions judged twice in {elapsed:.0f} s; {severe} called a mistake or a "
        f"blunder by either run: the same label from both {same} "
        f"({100 * same / max(severe, 1):.1f}%; target 95%), the other run unclear {unclear_pairs}, "
        f"a different clear label {contradicted} ({100 * contradicted / max(severe, 1):.1f}%)"
    )
    clear = sum(n for (a, b), n in labels.items() if a == b)
    print(f"every label (none included): the same from both runs {100 * clear / decisions:.1f}%")
    for (a, b), n in sorted(labels.items(), key=lambda item: -item[1]):
        if a != b or a is not None:
            print(f"  {a or '-'} / {b or '-'}: {n}")


# --- 3. Calibration --------------------------------------------------------------------


def old_heuristic(totals, seat: int, gain: float, target: int) -> float:
    """The win chance that analyze used before the fitted model (kept for comparison)."""
    others = [total for index, total in enumerate(totals) if index != seat]
    lead = totals[seat] + gain - max(others)
    remaining = max(0, target - max(totals))
    scale = 10.0 + 0.25 * remaining
    fair = 1 / len(totals)
    logit = lead / scale + math.log(fair / (1 - fair))
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, logit))))


def calibration(games: int) -> None:
    from rummy500_cli.analysis.win_model import model
    from tools.fit_win_model import simulate_one

    fitted = model()
    print(
        f"== 3. Win chance on {games} held-out simulated games (model version {fitted.version}) =="
    )
    rows: dict[str, list[tuple[float, float]]] = {"new": [], "old": []}
    deals: dict[str, list[tuple[float, float]]] = {"new": [], "old": []}
    for number in range(games):
        game = simulate_one(f"heldout/{number}")
        if game["winner"] is None:
            continue
        target = game["target"]
        for position in game["positions"]:
            _round, _stock, _mover, totals, table, _cards, deadwood = position
            new = fitted.chances(position, target)
            standing = [t - d for t, d in zip(table, deadwood, strict=True)]
            at_deal = not any(table) and _mover >= 0 and _stock >= 20
            for seat in range(len(totals)):
                others = [s for i, s in enumerate(standing) if i != seat]
                gain = standing[seat] - sum(others) / len(others)
                won = 1.0 if seat == game["winner"] else 0.0
                old = old_heuristic(totals, seat, gain, target)
                rows["new"].append((new[seat], won))
                rows["old"].append((old, won))
                if at_deal:
                    deals["new"].append((new[seat], won))
                    deals["old"].append((old_heuristic(totals, seat, 0, target), won))

    def brier(pairs) -> float:
        return sum((p - y) ** 2 for p, y in pairs) / len(pairs)

    for name, sets in (("every sampled position", rows), ("the deals", deals)):
        print(
            f"Brier score over {len(sets['new'])} seat-positions at {name}: fitted "
            f"{brier(sets['new']):.4f}, old heuristic {brier(sets['old']):.4f}"
        )
    print(
        "reliability (every position): predicted decile: mean predicted / observed win rate (count)"
    )
    print(f"  {'decile':<9}{'fitted':>28}{'old heuristic':>30}")
    for decile in range(10):
        cells = []
        for name in ("new", "old"):
            inside = [
                (p, y)
                for p, y in rows[name]
                if decile / 10 <= p < (decile + 1) / 10 or (decile == 9 and p == 1)
            ]
            if inside:
                mean = sum(p for p, _ in inside) / len(inside)
                rate = sum(y for _, y in inside) / len(inside)
                cells.append(f"{mean:.3f} / {rate:.3f} ({len(inside):>6})")
            else:
                cells.append("-")
        print(f"  {decile / 10:.1f}-{(decile + 1) / 10:.1f}  {cells[0]:>28}{cells[1]:>30}")


# --- 4. The deep takes -----------------------------------------------------------------

DEEP_TAKES = {
    180: "take 10",
    182: "take 11",
    185: "take 12",
    187: "take 13",
    189: "take 14",
    191: "take 15",
    194: "take 13",
    196: "take 14",
    199: "take 15",
}
"""The late-round draws of replays/two-players.jsonl that the first judge called
blunders or mistakes, and its better move."""


def deep_takes(deals: int) -> None:
    from common import play_out_round

    from rummy500_cli.bots.expert import ExpertBot
    from rummy500_cli.bots.knowledge import determinize, masked_state
    from rummy500_cli.bots.strong import StrongBot
    from rummy500_cli.engine import recorded_action
    from rummy500_cli.language import parse_action
    from rummy500_cli.records.log import read_log
    from rummy500_cli.state import State

    print(f"== 4. Late-round deep takes of two-players.jsonl, played out over {deals} deals ==")
    events = read_log(ROOT / "replays" / "two-players.jsonl").events
    state = State(events[0])
    for index in range(1, len(events)):
        if index in DEEP_TAKES:
            seat = state.to_move
            bot = ExpertBot(events[0].seed, seat, 100)
            bot.catch_up(events[:index])
            knowledge = bot.knowledge(state)
            masked = masked_state(state, knowledge)
            moves = (recorded_action(state, events[index]), parse_action(DEEP_TAKES[index], state))
            strong = StrongBot(events[0].seed, seat)
            own = strong.explain(state)[0].text()
            rng = bot.rng(state, "/deep-takes")
            spreads: list[list[float]] = [[], []]
            won = [0, 0]
            for sample in range(deals):
                world = determinize(masked, knowledge, rng, f"deep/{sample}")
                for which, move in enumerate(moves):
                    spread, game_won = play_out_round(world.copy(), move, seat, strong)
                    won[which] += game_won
                    spreads[which].append(spread)
            diffs = [b - a for a, b in zip(*spreads, strict=True)]
            mean = statistics.fmean(diffs)
            error = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            print(
                f"event {index} {state.players[seat]} (stock {len(state.stock)}): played "
                f"{moves[0].text()}: round spread {statistics.fmean(spreads[0]):+.1f}, won "
                f"{won[0]}/{deals}; {moves[1].text()}: {statistics.fmean(spreads[1]):+.1f}, won "
                f"{won[1]}/{deals}; difference {mean:+.1f} +/- {error:.1f}; strong itself plays "
                f"{own}",
                flush=True,
            )
        state.apply(events[index])


# --- 5. The hint against the analysis ----------------------------------------------------


def hint_agreement(count: int) -> None:
    from rummy500_cli.analysis.hint import judged_hint
    from rummy500_cli.analysis.judge import SEVERE, judge_decisions
    from rummy500_cli.bots import make_bot
    from rummy500_cli.engine import new_game, resolve
    from rummy500_cli.state import fold
    from rummy500_cli.variants import make_rules

    print(f"== 5. The hint against the analysis ({count} games, seat 0 follows the hint) ==")
    started = time.perf_counter()
    followed = severe = best = labelled = 0
    hint_cpu: list[float] = []
    for number in range(count):
        levels = ("hint", *MIXES[number % len(MIXES)][1:])
        rules = make_rules({"target": 300})
        seed = f"hint/{number}"
        events = new_game([f"P{i}" for i in range(len(levels))], rules, seed)
        state = fold(events)
        bots = {i: make_bot(level, seed, i, 20) for i, level in enumerate(levels) if i}
        bots[0] = make_bot("strong", seed, 0)
        hinted: dict[int, str] = {}
        while not state.over:
            seat = state.to_move
            action = None
            if seat == 0:
                clock = time.process_time()
                hint = judged_hint(events, state)
                hint_cpu.append(time.process_time() - clock)
                if hint is not None:
                    action = hint.actions[0]
                    hinted[len(events)] = action.text()
            if action is None:
                bot = bots[seat]
                if hasattr(bot, "catch_up"):
                    bot.catch_up(events)
                action = bot.choose(state)
            for event in resolve(state, action):
                state.apply(event)
                events.append(event)
        judged = {d.seq: d for d in judge_decisions(events, [0])}
        for seq, move in hinted.items():
            decision = judged.get(seq)
            followed += 1
            if decision is None:
                best += 1  # nothing to weigh in the analysis: the only sensible move
                continue
            assert decision.played == move
            labelled += decision.label is not None
            severe += decision.label in SEVERE
            best += decision.best == move
    hint_cpu.sort()
    print(
        f"{followed} decisions where the hint was followed, {count} games, "
        f"{time.perf_counter() - started:.0f} s: analyze labels the hint's first move a mistake "
        f"or a blunder {severe} times ({100 * severe / max(followed, 1):.2f}%; target under 1%), "
        f"any label (unclear and inaccuracy too) {labelled} ({100 * labelled / max(followed, 1):.2f}%); "
        f"the hint's first move is analyze's best {best} times ({100 * best / max(followed, 1):.1f}%)"
    )
    if hint_cpu:
        print(
            f"the hint's CPU time: median {1000 * hint_cpu[len(hint_cpu) // 2]:.0f} ms, p99 "
            f"{1000 * hint_cpu[int(0.99 * (len(hint_cpu) - 1))]:.0f} ms over {len(hint_cpu)} positions of seat 0"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default="1,2,3,4,5")
    parser.add_argument("--baseline", default="9e8ee13")
    parser.add_argument("--hint-games", type=int, default=30, help="games for section 5")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=30, help="games for the agreement")
    parser.add_argument("--think", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--heldout", type=int, default=400, help="held-out games")
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    sections = {int(x) for x in args.only.split(",")}
    if 1 in sections:
        wall_times(args.baseline, args.runs)
    if 2 in sections:
        agreement(args.games, args.think, args.jobs)
    if 3 in sections:
        calibration(args.heldout)
    if 4 in sections:
        deep_takes(args.deals)
    if 5 in sections:
        hint_agreement(args.hint_games)


if __name__ == "__main__":
    main()
