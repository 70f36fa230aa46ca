"""`join` chooses its console where every game does (cli/consoles/pick.py): the protocol
with --json, the prompt at a terminal, plain lines in a script; run in this process
against a real server process on loopback (tests/net/netkit.py)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from consolekit import at_prompt, environment, rummy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from netkit import ServerProcess, short_table


@pytest.fixture
def invite() -> Iterator[str]:
    """An invite to the only person's seat of a short table (two seats, one a bot)."""
    server = ServerProcess(["--table", short_table(2, (0,), "--pace 0")]).start(lifetime=60)
    try:
        yield server.seats[server.table][0].text()
    finally:
        server.stop()


def test_join_chooses_each_console_in_the_one_place(invite: str) -> None:
    protocol = rummy("join", invite, "--json", env=environment(tty=True), input="")
    messages = [json.loads(line) for line in protocol.stdout.splitlines()]
    assert messages[0]["type"] == "hello" and messages[-1]["type"] == "bye"
    assert protocol.exit_code == 0

    script = rummy("join", invite, env=environment(), input="")
    assert script.stdout.startswith("rummy500 · table ")
    assert "Game saved. Resume with:" in script.stdout
    assert script.exit_code == 0

    with at_prompt("\x04") as screen:
        person = rummy("join", invite, env=environment(tty=True))
    said = " ".join(screen.text.split())
    assert said.startswith("rummy500 · table ") and "P0>" in said
    assert person.exit_code == 0
