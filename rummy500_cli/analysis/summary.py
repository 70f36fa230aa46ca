"""The summaries of `rummy500 simulate`: sums of integers per level, so that they add up
the same whatever the order, the number of processes or the slices the games were played
in (`summarize`, `merge`), and the figures derived from them (win rates with Wilson
intervals, timings)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from ..manifest import games_sha256, program
from .selfplay import Config, GameFigures

SUMMARY_KIND = "rummy500-simulate"
SUMMARY_VERSION = 2
"""2 added `program` and `games_sha256` (see `manifest`)."""


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
