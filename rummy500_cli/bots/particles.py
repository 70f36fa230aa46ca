"""A forward particle filter over the other hand of a 2-player round (sequential Monte
Carlo), for the expert's sampled deals.

Why: the expert's search is only as good as its guess at the other hand (shown the real
hand it wins far more often), and weighing a hand backward from what its owner did
(`inference.likely_deal`) places few more of its hidden cards than a uniform deal. The
other player is most often a bot of this program, whose choices are a function of its
hand and the public table; so a guess at that hand can be checked against each of its
choices by asking the strong bot what it would have done holding it.

How: at the round's deal, `COUNT` particles each deal the other hand from the cards this
seat cannot see. Every event of the round then moves each particle forward, in order:

- At a choice of the other seat (take the pile or draw, which card to discard, which
  meld or lay-off), the strong bot is asked what it would play holding the particle's
  hand on the public table of that moment; the particle's weight is kept if it would
  play what the seat played, else multiplied by `MISS` (never 0: a human, or another
  bot, plays otherwise).
- A stock draw of the other seat: each particle draws its card from its own unseen
  pool (the unseen cards not in its hand), so hands and draws are sampled jointly and
  forward, as the game dealt them.
- A card shown to have been in the other hand (discarded, melded, laid off) that a
  particle does not hold is put into it in place of one of its hidden cards, drawn at
  random; a card that this seat draws from the stock leaves the particles that held it,
  for one drawn from their pools. (These repairs keep every particle consistent with
  what the seat has seen, at the price of a history that is a little less so.)
- When the weights' effective sample size falls below `RESAMPLE` of the count, the
  particles are resampled (systematic resampling).

`deal` then answers a sampled deal: the other hand of a particle drawn by weight, the
rest of the unseen cards shuffled into the stock.

No peeking: the filter is fed each event through `public`, which blanks what the seat
may not see (the other hand and the stock of a deal, the other seat's stock draws), and
it keeps a shadow State of the game built from those events alone, in which the hidden
cards are dealt canonically (as in `knowledge.masked_state`). Its random stream is keyed
by the game's seed, the seat and the round's first event, and it reads the events in
order, so a bot caught up from a log decides as one that watched.

It follows 2-player rounds of the rules without windows (rum, out of turn, deadwood),
jokers' variants or a rebuilt stock; elsewhere it is not `ready`, and the expert falls
back on `likely_deal`. The work it does (each strong call counts one unit) is answered
by `update` (for the events since the seat last played), so that the expert can count
it in its budget.
"""

from __future__ import annotations

import msgspec

from ..actions import AnyAction, Discard, DrawStock, LayMeld, LayOff, TakePile
from ..cards import JOKER, Card, new_deck
from ..engine import legal_actions
from ..engine.variants import hooks_of
from ..events import (
    DealerDrawn,
    Discarded,
    Event,
    GameEnded,
    GameStarted,
    JokerBlocked,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    RoundEnded,
    StockDrawn,
    StockRebuilt,
    UpcardChosen,
)
from ..state import CARD, State
from .base import Rng, stream
from .knowledge import Knowledge, Memory, deal_hidden
from .strong import StrongBot

COUNT = 128
"""Particles per round."""
MISS = 0.01
"""The weight kept by a particle whose strong-bot choice differs from the seat's. On
the placement benchmark (100 positions): 0.2 placed 1.72 hidden cards, 0.05 1.86, 0.01
1.89; 512 particles placed no more than 128 (1.85), nor did a move step (a particle
that misses trying hands one card away: 1.84)."""
RESAMPLE = 0.5
"""Resample when the effective sample size falls below this share of the count."""

_HIDDEN = "?"
"""What `public` writes for a card the seat may not see."""

_FOLLOWED = (
    GameStarted,
    DealerDrawn,
    RoundDealt,
    StockDrawn,
    PileTaken,
    Melded,
    LaidOff,
    Discarded,
    RoundEnded,
    GameEnded,
)
"""The events the filter follows; any other one (a window, a rebuilt stock, a variant's)
stops it for the rest of the round."""


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
    """One guess at the other hand: its cards (the known ones included) and weight."""

    __slots__ = ("hand", "hidden", "weight")

    def __init__(self, hand: list[Card], hidden: list[Card], weight: float = 1.0) -> None:
        self.hand = hand
        self.hidden = hidden
        """The hand's cards that the seat has not seen go in (not taken from the pile)."""
        self.weight = weight

    def clone(self) -> Particle:
        return Particle(list(self.hand), list(self.hidden), self.weight)


