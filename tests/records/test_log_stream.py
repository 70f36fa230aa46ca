"""The stream reader (`records.stream.LogStream`) reads what the whole reader
(`records.log.read_log`) reads, and refuses what it refuses with the same words: the
same events, warnings, line count, last hash and intact size, or the same LogError."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.errors import LogError
from rummy500_cli.records.log import MAX_LINE, encode_log, line_hash, read_log
from rummy500_cli.records.stream import LogStream
from rummy500_cli.variants import make_rules


@pytest.fixture(scope="module")
def log_bytes() -> bytes:
    _, events = bot_game(2, make_rules({"max_rounds": 1}), seed=5)
    return encode_log(events[:40])


def outcome_whole(path: Path) -> tuple:
    try:
        data = read_log(path)
    except LogError as error:
        return ("refused", str(error))
    return ("read", data.events, data.warnings, len(data.lines), data.last_hash, data.good_size)


def outcome_stream(path: Path) -> tuple:
    stream = LogStream(path)
    try:
        events = list(stream)
    except LogError as error:
        return ("refused", str(error))
    assert stream.ended
    return ("read", events, stream.warnings, stream.lines, stream.last_hash, stream.good_size)


def same(tmp_path: Path, data: bytes) -> tuple:
    path = tmp_path / "g.jsonl"
    path.write_bytes(data)
    whole = outcome_whole(path)
    assert outcome_stream(path) == whole
    return whole


def rechained(lines: list[bytes]) -> bytes:
    """Lines with every `prev` set again: an edit that keeps the hash chain whole."""
    out, prev = [], ""
    for line in lines:
        entry = json.loads(line)
        entry["prev"] = prev
        text = json.dumps(entry, separators=(",", ":")).encode()
        out.append(text)
        prev = line_hash(text)
    return b"".join(line + b"\n" for line in out)


def test_a_sound_log_reads_the_same(tmp_path: Path, log_bytes: bytes) -> None:
    kind, events, warnings, *_ = same(tmp_path, log_bytes)
    assert kind == "read" and len(events) == 40 and warnings == []


@pytest.mark.parametrize("tail", [b"\n", b"\n \n\t\n", b'{"seq": 40, "ev', b"\n\n{", b" ", b"\r\n"])
def test_blank_lines_and_torn_tails_read_the_same(tmp_path: Path, log_bytes: bytes, tail) -> None:
    same(tmp_path, log_bytes + tail)


def test_a_tampered_line_is_refused_with_the_same_words(tmp_path: Path, log_bytes: bytes) -> None:
    lines = log_bytes.splitlines()
    lines[7] = lines[7].replace(b'"seat":0', b'"seat":1', 1).replace(b'"seat":1', b'"seat":0', 1)
    edited = bytearray(log_bytes)
    at = log_bytes.index(lines[9]) + 20  # a byte in the middle of line 10
    edited[at] = ord("7") if edited[at] != ord("7") else ord("8")
    kind, message = same(tmp_path, bytes(edited))
    assert kind == "refused" and message.startswith(f"{tmp_path / 'g.jsonl'}:1")


@pytest.mark.parametrize(
    "change",
    ["drop", "swap", "blank", "duplicate", "crlf", "header-only-bad", "second-header", "newer"],
)
def test_each_kind_of_fault_is_refused_alike(tmp_path: Path, log_bytes: bytes, change) -> None:
    lines = log_bytes.splitlines()
    if change == "drop":
        del lines[12]
    elif change == "swap":
        lines[5], lines[6] = lines[6], lines[5]
    elif change == "blank":
        lines.insert(8, b"  ")
    elif change == "duplicate":
        lines.insert(8, lines[8])
    elif change == "crlf":
        lines = [line + b"\r" for line in lines]
    elif change == "header-only-bad":
        lines[0] = b"hello"
    elif change == "second-header":
        second = json.loads(lines[0])
        second["seq"] = 3
        lines[3] = json.dumps(second, separators=(",", ":")).encode()
        lines = rechained(lines).splitlines()
    elif change == "newer":
        header = json.loads(lines[0])
        header["event"]["format"] = 999
        lines[0] = json.dumps(header, separators=(",", ":")).encode()
    kind, _message = same(tmp_path, b"".join(line + b"\n" for line in lines))
    assert kind == "refused"


@pytest.mark.parametrize("data", [b"", b"\n \n", b"hello", b"hello\n", b"\nhello\n"])
def test_files_that_are_not_logs_are_refused_alike(tmp_path: Path, data: bytes) -> None:
    assert same(tmp_path, data)[0] == "refused"


@pytest.mark.parametrize("at", [1, 4, -1])
def test_a_line_too_long_is_named_first_alike(tmp_path: Path, log_bytes: bytes, at: int) -> None:
    """A line longer than any log line is named before any other fault, earlier or
    later in the file, by both readers."""
    lines = log_bytes.splitlines()[:8]
    entry = json.loads(lines[at])
    entry["padding"] = "x" * MAX_LINE
    lines[at] = json.dumps(entry, separators=(",", ":")).encode()
    data = rechained(lines)
    broken = data.replace(b'"seq":2', b'"seq":9', 1)  # a fault before it (or at it)
    for tampered in (data, data + b"x" * (MAX_LINE + 1), broken, data.replace(b"\n", b"\r\n")):
        assert "a line of" in same(tmp_path, tampered)[1]


def test_random_edits_are_refused_or_read_alike(tmp_path: Path, log_bytes: bytes) -> None:
    """Seeded random edits (a byte changed, a line dropped or cut): the same outcome."""
    rng = random.Random(31)
    for _ in range(60):
        data = bytearray(log_bytes)
        what = rng.randrange(3)
        if what == 0:
            data[rng.randrange(len(data))] = rng.choice(b'{}":,0123456789abc \n')
        elif what == 1:
            lines = bytes(data).splitlines(keepends=True)
            del lines[rng.randrange(len(lines))]
            data = bytearray(b"".join(lines))
        else:
            del data[rng.randrange(len(data)) :]
        same(tmp_path, bytes(data))
