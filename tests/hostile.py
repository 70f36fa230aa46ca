"""Hostile input for the hardening tests and the fuzzers: logs edited as a forger would
(the sequence numbers and hash chain rebuilt), and runs of the command line that must end
in one line, never in a traceback, an "internal error" or a hang.

`run` drives the real command group in-process (click's CliRunner) under an alarm: a
command still running after its time is a hang, stopped and reported as such.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from rummy500_cli.cli.main import main
from rummy500_cli.records.log import line_hash
from rummy500_cli.render.style import CODES

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
SAMPLES = sorted(REPLAYS.glob("*.jsonl"))
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Control characters that must never reach a terminal raw (the newline aside)."""


class Hang(Exception):
    """A command that did not end in its time."""


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Raise Hang in the main thread if the block runs longer than `seconds`."""

    def ring(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


INTERNAL = re.compile(r'(^|rummy500: |error: |"message": ?")internal error: ', re.M)


@dataclass
class Outcome:
    """How one command ended."""

    code: int | None
    stdout: str
    stderr: str
    traceback: str | None = None
    """The exception that escaped the command, if one did."""
    hung: bool = False

    @property
    def internal(self) -> bool:
        """The program's own "internal error: ..." report (a line of stderr, or a message
        of the game's output), not those words inside a page that documents it."""
        return INTERNAL.search(self.stderr) is not None or INTERNAL.search(self.stdout) is not None

    @property
    def sound(self) -> bool:
        """No traceback, no internal error, no hang: the command ended as designed."""
        return self.traceback is None and not self.internal and not self.hung

    def describe(self) -> str:
        return (
            f"exit {self.code}, hung {self.hung}, traceback {self.traceback!r}\n"
            f"stdout: {self.stdout[-800:]!r}\nstderr: {self.stderr[-800:]!r}"
        )


def run(
    args: Sequence[object],
    input: str | bytes | None = None,
    timeout: float = 20.0,
    color: bool = False,
) -> Outcome:
    """`rummy500 ARGS` in-process, with `input` on stdin."""
    runner = CliRunner()
    try:
        with alarm(timeout):
            result = runner.invoke(
                main, [str(a) for a in args], input=input, prog_name="rummy500", color=color
            )
    except Hang:
        return Outcome(None, "", "", hung=True)
    escaped = result.exception
    traceback = None
    if escaped is not None and not isinstance(escaped, SystemExit):
        traceback = f"{type(escaped).__name__}: {escaped}"
        if isinstance(escaped, Hang):
            return Outcome(None, result.stdout, result.stderr, hung=True)
    return Outcome(result.exit_code, result.stdout, result.stderr, traceback)


def one_line_error(outcome: Outcome, *needles: str) -> str:
    """Exit 1 and exactly one line on stderr, `rummy500: ...`, holding the needles."""
    assert outcome.sound, outcome.describe()
    assert outcome.code == 1, outcome.describe()
    lines = [line for line in outcome.stderr.splitlines() if not line.startswith("warning: ")]
    assert len(lines) == 1, outcome.describe()
    assert lines[0].startswith("rummy500: "), outcome.describe()
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def raw_controls(text: str, color: bool = False) -> list[str]:
    """The control characters in output text that were not escaped (the newline, and
    with colour the style's own codes, are fine)."""
    if color:
        for code in CODES:
            text = text.replace(code, "")
    return CONTROL.findall(text)


# --- Logs edited by a forger ----------------------------------------------------------


def entries(path: Path) -> list[dict]:
    """The lines of a log as JSON objects."""
    return [json.loads(line) for line in path.read_bytes().splitlines()]


def encode(items: Sequence[dict], rechain: bool = True) -> bytes:
    """Lines back to bytes; with `rechain`, the sequence and hash chain rebuilt, as a
    forger would, so that only the audit can tell."""
    out = []
    prev = ""
    for seq, item in enumerate(items):
        if rechain:
            item = {**item, "seq": seq, "prev": prev}
        line = json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode()
        out.append(line)
        prev = line_hash(line)
    return b"\n".join(out) + b"\n"


def first(items: Sequence[dict], kind: str, start: int = 0) -> int:
    """The index of the first line of this event type at or after `start`."""
    return next(i for i, e in enumerate(items) if i >= start and e["event"]["type"] == kind)
