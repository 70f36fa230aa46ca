"""Every fast form of a rule against its definition (`fast.paths.FAST_PATHS`): the same
answers in the same order, on the golden deals (tests/golden/deals.txt: the first deal
of seeds 1 to 20, for 2 and 4 players) and on seeded bot games under rules that change
what the fast forms answer."""

from __future__ import annotations

import pytest

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.engine import new_game
from rummy500_cli.events import Event
from rummy500_cli.fast import listing, masks, uses
from rummy500_cli.fast.paths import FAST_PATHS, PARTS, FastPath
from rummy500_cli.rules import STANDARD
from rummy500_cli.variants import make_rules

GOLDEN_DEALS = [
    new_game([f"P{i}" for i in range(players)], STANDARD, seed)[:3]
    for seed in range(1, 21)
    for players in (2, 4)
]
"""The golden deals, as tests/engine/test_golden.py writes them: the header, the dealer's draw
and the first deal."""

SEEDED = [
    ({}, 2, 1),
    ({}, 4, 2),
    ({}, 3, 11),
    ({"around_the_corner": True}, 3, 3),
    ({"around_the_corner": True, "card_values": "five"}, 2, 12),
    ({"min_new_run": 4, "pile_use": "meld_only"}, 2, 4),
    ({"around_the_corner": True, "min_new_run": 4}, 2, 5),
    ({"top_discard": "keep"}, 3, 6),
    ({"top_discard": "only", "stock_draw": 2}, 2, 13),
    ({"set_duplicate_suits": True, "decks": 2}, 4, 7),
    ({"final_discard": "required"}, 2, 8),
    ({"stock_out": "reshuffle", "hand_size": 10}, 2, 14),
    ({"variant": "partnership"}, 4, 9),
    ({"variant": "jokers", "jokers_per_deck": 2}, 2, 10),
    # a set full in a suit through its joker (`fast.masks.takes` once offered a third card)
    ({"variant": "jokers", "jokers_per_deck": 2, "set_duplicate_suits": True, "decks": 2}, 4, 16),
]
"""Seeded games: (rule options, players, seed)."""


def seeded_games() -> list[list[Event]]:
    games = []
    for options, players, seed in SEEDED:
        rules = make_rules({"max_rounds": 2, "target": 10**6, **options})
        _, events = bot_game(players, rules, seed, ("greedy", "random"))
        games.append(events)
    return games


GAMES = seeded_games()


def name(path: FastPath) -> str:
    return f"{path.fast.__module__}.{path.fast.__qualname__}"


@pytest.mark.parametrize("path", FAST_PATHS, ids=name)
def test_each_fast_form_answers_its_definition(path: FastPath) -> None:
    asked = 0
    for events in GOLDEN_DEALS + GAMES:
        for fast, definition in path.compare(events):
            assert fast == definition, (name(path), events[0])
            asked += 1
    assert asked >= 20  # the pair was asked, on many positions


def test_every_pair_is_told_apart() -> None:
    """A fast form is registered once, with a definition of its own module's rule."""
    fast = [path.fast for path in FAST_PATHS]
    assert len(set(fast)) == len(fast)
    assert all(path.fast is not path.definition for path in FAST_PATHS)


def test_every_fast_function_is_registered_or_a_part() -> None:
    """The rule of the room: a second encoding goes in `fast` and into `FAST_PATHS`, or
    it does not go in. Every public function of `fast.masks`, `fast.listing` and
    `fast.uses` is a fast form in `FAST_PATHS`, or a part of one named in `PARTS`."""
    registered = {path.fast for path in FAST_PATHS}
    unregistered = []
    for module in (masks, listing, uses):
        short = module.__name__.rpartition(".")[2]
        for name, value in vars(module).items():
            if name.startswith("_") or not callable(value):
                continue
            if getattr(value, "__module__", None) != module.__name__:
                continue  # imported, not defined here
            if value not in registered and f"{short}.{name}" not in PARTS:
                unregistered.append(f"{short}.{name}")
    assert not unregistered, f"register in FAST_PATHS, or name as a part in PARTS: {unregistered}"
    assert {path.fast.__module__ for path in FAST_PATHS} >= {
        "rummy500_cli.fast.masks",
        "rummy500_cli.fast.listing",
        "rummy500_cli.fast.uses",
        "rummy500_cli.records.glance",
    }
