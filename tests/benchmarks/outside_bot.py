"""A level of this program played as an outside program, over the JSON-lines protocol
(for tests/benchmarks/unknown_seats.py; run from the repository root):

    --seat 1=exec:'python tests/benchmarks/outside_bot.py greedy'

It knows the game only as the protocol tells it (the `hello`, then each event as its
seat may see it: no seed, no other hand, no stock), folds those events into its own copy
of the game (`online.shadow.Shadow`, the hidden cards filled in canonically, as a
client of a table does), and answers each prompt with the move the level would play
there. The bots see only what their seat may see (tests/bots/test_bots.py, no peeking), so it
plays as the level plays inside the program.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from rummy500_cli.bots import make_bot
from rummy500_cli.online.shadow import Shadow


def header_of(hello: dict[str, Any]) -> dict[str, Any]:
    """The game's header as the hello tells it (no seed: the protocol never sends it)."""
    return {
        "type": "game_started",
        "program": hello.get("program", ""),
        "rules": hello["rules"],
        "players": hello["players"],
        "seed": "",
        "seats": hello.get("seats", []),
    }


def main() -> None:
    level = sys.argv[1] if len(sys.argv) > 1 else "greedy"
    seed = sys.argv[2] if len(sys.argv) > 2 else "outside"
    shadow: Shadow | None = None
    bot: Any = None
    header: dict[str, Any] = {}
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            seat = message["you"][0]
            shadow = Shadow(seat)
            header = header_of(message)
            bot = make_bot(level, seed, seat)
        elif kind == "event" and shadow is not None:
            data = message["event"]
            if shadow.state is None and data.get("type") != "game_started":
                bot.observe(shadow.add(0, header))
            bot.observe(shadow.add(message["seq"], data))
        elif kind == "prompt" and shadow is not None and shadow.state is not None:
            print(bot.choose(shadow.state).text(), flush=True)
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
