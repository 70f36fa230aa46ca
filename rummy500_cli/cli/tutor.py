"""The tutor at the prompt (`play --tutor`): the judge weighs the position in a
background thread while the player types, and a move it calls a mistake or a blunder
is committed only after a yes (see `rummy500_cli.tutor`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

from ..actions import AnyAction
from ..analysis.judge import Decision
from ..analysis.tutor import LATE, PATIENCE, THINK, Lookahead, legal_form, warns
from ..events import Event
from ..render.style import Style
from ..render.tutor import question
from ..session import Session
from ..state import State


class Watch:
    """One position at the prompt: its `Lookahead`, made and weighed in a thread."""

    def __init__(self, events: Sequence[Event], state: State, think: int) -> None:
        self.ahead: Lookahead | None = None
        self.ready = threading.Event()
        self.left = threading.Event()
        self.thread = threading.Thread(
            target=self._work, args=(list(events), state.copy(), think), daemon=True
        )
        self.thread.name = "rummy500-tutor"
        self.thread.start()

    def _work(self, events: list[Event], state: State, think: int) -> None:
        try:
            ahead = self.ahead = Lookahead(events, state, think)
            if self.left.is_set():
                ahead.close()
        except Exception:  # no tutor for this position; the game goes on (no traceback)
            return
        finally:
            self.ready.set()
        try:
            ahead.prepare()
        except Exception:  # the verdict, if asked, is weighed again in the foreground
            return

    def close(self) -> None:
        self.left.set()
        if self.ahead is not None:
            self.ahead.close()


class Tutor:
    """One game's tutor: a `Watch` of the position the prompt shows."""

    def __init__(self, style: Style, think: int = THINK, patience: float | None = PATIENCE) -> None:
        """`patience`: seconds a person waits at most once a move is entered (None: a
        script, which waits for every verdict, so that a scripted game is the same on
        any machine)."""
        self.style = style
        self.think = think
        self.patience = patience
        self.late = 0
        """Moves played without a verdict (not ready within the patience)."""
        self.key: tuple[int, int] | None = None
        self.watching: Watch | None = None
        self.asked = 0
        """Questions asked so far."""

    def watch(self, session: Session, seat: int) -> None:
        """The prompt shows a position to a seat: start weighing it (once per position)."""
        state = session.state
        if state.to_move != seat or state.phase not in ("draw", "play"):
            return
        key = (id(state), state.applied)
        if key == self.key:
            return
        self.close()
        self.key = key
        self.watching = Watch(session.events, state, self.think)

    def vet(
        self,
        session: Session,
        action: AnyAction,
        confirm: Callable[[str], bool],
        tell: Callable[[str], None] = lambda text: None,
    ) -> bool:
        """Whether to commit the move: yes, unless the judge calls it a mistake or worse
        and the player, asked, says no. The player waits `PATIENCE` seconds at most: a
        verdict not ready by then is told as such and the move is played."""
        state = session.state
        watching = self.watching
        if watching is None or self.key != (id(state), state.applied):
            return True  # a position the tutor was not shown (a window, a bot's seat)
        action = legal_form(action, state)  # an illegal move: the engine's refusal, as ever
        patience = self.patience
        deadline = None if patience is None else time.monotonic() + patience
        watching.ready.wait(patience)
        ahead = watching.ahead
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        decision = LATE if ahead is None else ahead.verdict(action, left)
        if decision == LATE:
            self.late += 1
            tell("(the tutor had no verdict on this move yet: it is played unchecked)")
            return True
        if not isinstance(decision, Decision) or not warns(decision):
            return True
        assert ahead is not None
        self.asked += 1
        return confirm(question(decision, state, self.style, ahead.knowledge.known))

    def close(self) -> None:
        """Stop weighing the position shown (it was left)."""
        if self.watching is not None:
            self.watching.close()
        self.watching = None
        self.key = None
