"""`rummy500 drill`: your costliest decisions of analysed games, put to you again.

Only click is imported at module level (start-up time); the core is rummy500_cli/drill.py.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .failure import Failure, warn

if TYPE_CHECKING:
    from ..analysis.sidecar import Analysis
    from ..events import GameStarted
    from ..line import Line
    from ..records.log import LogData

LOG = click.Path(exists=True, dir_okay=False, path_type=Path)
TRIES = 3
"""Answers that are not a move, in a row, before a drill is skipped."""


def _games(logs: tuple[Path, ...]) -> list[tuple[Path, LogData, Line, Analysis]]:
    """Each analysed game: (path, log data, line, analysis); a warning for each game
    without a fitting analysis."""
    from ..analysis.sidecar import read_sidecar, staleness
    from ..errors import LogError
    from ..line import played_line
    from ..records.log import read_log
    from .paths import saves_dir

    paths = list(logs)
    if not paths:
        folder = saves_dir()
        paths = sorted(p for p in folder.glob("*.jsonl") if not p.name.endswith(".analysis.jsonl"))
    found = []
    unanalysed = []
    for path in paths:
        try:
            data = read_log(path)
            analysis = read_sidecar(path)
        except LogError as error:
            if logs:
                raise Failure(str(error)) from None
            warn(str(error))
            continue
        if analysis is None or staleness(analysis, data) is not None:
            unanalysed.append(path)
            continue
        found.append((path, data, played_line(data.events), analysis))
    if unanalysed:
        from .. import program

        what = f"{unanalysed[0]} has" if len(unanalysed) == 1 else f"{len(unanalysed)} games have"
        warn(
            f"{what} no analysis that fits the log: run {program.command()} analyze "
            f"{'LOG' if len(unanalysed) > 1 else unanalysed[0]} first"
        )
    return found


def _seats(text: tuple[str, ...], header: GameStarted) -> list[int]:
    """The seats drilled: --seat, else the people's seats, else every seat."""
    from ..line import humans, recorded_kinds
    from .options import seat_option

    if text:
        chosen = [seat_option(t, header.players, "--seat") for t in text]
        return sorted({s for s in chosen if isinstance(s, int)})
    people = humans(recorded_kinds(header))
    return people or list(range(len(header.players)))


