"""Candidate versions of the expert, for sprt.py (`--a tests/benchmarks/expert_candidates.py:
Candidate:turns=1`): each setting a keyword, its default the expert as it is.

- `turns`: how many of the searching seat's own turns a playout looks ahead (the expert's
  `turns`, `expert.TURNS`: 2 now; 1: to its next draw, the expert before; 0: to the
  round's end).
- `count`: particles of the filter between 2 players (0: the default).
- `z10`: `Z` times ten (0: the default).
- `memo`: 1: the playouts' seats play with their memories of the round (the expert's
  `memories`, `search.memories`); 0: without.
"""

from __future__ import annotations

from rummy500_cli.bots import expert
from rummy500_cli.bots.expert import ExpertBot
from rummy500_cli.bots.search.particles import ParticleFilter


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
    ) -> None:
        super().__init__(seed, seat, effort, memories=bool(memo), turns=turns)
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
