"""Each seat's memory of the round, carried into the expert's playouts.

Why: the strong bot decides with its memory of the round (`knowledge.Memory`: the cards
each seat took from the pile and still holds, what each refused and discarded), which
tells it, for one, which discards would feed the next player. A playout's strong bot
had none (`playout.StrongPolicy`: a seat sees only its hand and the table), so that on
a sampled deal the other seat, even holding its real hand, played otherwise than the
real strong bot would: in 6% of the playouts' decisions of a game at `--think 30`. With
the memories the other seat of a playout plays, on a sampled deal, exactly as the strong
bot in its seat would, and the searching seat as it would itself.

How: at the start of each playout, a copy of the searching seat's own memory and of
each other seat's as the particle filter keeps it (`followers.Follower.memory`, fed the
public events only, as that seat's bot keeps its own); the playout's events are
observed by each copy as they are applied (`Remembering.observe`). Memories out of step
with the sampled deal (the filter not following the round) leave the playout without
them, as before.

Measured (TUNING.md beside this module): no gain that 60 paired deals could show (61 of
120 games against the expert without, +6 Elo, 95% -32 to +44), so the expert leaves it
off (`expert.MEMORIES`); a candidate version of the expert may turn it on
(`ExpertBot(memories=True)`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...actions import AnyAction
from ...events import Event
from ...state import State
from ..knowledge import Knowledge, Memory
from ..strong import StrongBot


def copy_memory(memory: Memory) -> Memory:
    """A copy of a seat's memory that a playout may change."""
    twin = Memory(memory.seat)
    twin.seen = memory.seen
    twin.n = memory.n
    twin.round = memory.round
    twin.pile = list(memory.pile)
    twin.known = [list(cards) for cards in memory.known]
    twin.took = [list(cards) for cards in memory.took]
    twin.refused = [list(cards) for cards in memory.refused]
    twin.discarded = [list(cards) for cards in memory.discarded]
    twin.stock_draws = memory.stock_draws
    return twin


def memories_for(world: State, memories: Iterable[Memory]) -> dict[int, Memory] | None:
    """Copies of every seat's memory by seat, for a playout of `world`; None unless there
    is one for each seat and each is in step with it (has seen as many events)."""
    found = {memory.seat: memory for memory in memories}
    if len(found) != world.n or any(m.seen != world.applied for m in found.values()):
        return None
    return {seat: copy_memory(memory) for seat, memory in found.items()}


class Remembering:
    """The strong bot playing each seat of a playout with that seat's memory of the
    round (`memories_for`), kept up to date by `observe`."""

    def __init__(self, bot: StrongBot, memories: dict[int, Memory]) -> None:
        self.bot = bot
        self.memories = memories

    def move(self, world: State, legal: list[AnyAction], seat: int) -> AnyAction:
        memory = self.memories.get(seat)

        def knowledge() -> Knowledge:  # built only when the move needs it
            return Knowledge.build(world, seat, memory)

        return self.bot.decide_for(world, legal, seat, knowledge, why=False)[0]

    def observe(self, event: Event) -> None:
        """An event of the playout, as every seat sees it (memories read public parts)."""
        for memory in self.memories.values():
            memory.observe(event)
