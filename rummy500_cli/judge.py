"""The judge of `rummy500 analyze`: each decision weighed against the expert's moves, with
a verdict only where the sampling noise cannot overturn it.

At a decision, the expert (which sees only what the seat saw) names its candidate moves
and the move played is added to them. Deals of the unseen cards are sampled
(`knowledge.determinize`), a few at a time; in each, every candidate is played and then
the strong bot plays every seat until this seat is to draw again, or to the round's end
when the round is near it (a short stock). Each outcome is valued twice: as points (the
round's scores, or the table points and the strong bot's worth of each hand, this seat's
less the others' mean, as the expert values it) and as this seat's chance of winning the
game (`win_model`, or 1 or 0 when the game ended).

Every candidate meets the same deals, so the difference between two moves is measured
deal by deal (a paired comparison): its mean, and an interval of `Z` standard errors.
The drop in the chance of winning from the best move to the move played is labelled
only when the whole interval lies within one band (`LABELS`); while it straddles a
threshold of a mistake or a blunder, more deals are sampled, up to a budget
`CLOSE_BUDGET` times the plain one, and a decision still straddling one then is
`unclear`; one that is at worst an inaccuracy gets no more than the fewest deals.

The samples are drawn from the game's seed, the decision and `sample_seed`, so the
same log and settings always give the same verdicts, however many processes weigh them.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence

import msgspec

from .actions import AnyAction
from .bots.expert import MOVES_PER_MS, ExpertBot
from .bots.expert import _spread as spread_of_values
from .bots.knowledge import Knowledge, determinize, masked_state
from .bots.strong import Context, StrongBot
from .engine import legal_actions, recorded_action, resolve
from .events import Event, GameEnded, GameStarted, RoundEnded
from .state import State
from .variants import variant_of
from .variants.partnership import partner_of, partnered, team_of
from .win_model import model, race_position, side_position

LABELS = (("blunder", 0.15), ("mistake", 0.08), ("inaccuracy", 0.03))
"""A decision's label by the drop in the chance of winning the game."""
UNCLEAR = "unclear"
SEVERE = ("blunder", "mistake")
"""The labels worth more deals to settle."""
Z = 2.5
"""Half the width of a verdict's interval, in standard errors of the paired mean, for
many deals; with few, Student's t widens it (`spread_of`)."""
T975 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14)
"""Student's t at 97.5% for 1, 2, ... degrees of freedom (2.13 and on: 15 and more)."""
PRIOR_SPREAD = 0.05
PRIOR_WEIGHT = 3
"""The spread of a paired difference is estimated as if `PRIOR_WEIGHT` more deals had
shown a standard deviation of `PRIOR_SPREAD` (in chance of winning): a few deals alike
do not make a verdict look surer than it is."""
BATCH = 4
"""Deals sampled between two looks at the interval."""
MIN_SAMPLES = 4
SEVERE_SAMPLES = 24
"""The fewest deals for a verdict that may be a mistake or a blunder: the paired
differences have heavy tails (now and then one deal turns a round around), which a few
deals may not show, so their spread is not trusted below this."""
CLOSE_BUDGET = 8.0
"""How many times the plain budget a decision near a threshold may spend."""
MAX_SAMPLES = 400
LATE_STOCK = 3
"""Stock cards per player at or below which the playouts go on to the round's end."""
JUDGE_VERSION = 1
"""Bumped when the judge's method changes, so that saved analyses are redone."""


class Move(msgspec.Struct, kw_only=True):
    """One candidate move and what the samples gave it."""

    move: str
    points: float
    """The mean value in points over the sampled deals."""
    win_chance: float
    """The mean chance of winning the game after it."""


class Decision(msgspec.Struct, kw_only=True):
    """One decision of a seat, weighed against the expert's moves."""

    seq: int
    """The log line (sequence number) of the event that records the decision."""
    round: int
    seat: int
    step: str
    played: str
    best: str
    points_lost: float
    win_chance: float
    """The chance of winning the game after the best move."""
    win_drop: float
    """How much lower that chance is after the move played (the estimate)."""
    drop_low: float
    drop_high: float
    """The interval of the drop."""
    label: str | None
    samples: int
    moves: list[Move] = msgspec.field(default_factory=list)
    """Every candidate, the best first (by the chance of winning)."""


def band(drop: float) -> str | None:
    """The label of a drop in the chance of winning, or None below every threshold."""
    for name, threshold in LABELS:
        if drop >= threshold:
            return name
    return None


def verdict(drop: float, low: float, high: float) -> str | None:
    """The label when the interval lies in one band; `unclear` when it reaches a mistake
    or worse and straddles a threshold; None when at worst an unconfirmed inaccuracy."""
    if band(low) == band(high):
        return band(drop)
    if band(high) in SEVERE:
        return UNCLEAR
    return None


