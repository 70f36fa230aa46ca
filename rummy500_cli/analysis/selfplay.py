"""Games played out by bots, with no terminal: for simulations, tests and benchmarks.

`bot_game` plays one game. The rest is the tournament behind `rummy500 simulate`: which
seed and seats game i of a run gets (`game_plan`) and one game's figures (`play_one`,
`figures_of`); `summary` adds them up.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from ..bots import make_bot
from ..engine import new_game, resolve
from ..events import Event, GameEnded, PileTaken, RoundEnded
from ..rules import STANDARD, Rules
from ..seats import with_effort
from ..state import State, fold
from ..variants import find_variant, make_rules
from ..variants.partnership import team_of


def bot_game(
    players: int | Sequence[str],
    rules: Rules = STANDARD,
    seed: int | str = 0,
    levels: Sequence[str] = ("random",),
    on_event: Callable[[State, Event], None] | None = None,
    before_move: Callable[[State], None] | None = None,
    *,
    think: int | None = None,
    timer: Callable[[int, float], None] | None = None,
) -> tuple[State, list[Event]]:
    """Play a whole game between bots; answer the final state and every event.

    `levels` gives each seat's bot level in turn (repeated as needed); the log's header
    records them (`bot:LEVEL`). Every bot observes every event, as a player at the table
    would. `on_event` is called after each event is applied, with the state it led to;
    `before_move` before each bot decides, with the state it decides on. `think` is the
    expert's effort per move (see `effort`); `timer(seat, seconds)` hears how long each decision took.
    """
    names = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    seat_levels = [levels[i % len(levels)] for i in range(len(names))]
    kinds = [f"bot:{level}" for level in seat_levels]
    if think is not None:  # the header records a non-default effort: resume plays it alike
        kinds = [with_effort(kind, think) for kind in kinds]
    events = new_game(names, rules, seed, seats=kinds)
    state = fold(events)
    bots = [make_bot(level, seed, i, think) for i, level in enumerate(seat_levels)]
    watchers = [bot.observe for bot in bots]  # every Player observes (random: a no-op)
    for event in events:
        for observe in watchers:
            observe(event)
    clock = time.perf_counter
    while not state.over:
        if before_move is not None:
            before_move(state)
        seat = state.to_move
        started = clock()
        action = bots[seat].choose(state)
        if timer is not None:
            timer(seat, clock() - started)
        for event in resolve(state, action):
            state.apply(event)
            events.append(event)
            for observe in watchers:
                observe(event)
            if on_event is not None:
                on_event(state, event)
    return state, events


# --- Tournaments -------------------------------------------------------------------------


class Config(msgspec.Struct, frozen=True, kw_only=True):
    """What a run plays: the same config and game index always give the same game."""

    games: int
    players: int
    bots: tuple[str, ...]
    seed: str
    rules: dict[str, Any]
    """The rule options that differ from the standard game."""
    think: int

    def rules_struct(self) -> Rules:
        return make_rules(self.rules)


def game_plan(config: Config, index: int) -> tuple[str, list[str]]:
    """Game `index`'s seed and each seat's level.

    Games come in blocks of `players`, one seed to a block. Within a block the seats
    rotate game by game, so every level plays every seat of the same deals (no level
    keeps the first deal or the first turn): heads-up, games 0 and 1 are the same deals
    with the seats swapped. From block to block the order of the levels around the
    table (who plays after whom) goes through every permutation, so that no level
    always follows the same one (a weak player feeds the next one its discards).

    In a partnership game (RULES 8) the levels are not permuted: with one or two levels,
    partners play the same level, so a level's wins are its side's, and the rotation
    gives each level both sides of the same deals.
    """
    players = config.players
    block, turn = divmod(index, players)
    base = [config.bots[seat % len(config.bots)] for seat in range(players)]
    variant = find_variant(str(config.rules.get("variant", "none")))
    if variant is not None and variant.sides:
        order = base
    else:
        order = [base[i] for i in _permutation(players, block % math.factorial(players))]
    seats = [order[(seat + turn) % players] for seat in range(players)]
    return f"{config.seed}-{block}", seats


def _permutation(n: int, k: int) -> list[int]:
    """The k-th permutation of range(n) in lexicographic order (k < n!)."""
    items = list(range(n))
    out = []
    for size in range(n, 0, -1):
        position, k = divmod(k, math.factorial(size - 1))
        out.append(items.pop(position))
    return out


class SeatFigures(msgspec.Struct, kw_only=True):
    level: str
    won: bool
    final: int
    round_score: int
    go_outs: int
    takes: int
    depth: int
    moves: int = 0
    think_ns: int = 0
    think_max_ns: int = 0


class GameFigures(msgspec.Struct, kw_only=True):
    index: int
    seed: str
    finished: bool
    rounds: int
    seats: list[SeatFigures]
    log_sha256: str = ""
    """The SHA-256 of the game's log as `--out` writes it (the manifest lists it)."""


def play_one(config: Config, index: int, out: str | None = None) -> GameFigures:
    """Play game `index` of the run; write its log into the folder `out` if given."""
    from ..records.log import encode_log

    seed, levels = game_plan(config, index)
    rules = config.rules_struct()
    moves = [0] * config.players
    spent = [0] * config.players
    longest = [0] * config.players

    def timer(seat: int, seconds: float) -> None:
        ns = int(seconds * 1e9)
        moves[seat] += 1
        spent[seat] += ns
        longest[seat] = max(longest[seat], ns)

    state, events = bot_game(config.players, rules, seed, levels, think=config.think, timer=timer)
    log = encode_log(events)
    if out is not None:
        from ..manifest import log_name

        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / log_name(index)).write_bytes(log)
    figures = figures_of(config, index, levels, events, log, state)
    for seat, row in enumerate(figures.seats):
        row.moves, row.think_ns, row.think_max_ns = moves[seat], spent[seat], longest[seat]
    return figures


def figures_of(
    config: Config,
    index: int,
    levels: Sequence[str],
    events: Sequence[Event],
    log: bytes,
    state: State | None = None,
) -> GameFigures:
    """One game's figures from its events alone (and its log's bytes, for their hash),
    so that `verify` of an `--out` folder counts them again as the run did. The time
    each decision took is not in the log: the caller adds it."""
    import hashlib

    if state is None:
        state = fold(events)
    n = config.players
    round_scores = [0] * n
    outs = [0] * n
    takes = [0] * n
    depth = [0] * n
    rounds = 0
    for event in events:
        if isinstance(event, PileTaken):
            takes[event.seat] += 1
            depth[event.seat] += event.depth
        elif isinstance(event, RoundEnded):
            rounds += 1
            for seat, score in enumerate(event.scores):
                round_scores[seat] += score.score
            if event.went_out is not None:
                outs[event.went_out] += 1
    ended = events[-1]
    finished = isinstance(ended, GameEnded) and ended.winner is not None
    return GameFigures(
        index=index,
        seed=game_plan(config, index)[0],
        finished=finished,
        rounds=rounds,
        log_sha256=hashlib.sha256(log).hexdigest(),
        seats=[
            SeatFigures(
                level=levels[seat],
                won=state.winner is not None
                and team_of(state.winner, state.rules) == team_of(seat, state.rules),
                final=state.totals[seat],
                round_score=round_scores[seat],
                go_outs=outs[seat],
                takes=takes[seat],
                depth=depth[seat],
            )
            for seat in range(n)
        ],
    )
