"""The bots: legal moves only, under every rule option; no peeking; replayable.

- Every level plays only legal actions over many seeded games, under every option of
  RULES.md sections 1-7 (the variants of section 8 have tests of their own).
- No peeking: the same visible history with another hidden deal (the cards the seat
  never saw dealt otherwise, and another seed in the header) gives the same decision.
- The same seed gives the same game; a bot caught up from the log decides as one that
  watched the game; every level explains its move (the prompt's hint).
"""

from __future__ import annotations

import random
import typing

import pytest
from helpers import hidden_cards, other_deal

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import BOTS, make_bot
from rummy500_cli.engine import legal_actions, new_game, resolve
from rummy500_cli.errors import RulesError
from rummy500_cli.events import (
    GameStarted,
    RoundEnded,
)
from rummy500_cli.records.log import encode_log
from rummy500_cli.rules import Rules
from rummy500_cli.state import fold
from rummy500_cli.variants import check_rules, make_rules
from rummy500_cli.view import view

LEVELS = list(BOTS)
TINY_THINK = 2
"""The expert's budget in the fast tests (ms): one sample per decision."""


VARIANT_KEYS = ("variant", "jokers_per_deck")
"""The variants of RULES 8 (and the jokers they bring) have bot tests of their own below:
they are not single option values (partnership and persian need 4 players)."""


def option_values() -> list[dict[str, object]]:
    """One rule set per non-standard value of every option the engine plays (RULES 1-6),
    with what that value needs to be playable."""
    sets: list[dict[str, object]] = [{}]
    hints = typing.get_type_hints(Rules)
    samples: dict[str, list[object]] = {
        "hand_size": [5, 10],
        "first_meld_min": [30],
        "target": [150],
        "max_rounds": [1],
    }
    for name in Rules.__struct_fields__:
        if name in VARIANT_KEYS:
            continue
        default = getattr(Rules(), name)
        values = samples[name] if name in samples else _literal_values(hints[name])
        for value in values:
            if value == default:
                continue
            options: dict[str, object] = {name: value}
            if name == "set_duplicate_suits":
                options["decks"] = 2
            if name == "divide_by_five":
                options["card_values"] = "five"  # every value must be in fives
            sets.append(options)
    return sets


def _literal_values(hint: object) -> list[object]:
    if hint is bool:
        return [False, True]
    args = typing.get_args(hint)
    out: list[object] = []
    for arg in args:
        out.extend(typing.get_args(arg) or [arg])
    return [value for value in out if not isinstance(value, type)]


RULE_SETS = [
    *option_values(),
    # RULES 8, the jokers variant (variant and jokers_per_deck are played only together)
    {"variant": "jokers", "jokers_per_deck": 1},
    {"variant": "jokers", "jokers_per_deck": 2, "first_meld_min": 30},
    # RULES 8, dealers_gambit (the random seats name every power)
    {"variant": "dealers_gambit", "jokers_per_deck": 2},
]
TABLES = [["expert", "random"], ["strong", "greedy", "expert"], LEVELS]


def checked_game(
    players: int, rules: Rules, seed: int | str, levels: list[str], think: int = TINY_THINK
) -> int:
    """A game in which every decision is checked against the legal actions; answers
    the number of decisions."""
    names = [f"P{i}" for i in range(players)]
    seats = [levels[i % len(levels)] for i in range(players)]
    events = new_game(names, rules, seed)
    state = fold(events)
    bots = [make_bot(level, seed, i, think) for i, level in enumerate(seats)]
    for event in events:
        for bot in bots:
            if hasattr(bot, "observe"):
                bot.observe(event)
    decisions = 0
    while not state.over:
        legal = legal_actions(state)
        action = bots[state.to_move].choose(state)
        assert action in legal, f"{seats[state.to_move]} played {action}, not legal"
        decisions += 1
        for event in resolve(state, action):
            state.apply(event)
            for bot in bots:
                if hasattr(bot, "observe"):
                    bot.observe(event)
    return decisions


@pytest.mark.parametrize(
    "options", RULE_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "standard"
)
def test_every_level_plays_only_legal_moves_under_every_option(options: dict) -> None:
    for number, levels in enumerate(TABLES):
        players = max(len(levels), 2)
        opts = {"max_rounds": 1, **options}
        if players * 10 + 2 > 52 and opts.get("hand_size") == 10:
            opts["decks"] = 2
        rules = make_rules(opts)
        assert checked_game(players, rules, f"legal-{number}", levels) > 0


