"""External bots: a program that plays a seat over the JSON-lines protocol.

`--seat N=exec:COMMAND` starts COMMAND with pipes on its stdin and stdout (a COMMAND
whose first word is `rummy500` runs this same program, wherever it is installed: so
`exec:'rummy500 example-bot'` works from any folder and any shell). It gets the
`hello` line, every event as its seat may see it, and a `prompt` whenever it must act;
it answers each prompt with one line (a command or a JSON action; pings are answered
with pongs). A wrong answer, a dead program or one slower than the timeout is an error
that names the seat and the line; the game stays saved. What the program writes to its
stderr (its own messages, a traceback) is shown on this program's stderr a line at a
time, after the seat's name, with every control character escaped: a bot cannot send a
terminal codes.
"""

from __future__ import annotations

import contextlib
import os
import select
import shlex
import subprocess
import sys
import time
from collections.abc import Iterable

from . import program, protocol
from .actions import AnyAction
from .bots.player import Player
from .engine import resolve
from .errors import Rummy500Error, clipped, quoted
from .events import Event
from .language import parse_action
from .render.printable import printable
from .state import State

MAX_PENDING = 16 << 20
"""The most output (16 MB) that may wait for a bot to read it: a bot that reads nothing
for that long is not playing."""
MAX_NOTE = 500
"""The longest line of a bot's stderr shown (in characters; the rest is cut, marked)."""


class ExternalBotError(Rummy500Error):
    """An external bot answered wrongly, too slowly, or not at all."""


def _argv(command: str) -> list[str]:
    """The words of an exec: command, with `rummy500` standing for this program."""
    words = shlex.split(command)
    if words and words[0] == program.NAME:
        return program.self_argv() + words[1:]
    return words


