"""A new game from the command line: who sits where (--players, --name, --bots, --seat),
the rules, the seed and a stacked deck (--deck), for `play` and for an online table
(`host`, `serve --table`). Every mistake is a click error naming its option."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

import click

from .game_length import QUICK_TARGET
from .options import default_players, plain_text_problem, rules_from

if TYPE_CHECKING:
    from ..cards import Card
    from ..rules import Rules
    from .preferences import Preferences

BOT_NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fox", "Gus", "Hal"]
"""The bots' names, given in turn to the seats not named."""
NAME_LIMIT = 40
"""The longest player name, in characters (a name is shown on every line of the table)."""


def parse_seats(
    players: int, name: str | None, bots: str, seats: tuple[str, ...], user: str = ""
) -> tuple[list[str], list[str]]:
    """Names and kinds of every seat from --players, --name, --bots and --seat; `user`,
    the login name, names the first person when --name does not."""
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


def read_deck(handle: IO[str]) -> list[list[Card]]:
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
    rounds: list[list[Card]] = [[]]
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


def game_options(
    players: int,
    name: str | None,
    bots: str | None,
    seats: tuple[str, ...],
    seed: str | None,
    deck: IO[str] | None,
    variant: str | None,
    rule: tuple[str, ...],
    target: int | None,
    prefs: Preferences,
    think: int | None = None,
    quick: bool = False,
    user: str | None = None,
) -> tuple[list[str], list[str], Rules, str, list[list[Card]]]:
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
    if user is None:
        from .environment import current

        user = current().user
    names, kinds = parse_seats(players, name or prefs["name"], bots or prefs["bots"], seats, user)
    if think is not None:
        from ..seats import with_effort

        kinds = [with_effort(kind, think) for kind in kinds]
    if seed is None:
        import secrets  # (here, not at the top: it loads OpenSSL, which --help need not)

        seed = str(secrets.randbelow(10**9))
    stacked = read_deck(deck) if deck is not None else []
    return names, kinds, rules, seed, stacked


__all__ = ["BOT_NAMES", "NAME_LIMIT", "game_options", "parse_seats", "read_deck"]
