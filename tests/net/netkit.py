"""Helpers of the online tests: a server process, raw JSON-lines clients, and scripted
seats that play through the wire (their moves chosen by the greedy bot on the seat's
own shadow of the game, so they see only what the seat receives)."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from rummy500_cli.bots import BOTS
from rummy500_cli.online.invite import Invite, parse_invite
from rummy500_cli.online.shadow import Shadow

TIMEOUT = 20.0


def command() -> list[str]:
    script = Path(sys.executable).parent / "rummy500"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "rummy500_cli"]


def short_table(players: int = 3, people: tuple[int, ...] = (0, 1), extra: str = "") -> str:
    """A --table spec for a short game: 3 cards a hand, 50 points to win."""
    seats = " ".join(f"--seat {seat}=human:P{seat}" for seat in people)
    return f"--players {players} --bots greedy {seats} --rule hand_size=3 --target 50 {extra}"


class ServerProcess:
    """`rummy500 serve` in a process of its own, its invites read from what it prints."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None) -> None:
        self.args = args
        self.env = env
        self.proc: subprocess.Popen[str] | None = None
        self.lines: list[str] = []
        self.port = 0
        self.seats: dict[str, dict[int, Invite]] = {}
        self.watch: dict[str, Invite] = {}
        self.admin: dict[str, Invite] = {}
        self.ssh_port: int | None = None
        self.tables: list[str] = []

    def start(self, lifetime: float = 60.0) -> ServerProcess:
        self.proc = subprocess.Popen(
            [*command(), "serve", "--lifetime", str(lifetime), *self.args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=self.env,
        )
        self.queue: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                line = self.queue.get(timeout=0.5)
            except queue.Empty:
                if self.proc.poll() is not None:
                    raise AssertionError(f"the server stopped: {self.errors()}") from None
                continue
            self.lines.append(line)
            self._read(line)
            if line.startswith("Serving on"):
                return self
        raise AssertionError("the server did not start in time")

    def _pump(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.queue.put(line.rstrip("\n"))

    def errors(self) -> str:
        assert self.proc is not None and self.proc.stderr is not None
        return self.proc.stderr.read() if self.proc.poll() is not None else ""

    def _read(self, line: str) -> None:
        table = re.match(r"Table (\w+) (open|reopened)", line)
        if table:
            self.tables.append(table.group(1))
        found = re.search(r"join '([^']+)'", line)
        if found:
            invite = parse_invite(found.group(1))
            if invite.admin:
                self.admin[invite.table] = invite
            elif invite.seat is None:
                self.watch[invite.table] = invite
            else:
                self.seats.setdefault(invite.table, {})[invite.seat] = invite
        ssh = re.search(r"ssh -t -p (\d+)", line)
        if ssh:
            self.ssh_port = int(ssh.group(1))
        served = re.match(r"Serving on [^ ]+:(\d+)", line)
        if served:
            self.port = int(served.group(1))

    @property
    def table(self) -> str:
        return self.tables[-1]

    def kill(self) -> None:
        """kill -9."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(TIMEOUT)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(TIMEOUT)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


class Raw:
    """A raw client: JSON lines over a plain TCP socket."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        self.sock = socket.create_connection((host, port), timeout=TIMEOUT)
        self.buffer = b""

    def send(self, message: dict[str, Any] | bytes) -> None:
        data = message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n"
        self.sock.sendall(data)

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any] | None:
        """The next message (None: the server closed the connection)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message in time")
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(1 << 16)
            except ConnectionResetError:
                return None
            if not data:
                return None
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def until(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Messages up to the next of a kind (the others are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            assert message is not None, f"closed before a {kind}"
            if message["type"] == kind:
                return message

    def hello(self, invite: Invite, last: int = -1, **extra: Any) -> dict[str, Any] | None:
        message = {
            "type": "hello",
            "protocol": 1,
            "table": invite.table,
            "seat": invite.seat,
            "key": invite.key,
            "last": last,
            **extra,
        }
        if invite.admin:
            message["admin"] = invite.admin
        self.send(message)
        return self.recv()

    def close(self) -> None:
        self.sock.close()


class Seat(threading.Thread):
    """A scripted seat: connects with its invite, contributes to a fair deal, plays
    the greedy bot's moves on its own shadow, and keeps every event it receives. It
    reconnects with the last event it saw when its connection drops (`reconnect`)."""

    def __init__(self, server: ServerProcess, invite: Invite, deadline: float = 60.0) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.invite = invite
        self.deadline = time.monotonic() + deadline
        self.events: dict[int, dict[str, Any]] = {}
        self.order: list[int] = []
        self.shadow = Shadow(invite.seat)
        self.errors: list[str] = []
        self.done = False
        self.failure: BaseException | None = None
        self.bot = BOTS["greedy"]("test", invite.seat if invite.seat is not None else 0)
        self.reconnects = 0
        self.messages: list[dict[str, Any]] = []
        self.stop_after: int | None = None
        """Leave (without a word) once this many events are in."""

    def connect(self) -> Raw:
        while time.monotonic() < self.deadline:
            try:
                raw = Raw(self.server.port)
                welcome = raw.hello(self.invite, self.shadow.last)
                if welcome and welcome["type"] == "welcome":
                    if welcome.get("commitment") and not welcome.get("contributed"):
                        raw.send({"type": "contribute", "contribution": os.urandom(32).hex()})
                    return raw
                raw.close()
            except OSError:
                pass
            time.sleep(0.2)
        raise TimeoutError("could not connect")

    def run(self) -> None:
        try:
            self._run()
        except BaseException as error:
            self.failure = error

    def _run(self) -> None:
        raw = self.connect()
        pending = False
        while time.monotonic() < self.deadline:
            try:
                message = raw.recv(1.0)
            except TimeoutError:
                message = {"type": "idle"}
            except OSError:
                message = None
            if message is None:
                raw.close()
                self.reconnects += 1
                raw = self.connect()
                pending = False
                continue
            kind = message["type"]
            self.messages.append(message)
            if kind == "events":
                for item in message["events"]:
                    seq = item["seq"]
                    assert seq not in self.events, f"event {seq} twice"
                    assert seq == self.shadow.last + 1, f"event {seq} after {self.shadow.last}"
                    self.events[seq] = item["event"]
                    self.order.append(seq)
                    self.shadow.add(seq, item["event"])
                if self.stop_after is not None and len(self.order) >= self.stop_after:
                    raw.close()
                    return
            elif kind == "error":
                self.errors.append(message["message"])
                pending = False
            elif kind == "ok":
                pending = False
            elif kind == "bye":
                break
            state = self.shadow.state
            if state is None:
                continue
            if state.over:
                continue  # the server says bye after the game's last event
            if pending or state.to_move != self.invite.seat:
                continue
            catch_up = getattr(self.bot, "catch_up", None)
            if catch_up is not None:
                catch_up(self.shadow.line.events)  # type: ignore[union-attr]
            action = self.bot.choose(state)
            raw.send({"type": "move", "text": action.text(), "at": self.shadow.last})
            pending = True
        self.done = True
        raw.close()


def log_of(saves: Path) -> Path:
    logs = sorted(saves.glob("*.jsonl"))
    assert logs, f"no log in {saves}"
    return logs[-1]


def saves() -> Path:
    return Path(os.environ["XDG_DATA_HOME"]) / "rummy500" / "games"
