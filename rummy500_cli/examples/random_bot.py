"""A complete external bot in a few lines: it answers every prompt with a random legal
command. Play against it with

    rummy500 play --seat 1=exec:'python3 -m rummy500_cli.examples.random_bot'

It reads one JSON object per line on stdin and writes one answer per prompt on stdout
(see man/rummy500-protocol.7). It uses nothing but the standard library.
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "prompt":
            # Every legal command of this moment, in the text language: pick one.
            print(rng.choice(message["legal"]), flush=True)
        elif message["type"] == "bye":
            break


if __name__ == "__main__":
    main()