def sample_bounds(think: int) -> tuple[int, float]:
    """The fewest deals to sample and the plain budget in simulated moves, for `think`."""
    return max(MIN_SAMPLES, think // 25), think * MOVES_PER_MS


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


# --- Playouts ---------------------------------------------------------------------------


class Judge:
    """Weighs the decisions of one game (one process's share of them)."""

    def __init__(self, header: GameStarted, think: int, sample_seed: str) -> None:
        self.header = header
        self.think = think
        self.sample_seed = sample_seed
        self.policy = StrongBot(header.seed, 0)
        self.model = model()

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
        return self._sample(bot, state, masked, knowledge, candidates, played, seq)

    def _sample(self, bot, state, masked, knowledge, candidates, played, seq) -> Decision:
        seat = state.to_move
        rng = bot.rng(state, f"/judge/{self.sample_seed}")
        least, budget = sample_bounds(self.think)
        to_end = len(state.stock) <= LATE_STOCK * state.n
        count = len(candidates)
        mine = candidates.index(played)
        points: list[list[float]] = [[] for _ in range(count)]
        chances: list[list[float]] = [[] for _ in range(count)]
        spent = 0.0
        samples = 0
        active = list(range(count))
        while True:
            for _ in range(BATCH):
                world = determinize(masked, knowledge, rng, f"{seq}/j/{samples}")
                for index in active:
                    value, chance, moves = self._play_out(
                        world.copy(), candidates[index], seat, to_end
                    )
                    points[index].append(value)
                    chances[index].append(chance)
                    spent += moves
                samples += 1
            best, drop, low, high = _interval(chances, mine, active)
            if samples >= MAX_SAMPLES:
                break
            if samples >= least:
                if band(high) not in SEVERE:
                    break  # at worst an inaccuracy: not worth more deals
                if spent >= budget * CLOSE_BUDGET:
                    break
                if band(low) == band(high) and samples >= SEVERE_SAMPLES:
                    break
                # a move clearly worse than the best needs no more deals
                active = [i for i in active if i in (mine, best) or not _beaten(chances, i, best)]
        means_p = [sum(p) / len(p) for p in points]
        means_w = [sum(c) / len(c) for c in chances]
        order = sorted(range(count), key=lambda i: (-means_w[i], i != mine, i))
        ranked = [
            Move(
                move=candidates[i].text(),
                points=round(means_p[i], 1),
                win_chance=round(means_w[i], 4),
            )
            for i in order
        ]
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
            label=verdict(drop, low, high) if best != mine else _unclear_best(high),
            samples=samples,
            moves=ranked,
        )

    def _play_out(
        self, world: State, action: AnyAction, me: int, to_end: bool
    ) -> tuple[float, float, int]:
        """Play the action, then the strong policy for every seat until this seat is to
        draw again (or, `to_end`, to the round's end); answer the points, the chance of
        winning and the moves played."""
        policy = self.policy
        moves = 1
        ended = self._apply(world, action, me)
        left_me = False
        while ended is None:
            if world.to_move != me:
                left_me = True
            elif left_me and world.phase == "draw" and not to_end:
                break
            actions = legal_actions(world)
            if len(actions) == 1:
                choice = actions[0]
            else:
                seat = world.to_move
                policy._seat = seat  # the policy plays each seat in turn
                choice = policy.decide(world, actions, Knowledge.build(world, seat, None))[0]
                moves += 1
            ended = self._apply(world, choice, me)
        if ended is not None:
            return ended[0], ended[1], moves
        return self._round_value(world, me), self._chance(world, me), moves + 2 * world.n

    def _apply(self, world: State, action: AnyAction, me: int) -> tuple[float, float] | None:
        """Apply an action; at the round's end, its points and the chance of winning."""
        rules = world.rules
        value = None
        for event in resolve(world, action):
            world.apply(event)
            if isinstance(event, RoundEnded):
                scores = [score.score for score in event.scores]
                value = spread_of_values(scores, me, partner_of(me, rules))
            elif isinstance(event, GameEnded):
                won = event.winner is not None and team_of(event.winner, rules) == team_of(
                    me, rules
                )
                return (value or 0.0, 1.0 if won else 0.0)
        if value is None:
            return None
        return value, self._chance_between(world, me)

    def _round_value(self, world: State, me: int) -> float:
        """This round so far, for every seat: table points plus the hand's worth."""
        worth = []
        for seat in range(world.n):
            ctx = Context(world, Knowledge.build(world, seat, None))
            worth.append(world.table_points[seat] + ctx.hand_worth(world.hands[seat]))
        return spread_of_values(worth, me, partner_of(me, world.rules))

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


