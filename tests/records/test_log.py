"""The log's failure cases: torn lines, edits, bad schema, newer formats, two writers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.errors import LogError
from rummy500_cli.events import FORMAT_VERSION, RoundDealt
from rummy500_cli.records.log import (
    MAX_LINE,
    encode_log,
    line_hash,
    load_state,
    parse_log,
    read_log,
)
from rummy500_cli.records.log_writer import LogWriter
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules


@pytest.fixture(scope="module")
def game_events():
    _, events = bot_game(2, make_rules({"max_rounds": 1}), seed=5)
    return events


def write(path: Path, events) -> Path:
    path.write_bytes(encode_log(events))
    return path


def test_a_written_log_reads_back_as_the_same_game(tmp_path: Path, game_events) -> None:
    path = tmp_path / "g.jsonl"
    with LogWriter.create(path, game_events[:3]) as writer:
        writer.append(game_events[3:])
    data = read_log(path)
    assert data.events == game_events
    assert data.warnings == []
    assert path.read_bytes() == encode_log(game_events)
    live = load_state(game_events)
    assert load_state(data.events).fingerprint() == live.fingerprint()


def test_every_line_is_one_json_object_with_seq_and_chain(tmp_path: Path, game_events) -> None:
    lines = encode_log(game_events).decode().splitlines()
    first = json.loads(lines[0])
    assert first["seq"] == 0 and first["prev"] == "" and first["event"]["type"] == "game_started"
    assert first["event"]["format"] == FORMAT_VERSION
    assert [json.loads(line)["seq"] for line in lines] == list(range(len(lines)))


def test_torn_last_line_is_dropped_and_cut_off_on_resume(tmp_path: Path, game_events) -> None:
    path = write(tmp_path / "g.jsonl", game_events[:10])
    whole = path.read_bytes()
    with path.open("ab") as handle:
        handle.write(b'{"seq":10,"event":{"type":"disc')
    data = read_log(path)
    assert data.events == game_events[:10]
    assert "torn last line" in data.warnings[0] and ":11:" in data.warnings[0]
    writer, resumed = LogWriter.resume(path)
    with writer:
        assert resumed.events == game_events[:10]
        assert path.read_bytes() == whole  # the torn tail is cut off
        writer.append(game_events[10:12])
    assert read_log(path).events == game_events[:12]


def test_an_edited_line_breaks_the_chain_at_the_next_line(tmp_path: Path, game_events) -> None:
    lines = encode_log(game_events).splitlines(keepends=True)
    target = next(i for i, line in enumerate(lines) if b'"discarded"' in line)
    card = json.loads(lines[target])["event"]["card"]
    other = "2C" if card != "2C" else "3C"
    lines[target] = lines[target].replace(f'"card":"{card}"'.encode(), f'"card":"{other}"'.encode())
    with pytest.raises(
        LogError, match=rf":{target + 2}: the hash chain is broken: line {target + 1}"
    ):
        parse_log(b"".join(lines), "g.jsonl")


@pytest.mark.parametrize("change", ["swap", "delete"])
def test_moved_or_removed_lines_are_detected(game_events, change: str) -> None:
    lines = encode_log(game_events).splitlines(keepends=True)
    if change == "swap":
        lines[5], lines[6] = lines[6], lines[5]
    else:
        del lines[5]
    with pytest.raises(LogError, match=r"g.jsonl:6: sequence number \d+ where 5 was due"):
        parse_log(b"".join(lines), "g.jsonl")


def test_a_line_against_the_schema_is_refused_with_its_number(game_events) -> None:
    lines = encode_log(game_events).splitlines(keepends=True)
    entry = json.loads(lines[4])
    entry["event"]["seat"] = "north"
    lines[4] = json.dumps(entry, separators=(",", ":")).encode() + b"\n"
    with pytest.raises(
        LogError, match=r"g.jsonl:5: Expected `int`, got `str` - at `\$.event.seat`"
    ):
        parse_log(b"".join(lines), "g.jsonl")


def test_an_unknown_event_type_is_refused(game_events) -> None:
    lines = encode_log(game_events).splitlines(keepends=True)
    lines[3] = lines[3].replace(b'"type":"', b'"type":"x', 1)
    with pytest.raises(LogError, match=r"g.jsonl:4: Invalid value"):
        parse_log(b"".join(lines), "g.jsonl")


def test_a_newer_format_is_refused_with_a_clear_message(game_events) -> None:
    lines = encode_log(game_events).splitlines(keepends=True)
    lines[0] = lines[0].replace(b'"format":1', b'"format":99')
    with pytest.raises(LogError, match=r"log format 99 by a newer rummy500.*upgrade"):
        parse_log(b"".join(lines), "g.jsonl")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "the file is empty"),
        (b"hello\n", "not JSON"),
        (b'{"seq":0,"event":{"type":"discarded"},"prev":""}\n', "not a game_started header"),
    ],
)
def test_files_that_are_not_logs(data: bytes, message: str) -> None:
    with pytest.raises(LogError, match=message):
        parse_log(data, "x.jsonl")


def _rechained(lines: list[bytes]) -> bytes:
    """Lines (without newlines) with every `prev` set again to the line before it: an
    edit that keeps the hash chain whole."""
    out, prev = [], ""
    for line in lines:
        entry = json.loads(line)
        entry["prev"] = prev
        text = json.dumps(entry, separators=(",", ":")).encode()
        out.append(text)
        prev = line_hash(text)
    return b"".join(line + b"\n" for line in out)


@pytest.mark.parametrize("at", [1, 4, -1])
def test_a_line_too_long_is_refused_even_when_it_decodes_and_chains(game_events, at) -> None:
    """The sound lines are read in one pass that looks at each line's length as it goes:
    a line longer than MAX_LINE is refused with its number, though it decodes (an
    unknown field) and the chain is whole, and whatever else is wrong with the log
    after it."""
    lines = encode_log(game_events[:8]).splitlines()
    entry = json.loads(lines[at])
    entry["padding"] = "x" * MAX_LINE  # unknown fields are tolerated: the line decodes
    lines[at] = json.dumps(entry, separators=(",", ":")).encode()
    number = at % len(lines) + 1
    data = _rechained(lines)
    for tampered in (data, data + b"x" * (MAX_LINE + 1), data.replace(b"\n", b"\r\n")):
        with pytest.raises(LogError, match=rf"g\.jsonl:{number}: a line of \d+ bytes"):
            parse_log(tampered, "g.jsonl")
    with pytest.raises(LogError, match=r"g\.jsonl:9: a line of"):  # a torn tail that long
        parse_log(encode_log(game_events[:8]) + b"y" * (MAX_LINE + 1), "g.jsonl")


def test_a_second_header_is_refused_though_it_chains(game_events) -> None:
    """A game_started line after the first, with its right sequence number and chain,
    is refused as a second header (the one-pass reading looks at each event's type)."""
    lines = encode_log(game_events[:6]).splitlines()
    second = json.loads(lines[0])
    second["seq"] = 3
    lines[3] = json.dumps(second, separators=(",", ":")).encode()
    with pytest.raises(LogError, match=r"g\.jsonl:4: a second game_started header"):
        parse_log(_rechained(lines), "g.jsonl")


def test_windows_line_endings_are_named(game_events) -> None:
    data = encode_log(game_events[:4]).replace(b"\n", b"\r\n")
    with pytest.raises(LogError, match="CR LF"):
        parse_log(data, "g.jsonl")


def test_blank_lines_at_the_end_are_harmless(tmp_path: Path, game_events) -> None:
    path = write(tmp_path / "g.jsonl", game_events[:6])
    with path.open("ab") as handle:
        handle.write(b"\n\n")
    writer, data = LogWriter.resume(path)
    with writer:
        assert data.events == game_events[:6]
        writer.append(game_events[6:8])
    assert read_log(path).events == game_events[:8]


@pytest.mark.parametrize("tail", [b"", b"\n", b"\n \n\t\n", b'{"seq": 6, "ev'])
def test_the_intact_size_is_the_kept_lines_with_their_newlines(game_events, tail: bytes) -> None:
    # blank lines at the end are dropped, and so is a torn tail (a line without its newline)
    whole = encode_log(game_events[:6])
    data = parse_log(whole + tail, "g.jsonl")
    assert data.events == game_events[:6]
    assert data.good_size == len(whole) == sum(len(line) + 1 for line in data.lines)


def test_a_second_writer_is_refused(tmp_path: Path, game_events) -> None:
    path = write(tmp_path / "g.jsonl", game_events[:6])
    writer, _ = LogWriter.resume(path)
    try:
        with pytest.raises(LogError, match="another rummy500 process has this game open"):
            LogWriter.resume(path)
    finally:
        writer.close()
    second, _ = LogWriter.resume(path)  # free again once the first has closed
    second.close()


def test_create_never_overwrites(tmp_path: Path, game_events) -> None:
    path = write(tmp_path / "g.jsonl", game_events[:3])
    with pytest.raises(LogError, match="a file is already there"):
        LogWriter.create(path, game_events[:3])
    assert path.read_bytes() == encode_log(game_events[:3])


FOLD_RULES = [
    ({}, 2),
    ({"rum_call": True, "out_of_turn": True, "opponents_hand": True}, 3),
    ({"stock_out": "reshuffle", "hand_size": 13}, 2),
    ({"variant": "jokers", "jokers_per_deck": 2}, 2),
    ({"variant": "partnership"}, 4),
    ({"variant": "persian", "jokers_per_deck": 4}, 4),
    ({"variant": "dealers_gambit", "jokers_per_deck": 2}, 3),
]


@pytest.mark.parametrize(("options", "players"), FOLD_RULES)
def test_the_fold_is_the_state_applied_event_by_event(options, players) -> None:
    """`fold` applies of the rounds before the last deal only what outlasts a deal (the
    totals, the first dealer): at every cut of a game of several rounds the state it
    makes is the one every event applied in turn makes."""
    rules = make_rules({"target": 10**6, "max_rounds": 4, **options})
    _, events = bot_game(players, rules, seed=11, levels=("random", "greedy"))
    state = fold(events[:1])
    deals = 0
    for cut in range(2, len(events) + 1):
        state.apply(events[cut - 1])
        deals += isinstance(events[cut - 1], RoundDealt)
        if deals > 1 and (cut % 7 == 0 or isinstance(events[cut - 1], RoundDealt)):
            assert fold(events[:cut]).fingerprint() == state.fingerprint(), cut
    assert deals >= 2
