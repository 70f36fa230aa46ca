"""Looking back at games: `verify`, `replay`, `branch` and `export` (`analyze` is in
`cli.analyze`).

Only click is imported at module level; the engine comes in when a command runs.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .. import program
from .failure import Failure, warn
from .options import SEAT_HELP, seat_changes, seat_option

if TYPE_CHECKING:
    from ..analysis.sidecar import Analysis
    from ..records.checked import CheckedLog
    from ..records.log import LogData
    from ..records.replay import Replay

LOG = click.Path(exists=True, dir_okay=False, path_type=Path)


def read_checked_log(path: Path) -> LogData:
    """The log at `path`, checked as verify checks it (a fault is one line, exit 1)."""
    from ..errors import LogError
    from ..records.audit import read_checked

    try:
        data, _summary = read_checked(path)
    except LogError as error:
        raise Failure(str(error)) from None
    for warning in data.warnings:
        warn(warning)
    return data


@click.command()
@click.argument("log", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--parent",
    type=LOG,
    default=None,
    help="The game a branched log came from (default: its recorded name, beside LOG).",
)
def verify(log: Path, parent: Path | None) -> None:
    """Audit a game log, trusting nothing in it.

    Checks every line's schema, the sequence numbers and the hash chain, the deals
    against the seed (or the stacked deck), every move against the recorded rules, and
    every score and total. Exit 0 with a one-line summary, or 1 at the first fault.

    LOG may also be a `simulate --out` folder: every log is checked against its
    slice's manifest (its SHA-256), audited, and its figures counted again against the
    slice's summary; one line per slice.

    LOG may also be a player's own record of an online game: its deal is then proved
    fair, and every card its seat saw checked.
    """
    if log.is_dir():
        from ..manifest import ManifestError
        from ..render.printable import printable as shown
        from ..shards import verify_folder

        try:
            for line in verify_folder(log):
                click.echo(shown(line))
        except ManifestError as error:
            raise Failure(str(error)) from None
        return
    from ..errors import LogError
    from ..events import GameStarted
    from ..online.record import is_record, verify_record
    from ..records.checked import check_parent_stream, check_stream
    from ..render.printable import printable

    if is_record(log):  # a player's own record of an online game (rummy500-log(5))
        try:
            click.echo(printable(verify_record(log).line(log)))
        except LogError as error:
            raise Failure(str(error)) from None
        return
    try:  # read as a stream: a log of a million events in flat memory (issue 31)
        checked = check_stream(log)
        if checked.warnings:
            raise LogError(
                checked.warnings[0].split(";")[0] + "; a log with a torn write does not verify"
            )
        summary = checked.summary
        header = summary.header
        assert isinstance(header, GameStarted)
        note = ""
        if header.parent:
            source = parent or log.parent / header.parent
            if source.is_file():
                at = header.parent_at
                check_parent_stream(log, summary.events, source, at, header.parent_hash)
                note = f"; its first {at} events match its parent {source}"
            else:
                note = (
                    f"; its parent {header.parent} is not at hand, so the branch point is unchecked"
                )
    except LogError as error:
        raise Failure(str(error)) from None
    click.echo(printable(summary.line(log) + note))


@click.command()
@click.argument("log", type=LOG)
@click.option(
    "--at",
    "at",
    type=int,
    default=None,
    metavar="N",
    help="Open at the position after event N (negative: from the end); off a terminal, "
    "print it and exit.",
)
@click.option(
    "--as",
    "as_seat",
    default=None,
    metavar="SEAT",
    help="See only what SEAT (a number or a name) knew; 'all' shows every hand.",
)
@click.option("--json", "json_mode", is_flag=True, help="Print positions as JSON lines.")
@click.option("--color/--no-color", default=None, help="Colour on or off.")
@click.option("--ascii", "ascii_cards", is_flag=True, help="Cards as 7H rather than 7♥.")
def replay(
    log: Path,
    at: int | None,
    as_seat: str | None,
    json_mode: bool,
    color: bool | None,
    ascii_cards: bool,
) -> None:
    """Step through a game, event by event.

    On a terminal: an interactive viewer (arrows, PgUp/PgDn, g N, ? for the keys), open
    on the first deal, or at event N with --at. When input or output is not a terminal:
    the position after event N (default: the last) printed as text; with --json,
    positions as JSON lines (every one without --at).
    """
    from ..records.replay import Replay
    from ..render.position import describe_position, json_position
    from ..render.printable import printable_json
    from .play import choose_style

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if (json_mode and at is not None) or not (json_mode or interactive):
        from .replay_at import one_position

        one_position(log, at, as_seat, json_mode, choose_style(color, ascii_cards, False))
        return
    data = read_checked_log(log)
    game = Replay(data.events)
    seat = seat_option(as_seat, game.header.players)
    if seat is None:
        seat = "all" if game.final.over else None
    style = choose_style(color, ascii_cards, False)
    if json_mode:
        positions = [_position(game, at)] if at is not None else game.walk
        for position in positions:
            click.echo(printable_json(json_position(game, position, seat)))
        return
    start = None if at is None else _position(game, at)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        position = game.last if start is None else start
        click.echo(style.text(describe_position(game, position, seat, style)), color=style.color)
        return
    from .viewer import view_replay

    analysis, missing = _saved_analysis(log, data)
    taken = view_replay(game, log, seat, style, analysis, missing, start=start)
    if taken is not None:
        _branch_and_play(log, data, *taken)


def _saved_analysis(log: Path, data: LogData | CheckedLog) -> tuple[Analysis | None, str]:
    """The log's saved analysis if it still fits the log, else None and why not: for
    the viewer read whole; for export, whose log is checked as a stream
    (`records.checked.CheckedLog`), read as one too, keeping what export shows of it
    (`analysis.sidecar_reader`: a long game's analysis in flat memory)."""
    from ..analysis.sidecar import Analysis, read_sidecar, staleness
    from ..analysis.sidecar_reader import open_saved
    from ..errors import LogError
    from ..records.checked import CheckedLog

    try:
        saved = open_saved(log) if isinstance(data, CheckedLog) else read_sidecar(log)
    except LogError as error:
        return None, f"the saved analysis cannot be read ({error}): run rummy500 analyze again"
    if saved is None:
        return None, "no analysis saved: run rummy500 analyze on this game first"
    if isinstance(data, CheckedLog):
        assert not isinstance(saved, Analysis)
        stale = saved.staleness(data)
        shown = None if stale is not None else saved.shown()
    else:
        assert isinstance(saved, Analysis)
        stale = staleness(saved, data)
        shown = saved
    if stale is not None:
        return None, f"the saved analysis is out of date ({stale}): run rummy500 analyze again"
    return shown, ""


def _position(game: Replay, at: int) -> int:
    from .replay_at import position_in

    return position_in(game.last, at)


@click.command()
@click.argument("log", type=LOG)
@click.option(
    "--at",
    "at",
    type=int,
    required=True,
    metavar="N",
    help="Branch after event N (the state after it is where the new game starts).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="NEW",
    help="The new game's log (default: LOG's name with -branch-N).",
)
@click.option("--seat", "seats", multiple=True, metavar="N=KIND", help=SEAT_HELP)
def branch(log: Path, at: int, output: Path | None, seats: tuple[str, ...]) -> None:
    """Start a new game from the position after event N of LOG.

    The new log records its parent (file name, event N and the hash of its line) and
    plays, resumes, replays and verifies like any game. --seat changes who plays a seat
    from the branch point on (a seat_changed event in the new log).
    """
    from ..errors import LogError
    from ..records.branch import default_branch_path, stream_branch_point, write_stream_branch
    from ..records.checked import check_stream
    from .loop import trusted_seats
    from .paths import saves_dir, under

    try:  # read as a stream, and its lines copied as they are read (issue 31)
        checked = check_stream(log)
    except LogError as error:
        raise Failure(str(error)) from None
    for warning in checked.warnings:
        warn(warning)
    assert checked.summary.header is not None
    changes = seat_changes(seats, checked.summary.header.players)
    try:
        _state, kinds, problem = stream_branch_point(checked, at)
    except LogError as error:
        raise Failure(str(error)) from None
    if problem:
        raise click.BadParameter(problem, param_hint="--at")
    new = output or default_branch_path(log, at)
    try:
        write_stream_branch(log, checked, at, new, kinds, under(new, saves_dir()), changes)
    except LogError as error:
        raise Failure(str(error)) from None
    from ..render.printable import printable

    kinds = [changes.get(seat, kind) for seat, kind in enumerate(kinds)]
    click.echo(printable(f"Branched {log} after event {at} into {new}."))
    # Only a program named in this command's own --seat is approved in the command
    # printed; a program the log names is never run by pasting it (resume asks).
    named = {seat for seat, kind in changes.items() if kind.startswith("exec:")}
    approved = trusted_seats(kinds, named)
    command = f"{program.command()} resume {approved}{shlex.quote(str(new))}"
    click.echo(printable(f"Play it: {command}"))
    for seat, kind in enumerate(kinds):
        if kind.startswith("exec:") and seat not in named:
            click.echo(
                f"Seat {seat} is played by a program the log names: resume shows it and "
                f"asks before it runs (or give --seat {seat}=greedy to seat a bot there)."
            )


def make_branch(
    log: Path,
    data: LogData,
    at: int,
    output: Path | None,
    seats: dict[int, str] | None = None,
) -> Path:
    """Write the branch of LOG after event `at`, with `seats` changed at the branch
    point; a refusal is a usage error on --at."""
    from ..errors import LogError
    from ..records.branch import branch_problem, default_branch_path, write_branch
    from ..records.replay import Replay
    from .paths import saves_dir, under

    problem = branch_problem(Replay(data.events), at)
    if problem:
        raise click.BadParameter(problem, param_hint="--at")
    target = output or default_branch_path(log, at)
    try:
        write_branch(log, data, at, target, under(target, saves_dir()), seats)
    except LogError as error:
        raise Failure(str(error)) from None
    return target


def _branch_and_play(log: Path, data: LogData, at: int, seat: int) -> None:
    """The replay's take over: a branch after event `at` in which `seat` is the
    user's (the other seats as the game recorded them), played on at once."""
    from ..events import GameStarted
    from .play import resume

    new = make_branch(log, data, at, None, {seat: "human"})
    from ..render.printable import printable

    header = data.events[0]
    assert isinstance(header, GameStarted)  # (a checked log begins with its header)
    name = header.players[seat]
    click.echo(printable(f"Branched after event {at} into {new}; you play {name}'s seat."))
    resume.main([str(new)], standalone_mode=True)


@click.command()
@click.argument("log", type=LOG)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown"]),
    default="text",
    show_default=True,
    help="Plain text or Markdown.",
)
@click.option("--ascii", "ascii_cards", is_flag=True, help="Cards as 7H rather than 7♥.")
def export(log: Path, fmt: str, ascii_cards: bool) -> None:
    """Print a readable transcript: players, rules, each round's deal and turns, the
    score table after each round, and the result. With a saved analysis of the game
    (rummy500 analyze), its verdicts are comments beside the moves and the players'
    accuracy ends it."""
    from itertools import islice

    from ..errors import LogError
    from ..records.checked import check_stream, played_walk
    from ..render.style import Style
    from ..render.transcript import transcript_lines

    try:  # read as a stream, and written as it is read (issue 31)
        checked = check_stream(log)
    except LogError as error:
        raise Failure(str(error)) from None
    for warning in checked.warnings:
        warn(warning)
    analysis, missing = _saved_analysis(log, checked)
    if analysis is None and ("out of date" in missing or "cannot be read" in missing):
        warn(f"{missing}; exported without it")
    from .output import utf_output

    style = Style(ascii=ascii_cards or not utf_output())
    header = checked.summary.header
    assert header is not None
    walk = played_walk(checked.events())
    lines = transcript_lines(header, walk, style, fmt == "markdown", analysis)
    try:
        while chunk := list(islice(lines, 2000)):
            click.echo(style.text("\n".join(chunk)))
    except LogError as error:
        raise Failure(str(error)) from None