def test_many_short_games_standard_and_wikipedia() -> None:
    rules = [make_rules({"max_rounds": 1}), make_rules({"max_rounds": 1}, preset="wikipedia")]
    for seed in range(40):
        levels = [LEVELS[(seed + i) % len(LEVELS)] for i in range(2 + seed % 3)]
        levels = [level for level in levels if level != "expert"] or ["strong"]
        players = 2 + seed % 5
        checked_game(players, rules[seed % 2], seed, levels)


@pytest.mark.soak
@pytest.mark.parametrize(
    "options", RULE_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "standard"
)
def test_soak_legal_moves_whole_games(options: dict) -> None:
    """Thousands of games in all (with -m soak): whole games to 300, 2 to 8 players."""
    for seed in range(150):
        players = 2 + seed % 7
        opts = {"target": 300, **options}
        if players > 4 and opts.get("hand_size") == 10:
            opts["decks"] = 2
        try:
            rules = make_rules(opts)
            check_rules(rules, players)
        except RulesError:
            continue  # e.g. set_duplicate_suits needs two decks
        levels = [LEVELS[(seed + i) % len(LEVELS)] for i in range(players)]
        checked_game(players, rules, f"soak-{seed}", levels, think=5)


# --- No peeking ----------------------------------------------------------------------------


def decision_points(level: str, players: int, seed: str, rules: Rules):
    """Events up to some of the decisions of seat 0 in a game with this level there."""
    levels = [level, *["strong", "greedy", "random"][: players - 1]]
    points = []

    def before(state) -> None:
        if state.to_move == 0 and len(points) < 400:
            points.append(state.applied)

    _, events = bot_game(players, rules, seed, levels, before_move=before, think=TINY_THINK)
    return events, points[:: max(1, len(points) // 12)]


def decide(make, events: list, seat: int, fed: bool):
    state = fold(events)
    bot = make(seat)
    if fed:
        bot.catch_up(events)
    return bot.choose(state)


def blind_to_the_deal(
    level: str, players: int, make, options: dict | None = None
) -> tuple[int, int]:
    """Compare decisions at some of seat 0's turns with another hidden deal; answer how
    many decisions were compared and how many differed."""
    rules = make_rules({"max_rounds": 2, **(options or {})})
    seed = f"peek-{players}"
    events, points = decision_points(level, players, seed, rules)
    rng = random.Random(7)
    considered = differed = changed = 0
    for count in points:
        history = events[:count]
        state = fold(history)
        if state.phase in ("between", "over") or not hidden_cards(history, 0):
            continue
        twin_history = other_deal(history, 0, rng, "another seed")
        twin = fold(twin_history)
        considered += 1
        assert view(twin, 0) == view(state, 0)
        changed += [h for j, h in enumerate(twin.hands) if j] != [
            h for j, h in enumerate(state.hands) if j
        ] or twin.stock != state.stock
        for fed in (True, False) if hasattr(make(0), "catch_up") else (False,):
            first = decide(make, history, 0, fed)
            second = decide(make, twin_history, 0, fed)
            differed += first != second
    assert considered >= 5 and changed == considered
    return considered, differed


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 4])
def test_no_peeking_same_view_other_deal_same_decision(level: str, players: int) -> None:
    _considered, differed = blind_to_the_deal(
        level, players, lambda seat: make_bot(level, f"peek-{players}", seat, TINY_THINK)
    )
    assert differed == 0, f"{level} decided otherwise with another hidden deal"


@pytest.mark.parametrize("variant", ["jokers", "dealers_gambit"])
@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_under_jokers(level: str, variant: str) -> None:
    """RULES 8: the jokers in other hands and the stock stay hidden (they are re-dealt
    with the other unseen cards; the dealer's joker and the cards out of the game are
    seen by all)."""
    options = {"variant": variant, "jokers_per_deck": 2}
    _considered, differed = blind_to_the_deal(
        level, 3, lambda seat: make_bot(level, "peek-3", seat, TINY_THINK), options
    )
    assert differed == 0, f"{level} decided otherwise with another hidden deal"


def test_the_no_peeking_check_catches_a_bot_that_peeks() -> None:
    """A bot that reads the other hand of the real state is caught by the same check."""
    from rummy500_cli.bots.greedy import GreedyBot

    class Peeker(GreedyBot):
        def explain(self, state, legal=None):
            actions = legal_actions(state) if legal is None else legal
            secret = sum(card.code for card in state.hands[1]) + len(state.stock[-1:])
            return actions[secret % len(actions)], "peeked"

    _considered, differed = blind_to_the_deal("greedy", 2, lambda seat: Peeker("peek-2", seat))
    assert differed > 0


