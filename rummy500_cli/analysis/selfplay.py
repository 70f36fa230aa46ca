"""Games played out by bots, with no terminal: for simulations, tests and benchmarks.

`bot_game` plays one game. The rest is the tournament behind `rummy500 simulate`: which
seed and seats game i of a run gets (`game_plan`), one game's figures (`play_one`), and
summaries that are sums of integers, so that they add up the same whatever the order,
the number of processes or the slices they were played in (`summarize`, `merge`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from ..bots import make_bot
from ..engine import new_game, resolve
from ..events import Event, GameEnded, PileTaken, RoundEnded
from ..manifest import games_sha256, program
from ..rules import STANDARD, Rules, make_rules
from ..seats import with_effort
from ..sides import team_of
from ..state import State, fold
from ..variants import find_variant

SUMMARY_KIND = "rummy500-simulate"
SUMMARY_VERSION = 2
"""2 added `program` and `games_sha256` (see `manifest`)."""


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
    watchers = [bot.observe for bot in bots if hasattr(bot, "observe")]
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


COUNTS = ("seat_games", "wins", "final", "round_score", "rounds", "go_outs", "takes", "depth")
"""The integer sums kept per level; every figure of a summary is derived from them."""


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _level_figures(sums: dict[str, int]) -> dict[str, Any]:
    games = sums["seat_games"]
    low, high = wilson(sums["wins"], games)

    def ratio(a: int, b: int) -> float:
        return round(a / b, 4) if b else 0.0

    return {
        **sums,
        "win_rate": ratio(sums["wins"], games),
        "win_ci": [round(low, 4), round(high, 4)],
        "mean_final": ratio(sums["final"], games),
        "mean_round": ratio(sums["round_score"], sums["rounds"]),
        "rounds_per_game": ratio(sums["rounds"], games),
        "go_outs_per_game": ratio(sums["go_outs"], games),
        "go_out_rate": ratio(sums["go_outs"], sums["rounds"]),
        "takes_per_game": ratio(sums["takes"], games),
        "mean_depth": ratio(sums["depth"], sums["takes"]),
    }


def _timing_figures(moves: int, ns: int, max_ns: int) -> dict[str, Any]:
    return {
        "moves": moves,
        "total_ms": round(ns / 1e6, 3),
        "mean_ms": round(ns / 1e6 / moves, 4) if moves else 0.0,
        "max_ms": round(max_ns / 1e6, 3),
    }


def summarize(
    config: Config, results: Iterable[GameFigures], shard: tuple[int, int] | None = None
) -> dict[str, Any]:
    """The JSON summary of a run (or of one slice of it)."""
    sums: dict[str, dict[str, int]] = {}
    timing: dict[str, list[int]] = {}
    hashes: list[tuple[int, str]] = []
    played = unfinished = 0
    for game in results:
        hashes.append((game.index, game.log_sha256))
        played += 1
        unfinished += not game.finished
        for seat in game.seats:
            level = sums.setdefault(seat.level, dict.fromkeys(COUNTS, 0))
            level["seat_games"] += 1
            level["wins"] += seat.won
            level["final"] += seat.final
            level["round_score"] += seat.round_score
            level["rounds"] += game.rounds
            level["go_outs"] += seat.go_outs
            level["takes"] += seat.takes
            level["depth"] += seat.depth
            clock = timing.setdefault(seat.level, [0, 0, 0])
            clock[0] += seat.moves
            clock[1] += seat.think_ns
            clock[2] = max(clock[2], seat.think_max_ns)
    return _summary(
        config,
        played,
        unfinished,
        sums,
        {level: (m, ns, mx) for level, (m, ns, mx) in timing.items()},
        None if shard is None else {"of": shard[1], "done": [shard[0]]},
        games_sha256(hashes),
    )


def _summary(
    config: Config,
    played: int,
    unfinished: int,
    sums: dict[str, dict[str, int]],
    timing: dict[str, tuple[int, int, int]],
    slices: dict[str, Any] | None,
    games: str | None,
) -> dict[str, Any]:
    order = list(dict.fromkeys(config.bots))
    return {
        "kind": SUMMARY_KIND,
        "version": SUMMARY_VERSION,
        "program": program(),
        "config": msgspec.to_builtins(config),
        "slices": slices,
        "played": played,
        "games_sha256": games,
        "unfinished": unfinished,
        "levels": {level: _level_figures(sums[level]) for level in order if level in sums},
        "timing": {
            level: {**_timing_figures(*timing[level]), "total_ns": timing[level][1]}
            for level in order
            if level in timing
        },
    }


class MergeError(ValueError):
    """Summaries that cannot be merged: other runs, or a slice twice."""


def merge(
    summaries: Sequence[dict[str, Any]],
    manifests: Sequence[dict[str, Any] | None] = (),
) -> dict[str, Any]:
    """One summary from the summaries of slices of one run (`--shard K/N`).

    `manifests`, where given, are each summary's manifest (None where it has none):
    each must describe its summary; when every one is at hand the merged summary's
    `games_sha256` is the whole run's, else it is None (the games are unchecked)."""
    from ..manifest import ManifestError, check_pair

    if not summaries:
        raise MergeError("no summaries to merge")
    first = summaries[0]
    for summary in summaries:
        if summary.get("kind") != SUMMARY_KIND:
            raise MergeError("not a rummy500 simulate --json summary")
        if summary.get("version") != SUMMARY_VERSION:
            raise MergeError(
                f"summary version {summary.get('version')}: this program reads version "
                f"{SUMMARY_VERSION} (play the slices again with this program)"
            )
        if summary.get("program") != first.get("program"):
            raise MergeError(
                "the summaries were made by different programs (version or code differ): "
                "only slices played by one program can be merged"
            )
        if summary["config"] != first["config"]:
            raise MergeError(
                "the summaries are of different runs (games, players, bots, seed, rules "
                "or think differ): only slices of one run can be merged"
            )
    listed: list[tuple[int, str]] | None = [] if len(manifests) == len(summaries) else None
    for summary, manifest in zip(summaries, manifests, strict=False):
        if manifest is None:
            listed = None
            continue
        try:
            check_pair(manifest, summary, "a slice")
        except ManifestError as error:
            raise MergeError(str(error)) from None
        if listed is not None:
            listed.extend((entry["index"], entry["sha256"]) for entry in manifest["logs"])
    config = msgspec.convert(first["config"], Config)
    done: list[int] = []
    of: int | None = None
    for summary in summaries:
        slices = summary.get("slices")
        if slices is None:
            if len(summaries) > 1:
                raise MergeError("a whole run cannot be merged with anything else")
            return summary
        if of is not None and slices["of"] != of:
            raise MergeError("the summaries cut the run into different numbers of slices")
        of = slices["of"]
        for k in slices["done"]:
            if k in done:
                raise MergeError(f"slice {k}/{of} is there twice")
            done.append(k)
    sums: dict[str, dict[str, int]] = {}
    timing: dict[str, tuple[int, int, int]] = {}
    played = unfinished = 0
    for summary in summaries:
        played += summary["played"]
        unfinished += summary["unfinished"]
        for level, figures in summary["levels"].items():
            into = sums.setdefault(level, dict.fromkeys(COUNTS, 0))
            for key in COUNTS:
                into[key] += figures[key]
        for level, clock in summary.get("timing", {}).items():
            old = timing.get(level, (0, 0, 0))
            timing[level] = (
                old[0] + clock["moves"],
                old[1] + clock["total_ns"],
                max(old[2], round(clock["max_ms"] * 1e6)),
            )
    assert of is not None
    complete = sorted(done) == list(range(1, of + 1))
    slices = None if complete else {"of": of, "done": sorted(done)}
    games = None if listed is None else games_sha256(listed)
    return _summary(config, played, unfinished, sums, timing, slices, games)
