"""Over SSH: a friend with nothing installed joins with plain `ssh`.

The user name is the invite's capability (`TABLE.SEAT.SECRET`); no password or key is
asked, and a wrong name is refused (slowly, as wrong invites are). For each session
the server runs `join`'s own console (the same prompt, table view, Tab completion and
colours) in a thread of its own, bound to the SSH channel through prompt-toolkit's
`contrib.ssh` (asyncssh underneath), and that console plays the seat as any client
does: over a loopback connection to this same server. The host key is made at the
first start and kept; `ssh` shows its fingerprint, which `serve` prints.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from .tls import INSTALL

if TYPE_CHECKING:
    from .server import Server


class NoSSH(RuntimeError):
    """asyncssh is not installed."""


def host_key(folder: Path) -> Any:
    import asyncssh

    path = folder / "ssh-host-key"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        key.write_private_key(str(path))
        path.chmod(0o600)
    return asyncssh.read_private_key(str(path))


async def serve_ssh(server: Server, bind: str, port: int, play_seat: Callable[[str], None]) -> None:
    """Listen for SSH on `port` (0: one the system picks); sets `server.ssh_port`.
    `play_seat(invite)` plays a session's seat (join's console: `cli.online`), in a
    thread of its own, in the session's prompt-toolkit context."""
    try:
        import asyncssh
        from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession
    except ImportError:
        raise NoSSH(f"--ssh needs asyncssh: {INSTALL}") from None
    from platformdirs import user_data_path

    key = host_key(user_data_path("rummy500", appauthor=False))
    loop = asyncio.get_running_loop()

    class Session(PromptToolkitSSHSession):
        """contrib.ssh's session, its output written from the console's thread safely."""

        def __init__(self, interact: Any, seat: tuple[Any, int | None]) -> None:
            super().__init__(interact, enable_cpr=False)
            self.seat = seat
            inner = self.stdout

            class Stdout:
                def write(_self, data: str) -> None:
                    loop.call_soon_threadsafe(inner.write, data)

                def isatty(_self) -> bool:
                    return True

                def flush(_self) -> None:
                    pass

                @property
                def encoding(_self) -> str:
                    return "utf-8"

            self.stdout = cast(TextIO, Stdout())

    class Door(PromptToolkitSSHServer):
        def __init__(self) -> None:
            super().__init__(_interact)
            self.seat: tuple[Any, int | None] | None = None
            self.peer = "?"

        def connection_made(self, conn: Any) -> None:
            self.peer = str((conn.get_extra_info("peername") or ("?",))[0])

        # asyncssh declares begin_auth as answering a bool or an awaitable of one; this
        # override is a coroutine, which asyncssh awaits
        async def begin_auth(self, username: str) -> bool:  # type: ignore[override]
            found = server.ssh_admit(username)
            if found is None:  # counted against the address, and slowed down
                await server.admit(self.peer, "", None, "", None)
                return True  # no method is offered: refused
            self.seat = found
            return False  # no authentication: the user name was the secret

        def session_requested(self) -> Any:
            if self.seat is None:
                return False
            return Session(self.interact, self.seat)

    async def _interact(session: Any) -> None:
        table, seat = session.seat
        invite = table.invite(server.local, server.port, seat, server.fingerprint)
        done = asyncio.Event()
        context = contextvars.copy_context()

        def play() -> None:
            try:
                context.run(play_seat, invite.text())
            finally:
                loop.call_soon_threadsafe(done.set)

        threading.Thread(target=play, daemon=True).start()
        await done.wait()

    listener = await asyncssh.create_server(
        Door, bind, port, server_host_keys=[key], line_editor=False, encoding="utf-8"
    )
    server.ssh_port = listener.sockets[0].getsockname()[1]
    server.ssh_fingerprint = key.get_fingerprint()
    server.servers.append(cast(asyncio.AbstractServer, listener))