class ParticleFilter:
    """The other hand of a 2-player round, followed event by event (see the module)."""

    def __init__(self, seed: int | str, seat: int, count: int = COUNT) -> None:
        self.seed = seed
        self.seat = seat
        self.count = count
        self.queue: list[Event] = []
        """Events observed but not yet folded in (the work is done when asked)."""
        self.state: State | None = None
        """The shadow of the game: the public events folded, hidden cards canonical."""
        self.memory: Memory | None = None
        """The other seat's memory, as its own bot keeps it (public events only)."""
        self.other = 1 - seat
        self.policy = StrongBot(seed, self.other)
        self.particles: list[Particle] = []
        self.unseen: list[Card] = []
        """The cards this seat cannot see (in the stock or hidden in the other hand)."""
        self.known: list[Card] = []
        """Cards known to be in the other hand (taken from the pile, not yet played)."""
        self.active = False
        self.rng: Rng | None = None
        self.since = 0
        """The work done on the events since this seat's last play (see `update`)."""
        self.decisions = 0
        self.misses = 0

    # --- intake -----------------------------------------------------------------------

    def observe(self, event: Event) -> None:
        """Queue the next event of the game; it is read, as the seat saw it (`public`),
        only when the filter is next asked for (a bot caught up only to be judged, as
        analyze's are, never asks)."""
        self.queue.append(event)

    def update(self) -> int:
        """Fold in the queued events; answer the work done on the events since this
        seat's last play (strong-bot calls), a function of the events alone, so that a
        bot caught up from a log counts what one that watched counts. Rounds that are
        over by the end of the queue are folded into the shadow only: each round's
        particles start afresh from its own stream, so following them would change
        nothing (a bot caught up for one move, as the hint's is, skips them)."""
        queue, self.queue = self.queue, []
        last = max((i for i, e in enumerate(queue) if isinstance(e, RoundDealt)), default=-1)
        for index, event in enumerate(queue):
            event = public(event, self.seat)
            if getattr(event, "seat", -1) == self.seat or isinstance(event, RoundDealt):
                self.since = 0
            self.since += self._step(event)
            if index < last and isinstance(event, RoundDealt):
                self.active = False  # a round that is over: not followed
                self.particles = []
        return self.since

    def ready(self, state: State, k: Knowledge) -> bool:
        """Whether the filter is in step with this state and the seat's knowledge."""
        shadow = self.state
        if not self.active or shadow is None or self.queue or not self.particles:
            return False
        if shadow.applied != state.applied or not k.in_step:
            return False
        if k.counts[self.other] != len(self.particles[0].hand):
            return False
        return sorted(c.code for c in k.unseen) == sorted(c.code for c in self.unseen)

    # --- the sampled deal -------------------------------------------------------------

    def deal(self, state: State, k: Knowledge, rng: Rng, salt: str) -> State:
        """A deal of the unseen cards: a particle's hidden cards (drawn by weight) in the
        other hand, the rest shuffled into the stock (see `ready`)."""
        particle = self._pick(rng)
        rest = list(self.unseen)
        for card in particle.hidden:
            rest.remove(card)
        rng.shuffle_list(rest)
        # deal_hidden gives the other hand its known cards first, then these
        return deal_hidden(state, k, list(particle.hidden) + rest, salt)

    def _pick(self, rng: Rng) -> Particle:
        particles = self.particles
        target = rng.random() * sum(p.weight for p in particles)
        running = 0.0
        for particle in particles:
            running += particle.weight
            if running >= target:
                return particle
        return particles[-1]

    # --- one event --------------------------------------------------------------------

    def _step(self, event: Event) -> int:
        if isinstance(event, GameStarted):
            self.state = State(event)
            self.memory = Memory(self.other)
            self.active = False
            self.memory.observe(event)
            if len(event.players) != 2:
                self.state = None
            return 0
        shadow, memory = self.state, self.memory
        if shadow is None or memory is None:
            return 0
        work = 0
        try:
            if not isinstance(event, _FOLLOWED):
                self.active = False
            elif isinstance(event, RoundDealt):
                self._deal(shadow, event)
                event = self._dealt(shadow, event)
            else:
                if self.active:
                    work = self._follow(shadow, memory, event)
                if isinstance(event, StockDrawn) and event.seat == self.other:
                    # the shadow's stock top goes in (canonical; the particles drew theirs)
                    top = shadow.stock[-len(event.cards) :][::-1]
                    event = msgspec.structs.replace(event, cards=tuple(c.ascii for c in top))
            if isinstance(event, RoundEnded):
                self.active = False
            if getattr(event, "seat", -1) == self.other:
                shown = self._shown(event)
                if shown and self.active:
                    self._played(event)
                _hold(shadow.hands[self.other], shown)
            shadow.apply(event)
        except (ValueError, KeyError, IndexError, AssertionError, StopIteration):
            # out of step for good (an event this shadow cannot follow): the expert
            # falls back on `likely_deal` for the rest of the game
            self.state = None
            self.active = False
            return work
        memory.observe(event)
        return work

    def _dealt(self, shadow: State, event: RoundDealt) -> RoundDealt:
        """The deal with its hidden cards filled in canonically (card order)."""
        fill = [c.ascii for c in self.unseen]
        hands = []
        for j, hand in enumerate(event.hands):
            if j == self.seat:
                hands.append(hand)
            else:
                hands.append(tuple(fill[: len(hand)]))
                del fill[: len(hand)]
        return msgspec.structs.replace(event, hands=tuple(hands), stock=tuple(fill))

    def _deal(self, shadow: State, event: RoundDealt) -> None:
        """A new round: the unseen cards, and the particles dealt from them."""
        rules = shadow.rules
        unseen = new_deck(shadow.decks, rules.jokers_per_deck)
        for text in event.hands[self.seat]:
            unseen.remove(CARD[text])
        if event.upcard is not None:
            unseen.remove(CARD[event.upcard])
        unseen.sort(key=lambda c: c.code)
        self.unseen = unseen
        self.known = []
        self.particles = []
        # a variant whose moves are the standard game's, without jokers (RULES 8)
        self.active = hooks_of(rules).plain_moves and rules.jokers_per_deck == 0
        if not self.active:
            return
        self.rng = stream(self.seed, f"bot/particles/{self.seat}/{shadow.applied}")
        size = len(event.hands[self.other])
        rng = self.rng
        self.particles = []
        for _ in range(self.count):
            cards = list(unseen)
            rng.shuffle_list(cards)
            hand = cards[:size]
            self.particles.append(Particle(list(hand), list(hand)))
        self.decisions = self.misses = 0

    def _follow(self, shadow: State, memory: Memory, event: Event) -> int:
        """Weigh and move the particles by one event of the round."""
        other = self.other
        seat = getattr(event, "seat", -1)
        work = 0
        if seat == other and isinstance(
            event, PileTaken | StockDrawn | Discarded | Melded | LaidOff
        ):
            shown = self._shown(event)
            for card in shown:
                if card in self.unseen:
                    self._put_in(card, shown)
            if shadow.to_move == other and shadow.phase in ("draw", "play"):
                work = self._weigh(shadow, memory, event)
        if isinstance(event, StockDrawn):
            if seat == other:
                for _ in event.cards:
                    self._draw()
            else:
                for text in event.cards:
                    self._seen(CARD[text])
        elif isinstance(event, PileTaken) and seat == other:
            taken = [CARD[text] for text in event.cards]
            self.known.extend(taken)
            for particle in self.particles:
                particle.hand.extend(taken)
        return work

    def _shown(self, event: Event) -> list[Card]:
        """The cards of the other hand that this event shows."""
        if isinstance(event, Discarded | UpcardChosen):
            return [CARD[event.card]]
        if isinstance(event, Melded | LaidOff):
            return [CARD[text] for text in event.cards]
        if isinstance(event, JokerBlocked):
            return [JOKER]
        return []

    def _played(self, event: Event) -> None:
        """Cards leave the other hand (the particles hold them: `_put_in`)."""
        for card in self._shown(event):
            if card in self.known:
                self.known.remove(card)
            else:
                self.unseen.remove(card)
                for particle in self.particles:
                    if card in particle.hidden:
                        particle.hidden.remove(card)
            for particle in self.particles:
                if card in particle.hand:
                    particle.hand.remove(card)

    def _put_in(self, card: Card, shown: list[Card]) -> None:
        """The card was in the other hand: each particle without it takes it in place of
        one of its hidden cards, drawn at random (not one shown with it)."""
        rng = self.rng
        assert rng is not None
        for particle in self.particles:
            if card in particle.hidden:
                continue
            spare = [c for c in particle.hidden if c not in shown]
            if not spare:
                continue
            out = spare[rng.below(len(spare))]
            particle.hidden[particle.hidden.index(out)] = card
            particle.hand[particle.hand.index(out)] = card

    def _draw(self) -> None:
        """The other seat drew from the stock: each particle draws from its own pool."""
        rng = self.rng
        assert rng is not None
        for particle in self.particles:
            pool = [c for c in self.unseen if c not in particle.hidden]
            if not pool:
                continue
            card = pool[rng.below(len(pool))]
            particle.hidden.append(card)
            particle.hand.append(card)

    def _seen(self, card: Card) -> None:
        """This seat drew the card from the stock: it was not in the other hand."""
        rng = self.rng
        assert rng is not None
        self.unseen.remove(card)
        for particle in self.particles:
            if card not in particle.hidden:
                continue
            pool = [c for c in self.unseen if c not in particle.hidden]
            index = particle.hidden.index(card)
            spare = pool[rng.below(len(pool))] if pool else None
            if spare is None:
                del particle.hidden[index]
                particle.hand.remove(card)
                continue
            particle.hidden[index] = spare
            particle.hand[particle.hand.index(card)] = spare

    def _weigh(self, shadow: State, memory: Memory, event: Event) -> int:
        """Each particle's weight times 1 if the strong bot holding its hand would have
        played as the seat did, else times `MISS`; then resample if need be."""
        other = self.other
        policy = self.policy
        saved = shadow.hands[other]
        verdicts: dict[tuple[int, ...], bool] = {}
        work = 0
        try:
            for particle in self.particles:
                key = tuple(sorted(c.code for c in particle.hand))
                same = verdicts.get(key)
                if same is None:
                    shadow.hands[other] = particle.hand
                    legal = legal_actions(shadow)
                    if len(legal) <= 1:
                        same = True
                    else:
                        k = Knowledge.build(shadow, other, memory)
                        choice = policy.decide(shadow, legal, k)[0]
                        same = _matches(choice, event)
                        work += 1
                    verdicts[key] = same
                if not same:
                    particle.weight *= MISS
                    self.misses += 1
        finally:
            shadow.hands[other] = saved
        self.decisions += 1
        total = sum(p.weight for p in self.particles)
        if total <= 0:
            for particle in self.particles:
                particle.weight = 1.0
            return work
        for particle in self.particles:
            particle.weight /= total
        ess = 1.0 / sum(p.weight * p.weight for p in self.particles)
        if ess < RESAMPLE * len(self.particles):
            self._resample()
        return work

    def _resample(self) -> None:
        """Systematic resampling: `count` particles in proportion to the weights."""
        rng = self.rng
        assert rng is not None
        particles = self.particles
        count = len(particles)
        step = 1.0 / count
        point = rng.random() * step
        chosen: list[Particle] = []
        running = 0.0
        index = -1
        for _ in range(count):
            while running < point and index < count - 1:
                index += 1
                running += particles[index].weight
            chosen.append(particles[max(index, 0)].clone())
            point += step
        for particle in chosen:
            particle.weight = step
        self.particles = chosen


def _hold(hand: list[Card], cards: list[Card]) -> None:
    """Put the cards into the shadow's other hand (whose other cards are made up), each
    in place of a card not among them, so that the event that plays them applies."""
    for card in cards:
        if card not in hand:
            spare = next(i for i, held in enumerate(hand) if held not in cards)
            hand[spare] = card


def _matches(choice: AnyAction, event: Event) -> bool:
    """Whether the strong bot's choice is the play the event records."""
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
