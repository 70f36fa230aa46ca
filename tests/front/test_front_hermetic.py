"""The tests never reach the user's own folders: every program a test starts sees the
temporary ones, a game played without --save lands there, and the session check of
front_hermetic (which compares the real folders before and after the run) fails a run
that writes into them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from front_hermetic import BEFORE, FOLDERS, changes, snapshot

HERE = Path(__file__).resolve().parent


def test_a_program_the_tests_start_sees_the_temporary_folders() -> None:
    probe = (
        "import platformdirs as p\n"
        "from rummy500_cli.cli.paths import saves_dir, history_file\n"
        "from rummy500_cli.cli.preferences import config_file\n"
        "print(saves_dir()); print(history_file()); print(config_file())\n"
        "print(p.user_cache_path('rummy500'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    saves, history, config, cache = (Path(line) for line in done.stdout.splitlines())
    assert saves.is_relative_to(os.environ["XDG_DATA_HOME"])
    assert history.is_relative_to(os.environ["XDG_STATE_HOME"])
    assert config.is_relative_to(os.environ["XDG_CONFIG_HOME"])
    assert cache.is_relative_to(os.environ["XDG_CACHE_HOME"])
    for path in (saves, history, config, cache):
        assert not any(path.is_relative_to(real) for real in FOLDERS.values()), path


def test_a_game_without_save_is_saved_in_the_temporary_folder_only() -> None:
    # as tests/bots/test_external.py's programs did: play without --save, a dead exec: seat
    command = [sys.executable, "-m", "rummy500_cli", "play", "--seed", "5", "--name", "Ana"]
    command += ["--seat", "1=exec:/no/such/program", "-q"]
    subprocess.run(command, input="draw\n", capture_output=True, text=True, timeout=60)
    command = [sys.executable, "-m", "rummy500_cli", "play", "--seed", "5", "--name", "Ana", "-q"]
    done = subprocess.run(command, input="draw\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    saved = list((Path(os.environ["XDG_DATA_HOME"]) / "rummy500" / "games").glob("*.jsonl"))
    assert len(saved) >= 1
    assert changes(BEFORE, snapshot(FOLDERS), FOLDERS) == []


def session(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    """A pytest run, in its own folder with the check as its conftest, of one test with
    this body, for a user whose home is tmp_path/home (no XDG variables set)."""
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / "conftest.py").write_text("from front_hermetic import pytest_sessionfinish\n")
    (folder / "test_one.py").write_text(
        "import os\nfrom pathlib import Path\n\ndef test_one():\n" + body
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(tmp_path / "home"), PYTHONPATH=str(HERE))
    plugins = ["-p", "no:cacheprovider", "-p", "no:hypothesispytest"]
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *plugins, str(folder)],
        cwd=folder, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_the_session_check_fails_a_run_that_writes_into_the_real_folders(tmp_path) -> None:
    games = tmp_path / "home" / ".local" / "share" / "rummy500" / "games"
    games.mkdir(parents=True)
    (games / "mine.jsonl").write_text("{}\n")
    clean = session(tmp_path, "    assert True\n")
    assert clean.returncode == 0, clean.stdout
    leak = "    (Path(os.environ['HOME']) / '.local/share/rummy500/games/x.jsonl').write_text('')\n"
    (tmp_path / "run").rename(tmp_path / "clean")
    leaked = session(tmp_path, leak)
    assert leaked.returncode == 1, leaked.stdout
    assert "changed the user's own rummy500 folders" in leaked.stdout
    assert f"{games / 'x.jsonl'} added" in leaked.stdout
