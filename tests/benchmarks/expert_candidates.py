"""Candidate versions of the expert, for sprt.py (`--a tests/benchmarks/expert_candidates.py:
Candidate:turns=2`): each setting a keyword, its default the expert as it is.

- `turns`: how many of the searching seat's own turns a playout looks ahead (1: to its
  next draw, as the expert; 0: to the round's end).
- `count`: particles of the filter between 2 players (0: the default).
- `z10`: `Z` times ten (0: the default).
- `memo`: 1: the playouts' seats play with their memories of the round (the expert's
  `memories`, `search.memories`); 0: without.
"""

from __future__ import annotations

from functools import partial

from rummy500_cli.actions import AnyAction
from rummy500_cli.bots import expert
from rummy500_cli.bots.expert import ExpertBot
from rummy500_cli.bots.search.particles import ParticleFilter
from rummy500_cli.bots.search.playout import play_out, round_worth
from rummy500_cli.engine import legal_actions
from rummy500_cli.state import State


class Candidate(ExpertBot):
    def __init__(
        self,
        seed: int | str,
        seat: int,
        effort: int | None = None,
        turns: int = 1,
        count: int = 0,
        z10: int = 0,
        memo: int = 0,
    ) -> None:
        super().__init__(seed, seat, effort, memories=bool(memo))
        self.turns = turns
        if count:
            self.particles = ParticleFilter(seed, seat, count)
        self.z10 = z10

    def search(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        saved = expert.Z
        if self.z10:
            expert.Z = self.z10 / 10
        try:
            return super().search(*args, **kwargs)
        finally:
            expert.Z = saved

    def _playout(
        self, world: State, action: AnyAction, levels: dict[int, str] | None = None
    ) -> tuple[float, int]:
        if self.turns == 1:
            return super()._playout(world, action, levels)
        me = self._seat
        remembering = self._remembering(world)
        strong = self.policy.move if remembering is None else remembering.move
        modelled = self._modelled(world)
        for seat, level in (levels or {}).items():
            other = expert.MODELLED.get(f"bot:{level}")
            if other is not None:
                modelled[seat] = other(world.header.seed, seat)

        def move(world: State, legal: list[AnyAction], seat: int) -> AnyAction:
            other = modelled.get(seat)
            return strong(world, legal, seat) if other is None else other.explain(world, legal)[0]

        apply = self._apply if remembering is None else partial(self._apply, seen=remembering)
        ended, moves = play_out(world, action, me, move, apply, self.turns == 0)
        for _ in range(self.turns - 1):
            if ended is not None:
                break
            legal = legal_actions(world)
            choice = legal[0] if len(legal) == 1 else move(world, legal, me)
            ended, more = play_out(world, choice, me, move, apply)
            moves += more
        if ended is not None:
            return ended, moves
        return round_worth(world, me), moves + 2 + 4 * (world.n - 2)
