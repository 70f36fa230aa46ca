"""The replay viewer's state and its moves, with no terminal in sight.

`ViewerState` is everything the viewer remembers between two key presses: the position
shown, whether the evaluation graph or the reads are up, the text being typed after `g`
or `t` and what it answers, the status line, where the costliest-decision tour stands,
and, once the user has taken over a seat, where and which. Each key of `keys.py` is one
method here; `screen.py` draws a state and `app.py` feeds it prompt-toolkit's keys. Kept
pure (no prompt-toolkit, no clock, no particles) so that every key is tested by calling
it (tests/viewer/test_viewer_model.py).

Stepping follows the line played (`Replay.step`): past what a takeback took back, to the
takeback itself; `g N` shows any line of the log, one taken back too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ...analysis.figures import costliest_marks
from ...cards import Card
from ...errors import ParseError
from ...numbers import whole_number
from ...records.branch import branch_problem
from ...render.analysis import pct
from ...render.printable import names

if TYPE_CHECKING:
    from ...analysis.sidecar import Analysis
    from ...analysis.verdicts import Decision
    from ...records.replay import Replay
    from ...render.position import Seat

HINT = "Press ? for the keys."
"""The status line after a move: where the keys are told."""

NOTHING_COSTLY = "no decision lost anything: every move played was the best found"
ONLOOKER_READS = "the reads are a seat's: replay with --as SEAT (or --as all)"
LABELS = ("blunder", "mistake", "inaccuracy")
"""The judge's labels, which the b m i keys (and B M I back) visit."""

Asking = Literal["g", "t"]
"""What the typed text answers: `g`, a position to go to (an event or a card); `t`,
the seat to take over."""


class CostlyTour:
    """The `c`/`C` keys' walk through the judged players' costliest decisions, the worst
    first, going round at either end (so it always has somewhere to go when any
    decision lost anything)."""

    def __init__(self, decisions: Sequence[Decision]) -> None:
        self.marks: list[Decision] = costliest_marks(decisions)
        self.at = -1

    def step(self, back: bool = False) -> Decision | None:
        """The next (or, `back`, the previous) costliest decision, or None when none
        lost anything."""
        if not self.marks:
            return None
        count = len(self.marks)
        if self.at < 0:  # the first press: the worst one (or, going back, the least)
            self.at = count - 1 if back else 0
        else:
            self.at = (self.at + (-1 if back else 1)) % count
        return self.marks[self.at]

    def message(self, players: Sequence[str]) -> str:
        """Where the tour is, in words."""
        decision = self.marks[self.at]
        return (
            f"costliest decision {self.at + 1} of {len(self.marks)}: {players[decision.seat]}, "
            f"{pct(decision.win_drop)} win chance lost ({decision.label or 'no mark'}; c next, "
            "C back)"
        )


