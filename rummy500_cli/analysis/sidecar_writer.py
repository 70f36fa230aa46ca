"""The saved analysis written while the game is judged (`rummy500 analyze` of a log of any
length, issue 31): each decision goes to a file beside the sidecar as it comes, and at
the end the sidecar is made of its header, those lines and the players' summaries, the
same bytes `sidecar.write_sidecar` writes from lists, renamed over the old one whole.

So an analysis holds no decision it has told: the report's JSON reads them back from
the file (`decisions_json`), which has no name in the folder (an analysis killed leaves
nothing behind). Where the folder cannot be written, the decisions go to an
anonymous temporary file instead and `finish` says why nothing was saved.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING

from ..errors import LogError
from .sidecar import DecisionLine, Settings, encode_sidecar, sidecar_path
from .verdicts import Decision

if TYPE_CHECKING:
    from ..records.checked import CheckedLog
    from ..records.log import LogData
    from .figures import PlayerSummary

_LINE_START = b'{"type":"decision","decision":'
"""How a decision's line starts (its struct's tag first); the decision's own JSON
follows, then the line's closing brace."""


class SidecarWriter:
    """A sidecar being written, a decision at a time (`add`), then `finish`ed; `close`
    removes what is left of the work (use it as a context manager)."""

    def __init__(self, log_path: Path) -> None:
        import msgspec

        self.log_path = log_path
        self.target = sidecar_path(log_path)
        self.problem: str | None = None
        """Why the sidecar cannot be saved (None: it can)."""
        self.body: IO[bytes]
        try:  # a file with no name (gone with the process, even one killed -9)
            self.body = tempfile.TemporaryFile(dir=self.target.parent)  # noqa: SIM115 - close()
        except OSError as error:
            self.problem = _cannot_save(self.target, error)
            self.body = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        self.encode = msgspec.json.Encoder().encode
        self.written = 0
        """The bytes of whole lines in the file."""
        self.held: list[bytes] | None = None
        """The lines that the file could not take (None: it took every one)."""

    def __enter__(self) -> SidecarWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(self, decision: Decision) -> None:
        """One more decision (in the order of the log). Should the file fail (a full
        disk), the rest are held in memory for the report, and nothing is saved."""
        line = self.encode(DecisionLine(decision=decision)) + b"\n"
        if self.held is None:
            try:
                self.body.write(line)
                self.written += len(line)
                return
            except OSError as error:
                self.problem = _cannot_save(self.target, error)
                self.held = []
        self.held.append(line)

    def decisions_json(self) -> Iterator[bytes]:
        """Each decision added, in order, as `msgspec.json.encode` writes it alone."""
        if self.held is None:
            self.body.flush()
        self.body.seek(0)
        left = self.written
        for line in self.body:
            left -= len(line)
            if left < 0:  # (a line the full disk cut)
                break
            yield _decision_json(line)
        self.body.seek(0, os.SEEK_END)
        for line in self.held or ():
            yield _decision_json(line)

    def finish(
        self,
        log: LogData | CheckedLog,
        settings: Settings,
        players: list[PlayerSummary],
        *,
        complete: bool = True,
        empty: Sequence[int] = (),
    ) -> Path:
        """Write the sidecar, whole or not at all (a temporary file renamed over it):
        its header, the decisions added, the players' summaries (see
        `sidecar.encode_sidecar`). Raises LogError when the folder cannot be written."""
        if self.problem is not None:
            raise LogError(self.problem)
        header = encode_sidecar(
            self.log_path, log, settings, [], [], complete=complete, empty=empty
        )
        summaries = encode_sidecar(self.log_path, log, settings, [], players).split(b"\n", 1)[1]
        try:
            self.body.flush()
            handle, temporary = tempfile.mkstemp(
                dir=self.target.parent, prefix=f".{self.target.name}."
            )
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(header)
                    self.body.seek(0)
                    shutil.copyfileobj(self.body, out, 1 << 16)
                    self.body.seek(0, os.SEEK_END)
                    out.write(summaries)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(temporary, self.target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            raise LogError(_cannot_save(self.target, error)) from None
        return self.target

    def close(self) -> None:
        """Let the decisions' file go (a sidecar finished has its own copy)."""
        self.body.close()


def _decision_json(line: bytes) -> bytes:
    """A decision's own JSON, from its line."""
    assert line.startswith(_LINE_START) and line.endswith(b"}\n")
    return line[len(_LINE_START) : -2]


def _cannot_save(target: Path, error: OSError) -> str:
    return f"{target}: cannot save the analysis: {error.strerror}"
