"""`rummy500 example-bot`: the example external bot, to play a seat over the protocol.

`--seat 1=exec:'rummy500 example-bot'` plays against it from any folder: a seat whose
command starts with `rummy500` runs this same program (see `external`).
"""

from __future__ import annotations

import click


@click.command(name="example-bot")
@click.argument("seed", type=int, default=0, required=False)
def example_bot(seed: int) -> None:
    """Play one seat at random over the JSON-lines protocol, on stdin and stdout.

    Not for a person: a game starts it with --seat N=exec:'rummy500 example-bot [SEED]'.
    Its source is the example of rummy500-protocol(7), rummy500_cli/examples/random_bot.py.
    """
    from ..examples.random_bot import main

    main(seed)
