"""Helpers shared by the benchmark scripts (run them from the repository root)."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

from rummy500_cli.actions import AnyAction
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import RandomBot
from rummy500_cli.bots.knowledge import Knowledge
from rummy500_cli.bots.strong import StrongBot
from rummy500_cli.engine import legal_actions, new_game, play, resolve
from rummy500_cli.events import Event, GameEnded, RoundEnded
from rummy500_cli.records.log import encode_log
from rummy500_cli.state import State, fold
from rummy500_cli.variants import make_rules

try:
    from rummy500_cli.variants import make_rules
except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
    from rummy500_cli.rules import make_rules


def long_log(target_events: int, seed: str = "long") -> bytes:
    """One 2-player game between random bots, played on until it has enough events."""
    rules = make_rules({"target": 10**9, "max_rounds": 10**6})
    events = new_game(["P0", "P1"], rules, seed)
    state = fold(events)
    bots = [RandomBot(seed, seat) for seat in range(2)]
    while len(events) < target_events:
        events.extend(play(state, bots[state.to_move].choose(state)))
    return encode_log(events)


def installed_env(**extra: str) -> dict[str, str]:
    """This process's environment, for a timed run of the program as an installed copy
    runs: with its modules' bytecode cached. pip compiles what it installs, and a checkout
    caches its bytecode at the first import; but where PYTHONDONTWRITEBYTECODE is set, a
    checkout's every run would compile every module anew, about 0.1 s that no user pays.
    So that setting is dropped: the first run writes the cache (startup.py and replay.py
    start their series with an untimed run; in analysis.py and bots.py, whose runs take
    seconds, the first run's compile is a small part of one run of many)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    return env


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


def play_out_round(
    state: State, action: AnyAction, seat: int, policy: StrongBot
) -> tuple[int, bool]:
    """Play the action on `state` (changed in place), then the policy (the strong bot)
    for every seat to the round's end, seeing every hand; answer the round's score spread
    for `seat` in a 2-player game, and whether it won the game there."""
    won = False
    spread: int | None = None
    while spread is None:
        for event in resolve(state, action):
            state.apply(event)
            if isinstance(event, RoundEnded):
                scores = [score.score for score in event.scores]
                spread = scores[seat] - scores[1 - seat]
            elif isinstance(event, GameEnded):
                won = event.winner == seat
        if spread is None:
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                # the policy plays each seat in turn: the seat is its Knowledge's
                action = policy.decide(state, legal, Knowledge.build(state, state.to_move, None))[0]
    return spread, won


def positions(count: int, seed: str, levels: list[str]) -> list[tuple[list[Event], int]]:
    """(a game's events, how many came before the decision) for `count` decisions with
    a real choice (draw or play), every third of each seeded game between these levels,
    one seat each (2 players for the screens of decisions.py; placement.py's may have
    more)."""
    found: list[tuple[list[Event], int]] = []
    game = 0
    while len(found) < count:
        marks: list[int] = []

        def before(state: State, marks: list[int] = marks) -> None:
            if state.phase in ("draw", "play") and len(legal_actions(state)) > 1:
                marks.append(state.applied)

        players = len(levels)
        _, events = bot_game(players, make_rules(), f"{seed}-{game}", levels, before_move=before)
        found.extend((events, mark) for mark in marks[game % 3 :: 3])
        game += 1
    return found[:count]
