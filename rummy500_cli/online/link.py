"""The connection to a table's server, held by a thread of its own (`Link`).

`connect` opens it: TLS pinned to the invite's certificate fingerprint, or plain TCP for
an invite without one. A `Link` says hello with the invite (its table, seat, secret and
the last event received), takes the welcome, then reads the server's messages into a
queue (`inbox`) in a thread, pings, and when the connection drops connects again with
the number of the last event received, so that the server sends exactly what was
missed. Chat and the table's news go straight to a callback, not the queue, so a prompt
can show them as they come.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import queue
import socket
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from ..errors import Rummy500Error
from .invite import Invite
from .wire import MAX_LINE, WireError, decode, encode

PING_EVERY = 30.0
JOIN_FOR = 2.0
"""How long `Link.close` waits for each of its threads to end."""
RETRY_FOR = 600.0
"""Seconds the client keeps trying to connect again after a drop."""


class LinkError(Rummy500Error):
    """The server cannot be reached, or refused us."""


def connect(invite: Invite, timeout: float = 10.0) -> socket.socket:
    """A socket to the invite's server: TLS pinned to the invite's fingerprint, or plain
    TCP for an invite without one."""
    raw = socket.create_connection((invite.host, invite.port), timeout=timeout)
    if invite.tls is None:
        return raw
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # pinned below, by the invite's fingerprint
    secure = context.wrap_socket(raw, server_hostname=invite.host)
    der = secure.getpeercert(binary_form=True) or b""
    if not hmac.compare_digest(hashlib.sha256(der).hexdigest(), invite.tls):
        secure.close()
        raise LinkError(
            "the server's certificate is not the one the invite names: not connecting "
            "(someone may be in the way, or the host made a new certificate)"
        )
    return secure


class Link:
    """The connection to the server, read by a thread into `inbox`."""

    def __init__(self, invite: Invite, name: str = "") -> None:
        self.invite = invite
        self.name = name
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.last = -1
        """The last event received (sent again on reconnecting)."""
        self.sock: socket.socket | None = None
        self.send_lock = threading.Lock()
        self.closing = False
        self.thread: threading.Thread | None = None
        self.pinger: threading.Thread | None = None
        self._stopped = threading.Event()
        """Set by `close`: wakes the pinger at once rather than at its next ping."""
        self.welcome: dict[str, Any] = {}
        self.on_chat: Callable[[dict[str, Any]], None] | None = None
        """Given, chat and news are handed to it by the reading thread as they come (a
        prompt shows them above itself), not queued."""

    def open(self) -> dict[str, Any]:
        """Connect and say hello; answer the welcome (LinkError if refused)."""
        self._connect()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.pinger = threading.Thread(target=self._ping, daemon=True)
        self.pinger.start()
        return self.welcome

    def _connect(self) -> None:
        try:
            sock = connect(self.invite)
        except OSError as error:
            raise LinkError(
                f"cannot reach {self.invite.host}:{self.invite.port}: {error.strerror or error}"
            ) from None
        hello: dict[str, Any] = {
            "type": "hello",
            "protocol": 1,
            "table": self.invite.table,
            "seat": self.invite.seat,
            "key": self.invite.key,
            "last": self.last,
            "name": self.name[:40],
        }
        if self.invite.admin:
            hello["admin"] = self.invite.admin
        sock.settimeout(30.0)
        reader = sock.makefile("rb")
        sock.sendall(encode(hello))
        line = reader.readline(MAX_LINE + 1)
        try:
            message = decode(line) if line else {"type": "error", "message": "closed"}
        except WireError as error:
            raise LinkError(f"the server's answer is not the protocol: {error}") from None
        if message.get("type") != "welcome":
            sock.close()
            raise LinkError(f"refused: {message.get('message', 'no welcome')}")
        sock.settimeout(None)
        self.welcome = message
        self.sock = sock
        self._reader = reader

    def _run(self) -> None:
        while not self.closing:
            try:
                line = self._reader.readline(MAX_LINE * 64)
            except (OSError, ValueError):
                line = b""
            if not line:
                if self.closing or not self._reconnect():
                    self.inbox.put({"type": "lost"})
                    return
                continue
            try:
                message = decode(line)
            except WireError:
                continue
            if message["type"] in ("say", "info") and self.on_chat is not None:
                with contextlib.suppress(Exception):
                    self.on_chat(message)
                continue
            if message["type"] == "events":
                fresh = [e for e in message["events"] if e["seq"] > self.last]
                if not fresh:
                    continue
                self.last = fresh[-1]["seq"]
                message["events"] = fresh
            self.inbox.put(message)
            if message["type"] == "bye":
                self.closing = True

    def _reconnect(self) -> bool:
        """Connect again after a drop (with the last event received), for RETRY_FOR s."""
        with contextlib.suppress(OSError):
            if self.sock is not None:
                self.sock.close()
        self.inbox.put({"type": "info", "text": "Connection lost; connecting again..."})
        deadline = time.monotonic() + RETRY_FOR
        pause = 0.2
        while not self.closing and time.monotonic() < deadline:
            try:
                self._connect()
            except (LinkError, OSError):
                time.sleep(pause)
                pause = min(pause * 2, 5.0)
                continue
            self.inbox.put({"type": "info", "text": "Connected again."})
            return True
        return False

    def _ping(self) -> None:
        while not self._stopped.wait(PING_EVERY) and not self.closing:
            with contextlib.suppress(Exception):
                self.send({"type": "ping"})

    def send(self, message: dict[str, Any]) -> None:
        with self.send_lock:
            sock = self.sock
            if sock is None:
                raise LinkError("not connected")
            with contextlib.suppress(OSError):  # the reader sees a drop and connects again
                sock.sendall(encode(message))

    def close(self) -> None:
        """Say bye and hang up; the reading and pinging threads end before it returns
        (at most `JOIN_FOR` s each), so that none outlives the link: a process that
        forks later (a game's analysis, a test run in the same process) forks without
        them."""
        self.closing = True
        self._stopped.set()
        with contextlib.suppress(Exception):
            self.send({"type": "bye"})
        with contextlib.suppress(OSError):
            if self.sock is not None:
                self.sock.shutdown(socket.SHUT_RDWR)
                self.sock.close()
        for thread in (self.pinger, self.thread):
            if thread is not None and thread is not threading.current_thread():
                thread.join(JOIN_FOR)
