"""The analysis's work shared between processes: how many there are by default, and one
way to weigh positions in this process or over forked workers, the likely slowest
first, for `judge.judge_decisions` (a whole line played) and
`stream_judge.judge_stream` (a batch of rounds at a time, the next batch gathered while
the workers weigh the last: `Weighing` is started, then drained)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

    from .verdicts import Decision

Judged = Callable[[int], tuple[int, "Decision | None"]]


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class Weighing:
    """Positions being weighed: over `jobs` forked processes (which inherit what the
    caller's module keeps for them when this is made, so the caller may keep other
    work there once it is), taking the likely slowest first (the deepest piles in
    `depths`) so that neither is left with a long one while the other has finished,
    `chunk` positions at a time (more than 1 where each is quick to weigh, so that the
    passing of tasks and answers between processes costs less than the work); or, with
    one job, in this process in the order `serial` when drained."""

    def __init__(
        self,
        judge_one: Judged,
        serial: Sequence[int],
        depths: dict[int, int],
        jobs: int,
        chunk: int = 1,
    ) -> None:
        self.judge_one = judge_one
        self.serial = serial
        self.pool: Pool | None = None
        if jobs <= 1 or len(serial) <= 1:
            return
        import multiprocessing
        from functools import partial

        tasks = sorted(serial, key=lambda index: (-depths[index], index))
        context = multiprocessing.get_context("fork")
        self.pool = context.Pool(min(jobs, len(serial)), initializer=_quiet_worker)
        self.answers = self.pool.imap_unordered(partial(_encoded, judge_one), tasks, chunk)

    def drain(
        self,
        found: dict[int, Decision | None],
        done: int,
        total: int,
        progress: Callable[[int, int], None] | None,
    ) -> int:
        """Wait for every position, into `found`; `progress(done, total)` hears of
        each. Answers the new `done`. (In this process: weighs them now.)"""
        if self.pool is None:
            for index in self.serial:
                found[index] = self.judge_one(index)[1]
                done += 1
                if progress is not None:
                    progress(done, total)
            return done
        import msgspec

        from .verdicts import Decision

        decode = msgspec.msgpack.Decoder(Decision | None).decode
        try:
            for index, encoded in self.answers:
                found[index] = decode(encoded)
                done += 1
                if progress is not None:
                    progress(done, total)
            self.pool.close()
        finally:
            self.stop()
        return done

    def stop(self) -> None:
        """Stop the workers (at once: what is not drained is lost)."""
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()


def weigh_each(
    judge_one: Judged,
    serial: Sequence[int],
    depths: dict[int, int],
    jobs: int,
    found: dict[int, Decision | None],
    done: int,
    total: int,
    progress: Callable[[int, int], None] | None,
    chunk: int = 1,
) -> int:
    """Weigh positions into `found` (a `Weighing` started and drained at once);
    `progress(done, total)` hears of each; answers the new `done`."""
    weighing = Weighing(judge_one, serial, depths, jobs, chunk)
    try:
        return weighing.drain(found, done, total, progress)
    finally:
        weighing.stop()


def _encoded(judge_one: Judged, index: int) -> tuple[int, bytes]:
    """`judge_one` in a worker, its decision sent back as msgpack: quicker both ways
    than pickling the struct (1.4 us a round trip against 77), and decoded to an equal
    one."""
    import msgspec

    at, decision = judge_one(index)
    return at, msgspec.msgpack.encode(decision)


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool and keeps what is done."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
