"""The analysis's forked workers (`analysis.workers`): every position answered once,
the same as in one process, whatever the chunk; a failing or vanished worker named; no
worker or pipe left behind, also when a batch is forked while another still runs."""

from __future__ import annotations

import os
import signal

import pytest

from rummy500_cli.analysis import workers
from rummy500_cli.analysis.verdicts import Decision


def _judged(index: int) -> tuple[int, Decision | None]:
    """A stand-in judge: no decision at odd positions, a made-up one at even ones."""
    if index % 2:
        return index, None
    return index, Decision(
        seq=index,
        round=1,
        seat=index % 3,
        step="play",
        played=f"discard {index}",
        best="draw",
        points_lost=index / 4,
        win_chance=0.5,
        win_drop=0.01,
        drop_low=0.0,
        drop_high=0.02,
        label=None,
        samples=index,
    )


def _failing(index: int) -> tuple[int, Decision | None]:
    if index == 7:
        raise ValueError("position 7 is broken")
    return _judged(index)


def _dying(index: int) -> tuple[int, Decision | None]:
    if index == 7:
        os.kill(os.getpid(), signal.SIGKILL)
    return _judged(index)


@pytest.mark.parametrize("chunk", [1, 3, 16])
@pytest.mark.parametrize("jobs", [2, 3])
def test_forked_workers_answer_as_one_process(jobs: int, chunk: int) -> None:
    serial = list(range(40))
    depths = {index: index % 5 for index in serial}
    alone: dict = {}
    workers.weigh_each(_judged, serial, depths, 1, alone, 0, 40, None)
    heard: list[int] = []
    found: dict = {}
    done = workers.weigh_each(
        _judged, serial, depths, jobs, found, 0, 40, lambda d, t: heard.append(d), chunk
    )
    assert done == 40 and found == alone and heard == list(range(1, 41))
    assert not workers._OPEN


def test_two_batches_at_once() -> None:
    """The second batch's workers are forked while the first's run; both answer."""
    first = workers.Weighing(_judged, list(range(30)), dict.fromkeys(range(30), 0), 2)
    second = workers.Weighing(_judged, list(range(30, 60)), dict.fromkeys(range(30, 60), 0), 2)
    found: dict = {}
    done = first.drain(found, 0, 60, None)
    done = second.drain(found, done, 60, None)
    assert done == 60 and sorted(found) == list(range(60))
    assert not workers._OPEN


@pytest.mark.parametrize(
    ("judge", "said"),
    [
        (_failing, "an analysis worker failed: Traceback"),
        (_dying, "an analysis worker stopped before it answered (exit status -9)"),
    ],
)
def test_a_worker_that_fails_is_named(judge, said: str) -> None:
    found: dict = {}
    with pytest.raises(workers.WorkerFailed) as failure:
        workers.weigh_each(
            judge, list(range(20)), dict.fromkeys(range(20), 0), 2, found, 0, 20, None
        )
    assert str(failure.value).startswith(said)
    if judge is _failing:
        assert "position 7 is broken" in str(failure.value)
    assert 7 not in found and not workers._OPEN


def test_no_process_to_be_had_leaves_no_pipe_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second fork fails (a process limit): the first worker is stopped, and no pipe
    of either is left open."""
    fork = os.fork
    forks = []

    def limited() -> int:
        if forks:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        forks.append(True)
        return fork()

    before = set(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(workers.os, "fork", limited)
    with pytest.raises(BlockingIOError):
        workers.Weighing(_judged, list(range(10)), dict.fromkeys(range(10), 0), 2)
    monkeypatch.undo()
    assert set(os.listdir("/proc/self/fd")) <= before and not workers._OPEN
