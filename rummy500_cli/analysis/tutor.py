"""The tutor of `play --tutor`: the analysis's verdict on a move before it is committed.

A `Lookahead` is made for one position as soon as the prompt shows it. In a background
thread (`prepare`) it weighs the moves the player may make, one after another, with the
judge of `rummy500 analyze` (`judge.Judge`), exactly as `analyze` would weigh the move
once played: the same candidates (the expert's, plus the move), the same sampled deals
(drawn from the game's seed and the decision's place in the log), the same interval
and labels. The playouts are kept by deal and move, so the moves share the deals
already played out, and the verdict on the move typed is most often ready when it is
entered; if not, `verdict` weighs it at once, from what is kept. The same log at the
same settings gets the same verdict from `analyze` afterwards.

A verdict of a mistake or a blunder (not `unclear`: the analysis's confidence) makes
the prompt ask before the move is committed (cli/tutor.py).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence

from ..actions import AnyAction, Discard, LayOff
from ..bots.expert import ExpertBot
from ..bots.knowledge import masked_state
from ..engine import legal_actions, resolve
from ..errors import IllegalAction, Rummy500Error
from ..events import Event, GameStarted
from ..state import State
from .judge import SEVERE, Decision, Judge

THINK = 100
"""The judge's budget per decision (ms, as the expert counts it): `analyze`'s default."""
PREPARED = 24
"""The most moves weighed ahead of time (the expert's candidates first, then the rest of
the legal moves: every draw and take, every discard)."""
PATIENCE = 0.25
"""Seconds the player waits at most for a verdict not yet ready once the move is
entered: past it, the move is played without one (the tutor says so). With a second or
more at the table the verdict is most often ready (tests/benchmarks/tutor.py)."""
LATE = "late"
"""`verdict`'s answer when the verdict was not ready within the patience."""


class Cancelled(Exception):
    """The background's work was stopped (a move was entered, or the position left)."""


class KeptJudge(Judge):
    """The judge, keeping each playout by deal and move: a deal is named by the seed of
    its made-up header (`knowledge.determinize` writes the deal's salt there), so every
    weighing of the same decision meets the same deals and plays each move out once."""

    def __init__(self, header: GameStarted, think: int, sample_seed: str = "") -> None:
        super().__init__(header, think, sample_seed)
        self.kept: dict[tuple[str, str], tuple[float, float, int]] = {}
        self.stop: Callable[[], bool] = lambda: False

    def play_out(
        self, world: State, action: AnyAction, me: int, to_end: bool
    ) -> tuple[float, float, int]:
        key = (world.header.seed, action.text())
        found = self.kept.get(key)
        if found is None:
            if self.stop():
                raise Cancelled
            found = super().play_out(world, action, me, to_end)
            self.kept[key] = found
        return found


