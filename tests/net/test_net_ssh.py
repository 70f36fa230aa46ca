"""A seat played through a real SSH client (asyncssh's): the same prompt and table
as local play; a wrong user name (capability) is refused."""

from __future__ import annotations

import asyncio
import re
import time

import asyncssh
import pytest
from netkit import ServerProcess, short_table

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


async def _session(port: int, user: str, typed: list[tuple[str, str]]) -> str:
    async with asyncssh.connect(
        "127.0.0.1", port, username=user, known_hosts=None, client_keys=None, agent_path=None
    ) as connection:
        process = await connection.create_process(term_type="xterm", term_size=(120, 40))
        screen = ""

        async def until(pattern: str, since: int = 0, timeout: float = 15.0) -> None:
            nonlocal screen
            deadline = time.monotonic() + timeout
            while not re.search(pattern, ANSI.sub("", screen[since:])):
                left = deadline - time.monotonic()
                assert left > 0, f"no {pattern!r} in {ANSI.sub('', screen)[-2000:]}"
                try:
                    screen += await asyncio.wait_for(process.stdout.read(4096), left)
                except TimeoutError:
                    continue

        await until(r"P0>")
        for line, answer in typed:
            mark = len(screen)
            process.stdin.write(line + "\r")
            await until(answer, mark)
        mark = len(screen)
        process.stdin.write("\x04")  # Ctrl-D: leave, the seat waits
        await until(r"Resume with", mark)
        return ANSI.sub("", screen)


def test_a_seat_is_played_over_ssh_with_the_prompt_of_local_play():
    server = ServerProcess(["--ssh", "--table", short_table(2, (0,), "--seed 5 --pace 0")]).start()
    try:
        invite = server.seats[server.table][0]
        assert server.ssh_port is not None
        assert re.search(r"SSH on port \d+, host key SHA256:\S+", server.lines[-1])
        screen = asyncio.run(
            _session(
                server.ssh_port,
                invite.ssh_user(),
                [("draw", r"draw \S+ from the stock"), ("hand", r"Hand \(P0, 4\)")],
            )
        )
    finally:
        server.stop()
    assert "you are seat 0, P0" in screen
    assert "P0 to draw" in screen
    assert re.search(r"Hand \(P0, 4\):", screen)  # the card drawn is in the hand


def test_a_wrong_ssh_user_name_is_refused():
    server = ServerProcess(["--ssh", "--table", short_table(2, (0,), "--seed 5")]).start()
    try:
        invite = server.seats[server.table][0]
        wrong = f"{invite.table}.0.{'0' * 24}"
        assert server.ssh_port is not None
        with pytest.raises(asyncssh.PermissionDenied):
            asyncio.run(_session(server.ssh_port, wrong, []))
    finally:
        server.stop()
