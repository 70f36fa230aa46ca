"""`rummy500 simulate`: many bot games, and a table that compares the levels.

`rummy500 simulate --games N --players P --bots LEVEL[,LEVEL...]` plays the games (over
`--jobs` processes, with the same results for any number), and `rummy500 simulate merge
FILES` adds up the `--json` summaries of the slices of one run (`--shard K/N`). The
tournament itself is in `selfplay`; this module parses, runs and prints.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import click

from ..effort import DEFAULT_THINK, MAX_THINK
from .failure import Failure
from .options import check_seed, default_players, rule_options, rules_from

MAX_GAMES = 10_000_000


def _parse_shard(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    from ..errors import quoted
    from ..numbers import whole_number

    k, sep, n = value.partition("/")
    part, parts = whole_number(k.strip()), whole_number(n.strip())
    if not sep or part is None or parts is None:
        raise click.BadParameter(f"{quoted(value, 40)}: write K/N, e.g. 2/8", param_hint="--shard")
    shard = part, parts
    if not 1 <= shard[0] <= shard[1]:
        raise click.BadParameter(
            f"{value!r}: K must be 1 to N, e.g. 1/4 to 4/4", param_hint="--shard"
        )
    return shard


def _levels(text: str) -> list[str]:
    from ..bots import BOTS

    levels = [word.strip().lower() for word in text.split(",") if word.strip()]
    if not levels:
        raise click.BadParameter("name at least one level", param_hint="--bots")
    for level in levels:
        if level not in BOTS:
            raise click.BadParameter(
                f"unknown level {level!r}: choose from {', '.join(BOTS)}", param_hint="--bots"
            )
    return levels


def _emit(summary: dict[str, Any], as_json: bool) -> None:
    if as_json:
        import json

        click.echo(json.dumps(summary, indent=2))
    else:
        from ..render.simulation import summary_table
        from ..render.style import PLAIN

        click.echo(PLAIN.text(summary_table(summary)))


def _worker(args: tuple[Any, int, str | None]) -> Any:
    from ..analysis.selfplay import play_one

    config, index, out = args
    return play_one(config, index, out)


def _run(config: Any, indices: range, jobs: int, out: str | None) -> list[Any]:
    """Play the games (over `jobs` processes); Ctrl-C stops them all and says so in one
    line (the workers ignore it: the parent stops them, so none prints a traceback)."""
    from ..analysis.selfplay import play_one

    show = sys.stderr.isatty()
    results: list[Any] = []
    try:
        with click.progressbar(
            length=len(indices), label="simulating", file=sys.stderr if show else _Null()
        ) as bar:
            if jobs <= 1 or len(indices) <= 1:
                for index in indices:
                    results.append(play_one(config, index, out))
                    bar.update(1)
            else:
                import multiprocessing

                context = multiprocessing.get_context(
                    "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
                )
                import signal

                pool = context.Pool(min(jobs, len(indices)), initializer=_ignore_interrupts)
                before = signal.signal(signal.SIGTERM, _on_terminate)
                try:
                    work = [(config, index, out) for index in indices]
                    for result in pool.imap_unordered(_worker, work, chunksize=1):
                        results.append(result)
                        bar.update(1)
                    pool.close()
                finally:
                    signal.signal(signal.SIGTERM, before)
                    pool.terminate()
                    pool.join()
    except (KeyboardInterrupt, _Terminated):
        raise Failure(
            f"interrupted after {len(results)} of {len(indices)} games; nothing is summed up"
        ) from None
    results.sort(key=lambda game: game.index)
    return results


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool; and it ends at once
    when the parent ends, however it ends (killed even): it would play on for a game
    or two and then print a BrokenPipeError traceback as it sent the result."""
    import os
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    _die_with_parent()
    if os.getppid() != parent:  # the parent ended before the line above
        os._exit(1)


def _die_with_parent() -> None:
    """Linux: ask the kernel to end this process when its parent ends (PR_SET_PDEATHSIG
    with SIGKILL: the worker holds nothing to clean up). Elsewhere nothing: the pool's
    own shutdown, on Ctrl-C or SIGTERM, stops the workers."""
    import sys

    if not sys.platform.startswith("linux"):
        return
    import contextlib
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG


class _Terminated(Exception):
    """SIGTERM, turned into an exception so that the pool is stopped on the way out."""


def _on_terminate(signum: int, frame: Any) -> None:
    raise _Terminated


