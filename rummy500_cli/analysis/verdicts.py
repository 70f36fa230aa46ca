"""The judge's verdicts: a decision's label from the drop in the chance of winning and
the interval around it (`analysis.judge` samples the deals; see its docstring for the
method). Every candidate meets the same deals, so two moves are compared deal by deal:
the mean of the paired differences, and an interval of `Z` standard errors, widened by
Student's t for few deals, with a prior on the spread."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import msgspec

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

STOP_Z = 2.25
"""Half the width, in standard errors, of the interval that may stop the sampling early
as at worst an inaccuracy (its upper end below a mistake's threshold): without
Student's widening, which the labels keep. Replayed on the per-deal chances of the 30
mixed games of tests/benchmarks/analysis.py (two sample seeds), it and CLOSE_BUDGET 6
weigh 25% fewer playouts (four-players.jsonl 0.75, two-players.jsonl 0.72) with as
many mistakes and blunders labelled alike by both seeds (59 of 63, against 59 of 64);
with deals two at a time and at least two (BATCH, MIN_SAMPLES: were four and four, one
more per 25 ms of think), 42% fewer (0.58 and 0.58), 58 of 63 alike."""


class Move(msgspec.Struct, kw_only=True):
    """One candidate move and what the samples gave it."""

    move: str
    points: float
    """The mean value in points over the sampled deals."""
    win_chance: float
    """The mean chance of winning the game after it."""


def ranked(
    texts: Sequence[str], points: Sequence[float], chances: Sequence[float], mine: int
) -> list[Move]:
    """The candidates (`texts`, with each one's points and chance of winning) as Moves,
    the likeliest to win first; among equals the move played (`mine`), then the order
    they were named in."""
    order = sorted(range(len(texts)), key=lambda i: (-chances[i], i != mine, i))
    return [
        Move(move=texts[i], points=round(points[i], 1), win_chance=round(chances[i], 4))
        for i in order
    ]


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
    `figures.fortunes`, free of the bias of picking the best of noisy means."""
    quick: bool | msgspec.UnsetType = msgspec.UNSET
    """True: weighed by the judge's quick form (`screen`: one deal, no label, no
    interval); absent: by the sampled deals."""

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


def unclear_best(high: float) -> str | None:
    """The move played was the best estimate: unclear only if another move may be
    better by a mistake's margin or more."""
    return UNCLEAR if band(high) in SEVERE else None


def spread_of(n: int) -> float:
    """How many standard errors half an interval spans with n deals: Z, widened by
    Student's t for few deals (as much wider as t is wider than the normal's 1.96)."""
    t = T975[n - 2] if n - 2 < len(T975) else 1.96 + 2.4 / n
    return Z * max(1.0, t / 1.96)


def stop_spread(n: int) -> float:
    """The half width, in standard errors, of the interval that may stop early."""
    return STOP_Z


def paired(
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


def beaten(chances: list[list[float]], index: int, best: int) -> bool:
    mean, error = paired(chances[index], chances[best])
    return mean + error < 0


def interval(
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
        mean, error = paired(values, chances[mine], spread)
        high = max(high, mean + error)
        if index == best:
            low = max(0.0, mean - error)
    drop = max(0.0, paired(chances[best], chances[mine])[0]) if best != mine else 0.0
    return best, drop, low, max(high, drop)
