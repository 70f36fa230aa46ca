"""The `expert` bot: determinized Monte Carlo over the deals its seat cannot see.

At a draw or a discard with a real choice, the strong bot names its best few moves; where
it would lay down a meld or lay off and nothing forces it, its play is weighed against
holding the cards back (`HOLDS`: the discard it would make instead). For
each of a number of sampled deals of the unseen cards (below), each candidate is
played, then every seat plays on through this seat's next turn to its second draw from
now (`TURNS`; or to the round's end), and the position is scored: this seat's points
and hand worth against the others'. In the playouts a seat that the game's header names
as a random or greedy bot plays as that level (the header is public), a strong or expert
seat as the strong bot, and a seat whose program the expert does not know (a person, an
outside program) as the level drawn for it with the sampled deal from how it has played
so far (`search.mixture`). Each other candidate is compared with the strong bot's choice
deal by deal (common random numbers): one that is clearly worse after `MIN_SAMPLES`
deals is dropped, so the deals left go to the close calls, and a candidate is played
only if its mean gain is more than `Z` standard errors above zero.

The sampled deals: the other hands are particles of the seat's
`particles.ParticleFilter` (guesses at each other hand followed through the round and
weighed by whether that seat's level, or for a person or a program each level of its
mixture, holding them would have played as that seat did), the rest of the unseen cards
shuffled into the stock. Between 2 players, with it the expert (its playouts then one
turn long) won 67.7% of 1,000 games against strong (60.1% without), and 70.6% with the
present `Z` and `CANDIDATES`; holding melds back (`HOLDS`) then took the two-turn
expert from 72.8% to 79.4% on 360 deals played by both in the same seat (TUNING.md). At
a table of four (`simulate --games 1000 --bots random,greedy,strong,expert --jobs 2
--think 300 --seed bench`), the filter with each seat weighed by its level and the
playouts playing random and greedy seats as theirs won 465 games against strong's 356
(1.31 times as often), where with `likely_deal` and strong playouts it won 419 against
392 (1.07). Where the filter is not in step,
`inference.likely_deal`: the other hands get the cards known to be in them plus unseen
cards drawn with weights that fit their play. Either way the header gets a made-up
seed, so later deals are sampled too.

The effort per move (`think`, see `effort`) opens a `budget.Budget` for each search: work
done, not wall-clock time, so that a game replays identically on any machine and under
any load. Each simulated move counts one unit, each node of the hand planner's search
`budget.PLANNER_WEIGHT`, and each strong-bot call of the particle filter since the seat
last played `FILTER_WEIGHT`. That call counts less than it costs (its planner's nodes go
uncounted, and after a forced draw the calls before it are not counted at all), so the
filter's work is bounded instead: past four players the other seats share a table of
four's particles (`particles.SHARED`), and the time per move stops growing with the
table (heads-up games stay as they were). The playouts are `search.playout`'s loop,
shared with the analysis judge.
"""

from __future__ import annotations

import math
from functools import partial

from ..actions import AnyAction, Discard, DrawStock
from ..effort import DEFAULT_THINK
from ..engine import legal_actions, resolve
from ..events import Event, GameEnded, RoundEnded
from ..state import State
from ..variants.partnership import partner_of, team_of
from .base import Bot, Rng
from .budget import Budget
from .greedy import GreedyBot
from .heuristics.values import Context
from .knowledge import Knowledge
from .random_bot import RandomBot
from .search.inference import likely_deal
from .search.memories import Remembering, memories_for
from .search.particles import ParticleFilter
from .search.playout import StrongPolicy, play_out, round_worth, spread
from .strong import StrongBot, turn_plan