@click.command()
@click.argument("logs", nargs=-1, type=LOG, metavar="[LOG]...")
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="SEAT",
    help="Drill this seat's decisions (a number or a name; repeatable; default: the "
    "people's seats, or every seat of a game of bots).",
)
@click.option(
    "--count",
    type=click.IntRange(1, 1000),
    default=5,
    show_default=True,
    metavar="N",
    help="Drills in this session, the costliest first.",
)
@click.option("--ascii", "ascii_cards", is_flag=True, help="Cards as 7H rather than 7♥.")
@click.option(
    "--json",
    "json_mode",
    is_flag=True,
    help="For programs: each drill as a JSON line, the answer read as a line, the verdict "
    "as a JSON line.",
)
def drill(
    logs: tuple[Path, ...], seats: tuple[str, ...], count: int, ascii_cards: bool, json_mode: bool
) -> None:
    """Replay your costliest decisions of analysed games, as you saw them.

    LOG: analysed games (default: every saved game with an analysis; run rummy500 analyze
    first). Each drill shows the table as your seat saw it and asks for your move in the
    language of the game's prompt; a move within 3% of the best move's chance of winning
    is right. A drill answered right twice is retired; progress is kept in the data
    folder.
    """
    import msgspec

    from ..analysis import drill as core
    from ..errors import LogError, Rummy500Error, clipped
    from ..language.listing import sorted_legal
    from ..records.replay import Replay
    from ..render.drill import answer_lines
    from ..render.position import describe_position
    from ..render.printable import names
    from ..render.style import Style
    from ..view import view
    from .play import choose_style

    style = Style(ascii=True) if json_mode else choose_style(None, ascii_cards, None)
    path = core.progress_file()
    try:
        progress = core.read_progress(path)
    except LogError as error:
        raise Failure(str(error)) from None
    games = _games(logs)
    drills = []
    by_log: dict[str, tuple[Line, Analysis, GameStarted]] = {}
    for log, data, line, analysis in games:
        header = line.header
        chosen = _seats(seats, header)
        by_log[str(log)] = (line, analysis, header)
        drills += core.drills_of(str(log), data.lines[0], line.seqs, analysis.decisions, chosen)
    todo = core.pending(drills, progress)[:count]

    def send(**message: object) -> None:
        click.echo(msgspec.json.encode(message).decode())

    if not todo:
        text = (
            "no drills: every costliest decision is retired (solved twice)"
            if drills
            else "no drills: no analysed game holds a costly decision of yours"
        )
        if json_mode:
            send(type="done", answered=0, right=0, left=0, message=text)
        else:
            click.echo(text)
        return
    stdin = sys.stdin
    answered = right = 0
    for number, item in enumerate(todo, 1):
        line, analysis, header = by_log[item.log]
        events = line.events
        state = core.position(events, item)
        players = names(header.players)
        decision = item.decision
        if json_mode:
            send(
                type="drill",
                key=item.key,
                log=item.log,
                seq=item.seq,
                seat=item.seat,
                round=decision.round,
                solved=item.solved,
                view=msgspec.to_builtins(view(state, item.seat)),
                legal=[a.text() for a in sorted_legal(state)],
                played=decision.played,
            )
        else:
            label = f"a {decision.label}" if decision.label else "a costly decision"
            click.echo(
                style.text(
                    f"Drill {number} of {len(todo)} · {players[item.seat]}, round "
                    f"{decision.round} of {Path(item.log).name} · {label} in the game "
                    f"(-{100 * decision.win_drop:.0f}% to win) · solved {item.solved} of "
                    f"{core.RETIRED}"
                )
            )
            game = Replay(events)
            click.echo(describe_position(game, item.index - 1, item.seat, style))
        answer = None
        for _ in range(TRIES):
            if not json_mode:
                click.echo("Your move (Enter skips, q stops): ", nl=False)
            typed = stdin.readline()
            if typed == "" or typed.strip().lower() in ("q", "quit"):
                break
            if not typed.strip():
                break
            try:
                action = core.parse_move(typed.strip(), state)
            except Rummy500Error as error:  # bad syntax, illegal, ambiguous: say, ask again
                legal = sorted_legal(state)
                more = f" (+{len(legal) - 8} more)" if len(legal) > 8 else ""
                message = (
                    f"{clipped(str(error))}; legal here: "
                    + ", ".join(a.text(style.ascii) for a in legal[:8])
                    + more
                )
                if json_mode:
                    send(type="error", message=message)
                else:
                    click.echo(style.text(f"error: {message}"), err=True)
                continue
            think = analysis.header.settings.think
            seed = analysis.header.settings.sample_seed
            answer = core.judge_answer(events, item, action, think, seed)
            break
        if answer is None:
            if typed == "" or typed.strip().lower() in ("q", "quit"):
                break
            if json_mode:
                send(type="skipped", key=item.key)
            continue
        answered += 1
        right += answer.right
        entry = core.record(progress, item, answer.right)
        try:
            core.write_progress(path, progress)
        except LogError as error:
            raise Failure(str(error)) from None
        retired = entry.solved >= core.RETIRED
        if json_mode:
            send(
                type="answer",
                **msgspec.to_builtins(answer),
                solved=entry.solved,
                retired=retired,
            )
        else:
            for text in answer_lines(answer, state, style, entry.solved, retired):
                click.echo(style.text(text))
    left = len(core.pending(drills, progress))
    if json_mode:
        send(type="done", answered=answered, right=right, left=left)
    else:
        click.echo(f"{right} of {answered} right; {left} drills left.")
    sys.stdout.flush()
