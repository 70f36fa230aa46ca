"""The expert's particle filter over the other hand (`bots.particles`): exact on the
strong bot's own play, blind to what the seat may not see, and the same when caught up."""

from __future__ import annotations

import pytest

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import make_bot
from rummy500_cli.bots.base import stream
from rummy500_cli.bots.knowledge import Knowledge, Memory
from rummy500_cli.bots.search.followers import Particle, public
from rummy500_cli.bots.search.particles import SHARED, ParticleFilter
from rummy500_cli.engine import resolve
from rummy500_cli.events import Discarded, Event, GameStarted, RoundDealt, StockDrawn
from rummy500_cli.state import CARD, fold
from rummy500_cli.variants import make_rules


class TrueHand(ParticleFilter):
    """A filter of one particle per other seat, its real hand (a test may peek; a bot may
    not)."""

    def __init__(self, seed: str, seat: int) -> None:
        super().__init__(seed, seat, count=1)
        self.raw: list[Event] = []
        self.at = 0
        self.misses_before = self.decisions_before = 0

    def observe(self, event: Event) -> None:
        self.raw.append(event)
        super().observe(event)

    def _step(self, event: Event) -> int:
        self.current = self.raw[self.at]
        self.at += 1
        if isinstance(event, RoundDealt):
            self.misses_before += self.misses
            self.decisions_before += self.decisions
        return super()._step(event)

    @property
    def misses(self) -> int:
        return sum(follower.misses for follower in self.followers)

    @property
    def decisions(self) -> int:
        return sum(follower.decisions for follower in self.followers)

    def _deal(self, shadow, event) -> None:
        super()._deal(shadow, event)
        real = self.current
        assert isinstance(real, RoundDealt)
        for follower in self.followers:
            hand = [CARD[text] for text in real.hands[follower.seat]]
            follower.particles = [Particle(list(hand), list(hand))]

    def _draw(self, mover) -> None:
        real = self.current
        assert isinstance(real, StockDrawn) and real.seat == mover.seat
        for particle in mover.particles:
            card = CARD[real.cards[0]]
            particle.hidden.append(card)
            particle.hand.append(card)


