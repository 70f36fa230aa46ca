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
a greedy bot for a greedy seat, none for a random one, the strong bot for a strong or
expert seat, and for a person or a program a mixture of the levels, `mixture`), that seat's
`Memory`, and particles, each a guess at that seat's hand dealt from the cards this seat
cannot see (`COUNT` between 2 players, `PER_SEAT` percent of that at a bigger table, at
most `SHARED` x `COUNT` all told). All the seats' particles share one shadow State.
Every event of the round then moves the particles forward, in order:

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
unseen cards are shuffled into the stock.

What it gained, and at what settings: TUNING.md beside this module.

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

from ...cards import Card, new_deck
from ...events import (
    DealerDrawn,
    Discarded,
    Event,
    GameEnded,
    GameStarted,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    RoundEnded,
    StockDrawn,
    UpcardChosen,
)
from ...state import CARD, State
from ...variants import variant_of
from ...view import shown_by
from ..base import Rng, stream
from ..knowledge import Knowledge, deal_hidden
from .followers import Follower, Particle, hold, pick, public, weigh
from .mixture import LEVELS, draw_level
from .repairs import draw, put_in, seen

COUNT = 128
"""Particles per round."""
PER_SEAT = 100
"""At a table of more than 2, each other seat's particles, in percent of `COUNT`."""
SHARED = 3
"""All the other seats' particles at most this many times `COUNT` (a table of four's):
the filter's work per turn (the expert's budget counts it only in part) stops growing
with the table, and with it the expert's time per move (TUNING.md)."""
MAX_PLAYERS = 8
"""The biggest table followed."""

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
        if players <= 2:
            return self.count
        return max(1, min(self.count * PER_SEAT // 100, self.count * SHARED // (players - 1)))

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
        nothing (a bot caught up for one move, as the hint's is, skips them), but at a
        table with a seat of unknown program (`learning`), whose levels each round
        weighs for the next (`mixture`)."""
        queue, self.queue = self.queue, []
        last = max((i for i, e in enumerate(queue) if isinstance(e, RoundDealt)), default=-1)
        for index, event in enumerate(queue):
            event = public(event, self.seat)
            if getattr(event, "seat", -1) == self.seat or isinstance(event, RoundDealt):
                self.since = 0
            self.since += self._step(event)
            if index < last and isinstance(event, RoundDealt) and not self.learning:
                self.active = False  # a round that is over: not followed
                for follower in self.followers:
                    follower.particles = []
        return self.since

    @property
    def learning(self) -> bool:
        """Whether a seat's program is unknown: its levels are learned round by round."""
        return any(follower.mixture is not None for follower in self.followers)

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
        """A deal of the unseen cards (`deal_levels`, without the levels)."""
        return self.deal_levels(state, k, rng, salt)[0]

    def deal_levels(
        self, state: State, k: Knowledge, rng: Rng, salt: str
    ) -> tuple[State, dict[int, str]]:
        """A deal of the unseen cards: in each other hand the hidden cards of one of its
        particles (drawn by weight), the rest shuffled into the stock (see `ready`); and
        for each seat of unknown program, a level drawn by that particle's weights for
        the levels (`mixture`), as which the playouts play that seat.

        The seats' particles are drawn in an order shuffled for each deal; a card that
        an earlier seat's particle holds goes to that seat, and a later one that holds it
        too gets a card drawn at random from what is left of the unseen cards instead
        (the order is shuffled so that no seat's guess is always the one repaired)."""
        order = list(self.followers)
        if len(order) > 1:
            rng.shuffle_list(order)
        left = list(self.unseen)
        hidden: dict[int, list[Card]] = {}
        levels: dict[int, str] = {}
        for follower in order:
            particle = pick(follower.particles, rng)
            if particle.levels is not None:
                levels[follower.seat] = LEVELS[draw_level(particle.levels, rng)]
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
        return deal_hidden(state, k, rest + left, salt), levels

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
                shown = shown_by(event)
                if shown and self.active:
                    self._played(mover, event)
                hold(shadow.hands[seat], shown)
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
            if follower.mixture is not None and follower.particles:
                # the last round's evidence of the seat's level is this one's prior
                follower.mixture.carry([p.levels or [] for p in follower.particles])
            follower.known = []
            follower.particles = []
        # a variant whose moves are the standard game's, without jokers (RULES 8)
        self.active = variant_of(rules).plain_moves and rules.jokers_per_deck == 0
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
                prior = None if follower.mixture is None else list(follower.mixture.prior)
                particles.append(Particle(list(hand), list(hand), 1.0, prior))
            follower.decisions = follower.misses = 0

    def _follow(self, shadow: State, mover: Follower | None, event: Event) -> int:
        """Weigh and move the particles by one event of the round (`mover`: the other
        seat that played it, if one did)."""
        work = 0
        if mover is not None and isinstance(
            event, PileTaken | StockDrawn | Discarded | Melded | LaidOff | UpcardChosen
        ):
            shown = shown_by(event)
            for card in shown:
                if card in self.unseen:
                    self._put_in(mover, card, shown)
            if shadow.to_move == mover.seat and shadow.phase in ("draw", "play"):
                work = weigh(shadow, mover, event, self.rng)
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

    def _played(self, mover: Follower, event: Event) -> None:
        """Cards leave the mover's hand (its particles hold them: `_put_in`); one that
        was unseen leaves the unseen cards, and the other seats' particles that held it
        are repaired (`_seen`)."""
        for card in shown_by(event):
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
        """The card was in the mover's hand (`repairs.put_in`)."""
        assert self.rng is not None
        put_in(mover, card, shown, self.rng)

    def _draw(self, mover: Follower) -> None:
        """The mover drew from the stock (`repairs.draw`)."""
        assert self.rng is not None
        draw(mover, self.unseen, self.rng)

    def _seen(self, card: Card, followers: list[Follower]) -> None:
        """The card was not in these seats' hands (`repairs.seen`)."""
        assert self.rng is not None
        seen(card, followers, self.unseen, self.rng)