CANDIDATES = 4
"""How many of the strong bot's best moves are weighed (with `Z`: 3 won 69.6% of the
benchmark's 1,000 heads-up games against strong, 4 won 70.6%)."""
Z = 1.2
"""How sure the search must be (mean paired gain over its standard error) to overrule
the strong bot's choice. Since the particle filter's deals, less caution pays: with 3
candidates, against strong over the benchmark's 1,000 heads-up games, 69.6% won at 1.2
against 67.7% at 2.0 (on its first 200: 0.6 won 143, 1.0 140, 1.2 151, 2.0 139)."""
Z_DROP = 1.0
"""A candidate whose mean gain is below zero by this many standard errors is dropped."""
MIN_SAMPLES = 6
"""Deals sampled before a candidate may be dropped or chosen."""
MAX_SAMPLES = 400
FILTER_WEIGHT = 1.0
"""Budget units per strong-bot call of the particle filter (about one playout move)."""
WIN_BONUS = 300.0
"""Value of a game won (or lost, negated) inside a playout."""
TURNS = 2
"""How many of this seat's own turns a playout looks ahead: 1 plays on to its next draw,
2 also plays its next turn and on to the draw after (0: to the round's end). Each turn's
moves are counted in the budget, so two turns sample fewer deals. 2 against 1, decided
by `tests/benchmarks/sprt.py` (H0 0, H1 15 Elo, alpha = beta = 0.05, paired deals, the
default effort, TUNING.md): H1 accepted after 325 pairs, 361 of 650 games (55.5%), +39
Elo (95% +14 to +64)."""
MEMORIES = False
"""Whether each seat of a playout plays with its memory of the round (`search.memories`),
as the real strong bot does, rather than with its hand and the table alone. Off: on 60
paired deals (120 games) against the expert without, at the default effort, it won 61
(50.8%, +6 Elo, 95% -32 to +44; SPRT of 0 against 15 Elo undecided, LLR -0.06)."""
HOLDS = True
"""Whether a meld or a lay-off that nothing forces (no pile card to use, a discard legal)
is weighed against holding the cards, the discard the strong bot would make instead:
the strong bot lays down all it can at once, which hands the other seats places to lay
off and ends its hand's flexibility. Only the expert's own search weighs it: `candidates`
(the hint's, the tutor's and the judge's) does not offer it, and the analysis's judge
weighs a hold against the strong bot's play only where a player held back."""
MODELLED: dict[str, type[RandomBot] | type[GreedyBot]] = {
    "bot:random": RandomBot,
    "bot:greedy": GreedyBot,
}
"""Seat kinds (as the game's header names them) that the playouts play as their own
level; a strong or expert seat plays the strong bot, and a person or a program the
level drawn for it with each sampled deal (`search.mixture`), one of these or strong."""


