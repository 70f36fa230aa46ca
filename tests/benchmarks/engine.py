"""Engine speed, printed as figures (run: python tests/benchmarks/engine.py).

1. Random-vs-random play with the full legal-action list computed at every step, 2 and
   4 players: player actions per second and rounds per second. The same under
   `--variant jokers` (RULES 8) with 1 and 2 jokers per deck, where every meaning of every
   joker is a listed action. Against another commit, with alternate.py (whole runs) or
   engine_pairs.py (units of games); against OpenSpiel, with openspiel.py.
2. Folding a large log (decode + apply) against msgspec's bare typed decode of the same
   lines, measured in the same run (target: within 2x); every event applied in turn, as
   a replay steps through a game (the fold skips the plays of rounds a later deal
   makes irrelevant); and the full load, which also checks every sequence number and
   the hash chain.

With --games N each play figure is the same N seeded games on every run, timed by the
process's CPU time rather than the wall clock: on a shared machine that is what
`alternate.py` compares between two commits.
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
from rummy500_cli.state import fold

try:
    from rummy500_cli.variants import make_rules
except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
    from rummy500_cli.rules import make_rules


def play_speed(
    players: int, seconds: float, rules=None, games: int = 0
) -> tuple[float, float, int]:
    """(actions/s, rounds/s, games played): for `seconds` of wall time, or with `games`
    exactly that many games, in CPU time."""
    rules = make_rules() if rules is None else rules
    actions = rounds = 0
    seed = 0
    clock = time.process_time if games else time.perf_counter
    start = clock()
    while (seed < games) if games else (clock() - start < seconds):
        seed += 1
        state = fold(new_game([f"P{i}" for i in range(players)], rules, seed))
        bots = [RandomBot(seed, seat) for seat in range(players)]
        while not state.over:
            legal = legal_actions(state)  # the full list, as a bot or a hint would need
            action = bots[state.to_move].choose(state, legal)
            for event in play(state, action):
                rounds += isinstance(event, RoundEnded)
            actions += 1
    elapsed = clock() - start
    return actions / elapsed, rounds / elapsed, seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per play measurement")
    parser.add_argument("--events", type=int, default=100_000, help="size of the large log")
    parser.add_argument("--games", type=int, default=0, help="fixed games, CPU time")
    args = parser.parse_args()

    for players in (2, 4):
        per_s, rounds_s, games = play_speed(players, args.seconds, games=args.games)
        print(
            f"play, {players} players, random vs random, full legal list each step: "
            f"{per_s:,.0f} actions/s, {rounds_s:,.1f} rounds/s ({games} games)"
        )
    for per_deck in (1, 2):
        rules = make_rules({"jokers_per_deck": per_deck}, variant="jokers")
        for players in (2, 4):
            per_s, rounds_s, games = play_speed(players, args.seconds, rules, args.games)
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

    def stepped() -> None:
        events = [decoder.decode(line).event for line in lines]
        state = fold(events[:1])
        for event in events[1:]:
            state.apply(event)

    def loaded() -> None:
        load_state(parse_log(data).events)

    clock = time.process_time if args.games else time.perf_counter
    base = best_of(3, bare, clock)
    fold_time = best_of(3, folded, clock)
    step_time = best_of(3, stepped, clock)
    load_time = best_of(3, loaded, clock)
    count = len(lines)
    print(
        f"log of {count:,} events ({len(data) / 1e6:.1f} MB): msgspec bare decode "
        f"{count / base:,.0f} events/s (baseline)"
    )
    print(
        f"  fold (decode + apply): {count / fold_time:,.0f} events/s, "
        f"{fold_time / base:.2f}x the bare decode (target <= 2x)"
    )
    print(
        f"  decode + apply of every event in turn (a replay's work; the fold applies of "
        f"the rounds before the last deal only what outlasts them): "
        f"{count / step_time:,.0f} events/s, {step_time / base:.2f}x the bare decode"
    )
    print(
        f"  load (decode + sequence and hash-chain checks + apply): "
        f"{count / load_time:,.0f} events/s, {load_time / base:.2f}x the bare decode"
    )


if __name__ == "__main__":
    main()
