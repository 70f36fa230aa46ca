"""The analysis's work shared between processes: how many there are by default, and one
loop that weighs positions in this process or over forked workers, the likely slowest
first, for `judge.judge_decisions` (a whole line played) and
`stream_judge.judge_stream` (a batch of rounds at a time)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .verdicts import Decision


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def weigh_each(
    judge_one: Callable[[int], tuple[int, Decision | None]],
    serial: Sequence[int],
    depths: dict[int, int],
    jobs: int,
    found: dict[int, Decision | None],
    done: int,
    total: int,
    progress: Callable[[int, int], None] | None,
    chunk: int = 1,
) -> int:
    """Weigh positions into `found`, in this process in the order `serial`, or over
    `jobs` forked processes (which inherit what the caller's module keeps for them) taking the likely slowest first (the
    deepest piles in `depths`), so that neither is left with a long one while the other
    has finished; `chunk` positions at a time (more than 1 where each is quick to weigh,
    so that the passing of tasks and answers between processes costs less than the
    work). `progress(done, total)` hears of each; answers the new `done`."""
    if jobs <= 1 or len(serial) <= 1:
        for index in serial:
            found[index] = judge_one(index)[1]
            done += 1
            if progress is not None:
                progress(done, total)
        return done
    import multiprocessing
    from functools import partial

    import msgspec

    from .verdicts import Decision

    tasks = sorted(serial, key=lambda index: (-depths[index], index))
    context = multiprocessing.get_context("fork")
    pool = context.Pool(min(jobs, len(serial)), initializer=_quiet_worker)
    decode = msgspec.msgpack.Decoder(Decision | None).decode
    try:
        for index, encoded in pool.imap_unordered(partial(_encoded, judge_one), tasks, chunk):
            found[index] = decode(encoded)
            done += 1
            if progress is not None:
                progress(done, total)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
    return done


def _encoded(judge_one: Callable[[int], tuple[int, Decision | None]], index: int):
    """`judge_one` in a worker, its decision sent back as msgpack: quicker both ways
    than pickling the struct, and decoded to an equal one."""
    import msgspec

    at, decision = judge_one(index)
    return at, msgspec.msgpack.encode(decision)


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool and keeps what is done."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
