"""The judge fed as a stream (`analysis.stream_judge`, what `analyze` runs) gives the
decisions `judge.judge_decisions` gives on the whole line played: games of several
rounds, with takebacks, in one process and in two, in batches of a few rounds, by the
quick screen and by the sampled deals."""

from __future__ import annotations

import os
from pathlib import Path

import helpers
import pytest

from rummy500_cli.analysis import stream_judge, workers
from rummy500_cli.analysis.judge import judge_decisions
from rummy500_cli.analysis.screen import QUICK_BELOW
from rummy500_cli.events import RoundDealt
from rummy500_cli.line import played_line
from rummy500_cli.records.audit import read_checked
from rummy500_cli.records.checked import played_walk


def takebacks_game(path: Path, seed: int) -> Path:
    """Seat 0 a person who plays a random bot's moves and now and then takes back one
    to three of them; a greedy bot at seat 1; three rounds."""
    return helpers.takebacks_game(path, seed, ["human", "bot:greedy"], "judge")


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("think", [1, QUICK_BELOW])  # the quick screen, the sampled deals
def test_the_stream_judge_weighs_as_the_whole_judge(
    tmp_path: Path, monkeypatch, jobs, think
) -> None:
    monkeypatch.setattr(stream_judge, "BATCH", 15)  # a batch every round or so
    monkeypatch.setattr(stream_judge, "QUICK_BATCH", 15)
    path = takebacks_game(tmp_path / "g.jsonl", 4)
    events = read_checked(path)[0].events
    line = played_line(events)
    assert line.takebacks and sum(isinstance(e, RoundDealt) for e in line.events) == 3
    whole = judge_decisions(line.events, [0, 1], think=think, jobs=jobs)
    header = line.header
    total = stream_judge.decision_count(
        header, stream_judge.line_rounds(played_walk(iter(events))), [0, 1]
    )
    told: list = []
    stream_judge.judge_stream(
        header,
        stream_judge.line_rounds(played_walk(iter(events))),
        [0, 1],
        think,
        total,
        jobs=jobs,
        emit=lambda index, seq, decision: told.append((index, seq, decision)),
    )
    streamed = [decision for _, _, decision in told if decision is not None]
    assert total == len(told) and streamed == whole and len(whole) > 20
    positions = [index for index, _, _ in told]
    assert positions == sorted(set(positions))  # each once, in the order played
    assert all(seq == line.seqs[index] for index, seq, _ in told)


def test_ctrl_c_while_two_batches_are_weighed_stops_both_and_keeps_what_came(
    tmp_path: Path, monkeypatch
) -> None:
    """Ctrl-C (KeyboardInterrupt in the parent, here from its progress report) while one
    batch's workers finish and the next batch's have started: both are stopped, no
    worker is left, and what had come back is kept, equal to an uninterrupted run."""
    monkeypatch.setattr(stream_judge, "QUICK_BATCH", 15)
    pids: list[int] = []
    fork = workers.os.fork

    def counted_fork() -> int:
        pid = fork()
        if pid:
            pids.append(pid)
        return pid

    monkeypatch.setattr(workers.os, "fork", counted_fork)
    path = takebacks_game(tmp_path / "g.jsonl", 4)
    events = read_checked(path)[0].events
    whole = judge_decisions(played_line(events).events, [0, 1], think=1, jobs=1)
    judged = {d.seq: d for d in whole}
    header = played_line(events).header
    total = stream_judge.decision_count(
        header, stream_judge.line_rounds(played_walk(iter(events))), [0, 1]
    )

    def interrupted(done: int, total: int) -> None:
        if done >= 40:
            raise KeyboardInterrupt

    told: list = []
    with pytest.raises(KeyboardInterrupt):
        stream_judge.judge_stream(
            header,
            stream_judge.line_rounds(played_walk(iter(events))),
            [0, 1],
            1,
            total,
            interrupted,
            jobs=2,
            emit=lambda index, seq, decision: told.append((index, decision)),
        )
    assert 40 <= len(told) < total - 15  # stopped in the first batches: what came is told
    positions = [index for index, _ in told]
    assert positions == sorted(set(positions))
    assert all(d is None or judged[index] == d for index, d in told)
    assert len(pids) >= 4  # two batches' workers at least
    for pid in pids:  # every worker was reaped, and its pipes closed
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
    assert not workers._OPEN
