"""The particle filter's repairs (`particles`): what keeps each particle of a seat
consistent with what this seat has seen when a card shows up, or an unseen card is
drawn. Each takes the filter's random stream, so that the repairs stay in its order."""

from __future__ import annotations

from ...cards import Card
from ..base import Rng
from .followers import Follower


def put_in(mover: Follower, card: Card, shown: list[Card], rng: Rng) -> None:
    """The card was in the mover's hand: each of its particles without it takes it in
    place of one of its hidden cards, drawn at random (not one shown with it)."""
    for particle in mover.particles:
        if card in particle.hidden:
            continue
        spare = [c for c in particle.hidden if c not in shown]
        if not spare:
            continue
        out = spare[rng.below(len(spare))]
        particle.hidden[particle.hidden.index(out)] = card
        particle.hand[particle.hand.index(out)] = card


def draw(mover: Follower, unseen: list[Card], rng: Rng) -> None:
    """The mover drew from the stock: each of its particles draws from its own pool
    (the unseen cards it does not hold)."""
    for particle in mover.particles:
        pool = [c for c in unseen if c not in particle.hidden]
        if not pool:
            continue
        card = pool[rng.below(len(pool))]
        particle.hidden.append(card)
        particle.hand.append(card)


def seen(card: Card, followers: list[Follower], unseen: list[Card], rng: Rng) -> None:
    """The card (gone from the unseen cards) was not in these seats' hands: each of
    their particles that held it takes one drawn from its pool instead."""
    for follower in followers:
        for particle in follower.particles:
            if card not in particle.hidden:
                continue
            pool = [c for c in unseen if c not in particle.hidden]
            index = particle.hidden.index(card)
            spare = pool[rng.below(len(pool))] if pool else None
            if spare is None:
                del particle.hidden[index]
                particle.hand.remove(card)
                continue
            particle.hidden[index] = spare
            particle.hand[particle.hand.index(card)] = spare
