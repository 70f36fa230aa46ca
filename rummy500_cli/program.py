"""This program as a command: the words that run it again from a fresh shell, for the
commands its messages print (`Resume with: ...`), and the argv that runs it as a child
process, for `exec:rummy500 ...` seats.

A venv's `rummy500` is not on PATH until the venv is activated, so a message that said
`rummy500 resume` would fail in a new shell: it names the running script by its full
path unless `rummy500` on PATH is this very script.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

NAME = "rummy500"


def _script() -> Path | None:
    """The console script being run, when it is one named rummy500 (not pytest, say)."""
    argv0 = sys.argv[0] if sys.argv else ""
    path = Path(argv0)
    if path.stem.lower() != NAME or path.suffix.lower() not in ("", ".exe"):
        return None
    return path


def _as_module() -> bool:
    """Whether the program runs as `python -m rummy500_cli`."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    return spec is not None and spec.name in ("rummy500_cli", "rummy500_cli.__main__")


def command() -> str:
    """The words to type to run this program, quoted for a POSIX shell: `rummy500` when
    that is what a new shell finds, else the running script's full path (or
    `/path/to/python -m rummy500_cli`)."""
    if _as_module():
        return f"{shlex.quote(sys.executable)} -m rummy500_cli"
    script = _script()
    if script is None or (os.sep not in str(script) and "/" not in str(script)):
        return NAME  # run by name (found on PATH), or embedded (tests)
    found = shutil.which(NAME)
    try:
        if found is not None and os.path.samefile(found, script):
            return NAME
    except OSError:
        pass
    return shlex.quote(str(script.absolute()))


def self_argv() -> list[str]:
    """The argv that runs this same program as a child, wherever it is installed."""
    return [sys.executable, "-m", "rummy500_cli"]
