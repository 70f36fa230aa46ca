"""Golden files: a change to the deal or to move generation is always a deliberate diff.

- tests/golden/deals.txt: the first deal of seeds 1 to 20, for 2 and 4 players (as
  Brogue's seed catalog and FreeCell's deal #1 let anyone check an implementation).
- tests/golden/legal_counts.txt: perft-style counts of legal actions at each step of
  the first turns of fixed seeds with 2, 4 and 6 players, the random bot choosing; and
  of longer stretches under rules that widen the list (`COUNTED`).

To accept a deliberate change: `REGENERATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py`,
then review the diff of tests/golden/ and commit it with the change that caused it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rummy500_cli.bots import RandomBot
from rummy500_cli.engine import legal_actions, new_game, play
from rummy500_cli.events import DealerDrawn, RoundDealt
from rummy500_cli.rules import STANDARD
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def deals_text() -> str:
    lines = []
    for seed in range(1, 21):
        for players in (2, 4):
            events = new_game([f"P{i}" for i in range(players)], STANDARD, seed)
            drawn = events[1]
            deal = events[2]
            assert isinstance(drawn, DealerDrawn) and isinstance(deal, RoundDealt)
            draws = " / ".join(" ".join(card or "-" for card in row) for row in drawn.draws)
            lines.append(
                f"seed {seed}, {players} players: dealer draw {draws}; seat {deal.dealer} deals"
            )
            for seat, hand in enumerate(deal.hands):
                lines.append(f"  seat {seat}: {' '.join(hand)}")
            lines.append(f"  upcard: {deal.upcard}")
            lines.append(f"  stock: {' '.join(deal.stock)}")
    return "\n".join(lines) + "\n"


COUNTED = [
    ("", STANDARD, (2, 4, 6), 60),
    # RULES 3.1, 4.2: sets of up to 8 cards take several cards at once
    ("set_duplicate_suits=true", make_rules({"set_duplicate_suits": True}), (6,), 200),
    (
        "variant=jokers jokers_per_deck=2 set_duplicate_suits=true",
        make_rules({"set_duplicate_suits": True, "jokers_per_deck": 2}, variant="jokers"),
        (6,),
        200,
    ),
]
"""The rule sets counted: (label, rules, player counts, steps)."""


def legal_counts_text() -> str:
    lines = []
    for label, rules, sizes, steps in COUNTED:
        for players in sizes:
            for seed in (1, 2, 3):
                state = fold(new_game([f"P{i}" for i in range(players)], rules, seed))
                bots = [RandomBot(seed, seat) for seat in range(players)]
                counts = []
                for _ in range(steps):
                    if state.over:
                        break
                    counts.append(len(legal_actions(state)))
                    play(state, bots[state.to_move].choose(state))
                where = f"seed {seed}, {players} players" + (f", {label}" if label else "")
                lines.append(f"{where}: {' '.join(map(str, counts))}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("name", "make"), [("deals.txt", deals_text), ("legal_counts.txt", legal_counts_text)]
)
def test_golden_file_unchanged(name: str, make) -> None:
    path = GOLDEN / name
    text = make()
    if os.environ.get("REGENERATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, (
        f"{path} differs from what the code computes: if the change is deliberate, run "
        "REGENERATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py and commit the diff"
    )
