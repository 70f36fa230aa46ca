"""The analysis's work shared between processes: how many there are by default, and one
way to weigh positions in this process or over forked workers, the likely slowest
first, for `judge.judge_decisions` (a whole line played) and
`stream_judge.judge_stream` (a batch of rounds at a time, the next batch gathered while
the workers weigh the last: `Weighing` is started, then drained).

The workers are plain forked processes, each with a pipe for its tasks and one for its
answers, and the parent keeps no thread for them: a batch's workers are forked while
the last batch's still run, and forking a process that has threads (as
`multiprocessing.Pool` keeps three) can leave a child holding a lock no thread of its
own will free; a test that did so hung once in 90 minutes of CI."""

from __future__ import annotations

import os
import signal
import struct
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .verdicts import Decision

Judged = Callable[[int], tuple[int, "Decision | None"]]

AHEAD = 2
"""Chunks of tasks a worker holds at a time: one it weighs, one waiting, so that it never
waits for the parent between them."""

_HEADER = struct.Struct("<I")
"""A message on a pipe: its length, then msgpack."""

_OPEN: set[int] = set()
"""The parent's ends of every worker's pipes still open, which a worker forked later
closes in itself (else a worker would keep another's pipe from ever reaching its end)."""


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class WorkerFailed(RuntimeError):
    """A worker process failed or vanished before it answered for its positions."""


class _Worker:
    """One forked process: `tasks` is the parent's end of the pipe it reads chunks of
    positions from, `answers` of the pipe it writes each position's decision to."""

    def __init__(self, judge_one: Judged) -> None:
        task_read, task_write = os.pipe()
        answer_read, answer_write = os.pipe()
        try:
            pid = os.fork()
        except OSError:  # (no process to be had: the pipes go too)
            for fd in (task_read, task_write, answer_read, answer_write):
                os.close(fd)
            raise
        if pid == 0:  # pragma: no cover - the child, which coverage does not follow
            code = 1
            try:
                for fd in (*_OPEN, task_write, answer_read):
                    os.close(fd)
                code = _serve(judge_one, task_read, answer_write)
            finally:
                os._exit(code)
        os.close(task_read)
        os.close(answer_write)
        self.pid: int | None = pid
        """None once reaped."""
        self.open = True
        self.tasks = task_write
        self.answers = answer_read
        _OPEN.update((task_write, answer_read))
        self.buffer = bytearray()
        self.holding = 0
        """Positions sent and not yet answered."""
        self.sizes: deque[int] = deque()
        """The size of each chunk sent, the first not yet wholly answered first."""

    def send(self, chunk: list[int]) -> None:
        import msgspec

        try:
            _write(self.tasks, msgspec.msgpack.encode(chunk))
        except BrokenPipeError:  # it ended after its last answer was read
            raise WorkerFailed(self.failure()) from None
        self.holding += len(chunk)
        self.sizes.append(len(chunk))

    def failure(self) -> str:
        """What a worker that ended said of its failure (its last message), or that it
        vanished; reads what is left on its pipe, which cannot wait: it has ended."""
        while data := os.read(self.answers, 1 << 16):
            self.buffer += data
        for message in _messages(self.buffer):
            if message[:1] == b"!":
                return _failed(message)
        return _vanished(self)

    def stop(self) -> None:
        """Kill the process (idle or not: what it has not sent is lost) and close its
        pipes; twice is harmless."""
        if self.pid is not None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = None
        if self.open:
            self.open = False
            for fd in (self.tasks, self.answers):
                _OPEN.discard(fd)
                os.close(fd)


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
        self.workers: list[_Worker] = []
        self.waiting: deque[list[int]] = deque()
        if jobs <= 1 or len(serial) <= 1:
            return
        tasks = sorted(serial, key=lambda index: (-depths[index], index))
        self.waiting.extend(tasks[at : at + chunk] for at in range(0, len(tasks), chunk))
        try:
            for _ in range(min(jobs, len(self.waiting))):
                self.workers.append(_Worker(judge_one))
            for _ in range(AHEAD):
                for worker in self.workers:
                    if self.waiting:
                        worker.send(self.waiting.popleft())
        except BaseException:
            self.stop()
            raise

    @property
    def forked(self) -> bool:
        """Whether the positions are weighed by other processes (else by `drain`)."""
        return bool(self.workers)

    def drain(
        self,
        found: dict[int, Decision | None],
        done: int,
        total: int,
        progress: Callable[[int, int], None] | None,
    ) -> int:
        """Wait for every position, into `found`; `progress(done, total)` hears of
        each. Answers the new `done`. (In this process: weighs them now.)"""
        if not self.workers:
            for index in self.serial:
                found[index] = self.judge_one(index)[1]
                done += 1
                if progress is not None:
                    progress(done, total)
            return done
        import selectors

        import msgspec

        from .verdicts import Decision

        decode = msgspec.msgpack.Decoder(tuple[int, Decision | None]).decode
        try:
            with selectors.DefaultSelector() as selector:
                for worker in self.workers:
                    selector.register(worker.answers, selectors.EVENT_READ, worker)
                busy = len(self.workers)
                while busy:
                    for key, _ in selector.select():
                        worker = key.data
                        data = os.read(worker.answers, 1 << 16)
                        if not data:
                            raise WorkerFailed(worker.failure())
                        worker.buffer += data
                        for message in _messages(worker.buffer):
                            if message[:1] == b"!":
                                raise WorkerFailed(_failed(message))
                            index, decision = decode(message)
                            found[index] = decision
                            done += 1
                            worker.holding -= 1
                            worker.sizes[0] -= 1
                            if not worker.sizes[0]:
                                worker.sizes.popleft()
                                if self.waiting:
                                    worker.send(self.waiting.popleft())
                            if progress is not None:
                                progress(done, total)
                        if not worker.holding:
                            selector.unregister(worker.answers)
                            busy -= 1
        finally:
            self.stop()
        return done

    def stop(self) -> None:
        """Stop the workers (at once: what is not drained is lost)."""
        for worker in self.workers:
            worker.stop()


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


