"""The effort a search may spend on one move, counted in work, not in time.

An effort (`--think`, seat kind `bot:expert:N`; the numbers are in `effort`) becomes a
`Budget`: `UNITS_PER_EFFORT` units of work per point of effort. A search spends it as it
goes (`spend`: a simulated move is one unit) and stops when it is used up (`exhausted`,
or `past(times)` for a search that may run over its plain budget). Counting work rather
than time makes a game replay identically on any machine and under any load.

The hand planner (`heuristics.hand`) is called deep inside the strong bot's decisions,
in every playout, where no budget is at hand; it counts its search nodes and lay-off
scans on the process's `Tally` instead, and a budget charges what was counted since it
was opened (`charge_planner`, `PLANNER_WEIGHT` units a node). The tally is read only as a
difference, so that it does not matter what else ran in the process before.

Python-chess passes a `Limit` with each call to an engine; OpenSpiel's MCTS bot takes its
simulations in the constructor. Here the level takes the effort when it is made
(`bots.make_bot`) and opens a fresh Budget for each move it searches.
"""

from __future__ import annotations

UNITS_PER_EFFORT = 7.5
"""Units of work per point of effort: calibrated on a 2-core machine under load so that
an effort of N takes about N/2 ms a move on average (see tests/benchmarks/think.py)."""
PLANNER_WEIGHT = 0.4
"""Units of work per node of the hand planner's search (and per lay-off scan)."""


class Tally:
    """The hand planner's work done in this process (search nodes and lay-off scans): a
    deterministic measure of effort, counted where no budget can be passed."""

    __slots__ = ("nodes",)

    def __init__(self) -> None:
        self.nodes = 0


TALLY = Tally()
"""The one tally that `heuristics.hand` counts on."""


class Budget:
    """The work one search may do: its limit (from the effort), what it spent so far."""

    __slots__ = ("_seen", "_tally", "effort", "limit", "spent")

    def __init__(self, effort: int, tally: Tally = TALLY) -> None:
        self.effort = effort
        self.limit = effort * UNITS_PER_EFFORT
        """The units this search may spend."""
        self.spent = 0.0
        self._tally = tally
        self._seen = tally.nodes

    def spend(self, units: float) -> None:
        """Count work done (a simulated move is one unit)."""
        self.spent += units

    def charge_planner(self) -> None:
        """Count the hand planner's work done since the budget was opened or last charged."""
        nodes = self._tally.nodes
        self.spent += (nodes - self._seen) * PLANNER_WEIGHT
        self._seen = nodes

    @property
    def exhausted(self) -> bool:
        """Whether the plain budget is used up."""
        return self.spent >= self.limit

    def past(self, times: float) -> bool:
        """Whether `times` the plain budget is used up (a search allowed to run over)."""
        return self.spent >= self.limit * times

    def left(self) -> float:
        """The units left of the plain budget (negative when it ran over)."""
        return self.limit - self.spent
