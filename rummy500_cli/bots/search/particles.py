"""A forward particle filter over the other hands of a round (sequential Monte Carlo),
for the expert's sampled deals.

Why: the expert's search is only as good as its guess at the other hands (shown the real
hand it wins far more often), and weighing a hand backward from what its owner did
(`inference.likely_deal`) places few more of its hidden cards than a uniform deal. The
other players are most often bots of this program, whose choices are a function of
their hand and the public table; so a guess at a hand can be checked against each of
its owner's choices by asking a bot of its level (the strong bot for anyone else) what
it would have done holding it.

How: at the round's deal, each other seat gets its own `Follower`: a bot for that seat
(the policy asked: `policy_for` the seat's kind, as the game's header names it, public:
a greedy bot for a greedy seat, none for a random one, else the strong bot), that seat's
`Memory`, and particles, each a guess at that seat's hand dealt from the cards this seat
cannot see (`COUNT` of them between 2 players, `PER_SEAT` percent of that at a bigger
table). All the seats' particles share one shadow State. Every event of the round then
moves the particles forward, in order:

- At a choice of another seat (take the pile or draw, which card to discard, which
  meld or lay-off), its policy is asked what it would play holding each of that
  seat's particles' hands on the public table of that moment; a particle's weight is
  kept if it would play what the seat played, else multiplied by `MISS` (never 0: a
  human, or another bot, plays otherwise). Only that seat's particles are weighed.
- A stock draw of another seat: each of its particles draws its card from its own
  unseen pool (the unseen cards not in that particle), so hands and draws are sampled
  jointly and forward, as the game dealt them. The other seats' particles do not move.
- A card shown to have been in another hand (discarded, melded, laid off, or chosen
  to start the pile under `upcard=chosen`, RULES 2.7) that one of that seat's
  particles does not hold is put into it in place of one of its hidden cards, drawn
  at random; if the card was unseen it leaves the unseen cards, and the
  particles of the other seats that held it take one drawn from their pools instead,
  as do those holding a card that this seat draws from the stock. (These repairs keep
  every particle consistent with what the seat has seen, at the price of a history
  that is a little less so.) Pile takes are public: the cards join the known cards of
  the taker's hand and each of its particles.
- When a seat's weights' effective sample size falls below `RESAMPLE` of its count,
  its particles are resampled (systematic resampling).

A seat's particles are guesses at that hand alone: two seats' particles may hold the
same unseen card. `deal` makes them one deal: for each other seat a particle drawn by
weight, the seats taken in an order shuffled for each deal; a card that an earlier
seat's particle holds stays there, and a later seat's particle that holds it too gets
a card drawn at random from what is left of the unseen cards instead; the rest of the
unseen cards are shuffled into the stock. (Between 2 players: the other hand of one
particle, nothing to repair; byte for byte the games of the 2-player filter before it
followed bigger tables: simulate --games 30 --bots expert,strong --seed bench --think
300 --out DIR, the 30 logs' concatenation sha256 9000758...74bd on both.)

What it gained at a table of four (2026-12, simulate --games 200 --bots
random,greedy,strong,expert --jobs 2 --think 300 --seed bench --json): with every seat
weighed by the strong bot, expert 86 wins and strong 72 (mean final 445.1 and 433.0),
where with `likely_deal` at such tables the expert won 85 and strong 69 (444.3 and
434.0): nothing the 200 games can tell apart. Two of the expert's three opponents there
are the random and the greedy bot, whose play the strong bot does not predict
(`tests/benchmarks/placement.py --levels strong,strong,strong,strong --positions 30`:
of 11.3 hidden cards in the other hands, uniform placed 2.05, likely 2.21, particles
2.66; a noisy figure: 2.99 and 2.68 at `PER_SEAT` 50 and 25). Weighed by their own
levels (`policy_for`), with the expert's playouts also playing them as their levels,
the same 200 games gave 93 and 70, and over 1,000 games 465 and 356 (`likely_deal` and
strong playouts: 419 and 392).

No peeking: the filter is fed each event through `public`, which blanks what the seat
may not see (the other hands and the stock of a deal, the other seats' stock draws), and
it keeps a shadow State of the game built from those events alone, in which the hidden
cards are dealt canonically (as in `knowledge.masked_state`). Its random stream is keyed
by the game's seed, the seat and the round's first event, and it reads the events in
order, so a bot caught up from a log decides as one that watched.

It follows rounds of 2 to `MAX_PLAYERS` players, partnership included (its sides change
only the scoring), of the rules without windows (rum, out of turn, deadwood), jokers'
variants or a rebuilt stock; elsewhere it is not `ready`, and the expert falls back on
`likely_deal`. The work it does (each strong call counts one unit, whichever seat it is
for) is answered by `update` (for the events since the seat last played), so that the
expert can count it in its budget.
"""

