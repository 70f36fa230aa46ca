"""Hostile input for the hardening tests and the fuzzers: logs edited as a forger would
(the sequence numbers and hash chain rebuilt), mutated at random (`mutated_logs`, which
the glance of tests/fast/ is held to as well), and runs of the command line that must end
in one line, never in a traceback, an "internal error" or a hang.

`run` drives the real command group in-process (click's CliRunner) under an alarm: a
command still running after its time is a hang, stopped and reported as such.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner
from hypothesis import strategies as st

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
    """Raise Hang in the main thread if the block runs longer than `seconds`; an alarm
    set around it (conftest's hang limit) is set again after it, for the time it had left."""

    def ring(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, ring)
    started = time.monotonic()
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            left = outer - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


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


# --- Hostile values and mutated logs, as hypothesis strategies (the fuzzers; the glance) ---

WORDS = [
    "draw", "d", "take", "t", "meld", "m", "lay", "l", "discard", "x", "upcard", "pass", "p",
    "rum", "power", "block", "wild", "double", "split", "low", "high", "ace", "hint", "hand",
    "table", "?", "pile", "melds", "score", "rules", "log", "sort", "rank", "suit", "help",
    "ping", "on", "#1", "m2", "#", "q", "undo", "u",
]  # fmt: skip
CARDS = [
    "7H", "10S", "TS", "AH", "KC", "QD", "2C", "JK", "joker", "*", "7♥", "10♠", "🃏", "ZZ",
    "1H", "11S", "²H", "٣C", "0D", "H", "10", "7h", "a♣", "7H7S",
]  # fmt: skip
NUMBERS = ["0", "1", "2", "3", "-1", "99", "²", "٣", "1e3", "9" * 30, "9" * 5000, "0x10"]
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.sampled_from(CARDS + NUMBERS + WORDS)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def deep(depth: int, opener: str = "[", closer: str = "]") -> str:
    return opener * depth + closer * depth


def base_log(sample: int, cut: int) -> bytes:
    """A prefix of a sample log (at most 90 lines), seat 0 a person, chain rebuilt: a
    sound unfinished game, small enough to analyse at once."""
    items = entries(SAMPLES[sample % len(SAMPLES)])
    items = items[: max(1, min(len(items), 3 + cut % 88))]
    header = items[0]["event"]
    players = len(header["players"])
    header["seats"] = ["human"] + ["bot:random"] * (players - 1)
    return encode(items)


def _json_edit(data: bytes, draw) -> bytes:
    """Edit one event as a forger would, then (mostly) rebuild the chain."""
    items = [json.loads(line) for line in data.splitlines()] or [{}]
    items = [item if isinstance(item, dict) else {"event": item} for item in items]
    index = draw(st.integers(0, len(items) - 1))
    kind = draw(
        st.sampled_from(
            ["field", "type", "delete", "duplicate", "swap", "drop-key", "takeback", "seat"]
        )
    )
    if not isinstance(items[index], dict) or not isinstance(items[index].get("event"), dict):
        items[index] = {"event": {"type": "nope"}}
    event = items[index]["event"]
    if kind == "field":
        key = draw(st.sampled_from(sorted(event) or ["type"]))
        event[key] = draw(json_values | st.sampled_from([*CARDS, 9**30, -1, 99, [], {}]))
    elif kind == "type":
        event["type"] = draw(st.sampled_from([*TYPES, "nope", ""]))
    elif kind == "delete" and len(items) > 1:
        del items[index]
    elif kind == "duplicate":
        items.insert(index, json.loads(json.dumps(items[index])))
    elif kind == "swap" and len(items) > 1:
        other = draw(st.integers(0, len(items) - 1))
        items[index], items[other] = items[other], items[index]
    elif kind == "drop-key" and event:
        event.pop(draw(st.sampled_from(sorted(event))))
    elif kind == "takeback":  # to any earlier point, allowed or not, by any seat
        to = draw(st.integers(-1, index + 1))
        seat = draw(st.integers(-1, 4))
        items.insert(index, {"event": {"type": "taken_back", "seat": seat, "to": to}})
    elif kind == "seat":
        change = {"type": "seat_changed", "seat": draw(st.integers(-1, 4))}
        change["kind"] = draw(st.sampled_from(["human", "bot:strong", "bot:nope", "exe:x", ""]))
        items.insert(index, {"event": change})
    header = items[0].get("event", {})
    if isinstance(header, dict) and isinstance(header.get("seats"), list):
        # never a program to run: a log that asks for one is its own test (resume runs it)
        header["seats"] = [str(seat).replace("exec", "exe") for seat in header["seats"]]
    return encode(items, rechain=draw(st.integers(0, 9)) > 0)


TYPES = [
    "game_started", "dealer_drawn", "round_dealt", "stock_drawn", "pile_taken", "melded",
    "laid_off", "discarded", "round_ended", "game_ended", "window_opened", "passed",
    "rum_called", "power_named", "joker_blocked", "upcard_chosen", "stock_rebuilt",
    "draw_skipped", "taken_back", "seat_changed",
]  # fmt: skip


@st.composite
def mutated_logs(draw) -> bytes:
    data = base_log(draw(st.integers(0, 100)), draw(st.integers(0, 1000)))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                [
                    "flip",
                    "truncate",
                    "insert",
                    "utf8",
                    "huge",
                    "deep",
                    "json",
                    "json",
                    "json",
                    "crlf",
                    "blank",
                ]
            )
        )
        if not data:
            data = b"\n"
        at = draw(st.integers(0, len(data)))
        if kind == "flip":
            position = min(at, len(data) - 1)
            bit = 1 << draw(st.integers(0, 7))
            data = data[:position] + bytes([data[position] ^ bit]) + data[position + 1 :]
        elif kind == "truncate":
            data = data[:at]
        elif kind == "insert":
            data = data[:at] + draw(st.binary(min_size=1, max_size=20)) + data[at:]
        elif kind == "utf8":
            data = (
                data[:at]
                + draw(st.sampled_from([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80"]))
                + data[at:]
            )
        elif kind == "huge":
            size = draw(st.sampled_from([10_000, 1 << 20, (1 << 20) + 10]))
            data = data[:at] + b'{"seq":1,"x":"' + b"a" * size + b'"}\n' + data[at:]
        elif kind == "deep":
            depth = draw(st.integers(10, 200_000))
            data = data[:at] + deep(depth).encode() + data[at:]
        elif kind == "json":
            with contextlib.suppress(ValueError, UnicodeDecodeError, RecursionError):
                data = _json_edit(data, draw)  # (not JSON lines any more: left as it is)
        elif kind == "crlf":
            data = data.replace(b"\n", b"\r\n")
        elif kind == "blank":
            data = data[:at] + b"\n\n" + data[at:]
    return data
