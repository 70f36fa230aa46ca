"""The expert's particle filter over the other hand (`bots.particles`): exact on the
strong bot's own play, blind to what the seat may not see, and the same when caught up."""

from __future__ import annotations

import pytest

from rummy500_cli.bots import make_bot
from rummy500_cli.bots.knowledge import Knowledge, Memory
from rummy500_cli.bots.particles import Particle, ParticleFilter, public
from rummy500_cli.engine import resolve
from rummy500_cli.events import Event, GameStarted, RoundDealt, StockDrawn
from rummy500_cli.rules import make_rules
from rummy500_cli.selfplay import bot_game
from rummy500_cli.state import CARD, fold


class TrueHand(ParticleFilter):
    """A filter of one particle, the real other hand (a test may peek; a bot may not)."""

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

    def _deal(self, shadow, event) -> None:
        super()._deal(shadow, event)
        real = self.current
        assert isinstance(real, RoundDealt)
        hand = [CARD[text] for text in real.hands[self.other]]
        self.particles = [Particle(list(hand), list(hand))]

    def _draw(self) -> None:
        real = self.current
        assert isinstance(real, StockDrawn)
        for particle in self.particles:
            card = CARD[real.cards[0]]
            particle.hidden.append(card)
            particle.hand.append(card)


def test_the_real_hand_plays_as_the_strong_bot_did() -> None:
    """The shadow table is exact: holding the real hand, the strong bot asked at each of
    the other seat's choices plays what it played."""
    _, events = bot_game(2, make_rules({"max_rounds": 3}), "truth", ["strong"])
    for seat in (0, 1):
        truth = TrueHand("truth", seat)
        for event in events:  # asked after every event, as a bot watching the game
            truth.observe(event)
            truth.update()
        assert truth.state is not None
        assert truth.decisions_before + truth.decisions > 20
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


def test_the_filter_is_in_step_at_the_seats_decisions() -> None:
    marks: list[int] = []

    def before(state) -> None:
        if state.to_move == 0 and state.phase == "play":
            marks.append(state.applied)

    _, events = bot_game(2, make_rules({"max_rounds": 2}), "step", ["strong"], before_move=before)
    for mark in marks[::7]:
        state = fold(events[:mark])
        memory = Memory(0)
        pf = ParticleFilter("step", 0, count=16)
        for event in events[:mark]:
            memory.observe(event)
            pf.observe(event)
        pf.update()
        assert pf.ready(state, Knowledge.build(state, 0, memory))


def test_an_expert_caught_up_from_the_log_decides_as_one_that_watched() -> None:
    watched: list[int] = []

    def before(state) -> None:
        if state.to_move == 0:
            watched.append(state.applied)

    rules = make_rules({"max_rounds": 2})
    _, events = bot_game(2, rules, "catch", ["expert", "strong"], before_move=before, think=10)
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


def test_four_players_are_not_followed() -> None:
    _, events = bot_game(4, make_rules({"max_rounds": 1}), "four", ["strong"])
    pf = ParticleFilter("four", 0, count=4)
    for event in events:
        pf.observe(event)
    pf.update()
    assert pf.state is None and not pf.active
