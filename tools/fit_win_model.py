"""Fit the win-chance model (`win_model`) on simulated games, and ship its parameters.

Two steps, each a command:

    python tools/fit_win_model.py simulate OUT.jsonl --games 16000 --seed fit
    python tools/fit_win_model.py fit OUT.jsonl [MORE.jsonl...]

`simulate` plays bot games (mostly strong, some with expert seats; 2 to 6 players; the
standard rules and a few common options, see `GAME_MIX`) and writes one JSON line per
game: its rules, its winner and the positions sampled from it (`win_model.snapshot` at
each deal and at every third turn start). `fit` fits the model's coefficients by maximum
likelihood (a conditional logit over the seats, Newton's method) on every game whose
seed does not fall in the held-out part, and writes `rummy500_cli/data/win_model.json`.
The benchmark `tests/benchmarks/analysis.py` simulates held-out games of its own and
prints the Brier score and the reliability table of the fitted model against the old
heuristic.

The generated data stay outside the repository; only this script and the fitted file
are committed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

GAME_MIX: tuple[tuple[float, dict[str, object]], ...] = (
    (0.55, {}),
    (0.10, {"around_the_corner": True}),
    (0.10, {"target": 250}),
    (0.08, {"go_out_bonus": 25}),
    (0.07, {"final_discard": "required"}),
    (0.05, {"pile_use": "meld_only"}),
    (0.05, {"stock_out": "reshuffle"}),
)
"""Rule options of the simulated games, with their shares."""
PLAYERS = (2, 2, 3, 3, 4, 4, 5, 6)
EXPERT_SHARE = 0.08
"""The share of games with expert seats (the others are strong against strong)."""
EXPERT_THINK = 10
TURN_STRIDE = 3


def game_setup(seed: str) -> tuple[int, dict[str, object], list[str]]:
    """Players, rule options and seat levels of the simulated game with this seed."""
    rng = random.Random(hashlib.sha256(seed.encode()).digest())
    players = rng.choice(PLAYERS)
    pick = rng.random()
    options: dict[str, object] = {}
    for share, choice in GAME_MIX:
        if pick < share:
            options = dict(choice)
            break
        pick -= share
    levels = ["strong"] * players
    if rng.random() < EXPERT_SHARE:
        for seat in range(players):
            if rng.random() < 0.5:
                levels[seat] = "expert"
    return players, options, levels


def simulate_one(seed: str) -> dict[str, Any]:
    """One game and its sampled positions, as a JSON-ready object."""
    from rummy500_cli.analysis.selfplay import bot_game
    from rummy500_cli.analysis.win_model import snapshot
    from rummy500_cli.events import Discarded, RoundDealt, RoundEnded
    from rummy500_cli.variants import make_rules

    players, options, levels = game_setup(seed)
    rules = make_rules(options)
    positions: list[list[object]] = []
    turns = [0]

    def on_event(state, event) -> None:
        if isinstance(event, RoundDealt) and state.phase == "draw":
            positions.append(snapshot(state))
            turns[0] = 0
        elif isinstance(event, Discarded) and state.phase == "draw":
            turns[0] += 1
            if turns[0] % TURN_STRIDE == 0:
                positions.append(snapshot(state))

    final, events = bot_game(players, rules, seed, levels, on_event, think=EXPERT_THINK)
    return {
        "seed": seed,
        "players": players,
        "options": options,
        "levels": levels,
        "target": rules.target,
        "winner": final.winner,
        "rounds": sum(isinstance(e, RoundEnded) for e in events),
        "positions": positions,
    }


def held_out(seed: str) -> bool:
    """One game in ten, by its seed, is kept out of the fit."""
    return hashlib.sha256(seed.encode()).digest()[0] % 10 == 0


def simulate(out: Path, games: int, prefix: str, start: int) -> None:
    done = 0
    rounds = 0
    began = time.perf_counter()
    with out.open("a") as handle:
        for number in range(start, start + games):
            game = simulate_one(f"{prefix}/{number}")
            handle.write(json.dumps(game, separators=(",", ":")) + "\n")
            handle.flush()
            done += 1
            rounds += game["rounds"]
            if done % 200 == 0:
                rate = rounds / (time.perf_counter() - began)
                print(f"{done} games, {rounds} rounds, {rate:.1f} rounds/s", flush=True)
    print(f"done: {done} games, {rounds} rounds", flush=True)


# --- The fit ----------------------------------------------------------------------------

SPREADS = (0.25, 0.5, 1.0, 2.0, 4.0)
LATES = (4.0, 8.0, 16.0)
"""The pace constants tried (`win_model.Model`); the coefficients are fitted for each."""


def load_positions(paths: list[Path], held: bool) -> tuple[list[tuple[list, int, int]], int, int]:
    """(snapshot, target, winner) of every position of the games kept for the fit (or,
    `held`, of the held-out games), with the count of those games and of their rounds."""
    rows = []
    games = rounds = 0
    for path in paths:
        with path.open() as handle:
            for line in handle:
                game = json.loads(line)
                if game["winner"] is None or held_out(game["seed"]) != held:
                    continue
                games += 1
                rounds += game["rounds"]
                for position in game["positions"]:
                    rows.append((position, game["target"], game["winner"]))
    return rows, games, rounds


def newton(
    rows: list[tuple[list[list[float]], int]], size: int, steps: int = 12
) -> tuple[list[float], float]:
    """Maximum likelihood of a conditional logit: rows of (features per seat, winner).
    Answers the weights and the mean log-likelihood."""
    weights = [0.0] * size
    loglik = 0.0
    for _ in range(steps):
        grad = [0.0] * size
        hess = [[0.0] * size for _ in range(size)]
        loglik = 0.0
        for seats, winner in rows:
            scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in seats]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            probs = [e / total for e in exps]
            loglik += math.log(max(probs[winner], 1e-300))
            mean = [
                sum(p * row[k] for p, row in zip(probs, seats, strict=True)) for k in range(size)
            ]
            win = seats[winner]
            for k in range(size):
                grad[k] += win[k] - mean[k]
            for p, row in zip(probs, seats, strict=True):
                centred = [row[k] - mean[k] for k in range(size)]
                for a in range(size):
                    ca = p * centred[a]
                    if ca:
                        line = hess[a]
                        for b in range(a, size):
                            line[b] += ca * centred[b]
        for a in range(size):
            hess[a][a] += 1e-6 * len(rows)  # a touch of ridge keeps the solve stable
            for b in range(a):
                hess[a][b] = hess[b][a]
        step = _solve(hess, grad)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return weights, loglik / len(rows)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    m = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for row in range(col + 1, size):
            factor = m[row][col] / m[col][col]
            for k in range(col, size + 1):
                m[row][k] -= factor * m[col][k]
    out = [0.0] * size
    for row in range(size - 1, -1, -1):
        out[row] = (m[row][size] - sum(m[row][k] * out[k] for k in range(row + 1, size))) / m[row][
            row
        ]
    return out


def fit_files(paths: list[Path], out: Path, sample: int) -> None:
    from rummy500_cli.analysis.win_model import FEATURES, Model

    positions, games, rounds = load_positions(paths, held=False)
    rng = random.Random(20261129)
    rng.shuffle(positions)
    print(f"{len(positions)} positions of {games} games, {rounds} rounds, for the fit")
    size = len(FEATURES)

    def rows_for(model: Model, chosen):
        return [(model.features(pos, target), winner) for pos, target, winner in chosen]

    best = None
    probe = positions[: max(1, sample // 5)]
    for spread in SPREADS:
        for late in LATES:
            trial = Model(0, [0.0] * size, spread, late)
            weights, loglik = newton(rows_for(trial, probe), size, steps=8)
            print(f"spread {spread:g} late {late:g}: mean log-likelihood {loglik:.5f}", flush=True)
            if best is None or loglik > best[0]:
                best = (loglik, spread, late)
    assert best is not None
    _, spread, late = best
    chosen = positions[:sample]
    weights, loglik = newton(rows_for(Model(0, [0.0] * size, spread, late), chosen), size)
    version = 1
    if out.exists():
        version = int(json.loads(out.read_text()).get("version", 0)) + 1
    data = {
        "version": version,
        "fitted_on": {"games": games, "rounds": rounds, "positions": len(chosen)},
        "spread": spread,
        "late": late,
        "weights": {name: round(w, 5) for name, w in zip(FEATURES, weights, strict=True)},
    }
    out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"spread {spread:g} late {late:g}, log-likelihood {loglik:.5f}: wrote {out}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/fit_win_model.py")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play games and write their positions")
    sim.add_argument("out", type=Path)
    sim.add_argument("--games", type=int, default=16000)
    sim.add_argument("--seed", default="fit")
    sim.add_argument("--start", type=int, default=0)
    fit = sub.add_parser("fit", help="fit the model and write its data file")
    fit.add_argument("data", type=Path, nargs="+")
    fit.add_argument("--out", type=Path, default=None)
    fit.add_argument("--sample", type=int, default=200_000, help="positions in the final fit")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        simulate(args.out, args.games, args.seed, args.start)
        return 0
    out = (
        args.out or Path(__file__).resolve().parents[1] / "rummy500_cli" / "data" / "win_model.json"
    )
    fit_files(args.data, out, args.sample)
    return 0


if __name__ == "__main__":
    sys.exit(main())
