"""`rummy500 rules` and `rummy500 schema`: what the game is, in words and in JSON."""

from __future__ import annotations

import click

from .options import default_players, rule_options, rules_from


@click.command()
@click.argument("section", required=False)
@rule_options
@click.option(
    "--players", type=click.IntRange(2, 8), default=None, help="Describe a game for N players."
)
@click.option("--full", is_flag=True, help="Print the whole numbered rule book.")
def rules(
    section: str | None,
    variant: str | None,
    rule: tuple[str, ...],
    target: int | None,
    players: int | None,
    full: bool,
) -> None:
    """Print the rules in effect in plain words, or a rule of the rule book.

    With no options: the standard game. --variant and --rule KEY=VALUE change it as they
    would change a game (see rummy500-play(6)). SECTION prints one numbered rule (4.1)
    or section (4) of the rule book, as messages cite them (RULES 4.1); --full prints
    the whole book, rummy500-rules(7).
    """
    from .manual import RULE_BOOK, pages, show_page, text_width

    if section is not None:
        from ..errors import ParseError

        try:
            click.echo(rule_book_text(section, text_width()), nl=False)
        except ParseError as error:
            raise click.BadParameter(str(error), param_hint="SECTION") from None
        return
    if full:
        show_page(pages()[RULE_BOOK])
        return
    from ..render.rules_text import rules_text

    chosen = rules_from(variant, rule, target, players or default_players(variant, 2))
    click.echo(rules_text(chosen, players))
    click.echo(
        "A number as (RULES 4) is a rule of the numbered rule book: give one to print it "
        "(rules 4.1), or --full for the whole book."
    )


def rule_book_text(section: str, width: int) -> str:
    """One rule or section of the rule book as text (`rules 4.1` here and in a game);
    ParseError naming the sections when the book has no such number."""
    from ..errors import ParseError
    from ..render.rulebook import numbers, rule
    from .manual import RULE_BOOK, page_source

    source = page_source(RULE_BOOK)
    text = rule(source, section, width)
    if text is None:
        sections = ", ".join(n for n in numbers(source) if "." not in n)
        raise ParseError(
            f"{section!r} is not a rule of the rule book: give a section ({sections}) or a "
            "rule in it, as 4.1"
        )
    return text


@click.command()
def schema() -> None:
    """Print the JSON Schema of one line of a game log (see rummy500-log(5))."""
    import json

    from ..records.log import schema as log_schema

    click.echo(json.dumps(log_schema(), indent=2, sort_keys=True))
