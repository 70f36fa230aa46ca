"""Options shared by the commands that set up a game: --variant, --rule, --target,
--seed, and the --seat N=KIND of resume and branch."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from ..rules import Rules


class Seconds(click.FloatRange):
    """A number of seconds in a range: finite (never nan or inf), as a timeout or a
    pause must be."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number) or math.isinf(number):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return number


def plain_text_problem(text: str, limit: int | None = None) -> str | None:
    """Why `text` cannot be a name, a seed or an option of a new game: a control
    character or bytes that are not UTF-8 (they would reach every terminal that shows
    the game, or could not be written), or more than `limit` characters."""
    from ..errors import quoted
    from ..render.printable import control_character

    bad = control_character(text)
    if bad is not None:
        return (
            f"{quoted(text, 40)} holds {bad}, a control character or a byte that is not "
            "UTF-8; use plain text"
        )
    if limit is not None and len(text) > limit:
        return f"{quoted(text, 40)} is longer than {limit} characters"
    return None


SEED_LIMIT = 200
"""The longest seed, in characters."""


def check_seed(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--seed: plain text of at most SEED_LIMIT characters (a click callback)."""
    problem = None if value is None else plain_text_problem(value, SEED_LIMIT)
    if problem is not None:
        raise click.BadParameter(problem)
    return value


def rule_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add --variant, --rule (repeatable) and --target to a command."""
    command = click.option(
        "--target", type=click.IntRange(1), default=None, help="Points to win (default 500)."
    )(command)
    command = click.option(
        "--rule",
        "rule",
        multiple=True,
        metavar="KEY=VALUE",
        help="Set a rule option (repeatable), e.g. --rule around_the_corner=true.",
    )(command)
    command = click.option(
        "--variant",
        metavar="NAME",
        default=None,
        # (the names of rules.PRESETS and variants.VARIANTS, written out: --help imports
        # neither; tests/variants/test_variants_registry.py checks that they agree)
        help="A preset or variant: standard, wikipedia, jokers, partnership, persian, "
        "dealers_gambit.",
    )(command)
    return command


def default_players(variant: str | None, fallback: int) -> int:
    """The players of a game when --players is not given: the variant's own number (4
    for a partnership variant, RULES 8), else `fallback`."""
    from ..variants import find_variant

    found = find_variant(variant)
    return found.players if found is not None and found.players else fallback


def rules_from(
    variant: str | None, rule: tuple[str, ...], target: int | None, players: int
) -> Rules:
    """Build and check the Rules, or raise click.BadParameter with the reason."""
    from ..errors import RulesError
    from ..rules import PRESETS, parse_rule_options
    from ..variants import check_rules, make_rules

    for item in (variant or "", *rule):
        problem = plain_text_problem(item)
        if problem is not None:
            raise click.BadParameter(problem, param_hint="--rule/--variant")
    try:
        options: dict[str, object] = dict(parse_rule_options(rule))
        if target is not None:
            options["target"] = target
        preset = variant if variant is None or variant in PRESETS else None
        other = None if variant is None or variant in PRESETS else variant
        chosen = make_rules(options, preset=preset, variant=other)
        check_rules(chosen, players)
    except RulesError as error:
        raise click.BadParameter(str(error), param_hint="--rule/--variant") from None
    return chosen


SEAT_HELP = (
    "Who plays seat N from now on (a number or a player's name): human, a bot level "
    "(random, greedy, strong, expert) or exec:COMMAND (repeatable), e.g. 1=strong."
)


def seat_changes(specs: tuple[str, ...], players: tuple[str, ...]) -> dict[int, str]:
    """--seat N=KIND of resume and branch: the seat (a number, or a player's name) and
    the kind of player, as the log records it; click.BadParameter naming what is wrong."""
    from ..errors import RulesError, quoted
    from ..numbers import whole_number
    from ..seats import parse_seat_kind

    changes: dict[int, str] = {}
    for spec in specs:
        if problem := plain_text_problem(spec):
            raise click.BadParameter(problem, param_hint="--seat")
        who, sep, kind = spec.partition("=")
        seat = whole_number(who.strip())
        if seat is None:
            lowered = [name.lower() for name in players]
            seat = lowered.index(who.strip().lower()) if who.strip().lower() in lowered else None
        if not sep or seat is None or not 0 <= seat < len(players):
            raise click.BadParameter(
                f"{quoted(spec, 40)}: write N=KIND with N a seat (0-{len(players) - 1}) or a "
                "name, e.g. 1=strong or 0=human",
                param_hint="--seat",
            )
        try:
            changes[seat] = parse_seat_kind(kind)
        except RulesError as error:
            raise click.BadParameter(str(error), param_hint="--seat") from None
    return changes


def seat_option(
    text: str | None, players: tuple[str, ...], option: str = "--as"
) -> int | str | None:
    """--as (or --seat): a seat number, a player's name, or 'all'."""
    from ..errors import quoted
    from ..numbers import whole_number
    from ..render.printable import printable

    if text is None:
        return None
    if text.lower() == "all":
        return "all"
    number = whole_number(text)
    if number is not None and number < len(players):
        return number
    for seat, name in enumerate(players):
        if name.lower() == text.lower():
            return seat
    raise click.BadParameter(
        f"{quoted(text, 40)}: give a seat number (0-{len(players) - 1}), a name "
        f"({printable(', '.join(players))}) or all",
        param_hint=option,
    )
