"""The expert's reads of the other hands, from one seat's view (`hint --why`, the
replay viewer's `r`).

For each other hand: the cards the seat is sure of (taken from the pile and not
played since), the most likely others with their chance, and the facts behind them
(each pile take with its depth, the top cards refused for a stock draw). The chances
are the expert's own: the weights of its particle filter (`bots.particles`) where the
filter follows the round, else the deals of `bots.inference.likely_deal`, as the
expert samples them (`bots.expert`).

No peeking: the first step maps every event through `followers.public` (the seat's own
view: the other hands and the stock of a deal, and the other seats' stock draws, are
blanked), and nothing after reads anything else; the state the reads think on is the
filter's shadow, built from those events alone. So a read can depend on the hidden
cards only through what the whole table saw (tests/reads/test_reads_no_peeking.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ..bots.base import stream
from ..bots.heuristics.values import Context
from ..bots.knowledge import Knowledge, Memory
from ..bots.search.followers import public
from ..bots.search.inference import likely_deal
from ..bots.search.particles import COUNT, ParticleFilter
from ..events import Event, GameStarted, PileTaken, RoundDealt
from ..state import State

LIKELY = 4
"""The most likely cards shown for each hand."""
SAMPLES = 48
"""Deals of `likely_deal` counted where the particle filter does not follow the round."""


class PileTake(msgspec.Struct, frozen=True, kw_only=True):
    """One take from the discard pile this round, as everyone saw it."""

    depth: int
    bottom: str
    """The deepest card taken (RULES 4.1: it had to be played at once)."""
    cards: list[str]
    """Every card taken, the chosen (deepest) one first."""
    used: bool = True
    """Whether the chosen card had to go on the table at once (RULES 4.1; a top card
    taken alone under `top_discard` keep or only need not)."""


class Chance(msgspec.Struct, frozen=True):
    card: str
    chance: float


class HandRead(msgspec.Struct, kw_only=True):
    """What one seat believes about another hand."""

    seat: int
    cards: int
    """Cards in that hand."""
    sure: list[str]
    """Cards known to be there: taken from the pile and not played since."""
    likely: list[Chance]
    """The most likely of its other cards, the likeliest first."""
    base: float
    """The chance of any one unseen card being there with nothing else known (how many
    cards the hand hides against how many the seat cannot see): the yardstick."""
    takes: list[PileTake]
    refused: list[str]
    """Top cards of the pile that it left for a stock draw this round."""
    source: str
    """`particles` (the expert's filter), `inference` (weighted deals) or `none`."""


class Reads(msgspec.Struct, kw_only=True):
    seat: int
    round: int
    hands: list[HandRead]


def read_hands(events: Sequence[Event], seat: int, count: int = COUNT) -> Reads:
    """The seat's reads of every other hand after these events (the game so far, the
    header first). `count`: particles per seat (the expert's by default)."""
    seen = [public(event, seat) for event in events]  # the seat's view: nothing else
    header = seen[0]
    assert isinstance(header, GameStarted)
    memory = Memory(seat)
    takes: dict[int, list[PileTake]] = {}
    for event in seen:
        memory.observe(event)
        if isinstance(event, RoundDealt):
            takes = {}
        elif isinstance(event, PileTaken):
            taken = list(event.cards)  # RULES 4.1: the chosen card first
            takes.setdefault(event.seat, []).append(
                PileTake(
                    depth=event.depth,
                    bottom=taken[0],
                    cards=taken,
                    used=not header.rules.keeps(event.depth),
                )
            )
    filtered = ParticleFilter(header.seed, seat, count)
    for event in seen:
        filtered.observe(event)
    filtered.update()
    shadow = filtered.state
    n = len(header.players)
    known = Knowledge.build(shadow, seat, memory) if shadow is not None else None
    source = "none"
    chances: dict[int, dict[str, float]] = {}
    if shadow is not None and known is not None and filtered.ready(shadow, known):
        source = "particles"
        for follower in filtered.followers:
            total = sum(p.weight for p in follower.particles) or 1.0
            found: dict[str, float] = {}
            for particle in follower.particles:
                for text in {card.ascii for card in particle.hidden}:
                    found[text] = found.get(text, 0.0) + particle.weight / total
            chances[follower.seat] = found
    elif shadow is not None and known is not None and shadow.phase in ("draw", "play"):
        source = "inference"
        chances = _inferred(shadow, known, seat)
    hands = []
    for other in range(n):
        if other == seat:
            continue
        size = len(shadow.hands[other]) if shadow is not None else 0
        sure = sorted((known.known[other] if known is not None else []), key=lambda c: c.code)
        hidden = size - len(sure)
        unseen = len(known.unseen) if known is not None else 0
        ranked = sorted(chances.get(other, {}).items(), key=lambda item: (-item[1], item[0]))
        hands.append(
            HandRead(
                seat=other,
                cards=size,
                sure=[card.ascii for card in sure],
                likely=[Chance(text, round(chance, 3)) for text, chance in ranked[:LIKELY]],
                base=round(hidden / unseen, 3) if unseen else 0.0,
                takes=takes.get(other, []),
                refused=[card.ascii for card in memory.refused[other]]
                if other < len(memory.refused)
                else [],
                source=source,
            )
        )
    return Reads(seat=seat, round=memory.round, hands=hands)


def _inferred(shadow: State, known: Knowledge, seat: int) -> dict[int, dict[str, float]]:
    """Each other hand's hidden cards counted over deals of `likely_deal`."""
    rng = stream(shadow.header.seed, f"reads/{seat}/{shadow.applied}")
    layable = Context(shadow, known).layable
    counts: dict[int, dict[str, float]] = {j: {} for j in range(shadow.n) if j != seat}
    for sample in range(SAMPLES):
        world = likely_deal(shadow, known, rng, f"reads/{sample}", layable)
        for other, found in counts.items():
            hand = list(world.hands[other])
            for card in known.known[other]:
                if card in hand:
                    hand.remove(card)
            for text in {card.ascii for card in hand}:
                found[text] = found.get(text, 0.0) + 1 / SAMPLES
    return counts


__all__ = ["Chance", "HandRead", "PileTake", "Reads", "read_hands"]
