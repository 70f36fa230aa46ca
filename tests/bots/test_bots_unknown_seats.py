"""A seat whose program the expert does not know (a person, an `exec:` program) is
modelled from how it plays (`bots/search/mixture.py`): its levels' shares move toward
the level that really plays it, its sampled levels reach the playouts, it never peeks,
and a bot caught up from the log decides as one that watched. Seats of this program's
bots keep their exact model."""

from __future__ import annotations

from typing import Any

import pytest

from rummy500_cli.bots import make_bot
from rummy500_cli.bots.base import stream
from rummy500_cli.bots.knowledge import Knowledge, Memory
from rummy500_cli.bots.search.mixture import LEVELS, PRIOR
from rummy500_cli.bots.search.particles import ParticleFilter
from rummy500_cli.engine import new_game, resolve
from rummy500_cli.events import Event, RoundDealt
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

OUTSIDE = "exec:./my-bot"
"""The seat kind of a program the expert does not know."""


def game(level: str, seed: str, rounds: int, kind: str = OUTSIDE) -> list[Event]:
    """A heads-up game of `rounds` rounds: seat 0 strong, seat 1 played by a bot of
    `level` under the seat kind `kind` (what the header says of it)."""
    events = new_game(
        ["P0", "P1"], make_rules({"max_rounds": rounds}), seed, seats=["bot:strong", kind]
    )
    state = fold(events)
    players = [make_bot("strong", seed, 0), make_bot(level, seed, 1)]
    while not state.over:
        for event in resolve(state, players[state.to_move].choose(state)):
            state.apply(event)
            events.append(event)
    return events


def shares_after_each_round(events: list[Event]) -> list[list[float]]:
    """Seat 0's filter fed the game: seat 1's levels' shares at each round's deal."""
    pf = ParticleFilter(events[0].seed, 0, count=24)  # type: ignore[attr-defined]
    found = []
    for event in events:
        pf.observe(event)
        if isinstance(event, RoundDealt):
            pf.update()
            (follower,) = pf.followers
            assert follower.mixture is not None
            found.append(list(follower.mixture.prior))
    return found


@pytest.mark.parametrize("seed", ["d1", "d2"])
@pytest.mark.parametrize("level", LEVELS)
def test_the_levels_shares_move_toward_the_level_that_plays(level: str, seed: str) -> None:
    """After a round most of the weight is on the level that plays the seat, and after
    two rounds more than four fifths of it."""
    shares = shares_after_each_round(game(level, f"{seed}-{level}", 3))
    assert shares[0] == list(PRIOR)  # before the seat has played
    first, second = (dict(zip(LEVELS, found, strict=True)) for found in shares[1:3])
    assert max(first, key=first.__getitem__) == level, first
    assert second[level] > 0.8, second


def test_a_seat_of_this_programs_bot_keeps_its_exact_model() -> None:
    """A greedy seat named in the header is weighed by the greedy bot, no mixture."""
    events = game("greedy", "known", 1, kind="bot:greedy")
    pf = ParticleFilter("known", 0, count=8)
    for event in events:
        pf.observe(event)
    pf.update()
    (follower,) = pf.followers
    assert follower.mixture is None and type(follower.policy).__name__ == "GreedyBot"
    assert not pf.learning


def test_the_expert_plays_a_learned_greedy_seat_as_greedy_in_its_playouts(monkeypatch) -> None:
    """Once the seat has shown itself greedy, the levels drawn for the sampled deals are
    mostly greedy, and those reach the playouts."""
    events = game("greedy", "playouts", 3)
    cut = [i for i, e in enumerate(events) if isinstance(e, RoundDealt)][1] + 6
    history = events[:cut]
    state = fold(history)
    while state.to_move != 0 or state.phase != "play":
        cut += 1
        history = events[:cut]
        state = fold(history)
    expert: Any = make_bot("expert", "playouts", 0, 60)
    expert.catch_up(history)
    drawn: list[dict[int, str]] = []
    real = expert._playout

    def spy(world, action, levels=None):
        drawn.append(dict(levels or {}))
        return real(world, action, levels)

    monkeypatch.setattr(expert, "_playout", spy)
    expert.choose(state)
    memory = Memory(0)
    for event in history:
        memory.observe(event)
    k = Knowledge.build(state, 0, memory)
    pf = expert.particles
    assert pf.ready(state, k)
    levels = [pf.deal_levels(state, k, stream("t", str(i)), str(i))[1][1] for i in range(40)]
    assert levels.count("greedy") > 30, levels
    if drawn:  # a search was made at this decision: the playouts had the levels
        assert all(set(d) == {1} for d in drawn)


@pytest.mark.parametrize("level", ["greedy", "random"])
def test_an_expert_caught_up_from_the_log_decides_as_one_that_watched(level: str) -> None:
    """Against a seat it learns round by round: the filter follows every round, so a
    bot that catches up on a log learns what one that watched learned."""
    seed = f"catch-{level}"
    events = new_game(
        ["P0", "P1"], make_rules({"max_rounds": 3}), seed, seats=["bot:expert:20", OUTSIDE]
    )
    state = fold(events)
    players: list[Any] = [make_bot("expert", seed, 0, 20), make_bot(level, seed, 1)]
    for event in events:
        players[0].observe(event)
    watched = []
    while not state.over:
        if state.to_move == 0:
            watched.append((len(events), players[0].choose(state)))
            action = watched[-1][1]
        else:
            action = players[1].choose(state)
        for event in resolve(state, action):
            state.apply(event)
            events.append(event)
            players[0].observe(event)
    late_points = [w for w in watched if sum(isinstance(e, RoundDealt) for e in events[: w[0]]) > 1]
    assert late_points
    for count, action in late_points[::15]:
        late = make_bot("expert", seed, 0, 20)
        late.catch_up(events[:count])
        assert late.choose(fold(events[:count])) == action, f"at event {count}"


def test_no_peeking_against_a_seat_of_unknown_program() -> None:
    """The expert's decisions against a seat it learns are the same with the hidden cards
    dealt otherwise (the same view: test_bots' check, with an `exec:` seat)."""
    import random

    from test_bots import hidden_cards, other_deal

    from rummy500_cli.view import view

    seed = "peek-outside"
    events = new_game(
        ["P0", "P1"], make_rules({"max_rounds": 2}), seed, seats=["bot:expert:2", OUTSIDE]
    )
    state = fold(events)
    players: list[Any] = [make_bot("expert", seed, 0, 2), make_bot("greedy", seed, 1)]
    points = []
    while not state.over:
        if state.to_move == 0:
            points.append(len(events))
        for event in resolve(state, players[state.to_move].choose(state)):
            state.apply(event)
            events.append(event)
    rng = random.Random(7)
    compared = 0
    for count in points[5::6]:
        history = events[:count]
        if not hidden_cards(history, 0):
            continue
        twin = other_deal(history, 0, rng, "another seed")
        assert view(fold(twin), 0) == view(fold(history), 0)
        decisions = []
        for line in (history, twin):
            bot = make_bot("expert", seed, 0, 2)
            bot.catch_up(line)
            decisions.append(bot.choose(fold(line)))
        assert decisions[0] == decisions[1], f"at event {count}"
        compared += 1
    assert compared >= 5
