"""The host's secret seed and salt, kept beside the table's log until the reveal.

A server killed at any moment and started again must still reveal the seed it
committed to (`fairness`), so the secret is on disk before the log's header is: a file
named after the log with `.secret` for `.jsonl` (`GAME.jsonl` -> `GAME.secret`), one
JSON object `{"seed": ..., "salt": ...}`, readable by its owner only (mode 0600),
written whole or not at all (a temporary file, fsynced, renamed over). Once the reveal
is in the log the secret is public, and the file may go (`forget_secret`).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import msgspec

from ..errors import LogError
from .fairness import Secret

MAX_SECRET = 4096
"""The largest secret file read (a real one is about 150 bytes)."""


def secret_path(log: Path) -> Path:
    """Where the secret of the game logged at `log` is kept."""
    return log.with_suffix(".secret")


def keep_secret(log: Path, secret: Secret) -> Path:
    """Write the secret of the game logged at `log` (before its header is written), for
    its owner's eyes only; LogError if it cannot be written."""
    path = secret_path(log)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(descriptor, msgspec.json.encode(secret) + b"\n")
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise LogError(f"{path}: cannot keep the table's secret: {error.strerror}") from None
    return path


def read_secret(log: Path) -> Secret | None:
    """The kept secret of the game logged at `log` (None: there is none); LogError for
    a file that is not one."""
    path = secret_path(log)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SECRET + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise LogError(f"{path}: cannot read the table's secret: {error.strerror}") from None
    try:
        if len(data) > MAX_SECRET:
            raise msgspec.DecodeError("too long")
        return msgspec.json.decode(data, type=Secret)
    except (msgspec.DecodeError, RecursionError):
        raise LogError(f"{path}: not a table's secret (a seed and a salt)") from None


def forget_secret(log: Path) -> None:
    """Remove the kept secret (once it is revealed in the log)."""
    with contextlib.suppress(FileNotFoundError):
        secret_path(log).unlink()
