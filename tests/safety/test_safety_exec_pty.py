"""The "Run it?" question at a real 80x24 terminal: a command padded with 4,000 spaces
(whose head, `sh -c ...`, scrolled off and left `rummy500 example-bot` in view) is not
asked about at all; zero-width and bidi characters are written out; the program comes
first, on a line of its own."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)
pexpect = pytest.importorskip("pexpect")

from pty_helpers import command, env, finish, plain  # noqa: E402, F401

from rummy500_cli.records.log import encode_log  # noqa: E402


def shared_log(path: Path, kind: str) -> bytes:
    """A two-player game whose seat 1 is the program `kind`, as a stranger's log."""
    from helpers import opening

    events = opening(["2S 5H 9S JC 10H 4S", "3C 4D 6S 8S 10D QS"], "7C", "KD QD JD")
    header = events[0]
    fields = {f: getattr(header, f) for f in header.__struct_fields__}
    events[0] = type(header)(**{**fields, "players": ("Ana", "Bob"), "seats": ("human", kind)})
    data = encode_log(events)
    path.write_bytes(data)
    return data


def spawn_80x24(args: list[str], values: dict[str, str]):
    program, *rest = command() + args
    return pexpect.spawn(
        program, rest, env=values, dimensions=(24, 80), encoding="utf-8", timeout=15
    )


def test_a_padded_command_is_refused_not_asked(tmp_path: Path, env) -> None:  # noqa: F811
    marker = tmp_path / "ran"
    hidden = f"sh -c 'touch {marker}'" + " " * 4000 + "rummy500 example-bot"
    log = tmp_path / "x.jsonl"
    before = shared_log(log, f"exec:{hidden}")
    child = spawn_80x24(["resume", str(log), "--pace", "0"], env)
    try:
        child.expect(r"it is not run: its command is (\d+) characters long")
        assert int(child.match.group(1)) == len(hidden)
        child.sendline("y")  # a reflex answer reaches no question
        child.expect(r"runs only if you say so")
        assert finish(child) == 1
        assert "Run it?" not in plain(child.before)
    finally:
        child.close(force=True)
    assert not marker.exists()
    assert log.read_bytes() == before


def test_invisible_characters_are_shown_and_the_program_comes_first(tmp_path: Path, env) -> None:  # noqa: F811
    log = tmp_path / "x.jsonl"
    before = shared_log(log, "exec:rummy500 example\u200b-bot \u2060\u202e--fast")
    child = spawn_80x24(["resume", str(log), "--pace", "0"], env)
    try:
        child.expect(r"It would run:")
        child.expect(r"Run it\? \[y/N\]")
        shown = [line.strip() for line in plain(child.before).splitlines() if line.strip()]
        assert shown == [
            "program:  “rummy500”  (this rummy500)",
            "argument 1: “example\\u200b-bot”",
            "argument 2: “\\u2060\\u202e--fast”",
        ]
        child.sendline("n")
        child.expect(r"runs only if you say so")
        assert finish(child) == 1
    finally:
        child.close(force=True)
    assert log.read_bytes() == before
