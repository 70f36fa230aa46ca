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
`unclear`; one that is at worst an inaccuracy gets no more than the fewest deals (that
early stop reads a slightly narrower interval, `STOP_Z`; the labels keep theirs).

The samples are drawn from the game's seed, the decision and `sample_seed`, so the
same log and settings always give the same verdicts, however many processes weigh them.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence

import msgspec

from ..actions import AnyAction
from ..bots.expert import MOVES_PER_MS, ExpertBot
from ..bots.expert import _spread as spread_of_values
from ..bots.knowledge import Knowledge, determinize, masked_state
from ..bots.strong import Context, StrongBot
from ..engine import legal_actions, recorded_action, resolve
from ..events import Event, GameEnded, GameStarted, RoundEnded
from ..sides import partner_of, partnered, team_of
from ..state import State
from ..variants import variant_of
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
BATCH = 2
"""Deals sampled between two looks at the interval."""
MIN_SAMPLES = 2
SEVERE_SAMPLES = 24
"""The fewest deals for a verdict that may be a mistake or a blunder: the paired
differences have heavy tails (now and then one deal turns a round around), which a few
deals may not show, so their spread is not trusted below this."""
CLOSE_BUDGET = 6.0
"""How many times the plain budget a decision near a threshold may spend (8 before
issue 28: the last quarter settled one decision in sixty-odd, see STOP_Z)."""
STOP_Z = 2.25
"""Half the width, in standard errors, of the interval that may stop the sampling early
as at worst an inaccuracy (its upper end below a mistake's threshold): without
Student's widening, which the labels keep. Replayed on the per-deal chances of the 30
mixed games of tests/benchmarks/analysis.py (two sample seeds), it and CLOSE_BUDGET 6
weigh 25% fewer playouts (four-players.jsonl 0.75, two-players.jsonl 0.72) with as
many mistakes and blunders labelled alike by both seeds (59 of 63, against 59 of 64);
with deals two at a time and at least two (BATCH, MIN_SAMPLES: were four and four, one
more per 25 ms of think), 42% fewer (0.58 and 0.58), 58 of 63 alike."""
MAX_SAMPLES = 400
LATE_STOCK = 3
"""Stock cards per player at or below which the playouts go on to the round's end."""
JUDGE_VERSION = 2
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
    expert: str = ""
    """The expert's first candidate (the strong bot's move), named before any deal was
    sampled ("" in an analysis saved before this field): the fixed yardstick of
    `analysis.fortunes`, free of the bias of picking the best of noisy means."""

    @property
    def costly(self) -> bool:
        """Whether the move played did worse than the best one on the samples (by the
        chance of winning, or by points where the chances tie)."""
        return self.played != self.best and (self.win_drop > 0 or self.points_lost > 0)


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
    return max(MIN_SAMPLES, think // 50), think * MOVES_PER_MS


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
        self.last_chances: list[list[float]] = []
        """Each candidate's chance of winning deal by deal, at the last `_sample`."""

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
                early = _interval(chances, mine, active, _stop_spread)
                if band(early[3]) not in SEVERE:
                    # at worst an inaccuracy: not worth more deals, and told so (by the
                    # interval that stopped it, which calls nothing worse)
                    best, drop, low, high = early
                    break
                if spent >= budget * CLOSE_BUDGET:
                    break
                if band(low) == band(high) and samples >= SEVERE_SAMPLES:
                    break
                # a move clearly worse than the best needs no more deals
                active = [i for i in active if i in (mine, best) or not _beaten(chances, i, best)]
        self.last_chances = chances
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
            expert=candidates[0].text(),
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


class Hint(msgspec.Struct, kw_only=True):
    """The prompt's hint: the position weighed by the analysis's judge, as `analyze`
    would weigh it had the expert's first candidate been played (the same candidates,
    deals and stopping rule at the same settings), so that the hint and the analysis
    rank a position alike."""

    decision: Decision
    """The judge's verdict on the position, the expert's first candidate as the move
    played: its `moves` are the ranking, the likeliest to win first."""
    actions: list[AnyAction]
    """The moves of `decision.moves`, in its order, as actions."""
    gaps: list[tuple[float, float, float]]
    """For each move, how much lower its chance of winning is than the first's on the
    same deals: the mean and the interval (the judge's; 0 for the first)."""


def judged_hint(events: Sequence[Event], state: State, think: int = 100) -> Hint | None:
    """The judge's ranking of the expert's candidate moves for the seat to move (the
    analysis's judge at the analysis's default settings: `think` and the sample seed ""),
    or None when the expert sees a single sensible move. When the judge's best is not
    the expert's first candidate, the position is weighed again as if that best were
    played, which is what `analyze` weighs when the hint is followed."""
    header = events[0]
    assert isinstance(header, GameStarted)
    seat = state.to_move
    legal = legal_actions(state)
    if state.phase not in ("draw", "play") or len(legal) < 2:
        return None
    bot = ExpertBot(header.seed, seat, think)
    bot.catch_up(events)
    knowledge = bot.knowledge(state)
    masked = masked_state(state, knowledge)
    candidates = bot.candidates(masked, legal, knowledge) or []
    if len(candidates) < 2:
        return None
    judge = Judge(header, think, "")
    seq = len(events)
    decision = judge._sample(bot, state, masked, knowledge, candidates, candidates[0], seq)
    if decision.best != decision.played:
        best = next(a for a in candidates if a.text() == decision.best)
        decision = judge._sample(bot, state, masked, knowledge, candidates, best, seq)
    by_text = {action.text(): action for action in candidates}
    chances = judge.last_chances
    first = candidates.index(by_text[decision.moves[0].move])
    gaps = []
    for move in decision.moves:
        index = candidates.index(by_text[move.move])
        if index == first:
            gaps.append((0.0, 0.0, 0.0))
            continue
        mean, error = _paired(chances[first], chances[index])
        gaps.append((round(mean, 4), round(mean - error, 4), round(mean + error, 4)))
    return Hint(decision=decision, actions=[by_text[m.move] for m in decision.moves], gaps=gaps)


def ranked_moves(
    events: Sequence[Event], state: State, think: int = 100
) -> list[tuple[AnyAction, float, float]]:
    """The expert's candidate moves for the seat to move, each with its expected points
    and chance of winning over the same sampled deals, ranked as the analysis ranks them
    (the likeliest to win first; see `judged_hint`); [] when the expert sees a single
    sensible move."""
    hint = judged_hint(events, state, think)
    if hint is None:
        return []
    return [
        (action, move.points, move.win_chance)
        for action, move in zip(hint.actions, hint.decision.moves, strict=True)
    ]


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


def _stop_spread(n: int) -> float:
    """The half width, in standard errors, of the interval that may stop early."""
    return STOP_Z


def _paired(
    values: list[float], base: list[float], spread: Callable[[int], float] | None = None
) -> tuple[float, float]:
    """The mean of the paired differences over the deals both met, and the half width
    of its interval (`spread(n)` standard errors; by default `spread_of`)."""
    diffs = [a - b for a, b in zip(values, base, strict=False)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    squares = sum((d - mean) ** 2 for d in diffs)
    var = (squares + PRIOR_WEIGHT * PRIOR_SPREAD**2) / (n - 1 + PRIOR_WEIGHT)
    return mean, (spread or spread_of)(n) * math.sqrt(var / n)


def _beaten(chances: list[list[float]], index: int, best: int) -> bool:
    mean, error = _paired(chances[index], chances[best])
    return mean + error < 0


def _interval(
    chances: list[list[float]],
    mine: int,
    active: Sequence[int],
    spread: Callable[[int], float] | None = None,
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
        mean, error = _paired(values, chances[mine], spread)
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


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool and keeps what is done."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
        if jobs <= 1 or len(todo) <= 1:
            for index, _depth, _state in todo:
                found[index] = _judge_at(index)[1]
                done += 1
                if progress is not None:
                    progress(done, total)
        else:
            import multiprocessing

            context = multiprocessing.get_context("fork")
            pool = context.Pool(min(jobs, len(todo)), initializer=_quiet_worker)
            try:
                for index, decision in pool.imap_unordered(_judge_at, _tasks(todo)):
                    found[index] = decision
                    done += 1
                    if progress is not None:
                        progress(done, total)
                pool.close()
            finally:
                pool.terminate()
                pool.join()
    finally:
        _WORK.clear()
    return [decision for index in indices if (decision := found[index]) is not None]