@dataclass
class ViewerState:
    """The viewer between two keys: the game seen (fixed) and what the keys change.

    Build it with `ViewerState.open`. `seat` is whose eyes the table is seen through
    (`render.position.Seat`: a seat, "all" or None for an onlooker); `analysis` the
    game's saved analysis, or None and `missing` says why there is none."""

    game: Replay
    seat: Seat
    analysis: Analysis | None
    missing: str
    position: int
    players: tuple[str, ...]
    turns: list[int]
    rounds: list[int]
    takebacks: list[int]
    tour: CostlyTour
    graph: bool = False
    """e: the evaluation graph in place of the table (only with an analysis)."""
    reading: bool = False
    """r: the reads of the other hands under the table (only for a seat's eyes)."""
    typed: str | None = None
    """The text typed after `g` or `t`, or None when no question is open."""
    asking: Asking = "g"
    message: str = HINT
    """The status line under the screen while nothing is being typed."""
    take: tuple[int, int] | None = None
    """After `t` and an answer: the position to branch from and the seat taken."""
    done: bool = False
    """The viewer is to close (q, Ctrl-C, Ctrl-D, or a seat taken over)."""
    marks: dict[str, list[int]] = field(default_factory=dict)
    """The positions just before each label's judged decisions (b m i), by label."""

    @classmethod
    def open(
        cls,
        game: Replay,
        seat: Seat,
        analysis: Analysis | None = None,
        missing: str = "",
        start: int | None = None,
    ) -> ViewerState:
        """The viewer as it opens: at `start` (`replay --at N`), else on the first deal
        (the header alone, "Round 0 · Not dealt", shows nothing to look at)."""
        deals = game.round_starts()
        decisions = analysis.decisions if analysis is not None else []
        marks = {
            label: sorted(game.step(d.seq, -1) for d in decisions if d.label == label)
            for label in LABELS
        }
        return cls(
            game=game,
            seat=seat,
            analysis=analysis,
            missing=missing,
            position=start if start is not None else (deals[0] if deals else 0),
            players=names(game.header.players),
            turns=game.turn_starts(),
            rounds=deals,
            takebacks=game.takebacks(),
            tour=CostlyTour(decisions),
            marks=marks,
        )

    @property
    def mine(self) -> int:
        """The seat `t` offers when the answer is empty: the seat seen, else seat 0."""
        return self.seat if isinstance(self.seat, int) else 0

    # --- moving --------------------------------------------------------------------

    def move(self, to: int) -> None:
        """Show position `to` (kept within the log) and the hint."""
        self.position = max(0, min(to, self.game.last))
        self.message = HINT

    def next_event(self) -> None:
        self.move(self.game.step(self.position, 1))

    def previous_event(self) -> None:
        self.move(self.game.step(self.position, -1))

    def next_turn(self) -> None:
        self.move(self.game.next_after(self.turns, self.position))

    def previous_turn(self) -> None:
        self.move(self.game.previous_before(self.turns, self.position))

    def next_rotation(self) -> None:
        """As many turns on as there are players: the same seat to move again."""
        to = self.position
        for _ in self.players:
            to = self.game.next_after(self.turns, to)
        self.move(to)

    def previous_rotation(self) -> None:
        to = self.position
        for _ in self.players:
            to = self.game.previous_before(self.turns, to)
        self.move(to)

    def next_round(self) -> None:
        self.move(self.game.next_after(self.rounds, self.position))

    def previous_round(self) -> None:
        self.move(self.game.previous_before(self.rounds, self.position))

    def first(self) -> None:
        self.move(0)

    def last(self) -> None:
        self.move(self.game.last)

    def jump(self, marks: list[int], label: str, back: bool = False) -> None:
        """To the next (or, `back`, the previous) of some marked positions, saying which
        of them it is (or that there is none that way)."""
        ahead = [m for m in marks if m > self.position]
        behind = [m for m in marks if m < self.position]
        found = (behind[-1] if behind else None) if back else (ahead[0] if ahead else None)
        if found is None:
            where = "before" if back else "after"
            self.message = f"no {label} {where} this position ({len(marks)} in the game)"
            return
        self.move(found)
        self.message = f"{label} {marks.index(found) + 1} of {len(marks)}"

    def mark(self, label: str, back: bool = False) -> None:
        """b m i (B M I back): to just before the next judged decision so labelled."""
        if self.analysis is None:
            self.message = self.missing
            return
        self.jump(self.marks[label], label, back)

    def costly(self, back: bool = False) -> None:
        """c (C back): to just before the next of the costliest decisions, going round."""
        if self.analysis is None:
            self.message = self.missing
            return
        found = self.tour.step(back)
        if found is None:
            self.message = NOTHING_COSTLY
            return
        self.move(self.game.step(found.seq, -1))
        self.message = self.tour.message(self.players)

    def takeback(self, back: bool = False) -> None:
        """u (U back): to the next takeback, where the position shows what it took back."""
        self.jump(self.takebacks, "takeback", back)

    # --- what is shown -------------------------------------------------------------

    def toggle_graph(self) -> None:
        """e: the evaluation graph, or back to the table; it needs an analysis."""
        if self.analysis is None:
            self.message = self.missing
            return
        self.graph = not self.graph

    def toggle_reads(self) -> None:
        """r: the reads of the other hands. An onlooker sees no hand, so no seat's reads
        either (RULES: a seat's eyes see no other hand)."""
        if self.seat is None:
            self.message = ONLOOKER_READS
            return
        self.reading = not self.reading
        self.message = "reads of the other hands (r: hide)" if self.reading else HINT

    def say(self, message: str) -> None:
        """Put `message` on the status line (? puts the keys there)."""
        self.message = message

    def quit(self) -> None:
        self.done = True

    # --- typing --------------------------------------------------------------------

    def go_to(self) -> None:
        """g: ask for a position, an event number or a card."""
        self.typed, self.asking = "", "g"

    def take_over(self) -> None:
        """t: ask which seat to take over, unless the game cannot branch here."""
        problem = branch_problem(self.game, self.position)
        if problem:
            self.message = f"cannot take over here: {problem}"
            return
        self.typed, self.asking = "", "t"

    def type_text(self, text: str) -> None:
        """A key's text while a question is open; what is not printable is left out."""
        if self.typed is not None and text.isprintable():
            self.typed += text

    def backspace(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]

    def cancel(self) -> None:
        """Escape: close the question; the status line is what it was."""
        self.typed = None

    def enter(self) -> None:
        """Answer the open question (nothing happens when none is open)."""
        if self.typed is None:
            return
        target = self.typed.strip()
        self.typed = None
        if self.asking == "t":
            self._take(target)
        else:
            self._go(target)

    def _take(self, answer: str) -> None:
        taken = seat_answer(answer, self.players, self.mine)
        if taken is None:
            last = len(self.players) - 1
            self.message = f"no seat {answer!r}: give a number (0-{last}) or a name"
            return
        self.take = (self.position, taken)
        self.done = True

    def _go(self, target: str) -> None:
        """An event number goes there; a card, to the next event that moves it."""
        number = whole_number(target)
        if number is not None:
            self.move(number)
            return
        try:
            card = Card.parse(target)
        except ParseError as error:
            self.message = str(error)
            return
        found = self.game.next_moving(card, self.position)
        if found is None:
            self.message = f"no event after this one moves {card}"
        else:
            self.move(found)


def seat_answer(text: str, players: tuple[str, ...], default: int) -> int | None:
    """The seat an answer names: empty for the default, a number, or a name."""
    if not text:
        return default
    number = whole_number(text)
    if number is not None:
        return number if number < len(players) else None
    lowered = [name.lower() for name in players]
    return lowered.index(text.lower()) if text.lower() in lowered else None