from __future__ import annotations

import msgspec

from ...actions import AnyAction, Discard, DrawStock, LayMeld, LayOff, TakePile
from ...cards import JOKER, Card, new_deck
from ...engine import legal_actions
from ...engine.variants import hooks_of
from ...events import (
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
from ...state import CARD, State
from ..base import Rng, stream
from ..greedy import GreedyBot
from ..knowledge import Knowledge, Memory, deal_hidden
from ..strong import StrongBot

COUNT = 128
"""Particles per round."""
MISS = 0.01
"""The weight kept by a particle whose strong-bot choice differs from the seat's. On
the placement benchmark (100 positions): 0.2 placed 1.72 hidden cards, 0.05 1.86, 0.01
1.89; 512 particles placed no more than 128 (1.85), nor did a move step (a particle
that misses trying hands one card away: 1.84)."""
RESAMPLE = 0.5
"""Resample when the effective sample size falls below this share of the count."""
PER_SEAT = 100
"""At a table of more than 2, each other seat's particles, in percent of `COUNT`."""
MAX_PLAYERS = 8
"""The biggest table followed."""

_HIDDEN = "?"
"""What `public` writes for a card the seat may not see."""

_FOLLOWED = (
    GameStarted,
    DealerDrawn,
    RoundDealt,
    UpcardChosen,
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
    """One guess at another seat's hand: its cards (the known ones included) and weight."""

    __slots__ = ("hand", "hidden", "weight")

    def __init__(self, hand: list[Card], hidden: list[Card], weight: float = 1.0) -> None:
        self.hand = hand
        self.hidden = hidden
        """The hand's cards that the seat has not seen go in (not taken from the pile)."""
        self.weight = weight

    def clone(self) -> Particle:
        return Particle(list(self.hand), list(self.hidden), self.weight)


def policy_for(kind: str, seed: int | str, seat: int) -> StrongBot | GreedyBot | None:
    """The bot a seat's particles are weighed by, from the seat's kind as the header
    names it (public): a greedy bot's own level (its play is a function of its hand and
    the table, so its real hand never misses), none for a random bot, else the strong
    bot (strong and expert seats, people, programs)."""
    if kind == "bot:greedy":
        return GreedyBot(seed, seat)
    if kind == "bot:random":
        return None
    return StrongBot(seed, seat)


class Follower:
    """The particles over one other seat's hand, with what asking that seat's choices
    takes: its own policy (`policy_for` its kind) and its memory of the game."""

    __slots__ = ("decisions", "known", "memory", "misses", "particles", "policy", "seat")

    def __init__(self, seed: int | str, seat: int, kind: str = "") -> None:
        """`kind`: the seat's kind in the header (`bot:greedy`, `human`...)."""
        self.seat = seat
        self.policy = policy_for(kind, seed, seat)
        """Asked at the seat's choices; None for a random bot (its choices say nothing)."""
        self.memory = Memory(seat)
        """That seat's memory, as its own bot keeps it (public events only)."""
        self.particles: list[Particle] = []
        self.known: list[Card] = []
        """Cards known to be in that hand (taken from the pile, not yet played)."""
        self.decisions = 0
        self.misses = 0


class ParticleFilter:
    """The other hands of a round, followed event by event (see the module)."""

    def __init__(self, seed: int | str, seat: int, count: int = COUNT) -> None:
        self.seed = seed
        self.seat = seat
        self.count = count
        """Particles per other seat between 2 players (see `per_seat` for more)."""
        self.queue: list[Event] = []
        """Events observed but not yet folded in (the work is done when asked)."""
        self.state: State | None = None
        """The shadow of the game: the public events folded, hidden cards canonical."""
        self.followers: list[Follower] = []
        """One per other seat, in seat order."""
        self.by_seat: dict[int, Follower] = {}
        self.unseen: list[Card] = []
        """The cards this seat cannot see (in the stock or hidden in the other hands)."""
        self.active = False
        self.rng: Rng | None = None
        self.since = 0
        """The work done on the events since this seat's last play (see `update`)."""

    def per_seat(self, players: int) -> int:
        """Particles per other seat at a table of this many players."""
        return self.count if players <= 2 else max(1, self.count * PER_SEAT // 100)

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
                for follower in self.followers:
                    follower.particles = []
        return self.since

    def ready(self, state: State, k: Knowledge) -> bool:
        """Whether the filter is in step with this state and the seat's knowledge."""
        shadow = self.state
        if not self.active or shadow is None or self.queue or not self.followers:
            return False
        if shadow.applied != state.applied or not k.in_step:
            return False
        for follower in self.followers:
            particles = follower.particles
            if not particles or k.counts[follower.seat] != len(particles[0].hand):
                return False
        return sorted(c.code for c in k.unseen) == sorted(c.code for c in self.unseen)

    # --- the sampled deal -------------------------------------------------------------

    def deal(self, state: State, k: Knowledge, rng: Rng, salt: str) -> State:
        """A deal of the unseen cards: in each other hand the hidden cards of one of its
        particles (drawn by weight), the rest shuffled into the stock (see `ready`).

        The seats' particles are drawn in an order shuffled for each deal; a card that
        an earlier seat's particle holds goes to that seat, and a later one that holds it
        too gets a card drawn at random from what is left of the unseen cards instead
        (the order is shuffled so that no seat's guess is always the one repaired)."""
        order = list(self.followers)
        if len(order) > 1:
            rng.shuffle_list(order)
        left = list(self.unseen)
        hidden: dict[int, list[Card]] = {}
        for follower in order:
            particle = _pick(follower.particles, rng)
            cards: list[Card] = []
            clashes = 0
            for card in particle.hidden:
                if card in left:
                    left.remove(card)
                    cards.append(card)
                else:
                    clashes += 1
            for _ in range(clashes):
                cards.append(left.pop(rng.below(len(left))))
            hidden[follower.seat] = cards
        rest = [card for seat in sorted(hidden) for card in hidden[seat]]
        rng.shuffle_list(left)
        # deal_hidden gives each other hand its known cards first, then these in turn
        return deal_hidden(state, k, rest + left, salt)

    # --- one event --------------------------------------------------------------------

    def _step(self, event: Event) -> int:
        if isinstance(event, GameStarted):
            self.state = State(event)
            others = [j for j in range(len(event.players)) if j != self.seat]
            kinds = list(event.seats) + [""] * len(event.players)  # old logs: none
            self.followers = [Follower(self.seed, j, kinds[j]) for j in others]
            self.by_seat = {f.seat: f for f in self.followers}
            self.active = False
            for follower in self.followers:
                follower.memory.observe(event)
            if len(event.players) > MAX_PLAYERS:
                self.state = None
            return 0
        shadow = self.state
        if shadow is None:
            return 0
        work = 0
        seat = getattr(event, "seat", -1)
        mover = self.by_seat.get(seat)
        try:
            if not isinstance(event, _FOLLOWED):
                self.active = False
            elif isinstance(event, RoundDealt):
                self._deal(shadow, event)
                event = self._dealt(shadow, event)
            else:
                if self.active:
                    work = self._follow(shadow, mover, event)
                if isinstance(event, StockDrawn) and mover is not None:
                    # the shadow's stock top goes in (canonical; the particles drew theirs)
                    top = shadow.stock[-len(event.cards) :][::-1]
                    event = msgspec.structs.replace(event, cards=tuple(c.ascii for c in top))
            if isinstance(event, RoundEnded):
                self.active = False
            if mover is not None:
                shown = self._shown(event)
                if shown and self.active:
                    self._played(mover, event)
                _hold(shadow.hands[seat], shown)
            shadow.apply(event)
        except (ValueError, KeyError, IndexError, AssertionError, StopIteration):
            # out of step for good (an event this shadow cannot follow): the expert
            # falls back on `likely_deal` for the rest of the game
            self.state = None
            self.active = False
            return work
        for follower in self.followers:
            follower.memory.observe(event)
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
        """A new round: the unseen cards, and each other seat's particles dealt from
        them (each seat's on its own: the deal reconciles them, see `deal`)."""
        rules = shadow.rules
        unseen = new_deck(shadow.decks, rules.jokers_per_deck)
        for text in event.hands[self.seat]:
            unseen.remove(CARD[text])
        if event.upcard is not None:
            unseen.remove(CARD[event.upcard])
        unseen.sort(key=lambda c: c.code)
        self.unseen = unseen
        for follower in self.followers:
            follower.known = []
            follower.particles = []
        # a variant whose moves are the standard game's, without jokers (RULES 8)
        self.active = hooks_of(rules).plain_moves and rules.jokers_per_deck == 0
        if not self.active:
            return
        self.rng = stream(self.seed, f"bot/particles/{self.seat}/{shadow.applied}")
        rng = self.rng
        count = self.per_seat(len(event.hands))
        for follower in self.followers:
            size = len(event.hands[follower.seat])
            particles = follower.particles = []
            for _ in range(count):
                cards = list(unseen)
                rng.shuffle_list(cards)
                hand = cards[:size]
                particles.append(Particle(list(hand), list(hand)))
            follower.decisions = follower.misses = 0

    def _follow(self, shadow: State, mover: Follower | None, event: Event) -> int:
        """Weigh and move the particles by one event of the round (`mover`: the other
        seat that played it, if one did)."""
        work = 0
        if mover is not None and isinstance(
            event, PileTaken | StockDrawn | Discarded | Melded | LaidOff | UpcardChosen
        ):
            shown = self._shown(event)
            for card in shown:
                if card in self.unseen:
                    self._put_in(mover, card, shown)
            if shadow.to_move == mover.seat and shadow.phase in ("draw", "play"):
                work = self._weigh(shadow, mover, event)
        if isinstance(event, StockDrawn):
            if mover is not None:
                for _ in event.cards:
                    self._draw(mover)
            elif getattr(event, "seat", -1) == self.seat:
                for text in event.cards:
                    self.unseen.remove(CARD[text])
                    self._seen(CARD[text], self.followers)
        elif isinstance(event, PileTaken) and mover is not None:
            taken = [CARD[text] for text in event.cards]
            mover.known.extend(taken)
            for particle in mover.particles:
                particle.hand.extend(taken)
        return work

    def _shown(self, event: Event) -> list[Card]:
        """The cards of the mover's hand that this event shows."""
        if isinstance(event, Discarded | UpcardChosen):
            return [CARD[event.card]]
        if isinstance(event, Melded | LaidOff):
            return [CARD[text] for text in event.cards]
        if isinstance(event, JokerBlocked):
            return [JOKER]
        return []

    def _played(self, mover: Follower, event: Event) -> None:
        """Cards leave the mover's hand (its particles hold them: `_put_in`); one that
        was unseen leaves the unseen cards, and the other seats' particles that held it
        are repaired (`_seen`)."""
        for card in self._shown(event):
            if card in mover.known:
                mover.known.remove(card)
            else:
                self.unseen.remove(card)
                for particle in mover.particles:
                    if card in particle.hidden:
                        particle.hidden.remove(card)
                self._seen(card, [f for f in self.followers if f is not mover])
            for particle in mover.particles:
                if card in particle.hand:
                    particle.hand.remove(card)

    def _put_in(self, mover: Follower, card: Card, shown: list[Card]) -> None:
        """The card was in the mover's hand: each of its particles without it takes it in
        place of one of its hidden cards, drawn at random (not one shown with it)."""
        rng = self.rng
        assert rng is not None
        for particle in mover.particles:
            if card in particle.hidden:
                continue
            spare = [c for c in particle.hidden if c not in shown]
            if not spare:
                continue
            out = spare[rng.below(len(spare))]
            particle.hidden[particle.hidden.index(out)] = card
            particle.hand[particle.hand.index(out)] = card

    def _draw(self, mover: Follower) -> None:
        """The mover drew from the stock: each of its particles draws from its own pool
        (the unseen cards it does not hold)."""
        rng = self.rng
        assert rng is not None
        for particle in mover.particles:
            pool = [c for c in self.unseen if c not in particle.hidden]
            if not pool:
                continue
            card = pool[rng.below(len(pool))]
            particle.hidden.append(card)
            particle.hand.append(card)

    def _seen(self, card: Card, followers: list[Follower]) -> None:
        """The card (gone from the unseen cards) was not in these seats' hands: each of
        their particles that held it takes one drawn from its pool instead."""
        rng = self.rng
        assert rng is not None
        for follower in followers:
            for particle in follower.particles:
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

    def _weigh(self, shadow: State, mover: Follower, event: Event) -> int:
        """Each of the mover's particles' weight times 1 if the seat's policy holding its
        hand would have played as the seat did, else times `MISS`; then resample if need
        be. A seat without a policy (a random bot) is not weighed."""
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
                        same = _matches(choice, event)
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
            mover.particles = self._resample(particles)
        return work

    def _resample(self, particles: list[Particle]) -> list[Particle]:
        """Systematic resampling: as many particles, in proportion to the weights."""
        rng = self.rng
        assert rng is not None
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
        return chosen


def _pick(particles: list[Particle], rng: Rng) -> Particle:
    """A particle drawn by weight."""
    target = rng.random() * sum(p.weight for p in particles)
    running = 0.0
    for particle in particles:
        running += particle.weight
        if running >= target:
            return particle
    return particles[-1]


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
