"""PromptConsole: a person at a terminal, through prompt-toolkit (this module is loaded
only when stdin and stdout are terminals: consoles/pick.py imports it then).

One PromptSession for the game (one a player at hot-seat, so that the arrow keys never
bring back another player's commands): completion of what is legal now, each word with
a few words on it (cli/completion); history across sessions; a bottom toolbar with the
step and the legal moves, fitted to the terminal's width. Output is wrapped at word
boundaries to the width. Ctrl-C clears the line, Ctrl-D leaves.

Between turns: at hot-seat the screen and its scrollback are cleared before the
keyboard passes, and nothing of the next hand shows until Enter; a round's end waits
for Enter; Enter or Space while the computer players move skips their pauses until the
next turn at the keyboard.
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.output import ColorDepth

from ...events import Event
from ...language import VOCABULARY, Vocabulary, step_words
from ...language.listing import legal_items
from ...render.layout import INDENT, fit_toolbar, width_of, wrap
from ...render.narrate import TURN_EVENTS, continuation
from ...render.printable import names, printable
from ...render.style import Style
from ...session import Session
from ..completion import candidates
from ..environment import Environment
from .plain import PlainConsole

SKIP_KEYS = (b"\r", b"\n", b" ")
"""The keys that skip the computer players' pauses."""


class GameCompleter(Completer):
    """Completes what may follow the typed words now (cli/completion), in hand order."""

    def __init__(self, console: PromptConsole) -> None:
        self.console = console

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        session, seat = self.console.session, self.console.seat
        if session is None or seat is None:  # between turns: nothing of any hand
            return
        text = document.text_before_cursor
        current = "" if text.endswith(" ") or not text else text.split()[-1]
        style = self.console.style
        vocabulary = self.console.vocabulary
        for found in candidates(session.state, seat, text, self.console.by_rank, style, vocabulary):
            yield Completion(
                found.text,
                start_position=-len(current),
                display=ANSI(found.display),
                display_meta=ANSI(found.meta),
            )


