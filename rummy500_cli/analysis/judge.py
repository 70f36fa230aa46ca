"""The judge of `rummy500 analyze`: each decision weighed against the expert's moves, with
a verdict only where the sampling noise cannot overturn it.

At a decision, the expert (which sees only what the seat saw) names its candidate moves
and the move played is added to them. Deals of the unseen cards are sampled
(`knowledge.determinize`), a few at a time; in each, every candidate is played and then
the strong bot plays every seat until this seat is to draw again, or to the round's end
when the round is near it (a short stock: `to_round_end`). Each outcome is valued twice: as points (the
round's scores, or the table points and the strong bot's worth of each hand, this seat's
less the others' mean, as the expert values it) and as this seat's chance of winning the
game (`win_model`, or 1 or 0 when the game ended).

Every candidate meets the same deals, so the difference between two moves is measured
deal by deal (a paired comparison): its mean, and an interval of `Z` standard errors.
The drop in the chance of winning from the best move to the move played is labelled
only when the whole interval lies within one band (`LABELS`); while it straddles a
threshold of a mistake or a blunder, more deals are sampled, up to a budget
`CLOSE_BUDGET` times the plain one, and a decision still straddling one then is
`unclear`; one that is at worst an inaccuracy gets no more than the fewest deals (that
early stop reads a slightly narrower interval, `STOP_Z`; the labels keep theirs), unless
its estimate is near a mistake's threshold (`EARLY_DROP`).

The samples are drawn from the game's seed, the decision and `sample_seed`, so the
same log and settings always give the same verdicts, however many processes weigh them.

Below an effort of `screen.QUICK_BELOW` the decisions are weighed by the judge's quick
form instead (`screen`: one deal, each move valued at the end of its turn, no labels).

Beside it: `verdicts` (the labels and the interval arithmetic), `hint` (the prompt's hint
from the same judge), and `bots.search.playout` (the playout loop, the expert's too).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import AnyAction
from ..bots.budget import Budget
from ..bots.expert import ExpertBot
from ..bots.knowledge import determinize, masked_state
from ..bots.search.playout import StrongPolicy, play_out, round_worth, spread
from ..bots.strong import StrongBot
from ..engine import legal_actions, recorded_action, resolve
from ..events import Event, GameEnded, GameStarted, RoundEnded
from ..state import State
from ..variants import variant_of
from ..variants.partnership import partner_of, partnered, team_of
from .screen import quick, screen
from .verdicts import (
    LABELS,
    SEVERE,
    UNCLEAR,
    Decision,
    Move,
    band,
    beaten,
    interval,
    ranked,
    stop_spread,
    unclear_best,
    verdict,
)
from .win_model import model, race_position, side_position
from .workers import default_jobs, weigh_each

__all__ = [
    "LABELS",
    "SEVERE",
    "UNCLEAR",
    "Decision",
    "Judge",
    "Move",
    "band",
    "judge_decisions",
    "verdict",
]

BATCH = 2
"""Deals sampled between two looks at the interval."""
MIN_SAMPLES = 2
SEVERE_SAMPLES = 24
"""The fewest deals for a verdict that may be a mistake or a blunder: the paired
differences have heavy tails (now and then one deal turns a round around), which a few
deals may not show, so their spread is not trusted below this."""
EARLY_DROP = 0.05
"""An early stop (at worst an inaccuracy) before `SEVERE_SAMPLES` deals needs the drop's
estimate below this too: an estimate this near a mistake's threshold is not trusted to
a few deals, for the same heavy tails. It touched 65 of the 7,412 decisions of the 30
mixed games (tests/benchmarks/analysis.py, two seeds) and settled one more mistake
alike (61 of 64: one seed had stopped at 10 deals on an inaccuracy of 0.06); over 60
games, 120 of 134 alike against 119 of 134 without it; on games 30-119, held out from
its choice, 178 of 207 alike with it and without it, for 1.5% more moves."""
CLOSE_BUDGET = 6.0
"""How many times the plain budget a decision near a threshold may spend (8 before
issue 28: the last quarter settled one decision in sixty-odd, see STOP_Z)."""
MAX_SAMPLES = 400
LATE_STOCK = 3
"""Stock cards per player at or below which the playouts go on to the round's end."""
LATE_STOCK_MANY = 1
"""The same with three players or more: their playouts to the round's end are long (a
round's last dozen turns) and no steadier. On the 30 mixed games of
tests/benchmarks/analysis.py (per-deal chances recorded, two sample seeds) the
three- and four-player games weighed 49% fewer moves (2 per player: 31%), with fewer
decisions left unclear (34 against 68 in all) and the seeds agreeing on 60 of 64
mistakes and blunders (58 of 63 before; 2 per player: 60 of 64). With two players, 2
per player saved nothing, so they keep 3."""
JUDGE_VERSION = 3
"""Bumped when the judge's method changes, so that saved analyses are redone."""