class _Null(io.StringIO):
    """A sink for the progress bar when stderr is not a terminal."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


@click.group(
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="Merge slices: rummy500 simulate merge A.json B.json. See 'rummy500 man simulate'.",
)
@click.option(
    "--games",
    type=click.IntRange(1, MAX_GAMES),
    default=100,
    show_default=True,
    help="Games to play.",
)
@click.option(
    "--players",
    type=click.IntRange(2, 8),
    default=None,
    help="Players per game (default: the number of levels, at least 2).",
)
@click.option(
    "--bots",
    default="greedy,random",
    show_default=True,
    metavar="LEVEL[,LEVEL...]",
    help="Seat levels, repeated to fill the table: random, greedy, strong, expert.",
)
@click.option(
    "--seed", default="1", show_default=True, callback=check_seed, help="The run's seed (text)."
)
@rule_options
@click.option(
    "--jobs",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Processes to spread the games over (same results for any number).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, writable=True),
    default=None,
    help="Write every game's log into this folder (game-NNNNNN.jsonl).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option(
    "--shard",
    metavar="K/N",
    default=None,
    help="Play only slice K of N equal slices of the games (merge the JSON summaries).",
)
@click.option(
    "--think",
    type=click.IntRange(1, MAX_THINK),
    default=DEFAULT_THINK,
    show_default=True,
    metavar="EFFORT",
    help="The expert's effort per move, counted in work (about 25 ms a move at 300).",
)
@click.pass_context
def simulate(
    ctx: click.Context,
    games: int,
    players: int | None,
    bots: str,
    seed: str,
    variant: str | None,
    rule: tuple[str, ...],
    target: int | None,
    jobs: int,
    out: str | None,
    as_json: bool,
    shard: str | None,
    think: int,
) -> None:
    """Play many games between bots and compare the levels.

    Each level's row gives its games (one per seat it played), wins with a 95% Wilson
    interval, mean final and round scores, rounds, go-outs and pile takes per game, and
    the mean depth of its pile takes. Seats rotate game by game over the same deals.
    """
    if ctx.invoked_subcommand is not None:
        return
    if out is not None and not out.strip():
        raise click.BadParameter("give a folder (an empty path is none)", param_hint="--out")
    levels = _levels(bots)
    count = players if players is not None else default_players(variant, max(2, len(levels)))
    if len(levels) > count:
        raise click.BadParameter(
            f"{len(levels)} levels for {count} players: give --players {len(levels)} or more",
            param_hint="--bots",
        )
    chosen = rules_from(variant, rule, target, count)
    slice_ = _parse_shard(shard)

    from ..analysis.selfplay import Config
    from ..analysis.summary import summarize
    from ..manifest import shard_range

    config = Config(
        games=games,
        players=count,
        bots=tuple(levels),
        seed=seed,
        rules=dict(chosen.changes()),
        think=think,
    )
    indices = shard_range(games, slice_)
    try:
        if out is not None:
            from .paths import saves_dir, under

            folder = Path(out)
            if not folder.parent.is_dir() and not under(folder, saves_dir()):
                raise Failure(
                    f"cannot write the logs into {out}: the folder {folder.parent} does not "
                    "exist; create it first"
                )
            folder.mkdir(parents=True, exist_ok=True)
        results = _run(config, indices, jobs, out)
        summary = summarize(config, results, slice_)
        if out is not None:
            from .. import manifest

            listed = [(game.index, game.seed, game.log_sha256) for game in results]
            made = manifest.make(summary["config"], slice_, listed)
            manifest.write(Path(out), made, summary)
    except OSError as error:
        raise Failure(f"cannot write the logs into {out}: {error.strerror}") from None
    _emit(summary, as_json)


@simulate.command("merge")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="Print the merged summary as JSON.")
def merge_command(paths: tuple[str, ...], as_json: bool) -> None:
    """Add up the summaries of slices of one run (--shard K/N).

    Each PATH is a --json summary, or an --out folder whose slices' summaries and
    manifests are read. A summary's manifest (manifest-K-of-N.json beside
    summary-K-of-N.json) is checked against it wherever it is found; slices of other
    runs or programs, a slice given twice, or a manifest that lists other games are
    refused.
    """
    from ..analysis.summary import MergeError, merge
    from ..errors import clipped
    from ..manifest import ManifestError, pairs_in, read_json

    summaries: list[dict[str, Any]] = []
    manifests: list[dict[str, Any] | None] = []
    try:
        for name in paths:
            path = Path(name)
            if path.is_dir():
                pairs = pairs_in(path)
                if not pairs:
                    raise ManifestError(f"{name}: no manifest in this folder")
                for manifest, summary in pairs:
                    manifests.append(read_json(manifest))
                    summaries.append(read_json(summary))
                continue
            summaries.append(read_json(path))
            beside = path.with_name("manifest" + path.name.removeprefix("summary"))
            found = path.name.startswith("summary") and beside.is_file()
            manifests.append(read_json(beside) if found else None)
    except ManifestError as error:
        raise Failure(f"cannot merge: {clipped(str(error), 200)}") from None
    try:
        merged = merge(summaries, manifests)
    except (MergeError, KeyError, TypeError, AttributeError, ValueError) as error:
        raise Failure(f"cannot merge: {clipped(str(error), 200)}") from None
    _emit(merged, as_json)
