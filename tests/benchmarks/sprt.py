"""Is bot A stronger than bot B? A sequential probability ratio test on paired deals, as
fishtest decides every change to Stockfish (run from the repository root:
python tests/benchmarks/sprt.py --a expert:think=600 --b expert --elo1 20 --jobs 2).

Each pair of games is one deal played twice with the seats swapped (A first, then B
first), so the luck of the cards cancels within the pair. A pair scores 0, 1/2 or 1 for
A (its wins in the two games, halved; a game stopped by `max_rounds` without a winner
counts half a win to each): the pentanomial view of the pairs (with halves) whose
frequencies the test reads. After each pair the generalized SPRT's log-likelihood ratio
of H1 (A is `--elo1` logistic Elo stronger than B) against H0 (`--elo0`) is

    LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)

(N pairs, m the mean pair score, v its variance, with two pseudo-pairs, one won and
one lost, so that a few pairs alike do not decide; s = 1 / (1 + 10^(-elo / 400))), the
normal approximation fishtest uses; the test stops when LLR leaves
[ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]: H1 accepted above, H0 below; or when
`--max-pairs` is reached or `--max-seconds` have passed, undecided. The pairs are played
in order over `--jobs` processes and read in order, so a run is the same for any number
of jobs (up to where a `--max-seconds` stops it).

A bot is `LEVEL[:think=N]` (random, greedy, strong, expert) or `FILE.py:CLASS[:think=N]`,
a bot class in a file of its own (the candidate version of a bot: copy the module,
change it, and test it against the level it would replace before it lands).

`--table random,greedy,strong` plays at a bigger table: each pair is one deal of a
table of those levels and one more seat, played once with A in that seat and once with B
(the same seat, the same deal; the seats and the order around the table rotate from pair
to pair as `simulate`'s do); a pair scores 1 when A won and B did not, 0 the other way,
1/2 when both or neither won. So it asks whether A wins more often than B in the same
place at the same table, and the Elo is only that test's scale. Beside A's and B's wins
it prints how many games each other level won in A's games and in B's, and, with a strong
seat at the table, A's (and B's) wins over strong's: the ladder's ratio at four
(`bots.py`'s, with its interval) on the test's own deals.

`--resume 156,0,541,0,183` goes on with a test that `--max-seconds` stopped undecided
(the same A, B, seed, table and bounds), from the next pair of the same seed: the
likelihood ratio reads only the pentanomial, so the verdict is the one the test would have
reached had it run on (heads-up the games won are read from it too; at a table, where it
does not hold who won each game, the wins printed are this run's only).

`--curve 75,150,300,600,1200` instead plays `--a` at each budget against `--b` for
`--max-pairs` pairs (no early stop, but `--max-seconds` of each budget's) and prints the
strength per doubling of the budget:
win rate with its Wilson interval and logistic Elo with its interval.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bots import ratio_interval

from rummy500_cli.analysis.summary import wilson
from rummy500_cli.bots import BOTS
from rummy500_cli.effort import DEFAULT_THINK
from rummy500_cli.engine import new_game, resolve
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

try:
    from rummy500_cli.variants import make_rules
except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
    from rummy500_cli.rules import make_rules


@dataclass(frozen=True)
class Spec:
    """One side of the test: a bot class and its keyword settings."""

    text: str
    source: str  # a level name, or FILE.py:CLASS
    settings: tuple[tuple[str, int], ...]

    def make(self, seed: str, seat: int) -> Any:
        """A bot for the seat: `think` is the level's effort (its third argument, as
        `bots.make_bot` passes it); any other setting is a keyword of a candidate class."""
        settings = dict(self.settings)
        think = settings.pop("think", None)
        return load_class(self.source)(seed, seat, think, **settings)

    def with_think(self, think: int) -> Spec:
        settings = dict(self.settings)
        settings["think"] = think
        return Spec(f"{self.source}:think={think}", self.source, tuple(sorted(settings.items())))


def parse_spec(text: str) -> Spec:
    """`LEVEL[:key=N...]` or `FILE.py:CLASS[:key=N...]`."""
    parts = text.split(":")
    if parts[0].endswith(".py"):
        if len(parts) < 2:
            raise SystemExit(f"{text}: write FILE.py:CLASS")
        source, rest = f"{parts[0]}:{parts[1]}", parts[2:]
    else:
        source, rest = parts[0], parts[1:]
        if source not in BOTS:
            raise SystemExit(f"{text}: unknown level {source!r}; choose from {', '.join(BOTS)}")
    settings = []
    for item in rest:
        key, sep, value = item.partition("=")
        if not sep or not value.isdigit():
            raise SystemExit(f"{text}: settings are key=N, e.g. expert:think=600")
        settings.append((key, int(value)))
    return Spec(text, source, tuple(sorted(settings)))


_CLASSES: dict[str, Callable[..., Any]] = {}


def load_class(source: str) -> Callable[..., Any]:
    """The bot class a source names: a level, or a class in a file (loaded once)."""
    if source in BOTS:
        return BOTS[source]
    if source not in _CLASSES:
        path, _, name = source.rpartition(":")
        module_spec = importlib.util.spec_from_file_location(f"candidate_{len(_CLASSES)}", path)
        if module_spec is None or module_spec.loader is None:
            raise SystemExit(f"{path}: cannot load it")
        module = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(module)
        _CLASSES[source] = getattr(module, name)
    return _CLASSES[source]


def play(a: Spec, b: Spec, seed: str, a_seat: int, rules: dict[str, Any]) -> float:
    """One heads-up game on the deal `seed`, A in seat `a_seat`: A's score (1, 0 or 1/2)."""
    seats = [b, b]
    seats[a_seat] = a
    events = new_game(["A" if s is a else "B" for s in seats], make_rules(rules), seed)
    state = play_through(events, [spec.make(seed, seat) for seat, spec in enumerate(seats)])
    if state.winner is None:
        return 0.5
    return 1.0 if state.winner == a_seat else 0.0


