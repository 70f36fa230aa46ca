"""`rummy500 analyze`: a game's decisions judged and its figures counted, the analysis
kept beside the log (`analysis.sidecar`), with progress and a clean stop on Ctrl-C.

Only click is imported at module level; the analysis comes in when the command runs.
"""

from __future__ import annotations

import heapq
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .failure import Failure, warn
from .options import seat_option
from .review import LOG

if TYPE_CHECKING:
    from ..analysis.figures import PlayerSummary
    from ..analysis.judge import Decision
    from ..events import Event
    from ..records.checked import CheckedLog


@click.command()
@click.argument("log", type=LOG)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="SEAT",
    help="Judge this seat's decisions (a number or a name; repeatable; default: every human seat, or every seat).",
)
@click.option(
    "--think",
    type=click.IntRange(1, 60_000),
    default=100,
    show_default=True,
    metavar="EFFORT",
    help="The effort per decision, counted in work (moves played out), not in time: more "
    "samples, steadier verdicts (about 20 ms of computing a decision at the default); "
    "below 5, a quick screen on one deal that labels nothing.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1),
    default=None,
    metavar="N",
    help="Processes that share the work (default: one per core).",
)
@click.option("--json", "json_mode", is_flag=True, help="Print every figure as one JSON object.")
@click.option("--ascii", "ascii_cards", is_flag=True, help="Cards as 7H rather than 7♥.")
def analyze(
    log: Path,
    seats: tuple[str, ...],
    think: int,
    jobs: int | None,
    json_mode: bool,
    ascii_cards: bool,
) -> None:
    """Judge a game: each decision against the expert bot, and the game in figures.

    Every decision of the chosen seats (draw choice, each play, discard) is weighed
    against the moves the expert bot finds from that seat's information only, over the
    same sampled deals: the expected points lost and the drop in the chance of winning
    the game, labelled inaccuracy, mistake or blunder only when the samples leave no
    doubt (else unclear), and each player's accuracy; each player's costliest
    decisions, labelled or not; and each player's change in the chance of winning split
    into what the decisions did and what the cards did. Then per round and per game:
    points melded and laid off, deadwood, pile takes, discards fed to the next player,
    going-out turns and missed plays. The analysis is saved beside the log
    (GAME.analysis.jsonl) for the replay viewer and export, and reused while the log
    and the settings are the same.
    """
    import msgspec

    from ..analysis.figures import costliest
    from ..analysis.screen import quick
    from ..analysis.spilled_stats import SpilledStats
    from ..errors import LogError
    from ..events import META_EVENTS, SeatChanged
    from ..records.checked import check_stream, played_walk
    from ..render.analysis import analysis_text
    from ..render.printable import names, printable, printable_json
    from .play import choose_style

    # read as a stream, a round of the line played at a time (issue 31)
    try:
        checked = check_stream(log)
    except LogError as error:
        raise Failure(str(error)) from None
    for warning in checked.warnings:
        warn(warning)
    header = checked.summary.header
    assert header is not None
    named = [seat_option(text, header.players, "--seat") for text in seats]
    chosen = [seat for seat in named if isinstance(seat, int)]
    if len(chosen) != len(named):
        raise click.BadParameter("give a seat number or a name", param_hint="--seat")
    try:
        if not chosen:  # every seat a person played, if only for a while
            kinds = [*enumerate(header.seats)]  # (none recorded: every seat)
            changes = (e for e in checked.events() if isinstance(e, SeatChanged))
            kinds += [(e.seat, e.kind) for e in changes]
            humans = [seat for seat, kind in kinds if kind == "human"]
            chosen = humans or list(range(len(header.players)))
        seat_list = sorted(dict.fromkeys(chosen))
        takebacks = [0] * len(header.players)

        def line_events() -> Iterator[Event]:
            yield header
            for _seq, event, record in played_walk(checked.events()):
                if record is not None:
                    takebacks[record.seat] += 1
                if not isinstance(event, META_EVENTS):
                    yield event

        with ExitStack() as work:
            # the figures per round go to a temporary file as they are counted
            stats = work.enter_context(SpilledStats(line_events()))
            judged = _analysis(log, checked, seat_list, think, jobs, json_mode, work)
            if json_mode:
                encode = msgspec.json.encode
                before = {
                    "log": printable(str(log)),
                    "players": list(header.players),
                    "seats": seat_list,
                    "think": think,
                    **({"quick": True} if quick(think) else {}),
                    "saved": None if judged.saved is None else str(judged.saved),
                }
                between = {
                    "summary": judged.players,
                    "costliest": {
                        str(seat): [d.seq for d in costliest(judged.kept, seat)]
                        for seat in seat_list
                    },
                }
                after = {
                    "per_seat": stats.per_seat(),
                    "totals": stats.totals,
                    "finished": stats.finished,
                    "takebacks": takebacks,
                }
                # the one JSON object, its decisions and rounds read back one at a time
                _echo_json(
                    [
                        encode(before)[:-1] + b',"decisions":[',
                        judged.decisions_json(),
                        b"]," + encode(between)[1:-1] + b',"rounds":[',
                        stats.rounds_json(),
                        b"]," + encode(after)[1:],
                    ],
                    printable_json,
                )
                return
            style = choose_style(False, ascii_cards, False)
            text = analysis_text(
                names(header.players),
                seat_list,
                judged.kept,
                judged.players,
                stats,
                takebacks,
                style,
                quick=quick(think),
            )
    except LogError as error:
        raise Failure(str(error)) from None
    click.echo(style.text(text))