def _serve(judge_one: Judged, tasks: int, answers: int) -> int:  # pragma: no cover - child
    """A worker's life: weigh each position of each chunk the parent sends, and send its
    decision back as msgpack (quicker both ways than pickling the struct, and decoded to
    an equal one); a failure is sent as its traceback. Leaves Ctrl-C to the parent,
    which stops the workers and keeps what is done. Answers the exit status."""
    import traceback

    import msgspec

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    encode = msgspec.msgpack.Encoder().encode
    decode = msgspec.msgpack.Decoder(list[int]).decode
    buffer = bytearray()
    try:
        while True:
            data = os.read(tasks, 1 << 16)
            if not data:
                return 0
            buffer += data
            for message in _messages(buffer):
                for index in decode(message):
                    _write(answers, encode(judge_one(index)))
    except BaseException:
        _write(answers, b"!" + traceback.format_exc().encode())
        return 1


def _write(fd: int, message: bytes) -> None:
    """One message, whole, on a pipe."""
    data = memoryview(_HEADER.pack(len(message)) + message)
    while data:
        data = data[os.write(fd, data) :]


def _messages(buffer: bytearray) -> Iterator[bytes]:
    """The whole messages at the start of `buffer`, each taken out of it as it is
    given (what is not asked for stays there)."""
    while len(buffer) >= _HEADER.size:
        (size,) = _HEADER.unpack_from(buffer)
        end = _HEADER.size + size
        if len(buffer) < end:
            return
        message = bytes(buffer[_HEADER.size : end])
        del buffer[:end]
        yield message


def _failed(message: bytes) -> str:
    """A worker's failure, from the traceback it sent."""
    return "an analysis worker failed: " + message[1:].decode(errors="replace")


def _vanished(worker: _Worker) -> str:
    """What the parent can say of a worker whose pipe closed before it answered."""
    status = ""
    if worker.pid is not None:
        _, code = os.waitpid(worker.pid, 0)
        worker.pid = None
        status = f" (exit status {os.waitstatus_to_exitcode(code)})"
    return f"an analysis worker stopped before it answered{status}"