SEAT = "the seat"
"""At a table, the winner that is the seat played by A (or B), not another seat of its level."""


def play_at_table(
    spec: Spec, levels: list[str], seat: int, deal: str, rules: dict[str, Any]
) -> str | None:
    """One game on `deal` with these levels around the table and `spec` in `seat` (its
    header names it an expert, as the others see it): who won, `SEAT` (the spec) or
    another seat's level (None: no winner)."""
    from rummy500_cli.bots import make_bot

    names = [f"P{i}" for i in range(len(levels))]
    kinds = [f"bot:{level}" for level in levels]
    events = new_game(names, make_rules(rules), deal, seats=kinds)
    bots = [
        spec.make(deal, i) if i == seat else make_bot(level, deal, i)
        for i, level in enumerate(levels)
    ]
    winner = play_through(events, bots).winner
    return SEAT if winner == seat else None if winner is None else levels[winner]


def play_through(events: list[Any], bots: list[Any]) -> Any:
    """The game that `events` open, played to its end by `bots` (one a seat), each bot
    observing every event as a player at the table would: its final state."""
    state = fold(events)
    watchers = [bot.observe for bot in bots if hasattr(bot, "observe")]
    for event in events:
        for observe in watchers:
            observe(event)
    while not state.over:
        action = bots[state.to_move].choose(state)
        for event in resolve(state, action):
            state.apply(event)
            for observe in watchers:
                observe(event)
    return state


def play_pair(
    job: tuple[Spec, Spec, str, int, dict[str, Any], tuple[str, ...]],
) -> tuple[float, tuple[str | None, str | None] | None]:
    """One deal played twice: heads-up with the seats swapped, or (`table`) at a bigger
    table with A and then B in the same seat. A's pair score in [0, 1], and at a table
    who won each game (`play_at_table`'s)."""
    a, b, seed, index, rules, table = job
    if table:
        from rummy500_cli.analysis.selfplay import Config, game_plan

        config = Config(
            games=index + 1,
            players=len(table) + 1,
            bots=(*table, "expert"),
            seed=seed,
            rules=rules,
            think=DEFAULT_THINK,
        )
        deal, levels = game_plan(config, index)
        seat = levels.index("expert")
        winner_a = play_at_table(a, levels, seat, deal, rules)
        winner_b = play_at_table(b, levels, seat, deal, rules)
        won_a, won_b = winner_a == SEAT, winner_b == SEAT
        return (int(won_a) + 1 - int(won_b)) / 2, (winner_a, winner_b)
    deal = f"{seed}-{index}"
    return (play(a, b, deal, 0, rules) + play(a, b, deal, 1, rules)) / 2, None