def ranked_moves(
    events: Sequence[Event], state: State, think: int = 100
) -> list[tuple[AnyAction, float, float]]:
    """The expert's candidate moves for the seat to move, each with its expected points
    and chance of winning over the same sampled deals, the most points first (the
    prompt's `hint`); [] when the expert sees a single sensible move."""
    header = events[0]
    assert isinstance(header, GameStarted)
    seat = state.to_move
    legal = legal_actions(state)
    if state.phase not in ("draw", "play") or len(legal) < 2:
        return []
    bot = ExpertBot(header.seed, seat, think)
    bot.catch_up(events)
    knowledge = bot.knowledge(state)
    masked = masked_state(state, knowledge)
    candidates = bot.candidates(masked, legal, knowledge) or []
    if len(candidates) < 2:
        return []
    judge = Judge(header, think, "hint")
    decision = judge._sample(bot, state, masked, knowledge, candidates, candidates[0], len(events))
    by_text = {action.text(): action for action in candidates}
    ranked = [(by_text[m.move], m.points, m.win_chance) for m in decision.moves]
    ranked.sort(key=lambda item: -item[1])
    return ranked


def _unit(seat: int, world: State) -> int:
    return seat % 2 if partnered(world.rules) else seat


def _unclear_best(high: float) -> str | None:
    """The move played was the best estimate: unclear only if another move may be
    better by a mistake's margin or more."""
    return UNCLEAR if band(high) in SEVERE else None


def spread_of(n: int) -> float:
    """How many standard errors half an interval spans with n deals: Z, widened by
    Student's t for few deals (as much wider as t is wider than the normal's 1.96)."""
    t = T975[n - 2] if n - 2 < len(T975) else 1.96 + 2.4 / n
    return Z * max(1.0, t / 1.96)


def _paired(values: list[float], base: list[float]) -> tuple[float, float]:
    """The mean of the paired differences over the deals both met, and the half width
    of its interval."""
    diffs = [a - b for a, b in zip(values, base, strict=False)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    squares = sum((d - mean) ** 2 for d in diffs)
    var = (squares + PRIOR_WEIGHT * PRIOR_SPREAD**2) / (n - 1 + PRIOR_WEIGHT)
    return mean, spread_of(n) * math.sqrt(var / n)


def _beaten(chances: list[list[float]], index: int, best: int) -> bool:
    mean, error = _paired(chances[index], chances[best])
    return mean + error < 0


def _interval(
    chances: list[list[float]], mine: int, active: Sequence[int]
) -> tuple[int, float, float, float]:
    """The best candidate, the drop from it to the move played, and the drop's interval:
    from the best move's paired mean less its errors, to the largest paired mean plus
    its errors of any candidate still in play (another one may be the best in truth;
    one left out was clearly worse than the best)."""
    means = [sum(c) / len(c) for c in chances]
    best = max(range(len(chances)), key=lambda i: (means[i], i == mine))
    low = 0.0
    high = 0.0
    for index, values in enumerate(chances):
        if index == mine or (index not in active and index != best):
            continue
        mean, error = _paired(values, chances[mine])
        high = max(high, mean + error)
        if index == best:
            low = max(0.0, mean - error)
    drop = max(0.0, _paired(chances[best], chances[mine])[0]) if best != mine else 0.0
    return best, drop, low, max(high, drop)


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


def _tasks(points: list[tuple[int, int, State]]) -> list[int]:
    """The positions in the order the processes take them, one at a time: the likely
    slowest (the deepest piles) first, so that neither process is left with a long one
    while the other has finished."""
    order = sorted(points, key=lambda point: (-point[1], point[0]))
    return [index for index, _depth, _state in order]


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
) -> list[Decision]:
    """Every decision of the seats weighed (see the module docstring), in game order.

    `jobs` processes share the positions (default: every core); the verdicts are the same
    for any number. `progress(done, total)` hears of the positions looked at.
    """
    points = decision_points(events, seats)
    indices = [index for index, _depth, _state in points]
    states = {index: state for index, _depth, state in points}
    _WORK.update(events=list(events), think=think, sample_seed=sample_seed, states=states)
    jobs = default_jobs() if jobs is None else jobs
    total = len(indices)
    found: dict[int, Decision | None] = {}
    try:
        if jobs <= 1 or total <= 1:
            for number, index in enumerate(indices):
                found[index] = _judge_at(index)[1]
                if progress is not None:
                    progress(number + 1, total)
        else:
            import multiprocessing

            context = multiprocessing.get_context("fork")
            with context.Pool(min(jobs, total)) as pool:
                weighed = pool.imap_unordered(_judge_at, _tasks(points))
                for number, (index, decision) in enumerate(weighed):
                    found[index] = decision
                    if progress is not None:
                        progress(number + 1, total)
    finally:
        _WORK.clear()
    return [decision for index in indices if (decision := found[index]) is not None]
