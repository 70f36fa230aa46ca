"""`rummy500 play` and `rummy500 resume`: set up a session and hand it to the loop.

Only click is imported at module level: `rummy500 play --help` must start fast.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import IO

import click

from .failure import Failure, warn
from .options import (
    SEAT_HELP,
    Seconds,
    check_seed,
    default_players,
    plain_text_problem,
    rule_options,
    rules_from,
    seat_changes,
)

BOT_NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fox", "Gus", "Hal"]
NAME_LIMIT = 40
"""The longest player name, in characters (a name is shown on every line of the table)."""


def _display_options(command):
    command = click.option(
        "--windows",
        type=click.Choice(["ask", "pass"]),
        default="ask",
        show_default=True,
        help="rum_call and out_of_turn windows: ask you, or pass for you without asking "
        "(the deadwood window of opponents_hand is always asked).",
    )(command)
    command = click.option(
        "--bot-timeout",
        type=Seconds(0.1, 3600),
        default=10.0,
        show_default=True,
        metavar="SECONDS",
        help="How long an external bot (exec:) may think.",
    )(command)
    command = click.option(
        "--pace",
        type=Seconds(0, 60),
        default=None,
        metavar="SECONDS",
        help="Pause after each bot move (default: pace in the config file, else 0.8, on a "
        "terminal; 0 otherwise).",
    )(command)
    command = click.option(
        "--four-color/--no-four-color",
        default=None,
        help="A four-colour deck: clubs green, diamonds blue (default: four_color in the "
        "config file, else off).",
    )(command)
    command = click.option(
        "--ascii", "ascii_cards", is_flag=True, help="Cards as 7H rather than 7♥."
    )(command)
    command = click.option(
        "--color/--no-color",
        default=None,
        help="Colour on or off (default: color in the config file, else off when NO_COLOR is "
        "set or output is not a terminal).",
    )(command)
    command = click.option(
        "--json",
        "json_mode",
        is_flag=True,
        help="Speak the JSON-lines protocol on stdin/stdout (rummy500-protocol(7)).",
    )(command)
    command = click.option("--strict", is_flag=True, help="Exit 1 at the first refused command.")(
        command
    )
    command = click.option("-q", "--quiet", is_flag=True, help="No banners: only the game.")(
        command
    )
    command = click.option(
        "--commands",
        type=click.File("r"),
        default=None,
        metavar="FILE",
        help="Read commands from FILE instead of the keyboard.",
    )(command)
    return command


def choose_style(color: bool | None, ascii_cards: bool, four_color: bool | None, prefs=None):
    """The one colour and symbol decision: flag, then the config file, then NO_COLOR,
    then the terminal."""
    from ..render.style import Style

    if color is None and prefs is not None and prefs["color"] != "auto":
        color = prefs["color"]
    if color is None:
        color = not os.environ.get("NO_COLOR") and sys.stdout.isatty()
    if four_color is None:
        four_color = bool(prefs["four_color"]) if prefs is not None else False
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    ascii_cards = ascii_cards or encoding not in ("utf8", "utf16", "utf32")
    return Style(color=bool(color), ascii=ascii_cards, four_color=four_color)


def _parse_seats(
    players: int, name: str | None, bots: str, seats: tuple[str, ...]
) -> tuple[list[str], list[str]]:
    """Names and kinds of every seat from --players, --name, --bots and --seat."""
    from ..errors import RulesError, quoted
    from ..numbers import whole_number
    from ..seats import parse_seat_kind

    levels = [level.strip() for level in bots.split(",") if level.strip()] or ["greedy"]
    try:
        kinds = ["human"] + [
            parse_seat_kind(levels[(i - 1) % len(levels)]) for i in range(1, players)
        ]
    except RulesError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    names: list[str | None] = [None] * players
    for spec in seats:
        if problem := plain_text_problem(spec):
            raise click.BadParameter(problem, param_hint="--seat")
        number, sep, value = spec.partition("=")
        seat_number = whole_number(number.strip())
        if not sep or seat_number is None:
            raise click.BadParameter(
                f"{quoted(spec, 40)}: write N=KIND[:NAME], e.g. 1=human:Ana", param_hint="--seat"
            )
        seat = seat_number
        if not 0 <= seat < players:
            raise click.BadParameter(
                f"{quoted(spec, 40)}: seats are 0 to {players - 1}", param_hint="--seat"
            )
        if value.strip().startswith("exec:"):
            try:
                kinds[seat] = parse_seat_kind(value)
            except RulesError as error:
                raise click.BadParameter(str(error), param_hint="--seat") from None
            continue
        parts = value.split(":")
        if parts[0].lower() == "bot" and len(parts) > 1:
            parts = [f"bot:{parts[1]}", *parts[2:]]
        try:
            kinds[seat] = parse_seat_kind(parts[0])
        except RulesError as error:
            raise click.BadParameter(str(error), param_hint="--seat") from None
        if len(parts) > 1 and parts[1].strip():
            names[seat] = ":".join(parts[1:]).strip()
    for seat, given in enumerate(names):
        problem = None if given is None else plain_text_problem(given, NAME_LIMIT)
        if problem is not None:
            raise click.BadParameter(f"seat {seat}'s name {problem}", param_hint="--seat")
    if name is not None and (problem := plain_text_problem(name, NAME_LIMIT)):
        raise click.BadParameter(problem, param_hint="--name")
    user = os.environ.get("USER") or ""
    if plain_text_problem(user, NAME_LIMIT):
        user = ""  # a login name fit for no table: the default below serves
    humans = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    if humans and names[humans[0]] is None:
        names[humans[0]] = name or user or "You"
    taken = {n for n in names if n}
    pool = [n for n in BOT_NAMES if n not in taken]
    final = []
    for seat, given in enumerate(names):
        if given:
            final.append(given)
        elif kinds[seat] == "human":
            final.append(f"Player{seat}")
        else:
            final.append(pool.pop(0))
    return final, kinds


DECK_LIMIT = 1 << 20
"""The longest stacked deck file read, in characters (a deck of 108 cards for each of
a hundred rounds is a fraction of it)."""


def _read_deck(handle: IO[str]):
    """A stacked deck file: cards top first; '#' comments; a line '---' starts a round."""
    from ..cards import parse_cards
    from ..errors import ParseError

    try:
        text = handle.read(DECK_LIMIT + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise click.BadParameter(f"cannot read it: {error}", param_hint="--deck") from None
    if len(text) > DECK_LIMIT:
        raise click.BadParameter(
            f"more than {DECK_LIMIT} characters: not a stacked deck", param_hint="--deck"
        )
    rounds: list[list] = [[]]
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line == "---":
            rounds.append([])
            continue
        try:
            rounds[-1].extend(parse_cards(line))
        except ParseError as error:
            raise click.BadParameter(f"line {number}: {error}", param_hint="--deck") from None
    while rounds and not rounds[-1]:
        rounds.pop()  # an empty section in the middle keeps its round dealt from the seed
    return rounds


def _lenient(*streams: IO[str] | None) -> None:
    """Input streams read bytes that are not UTF-8 as U+FFFD (a refused line, not a
    crash); done before anything reads them, as a text stream allows."""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(OSError, ValueError):
                reconfigure(errors="replace")


def _console(json_mode, commands, quiet, strict, style, session):
    from .loop import JsonConsole, PlainConsole

    stream = commands if commands is not None else sys.stdin
    if json_mode:
        humans = [s for s in range(session.state.n) if session.is_human(s)]
        return JsonConsole(stream, style, quiet, strict, humans)
    if commands is None and sys.stdin.isatty() and sys.stdout.isatty():
        from .paths import history_file
        from .prompt import PromptConsole

        humans = sum(session.is_human(s) for s in range(session.state.n))
        return PromptConsole(style, history_file(), hot_seat=humans > 1)
    return PlainConsole(stream, style, quiet, strict)


def _preferences():
    """The config file's preferences, its warnings on standard error."""
    from .preferences import load

    prefs = load()
    for warning in prefs.warnings:
        warn(warning)
    return prefs


