"""What the replay viewer shows for a `ViewerState`: the log's path, the table (or the
evaluation graph), the analysis of the decision about to be made, the reads, and the
status line or the question being answered; a string, with ANSI colour when the style
has colour, so that it is tested without a terminal (prompt-toolkit only wraps it).

What is costly to work out is worked out here once and kept: the evaluation curve (on
the first `e`) and the reads at each position (on the first `r` there).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...analysis.figures import win_curve
from ...render.analysis import decision_panel, summary_panel, win_graph
from ...render.position import describe_position
from .model import ViewerState

if TYPE_CHECKING:
    from ...analysis.verdicts import Decision
    from ...render.style import Style

GRAPH_MARGIN = 16
"""Columns the graph leaves for the names and chances at its left."""


class Screen:
    """The viewer's screen for one game, drawn from states by `text`."""

    def __init__(self, path: Path, style: Style) -> None:
        self.path = path
        self.style = style
        self._curve: list[list[float]] | None = None
        self._judged: dict[int, Decision] | None = None
        self._reads: dict[tuple[int, int], list[str]] = {}

    def text(self, state: ViewerState, columns: int) -> str:
        """The whole screen for `state`, `columns` wide (the graph fits that width)."""
        if state.graph and state.analysis is not None:
            body = "\n".join(
                [
                    "Chance of winning over the game (e: back to the table)",
                    *self.graph_lines(state, columns),
                    "",
                    *summary_panel(
                        state.analysis.players,
                        state.players,
                        state.analysis.header.settings.quick is True,
                    ),
                ]
            )
        else:
            body = describe_position(state.game, state.position, state.seat, self.style)
            panel = self.decision_lines(state)
            if panel:
                body += "\n" + "\n".join(panel)
            if state.reading:
                body += "\n" + "\n".join(self.reads_lines(state))
        return self.style.text(f"{self.path}\n{body}\n\n{self.status(state)}")

    @staticmethod
    def status(state: ViewerState) -> str:
        """The last line: the message, or the open question and what is typed so far."""
        if state.typed is None:
            return state.message
        if state.asking == "t":
            seats = ", ".join(f"{number} {name}" for number, name in enumerate(state.players))
            return f"Take over which seat? {seats} (Enter: {state.mine}): {state.typed}"
        return f"g {state.typed}"

    def graph_lines(self, state: ViewerState, columns: int) -> list[str]:
        """Each seat's chance of winning over the game, the position marked. A seat's
        eyes (or an onlooker's) see no other hand (RULES): the curve then counts each
        hidden hand at the deck's mean."""
        if self._curve is None:
            self._curve = win_curve(state.game.line.events, blind=state.seat != "all")
        cursor = state.game.line_position(state.position)
        width = max(10, columns - GRAPH_MARGIN)
        return win_graph(self._curve, state.players, cursor, width, self.style)

    def decision_lines(self, state: ViewerState) -> list[str]:
        """The judged decision the next event records, if any: the verdict, and the
        moves weighed when the seat seen may see that hand."""
        if state.analysis is None:
            return []
        if self._judged is None:
            self._judged = {d.seq: d for d in state.analysis.decisions}
        following = state.game.step(state.position, 1)
        decision = self._judged.get(following) if following != state.position else None
        if decision is None:
            return []
        shown = state.seat == "all" or state.seat == decision.seat
        return decision_panel(decision, state.players, self.style, shown)

    def reads_lines(self, state: ViewerState) -> list[str]:
        """The reads from the seat seen (with --as all: the seat to move), from that
        seat's view of the line played up to here; worked out once per position."""
        from ...analysis.reads import read_hands
        from ...render.reads import reads_lines

        at = state.game.line_position(state.position)
        seat = state.seat
        whose = seat if isinstance(seat, int) else state.game.state_at(state.position).to_move
        key = (at, whose)
        if key not in self._reads:
            reads = read_hands(state.game.line.events[: at + 1], whose)
            name = f"{state.players[whose]}'s seat"
            self._reads[key] = reads_lines(reads, state.players, self.style, name)
        return self._reads[key]
