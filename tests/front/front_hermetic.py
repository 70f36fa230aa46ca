"""The check that the test suite leaves the user's own folders alone.

tests/conftest.py gives every test temporary data, state, config and cache folders
(XDG_*_HOME), and the programs the tests start inherit them. This module looks at the
real ones, the folders rummy500 would use for the user running the tests: their
listing (names, sizes, modification times) when the tests are collected and again when
the session ends. Any difference, or a folder that appeared, fails the run
(`pytest_sessionfinish`, imported by tests/front/conftest.py) with the paths changed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

LIMIT = 20_000
"""At most this many entries are listed per folder (a huge saves folder is cut)."""

Snapshot = dict[str, dict[str, tuple[int, int]] | None]


def real_folders() -> dict[str, Path]:
    """rummy500's data, state, config and cache folders for the environment as it is
    now (called before any test has changed it)."""
    import platformdirs

    return {
        "data": platformdirs.user_data_path("rummy500", appauthor=False),
        "state": platformdirs.user_state_path("rummy500", appauthor=False),
        "config": platformdirs.user_config_path("rummy500", appauthor=False),
        "cache": platformdirs.user_cache_path("rummy500", appauthor=False),
    }


def snapshot(folders: dict[str, Path]) -> Snapshot:
    """Each folder's entries (relative path: size, mtime in ns), or None: no folder."""
    seen: Snapshot = {}
    for kind, folder in folders.items():
        if not folder.is_dir():
            seen[kind] = None
            continue
        entries: dict[str, tuple[int, int]] = {}
        for root, dirs, files in os.walk(folder):
            for name in [*dirs, *files]:
                path = Path(root, name)
                try:
                    info = path.lstat()
                except OSError:
                    continue
                entries[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
                if len(entries) >= LIMIT:
                    break
        seen[kind] = entries
    return seen


def changes(before: Snapshot, after: Snapshot, folders: dict[str, Path]) -> list[str]:
    """What differs, one line a path."""
    found = []
    for kind, folder in folders.items():
        old, new = before.get(kind), after.get(kind)
        if old is None and new is not None:
            found.append(f"{folder} was created ({len(new)} entries)")
            continue
        if old is not None and new is None:
            found.append(f"{folder} was removed")
            continue
        old, new = old or {}, new or {}
        for name in sorted(set(old) | set(new)):
            if old.get(name) != new.get(name):
                what = "added" if name not in old else "removed" if name not in new else "changed"
                found.append(f"{folder / name} {what}")
    return found


FOLDERS = real_folders()
BEFORE = snapshot(FOLDERS)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    found = changes(BEFORE, snapshot(FOLDERS), FOLDERS)
    if not found:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = [
        "The tests changed the user's own rummy500 folders (every test must use the "
        "temporary ones of tests/conftest.py):",
        *found[:20],
    ]
    for line in lines:
        if reporter is not None:
            reporter.write_line(line, red=True)
        else:
            print(line)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