def _go(
    session,
    json_mode,
    commands,
    quiet,
    strict,
    style,
    pace,
    windows="ask",
    warnings=(),
    prefs=None,
    discard_untouched=False,
    notes=(),
) -> None:
    """Hand a session to the loop with the right console; exit with the loop's status."""
    from .loop import run

    console = _console(json_mode, commands, quiet, strict, style, session)
    for warning in warnings:
        warn(warning)
    from ..render.printable import names
    from .preferences import pace as choose_pace

    interactive = type(console).__name__ == "PromptConsole"
    pace = choose_pace(pace, prefs, interactive)
    by_rank = prefs is not None and prefs["sort"] == "rank"
    humans = sum(session.is_human(s) for s in range(session.state.n))
    state = session.state
    console.banner(
        f"rummy500 · {', '.join(names(state.players))} · seed {session.events[0].seed} · "
        f"saving to {session.path}"
    )
    keys = "; Enter skips the bots' pauses" if interactive and humans < session.state.n else ""
    console.banner(f"Type help for the commands; Ctrl-D (or quit) saves and leaves{keys}.")
    for note in notes:
        console.banner(note)
    code = run(
        session,
        console,
        pace=pace,
        hot_seat=humans > 1,
        windows=windows,
        by_rank=by_rank,
        discard_untouched=discard_untouched,
    )
    sys.exit(code)


