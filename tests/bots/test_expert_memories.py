"""The expert's playouts with each seat's memory of the round (`search.memories`): copies
that a playout may change, in step with the deal or not used, the memories a seat really
keeps, and no peeking."""

from __future__ import annotations

from test_bots import TINY_THINK, blind_to_the_deal

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import expert as expert_module
from rummy500_cli.bots.expert import ExpertBot
from rummy500_cli.bots.knowledge import Knowledge, Memory
from rummy500_cli.bots.search import memories
from rummy500_cli.bots.search.memories import copy_memory, memories_for
from rummy500_cli.bots.search.particles import ParticleFilter
from rummy500_cli.events import PileTaken
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules


def _fields(memory: Memory) -> tuple:
    return tuple(getattr(memory, name) for name in Memory.__slots__)


def test_a_copy_is_the_memory_and_changes_alone() -> None:
    _, events = bot_game(2, make_rules({"max_rounds": 1}), "copy", ["strong"])
    taken = next(i for i, e in enumerate(events) if isinstance(e, PileTaken))
    memory = Memory(0)
    for event in events[: taken + 1]:
        memory.observe(event)
    twin = copy_memory(memory)
    assert _fields(twin) == _fields(memory)
    before = _fields(copy_memory(memory))
    for event in events[taken + 1 : taken + 12]:
        twin.observe(event)
    assert _fields(twin) != _fields(memory)
    assert _fields(memory) == before


def test_memories_out_of_step_with_the_deal_are_not_used() -> None:
    _, events = bot_game(2, make_rules({"max_rounds": 1}), "step", ["strong"])
    state = fold(events[:30])
    mine, theirs = Memory(0), Memory(1)
    for event in events[:30]:
        mine.observe(event)
        theirs.observe(event)
    found = memories_for(state, [mine, theirs])
    assert found is not None and set(found) == {0, 1}
    assert found[1] is not theirs and _fields(found[1]) == _fields(theirs)
    assert memories_for(state, [mine]) is None  # a seat without one
    theirs.observe(events[30])
    assert memories_for(state, [mine, theirs]) is None  # one a step ahead


def test_the_playouts_seats_remember_the_round_as_their_bots_do(monkeypatch) -> None:
    """The playouts start from the memory each seat's own bot keeps (public events only),
    and every decision in them is taken with the seat's memory in step."""
    given: list[dict[int, tuple]] = []
    in_step: list[bool] = []

    def spy_for(world, found):
        found = list(found)
        given.append({memory.seat: _fields(memory) for memory in found})
        return memories_for(world, found)

    real = memories.Remembering.move

    def move(self, world, legal, seat):
        in_step.append(Knowledge.build(world, seat, self.memories[seat]).in_step)
        return real(self, world, legal, seat)

    monkeypatch.setattr(expert_module, "memories_for", spy_for)
    monkeypatch.setattr(memories.Remembering, "move", move)
    decided: list[int] = []

    def before(state) -> None:
        if state.to_move == 0 and state.phase == "play" and len(decided) < 8:
            decided.append(state.applied)

    rules = make_rules({"max_rounds": 1})
    _, events = bot_game(2, rules, "remember", ["strong", "strong"], before_move=before)
    searched = 0
    for count in decided[2:]:
        expert = ExpertBot("remember", 0, 20, memories=True)
        expert.catch_up(events[:count])
        given.clear()
        expert.choose(fold(events[:count]))
        if not given:
            continue  # the strong bot's move: no search
        searched += 1
        seats = [Memory(0), Memory(1)]
        for event in events[:count]:
            for memory in seats:
                memory.observe(event)
        assert all(found == {0: _fields(seats[0]), 1: _fields(seats[1])} for found in given)
    assert searched and in_step and all(in_step)


def test_no_peeking_with_memories() -> None:
    """The same view with another hidden deal: the same decisions (`blind_to_the_deal`)."""
    _considered, differed = blind_to_the_deal(
        "expert", 2, lambda seat: ExpertBot("peek-2", seat, TINY_THINK, memories=True)
    )
    assert differed == 0


def test_the_filter_keeps_each_other_seats_memory() -> None:
    """The memory a playout copies for another seat is the filter's, fed public events."""
    _, events = bot_game(2, make_rules({"max_rounds": 1}), "kept", ["strong"])
    pf = ParticleFilter("kept", 0, count=4)
    own = Memory(1)
    for event in events[:40]:
        pf.observe(event)
        own.observe(event)
    pf.update()
    assert _fields(pf.by_seat[1].memory) == _fields(own)
