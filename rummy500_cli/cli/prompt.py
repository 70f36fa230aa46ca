"""The interactive prompt (prompt-toolkit), used only when stdin and stdout are terminals.

One PromptSession for the game: completion of commands, cards in hand, meld ids and
pile positions, rebuilt from the state at each prompt; history across sessions; a bottom
toolbar with the step and the legal moves. Ctrl-C clears the line, Ctrl-D leaves.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import Completer, Completion, WordCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.shortcuts import clear

from ..render.printable import printable
from ..render.style import Style
from ..render.table import STEP_WORDS
from ..session import Session
from .commands import COMMAND_WORDS, legal_summary
from .loop import PlainConsole

WINDOW_PROMPTS = {
    "rum": "Rum? rum/pass",
    "play": "out of turn: meld, lay or pass",
    "deadwood": "lay off on the winner's melds or pass",
}
"""The prompt's question in each window of RULES 7."""


class GameCompleter(Completer):
    """Completes the command word, then what fits after it in this state."""

    def __init__(self, console: PromptConsole) -> None:
        self.console = console

    def get_completions(self, document: Document, complete_event) -> Iterable[Completion]:
        session = self.console.session
        if session is None:
            return
        text = document.text_before_cursor
        words = text.split()
        if not words or (len(words) == 1 and not text.endswith(" ")):
            yield from WordCompleter(COMMAND_WORDS, ignore_case=True).get_completions(
                document, complete_event
            )
            return
        verb = words[0].lower()
        current = "" if text.endswith(" ") else words[-1]
        state = session.state
        seat = self.console.seat
        options: list[str] = []
        if verb in ("t", "take"):
            options = [str(d) for d in range(1, len(state.pile) + 1)]
            options += [card.ascii for card in state.pile]
        elif verb in ("m", "meld", "x", "discard", "l", "lay", "u", "upcard"):
            if (
                verb in ("l", "lay")
                and len(words) >= 2
                and words[-1 if current == "" else -2].lower() == "on"
            ):
                options = [str(meld.id) for meld in state.melds]
            else:
                hand = state.hands[seat] if seat is not None else []
                options = sorted({card.ascii for card in hand})
                if verb in ("l", "lay") and len(words) >= 2:
                    options.append("on")
        elif verb == "power":  # RULES 8 dealers_gambit
            options = ["wild", "double", "split"]
        elif verb == "rum":  # RULES 7 rum_call: where the discard goes
            options = [str(meld.id) for meld in state.melds] + ["low", "high"]
        elif verb in ("help", "h"):
            options = list(COMMAND_WORDS)
        elif verb == "sort":
            options = ["rank", "suit"]
        elif verb == "power":  # RULES 8, dealers_gambit
            options = ["wild", "double", "split"]
        for option in options:
            if option.lower().startswith(current.lower()):
                yield Completion(option, start_position=-len(current))


class PromptConsole(PlainConsole):
    """A person at a terminal."""

    def __init__(self, style: Style, history: Path | None) -> None:
        super().__init__(None, style, quiet=False, strict=False)  # type: ignore[arg-type]
        self.session: Session | None = None
        self.seat: int | None = None
        if history is not None:
            history.parent.mkdir(parents=True, exist_ok=True)
            store = FileHistory(str(history))
        else:
            store = InMemoryHistory()
        self.prompt_session: PromptSession[str] = PromptSession(
            history=store,
            completer=GameCompleter(self),
            complete_while_typing=False,
            bottom_toolbar=self._toolbar,
            color_depth=ColorDepth.DEPTH_8_BIT if style.color else ColorDepth.MONOCHROME,
        )

    def show(self, text: str) -> None:
        print_formatted_text(ANSI(self.style.text(text)))

    def error(self, text: str) -> None:
        text = printable(text)
        self.show(f"\x1b[31m{text}\x1b[0m" if self.style.color else f"error: {text}")

    def _toolbar(self) -> str:
        if self.session is None or self.seat is None:
            return ""
        step = STEP_WORDS.get(self.session.state.phase, "")
        return f" {step} · legal: {legal_summary(self.session, 4)} · Tab completes · Ctrl-D saves and leaves"

    def handover(self, name: str) -> None:
        """Hot-seat play: clear the screen so the last hand is not left in view."""
        clear()
        try:
            self.prompt_session.prompt(f"Pass the keyboard to {name} and press Enter ")
        except KeyboardInterrupt:
            pass
        except EOFError:
            raise KeyboardInterrupt from None

    def read(self, session: Session, seat: int) -> str | None:
        self.session, self.seat = session, seat
        name = session.state.players[seat]
        state = session.state
        label = f"{name}> "
        if state.phase == "window":  # RULES 7: a short question out of turn
            label = f"{name} ({WINDOW_PROMPTS.get(state.window_kind or '', 'pass')})> "
        while True:
            try:
                return self.prompt_session.prompt(label)
            except KeyboardInterrupt:
                continue  # Ctrl-C clears the line, as in other shells
            except EOFError:
                return None
