"""Random-simulation property tests (OpenSpiel's generic game test, for Rummy 500).

Many seeded games played by the random legal-move bot, under many rule sets, checking
at every event: every card is exactly once somewhere, the state folded from the written
log equals the live state, every listed legal action is accepted and junk is refused
without a change, round scores are table minus hand, and a seed gives the same log.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rule_sets import RULE_SETS, players_for

from rummy500_cli.actions import (
    POWERS,
    Action,
    BlockJoker,
    CallRum,
    ChooseUpcard,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    NamePower,
    Pass,
    TakePile,
)
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.cards import CARDS, new_deck
from rummy500_cli.engine import chosen_uses, legal_actions, resolve, usable_depths
from rummy500_cli.errors import Rummy500Error
from rummy500_cli.events import Event, LaidOff, Melded, RoundDealt, RoundEnded, RumCalled
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.scoring import hand_total
from rummy500_cli.state import State
from rummy500_cli.variants import make_rules
from rummy500_cli.variants.jokers import physical


def all_cards(state: State) -> Counter:
    cards = Counter(state.stock) + Counter(state.pile)
    for hand in state.hands:
        cards.update(hand)
    for meld in state.melds:
        cards.update(physical(meld))  # jokers as jokers, not the cards they stand for
    if state.gambit is not None:  # the dealer's joker, a blocking joker, cards out of play
        cards.update(state.gambit.aside())
    return cards


class Checker:
    """Runs the per-event checks during a bot game."""

    def __init__(self, probe_every: int) -> None:
        self.fingerprints: list[tuple[object, ...]] = []
        self.deck: Counter | None = None
        self.round_table: Counter = Counter()
        self.probe_every = probe_every
        self.count = 0

    def __call__(self, state: State, event: Event) -> None:
        if self.deck is None:
            self.deck = Counter(new_deck(state.decks, state.rules.jokers_per_deck))
        self.fingerprints.append(state.fingerprint())
        if state.phase in ("draw", "play"):
            assert state.hands[state.to_move], "the player to move has cards (else it is out)"
        if state.phase in ("upcard", "draw", "play", "window"):
            assert all_cards(state) == self.deck, "a card was lost or duplicated"
        if isinstance(event, RoundDealt):
            self.round_table = Counter()
        elif isinstance(event, Melded | LaidOff | RumCalled):
            self.round_table[event.seat] += sum(event.values)
        elif isinstance(event, RoundEnded):
            self.check_scores(state, event)

    def before_move(self, state: State) -> None:
        self.count += 1
        if self.count % self.probe_every == 0:
            probe_actions(state)

    def check_scores(self, state: State, event: RoundEnded) -> None:
        rules = state.rules
        penalty = event.reason == "went_out" or rules.stock_out_hand_penalty
        hands = [hand_total(hand, rules) for hand in state.hands]
        # RULES 7 opponents_hand: the one who went out adds the others' hands; at a
        # stock-out with two players each adds the other's; else each subtracts its own.
        # With sides (RULES 8), "the others" are the other side, and at a stock-out each
        # seat adds the hand of the opponent after it.
        sided = rules.variant in ("partnership", "persian")
        two = state.n == 2 or sided
        collect = rules.opponents_hand and (event.reason == "went_out" or two)
        for seat, score in enumerate(event.scores):
            assert score.table == self.round_table[seat]
            assert score.hand == hands[seat]
            if not collect:
                expected = score.table - (score.hand if penalty else 0) + score.bonus
            elif event.reason == "went_out":
                out = event.went_out
                against = [
                    s for s in range(state.n) if s != out and (not sided or s % 2 != out % 2)
                ]
                others = sum(hands[s] for s in against) if seat == out else 0
                expected = score.table + score.bonus + others
            else:
                expected = score.table + (hands[(seat + 1) % state.n] if penalty else 0)
            assert score.score == expected
        if event.went_out is not None:
            assert not state.hands[event.went_out]


def probe_actions(state: State) -> None:
    """Every legal action resolves; refused junk leaves the state as it was."""
    before = state.fingerprint()
    legal = legal_actions(state)
    assert legal, "a player to move always has a legal action"
    assert len(set(legal)) == len(legal), "legal actions are listed once each"
    outcomes = {tuple(resolve(state, action)) for action in legal}
    assert len(outcomes) == len(legal), "two listed actions do the same thing"
    hand = state.hands[state.to_move]
    junk = [TakePile(len(state.pile) + 1), Discard(CARDS[0]), LayMeld(tuple(hand[:3]))]
    junk += [LayOff(tuple(hand[:1]), 99), DrawStock()]
    for action in junk:
        try:
            outcome = tuple(resolve(state, action))
        except Rummy500Error:
            continue
        # an accepted action must do what one of the listed actions does
        assert outcome in outcomes, f"{action} is accepted but not listed as legal"
    assert state.fingerprint() == before, "resolve changed the state"
    if state.phase == "draw":
        slow = [depth for depth in range(1, len(state.pile) + 1) if _taken_ok(state, depth)]
        assert usable_depths(state) == slow


def _taken_ok(state: State, depth: int) -> bool:
    rules = state.rules
    if rules.top_discard == "only":
        return depth == 1
    if depth == 1 and rules.top_discard == "keep":
        return True
    hand = state.hands[state.to_move] + state.pile[-depth:]
    return next(chosen_uses(state, state.to_move, state.pile[-depth], hand), None) is not None


def play_checked(players: int, options: dict, seed: int, probe_every: int = 7) -> None:
    rules = make_rules({"max_rounds": 1, **options})
    checker = Checker(probe_every)
    state, events = bot_game(
        players, rules, seed, on_event=checker, before_move=checker.before_move
    )
    assert state.over
    # The written log folds back to the same state after every event.
    data = parse_log(encode_log(events))
    replay = State(data.events[0])  # type: ignore[arg-type]
    opening = len(events) - len(checker.fingerprints)  # header, dealer draw, first deal
    for event in data.events[1:opening]:
        replay.apply(event)
    for event, live in zip(data.events[opening:], checker.fingerprints, strict=True):
        replay.apply(event)
        assert replay.fingerprint() == live


@pytest.mark.parametrize("options", RULE_SETS, ids=lambda o: ",".join(o) or "standard")
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seeded_rounds_keep_every_invariant(options: dict, players: int) -> None:
    if options.get("decks") == 2 and players == 2:
        options = {**options, "hand_size": 13}
    if players_for(options, players) != players:  # other seeds, not the same 4 games again
        for seed in range(4):
            play_checked(4, options, 100 * players + seed)
        return
    for seed in range(4):
        play_checked(players, options, seed)


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    options=st.sampled_from(RULE_SETS),
)
def test_random_rounds_keep_every_invariant(seed: int, players: int, options: dict) -> None:
    if options.get("hand_size") == 10 and players > 4:
        options = {**options, "decks": 2}
    play_checked(players_for(options, players), options, seed, probe_every=11)


# --- legal_actions is exact: resolve accepts nothing it does not list ---------------------


def candidates(state: State) -> list[Action]:
    """Every action worth trying at a position, far beyond the legal ones: every group of
    up to 5 hand cards of one rank or one suit (jokers aside) as a meld and as a lay-off
    on each meld, each way of naming an Ace's or a run's end (jokers left for the engine
    to place); every pile depth and split, every discard and window move."""
    seat = state.to_move
    hand = state.hands[seat]
    out: list[Action] = [DrawStock(), Pass(), BlockJoker(), *map(NamePower, POWERS)]
    for depth in range(1, len(state.pile) + 2):
        out += [TakePile(depth, split) for split in range(depth)]
    groups = set()
    for size in range(1, min(len(hand), 5) + 1):
        for group in combinations(hand, size):
            natural = [card for card in group if not card.is_joker]
            if len({c.rank for c in natural}) <= 1 or len({c.suit for c in natural}) == 1:
                groups.add(tuple(sorted(group, key=lambda card: card.code)))
    doubles = (False, True) if state.gambit is not None else (False,)
    for group in sorted(groups, key=lambda cards: [card.code for card in cards]):
        if len(group) >= 3:
            aces = (None, False, True) if any(card.rank == 1 for card in group) else (None,)
            out += [LayMeld(group, high, (), double) for high in aces for double in doubles]
        for meld in state.melds:
            ends = (None,) if meld.kind == "set" else (None, "low", "high")
            out += [LayOff(group, meld.id, end) for end in ends]
    out += [Discard(card) for card in dict.fromkeys(hand)]
    out += [ChooseUpcard(card) for card in dict.fromkeys(hand)]
    for meld in (0, *(m.id for m in state.melds)):
        out += [CallRum(meld, end) for end in (None, "low", "high")]
    return out


def outcomes(state: State) -> set[tuple[Event, ...]]:
    return {tuple(resolve(state, action)) for action in legal_actions(state)}


def check_exact(state: State) -> None:
    """Every action that resolve accepts does what a listed action does, or (cards for
    both ends of a run, RULES 4.2) what a listed lay-off at the low end and then a
    listed one at the high end do."""
    listed = outcomes(state)
    for action in candidates(state):
        try:
            outcome = tuple(resolve(state, action))
        except Rummy500Error:
            continue
        if outcome in listed:
            continue
        low = outcome[0]
        assert isinstance(action, LayOff) and isinstance(low, LaidOff) and low.end == "low", (
            f"{action} is accepted but legal_actions does not list it"
        )
        assert (low,) in listed, f"{action}: its low end is not a listed lay-off"
        after = state.copy()
        after.apply(low)
        assert outcome[1:] in outcomes(after), f"{action}: its high end is not listed after"


@pytest.mark.parametrize("options", RULE_SETS, ids=lambda o: ",".join(o) or "standard")
def test_legal_actions_are_exactly_what_resolve_accepts(options: dict) -> None:
    """RULES 4.2 and every option: at seeded positions of bot games with hands of up to 8
    cards, no candidate action is accepted that legal_actions leaves out (bots, hints
    and completion rely on the list being exact)."""
    rules = make_rules({"max_rounds": 1, **options})
    players = players_for(options, 5 if rules.decks == 2 or options.get("decks") == 2 else 3)
    count = 0

    def probe(state: State) -> None:
        nonlocal count
        count += 1
        small = len(state.hands[state.to_move]) <= 8
        if small and (state.phase in ("play", "window") or count % 8 == 0):
            check_exact(state)

    bot_game(players, rules, 1, ("greedy", "random"), before_move=probe)


def test_same_seed_gives_a_byte_identical_log() -> None:
    rules = make_rules({"target": 200})
    first = encode_log(bot_game(3, rules, seed=42)[1])
    second = encode_log(bot_game(3, rules, seed=42)[1])
    assert first == second
    assert encode_log(bot_game(3, rules, seed=43)[1]) != first


def test_whole_games_reach_a_winner() -> None:
    for seed in range(3):
        state, _ = bot_game(2, make_rules({"target": 300}), seed)
        assert state.winner is not None
        assert state.totals[state.winner] >= 300
        assert state.totals[state.winner] == max(state.totals)


@pytest.mark.soak
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    options=st.sampled_from(RULE_SETS),
)
def test_soak_many_games(seed: int, players: int, options: dict) -> None:
    if options.get("hand_size") == 10 and players > 4:
        options = {**options, "decks": 2}
    play_checked(players_for(options, players), {**options, "max_rounds": 3}, seed, probe_every=3)
