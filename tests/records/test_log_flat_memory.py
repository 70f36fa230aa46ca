"""A long log is read in memory that does not grow with its length (issue 31): the
stream reader, the audit of a stream (what `verify` runs), a branch written as it is
read and the transcript written as it is read (`export`) hold about as much at 20,000
events as at 10,000 (both well past the chunks read at once, 4,096 events, and the
first rounds, whose peak still rises a little as tables fill), by tracemalloc's peak."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import endless_random_game

from rummy500_cli.records.audit import audit_stream, read_checked
from rummy500_cli.records.branch import branch_problem, stream_branch_point, write_stream_branch
from rummy500_cli.records.checked import check_stream, played_walk
from rummy500_cli.records.log import encode_log
from rummy500_cli.records.replay import Replay
from rummy500_cli.records.stream import LogStream
from rummy500_cli.render.style import Style
from rummy500_cli.render.transcript import transcript_lines

LONG = 20_000
SHORT = 10_000


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """One game of four random bots that no one wins, cut at SHORT and LONG events."""
    events = endless_random_game(["A", "B", "C", "D"], "flat", LONG)
    folder = tmp_path_factory.mktemp("long")
    paths = {}
    for count in (SHORT, LONG):
        paths[count] = folder / f"g{count}.jsonl"
        paths[count].write_bytes(encode_log(events[:count]))
    return paths


def peak(work: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_stream_reader_holds_no_more_for_a_longer_log(logs: dict[int, Path]) -> None:
    short, long = (peak(lambda n=n: sum(1 for _ in LogStream(logs[n]))) for n in (SHORT, LONG))
    assert long < 1.25 * short + 300_000, (short, long)


def test_the_audit_of_a_stream_holds_no_more_for_a_longer_log(logs: dict[int, Path]) -> None:
    """What verify runs: the same summary as the whole reader's, in flat memory."""
    for count in (SHORT, LONG):
        whole = read_checked(logs[count])[1]
        stream = audit_stream(iter(LogStream(logs[count])), logs[count])
        assert stream.line("g") == whole.line("g") and stream.events == count
        assert stream.state is not None and whole.state is not None
        assert stream.state.fingerprint() == whole.state.fingerprint()
    short, long = (peak(lambda n=n: check_stream(logs[n])) for n in (SHORT, LONG))
    assert long < 1.25 * short + 300_000, (short, long)


def test_a_branch_written_as_read_holds_no_more_for_a_longer_log(
    logs: dict[int, Path], tmp_path: Path
) -> None:
    points = {}
    for count in (SHORT, LONG):  # the last point where someone is to move
        game = Replay(read_checked(logs[count])[0].events)
        points[count] = next(at for at in range(count - 1, 1, -1) if not branch_problem(game, at))

    def branch(count: int) -> None:
        checked = check_stream(logs[count])
        at = points[count]
        _state, kinds, problem = stream_branch_point(checked, at)
        assert problem is None
        target = tmp_path / f"b{count}.jsonl"
        write_stream_branch(logs[count], checked, at, target, kinds)
        assert sum(1 for _ in LogStream(target)) == at + 1

    short, long = peak(lambda: branch(SHORT)), peak(lambda: branch(LONG))
    assert long < 1.25 * short + 300_000, (short, long)


def test_the_transcript_of_a_stream_holds_no_more_for_a_longer_log(logs: dict[int, Path]) -> None:
    """What export runs: the transcript's lines as the walk of the line played is read."""

    def export(count: int) -> None:
        checked = check_stream(logs[count])
        assert checked.summary.header is not None
        walk = played_walk(checked.events())
        for _line in transcript_lines(checked.summary.header, walk, Style(ascii=True)):
            pass

    short, long = peak(lambda: export(SHORT)), peak(lambda: export(LONG))
    assert long < 1.25 * short + 300_000, (short, long)
