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

from ..effort import DEFAULT_THINK, MAX_THINK
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
QUICK_TARGET = 250
"""`play --quick`: the points to win (half the usual 500), and no pause after the bots'
moves."""
WINNER_POINTS = {2: 100, 3: 57, 4: 50, 5: 44, 6: 38, 7: 34, 8: 31}
"""The points the eventual winner makes in an average round, by players: the greedy
bots' games of `rummy500 simulate` (40 games each: to 500 in 5.0 rounds at 2 players,
8.8 at 3, 9.9 at 4, 13.2 at 6), for the expected length of a game."""
MOVES_PER_ROUND = {2: 20}
"""The moves (draw, melds, lay-offs, discard) each seat makes in a round: about 20 with
the 13 cards of a two-player deal, 14 with 7 cards (the log of a 4-player game to 500:
495 bot moves over 12 rounds)."""
HUMAN_SECONDS = 5.0
"""The seconds a person takes for a move, on average, for the estimate."""


def length_note(
    players: int, humans: int, target: int, pace: float, me: str = "rummy500"
) -> list[str]:
    """The expected length of a new game, and how to play a shorter one, when it is long
    (6 rounds or more; else nothing): `A game of 4 to 500 takes about 10 rounds,
    roughly 20 minutes...`, then the command of a quick game (last: it is to copy)."""
    rounds = max(1, round(target / WINNER_POINTS.get(players, 31)))
    if rounds < 6:
        return []
    moves = MOVES_PER_ROUND.get(players, 14)
    pauses = rounds * (players - humans) * moves * pace / 60
    minutes = pauses + rounds * humans * moves * HUMAN_SECONDS / 60
    of_which = f", {round(pauses)} of them the bots' pauses" if pauses >= 1 else ""
    estimate = (
        f"A game of {players} to {target} takes about {rounds} rounds, roughly "
        f"{max(1, round(minutes))} minutes{of_which}."
    )
    if target <= QUICK_TARGET:  # already as short as a quick game
        return [estimate]
    return [estimate, f"For a quick game (to {QUICK_TARGET} points, no pauses): {me} play --quick"]


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


def dumb_terminal() -> bool:
    """TERM=dumb: a terminal that takes no attributes (no colour, bold or dim)."""
    return os.environ.get("TERM", "").strip().lower() == "dumb"


def choose_style(color: bool | None, ascii_cards: bool, four_color: bool | None, prefs=None):
    """The one colour and symbol decision: flag, then the config file, then NO_COLOR,
    then the terminal."""
    from ..render.style import Style

    if color is None and prefs is not None and prefs["color"] != "auto":
        color = prefs["color"]
    if color is None:
        color = not os.environ.get("NO_COLOR") and sys.stdout.isatty() and not dumb_terminal()
    if four_color is None:
        four_color = bool(prefs["four_color"]) if prefs is not None else False
    from .output import utf_output

    ascii_cards = ascii_cards or not utf_output()
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
        if len(parts) > 1 and parts[1].strip().isdigit():  # expert:1000[:NAME]
            parts = [f"{parts[0]}:{parts[1]}", *parts[2:]]
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


def _length(state, humans: int, pace: float) -> list[str]:
    """The expected length of a new game at a terminal (none for persian's two deals)."""
    from .. import program
    from ..variants import variant_of

    if variant_of(state.rules).deals is not None:
        return []
    return length_note(state.n, humans, state.rules.target, pace, program.command())


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
    new_game=False,
    tutored=False,
) -> None:
    """Hand a session to the loop with the right console; exit with the loop's status."""
    from .loop import run

    console = _console(json_mode, commands, quiet, strict, style, session)
    interactive = type(console).__name__ == "PromptConsole"
    tutor = None
    if tutored and not json_mode:
        from .tutor import Tutor

        # a person waits a moment at most for a verdict; a script waits for every one
        tutor = Tutor(style) if interactive else Tutor(style, patience=None)
    for warning in warnings:
        warn(warning)
    from ..render.table import tagged_names
    from .preferences import pace as choose_pace

    pace = choose_pace(pace, prefs, interactive)
    by_rank = prefs is not None and prefs["sort"] == "rank"
    humans = sum(session.is_human(s) for s in range(session.state.n))
    state = session.state
    console.banner(
        f"rummy500 · {', '.join(tagged_names(state.players, session.kinds))} · "
        f"seed {session.events[0].seed} · "
        f"saving to {session.path}"
    )
    keys = "; Enter skips the bots' pauses" if interactive and humans < session.state.n else ""
    console.banner(f"Type help for the commands; Ctrl-D (or quit) saves and leaves{keys}.")
    for note in notes:
        console.banner(note)
    if new_game and interactive:
        for line in _length(state, humans, pace):
            console.banner(line)
    code = run(
        session,
        console,
        pace=pace,
        hot_seat=humans > 1,
        windows=windows,
        by_rank=by_rank,
        discard_untouched=discard_untouched,
        tutor=tutor,
    )
    sys.exit(code)


def game_options(
    players, name, bots, seats, seed, deck, variant, rule, target, prefs, think=None, quick=False
):
    """A new game's names, kinds of seats, rules, seed and stacked deck, from play's
    options (`play`, and online `host` and `serve --table`); click errors name the
    option that is wrong. `think`: every expert's effort; `quick`: the quick game's
    target unless one is given."""
    source = click.get_current_context().get_parameter_source("players")
    if source in (None, click.core.ParameterSource.DEFAULT):
        players = default_players(variant, players)  # RULES 8: sides need 4 players
    if quick and target is None and not any(r.split("=")[0].strip() == "target" for r in rule):
        target = QUICK_TARGET
    rules = rules_from(variant, rule, target, players)
    names, kinds = _parse_seats(players, name or prefs["name"], bots or prefs["bots"], seats)
    if think is not None:
        from ..seats import with_effort

        kinds = [with_effort(kind, think) for kind in kinds]
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
    "--think",
    type=click.IntRange(1, MAX_THINK),
    default=None,
    metavar="EFFORT",
    help=f"The expert bots' effort per move (default {DEFAULT_THINK}, about 20 ms a move; "
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
@_display_options
def play(
    players,
    name,
    bots,
    think,
    seats,
    seed,
    deck,
    quick,
    no_undo,
    tutor,
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
    if quick:  # no bot pause, unless said otherwise (the target: game_options)
        pace = 0.0 if pace is None else pace
    names, kinds, rules, seed, stacked = game_options(
        players, name, bots, seats, seed, deck, variant, rule, target, prefs, think, quick
    )
    tutored = bool(prefs["tutor"]) if tutor is None else tutor
    if tutored and json_mode:
        raise click.UsageError("--tutor asks a person at the prompt: it does not go with --json")
    path = save or new_save_path(seed)
    style = choose_style(color, ascii_cards, four_color, prefs)
    try:
        session = Session.start(
            path, names, kinds, rules, seed, stacked, bot_timeout, under(path, saves_dir()),
            undo=not no_undo, tutored=tutored,
        )  # fmt: skip
    except RulesError as error:  # names or a stacked deck that cannot make a game
        raise click.UsageError(str(error)) from None
    except Rummy500Error as error:
        raise Failure(str(error)) from None
    _go(
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
@_display_options
def resume(
    path,
    seats,
    think,
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
    prefs = _preferences()
    style = choose_style(color, ascii_cards, four_color, prefs)
    ask = not (trust_exec or json_mode or commands is not None) and (
        sys.stdin.isatty() and sys.stdout.isatty()
    )

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
    _go(
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
