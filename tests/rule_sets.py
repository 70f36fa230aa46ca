"""The rule sets the suite plays whole games under, shared by the tests of several folders
and by tests/benchmarks/corpus.py (whose corpus, and so its hash, is made of exactly
these): `RULE_SETS`, the property tests' (tests/engine/test_properties.py), one per
option value that changes play and every variant with the options it meets; and
`VARIANT_SETS`, the variant audits' (tests/variants/test_variants_verify.py), each with
the numbers of players it is played by."""

from __future__ import annotations

RULE_SETS = [
    {},
    {"around_the_corner": True, "card_values": "five"},
    {"set_duplicate_suits": True, "decks": 2},
    {"min_new_run": 4, "pile_use": "meld_only"},
    {"top_discard": "keep"},
    {"top_discard": "only", "stock_draw": 2},
    {"final_discard": "required"},
    {"stock_out": "reshuffle"},
    {"stock_out": "discard_only", "stock_out_hand_penalty": False},
    {"first_meld_min": 30, "card_values": "five", "pile_use": "meld_only"},
    {"upcard": "chosen", "next_dealer": "round_winner"},
    {"hand_size": 10, "stock_out": "reshuffle", "top_discard": "keep"},
    {"ace_value": 25, "four_aces": 100, "other_cards": 5, "divide_by_five": True},
    {"go_out_bonus": 25, "master_run": True, "ace_value": 15},
    {"rum_call": True},
    {"out_of_turn": True, "final_discard": "required"},
    {"opponents_hand": True},
    {"rum_call": True, "out_of_turn": True, "opponents_hand": True, "first_meld_min": 30},
    # RULES 8: the partnership variants, always 4 players (see `players_for`)
    {"variant": "partnership"},
    {"variant": "persian", "jokers_per_deck": 4},
    {"variant": "partnership", "opponents_hand": True, "rum_call": True, "out_of_turn": True},
    # the windows of RULES 7 with the jokers of RULES 8
    {"variant": "jokers", "jokers_per_deck": 2, "rum_call": True, "out_of_turn": True},
    {"variant": "dealers_gambit", "jokers_per_deck": 2, "opponents_hand": True, "rum_call": True},
    {"variant": "persian", "jokers_per_deck": 4, "out_of_turn": True, "opponents_hand": True},
    # RULES 8, jokers: wild cards in every kind of play, with the options they meet
    {"variant": "jokers", "jokers_per_deck": 1},
    {"variant": "jokers", "jokers_per_deck": 2, "around_the_corner": True, "min_new_run": 4},
    {
        "variant": "jokers",
        "jokers_per_deck": 2,
        "first_meld_min": 30,
        "final_discard": "required",
        "top_discard": "keep",
    },
    {
        "variant": "jokers",
        "jokers_per_deck": 2,
        "set_duplicate_suits": True,
        "decks": 2,
        "pile_use": "meld_only",
    },
    # RULES 8, dealers_gambit: the dealer's joker (each power), blocking, the deal turning
    # right; the power is chosen by the bots, so each rule set meets all three
    {"variant": "dealers_gambit", "jokers_per_deck": 2},
    {"variant": "dealers_gambit", "jokers_per_deck": 2, "first_meld_min": 30},
    {
        "variant": "dealers_gambit",
        "jokers_per_deck": 2,
        "upcard": "chosen",
        "final_discard": "required",
        "top_discard": "keep",
    },
]


def players_for(options: dict, players: int) -> int:
    """RULES 8: the partnership variants are played by exactly 4 players."""
    return 4 if options.get("variant") in ("partnership", "persian") else players


WINDOWS = {"rum_call": True, "out_of_turn": True, "opponents_hand": True}

VARIANT_SETS: dict[str, tuple[dict[str, object], tuple[int, ...]]] = {
    "jokers": ({"variant": "jokers", "jokers_per_deck": 1}, (2, 3, 4, 5, 6)),
    "jokers, 2 a deck": ({"variant": "jokers", "jokers_per_deck": 2}, (2, 3, 4, 6, 8)),
    "partnership": ({"variant": "partnership"}, (4,)),
    "persian": ({"variant": "persian", "jokers_per_deck": 4}, (4,)),
    "dealers_gambit": ({"variant": "dealers_gambit", "jokers_per_deck": 2}, (2, 3, 4, 6)),
    "windows": (WINDOWS, (2, 3, 4, 6)),
    "windows, jokers": ({"variant": "jokers", "jokers_per_deck": 2, **WINDOWS}, (2, 3, 4)),
    "windows, partnership": ({"variant": "partnership", **WINDOWS}, (4,)),
    "windows, dealers_gambit": (
        {"variant": "dealers_gambit", "jokers_per_deck": 2, **WINDOWS},
        (2, 3, 4),
    ),
}
"""Every variant of RULES 8 and the windows of RULES 7, each with its numbers of players."""
