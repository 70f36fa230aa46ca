"""`--bind` names an address: an empty one (which would listen on every interface
unasked) or text that is no address is a usage error, and nothing listens."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import main


@pytest.mark.parametrize("command", ["serve", "host"])
@pytest.mark.parametrize(
    ("bind", "words"),
    [("", "give an address"), ("  ", "give an address"), ("a\x1bb", "is not an address")],
)
def test_an_address_that_is_none_is_refused(command: str, bind: str, words: str) -> None:
    result = CliRunner().invoke(main, [command, "--bind", bind])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "\x1b" not in result.output


def _serving_port(env: dict[str, str]) -> int:
    import re
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "rummy500_cli", "serve", "--lifetime", "0.5"],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = re.search(r"Serving on 127\.0\.0\.1:(\d+)", done.stdout)
    assert found, done.stdout
    return int(found.group(1))


def test_a_restart_without_port_listens_where_the_last_run_did() -> None:
    """After a crash, the invites the players hold name the old port: a server started
    again without --port listens there, or, if it is taken, on a new one."""
    import os
    import socket

    env = dict(os.environ)
    first = _serving_port(env)
    assert _serving_port(env) == first
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", first))
        taken.listen()
        other = _serving_port(env)
    assert other != first
    assert _serving_port(env) == other  # the port last listened on is remembered


def test_a_host_refused_after_its_server_started_leaves_no_thread() -> None:
    """`host` starts its server's loop in a thread before it reads the table's options:
    one refused there (seat 0 given to a bot) stops that loop and its workers too, and
    listens no more; before, the loop ran on in the process for good."""
    import threading

    before = set(threading.enumerate())
    result = CliRunner().invoke(main, ["host", "--port", "0", "--seat", "0=bot:random"])
    assert result.exit_code == 2, result.output
    assert "seat 0 is yours" in result.output
    assert set(threading.enumerate()) - before == set()
