"""A game killed with SIGKILL in the middle: every move that was acknowledged on stdout is
in the log, the lock dies with the process so `rummy500 resume` reopens the game, and a
torn last line (a write cut short) is dropped with a warning while the game goes on.

The game runs as a real subprocess fed through a pipe, one command at a time, each sent
only after the previous one was answered, as a slow player or a driving program would.
"""

from __future__ import annotations

import os
import queue
import re
import shlex
import signal
import subprocess
import sys
import threading
import time

import pytest

from rummy500_cli.events import Discarded, StockDrawn
from rummy500_cli.records.log import load_state, read_log
from rummy500_cli.render.narrate import Narrator
from rummy500_cli.render.style import Style

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

TIMEOUT = 20
RUMMY = [sys.executable, "-m", "rummy500_cli.cli.main"]
TABLE_PREFIXES = ("Ana to ", "Pile ", "Melds", "  #", "Others", "Hand ")


@pytest.fixture
def env(tmp_path):
    values = dict(os.environ)
    values.update(XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"))
    values.pop("NO_COLOR", None)
    return values


class Game:
    """A rummy500 process with a pipe on each side and a thread reading its stdout."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            RUMMY + args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def wait_for(self, pattern: str) -> re.Match[str]:
        """Read stdout up to the first line matching pattern."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line is None:
                raise AssertionError(f"rummy500 ended before {pattern!r}: {self.seen[-10:]}")
            self.seen.append(line)
            match = re.fullmatch(pattern, line)
            if match:
                return match

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=TIMEOUT)
        assert self.process.returncode == -signal.SIGKILL


def narration(path) -> list[str]:
    """The log's events told as Ana's screen tells them (ASCII cards)."""
    events = read_log(path).events
    state = load_state(events[:1])
    narrator = Narrator(Style(ascii=True), viewer=0)
    told = []
    for event in events[1:]:
        state.apply(event)
        told.extend(narrator.feed(event, state))
    return told


def is_narration(line: str) -> bool:
    scoreline = re.match(r"Round \d+ \| ", line)  # the table's first line (ASCII)
    return bool(line) and not scoreline and not line.startswith(TABLE_PREFIXES)


def resume(path, env, moves: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RUMMY, "resume", str(path), "--ascii", "-q", *extra],
        input=moves,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=TIMEOUT,
    )


def next_moves(path) -> str:
    """A turn's worth of commands from wherever the saved game stands: draw and discard
    the drawn card, or just the discard when the draw is already made."""
    state = load_state(read_log(path).events)
    assert not state.over
    if state.phase == "draw":
        return "draw\n"
    return f"discard {state.hands[state.to_move][-1].ascii}\n"


def test_sigkill_loses_no_acknowledged_move_and_resume_goes_on(tmp_path, env):
    save = tmp_path / "game.jsonl"
    options = f"--seed 7 --name Ana --seat 1=random --ascii -q --save {shlex.quote(str(save))}"
    game = Game(["play", *shlex.split(options)], env)
    acknowledged: list[tuple[str, str]] = []
    try:
        game.wait_for(r"Hand \(Ana, 13\): .*")
        for _turn in range(4):
            game.send("draw")
            card = game.wait_for(r"You draw (\S+) from the stock\.").group(1)
            acknowledged.append(("draw", card))
            game.wait_for(r"Hand \(Ana, 14\): .*")
            game.send(f"discard {card}")
            game.wait_for(rf"You discard {re.escape(card)}\.")
            acknowledged.append(("discard", card))
            game.wait_for(r"Hand \(Ana, \d+\): .*")  # the bot has moved: Ana's turn again
        game.send("draw")  # and kill it while this move may be half done
    finally:
        game.kill()

    data = read_log(save)
    events = data.events
    logged = [
        ("draw", e.cards[0]) if isinstance(e, StockDrawn) else ("discard", e.card)
        for e in events
        if isinstance(e, StockDrawn | Discarded) and e.seat == 0
    ]
    assert logged[: len(acknowledged)] == acknowledged
    assert len(logged) in (len(acknowledged), len(acknowledged) + 1)
    printed = [line for line in game.seen if is_narration(line)]
    assert len(printed) >= 8 + 4  # Ana's 8 moves and at least a draw and a discard a bot turn
    assert narration(save)[: len(printed)] == printed  # every line shown is in the log
    # A kill cannot cut one write() of a regular file, but should it ever tear the move in
    # flight, that is the one case allowed (and tested below).
    assert all("dropped a torn last line" in warning for warning in data.warnings)

    # The lock died with the process: resume opens the game and plays on.
    before = len(events)
    moves = next_moves(save)
    result = resume(save, env, moves)
    assert result.returncode == 0, result.stderr
    assert len(result.stderr.splitlines()) == len(data.warnings)
    assert ("You draw " if moves == "draw\n" else "You discard ") in result.stdout
    assert result.stdout.splitlines()[-1] == f"Game saved. Resume with: rummy500 resume {save}"
    after = read_log(save)
    assert after.warnings == []
    assert after.events[:before] == events
    played = after.events[before]  # Ana's move, then the bot's turn if she discarded
    assert played.seat == 0
    assert isinstance(played, StockDrawn if moves == "draw\n" else Discarded)


def test_torn_last_line_is_dropped_with_a_warning(tmp_path, env):
    save = tmp_path / "game.jsonl"
    started = subprocess.run(
        [*RUMMY, "play", "--seed", "7", "--name", "Ana", "-q", "--save", str(save)],
        input="draw\ndiscard 8D\ndraw\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
    )
    assert started.returncode == 0, started.stderr
    whole = read_log(save)
    good_lines = len(whole.lines)
    good_bytes = save.read_bytes()
    torn = whole.lines[-1][: len(whole.lines[-1]) // 2]  # half a line, no newline
    with open(save, "ab") as handle:
        handle.write(torn)

    moves = next_moves(save)
    result = resume(save, env, moves)
    assert result.returncode == 0, result.stderr
    (warning,) = result.stderr.splitlines()  # one line: which line was dropped, and why
    assert warning.startswith(f"warning: {save}:{good_lines + 1}: dropped a torn last line")
    assert warning.endswith(f"the game goes on from line {good_lines}")
    assert "You discard " in result.stdout  # the game went on from the line before
    after = read_log(save)
    assert after.warnings == []
    assert len(after.lines) > good_lines
    assert save.read_bytes().startswith(good_bytes + after.lines[good_lines] + b"\n")
    assert after.events[:good_lines] == whole.events
    assert isinstance(after.events[good_lines], Discarded)
