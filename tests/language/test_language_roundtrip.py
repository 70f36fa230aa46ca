"""The command language reads back what it prints (python-chess's `test_uci_parsing`, for
every action): for every legal action met in seeded bot games under 34 rule sets, at
many points of each game, `parse(action.text(), state) == action` (the ASCII text, the
text with the cards' symbols, the text read without the state, and the text with the
verb's aliases in capitals), and the action's verb is `available` under those rules.
Together the rule sets meet every verb of the vocabulary, and every form a move prints
(a named joker, a run's end, a split take, a double meld, each power); the forms the
listings rarely print (an ace's side, a rum's end) are read back from hand-made actions.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from functools import cache

import pytest
from helpers import card, cards

from rummy500_cli.actions import AnyAction, CallRum, LayMeld, LayOff, NamePower, TakePile
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.engine import legal_actions
from rummy500_cli.language import VOCABULARY, parse_action
from rummy500_cli.rules import Rules
from rummy500_cli.state import State
from rummy500_cli.variants import make_rules

RULE_SETS: list[tuple[str | None, dict[str, object]]] = [
    (None, {}),
    (None, {"around_the_corner": True, "card_values": "five"}),
    (None, {"set_duplicate_suits": True, "decks": 2}),
    (None, {"min_new_run": 4, "pile_use": "meld_only"}),
    (None, {"top_discard": "keep"}),
    (None, {"top_discard": "only", "stock_draw": 2}),
    (None, {"final_discard": "required"}),
    (None, {"stock_out": "reshuffle"}),
    (None, {"stock_out": "discard_only", "stock_out_hand_penalty": False}),
    (None, {"first_meld_min": 30, "card_values": "five", "pile_use": "meld_only"}),
    (None, {"upcard": "chosen", "next_dealer": "round_winner"}),
    (None, {"hand_size": 10, "stock_out": "reshuffle", "top_discard": "keep"}),
    (None, {"ace_value": 25, "four_aces": 100, "other_cards": 5, "divide_by_five": True}),
    (None, {"go_out_bonus": 25, "master_run": True, "ace_value": 15}),
    (None, {"rum_call": True}),
    (None, {"rum_call": True, "around_the_corner": True}),
    (None, {"out_of_turn": True, "final_discard": "required"}),
    (None, {"opponents_hand": True}),
    (None, {"rum_call": True, "out_of_turn": True, "opponents_hand": True}),
    ("partnership", {}),
    ("partnership", {"opponents_hand": True, "rum_call": True, "out_of_turn": True}),
    ("persian", {}),
    ("persian", {"out_of_turn": True, "opponents_hand": True}),
    ("jokers", {}),
    ("jokers", {"jokers_per_deck": 2, "rum_call": True, "out_of_turn": True}),
    ("jokers", {"jokers_per_deck": 2, "around_the_corner": True, "min_new_run": 4}),
    ("jokers", {"jokers_per_deck": 2, "decks": 2, "top_discard": "only"}),
    ("jokers", {"jokers_per_deck": 2, "upcard": "chosen", "opponents_hand": True}),
    ("dealers_gambit", {}),
    ("dealers_gambit", {"first_meld_min": 30}),
    ("dealers_gambit", {"opponents_hand": True, "rum_call": True}),
    ("dealers_gambit", {"upcard": "chosen", "final_discard": "required"}),
    ("dealers_gambit", {"out_of_turn": True, "top_discard": "keep"}),
    (None, {"preset": "wikipedia"}),
]
PLAYERS = (2, 3, 4)
MOVES = 400
"""The moves of each game whose legal actions are read back (then the game stops)."""


def rules_of(variant: str | None, options: dict[str, object]) -> Rules:
    options = dict(options)
    preset = options.pop("preset", None)
    return make_rules(options, preset=None if preset is None else str(preset), variant=variant)


def name(entry: tuple[str | None, dict[str, object]]) -> str:
    variant, options = entry
    return ",".join([variant or "standard", *(f"{k}={v}" for k, v in options.items())])


class Enough(Exception):
    """The game has been read far enough."""


def forms(action: AnyAction) -> set[str]:
    """The forms of the text an action takes, for the coverage check."""
    found = {VOCABULARY.of(action).word}
    if isinstance(action, LayMeld | LayOff) and action.jokers:
        found.add("named joker")
    if isinstance(action, LayOff | CallRum) and action.end:
        found.add("end")
    if isinstance(action, CallRum) and action.meld:
        found.add("rum on a meld")
    if isinstance(action, LayMeld) and action.double:
        found.add("double")
    if isinstance(action, TakePile) and action.split:
        found.add("split")
    if isinstance(action, NamePower):
        found.add(f"power {action.power}")
    return found


def read_back(state: State, seen: Counter[str]) -> None:
    """Every legal action now: its texts parse back to it, and its verb is available."""
    rules = state.rules
    for action in legal_actions(state):
        verb = VOCABULARY.of(action)
        assert verb.available(rules), f"{action}: {verb.word} is not available under {rules}"
        text = action.text()
        assert parse_action(text, state) == action, text
        assert parse_action(text) == action, f"{text} (without the state)"
        symbols = action.text(ascii=False)
        assert parse_action(symbols, state) == action, symbols
        first, *rest = text.split()
        assert verb.word == first
        for alias in verb.aliases:  # `t 3` is `take 3`
            assert parse_action(" ".join([alias.upper(), *rest]), state) == action, alias
        seen.update(forms(action))


@cache
def played(index: int) -> Counter[str]:
    """Play the seeded game of RULE_SETS[index], reading back every legal action before
    each of its first MOVES moves; answer the forms met."""
    variant, options = RULE_SETS[index]
    rules = rules_of(variant, options)
    players = 4 if variant in ("partnership", "persian") else PLAYERS[index % len(PLAYERS)]
    levels = ("greedy", "random") if index % 2 else ("random", "greedy")
    seen: Counter[str] = Counter()
    moves = [0]

    def before_move(state: State) -> None:
        read_back(state, seen)
        moves[0] += 1
        if moves[0] >= MOVES:
            raise Enough

    seed = f"language-{name(RULE_SETS[index])}"
    with contextlib.suppress(Enough):
        bot_game(players, rules, seed=seed, levels=levels, before_move=before_move)
    assert moves[0] >= 40, "the game ended too soon to say much"
    return seen


@pytest.mark.parametrize("index", range(len(RULE_SETS)), ids=[name(e) for e in RULE_SETS])
def test_every_legal_action_reads_back_to_itself(index: int) -> None:
    assert played(index)


def test_the_rule_sets_are_many_and_distinct() -> None:
    assert len(RULE_SETS) >= 30
    assert len({rules_of(*entry) for entry in RULE_SETS}) == len(RULE_SETS)


def test_the_games_met_every_verb_and_every_form() -> None:
    """Every move of the vocabulary, and each form of its text, was read back at least
    once in the games above (played once: the games are cached)."""
    seen: Counter[str] = Counter()
    for index in range(len(RULE_SETS)):
        seen += played(index)
    wanted = {verb.word for verb in VOCABULARY.moves}
    wanted |= {"named joker", "end", "rum on a meld", "double", "split"}
    wanted |= {"power wild", "power double", "power split"}
    assert wanted <= set(seen), sorted(wanted - set(seen))


HAND_MADE = [
    LayMeld(tuple(cards("AH 2H 3H")), False),
    LayMeld(tuple(cards("QH KH AH")), True),
    LayMeld(tuple(cards("QH KH AH")), True, double=True),
    LayMeld(tuple(cards("JK 2H 3H")), None, (card("AH"),)),
    LayMeld(tuple(cards("5H JK 7H JK")), None, (None, card("8H"))),
    LayOff(tuple(cards("10S JS")), 12, "high"),
    CallRum(3, "low"),
    CallRum(0, "high"),
    TakePile(7, 3),
    TakePile(1),
]


@pytest.mark.parametrize("action", HAND_MADE, ids=str)
def test_the_forms_the_listings_rarely_print_read_back(action: AnyAction) -> None:
    for ascii in (True, False):
        assert parse_action(action.text(ascii)) == action
