"""The particles over one other seat's hand (`Follower`), and how they are weighed by
that seat's choices: the parts of the particle filter (`particles`) that look at one
seat at a time.

A particle's weight is kept if the seat's policy (`policy_for` its kind, as the game's
header names it) holding that particle's hand would have played as the seat did, else
multiplied by `MISS` (`weigh`); when a seat's weights' effective sample size falls
below `RESAMPLE` of its count, its particles are resampled (`resample`, systematic).
A seat whose program is not known (a person, an outside program) is weighed by each
level of its `mixture.Mixture` instead (`_weigh_levels`).
"""

from __future__ import annotations

import msgspec

from ...cards import Card
from ...engine import legal_actions
from ...events import (
    Event,
    RoundDealt,
    StockDrawn,
    StockRebuilt,
)
from ...state import State
from ..base import Rng
from ..greedy import GreedyBot
from ..knowledge import Knowledge, Memory
from ..strong import StrongBot
from .mixture import Mixture, known_kind, matches, proposal

MISS = 0.01
"""The weight kept by a particle whose strong-bot choice differs from the seat's. On
the placement benchmark (100 positions): 0.2 placed 1.72 hidden cards, 0.05 1.86, 0.01
1.89; 512 particles placed no more than 128 (1.85), nor did a move step (a particle
that misses trying hands one card away: 1.84)."""
RESAMPLE = 0.5
"""Resample when the effective sample size falls below this share of the count."""

_HIDDEN = "?"
"""What `public` writes for a card the seat may not see."""


def public(event: Event, seat: int) -> Event:
    """The event as this seat saw it: the other hands and the stock of a deal, and the
    other seats' stock draws, blanked (their sizes are public)."""
    if isinstance(event, RoundDealt):
        hands = tuple(
            hand if j == seat else (_HIDDEN,) * len(hand) for j, hand in enumerate(event.hands)
        )
        return msgspec.structs.replace(event, hands=hands, stock=(_HIDDEN,) * len(event.stock))
    if isinstance(event, StockDrawn) and event.seat != seat:
        return msgspec.structs.replace(event, cards=(_HIDDEN,) * len(event.cards))
    if isinstance(event, StockRebuilt):  # pile cards, all seen: only their order is not
        return msgspec.structs.replace(event, stock=tuple(sorted(event.stock)))
    return event


class Particle:
    """One guess at another seat's hand: its cards (the known ones included) and weight."""

    __slots__ = ("hand", "hidden", "levels", "weight")

    def __init__(
        self,
        hand: list[Card],
        hidden: list[Card],
        weight: float = 1.0,
        levels: list[float] | None = None,
    ) -> None:
        self.hand = hand
        self.hidden = hidden
        """The hand's cards that the seat has not seen go in (not taken from the pile)."""
        self.weight = weight
        self.levels = levels
        """For a seat of unknown program (`mixture`): the joint weight of this hand and
        each level of `mixture.LEVELS`, whose sum is `weight`; else None."""

    def clone(self) -> Particle:
        levels = None if self.levels is None else list(self.levels)
        return Particle(list(self.hand), list(self.hidden), self.weight, levels)


def policy_for(kind: str, seed: int | str, seat: int) -> StrongBot | GreedyBot | None:
    """The bot a seat's particles are weighed by, from the seat's kind as the header
    names it (public): a greedy bot's own level (its play is a function of its hand and
    the table, so its real hand never misses), none for a random bot, else the strong
    bot (strong and expert seats, and an old log's seats that name no kind; a person or
    a program is a `mixture.Mixture` of levels instead, see `Follower`)."""
    if kind == "bot:greedy":
        return GreedyBot(seed, seat)
    if kind == "bot:random":
        return None
    return StrongBot(seed, seat)


class Follower:
    """The particles over one other seat's hand, with what asking that seat's choices
    takes: its own policy (`policy_for` its kind) and its memory of the game."""

    __slots__ = (
        "decisions",
        "known",
        "memory",
        "misses",
        "mixture",
        "particles",
        "policy",
        "seat",
    )

    def __init__(self, seed: int | str, seat: int, kind: str = "") -> None:
        """`kind`: the seat's kind in the header (`bot:greedy`, `human`...)."""
        self.seat = seat
        self.mixture = None if known_kind(kind) else Mixture(seed, seat)
        """For a seat whose program the expert does not know (`mixture`): the levels it
        may play as; its particles are weighed by them all (`weigh`)."""
        self.policy = None if self.mixture is not None else policy_for(kind, seed, seat)
        """Asked at the seat's choices; None for a random bot (its choices say nothing)
        and for a seat of unknown program (its mixture is asked)."""
        self.memory = Memory(seat)
        """That seat's memory, as its own bot keeps it (public events only)."""
        self.particles: list[Particle] = []
        self.known: list[Card] = []
        """Cards known to be in that hand (taken from the pile, not yet played)."""
        self.decisions = 0
        self.misses = 0


