"""The saved analysis read a line at a time (`analysis.sidecar_reader`, what `analyze`
reuses or goes on from) says what the whole reader (`sidecar.parse_sidecar`) says of any
file: the same header, summaries and decisions, or the same one-line error, over
sidecars hypothesis damages (60 in CI; lines dropped, repeated, swapped, cut, edited); and the
same staleness, its decisions walked beside the line played, for its own game, another
game's decisions under this header, and a seat the game does not have."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from helpers import discard_decisions
from hypothesis import given
from hypothesis import strategies as st

from rummy500_cli.analysis.figures import summary
from rummy500_cli.analysis.judge import Decision
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.analysis.sidecar import (
    Settings,
    encode_sidecar,
    parse_sidecar,
    read_sidecar,
    sidecar_path,
    staleness,
)
from rummy500_cli.analysis.sidecar_reader import MAX_LINE, open_saved
from rummy500_cli.errors import LogError
from rummy500_cli.records.checked import check_stream
from rummy500_cli.records.log import LogData, encode_log, read_log
from rummy500_cli.variants import make_rules

SETTINGS = Settings(think=100, seats=[0, 1], judge=1, model=1)


def game(folder: Path, seed: int) -> tuple[Path, LogData]:
    _, events = bot_game(2, make_rules({"target": 100}), seed=seed, levels=("greedy",))
    log = folder / f"game{seed}.jsonl"
    log.write_bytes(encode_log(events))
    return log, read_log(log)


def discards(data: LogData) -> list[Decision]:
    return discard_decisions(data.events, [0, 1])


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, LogData, list[bytes]]:
    """A game, and its sidecar's lines (whole: header, decisions, summaries)."""
    log, data = game(tmp_path_factory.mktemp("reader"), 3)
    marks = discards(data)
    whole = encode_sidecar(log, data, SETTINGS, marks, summary(marks, [0, 1]))
    return log, data, whole.splitlines(keepends=True)


def outcome_whole(path: Path) -> object:
    try:
        analysis = parse_sidecar(path.read_bytes(), path)
    except LogError as error:
        return str(error)
    return (analysis.header, analysis.players, analysis.decisions)


def outcome_stream(log: Path) -> object:
    try:
        saved = open_saved(log)
    except LogError as error:
        return str(error)
    assert saved is not None
    return (saved.header, saved.players, [*saved.decisions()])


def damaged(lines: list[bytes], draw: st.DrawFn) -> bytes:
    lines = list(lines)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "repeat", "swap", "cut", "edit", "blank", "stop"]))
        if how == "drop" and len(lines) > 1:
            del lines[where]
        elif how == "repeat":
            lines.insert(where, lines[where])
        elif how == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[where], lines[other] = lines[other], lines[where]
        elif how == "cut":
            line = lines[where]
            lines[where] = line[: draw(st.integers(0, len(line)))]
        elif how == "edit":
            line = lines[where]
            at = draw(st.integers(0, max(0, len(line) - 1)))
            byte = draw(st.sampled_from([b"1", b"9", b'"', b"}", b"\x1b", b" "]))
            lines[where] = line[:at] + byte + line[at + 1 :]
        elif how == "blank":
            lines.insert(where, b"  \n")
        elif how == "stop":  # marked stopped, its summaries kept or not
            lines[0] = lines[0].replace(b'"complete":true', b'"complete":false')
    return b"".join(lines)


@given(data=st.data())
def test_read_as_a_stream_or_whole_the_same(
    sample: tuple[Path, LogData, list[bytes]], data: st.DataObject
) -> None:
    log, _, lines = sample
    path = sidecar_path(log)
    path.write_bytes(damaged(lines, data.draw))
    assert outcome_stream(log) == outcome_whole(path)


def test_the_whole_sidecar_and_a_stopped_one(sample: tuple[Path, LogData, list[bytes]]) -> None:
    log, data, lines = sample
    path = sidecar_path(log)
    path.write_bytes(b"".join(lines))
    assert outcome_stream(log) == outcome_whole(path)
    saved = open_saved(log)
    assert saved is not None and saved.count == len(lines) - 3
    assert [*saved.decisions_json()] == [msgspec.json.encode(d) for d in saved.decisions()]
    stopped = encode_sidecar(
        log, data, SETTINGS, discards(data)[:4], [], complete=False, empty=[2, 9]
    )
    path.write_bytes(stopped)
    assert outcome_stream(log) == outcome_whole(path)
    path.unlink()
    assert open_saved(log) is None