class ExternalBot(Player):
    """One seat played by a program.

    Nothing the program does can hang the game: what is sent to it waits in a buffer
    and goes down its pipe only as fast as it reads (the pipe is never written in a way
    that blocks), and its answer is read with a deadline (`--bot-timeout`) that holds
    while it writes anything else, pings included. A wrong answer, a dead program, one
    too slow or one that stops reading is an ExternalBotError naming the seat."""

    level = "exec"

    def __init__(self, command: str, seat: int, timeout: float = 10.0) -> None:
        self.command = command
        self.seat = seat
        self.timeout = timeout
        self._buffer = b""
        self._pending = bytearray()
        self._prompts = 0
        self._said = b""
        """What the program wrote to its stderr after its last whole line."""
        try:
            self._process = subprocess.Popen(
                _argv(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
            )
        except (OSError, ValueError) as error:
            raise ExternalBotError(
                f"seat {seat}: cannot start {quoted(command)}: {error}"
            ) from None
        assert self._process.stdin is not None and self._process.stdout is not None
        assert self._process.stderr is not None
        self._in = self._process.stdin.fileno()
        self._out = self._process.stdout.fileno()
        self._err: int | None = self._process.stderr.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._err, False)

    def _who(self) -> str:
        return f"seat {self.seat} (exec: {clipped(self.command, 60)})"

    def send(self, message: dict) -> None:
        """Queue one line for the program and write what its pipe takes now."""
        self._pending += (protocol.encode(message) + "\n").encode()
        if len(self._pending) > MAX_PENDING:
            raise ExternalBotError(
                f"{self._who()} has stopped reading its input ({len(self._pending)} bytes "
                "wait for it)"
            )
        self._push()

    def _push(self) -> None:
        """Write as much of the queue as the pipe takes without waiting (and show what
        the program wrote to its stderr meanwhile, so it never waits on that pipe)."""
        self._relay()
        while self._pending:
            try:
                written = os.write(self._in, self._pending)
            except BlockingIOError:
                return
            except OSError:
                raise ExternalBotError(f"{self._who()} has stopped reading its input") from None
            del self._pending[:written]

    def start(self, state: State, kinds: list[str]) -> None:
        """Send the `hello`: never the seed nor the log's path (rummy500-protocol(7),
        HIDDEN INFORMATION)."""
        self.send(protocol.hello(state, kinds, [self.seat]))

    def inform(self, events: Iterable[tuple[int, Event]]) -> None:
        """Send events as the seat may see them, each with its sequence number (after a
        takeback the line played skips the numbers of what it took back). The protocol
        needs those numbers, which `Player.observe` does not carry: the session informs
        a program itself, and the Player's observe and catch_up stay no-ops."""
        for seq, event in events:
            self.send(protocol.event_message(event, seq, self.seat))

    def _late(self) -> ExternalBotError:
        return ExternalBotError(
            f"{self._who()} did not answer prompt {self._prompts} within "
            f"{self.timeout:g} s (--bot-timeout)"
        )

    def _readline(self, deadline: float) -> bytes:
        """The program's next line, while the queue goes on down its input; the deadline
        holds whatever it writes or fails to read."""
        while b"\n" not in self._buffer:
            if len(self._buffer) > protocol.MAX_LINE:
                raise ExternalBotError(
                    f"{self._who()} answered prompt {self._prompts} with a line of more "
                    f"than {protocol.MAX_LINE} bytes"
                )
            left = deadline - time.monotonic()
            if left <= 0:
                raise self._late()
            writing = [self._in] if self._pending else []
            reading = [self._out] if self._err is None else [self._out, self._err]
            try:
                readable, writable, _ = select.select(reading, writing, [], left)
            except (OSError, ValueError):
                raise ExternalBotError(f"{self._who()} closed its pipes") from None
            if writable:
                self._push()
            if self._err in readable:
                self._relay()
            if self._out in readable:
                chunk = os.read(self._out, 65536)
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
            if time.monotonic() > deadline:
                raise self._late()  # a program that sends nothing but pings
            raw = self._readline(deadline)
            text = raw.decode("utf-8", "replace")
            try:
                request = protocol.read_input(text)
                if isinstance(request, protocol.Ping):
                    self.send({"type": "pong", "id": request.id})
                    continue
                action = parse_action(request, state)
                resolve(state, action, self.seat)
            except ExternalBotError:
                raise
            except Rummy500Error as error:
                raise ExternalBotError(
                    f"{self._who()} answered prompt {self._prompts} with "
                    f"{quoted(text.strip())}: {clipped(str(error), 200)}"
                ) from None
            return action

    def close(self, reason: str = "game_over") -> None:
        """Say goodbye (`bye`, with only its reason: the log's path, whose name holds the
        seed, is not sent) if the program still reads, and see that it ends."""
        if self._process.poll() is None:
            try:
                self.send({"type": "bye", "reason": reason})
                deadline = time.monotonic() + 2
                while self._pending and time.monotonic() < deadline:
                    select.select([], [self._in], [], max(0.0, deadline - time.monotonic()))
                    self._push()
                # stdin is a pipe: the process is started with stdin=PIPE
                self._process.stdin.close()  # type: ignore[union-attr]
                self._process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except (ExternalBotError, subprocess.TimeoutExpired, OSError, ValueError):
                self._process.kill()
                self._process.wait()
        self._relay(final=True)
        with contextlib.suppress(OSError):
            for pipe in (self._process.stdout, self._process.stderr):
                # both are pipes: the process is started with stdout=PIPE, stderr=PIPE
                pipe.close()  # type: ignore[union-attr]

    def _relay(self, final: bool = False) -> None:
        """Show the whole lines the program has written to its stderr on ours, named;
        `final`: all of it, the last line too, once the program has ended. (A few reads
        at a time: a program that writes there without end cannot hold the game.)"""
        for _ in range(1 if not final else 64):
            if self._err is None:
                break
            try:
                chunk = os.read(self._err, 65536)
            except BlockingIOError:
                break
            except OSError:
                chunk = b""
            if not chunk:
                self._err = None  # it closed its stderr (or ended)
                final = True
                break
            self._said += chunk
        *lines, self._said = self._said.split(b"\n")
        if (final and self._said) or len(self._said) > 4 * MAX_NOTE:
            lines.append(self._said)  # the last line, or a line without end in pieces
            self._said = b""
        for raw in lines:
            text = raw.decode("utf-8", "replace").rstrip("\r")
            if len(text) > MAX_NOTE:
                text = text[:MAX_NOTE] + " [...]"
            print(f"{self._who()}: {printable(text)}", file=sys.stderr, flush=True)
