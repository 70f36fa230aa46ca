"""`rummy500 rules` and `rummy500 schema`: what the game is, in words and in JSON."""

from __future__ import annotations

import click

from .options import default_players, rule_options, rules_from


@click.command()
@rule_options
@click.option(
    "--players", type=click.IntRange(2, 8), default=None, help="Describe a game for N players."
)
def rules(
    variant: str | None, rule: tuple[str, ...], target: int | None, players: int | None
) -> None:
    """Print the rules in effect in plain words.

    With no options: the standard game. --variant and --rule KEY=VALUE change it as they
    would change a game (see rummy500-play(6)).
    """
    from ..render.rules_text import rules_text

    chosen = rules_from(variant, rule, target, players or default_players(variant, 2))
    click.echo(rules_text(chosen, players))


@click.command()
def schema() -> None:
    """Print the JSON Schema of one line of a game log (see rummy500-log(5))."""
    import json

    from ..records.log import schema as log_schema

    click.echo(json.dumps(log_schema(), indent=2, sort_keys=True))