class PromptConsole(PlainConsole):
    """A person (or, at hot-seat, people taking turns) at a terminal."""

    interactive = True
    discards_untouched = False

    def __init__(
        self,
        style: Style,
        history: Path | None,
        hot_seat: bool = False,
        env: Environment | None = None,
    ) -> None:
        # no line source: this console reads through prompt_toolkit (its own `read`)
        super().__init__(None, style, quiet=False, strict=False, env=env)
        self.session: Session | None = None
        self.seat: int | None = None
        self.hot_seat = hot_seat
        self.fast = False
        """Enter or Space was pressed during the computer players' moves: no more pauses
        until the keyboard's next turn."""
        self._history_file = history
        self._sessions: dict[int | None, PromptSession[str]] = {}
        self._color_depth = ColorDepth.DEPTH_8_BIT if style.color else ColorDepth.MONOCHROME
        self._plain: PromptSession[str] = PromptSession(
            history=InMemoryHistory(), color_depth=self._color_depth
        )
        """For the questions between turns: no completion, no history, no toolbar."""
        self._turn: int | None = None
        """The seat whose turn is being told on one open line (a short screen)."""
        self._column = 0
        self._table_rows = 12
        """The lines the last table took (to judge whether the bots' turns fit)."""

    @property
    def by_rank(self) -> bool:
        return bool(self.interpreter is not None and self.interpreter.by_rank)

    @property
    def vocabulary(self) -> Vocabulary:
        """The table's commands (the interpreter's: the game's and the console's own)."""
        return VOCABULARY if self.interpreter is None else self.interpreter.vocabulary

    def _prompt_session(self, seat: int) -> PromptSession[str]:
        """The prompt of a seat: at hot-seat each player has a history of their own, in
        memory only; otherwise one, kept in the history file."""
        key = seat if self.hot_seat else None
        if key not in self._sessions:
            store: History
            if self.hot_seat or self._history_file is None:
                store = InMemoryHistory()
            else:  # read and written so that no file there can stop the game
                from ..history import GuardedHistory

                store = GuardedHistory(self._history_file)
            self._sessions[key] = PromptSession(
                history=store,
                completer=GameCompleter(self),
                complete_while_typing=False,
                bottom_toolbar=self._toolbar,
                color_depth=self._color_depth,
            )
        return self._sessions[key]

    def _width(self) -> int:
        try:
            return self._plain.output.get_size().columns
        except OSError:
            return 80

    def _rows(self) -> int:
        try:
            return self._plain.output.get_size().rows
        except OSError:
            return 24

    def screen(self) -> tuple[int, int]:
        """The table's room: the width less a column; the rows less the prompt's line,
        the bottom toolbar, your last move's line and two lines for each other seat's
        turn (told in one line, which may wrap)."""
        others = self.game.state.n - 1 if self.game is not None else 1
        return self._width() - 1, max(8, self._rows() - 3 - 2 * others)

    def show(self, text: str) -> None:
        """Text wrapped at word boundaries to the terminal's width."""
        self._end_turn()
        print_formatted_text(ANSI(wrap(self.style.text(text), self._width() - 1)))

    def show_table(self, text: str) -> None:
        """The table at a turn, its height kept to judge the room left for the others'."""
        self._table_rows = wrap(self.style.text(text), self._width() - 1).count("\n") + 1
        self.show(text)

    def say(self, text: str) -> None:
        """A line for the person at the table (a banner, a note), wrapped at spaces to
        the terminal's width, never inside a card, a name or a path."""
        self._end_turn()
        print_formatted_text(ANSI(wrap(self.style.text(text), self._width() - 1)))

    def _short(self) -> bool:
        """Whether the other seats' turns, told a line an event, would push the table of
        the next turn off the screen: then each is told in one line."""
        if self.game is None:
            return False
        others = self.game.state.n - 1
        return self._rows() < self._table_rows + 3 + 4 * others  # up to 4 lines a turn

    def event(self, event: Event, seq: int, lines: list[str]) -> None:
        """An event told; on a short screen, a computer player's turn as one line that
        grows as they move (broken only between its parts)."""
        seat = getattr(event, "seat", None)
        game = self.game
        if (
            game is None
            or seat is None
            or not isinstance(event, TURN_EVENTS)
            or game.is_human(seat)
            or not self._short()
        ):
            for line in lines:
                self.show(line)
            return
        name = names(game.state.players)[seat]
        for line in lines:
            more = continuation(line, name) if self._turn == seat else None
            if more is None:
                self._end_turn()
                self._turn, self._column = seat, 0
                self._write(line.removesuffix("."), "")
            else:
                self._write(more, ", ")

    def _write(self, part: str, joint: str) -> None:
        """A part of the open turn's line, on a new (indented) line when it would not
        fit the width."""
        width = self._width() - 1
        text = self.style.text(part)
        if self._column and self._column + width_of(joint + text) > width:
            out = joint.rstrip() + "\n" + INDENT
            self._column = len(INDENT)
        else:
            out = joint
            self._column += width_of(joint)
        first, *rest = wrap(text, max(20, width - self._column)).split("\n")
        out += first
        self._column += width_of(first)
        for piece in rest:
            out += "\n" + INDENT + piece.strip()
            self._column = len(INDENT) + width_of(piece.strip())
        print_formatted_text(ANSI(out), end="")

    def _end_turn(self) -> None:
        """The open turn's line ends (with its full stop)."""
        if self._turn is not None:
            self._turn = None
            print_formatted_text(".")

    def recap(self, lines: list[str]) -> None:
        """Hot-seat play: what the others did since this player's last turn, first on
        the cleared screen."""
        for line in lines:
            self.show(line)

    def error(self, text: str) -> None:
        self._end_turn()
        text = printable(text)
        line = f"\x1b[31m{text}\x1b[0m" if self.style.color else f"error: {text}"
        if " resume " in text:  # it ends with the command that resumes the game: whole
            print_formatted_text(ANSI(line))
        else:
            print_formatted_text(ANSI(wrap(line, self._width() - 1)))

    def _toolbar(self) -> str:
        if self.session is None or self.seat is None:
            return ""
        state = self.session.state
        step = step_words(state.phase)
        items = legal_items(state, self.style.ascii, self.by_rank)
        words = [word for word, _ in items]
        return fit_toolbar(step, words, self._width() - 1, counts=[n for _, n in items])

    def _ask(self, question: str) -> None:
        """A question between turns, answered with Enter; Ctrl-D leaves (saved)."""
        self._end_turn()
        self.seat = None
        try:
            self._plain.prompt(question)
        except KeyboardInterrupt:
            pass
        except EOFError:
            raise KeyboardInterrupt from None

    def _clear_all(self) -> None:
        """The screen and its scrollback: enough blank lines to push the last hand out
        of sight, then ESC[3J (the scrollback, where the terminal supports it), then the
        screen."""
        try:
            rows = self._plain.output.get_size().rows
        except OSError:
            rows = 24
        output = self.env.output
        output.write("\n" * (2 * rows) + "\x1b[3J\x1b[H\x1b[2J")
        output.flush()

    def confirm(self, question: str) -> bool:
        """A yes-or-no question (the tutor's): yes only for y or yes; Enter, Ctrl-C or
        Ctrl-D is a no."""
        try:
            answer = self._plain.prompt(ANSI(wrap(question, self._width() - 1)))
        except (KeyboardInterrupt, EOFError):
            return False
        return answer.strip().lower() in ("y", "yes")

    def handover(self, name: str) -> None:
        """Hot-seat play: clear the screen and its scrollback, and show nothing of the
        next hand (no toolbar, no completion) until Enter."""
        self.seat = None
        self._clear_all()
        self._ask(f"Pass the keyboard to {name} and press Enter ")

    def round_over(self, text: str) -> None:
        """A round's end: the score table stays on screen until Enter."""
        self._ask(f"{text} Press Enter for the next deal ")

    def pause(self, seconds: float) -> None:
        """The pause after a computer player's move, cut short for good (until the next
        turn at the keyboard) by Enter or Space."""
        if seconds <= 0 or self.fast:
            return
        try:
            import termios
            import tty
        except ImportError:  # no termios (Windows): a plain pause
            time.sleep(seconds)
            return
        fd = self.env.input.fileno()
        try:
            saved = termios.tcgetattr(fd)
        except termios.error:
            time.sleep(seconds)
            return
        deadline = time.monotonic() + seconds
        try:
            tty.setcbreak(fd)  # keys one at a time, not echoed; Ctrl-C still interrupts
            while (left := deadline - time.monotonic()) > 0:
                if not select.select([fd], [], [], left)[0]:
                    break
                keys = os.read(fd, 64)
                if b"\x04" in keys:  # Ctrl-D: leave, as at the prompt
                    raise KeyboardInterrupt
                if any(key in keys for key in SKIP_KEYS):
                    self.fast = True
                    break
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def read(self, session: Session, seat: int) -> str | None:
        self._end_turn()
        self.session, self.seat = session, seat
        self.fast = False
        name = names(session.state.players)[seat]
        state = session.state
        label = f"{name}> "
        if state.phase == "window":  # RULES 7: a short question out of turn
            label = f"{name} ({self.vocabulary.window_prompt(state.window_kind)})> "
        prompt = self._prompt_session(seat)
        while True:
            try:
                return prompt.prompt(label)
            except KeyboardInterrupt:
                continue  # Ctrl-C clears the line, as in other shells
            except EOFError:
                return None
