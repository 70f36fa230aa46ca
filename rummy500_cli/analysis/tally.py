"""The players' figures counted as the judged decisions come, one at a time, in the
order played: what `rummy500 analyze` keeps of a log of any length instead of every
decision (issue 31: a million-event log's analysis in flat memory).

A `Tally` gives what `figures.summary` and `figures.costliest` give over the whole list,
equal to the last bit: of each decision it keeps two numbers (for the accuracy, whose
weights look at neighbouring decisions), a label count, a running sum of skill, and the
decision itself only while it is labelled or among its player's costliest so far.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .figures import COSTLIEST, PlayerSummary, accuracy_of
from .fortunes import skill_of, split_fortunes

if TYPE_CHECKING:
    from ..state import State
    from .verdicts import Decision

LABELS = ("inaccuracy", "mistake", "blunder", "unclear")


def _worst_first(decision: Decision) -> tuple[float, float, int]:
    """`figures.costliest`'s order."""
    return (-decision.win_drop, -decision.points_lost, decision.seq)


class _Seat:
    """One judged seat's running figures."""

    __slots__ = ("chances", "labels", "losses", "skill", "worst")

    def __init__(self) -> None:
        self.chances = array("d")
        """Each decision's chance of winning after the best move (for the accuracy)."""
        self.losses = array("d")
        """Each decision's expected points lost."""
        self.labels = dict.fromkeys(LABELS, 0)
        self.skill = 0.0
        self.worst: list[Decision] = []
        """The costliest decisions so far that are not labelled, worst first, at most
        `COSTLIEST` (the labelled ones are kept apart, all of them)."""


class Tally:
    """The judged seats' figures, fed each decision in the order played (`add`)."""

    def __init__(self, seats: Sequence[int], least: int = COSTLIEST) -> None:
        self.seats = list(seats)
        self.least = least
        self.by_seat = {seat: _Seat() for seat in self.seats}
        self.labelled: list[Decision] = []
        """Every labelled decision, in the order played (the report lists them all)."""
        self.count = 0

    def add(self, decision: Decision) -> None:
        """One more decision, played after every one added before it."""
        seat = self.by_seat[decision.seat]
        self.count += 1
        seat.chances.append(decision.win_chance)
        seat.losses.append(decision.points_lost)
        if decision.label in seat.labels:
            seat.labels[decision.label] += 1
        seat.skill += skill_of(decision)
        if decision.label:
            self.labelled.append(decision)
        elif decision.costly:
            seat.worst.append(decision)
            seat.worst.sort(key=_worst_first)
            del seat.worst[self.least :]

    def summaries(self, final: State | None) -> list[PlayerSummary]:
        """`figures.summary` of every decision added, with luck and skill when the state
        the game ended in is given."""
        split = {}
        if final is not None:
            split = split_fortunes(final, {s: self.by_seat[s].skill for s in self.seats})
        out = []
        for number in self.seats:
            seat = self.by_seat[number]
            out.append(
                PlayerSummary(
                    seat=number,
                    decisions=len(seat.chances),
                    accuracy=accuracy_of(seat.chances, seat.losses),
                    points_lost=round(sum(max(0.0, lost) for lost in seat.losses), 1),
                    inaccuracies=seat.labels["inaccuracy"],
                    mistakes=seat.labels["mistake"],
                    blunders=seat.labels["blunder"],
                    unclear=seat.labels["unclear"],
                    **split.get(number, {}),
                )
            )
        return out

    def kept(self) -> list[Decision]:
        """The decisions kept, in the order played: every labelled one and each seat's
        costliest; `figures.costliest` of these is that of every decision added."""
        out = list(self.labelled)
        for seat in self.by_seat.values():
            out += seat.worst
        out.sort(key=lambda decision: decision.seq)
        return out
