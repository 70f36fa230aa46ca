"""`rummy500 play` and `rummy500 resume`: set up a session and hand it to the loop.

Only click is imported at module level: `rummy500 play --help` must start fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

import click

from ..effort import DEFAULT_THINK, MAX_THINK
from .display_options import display_options
from .failure import Failure
from .game_length import QUICK_TARGET
from .options import SEAT_HELP, check_seed, rule_options, seat_changes
from .style_choice import choose_style

__all__ = ["choose_style", "play", "resume"]
"""(`choose_style` is also found here by the commands that draw cards.)"""


@click.command()
@click.option(
    "--players",
    type=click.IntRange(2, 8),
    default=2,
    show_default=True,
    help="Players at the table, you included.",
)
@click.option(
    "--name", default=None, help="Your name (default: name in the config file, else $USER)."
)
@click.option(
    "--bots",
    default=None,
    metavar="LEVEL[,LEVEL...]",
    help="The bots' levels, seat by seat from seat 1, repeated to fill the table: random, "
    "greedy, strong, expert (default: bots in the config file, else greedy).",
)
@click.option(
    "--think",
    type=click.IntRange(1, MAX_THINK),
    default=None,
    metavar="EFFORT",
    help=f"The expert bots' effort per move (default {DEFAULT_THINK}, about 25 ms a move; "
    "time grows in proportion); also per seat, as --bots expert:1000.",
)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="N=KIND[:NAME]",
    help="Who plays seat N (seats count from 0, you are seat 0): human or a bot level, "
    "with a name (repeatable), e.g. 1=human:Ana for a friend at this keyboard, "
    "1=strong:Bea, or 1=exec:'rummy500 example-bot' for a program.",
)
@click.option(
    "--seed",
    default=None,
    callback=check_seed,
    help="Deal from this seed (default: a fresh one, shown at the start).",
)
@click.option(
    "--deck",
    type=click.File("r"),
    default=None,
    metavar="FILE|-",
    help="A stacked deck: cards top first; '---' starts the next round.",
)
@click.option(
    "--quick",
    is_flag=True,
    help=f"A quick game: to {QUICK_TARGET} points and no pause after the bots' moves "
    "(--target, --rule target= and --pace still say otherwise).",
)
@click.option(
    "--no-undo",
    is_flag=True,
    help="Allow no takeback (undo) in this game, for a game meant to count; recorded in the log.",
)
@click.option(
    "--tutor/--no-tutor",
    default=None,
    help="Before a move that the analysis's judge calls a mistake or a blunder is played, "
    "say what it costs and what is better, and ask (default: tutor in the config file, "
    "else off); recorded in the log.",
)
@rule_options
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="PATH",
    help="Save the game log here (default: the user data directory).",
)
@display_options
def play(
    players: int,
    name: str | None,
    bots: str | None,
    think: int | None,
    seats: tuple[str, ...],
    seed: str | None,
    deck: IO[str] | None,
    quick: bool,
    no_undo: bool,
    tutor: bool | None,
    variant: str | None,
    rule: tuple[str, ...],
    target: int | None,
    save: Path | None,
    commands: IO[str] | None,
    quiet: bool,
    strict: bool,
    json_mode: bool,
    color: bool | None,
    ascii_cards: bool,
    four_color: bool | None,
    pace: float | None,
    bot_timeout: float,
    windows: str,
) -> None:
    """Start a game of Rummy 500 against bots or friends.

    Every move is saved as it is made; leave at any time with Ctrl-D or quit and come
    back with rummy500 resume.
    """
    from ..errors import RulesError, Rummy500Error
    from ..session import Session
    from .environment import current
    from .launch import go, preferences
    from .lines import lenient
    from .new_game import game_options
    from .paths import new_save_path, saves_dir, under

    env = current()
    lenient(env.input, commands, deck)
    prefs = preferences()
    if quick:  # no bot pause, unless said otherwise (the target: game_options)
        pace = 0.0 if pace is None else pace
    names, kinds, rules, seed, stacked = game_options(
        players, name, bots, seats, seed, deck, variant, rule, target, prefs, think, quick,
        env.user,
    )  # fmt: skip
    tutored = bool(prefs["tutor"]) if tutor is None else tutor
    if tutored and json_mode:
        raise click.UsageError("--tutor asks a person at the prompt: it does not go with --json")
    path = save or new_save_path(seed)
    style = choose_style(color, ascii_cards, four_color, prefs, env)
    try:
        session = Session.start(
            path, names, kinds, rules, seed, stacked, bot_timeout, under(path, saves_dir()),
            undo=not no_undo, tutored=tutored,
        )  # fmt: skip
    except RulesError as error:  # names or a stacked deck that cannot make a game
        raise click.UsageError(str(error)) from None
    except Rummy500Error as error:
        raise Failure(str(error)) from None
    go(
        session, json_mode, commands, quiet, strict, style, pace, windows, prefs=prefs,
        discard_untouched=save is None,  # a game in the saves folder, not a file you named
        new_game=True,
        tutored=tutored,
    )  # fmt: skip


@click.command()
@click.argument("path", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", "seats", multiple=True, metavar="N=KIND", help=SEAT_HELP)
@click.option(
    "--think",
    type=click.IntRange(1, MAX_THINK),
    default=None,
    metavar="EFFORT",
    help="From now on, the expert bots' effort per move (recorded in the log).",
)
@click.option(
    "--trust-exec",
    is_flag=True,
    help="Run the programs (exec:) that the log's seats record, without asking.",
)
@display_options
def resume(
    path: Path | None,
    seats: tuple[str, ...],
    think: int | None,
    trust_exec: bool,
    commands: IO[str] | None,
    quiet: bool,
    strict: bool,
    json_mode: bool,
    color: bool | None,
    ascii_cards: bool,
    four_color: bool | None,
    pace: float | None,
    bot_timeout: float,
    windows: str,
) -> None:
    """Continue a saved game: PATH, or the most recent unfinished one.

    --seat changes who plays a seat from now on (recorded in the log). A seat that the
    log says a program plays (exec:) runs that program only with your say: --trust-exec,
    the same --seat N=exec:COMMAND again, or yes to the question asked at a terminal.
    """
    import shlex

    from .. import program
    from ..errors import LogError, Rummy500Error
    from ..events import GameStarted
    from ..records.log import read_log
    from ..render.narrate import kind_words
    from ..session import Session
    from .environment import current
    from .games import latest_unfinished
    from .launch import go, preferences
    from .lines import lenient

    env = current()
    lenient(env.input, commands)
    if path is None:
        path = latest_unfinished()
        if path is None:
            raise Failure(f"no unfinished game is saved; start one with {program.command()} play")
    changes: dict[int, str] = {}
    players: tuple[str, ...] = ()
    if seats or think is not None:
        try:
            events = read_log(path).events
            header = events[0]
            assert isinstance(header, GameStarted)  # (read_log checks the first line)
            players = header.players
        except LogError as error:
            raise Failure(str(error)) from None
        changes = seat_changes(seats, players)
        if think is not None:
            from ..line import played_line
            from ..seats import with_effort

            try:
                now = played_line(events).kinds
            except (ValueError, IndexError, TypeError):
                raise Failure(f"{path}: not a game log that can be resumed") from None
            for seat, kind in enumerate(now):
                new = with_effort(changes.get(seat, kind), think)
                if new != kind:
                    changes[seat] = new
    prefs = preferences()
    style = choose_style(color, ascii_cards, four_color, prefs, env)
    ask = not (trust_exec or json_mode or commands is not None) and env.terminal

    def trust(seat: int, command: str) -> None:
        """A program recorded in the log runs only with the user's say (see the help).
        The refusal never prints a command that would run it (`--seat N=exec:...` with
        the log's command): pasting that would approve a program the user never named."""
        if trust_exec or (ask and _run_recorded(seat, command)):
            return
        raise Failure(
            f"{path}: seat {seat} is played by a program the log names, which runs only "
            f"if you say so: resume at a terminal to see it and be asked, or name the "
            f"program yourself with --seat {seat}=exec:COMMAND (or --trust-exec); or "
            f"--seat {seat}=greedy to seat a bot there instead"
        )

    try:
        session, warnings = Session.resume(path, bot_timeout, changes, trust)
    except Rummy500Error as error:
        raise Failure(str(error)) from None
    if session.state.over:
        session.close()
        raise Failure(
            f"{path}: this game is over; see it with "
            f"{program.command()} replay {shlex.quote(str(path))}"
        )
    from ..render.printable import names

    players = names(session.state.players)
    notes = [
        f"{players[event.seat]}'s seat is now played by {kind_words(event.kind)}."
        for event in session.seat_changes
    ]
    go(
        session, json_mode, commands, quiet, strict, style, pace, windows, warnings, prefs,
        notes=notes, tutored=session.header.tutored is True,  # as the game started
    )  # fmt: skip


def _run_recorded(seat: int, command: str) -> bool:
    """At a terminal: ask whether to run the program a log records for a seat, showing
    what would run whole (render.command_shown: the program first, each argument on a
    line, invisible characters and runs of spaces written out); a command that cannot
    be shown so is not asked about (False, with the reason)."""
    from ..render.command_shown import Unshowable, shown_command

    try:
        lines = shown_command(command)
    except Unshowable as error:
        click.echo(
            f"Seat {seat} is played by a program that the log names; it is not run: {error}.",
            err=True,
        )
        return False
    click.echo(f"Seat {seat} is played by a program that the log names. It would run:", err=True)
    for line in lines:
        click.echo(line, err=True)
    return click.confirm("Run it?", default=False, err=True)