def game_options(players, name, bots, seats, seed, deck, variant, rule, target, prefs):
    """A new game's names, kinds of seats, rules, seed and stacked deck, from play's
    options (`play`, and online `host` and `serve --table`); click errors name the
    option that is wrong."""
    source = click.get_current_context().get_parameter_source("players")
    if source in (None, click.core.ParameterSource.DEFAULT):
        players = default_players(variant, players)  # RULES 8: sides need 4 players
    rules = rules_from(variant, rule, target, players)
    names, kinds = _parse_seats(players, name or prefs["name"], bots or prefs["bots"], seats)
    if seed is None:
        import secrets  # (here, not at the top: it loads OpenSSL, which --help need not)

        seed = str(secrets.randbelow(10**9))
    stacked = _read_deck(deck) if deck is not None else []
    return names, kinds, rules, seed, stacked


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
    "--no-undo",
    is_flag=True,
    help="Allow no takeback (undo) in this game, for a game meant to count; recorded in the log.",
)
@rule_options
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="PATH",
    help="Save the game log here (default: the user data directory).",
)
@_display_options
def play(
    players,
    name,
    bots,
    seats,
    seed,
    deck,
    no_undo,
    variant,
    rule,
    target,
    save,
    commands,
    quiet,
    strict,
    json_mode,
    color,
    ascii_cards,
    four_color,
    pace,
    bot_timeout,
    windows,
) -> None:
    """Start a game of Rummy 500 against bots or friends.

    Every move is saved as it is made; leave at any time with Ctrl-D or quit and come
    back with rummy500 resume.
    """
    from ..errors import RulesError, Rummy500Error
    from ..session import Session
    from .paths import new_save_path, saves_dir, under

    _lenient(sys.stdin, commands, deck)
    prefs = _preferences()
    names, kinds, rules, seed, stacked = game_options(
        players, name, bots, seats, seed, deck, variant, rule, target, prefs
    )
    path = save or new_save_path(seed)
    style = choose_style(color, ascii_cards, four_color, prefs)
    try:
        session = Session.start(
            path, names, kinds, rules, seed, stacked, bot_timeout, under(path, saves_dir()),
            undo=not no_undo,
        )  # fmt: skip
    except RulesError as error:  # names or a stacked deck that cannot make a game
        raise click.UsageError(str(error)) from None
    except Rummy500Error as error:
        raise Failure(str(error)) from None
    _go(
        session, json_mode, commands, quiet, strict, style, pace, windows, prefs=prefs,
        discard_untouched=save is None,  # a game in the saves folder, not a file you named
    )  # fmt: skip


@click.command()
@click.argument("path", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", "seats", multiple=True, metavar="N=KIND", help=SEAT_HELP)
@click.option(
    "--trust-exec",
    is_flag=True,
    help="Run the programs (exec:) that the log's seats record, without asking.",
)
@_display_options
def resume(
    path,
    seats,
    trust_exec,
    commands,
    quiet,
    strict,
    json_mode,
    color,
    ascii_cards,
    four_color,
    pace,
    bot_timeout,
    windows,
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
    from .games import latest_unfinished

    _lenient(sys.stdin, commands)
    if path is None:
        path = latest_unfinished()
        if path is None:
            raise Failure(f"no unfinished game is saved; start one with {program.command()} play")
    changes: dict[int, str] = {}
    players: tuple[str, ...] = ()
    if seats:
        try:
            header = read_log(path).events[0]
            assert isinstance(header, GameStarted)  # (read_log checks the first line)
            players = header.players
        except LogError as error:
            raise Failure(str(error)) from None
        changes = seat_changes(seats, players)
    prefs = _preferences()
    style = choose_style(color, ascii_cards, four_color, prefs)
    ask = not (trust_exec or json_mode or commands is not None) and (
        sys.stdin.isatty() and sys.stdout.isatty()
    )

    def trust(seat: int, command: str) -> None:
        """A program recorded in the log runs only with the user's say (see the help)."""
        if trust_exec or (ask and _run_recorded(seat, command)):
            return
        flag = shlex.quote(f"{seat}=exec:{command}")
        raise Failure(
            f"{path}: seat {seat} is played by a program the log names, {command!r}, which "
            f"runs only if you say so: resume with --seat {flag} (or --trust-exec) to run "
            f"it, or --seat {seat}=greedy to seat a bot there instead"
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
    _go(
        session, json_mode, commands, quiet, strict, style, pace, windows, warnings, prefs,
        notes=notes,
    )  # fmt: skip


def _run_recorded(seat: int, command: str) -> bool:
    """At a terminal: ask whether to run the program a log records for a seat, showing
    its command with any control character escaped."""
    from ..render.printable import printable

    click.echo(
        printable(f"Seat {seat} is played by a program that the log names: {command}"), err=True
    )
    return click.confirm("Run it?", default=False, err=True)