def test_a_line_too_long_is_refused_not_held(sample: tuple[Path, LogData, list[bytes]]) -> None:
    log, _, lines = sample
    sidecar_path(log).write_bytes(lines[0] + b"[" * (MAX_LINE + 5))
    with pytest.raises(LogError, match=r":2: a line longer than 32 MB"):
        open_saved(log)


def test_the_staleness_walked_beside_the_line_played(tmp_path: Path) -> None:
    log_a, data_a = game(tmp_path, 1)
    _, data_b = game(tmp_path, 2)
    own = discards(data_a)
    cases = {
        "own": own,
        "another game's": discards(data_b),
        "one move renamed": [*own[:2], msgspec.structs.replace(own[2], played="draw"), *own[3:]],
        "one not on the line": [*own, msgspec.structs.replace(own[-1], seq=own[-1].seq + 99)],
        "seat 7": [msgspec.structs.replace(own[0], seat=7)],
    }
    checked = check_stream(log_a)
    for name, marks in cases.items():
        seats = [7] if name == "seat 7" else [0, 1]
        chosen = Settings(think=100, seats=seats, judge=1, model=1)
        sidecar_path(log_a).write_bytes(
            encode_sidecar(log_a, data_a, chosen, marks, summary(marks, seats))
        )
        whole = read_sidecar(log_a)
        saved = open_saved(log_a)
        assert whole is not None and saved is not None
        expected = staleness(whole, read_log(log_a), chosen)
        assert saved.staleness(checked, chosen) == expected, name
        assert (expected is None) == (name == "own"), (name, expected)


def test_a_move_with_an_escape_sequence_is_refused_as_whole(
    sample: tuple[Path, LogData, list[bytes]],
) -> None:
    """A control character written as JSON writes it (\\u001b), which hypothesis's raw
    bytes never make: valid JSON, refused by both readers on its line."""
    log, data, _ = sample
    marks = discards(data)
    marks[1] = msgspec.structs.replace(marks[1], played="discard \x1b[31m")
    sidecar_path(log).write_bytes(
        encode_sidecar(log, data, SETTINGS, marks, summary(marks, [0, 1]))
    )
    said = outcome_stream(log)
    assert said == outcome_whole(sidecar_path(log))
    assert isinstance(said, str) and said.endswith(":3: a move holds control characters")


@pytest.mark.parametrize(
    ("how", "said"),
    [
        ("no summary", "incomplete (a summary for each judged seat is missing)"),
        ("a decision less", "incomplete (seat 1's summary counts decisions that are not there)"),
        ("header twice", "a second analysis header"),
        ("newer", "written in analysis format 9 by a newer rummy500"),
        ("stopped, summaries kept", "incomplete (an analysis marked stopped holds summaries)"),
    ],
)
def test_each_whole_file_check_refuses_through_both_readers(
    sample: tuple[Path, LogData, list[bytes]], how: str, said: str
) -> None:
    """Both readers check through the one `sidecar.LineCheck`, so the property above no
    longer holds two implementations against each other: each check of the file as a
    whole is pinned here, with its message, read whole and as a stream."""
    log, _, lines = sample
    lines = list(lines)
    if how == "no summary":
        lines = lines[:-1]
    elif how == "a decision less":
        seat_1 = [
            i
            for i, line in enumerate(lines)
            if b'"type":"decision"' in line and b'"seat":1,' in line
        ]
        del lines[seat_1[-1]]
    elif how == "header twice":
        lines.insert(2, lines[0])
    elif how == "newer":
        lines[0] = lines[0].replace(b'"format":1', b'"format":9')
    else:
        lines[0] = lines[0].replace(b'"complete":true', b'"complete":false')
    sidecar_path(log).write_bytes(b"".join(lines))
    stream = outcome_stream(log)
    assert stream == outcome_whole(sidecar_path(log))
    assert isinstance(stream, str) and said in stream, stream