def sample_bounds(think: int) -> tuple[int, Budget]:
    """The fewest deals to sample and the plain budget (in simulated moves) for `think`."""
    return max(MIN_SAMPLES, think // 50), Budget(think)


def to_round_end(state: State) -> bool:
    """Whether the playouts of a decision at `state` go on to the round's end: the stock
    is short (`LATE_STOCK` cards per player, `LATE_STOCK_MANY` with three or more)."""
    per_player = LATE_STOCK if state.n <= 2 else LATE_STOCK_MANY
    return len(state.stock) <= per_player * state.n


# --- Playouts ---------------------------------------------------------------------------


class Judge:
    """Weighs the decisions of one game (one process's share of them)."""

    def __init__(self, header: GameStarted, think: int, sample_seed: str) -> None:
        self.header = header
        self.think = think
        self.sample_seed = sample_seed
        self.policy = StrongPolicy(StrongBot(header.seed, 0))
        self.model = model()
        self.last_chances: list[list[float]] = []
        """Each candidate's chance of winning deal by deal, at the last `sample`."""

    def weigh(self, bot: ExpertBot, state: State, events: Sequence[Event], seq: int):
        """The Decision at `events[seq]`, or None when there is nothing to weigh."""
        action = recorded_action(state, events[seq])
        if action is None:
            return None
        legal = legal_actions(state)
        if len(legal) < 2:
            return None
        bot.catch_up(events[:seq])
        knowledge = bot.knowledge(state)
        masked = masked_state(state, knowledge)
        candidates = bot.candidates(masked, legal, knowledge) or []
        if not candidates:
            candidates = [bot.strong.decide(masked, legal, knowledge)[0]]
        played = next((a for a in legal if a == action), action)
        if played not in candidates:
            candidates.append(played)
        if len(candidates) < 2:
            return None
        if quick(self.think):  # the smallest efforts: the quick form (`screen`)
            return screen(self, bot, state, masked, knowledge, candidates, played, seq)
        return self.sample(bot, state, masked, knowledge, candidates, played, seq)

    def sample(self, bot, state, masked, knowledge, candidates, played, seq) -> Decision:
        """The Decision on `candidates` at `state` (`masked`: the seat's view of it),
        `played` among them: deals sampled until the verdict is settled or the budget
        is spent (see the module docstring)."""
        seat = state.to_move
        rng = bot.rng(state, f"/judge/{self.sample_seed}")
        least, budget = sample_bounds(self.think)
        to_end = to_round_end(state)
        count = len(candidates)
        mine = candidates.index(played)
        points: list[list[float]] = [[] for _ in range(count)]
        chances: list[list[float]] = [[] for _ in range(count)]
        samples = 0
        active = list(range(count))
        while True:
            for _ in range(BATCH):
                world = determinize(masked, knowledge, rng, f"{seq}/j/{samples}")
                for index in active:
                    value, chance, moves = self.play_out(
                        world.copy(), candidates[index], seat, to_end
                    )
                    points[index].append(value)
                    chances[index].append(chance)
                    budget.spend(moves)
                samples += 1
            best, drop, low, high = interval(chances, mine, active)
            if samples >= MAX_SAMPLES:
                break
            if samples >= least:
                early = interval(chances, mine, active, stop_spread)
                if band(early[3]) not in SEVERE and (
                    early[1] < EARLY_DROP or samples >= SEVERE_SAMPLES
                ):
                    # at worst an inaccuracy: not worth more deals, and told so (by the
                    # interval that stopped it, which calls nothing worse)
                    best, drop, low, high = early
                    break
                if budget.past(CLOSE_BUDGET):
                    break
                if band(low) == band(high) and samples >= SEVERE_SAMPLES:
                    break
                # a move clearly worse than the best needs no more deals
                active = [i for i in active if i in (mine, best) or not beaten(chances, i, best)]
        self.last_chances = chances
        means_p = [sum(p) / len(p) for p in points]
        means_w = [sum(c) / len(c) for c in chances]
        return Decision(
            seq=seq,
            round=state.round,
            seat=seat,
            step=state.phase,
            played=played.text(),
            best=candidates[best].text(),
            points_lost=round(means_p[best] - means_p[mine], 1),
            win_chance=round(means_w[best], 4),
            win_drop=round(drop, 4),
            drop_low=round(low, 4),
            drop_high=round(high, 4),
            label=verdict(drop, low, high) if best != mine else unclear_best(high),
            samples=samples,
            moves=ranked([c.text() for c in candidates], means_p, means_w, mine),
            expert=candidates[0].text(),
        )

    def play_out(
        self, world: State, action: AnyAction, me: int, to_end: bool
    ) -> tuple[float, float, int]:
        """Play the action, then the strong policy for every seat until this seat is to
        draw again (or, `to_end`, to the round's end) with `search.playout`'s loop;
        answer the points, the chance of winning and the moves played."""

        def apply(world: State, action: AnyAction) -> tuple[float, float] | None:
            return self._apply(world, action, me)

        ended, moves = play_out(world, action, me, self.policy.move, apply, to_end)
        if ended is not None:
            return ended[0], ended[1], moves
        return round_worth(world, me), self._chance(world, me), moves + 2 * world.n

    def _apply(self, world: State, action: AnyAction, me: int) -> tuple[float, float] | None:
        """Apply an action; at the round's end, its points and the chance of winning."""
        rules = world.rules
        value = None
        for event in resolve(world, action):
            world.apply(event)
            if isinstance(event, RoundEnded):
                scores = [score.score for score in event.scores]
                value = spread(scores, me, partner_of(me, rules))
            elif isinstance(event, GameEnded):
                won = event.winner is not None and team_of(event.winner, rules) == team_of(
                    me, rules
                )
                return (value or 0.0, 1.0 if won else 0.0)
        if value is None:
            return None
        return value, self._chance_between(world, me)

    def _chance(self, world: State, me: int) -> float:
        position, target = race_position(world)
        return self.model.chances(position, target)[_unit(me, world)]

    def _chance_between(self, world: State, me: int) -> float:
        """The chance of winning between two rounds: the new totals, a fresh deal."""
        n = world.n
        position = [world.round + 1, 99, -1, list(world.totals), [0] * n, [0] * n, [0] * n]
        target = world.rules.target
        if partnered(world.rules):
            position, target = side_position(
                position, world.round + 1, variant_of(world.rules).deals, target
            )
        return self.model.chances(position, target)[_unit(me, world)]


def _unit(seat: int, world: State) -> int:
    return seat % 2 if partnered(world.rules) else seat


# --- The game's decisions, over processes -----------------------------------------------

_WORK: dict[str, object] = {}
"""What a worker process inherits (by fork): the events and the settings."""


def decision_points(events: Sequence[Event], seats: Sequence[int]) -> list[tuple[int, int, State]]:
    """The log lines of the chosen seats' draws and plays, in game order, each with the
    depth of the discard pile there (what makes a position slow to weigh: each pile take
    is a candidate, and a deep take makes a long turn) and the state before it."""
    header = events[0]
    assert isinstance(header, GameStarted)
    state = State(header)
    points: list[tuple[int, int, State]] = []
    for index in range(1, len(events)):
        if state.phase in ("draw", "play") and state.to_move in seats:
            points.append((index, len(state.pile), state.copy()))
        state.apply(events[index])
    return points


def _judge_at(index: int) -> tuple[int, Decision | None]:
    """The decision at this position of the game, weighed (None: nothing to weigh)."""
    events = _WORK["events"]
    think = _WORK["think"]
    sample_seed = _WORK["sample_seed"]
    states = _WORK["states"]
    assert isinstance(events, list) and isinstance(think, int) and isinstance(sample_seed, str)
    assert isinstance(states, dict)
    header = events[0]
    state = states[index].copy()
    bot = ExpertBot(header.seed, state.to_move, think)
    return index, Judge(header, think, sample_seed).weigh(bot, state, events, index)


def judge_decisions(
    events: Sequence[Event],
    seats: Sequence[int],
    think: int = 100,
    progress: Callable[[int, int], None] | None = None,
    jobs: int | None = None,
    sample_seed: str = "",
    *,
    known: dict[int, Decision | None] | None = None,
    found: dict[int, Decision | None] | None = None,
) -> list[Decision]:
    """Every decision of the seats weighed (see the module docstring), in game order.

    `jobs` processes share the positions (default: every core); the verdicts are the same
    for any number. `progress(done, total)` hears of the positions looked at. `known`:
    positions (indices into `events`) already weighed, with their decisions (None:
    nothing to weigh there), which are not weighed again (an interrupted analysis
    resumed). `found`: filled as positions are weighed, so that a caller stopped by
    Ctrl-C (KeyboardInterrupt, raised on after the processes are stopped) keeps what
    was finished.
    """
    points = decision_points(events, seats)
    known = known or {}
    found = {} if found is None else found
    found.update({index: known[index] for index, _depth, _state in points if index in known})
    indices = [index for index, _depth, _state in points]
    todo = [point for point in points if point[0] not in found]
    states = {index: state for index, _depth, state in todo}
    _WORK.update(events=list(events), think=think, sample_seed=sample_seed, states=states)
    jobs = default_jobs() if jobs is None else jobs
    total = len(indices)
    done = len(found)
    if progress is not None and done:
        progress(done, total)
    try:
        serial = [index for index, _depth, _state in todo]
        depths = {index: depth for index, depth, _state in todo}
        weigh_each(_judge_at, serial, depths, jobs, found, done, total, progress)
    finally:
        _WORK.clear()
    return [decision for index in indices if (decision := found[index]) is not None]