class ExpertBot(Bot):
    """Search over sampled deals with the strong bot as the playout policy."""

    level = "expert"

    def __init__(
        self,
        seed: int | str,
        seat: int,
        effort: int | None = None,
        memories: bool = MEMORIES,
        turns: int = TURNS,
        holds: bool = HOLDS,
    ) -> None:
        super().__init__(seed, seat, effort)
        self.memories = memories
        """Whether the playouts' seats play with their memories of the round (`MEMORIES`)."""
        self.turns = turns
        """How many of this seat's turns a playout looks ahead (`TURNS`; 0: the round)."""
        self.holds = holds
        """Whether a meld or a lay-off that nothing forces is weighed against holding the
        cards (`HOLDS`)."""
        self.effort = DEFAULT_THINK if effort is None else effort
        """The effort per move (`--think`): each search opens a Budget of it."""
        self.strong = StrongBot(seed, seat)
        self.policy = StrongPolicy(self.strong)
        self.particles = ParticleFilter(seed, seat)

    def observe(self, event: Event) -> None:
        super().observe(event)
        self.particles.observe(event)

    def decide(
        self, state: State, legal: list[AnyAction], knowledge: Knowledge | None
    ) -> tuple[AnyAction, str]:
        assert knowledge is not None  # needs_knowledge: it is always given
        strong = self.strong
        filtered = self.particles.update() * FILTER_WEIGHT
        ctx = Context(state, knowledge)
        candidates = self._candidates(state, legal, ctx, self.holds)
        if candidates is None:
            return strong.decide(state, legal, knowledge)
        if len(candidates) == 1:
            return candidates[0], "the only sensible move"
        # opened after the candidates were named: the planner's work that it counts is
        # the search's own, and the particle filter's since this seat last played
        budget = Budget(self.effort)
        budget.spend(filtered)
        best, gain, samples = self.search(
            state, knowledge, candidates, ctx, self.rng(state), budget
        )
        if best == 0:
            return candidates[0], (
                f"the strong bot's move: no other of {len(candidates)} was clearly better "
                f"over {samples} sampled deals"
            )
        if not isinstance(candidates[0], Discard) and isinstance(candidates[best], Discard):
            return candidates[best], (
                f"holds its cards back rather than lay them down: about {gain:.0f} points "
                f"better over {samples} sampled deals"
            )
        return candidates[best], (
            f"best of {len(candidates)} moves over {samples} sampled deals "
            f"(about {gain:.0f} points better than the strong bot's move)"
        )

    def search(
        self,
        state: State,
        knowledge: Knowledge,
        candidates: list[AnyAction],
        ctx: Context,
        rng: Rng,
        budget: Budget,
    ) -> tuple[int, float, int]:
        """The search behind `decide`: the index of the candidate to play (0, the strong
        bot's choice, unless another is clearly better), its mean gain over candidate 0,
        and the number of deals sampled, spending `budget`."""
        count = len(candidates)
        alive = list(range(1, count))
        gains: list[list[float]] = [[] for _ in range(count)]
        particles = self.particles if self.particles.ready(state, knowledge) else None
        samples = 0
        layable = ctx.layable
        while alive and not budget.exhausted and samples < MAX_SAMPLES:
            salt = f"{state.applied}/{samples}"
            levels: dict[int, str] = {}
            if particles is not None:
                world, levels = particles.deal_levels(state, knowledge, rng, salt)
            else:
                world = likely_deal(state, knowledge, rng, salt, layable)
            base, moves = self._playout(world.copy(), candidates[0], levels)
            budget.spend(moves)
            for index in alive:
                value, moves = self._playout(world.copy(), candidates[index], levels)
                budget.spend(moves)
                gains[index].append(value - base)
            budget.charge_planner()
            samples += 1
            if samples >= MIN_SAMPLES:
                alive = [i for i in alive if _upper(gains[i], Z_DROP) > 0]
        best, best_gain = 0, 0.0
        for index in range(1, count):
            found = gains[index]
            if len(found) < MIN_SAMPLES:
                continue
            gain, error = _mean_se(found)
            if gain > best_gain and gain > Z * error:
                best, best_gain = index, gain
        return best, best_gain, samples

    def candidates(
        self, state: State, legal: list[AnyAction], knowledge: Knowledge
    ) -> list[AnyAction] | None:
        """The moves the expert would weigh, the strong bot's choice first; None where it
        simply follows the strong bot."""
        return self._candidates(state, legal, Context(state, knowledge))

    def _candidates(
        self, state: State, legal: list[AnyAction], ctx: Context, holds: bool = False
    ) -> list[AnyAction] | None:
        """The moves worth weighing, the strong bot's choice first; None: follow it.
        `holds`: a meld or a lay-off that nothing forces is weighed against holding the
        cards (`HOLDS`)."""
        strong = self.strong
        if state.phase == "draw":
            takes = strong.take_values(state, legal, ctx)
            takes.sort(key=lambda item: -item[0])
            ranked: list[tuple[float, AnyAction]] = [(0.0, DrawStock())]
            ranked += [(gain, action) for gain, action, _ in takes if gain > -15]
            ranked.sort(key=lambda item: -item[0])
            return [action for _, action in ranked[:CANDIDATES]]
        if state.phase != "play":
            return None
        if state.pending is not None:
            return None
        choice, _ = strong.play(state, legal, ctx)
        if not isinstance(choice, Discard):
            return self._hold(state, legal, ctx, choice) if holds else None
        discards = [a for a in legal if isinstance(a, Discard)]
        ranked_discards = strong.discard_costs(state, discards, ctx)
        best = ranked_discards[0][0]
        moves = [action for cost, action in ranked_discards[:CANDIDATES] if cost - best < 25]
        return moves

    def _hold(
        self, state: State, legal: list[AnyAction], ctx: Context, play: AnyAction
    ) -> list[AnyAction] | None:
        """The strong bot's play and, against it, holding the cards: the discard it
        would make. None where nothing is to weigh: no discard is legal, the round is
        played under the dealer's gambit (RULES 8: the strong bot times the joker's power
        and blocks with its melds, and holding back was measured only without them), or
        the plays go out (the strong bot's timing,
        which holds back only a going out that ends the game lost: a playout values a game
        won within its horizon far above a round won by as much, so it would hold back a
        sure going out for a chance of reaching the target a turn later)."""
        discards = [a for a in legal if type(a) is Discard]
        if not discards or state.gambit is not None:
            return None
        found = turn_plan(state, ctx.seat)
        if found is None or len(found.rest) <= 1:  # its plays go out: the strong bot's call
            return None
        return [play, self.strong.discard_costs(state, discards, ctx)[0][1]]

    def _playout(
        self, world: State, action: AnyAction, levels: dict[int, str] | None = None
    ) -> tuple[float, int]:
        """Play the action and then every seat on (`search.playout`) through `turns` of
        this seat's turns (this one first: 1 stops at its next draw; 0 plays to the
        round's end); answer the position's value for this seat and the moves made, each
        turn's counted. `levels`: the level drawn for each seat of unknown program in this
        sampled deal (`search.mixture`), as which that seat plays."""
        me = self._seat
        remembering = self._remembering(world)
        strong = self.policy.move if remembering is None else remembering.move
        modelled = self._modelled(world)  # the header is the same all through the playout
        for seat, level in (levels or {}).items():
            other = MODELLED.get(f"bot:{level}")
            if other is not None:
                modelled[seat] = other(world.header.seed, seat)

        def move(world: State, legal: list[AnyAction], seat: int) -> AnyAction:
            other = modelled.get(seat)
            return strong(world, legal, seat) if other is None else other.explain(world, legal)[0]

        apply = self._apply if remembering is None else partial(self._apply, seen=remembering)
        ended, moves = play_out(world, action, me, move, apply, self.turns == 0)
        for _ in range(self.turns - 1):  # this seat's later turns, its draw first
            if ended is not None:
                break
            legal = legal_actions(world)
            choice = legal[0] if len(legal) == 1 else move(world, legal, me)
            ended, more = play_out(world, choice, me, move, apply)
            moves += more
        if ended is not None:
            return ended, moves
        # valuing the position costs a Context per seat: more units at a bigger table
        return round_worth(world, me), moves + 2 + 4 * (world.n - 2)

    def _modelled(self, world: State) -> dict[int, RandomBot | GreedyBot]:
        """The other seats that the header names as a random or greedy bot, each with a
        bot of its level for this playout (seeded by the sampled deal's made-up seed, so
        a random seat plays otherwise in every deal). The header is public: anyone at
        the table knows who plays each seat, as the seat kinds show."""
        header = world.header
        found: dict[int, RandomBot | GreedyBot] = {}
        for seat, kind in enumerate(header.seats):
            level = MODELLED.get(kind)
            if level is not None and seat != self._seat:
                found[seat] = level(header.seed, seat)
        return found

    def _remembering(self, world: State) -> Remembering | None:
        """The playout's strong bot with each seat's memory of the round (`MEMORIES`), or
        None: without (not asked for, or the memories out of step with the deal)."""
        if not self.memories:
            return None
        own = [self.memory] + [follower.memory for follower in self.particles.followers]
        found = memories_for(world, own)
        return None if found is None else Remembering(self.strong, found)

    def _apply(
        self, world: State, action: AnyAction, seen: Remembering | None = None
    ) -> float | None:
        """Apply an action; answer the value of the round's end if it ended. `seen`: the
        playout's memories, which observe each event."""
        me = self._seat
        value = None
        for event in resolve(world, action):
            world.apply(event)
            if seen is not None:
                seen.observe(event)
            if isinstance(event, RoundEnded):
                scores = [score.score for score in event.scores]
                value = spread(scores, me, partner_of(me, world.rules))
            elif isinstance(event, GameEnded) and value is not None:
                if event.winner is not None and team_of(event.winner, world.rules) == team_of(
                    me, world.rules
                ):
                    value += WIN_BONUS
                elif event.winner is not None:
                    value -= WIN_BONUS
        return value


def _mean_se(values: list[float]) -> tuple[float, float]:
    """The mean of the values and its standard error."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def _upper(values: list[float], z: float) -> float:
    """The mean plus z standard errors."""
    mean, error = _mean_se(values)
    return mean + z * error