def _echo_json(parts: list[bytes | Iterable[bytes]], printable_json: Callable[[str], str]) -> None:
    """Print a JSON text given in parts: bytes as they are, and the items of an array
    (between the parts that open and close it), a thousand pieces at a time, each made
    safe to print (`printable_json`)."""
    pieces: list[bytes] = []

    def put(piece: bytes) -> None:
        pieces.append(piece)
        if len(pieces) >= 1024:
            click.echo(printable_json(b"".join(pieces).decode()), nl=False)
            pieces.clear()

    for part in parts:
        if isinstance(part, bytes):
            put(part)
            continue
        for number, item in enumerate(part):
            put(b"," + item if number else item)
    click.echo(printable_json(b"".join(pieces).decode()))


@dataclass
class _Judged:
    """What `_analysis` gives the report: the decisions it shows (every labelled one and
    each player's costliest, `analysis.tally`), the players' summaries, where the
    analysis is saved, and every decision's JSON in order (read back from a file)."""

    kept: list[Decision]
    players: list[PlayerSummary]
    saved: Path | None
    decisions_json: Callable[[], Iterator[bytes]]


def _analysis(
    log: Path,
    checked: CheckedLog,
    seats: list[int],
    think: int,
    jobs: int | None,
    quiet: bool,
    work: ExitStack,
) -> _Judged:
    """The decisions and the players' summaries: from the saved analysis when it fits
    the log and the settings, else judged afresh on the line played, a batch of rounds at
    a time (`analysis.stream_judge`), each decision written to the sidecar and counted
    (`analysis.tally`) as it comes rather than held (going on from a saved analysis of
    the same log and settings that Ctrl-C stopped). The sidecar's work is closed with
    `work`. Ctrl-C saves what is finished and exits 130."""
    import msgspec

    from ..analysis.judge import JUDGE_VERSION
    from ..analysis.screen import quick
    from ..analysis.sidecar import Settings
    from ..analysis.sidecar_reader import open_saved
    from ..analysis.sidecar_writer import SidecarWriter
    from ..analysis.stream_judge import decision_count, judge_stream, line_rounds
    from ..analysis.tally import Tally
    from ..analysis.win_model import model
    from ..errors import LogError
    from ..records.checked import played_walk

    header = checked.summary.header
    assert header is not None  # (a checked log has its header)
    settings = Settings(
        think=think, seats=seats, sample_seed="", judge=JUDGE_VERSION, model=model().version
    )
    if quick(think):  # the judge's quick form: said in the sidecar
        settings = msgspec.structs.replace(settings, quick=True)
    try:
        saved = open_saved(log)  # read a line at a time: a sidecar of any length
    except LogError as error:
        warn(f"{error}; analysing the game again")
        saved = None
    if saved is not None and saved.staleness(checked, settings) is None:
        shown = saved.shown()
        return _Judged(shown.decisions, shown.players, saved.path, saved.decisions_json)
    known: Iterable[tuple[int, Decision | None]] = ()
    if (
        saved is not None
        and not saved.header.complete
        and saved.header.settings == settings
        and saved.staleness(checked, stopped=True) is None
    ):  # stopped by Ctrl-C last time: go on from there, in the order of the log
        known = heapq.merge(
            ((seq, None) for seq in saved.header.empty),
            ((decision.seq, decision) for decision in saved.decisions()),
            key=lambda pair: pair[0],
        )
        if not quiet:
            weighed = saved.count + len(saved.header.empty)
            warn(f"going on from the {weighed} positions weighed before it was stopped")
    writer = work.enter_context(SidecarWriter(log))
    tally = Tally(seats)
    empty = array("q")
    """The log lines of the positions with nothing to weigh (for a stopped analysis)."""

    def emit(index: int, seq: int, decision: Decision | None) -> None:
        if decision is None:
            empty.append(seq)
            return
        # judged on the line played: each decision named by its line of the log
        decision = msgspec.structs.replace(decision, seq=seq)
        writer.add(decision)
        tally.add(decision)

    progress = None if quiet else _progress_reporter()
    total = decision_count(header, line_rounds(played_walk(checked.events())), seats)
    try:
        judge_stream(
            header,
            line_rounds(played_walk(checked.events())),
            seats,
            think,
            total,
            progress,
            jobs,
            known=known,
            emit=emit,
        )
    except KeyboardInterrupt:
        if progress is not None:
            progress.close()
        try:
            kept = writer.finish(checked, settings, [], complete=False, empty=empty)
            where = f"saved in {kept}"
        except LogError as error:
            where = f"not saved ({error})"
        weighed = tally.count + len(empty)
        raise Stopped(
            f"stopped: {weighed} positions weighed, {where}; the same command goes on from there"
        ) from None
    if progress is not None:
        progress.close()
    players = tally.summaries(checked.summary.state)
    path: Path | None
    try:
        path = writer.finish(checked, settings, players)
    except LogError as error:
        warn(str(error))
        path = None
    return _Judged(tally.kept(), players, path, writer.decisions_json)


class Stopped(Failure):
    """Ctrl-C during an analysis: exit 130, as a shell reports a program it stopped."""

    exit_code = 130


class _progress_reporter:
    """How far the judging has gone: a bar on standard error at a terminal, else a line
    there every few seconds (none for an analysis quicker than that)."""

    EVERY = 5.0

    def __init__(self) -> None:
        import time

        self.clock = time.monotonic
        self.started = self.clock()
        self.said = self.started
        self.bar = None
        self.shown = 0
        if sys.stderr.isatty():
            self.bar = click.progressbar(length=1000, label="Analysing", file=sys.stderr)
            self.bar.__enter__()

    def __call__(self, done: int, total: int) -> None:
        if self.bar is not None:
            now = 1000 * done // max(total, 1)
            self.bar.update(now - self.shown)
            self.shown = now
            return
        moment = self.clock()
        if moment - self.said >= self.EVERY:
            self.said = moment
            click.echo(
                f"analysing: {done} of {total} positions weighed "
                f"({100 * done // max(total, 1)}%, {moment - self.started:.0f} s)",
                err=True,
            )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None
