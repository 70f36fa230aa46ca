"""A seat whose program the expert does not know (a person, an outside program, a seat
played online), modelled from how it has played: a mixture of this program's levels,
each weighed by how well it explains that seat's decisions so far.

Why: a seat the header names as a bot of this program (`bot:greedy`, `bot:strong`...)
plays as that level, and the particle filter weighs its hands by that level's choices
(`followers.policy_for`). Any other seat was modelled as the strong bot: an outside
program that plays like the greedy bot (or at random) then left the filter weighing
its hands by choices it never makes, and the expert's playouts playing it far better
than it plays.

How: the filter follows such a seat's hand and its level together (a particle filter
over the pair, the level summed out, as in Rao-Blackwellised filters): each particle
of the seat holds, beside its hand, a weight for each level of `LEVELS`
(`Particle.levels`), the joint weight of that hand and that level; its `weight` is
their sum. At each of the seat's choices, for each particle, the likelihood of what
the seat played under each level holding that hand multiplies that level's weight:
`1 / n` for the random bot among the `n` legal moves; for the greedy and the strong
bot, `1 - EPSILON + EPSILON / n` when the level would have played it, else `EPSILON /
n` (a level that plays otherwise now and then, as a person does). The levels' shares
summed over the particles are the seat's `Mixture.posterior`; at the end of a round
(when the next is dealt) it becomes the prior of the next round's particles
(`Mixture.prior`, each share kept above `FLOOR` so that a seat that changes its
ways is followed), starting from `PRIOR`. The expert's sampled deals draw each such
seat's level with its hand (`particles.ParticleFilter.deal_levels`) and its playouts
play the seat as that level.

Measured (TUNING.md beside this module; 160 games an arm, so wide intervals): the
expert won 88.8% against greedy as an outside program, where it won 76.9% when it
modelled that seat as strong (84.4% against greedy named in the header), and 64.4%
against strong as an outside program, against 66.9% when it knew it was strong.

The evidence a round gives is the same whether the filter watched the round or caught
up on it from a log (it follows every round of a game with such a seat: see
`particles.ParticleFilter.update`), so a bot caught up decides as one that watched.
"""

from __future__ import annotations

from ...actions import AnyAction, Discard, DrawStock, LayMeld, LayOff, TakePile
from ...engine import legal_actions
from ...events import Discarded, Event, LaidOff, Melded, PileTaken, StockDrawn
from ...state import State
from ..base import Rng
from ..greedy import GreedyBot
from ..knowledge import Knowledge, Memory
from ..strong import StrongBot

LEVELS = ("random", "greedy", "strong")
"""The levels a seat of unknown program is a mixture of (the expert plays as the strong
bot but where its search overrules it: the strong bot stands for it)."""
PRIOR = (0.1, 0.3, 0.6)
"""The levels' shares before the seat has played (most players of a game against the
expert play well; the strong bot was the model of every such seat before)."""
EPSILON = 0.3
"""The chance that a seat of a deterministic level plays a move at random instead. Also
what covers the guessed hands' misses: the greedy bot holding a guessed hand seldom
discards exactly the card that the greedy seat discarded, so a small value reads a
greedy seat as random. Over 3 games of 3 rounds for each level as the seat (24
particles), 0.3 put the most weight on the level that played after the first round in
8 of 9, 0.1 in 7 and 0.5 in 7."""
FLOOR = 0.001
"""The least share a level keeps from one round to the next."""


def known_kind(kind: str) -> bool:
    """Whether the header's seat kind names a player whose program the expert knows: a
    bot of this program (`bot:LEVEL[:N]`), or a seat of an old log that names none."""
    return kind == "" or kind.startswith("bot:")


class Mixture:
    """The levels a seat of unknown program may be, with their bots and shares."""

    __slots__ = ("greedy", "prior", "strong")

    def __init__(self, seed: int | str, seat: int) -> None:
        self.greedy = GreedyBot(seed, seat)
        self.strong = StrongBot(seed, seat)
        self.prior: list[float] = list(PRIOR)
        """The levels' shares at the start of this round (`LEVELS` order)."""

    def likelihoods(
        self, shadow: State, seat: int, memory: Memory, event: Event
    ) -> tuple[tuple[float, ...], int]:
        """How likely each level holding the hand now in the shadow was to play as the
        event records, and the bot calls that took."""
        legal = legal_actions(shadow)
        n = len(legal)
        if n <= 1:
            return (1.0, 1.0, 1.0), 0
        greedy = self.greedy.explain(shadow, legal)[0]
        k = Knowledge.build(shadow, seat, memory)
        strong = self.strong.decide(shadow, legal, k)[0]
        return (1.0 / n, _likelihood(greedy, event, n), _likelihood(strong, event, n)), 2

    def posterior(self, levels: list[list[float]]) -> list[float]:
        """The levels' shares summed over the particles' joint weights."""
        sums = [sum(weights[i] for weights in levels) for i in range(len(LEVELS))]
        total = sum(sums)
        if total <= 0:
            return list(self.prior)
        return [value / total for value in sums]

    def carry(self, levels: list[list[float]]) -> None:
        """A round is over: its posterior (each share at least `FLOOR`) is the next
        round's prior."""
        shares = [max(FLOOR, value) for value in self.posterior(levels)]
        total = sum(shares)
        self.prior = [value / total for value in shares]


def _likelihood(choice: AnyAction, event: Event, n: int) -> float:
    return (1 - EPSILON) * matches(choice, event) + EPSILON / n


def proposal(levels: list[list[float]]) -> list[float]:
    """The particles' shares for resampling a seat of unknown program: each level's own
    weights over the particles, normalized, averaged over the levels. Resampling by the
    sum of the joint weights would keep only the hands that fit the level leading so
    far, and a level that trails early (the greedy bot's exact choices fit few guessed
    hands at first) would never find the hands that fit it."""
    count = len(levels)
    sums = [sum(weights[i] for weights in levels) for i in range(len(LEVELS))]
    used = [i for i, value in enumerate(sums) if value > 0]
    if not used:
        return [1.0 / count] * count
    return [sum(weights[i] / sums[i] for i in used) / len(used) for weights in levels]


def matches(choice: AnyAction, event: Event) -> bool:
    """Whether a bot's choice is the play the event records (the filters' test of a
    guessed hand: `followers.weigh`, `Mixture.likelihoods`)."""
    if isinstance(event, StockDrawn):
        return isinstance(choice, DrawStock)
    if isinstance(event, PileTaken):
        return isinstance(choice, TakePile) and choice.depth == event.depth
    if isinstance(event, Discarded):
        return isinstance(choice, Discard) and choice.card.ascii == event.card
    if isinstance(event, Melded):
        return isinstance(choice, LayMeld) and sorted(c.ascii for c in choice.cards) == sorted(
            event.cards
        )
    if isinstance(event, LaidOff):
        return (
            isinstance(choice, LayOff)
            and choice.meld == event.meld
            and sorted(c.ascii for c in choice.cards) == sorted(event.cards)
        )
    return False


def draw_level(weights: list[float], rng: Rng) -> int:
    """A level's index drawn in proportion to a particle's weights for the levels."""
    target = rng.random() * sum(weights)
    running = 0.0
    for index, weight in enumerate(weights):
        running += weight
        if running >= target:
            return index
    return len(weights) - 1
