"""Candidate versions of the expert, for sprt.py (`--a tests/benchmarks/expert_candidates.py:
Candidate:turns=1`): each setting a keyword, its default the expert as it is.

- `turns`: how many of the searching seat's own turns a playout looks ahead (the expert's
  `turns`, `expert.TURNS`: 2 now; 1: to its next draw, the expert before; 0: to the
  round's end).
- `count`: particles of the filter between 2 players (0: the default).
- `z10`: `Z` times ten (0: the default).
- `memo`: 1: the playouts' seats play with their memories of the round (the expert's
  `memories`, `search.memories`); 0: without.
- `chance`: N > 0: at a table of N players or more a playout's end is valued as this
  seat's chance of winning the game (`analysis.win_model`, the judge's), not as its
  points against the others' mean: the round's scores or, mid-round, each seat's table
  points and hand worth added to its total as if the round ended there; a game won 1,
  lost 0. So the seat that leads the race weighs more than one far behind. 0: points.
- `holds`: 0: the strong bot's melds and lay-offs are followed, never weighed against
  holding the cards (the expert before `expert.HOLDS`); 1: the default.
"""

from __future__ import annotations

from rummy500_cli.actions import AnyAction
from rummy500_cli.analysis.win_model import model
from rummy500_cli.bots import expert
from rummy500_cli.bots.expert import ExpertBot
from rummy500_cli.bots.heuristics.values import Context
from rummy500_cli.bots.knowledge import Knowledge
from rummy500_cli.bots.search.particles import ParticleFilter
from rummy500_cli.state import State
from rummy500_cli.variants.partnership import partnered


def chance_between(world: State, me: int, gains: list[float]) -> float:
    """This seat's chance of winning with `gains` added to the totals, at a fresh deal."""
    n = world.n
    totals = [total + gain for total, gain in zip(world.totals, gains, strict=True)]
    position = [world.round + 1, 99, -1, totals, [0] * n, [0] * n, [0] * n]
    return model().chances(position, world.rules.target)[me]


def worth_chance(world: State, me: int) -> float:
    """Mid-round: each seat's table points and hand worth as this round's score."""
    worth = []
    for seat, ctx in enumerate(Context.each(world, Knowledge.build_each(world))):
        worth.append(world.table_points[seat] + ctx.hand_worth(world.hands[seat]))
    return chance_between(world, me, worth)


class Candidate(ExpertBot):
    def __init__(
        self,
        seed: int | str,
        seat: int,
        effort: int | None = None,
        turns: int = expert.TURNS,
        count: int = 0,
        z10: int = 0,
        memo: int = 0,
        chance: int = 0,
        holds: int = int(expert.HOLDS),
    ) -> None:
        super().__init__(seed, seat, effort, memories=bool(memo), turns=turns, holds=bool(holds))
        if count:
            self.particles = ParticleFilter(seed, seat, count)
        self.z10 = z10
        self.chance = chance

    def _by_chance(self, world: State) -> bool:
        return bool(self.chance) and world.n >= self.chance and not partnered(world.rules)

    def _playout(self, world, action, levels=None):
        if not self._by_chance(world):
            return super()._playout(world, action, levels)
        saved = expert.round_worth
        expert.round_worth = worth_chance
        try:
            return super()._playout(world, action, levels)
        finally:
            expert.round_worth = saved

    def _apply(self, world: State, action: AnyAction, seen=None):
        value = super()._apply(world, action, seen)  # not None: the round ended
        if value is None or not self._by_chance(world):
            return value
        if world.over:
            return 1.0 if world.winner == self._seat else 0.0
        return chance_between(world, self._seat, [0.0] * world.n)
