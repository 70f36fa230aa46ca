"""External bots: a program that plays a seat over the JSON-lines protocol.

`--seat N=exec:COMMAND` starts COMMAND with pipes on its stdin and stdout (a COMMAND
whose first word is `rummy500` runs this same program, wherever it is installed: so
`exec:'rummy500 example-bot'` works from any folder and any shell). It gets the
`hello` line, every event as its seat may see it, and a `prompt` whenever it must act;
it answers each prompt with one line (a command or a JSON action; pings are answered
with pongs). A wrong answer, a dead program or one slower than the timeout is an error
that names the seat and the line; the game stays saved.
"""

from __future__ import annotations

import os
import selectors
import shlex
import subprocess
import time
from collections.abc import Sequence

from . import program, protocol
from .actions import AnyAction, parse_action
from .engine import resolve
from .errors import Rummy500Error
from .events import Event, GameStarted
from .state import State


class ExternalBotError(Rummy500Error):
    """An external bot answered wrongly, too slowly, or not at all."""


def _argv(command: str) -> list[str]:
    """The words of an exec: command, with `rummy500` standing for this program."""
    words = shlex.split(command)
    if words and words[0] == program.NAME:
        return program.self_argv() + words[1:]
    return words


class ExternalBot:
    """One seat played by a program."""

    level = "exec"

    def __init__(self, command: str, seat: int, timeout: float = 10.0) -> None:
        self.command = command
        self.seat = seat
        self.timeout = timeout
        self._buffer = b""
        self._prompts = 0
        try:
            self._process = subprocess.Popen(
                _argv(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,
            )
        except (OSError, ValueError) as error:
            raise ExternalBotError(f"seat {seat}: cannot start {command!r}: {error}") from None

    def _who(self) -> str:
        return f"seat {self.seat} (exec: {self.command})"

    def send(self, message: dict) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write((protocol.encode(message) + "\n").encode())
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise ExternalBotError(f"{self._who()} has stopped reading its input") from None

    def start(self, header: GameStarted, state: State, kinds: list[str], log: str) -> None:
        self.send(protocol.hello(header, state, kinds, [self.seat], log))

    def observe(self, events: Sequence[Event], first_seq: int) -> None:
        for offset, event in enumerate(events):
            self.send(protocol.event_message(event, first_seq + offset, self.seat))

    def _readline(self, deadline: float) -> bytes:
        stdout = self._process.stdout
        assert stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise ExternalBotError(
                        f"{self._who()} did not answer prompt {self._prompts} within "
                        f"{self.timeout:g} s (--bot-timeout)"
                    )
                chunk = os.read(stdout.fileno(), 65536)
                if not chunk:
                    raise ExternalBotError(
                        f"{self._who()} closed its output at prompt {self._prompts}"
                    )
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        """Prompt the program and read its answer; raise ExternalBotError if it is wrong."""
        self._prompts += 1
        self.send(protocol.prompt_message(state, self.seat))
        deadline = time.monotonic() + self.timeout
        while True:
            raw = self._readline(deadline)
            text = raw.decode("utf-8", "replace")
            try:
                request = protocol.read_input(text)
                if isinstance(request, protocol.Ping):
                    self.send({"type": "pong", "id": request.id})
                    continue
                action = parse_action(request, state)
                resolve(state, action, self.seat)
            except Rummy500Error as error:
                raise ExternalBotError(
                    f"{self._who()} answered prompt {self._prompts} with {text.strip()!r}: {error}"
                ) from None
            return action

    def close(self, reason: str = "game_over", log: str = "") -> None:
        if self._process.poll() is None:
            try:
                self.send({"type": "bye", "reason": reason, "log": log})
                # stdin is a pipe: the process is started with stdin=PIPE
                self._process.stdin.close()  # type: ignore[union-attr]
                self._process.wait(timeout=2)
            except (ExternalBotError, subprocess.TimeoutExpired, OSError):
                self._process.kill()
                self._process.wait()