def weigh(shadow: State, mover: Follower, event: Event, rng: Rng | None) -> int:
    """Each of the mover's particles' weight times 1 if the seat's policy holding its
    hand would have played as the seat did, else times `MISS`; then resample if need
    be. A seat without a policy (a random bot) is not weighed; a seat of unknown program
    is weighed by each level of its mixture (`_weigh_levels`)."""
    if mover.mixture is not None:
        return _weigh_levels(shadow, mover, event, rng)
    seat = mover.seat
    policy = mover.policy
    if policy is None:
        return 0
    memory = mover.memory
    saved = shadow.hands[seat]
    verdicts: dict[tuple[int, ...], bool] = {}
    work = 0
    particles = mover.particles
    try:
        for particle in particles:
            key = tuple(sorted(c.code for c in particle.hand))
            same = verdicts.get(key)
            if same is None:
                shadow.hands[seat] = particle.hand
                legal = legal_actions(shadow)
                if len(legal) <= 1:
                    same = True
                else:
                    if isinstance(policy, GreedyBot):
                        choice = policy.explain(shadow, legal)[0]
                    else:
                        k = Knowledge.build(shadow, seat, memory)
                        choice = policy.decide(shadow, legal, k)[0]
                    same = matches(choice, event)
                    work += 1
                verdicts[key] = same
            if not same:
                particle.weight *= MISS
                mover.misses += 1
    finally:
        shadow.hands[seat] = saved
    mover.decisions += 1
    total = sum(p.weight for p in particles)
    if total <= 0:
        for particle in particles:
            particle.weight = 1.0
        return work
    for particle in particles:
        particle.weight /= total
    ess = 1.0 / sum(p.weight * p.weight for p in particles)
    if ess < RESAMPLE * len(particles):
        mover.particles = resample(particles, rng)
    return work


def _weigh_levels(shadow: State, mover: Follower, event: Event, rng: Rng | None) -> int:
    """`weigh` for a seat of unknown program: each particle's weight for each level times
    the likelihood of the seat's play under that level holding its hand (`mixture`)."""
    mixture = mover.mixture
    assert mixture is not None
    seat = mover.seat
    saved = shadow.hands[seat]
    found: dict[tuple[int, ...], tuple[float, ...]] = {}
    work = 0
    particles = mover.particles
    try:
        for particle in particles:
            key = tuple(sorted(c.code for c in particle.hand))
            likely = found.get(key)
            if likely is None:
                shadow.hands[seat] = particle.hand
                likely, calls = mixture.likelihoods(shadow, seat, mover.memory, event)
                work += calls
                found[key] = likely
            levels = particle.levels
            assert levels is not None
            for index, value in enumerate(likely):
                levels[index] *= value
            particle.weight = sum(levels)
    finally:
        shadow.hands[seat] = saved
    mover.decisions += 1
    total = sum(p.weight for p in particles)
    if total <= 0:  # (each likelihood is above 0: only an underflow)
        for particle in particles:
            particle.levels = list(mixture.prior)
            particle.weight = 1.0
        return work
    for particle in particles:
        particle.weight /= total
        particle.levels = [value / total for value in particle.levels or ()]
    # resampled by each level's own weights, in equal parts (`mixture.proposal`): a level
    # that explains the play less well so far keeps the hands that fit it best
    shares = proposal([p.levels or [] for p in particles])
    ess = 1.0 / sum(share * share for share in shares)
    if ess < RESAMPLE * len(particles):
        mover.particles = resample(particles, rng, shares)
    return work


def resample(
    particles: list[Particle], rng: Rng | None, shares: list[float] | None = None
) -> list[Particle]:
    """Systematic resampling: as many particles, in proportion to the weights (or to
    `shares`, normalized: then each copy's weights for the levels are divided by its
    share, so that they stand for the same joint weights)."""
    assert rng is not None
    count = len(particles)
    step = 1.0 / count
    point = rng.random() * step
    chosen: list[Particle] = []
    running = 0.0
    index = -1
    picked: list[int] = []
    for _ in range(count):
        while running < point and index < count - 1:
            index += 1
            running += particles[index].weight if shares is None else shares[index]
        chosen.append(particles[max(index, 0)].clone())
        picked.append(max(index, 0))
        point += step
    if shares is None:
        for particle in chosen:
            particle.weight = step
        return chosen
    for particle, index in zip(chosen, picked, strict=True):
        scale = step / (shares[index] * count) if shares[index] > 0 else 0.0
        particle.levels = [value * scale for value in particle.levels or ()]
        particle.weight = sum(particle.levels)
    total = sum(p.weight for p in chosen) or 1.0
    for particle in chosen:
        particle.weight /= total
        particle.levels = [value / total for value in particle.levels or ()]
    return chosen


def pick(particles: list[Particle], rng: Rng) -> Particle:
    """A particle drawn by weight."""
    target = rng.random() * sum(p.weight for p in particles)
    running = 0.0
    for particle in particles:
        running += particle.weight
        if running >= target:
            return particle
    return particles[-1]


def hold(hand: list[Card], cards: list[Card]) -> None:
    """Put the cards into the shadow's other hand (whose other cards are made up), each
    in place of a card not among them, so that the event that plays them applies."""
    for card in cards:
        if card not in hand:
            spare = next(i for i, held in enumerate(hand) if held not in cards)
            hand[spare] = card
