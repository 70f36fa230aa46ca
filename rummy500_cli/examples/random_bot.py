"""A complete external bot in a few lines: it answers every prompt with a random legal
command. Play against it with

    rummy500 play --seat 1=exec:'rummy500 example-bot'

(`rummy500 example-bot [SEED]` runs `main`; so does
`python3 -m rummy500_cli.examples.random_bot [SEED]` where that python3 has rummy500).

It reads one JSON object per line on stdin and writes one answer per prompt on stdout
(see rummy500-protocol(7): `rummy500 man protocol`). It uses nothing but the standard library.
"""

import json
import random
import sys


def main(seed: int | None = None) -> None:
    if seed is None:
        seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    rng = random.Random(seed)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "prompt":
            # Every legal command of this moment, in the text language: pick one.
            print(rng.choice(message["legal"]), flush=True)
        elif message["type"] == "bye":
            break


if __name__ == "__main__":
    main()