@pytest.mark.parametrize("upcard", ["stock", "chosen"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_real_hand_plays_as_the_strong_bot_did(players: int, upcard: str) -> None:
    """The shadow table is exact: holding the real hand, the strong bot asked at each of
    another seat's choices plays what it played (at a table of four: each other seat's,
    on the one shadow). Under `upcard=chosen` (RULES 2.7) the choice that starts each
    round's pile is followed too."""
    rounds = (3 if players == 2 else 2) + (upcard == "chosen")  # (its rounds are short)
    rules = make_rules({"max_rounds": rounds, "upcard": upcard})
    _, events = bot_game(players, rules, "truth", ["strong"])
    for seat in range(players):
        truth = TrueHand("truth", seat)
        for event in events:  # asked after every event, as a bot watching the game
            truth.observe(event)
            truth.update()
        assert truth.state is not None
        assert truth.decisions_before + truth.decisions > 20 * (players - 1)
        assert truth.misses_before + truth.misses == 0
        assert all(len(f.particles) == 1 for f in truth.followers)


def test_each_seat_is_weighed_by_the_level_its_kind_names() -> None:
    """A greedy seat's particles are weighed by the greedy bot (so its real hand never
    misses), a strong one's by the strong bot, a random one's not at all (its choices
    say nothing of its hand)."""
    levels = ["greedy", "strong", "random", "greedy"]
    _, events = bot_game(4, make_rules({"max_rounds": 2}), "kinds", levels)
    truth = TrueHand("kinds", 1)
    for event in events:
        truth.observe(event)
        truth.update()
    kinds = {f.seat: type(f.policy).__name__ for f in truth.followers}
    assert kinds == {0: "GreedyBot", 2: "NoneType", 3: "GreedyBot"}
    by_seat = {f.seat: f.decisions for f in truth.followers}
    assert by_seat[0] > 10 and by_seat[3] > 10 and by_seat[2] == 0
    assert truth.misses_before + truth.misses == 0


def test_the_filter_reads_only_public_cards() -> None:
    _, events = bot_game(2, make_rules({"max_rounds": 1}), "public", ["strong"])
    deal = next(e for e in events if isinstance(e, RoundDealt))
    seen = public(deal, 0)
    assert isinstance(seen, RoundDealt)
    assert seen.hands[0] == deal.hands[0]
    assert set(seen.hands[1]) == {"?"} and set(seen.stock) == {"?"}
    draw = next(e for e in events if isinstance(e, StockDrawn) and e.seat == 1)
    assert public(draw, 0).cards == ("?",) and public(draw, 1) == draw


@pytest.mark.parametrize("upcard", ["stock", "chosen"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_filter_is_in_step_at_the_seats_decisions(players: int, upcard: str) -> None:
    marks: list[int] = []

    def before(state) -> None:
        if state.to_move == 0 and state.phase == "play":
            marks.append(state.applied)

    rules = make_rules({"max_rounds": 2, "upcard": upcard})
    _, events = bot_game(players, rules, "step", ["strong"], before_move=before)
    for mark in marks[::7]:
        state = fold(events[:mark])
        memory = Memory(0)
        pf = ParticleFilter("step", 0, count=16)
        for event in events[:mark]:
            memory.observe(event)
            pf.observe(event)
        pf.update()
        k = Knowledge.build(state, 0, memory)
        assert pf.ready(state, k)
        assert [f.seat for f in pf.followers] == list(range(1, players))
        _a_deal_of_the_unseen_cards(pf, state, k)


def _a_deal_of_the_unseen_cards(pf: ParticleFilter, state, k: Knowledge) -> None:
    """Sampled deals keep the seat's view and deal exactly the unseen cards: each other
    hand its known cards and as many hidden ones as it holds, the rest in the stock."""
    unseen = sorted(c.code for c in pf.unseen)
    for sample in range(4):
        world = pf.deal(state, k, stream("deal", str(sample)), str(sample))
        assert world.hands[0] == state.hands[0]
        dealt = list(world.stock)
        for j in range(1, state.n):
            assert len(world.hands[j]) == len(state.hands[j])
            hand = list(world.hands[j])
            for card in k.known[j]:
                hand.remove(card)
            dealt += hand
        assert sorted(c.code for c in dealt) == unseen


@pytest.mark.parametrize("players", [2, 4])
def test_an_expert_caught_up_from_the_log_decides_as_one_that_watched(players: int) -> None:
    watched: list[int] = []

    def before(state) -> None:
        if state.to_move == 0:
            watched.append(state.applied)

    rules = make_rules({"max_rounds": 2})
    levels = ["expert", "strong", "greedy", "strong"][:players]
    _, events = bot_game(players, rules, "catch", levels, before_move=before, think=10)
    for count in watched[::9]:
        state = fold(events[:count])
        late = make_bot("expert", "catch", 0, 10)
        late.catch_up(events[:count])
        action = late.choose(state)
        following = events[count]
        assert not isinstance(following, GameStarted)
        assert resolve(fold(events[:count]), action)[0] == following, f"at event {count}"


@pytest.mark.parametrize(
    "options",
    [{"out_of_turn": True}, {"variant": "jokers", "jokers_per_deck": 2}],
)
def test_rounds_the_filter_does_not_follow_leave_it_in_step_for_the_next(options) -> None:
    """A window, or a variant's jokers, stop the filter for its round only: the shadow of
    the game stays in step (a round of the standard rules after a window is followed)."""
    _, events = bot_game(2, make_rules({"max_rounds": 3, **options}), "odd", ["strong"])
    pf = ParticleFilter("odd", 0, count=4)
    active = []
    for event in events:
        pf.observe(event)
        pf.update()
        if isinstance(event, RoundDealt):
            active.append(pf.active)
    assert pf.state is not None
    assert active == [options.get("variant") is None] * len(active)


@pytest.mark.parametrize("options", [{}, {"variant": "partnership"}])
def test_four_players_are_followed_seat_by_seat(options) -> None:
    """At a table of four (and in partnership: sides change only the scoring) each other
    seat has its own particles, all of them guesses at that hand from the unseen cards."""
    _, events = bot_game(4, make_rules({"max_rounds": 1, **options}), "four", ["strong"])
    pf = ParticleFilter("four", 0, count=8)
    for event in events[:-3]:  # before the round's end
        pf.observe(event)
    pf.update()
    assert pf.state is not None and pf.active
    assert [f.seat for f in pf.followers] == [1, 2, 3]
    unseen = [c.code for c in pf.unseen]
    for follower in pf.followers:
        assert follower.decisions > 5
        assert len(follower.particles) == pf.per_seat(4)
        size = len(pf.state.hands[follower.seat])
        for particle in follower.particles:
            assert len(particle.hand) == size
            assert all(unseen.count(c.code) >= particle.hidden.count(c) for c in particle.hidden)
            codes = sorted(c.code for c in particle.hidden + follower.known)
            assert sorted(c.code for c in particle.hand) == codes


def test_a_third_seats_cards_move_the_others_particles() -> None:
    """A card that one seat shows was in none of the other hands: no particle of another
    seat holds it after, and every particle of the seat that showed it held it."""
    rules = make_rules({"max_rounds": 1})
    _, events = bot_game(4, rules, "third", ["strong"])
    pf = ParticleFilter("third", 0, count=16)
    checked = 0
    for event in events:
        pf.observe(event)
        pf.update()
        if isinstance(event, Discarded) and event.seat != 0 and pf.active:
            card = CARD[event.card]
            assert card not in pf.unseen  # one deck
            for follower in pf.followers:
                for particle in follower.particles:
                    assert card not in particle.hidden
            checked += 1
    assert checked > 10


def test_a_big_table_shares_the_particles_of_a_table_of_four() -> None:
    """Past four players the other seats share a table of four's particles (`SHARED`
    times the count), so the filter's work per turn stops growing with the table; up to
    four, each other seat keeps the whole count (their games are unchanged)."""
    pf = ParticleFilter("big", 0, count=128)
    assert [pf.per_seat(n) for n in (2, 3, 4)] == [128, 128, 128]
    for players in range(5, 9):
        assert (players - 1) * pf.per_seat(players) <= SHARED * 128
        assert (players - 1) * (pf.per_seat(players) + 1) > SHARED * 128
    _, events = bot_game(6, make_rules({"max_rounds": 1}), "six", ["strong"])
    six = ParticleFilter("six", 2, count=20)
    for event in events[:-3]:  # before the round's end
        six.observe(event)
    six.update()
    assert six.active and [f.seat for f in six.followers] == [0, 1, 3, 4, 5]
    assert [len(f.particles) for f in six.followers] == [SHARED * 20 // 5] * 5