def test_masked_state_holds_no_hidden_card_in_its_place() -> None:
    """What a bot thinks on: its own hand and the table are real, the rest re-dealt."""
    from rummy500_cli.bots.knowledge import Knowledge, masked_state

    state, _ = bot_game(2, make_rules({"max_rounds": 1}), "mask", ["greedy"])
    events = new_game(["A", "B"], make_rules(), "mask")
    state = fold(events)
    k = Knowledge.build(state, 0)
    masked = masked_state(state, k)
    assert masked.hands[0] == state.hands[0]
    assert masked.pile == state.pile
    assert masked.header.seed != state.header.seed
    assert sorted(masked.hands[1] + masked.stock, key=lambda c: c.code) == sorted(
        state.hands[1] + state.stock, key=lambda c: c.code
    )
    assert masked.hands[1] != state.hands[1]


# --- Replay, memory, hints ---------------------------------------------------------------------


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
def test_same_seed_same_game(level: str) -> None:
    rules = make_rules({"max_rounds": 2})
    first = encode_log(bot_game(2, rules, "again", [level, "strong"], think=TINY_THINK)[1])
    second = encode_log(bot_game(2, rules, "again", [level, "strong"], think=TINY_THINK)[1])
    assert first == second


def test_a_bot_caught_up_from_the_log_decides_as_one_that_watched() -> None:
    rules = make_rules({"max_rounds": 2})
    watched = []

    def before(state) -> None:
        if state.to_move == 1:
            watched.append(state.applied)

    _, events = bot_game(2, rules, "catch", ["greedy", "strong"], before_move=before)
    for count in watched[::5]:
        state = fold(events[:count])
        late = make_bot("strong", "catch", 1)
        late.catch_up(events[:count])
        action = late.choose(state)
        following = events[count]
        assert not isinstance(following, GameStarted)
        replayed = resolve(fold(events[:count]), action)
        assert replayed[0] == following, f"at event {count}"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_explains_a_legal_move(level: str) -> None:
    events = new_game(["A", "B", "C"], make_rules(), "hint")
    state = fold(events)
    for _ in range(30):
        if state.over:
            break
        bot = make_bot(level, 0, state.to_move, TINY_THINK)
        action, why = bot.explain(state)
        assert action in legal_actions(state)
        assert isinstance(why, str) and why and "\n" not in why
        for event in resolve(state, action):
            state.apply(event)


def test_levels_are_registered_with_the_seed_seat_constructor() -> None:
    assert LEVELS == ["random", "greedy", "strong", "expert"]
    for level, cls in BOTS.items():
        bot = cls(1, 0)
        assert hasattr(bot, "choose") and hasattr(bot, "explain"), level


def test_round_end_is_observed() -> None:
    """The memory starts each round afresh and stays in step with the state."""
    from rummy500_cli.bots.knowledge import Memory

    _, events = bot_game(2, make_rules({"max_rounds": 3}), "mem", ["strong", "greedy"])
    memory = Memory(0)
    for event in events:
        memory.observe(event)
        if isinstance(event, RoundEnded):
            assert memory.known == [[], []]
    assert memory.seen == len(events)


# --- RULES 8: sides -----------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["partnership", "persian"])
def test_every_level_plays_only_legal_moves_in_a_partnership_game(variant: str) -> None:
    """RULES 8: every level, partnered with itself or another, plays only legal moves
    (persian's jokers included)."""
    rules = make_rules({"max_rounds": 2}, variant=variant)
    for number, levels in enumerate([LEVELS, ["expert", "strong"], ["greedy", "random"]]):
        assert checked_game(4, rules, f"sides-{number}", levels) > 0


@pytest.mark.parametrize(
    ("totals", "goes_out"), [([0, 300, 0, 300], False), ([300, 0, 300, 0], True)]
)
def test_strong_does_not_go_out_into_a_game_its_side_loses(totals: list, goes_out: bool) -> None:
    """RULES 8 with RULES 6.4: strong could go out with four 9s; the other side is at 600
    of 500 between its two seats, so going out would end the game lost: it discards
    instead. With its own side ahead it goes out. Seat totals are set by hand here: the
    guard reads the side totals, their sum."""
    from helpers import act, start

    state = start(
        ["9C 9D 9H", "2S 3S 4S", "2H 3H 4H", "2C 3C 4C"], "KD", "9S", variant="partnership"
    )
    state.totals = totals
    act(state, "draw")
    action = make_bot("strong", 0, 0).choose(state)
    kind = "meld" if goes_out else "discard"
    assert action.text().startswith(kind), action.text()
    if goes_out:
        assert len(action.cards) == 4