def pairs(
    a: Spec,
    b: Spec,
    seed: str,
    count: int,
    jobs: int,
    rules: dict[str, Any],
    table: tuple[str, ...] = (),
    first: int = 0,
) -> Iterator[tuple[float, tuple[str | None, str | None] | None]]:
    """The pair scores in pair order (with `play_pair`'s wins at a table), played over
    `jobs` processes, from the pair numbered `first` (a test resumed) up to `count`."""
    work = [(a, b, seed, index, rules, table) for index in range(first, count)]
    if jobs <= 1:
        yield from map(play_pair, work)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(play_pair, work, chunksize=1)


def logistic(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def llr(scores: list[float], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 against H0 (normal approximation)."""
    n = len(scores)
    if n < 2:
        return 0.0
    mean = statistics.fmean(scores)
    # Two pseudo-pairs, one lost and one won, spread the variance while the pairs are few
    # (a few pairs alike would otherwise read as no spread at all, and decide at once).
    variance = (n * statistics.pvariance(scores, mean) + 2 * 0.25) / (n + 2)
    s0, s1 = logistic(elo0), logistic(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def pentanomial(scores: list[float]) -> list[int]:
    """How many pairs scored 0, 1/4, 1/2, 3/4 and 1 (quarters: half-won games)."""
    counts = [0] * 5
    for score in scores:
        counts[round(score * 4)] += 1
    return counts


def resumed(text: str | None) -> list[float]:
    """The pair scores of a test stopped undecided, from its pentanomial as printed
    ("156,0,541,0,183"): the test goes on from the next pair of the same seed, and the
    log-likelihood ratio reads only the counts, so it is the test that was stopped,
    continued."""
    if not text:
        return []
    words = text.strip("[] ").split(",")
    if len(words) != 5 or not all(word.strip().isdigit() for word in words):
        raise SystemExit(f"--resume {text}: five counts, e.g. 156,0,541,0,183")
    counts = [int(word) for word in words]
    return [quarter / 4 for quarter, count in enumerate(counts) for _ in range(count)]


def interval(scores: list[float]) -> tuple[float, float, float]:
    """A's mean pair score as Elo, with a 95% interval from the pairs' spread."""
    mean = statistics.fmean(scores)
    half = 1.96 * math.sqrt(statistics.pvariance(scores, mean) / len(scores))
    return elo_of(mean), elo_of(mean - half), elo_of(mean + half)


def sprt(args: argparse.Namespace, rules: dict[str, Any]) -> None:
    a, b = parse_spec(args.a), parse_spec(args.b)
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    print(
        f"SPRT {a.text} against {b.text}: H0 elo {args.elo0:g}, H1 elo {args.elo1:g}, "
        f"alpha {args.alpha:g}, beta {args.beta:g}, bounds [{lower:.2f}, {upper:.2f}], "
        f"at most {args.max_pairs} pairs, seed {args.seed!r}, rules {rules or 'standard'}",
        flush=True,
    )
    scores = resumed(args.resume)
    if scores:
        print(f"resumed after {len(scores)} pairs: {pentanomial(scores)}", flush=True)
    verdict = "undecided: --max-pairs reached"
    started = time.perf_counter()
    value = 0.0
    table = tuple(word for word in args.table.split(",") if word) if args.table else ()
    if table:
        print(f"at a table of {', '.join(table)} and A or B", flush=True)
    winners: tuple[Counter[str | None], Counter[str | None]] = (Counter(), Counter())
    first = len(scores)
    for score, won in pairs(a, b, args.seed, args.max_pairs, args.jobs, rules, table, first):
        scores.append(score)
        if won is not None:
            winners[0][won[0]] += 1
            winners[1][won[1]] += 1
        value = llr(scores, args.elo0, args.elo1)
        if len(scores) % args.every == 0:
            print(f"  {len(scores)} pairs: LLR {value:.2f} {pentanomial(scores)}", flush=True)
        if value >= upper:
            verdict = f"H1 accepted: {a.text} is stronger (by at least about {args.elo1:g} Elo)"
            break
        if value <= lower:
            verdict = f"H0 accepted: {a.text} is not {args.elo1:g} Elo stronger"
            break
        if args.max_seconds is not None and time.perf_counter() - started > args.max_seconds:
            verdict = f"undecided: --max-seconds {args.max_seconds:g} reached"
            break
    games = 2 * len(scores)
    elo, elo_low, elo_high = interval(scores)
    print(
        f"{verdict}\n"
        f"pairs {len(scores)} ({games} games, {time.perf_counter() - started:.0f} s); "
        f"pentanomial [0, 1/4, 1/2, 3/4, 1] {pentanomial(scores)}; LLR {value:.2f}"
    )
    if table:
        pairs_played = len(scores) - first  # a resumed test's earlier wins are not known
        if first:
            print(f"in the {pairs_played} pairs of this run:")
        for name, won_by in zip((a.text, b.text), winners, strict=True):
            count = won_by[SEAT]
            low, high = wilson(count, pairs_played)
            print(
                f"{name} won {count} of {pairs_played} games in the seat: "
                f"{100 * count / max(pairs_played, 1):.1f}% (Wilson 95% {100 * low:.1f}-"
                f"{100 * high:.1f})"
            )
            others = ", ".join(f"{level} {won_by[level]}" for level in table)
            if "strong" in table:
                strong = won_by["strong"]
                if count and strong:
                    low, high = ratio_interval(count, strong, pairs_played)
                    others += (
                        f"; {count / strong:.2f} times strong's wins (95% {low:.2f}-{high:.2f})"
                    )
            print(f"  in its games the others won: {others}")
    else:
        wins = round(sum(scores) * 2)
        low, high = wilson(wins, games)
        print(
            f"{a.text} won {wins} of {games} games: {100 * wins / games:.1f}% "
            f"(Wilson 95% {100 * low:.1f}-{100 * high:.1f})"
        )
    print(f"Elo {elo:+.0f} (95% {elo_low:+.0f} to {elo_high:+.0f}) by the pairs' spread")


def curve(args: argparse.Namespace, rules: dict[str, Any]) -> None:
    a, b = parse_spec(args.a), parse_spec(args.b)
    budgets = [int(word) for word in args.curve.split(",")]
    print(
        f"strength of {a.source} per --think against {b.text}: {args.max_pairs} pairs "
        f"({2 * args.max_pairs} games) each, seed {args.seed!r}, rules {rules or 'standard'}"
    )
    print("think  games  wins   win%   Wilson 95%     Elo  (95%)         ms/move")
    for think in budgets:
        side = a.with_think(think)
        started = time.process_time()
        wall = time.perf_counter()
        scores = []
        for score, _ in pairs(side, b, args.seed, args.max_pairs, args.jobs, rules):
            scores.append(score)
            if args.max_seconds is not None and time.perf_counter() - wall > args.max_seconds:
                print(f"  {think}: --max-seconds {args.max_seconds:g} reached", flush=True)
                break
            if len(scores) % args.every == 0 and len(scores) < args.max_pairs:
                print(f"  {think}: {round(2 * sum(scores))} of {2 * len(scores)}", flush=True)
        cpu = time.process_time() - started
        games = 2 * len(scores)
        wins = round(sum(scores) * 2)
        low, high = wilson(wins, games)
        elo, elo_low, elo_high = interval(scores)
        note = f"{1000 * cpu / games:.0f} ms/game (this process)" if args.jobs <= 1 else ""
        print(
            f"{think:5d}  {games:5d}  {wins:4d}  {100 * wins / games:5.1f}  "
            f"{100 * low:5.1f}-{100 * high:5.1f}  {elo:+6.0f}  ({elo_low:+.0f} to "
            f"{elo_high:+.0f})  {note}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--a", required=True, help="the candidate: LEVEL[:think=N] or FILE.py:CLASS"
    )
    parser.add_argument("--b", required=True, help="the baseline, the same forms")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=20.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--max-pairs", type=int, default=2000)
    parser.add_argument(
        "--max-seconds", type=float, default=None, help="stop undecided after this wall time"
    )
    parser.add_argument("--seed", default="sprt")
    parser.add_argument(
        "--resume",
        metavar="PENTANOMIAL",
        help="go on with a test stopped undecided (same A, B, seed and bounds): its "
        "pentanomial as printed, e.g. 156,0,541,0,183 (at a table the wins printed are this "
        "run's only)",
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--every", type=int, default=50, help="print the LLR every N pairs")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--curve", default=None, metavar="BUDGETS")
    parser.add_argument(
        "--table", default=None, metavar="LEVELS", help="the other seats' levels (SPRT only)"
    )
    args = parser.parse_args(argv)
    from rummy500_cli.rules import parse_rule_options

    rules: dict[str, Any] = dict(parse_rule_options(args.rule))
    make_rules(rules)  # a bad rule is told before any game
    sys.setrecursionlimit(10_000)
    (curve if args.curve else sprt)(args, rules)


if __name__ == "__main__":
    main()
