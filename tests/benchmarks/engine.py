"""Engine speed, printed as figures (run: python tests/benchmarks/engine.py).

1. Random-vs-random play with the full legal-action list computed at every step, 2 and
   4 players: player actions per second and rounds per second. Target: 20,000 actions/s
   with 2 players. The same under `--variant jokers` (RULES 8) with 1 and 2 jokers per
   deck, where every meaning of every joker is a listed action.
2. Folding a large log (decode + apply) against msgspec's bare typed decode of the same
   lines, measured in the same run (target: within 4x); and the full load, which also
   checks every sequence number and the hash chain.
"""

from __future__ import annotations

import argparse
import time

import msgspec
from common import best_of, long_log

from rummy500_cli.bots import RandomBot
from rummy500_cli.engine import legal_actions, new_game, play
from rummy500_cli.events import RoundEnded
from rummy500_cli.records.log import Entry, load_state, parse_log
from rummy500_cli.rules import make_rules
from rummy500_cli.state import fold


def play_speed(players: int, seconds: float, rules=None) -> tuple[float, float, int]:
    rules = make_rules() if rules is None else rules
    actions = rounds = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        state = fold(new_game([f"P{i}" for i in range(players)], rules, seed))
        bots = [RandomBot(seed, seat) for seat in range(players)]
        while not state.over:
            legal = legal_actions(state)  # the full list, as a bot or a hint would need
            action = bots[state.to_move].choose(state, legal)
            for event in play(state, action):
                rounds += isinstance(event, RoundEnded)
            actions += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, rounds / elapsed, seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per play measurement")
    parser.add_argument("--events", type=int, default=100_000, help="size of the large log")
    args = parser.parse_args()

    for players in (2, 4):
        per_s, rounds_s, games = play_speed(players, args.seconds)
        print(
            f"play, {players} players, random vs random, full legal list each step: "
            f"{per_s:,.0f} actions/s, {rounds_s:,.1f} rounds/s ({games} games)"
        )
    for per_deck in (1, 2):
        rules = make_rules({"jokers_per_deck": per_deck}, variant="jokers")
        for players in (2, 4):
            per_s, rounds_s, games = play_speed(players, args.seconds, rules)
            print(
                f"play, jokers ({per_deck} per deck), {players} players, random vs random: "
                f"{per_s:,.0f} actions/s, {rounds_s:,.1f} rounds/s ({games} games)"
            )

    data = long_log(args.events)
    lines = data.splitlines()
    decoder = msgspec.json.Decoder(Entry)

    def bare() -> list[Entry]:
        return [decoder.decode(line) for line in lines]

    def folded() -> None:
        load_state([decoder.decode(line).event for line in lines])

    def loaded() -> None:
        load_state(parse_log(data).events)

    base = best_of(3, bare)
    fold_time = best_of(3, folded)
    load_time = best_of(3, loaded)
    count = len(lines)
    print(
        f"log of {count:,} events ({len(data) / 1e6:.1f} MB): msgspec bare decode "
        f"{count / base:,.0f} events/s (baseline)"
    )
    print(
        f"  fold (decode + apply): {count / fold_time:,.0f} events/s, "
        f"{fold_time / base:.2f}x the bare decode (target <= 4x)"
    )
    print(
        f"  load (decode + sequence and hash-chain checks + apply): "
        f"{count / load_time:,.0f} events/s, {load_time / base:.2f}x the bare decode"
    )


if __name__ == "__main__":
    main()