def test_every_bot_level_and_the_external_bot_are_players() -> None:
    """Every level of BOTS and a bot program (`external.ExternalBot`) implement the one
    small `Player` protocol the session and selfplay hold their seats by."""
    from rummy500_cli.bots import BOTS, make_bot
    from rummy500_cli.bots.player import Player
    from rummy500_cli.external import ExternalBot

    for level in BOTS:
        bot = make_bot(level, "p", 0)
        assert isinstance(bot, Player) and bot.level == level
    program = ExternalBot.__new__(ExternalBot)  # not started: no process is needed
    assert isinstance(program, Player) and program.level == "exec"


def test_a_kept_plan_is_never_one_for_another_table() -> None:
    """`hand.plan` keeps its answers: for the same hand and table it gives the kept one
    and counts its work again; a meld grown in place (as the state grows the melds it
    owns) or a new table is a new question; a copy of the table (a judge's world for
    each candidate) is the same question."""
    from rummy500_cli.bots.budget import Budget
    from rummy500_cli.bots.heuristics import hand as planner
    from rummy500_cli.cards import parse_cards
    from rummy500_cli.melds import laid_meld

    rules = make_rules()
    hand = parse_cards("8H 9S 9D 2C 5C")
    run = parse_cards("5H 6H 7H")
    meld = laid_meld(1, 0, run, [5, 5, 5])
    planner._PLANS.clear()
    budget = Budget(1)
    first = planner.plan(hand, [meld], rules, 1)
    budget.charge_planner()
    spent = budget.spent
    assert first is not None and first.layoffs == [((parse_cards("8H")[0],), 0)]
    again = planner.plan(hand, [meld], rules, 1)
    budget.charge_planner()
    assert spent > 0 and again is first and budget.spent == 2 * spent
    meld.cards.append(parse_cards("8H")[0])  # grown in place: 5H-8H takes a 9H now, no 8H
    grown = planner.plan(hand, [meld], rules, 1)
    assert grown is not first
    assert grown is not None and grown.layoffs == [] and grown.points == 0
    alike = laid_meld(1, 0, parse_cards("5H 6H 7H"), [5, 5, 5])
    assert planner.plan(hand, [alike], rules, 1) is first  # another meld, alike
    other = laid_meld(1, 0, parse_cards("5S 6S 7S"), [5, 5, 5])
    found = planner.plan(hand, [other], rules, 1)
    assert found is not first and found is not None and found.layoffs == []


def test_strong_weighs_persians_jokers_as_the_rules_make_them() -> None:
    """RULES 8: persian's jokers are not wild: they meld only with jokers and count 20
    against in the hand. Strong gives a lone one its chance of meeting the jokers it
    lacks (not the 40 of a wild joker) and may discard it; under the jokers variant a
    joker stays worth 40 and is never let go while another card can be."""
    from rummy500_cli.actions import Discard
    from rummy500_cli.bots.heuristics.values import JOKER_WORTH, Context
    from rummy500_cli.bots.knowledge import Knowledge
    from rummy500_cli.bots.strong import StrongBot
    from rummy500_cli.cards import CARDS, JOKER

    def positions(rules: Rules) -> list:
        found: list = []

        def before(state) -> None:
            hand = state.hands[state.to_move]
            if state.phase == "play" and hand.count(JOKER) == 1 and len(found) < 20:
                found.append(state.copy())

        for game in range(6):
            bot_game(4, rules, f"jokers-{game}", ["strong"], before_move=before)
        return found

    persian = positions(make_rules({"variant": "persian", "jokers_per_deck": 4}))
    wild = positions(make_rules({"variant": "jokers", "jokers_per_deck": 1}))
    assert len(persian) >= 10 and len(wild) >= 10
    for state, worth_40 in [(s, False) for s in persian] + [(s, True) for s in wild]:
        seat = state.to_move
        ctx = Context(state, Knowledge.build(state, seat, None))
        hand = state.hands[seat]
        have = [hand.count(card) for card in CARDS]
        value = ctx.card_value(JOKER, have)
        assert (value == JOKER_WORTH) is worth_40
        discards = [a for a in legal_actions(state) if isinstance(a, Discard)]
        if len(discards) > 1:
            bot = StrongBot(state.header.seed, seat)
            weighed = [action.card for _cost, action in bot.discard_costs(state, discards, ctx)]
            assert (JOKER in weighed) is not worth_40
