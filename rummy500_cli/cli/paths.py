"""Where rummy500 keeps files: saves in the user data directory, prompt history in the
state directory (platformdirs; on Linux $XDG_DATA_HOME and $XDG_STATE_HOME)."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path


def saves_dir() -> Path:
    from platformdirs import user_data_path

    return user_data_path("rummy500", appauthor=False) / "games"


def history_file() -> Path:
    from platformdirs import user_state_path

    return user_state_path("rummy500", appauthor=False) / "history"


def new_save_path(seed: str) -> Path:
    """A fresh file name for a new game: date, time and seed."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in seed)[:40]
    base = saves_dir() / f"{stamp}-seed{safe}"
    path = base.with_suffix(".jsonl")
    number = 1
    while path.exists():
        number += 1
        path = Path(f"{base}-{number}.jsonl")
    return path


def under(path: Path, folder: Path) -> bool:
    """Whether `path` lies inside `folder` (as written: links are not followed), which
    is where rummy500 may make missing folders for a new file."""
    return Path(os.path.abspath(path)).is_relative_to(os.path.abspath(folder))
