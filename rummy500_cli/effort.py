"""The expert's effort per move (`--think`), and what it costs in time.

The effort is a budget counted in work, not in time, so that a game replays identically
on any machine and under any load: each move simulated in the expert's search counts one
unit of work, and an effort of N allows `bots.budget.UNITS_PER_EFFORT` x N units (a
`bots.budget.Budget`; see `bots/expert.py` for what else counts). It is not a number
of milliseconds: at the default effort the expert takes a mean of about 25 ms a move
heads-up on a two-core machine of 2026 (median about 15 ms, 99th percentile about 95 ms;
about 40 ms at four players, 50 at six to eight), and its time grows in proportion to
the effort (`tests/benchmarks/think.py` prints the figures of the machine it runs on).

Only the numbers live here, so that the command line's options can name them without
loading the engine (start-up stays fast).
"""

from __future__ import annotations

DEFAULT_THINK = 300
"""The expert's effort per move when none is given (`--think`, seat kind `bot:expert`)."""
MAX_THINK = 60_000
"""The greatest effort per move that may be asked for (`--think`, `expert:N`)."""
SEARCHING = frozenset({"expert"})
"""The bot levels that spend an effort (each of their searches opens a
`bots.budget.Budget` of it); every level takes one (`bots.make_bot`), the others spend
none, and a seat kind names an effort only for these (`bot:expert:N`)."""
