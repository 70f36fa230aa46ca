"""The tutor's question at the real prompt (prompt-toolkit in a pseudo-terminal).

Seed t1 against the strong bot: after `draw`, `discard 3H` is a mistake by the judge
(tests/tutor/test_tutor_cli.py). Enter alone answers no: the move is not played and the
prompt asks again; y plays it. The log's header says the game was tutored.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import time

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)
pexpect = pytest.importorskip("pexpect")

from pty_helpers import command, expect_prompt, finish, plain  # noqa: E402

from rummy500_cli.events import Discarded  # noqa: E402
from rummy500_cli.records.log import read_log  # noqa: E402

TIMEOUT = 20


def test_the_tutor_asks_before_a_mistake_at_the_prompt(tmp_path) -> None:
    env = dict(os.environ)
    env.update(
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",
        NO_COLOR="1",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    save = tmp_path / "game.jsonl"
    line = (
        f"play --seed t1 --name Ana --bots strong --pace 0 --tutor --save {shlex.quote(str(save))}"
    )
    program, *rest = command() + shlex.split(line)
    child = pexpect.spawn(
        program, rest, env=env, dimensions=(40, 160), encoding="utf-8", timeout=TIMEOUT
    )
    try:
        expect_prompt(child)
        child.send("draw\r")
        expect_prompt(child)
        time.sleep(3)  # the player reads the table: the tutor weighs meanwhile
        started = time.monotonic()
        child.send("discard 3H\r")
        child.expect(r"Play it anyway\? \[y/N\]")
        answered = time.monotonic() - started
        asked = plain(child.before)
        assert "discard 3♥: about 14 points worse than meld 10♥ J♥ Q♥" in asked
        assert re.search(r"9% less chance to win, 8%-11%: a mistake", asked)
        assert answered < 5  # (the figures: tests/benchmarks/tutor.py)
        child.send("\r")  # Enter: no
        child.expect("Not played: your move")
        expect_prompt(child)
        child.send("discard 3H\r")
        child.expect(r"Play it anyway\? \[y/N\]")
        child.send("y\r")
        child.expect("You discard 3♥")
        expect_prompt(child)
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    events = read_log(save).events
    assert events[0].tutored is True
    assert [e.card for e in events if isinstance(e, Discarded) and e.seat == 0] == ["3H"]