class Lookahead:
    """The judge's verdicts on the moves of one position (see the module)."""

    def __init__(
        self, events: Sequence[Event], state: State, think: int = THINK, sample_seed: str = ""
    ) -> None:
        header = events[0]
        assert isinstance(header, GameStarted)
        self.applied = state.applied
        self.seq = len(events)
        """The place in the line of the event that will record the move (as analyze
        numbers decisions: its deals are drawn from it)."""
        self.state = state.copy()
        self.seat = state.to_move
        self.judge = KeptJudge(header, think, sample_seed)
        self.bot = ExpertBot(header.seed, self.seat, think)
        self.bot.catch_up(events)
        self.knowledge = self.bot.knowledge(self.state)
        self.masked = masked_state(self.state, self.knowledge)
        self.legal = legal_actions(self.state)
        found = self.bot.candidates(self.masked, self.legal, self.knowledge) or []
        if not found and len(self.legal) > 1:
            found = [self.bot.strong.decide(self.masked, self.legal, self.knowledge)[0]]
        self.candidates: list[AnyAction] = found
        self.verdicts: dict[str, Decision | None] = {}
        self.lock = threading.Lock()
        self.urgent = threading.Event()
        """Set while the player waits: the background yields."""
        self.closed = threading.Event()
        """Set when the position is left: the background stops."""

    def moves(self) -> list[AnyAction]:
        """The moves weighed ahead of time, the likeliest to be played first: the
        expert's candidates, then the draws and takes, then the discards."""
        rest = [a for a in self.legal if a not in self.candidates]
        rest.sort(key=lambda action: isinstance(action, Discard))
        return [*self.candidates, *rest][:PREPARED]

    def prepare(self) -> None:
        """Weigh the moves ahead of time, yielding to `verdict` (the background's work)."""
        for action in self.moves():
            while True:
                while self.urgent.is_set() and not self.closed.is_set():
                    self.closed.wait(0.01)
                if self.closed.is_set():
                    return
                try:
                    self._weigh(action, background=True)
                    break
                except Cancelled:
                    continue  # the player came first: this move again, from where it was

    def verdict(self, action: AnyAction, patience: float | None = None) -> Decision | str | None:
        """The judge's decision if `action` is played now (None: nothing to weigh, the
        only sensible move); `LATE` if it takes more than `patience` seconds (the
        playouts done so far are kept: asked again, it goes on from there)."""
        self.urgent.set()
        deadline = None if patience is None else time.monotonic() + patience
        try:
            return self._weigh(action, background=False, deadline=deadline)
        except Cancelled:
            return LATE
        finally:
            self.urgent.clear()

    def _weigh(
        self, action: AnyAction, background: bool, deadline: float | None = None
    ) -> Decision | None:
        action = _named(action, self.state)
        text = action.text()
        wait = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
        if not self.lock.acquire(timeout=wait):
            raise Cancelled
        try:
            if text in self.verdicts:
                return self.verdicts[text]
            judge = self.judge
            if background:
                judge.stop = lambda: self.urgent.is_set() or self.closed.is_set()
            elif deadline is not None:
                judge.stop = lambda: time.monotonic() > deadline
            else:
                judge.stop = lambda: False
            played = next((a for a in self.legal if a == action), action)
            candidates = list(self.candidates)
            if played not in candidates:
                candidates.append(played)
            decision = None
            if len(candidates) >= 2:
                decision = judge.sample(
                    self.bot, self.state, self.masked, self.knowledge, candidates, played, self.seq
                )
            self.verdicts[text] = decision
            return decision
        finally:
            self.lock.release()

    def close(self) -> None:
        self.closed.set()


def legal_form(action: AnyAction, state: State) -> AnyAction:
    """The legal move that a parsed one names (a lay-off typed without its end is the
    one legal lay-off of those cards on that meld); IllegalAction if none."""
    legal = legal_actions(state)
    if action in legal:
        return action
    if isinstance(action, LayOff) and action.end is None:
        fits = [
            a
            for a in legal
            if isinstance(a, LayOff)
            and a.meld == action.meld
            and Counter(a.cards) == Counter(action.cards)
            and (not action.jokers or a.jokers == action.jokers)
        ]
        if len(fits) == 1:
            return fits[0]
    resolve(state.copy(), action)  # the engine's refusal says why (RULES cited)
    raise IllegalAction(f"{action.text()} is not a move here")


def warns(decision: Decision | str | None) -> bool:
    """Whether the tutor asks before this move: the judge calls it a mistake or a
    blunder, with the analysis's confidence (an `unclear` one is not)."""
    return isinstance(decision, Decision) and decision.label in SEVERE


def _named(action: AnyAction, state: State) -> AnyAction:
    """The legal move a typed one names, as the judge names it (a lay-off typed without
    its end is the one legal lay-off of those cards there); the move itself otherwise
    (the engine refuses it when it is played)."""
    try:
        return legal_form(action, state)
    except Rummy500Error:
        return action
