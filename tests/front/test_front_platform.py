"""The program on odd platforms: an output encoding without the suit symbols, a dumb
terminal, a HOME that does not exist, and a simulation killed mid-run."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
TWO = ROOT / "replays" / "two-players.jsonl"


def program() -> list[str]:
    script = Path(sys.executable).parent / "rummy500"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rummy500_cli"]


def run(args: list[str], **env: str) -> subprocess.CompletedProcess[bytes]:
    values = dict(os.environ, MANPAGER="cat", PAGER="cat", **env)
    return subprocess.run(program() + args, env=values, capture_output=True, timeout=120)


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
@pytest.mark.parametrize(
    "args",
    [["export", str(TWO)], ["rules", "--full"], ["man"], ["replay", str(TWO)]],
    ids=["export", "rules", "man", "replay"],
)
def test_an_output_encoding_without_the_symbols_gets_look_alikes(encoding, args) -> None:
    done = run(args, PYTHONIOENCODING=encoding)
    assert done.returncode == 0, done.stderr.decode(encoding, "replace")
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr
    assert len(done.stdout) > 200
    if encoding == "latin-1":  # (for ascii, click itself writes UTF-8 instead)
        assert "♠".encode()[:2] not in done.stdout  # no UTF-8 symbol slipped through
    if args[0] == "export":  # cards in letters
        assert re.search(rb"\b(10|[2-9JQKA])[SHDC]\b", done.stdout)


def test_a_dumb_terminal_gets_no_bold_or_dim(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="dumb", PROMPT_TOOLKIT_NO_CPR="1")
    words = program()
    child = pexpect.spawn(
        words[0], [*words[1:], "play", "--seed", "1", "--name", "Ana", "--pace", "0",
                   "--save", str(tmp_path / "g.jsonl")],
        env=env, encoding="utf-8", timeout=15, dimensions=(24, 80),
    )  # fmt: skip
    try:
        child.expect("Ana>")
        shown = child.before
        child.sendline("quit")
        child.expect(pexpect.EOF)
        shown += child.before
    finally:
        child.close(force=True)
    assert "Hand (Ana, 13)" in shown
    attributes = set(re.findall(r"\x1b\[[0-9;]*m", shown)) - {"\x1b[0m"}
    assert attributes == set(), attributes


def test_a_missing_home_is_not_created_when_nothing_is_saved(tmp_path: Path) -> None:
    home = tmp_path / "gone"
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["HOME"] = str(home)
    done = subprocess.run(
        [*program(), "play", "-q"], env=env, stdin=subprocess.DEVNULL, capture_output=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert b"nothing is saved" in done.stdout
    assert not home.exists()


def workers_of(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(word) for word in children.read_text().split()] if children.exists() else []


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its exit status is left


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["TERM", "KILL"])
def test_killing_simulate_stops_its_workers_at_once_and_quietly(tmp_path, sig) -> None:
    args = ["simulate", "--games", "400", "--jobs", "2", "--bots", "greedy"]
    err = tmp_path / "err.txt"
    with err.open("wb") as sink:
        parent = subprocess.Popen(program() + args, stdout=subprocess.DEVNULL, stderr=sink)
        try:
            deadline = time.monotonic() + 30
            while len(workers_of(parent.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            workers = workers_of(parent.pid)
            assert len(workers) == 2
            time.sleep(0.3)  # in the middle of games
            parent.send_signal(sig)
            parent.wait(timeout=10)
            killed = time.monotonic()
            while any(running(pid) for pid in workers) and time.monotonic() < killed + 5:
                time.sleep(0.02)
            assert not any(running(pid) for pid in workers)
            assert time.monotonic() - killed < 0.5
        finally:
            parent.kill()
            parent.wait()
    time.sleep(0.5)  # a worker that lived on would write its traceback by now
    said = err.read_text()
    assert "Traceback" not in said and "BrokenPipeError" not in said, said
    if sig == signal.SIGTERM:
        assert said.startswith("rummy500: interrupted after "), said
