"""The prompt's history file, read and written so that it can never stop a game.

prompt-toolkit's FileHistory opens whatever is at the path: a named pipe there waits
for a writer before the first prompt, /dev/full fails every write, a directory or a
read-only disk raises into the screen and the move typed is lost. The history is a
convenience, never worth a game: `GuardedHistory` reads it through the guarded reader
(safe_read: a regular file only, at most MAX_HISTORY bytes), appends only to a regular
file opened without waiting, and on any problem goes on in memory, saying nothing on
the table (there is nothing the player must do about it mid-game).
"""

from __future__ import annotations

import datetime as dt
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit.history import History

from ..safe_read import FileProblem, read_regular

MAX_HISTORY = 4 << 20
"""The largest history file read, 4 MB (years of commands). A larger one is not read:
the prompt starts with no history and appends as usual."""


class GuardedHistory(History):
    """FileHistory's format (`+line` entries after a `# time` line), read and written
    safely; in memory only once the file turns out to be unusable."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        """Why the file is no longer written (None while it is)."""
        super().__init__()

    def load_history_strings(self) -> Iterable[str]:
        try:
            data = read_regular(self.path, MAX_HISTORY, "a history file", missing_ok=True)
        except FileProblem as error:
            if os.path.lexists(self.path) and not _regular(self.path):
                self.problem = str(error)  # never written to, either
            return []
        if data is None:
            return []
        strings: list[str] = []
        lines: list[str] = []
        for raw in data.decode("utf-8", errors="replace").splitlines(keepends=True):
            if raw.startswith("+"):
                lines.append(raw[1:])
            elif lines:
                strings.append("".join(lines).removesuffix("\n"))
                lines = []
        if lines:
            strings.append("".join(lines).removesuffix("\n"))
        # text from a file is never put back on the screen raw: no control characters
        kept = [text for text in strings if text.isprintable()]
        return list(reversed(kept))

    def store_string(self, string: str) -> None:
        if self.problem is not None:
            return
        entry = f"\n# {dt.datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC
        if os.path.lexists(self.path) and not _regular(self.path):
            self.problem = f"{self.path}: not a regular file"  # never opened: a device
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.path, flags, 0o600)
            try:
                if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                    raise OSError(0, "not a regular file")
                os.write(descriptor, entry.encode("utf-8", errors="replace"))
            finally:
                os.close(descriptor)
        except OSError as error:
            self.problem = f"{self.path}: cannot write: {error.strerror}"


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False
