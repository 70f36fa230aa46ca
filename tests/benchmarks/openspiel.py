"""rummy500 against OpenSpiel's C++ gin_rummy driven from Python, side by side in one run
(run from the repository root: python tests/benchmarks/openspiel.py --pairs 20).

Both play random against random with the full legal-action list computed at every
decision, 2 players; the units alternate (rummy500, OpenSpiel, OpenSpiel, rummy500, then
the other way round), each timed by the process's CPU time, and the figure is the
median over the pairs of rummy500's player actions per second over OpenSpiel's. Chance
nodes (OpenSpiel's deals and draws) are not player actions and are not counted.

OpenSpiel is a benchmark-only install (`pip install open-spiel`), never a dependency of
the package: without it the script says so and measures nothing. With alternate.py the
same run compares two checkouts too (the OpenSpiel figure is then the drift check).
"""

from __future__ import annotations

import argparse
import random
import time

from common import spread

from rummy500_cli.bots import RandomBot
from rummy500_cli.engine import legal_actions, new_game, play
from rummy500_cli.state import fold

try:
    from rummy500_cli.variants import make_rules
except ImportError:  # a checkout before issue 26's variant wing (alternate.py, engine_pairs.py)
    from rummy500_cli.rules import make_rules


def rummy500_unit(unit: int, games: int) -> tuple[float, int]:
    """CPU seconds and player actions of `games` seeded rummy500 games."""
    rules = make_rules()
    actions = 0
    start = time.process_time()
    for seed in range(unit * games + 1, unit * games + games + 1):
        state = fold(new_game(["P0", "P1"], rules, seed))
        bots = [RandomBot(seed, seat) for seat in range(2)]
        while not state.over:
            legal = legal_actions(state)
            play(state, bots[state.to_move].choose(state, legal))
            actions += 1
    return time.process_time() - start, actions


def openspiel_unit(game: object, unit: int, games: int) -> tuple[float, int]:
    """CPU seconds and player actions of `games` seeded OpenSpiel gin_rummy games."""
    rng = random.Random(unit)
    actions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                choice = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                choice = rng.choice(state.legal_actions())  # the full list, every time
                actions += 1
            state.apply_action(choice)
    return time.process_time() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--games", type=int, default=4, help="rummy500 games per unit")
    parser.add_argument("--spiel-games", type=int, default=12, help="OpenSpiel games per unit")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("open_spiel is not installed (pip install open-spiel): nothing measured")
        return
    game = pyspiel.load_game("gin_rummy")
    rummy500_unit(0, 2), openspiel_unit(game, 0, 2)  # warm up
    ours = [0.0, 0]
    theirs = [0.0, 0]
    ratios = []
    for pair in range(1, args.pairs + 1):
        seconds = {"ours": 0.0, "theirs": 0.0}
        counts = {"ours": 0, "theirs": 0}
        order = (
            ["ours", "theirs", "theirs", "ours"]
            if pair % 2
            else ["theirs", "ours", "ours", "theirs"]
        )
        for side in order:
            if side == "ours":
                spent, count = rummy500_unit(pair, args.games)
            else:
                spent, count = openspiel_unit(game, pair, args.spiel_games)
            seconds[side] += spent
            counts[side] += count
        ratios.append((counts["ours"] / seconds["ours"]) / (counts["theirs"] / seconds["theirs"]))
        ours[0] += seconds["ours"]
        ours[1] += counts["ours"]
        theirs[0] += seconds["theirs"]
        theirs[1] += counts["theirs"]
    print(
        f"rummy500, 2 players, random vs random, full legal list: {ours[1] / ours[0]:,.0f} actions/s"
    )
    print(
        f"open_spiel gin_rummy, 2 players, random vs random: {theirs[1] / theirs[0]:,.0f} actions/s"
    )
    print(f"rummy500 speed over OpenSpiel's, {len(ratios)} pairs: {spread(ratios, 2)}")


if __name__ == "__main__":
    main()
