"""One nesting limit on every Python: a JSON line from outside that nests deeper than
MAX_DEPTH is refused as too deep, whether or not this Python's decoder would have run
out of recursion (3.11 did at about 1,000 levels, 3.12 and later do not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy500_cli.errors import LogError, ParseError
from rummy500_cli.nesting import MAX_DEPTH, too_deep
from rummy500_cli.protocol import Ping, read_input
from rummy500_cli.records.log import read_log

DEEP = MAX_DEPTH + 1


def test_too_deep_counts_brackets_outside_strings() -> None:
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert too_deep("[" * DEEP + "]" * DEEP)
    assert too_deep(b'{"a":' * DEEP + b"1" + b"}" * DEEP)
    assert not too_deep('{"id":"' + "[" * 500 + '"}')  # inside a string
    assert not too_deep('{"id":"\\"' + "[" * 500 + '"}')  # an escaped quote stays inside
    assert too_deep('{"id":"\\\\",' + '"x":' + "[" * DEEP + "]" * DEEP + "}")


@pytest.mark.parametrize(
    "line",
    [
        '{"a":' * DEEP + "1" + "}" * DEEP,
        '{"type":"ping","id":' + "[" * DEEP + "]" * DEEP + "}",
        '{"action":"discard","card":' + "[" * DEEP + "]" * DEEP + "}",
    ],
    ids=["object", "ping", "action"],
)
def test_a_message_nested_past_the_limit_is_refused_as_too_deep(line: str) -> None:
    with pytest.raises(ParseError, match="nested too deeply"):
        read_input(line)


def test_a_ping_of_ordinary_depth_is_answered() -> None:
    assert read_input('{"type":"ping","id":[1,{"a":[2]}]}') == Ping([1, {"a": [2]}])


def test_a_log_line_nested_past_the_limit_is_refused_as_too_deep(tmp_path: Path) -> None:
    first = (Path(__file__).parents[2] / "replays" / "two-players.jsonl").read_bytes()
    header = first.splitlines(keepends=True)[0]
    deep = tmp_path / "deep.jsonl"
    deep.write_bytes(header + b'{"seq":1,"x":' + b"[" * DEEP + b"]" * DEEP + b"}\n")
    with pytest.raises(LogError, match=r"deep.jsonl:2: JSON nested too deeply"):
        read_log(deep)
    top = tmp_path / "top.jsonl"
    top.write_bytes(b'{"seq":0,"event":' + b"[" * DEEP + b"]" * DEEP + b"}\n")
    with pytest.raises(LogError, match=r"top.jsonl:1: JSON nested too deeply"):
        read_log(top)
