"""The logs are the database: a log that fails the audit is skipped with one warning
and changes no figure, and the cache is rebuilt wherever a log changed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from stats_games import play_game, stats, stats_json, write_game

from rummy500_cli.stats.scan import CACHE_NAME, data_dir, scan


def _figures(found: dict) -> list[tuple[str, int, int, float]]:
    return [(p["name"], p["games"], p["wins"], p["mean_final"]) for p in found["players"]]


def test_bad_files_are_skipped_with_a_warning_and_change_nothing(people) -> None:
    folder, _games = people
    clean = stats_json(str(folder))
    good = sorted(folder.glob("*.jsonl"))
    lines = good[0].read_bytes().splitlines(keepends=True)
    # tampered: a move's seat changed, the hash chain left as it was
    tampered = lines[:]
    at = next(i for i, line in enumerate(lines) if i > 3 and b'"seat":0' in line)
    tampered[at] = tampered[at].replace(b'"seat":0', b'"seat":1', 1)
    (folder / "z-tampered.jsonl").write_bytes(b"".join(tampered))
    (folder / "z-damaged.jsonl").write_bytes(b"".join(lines[:20]) + b"{not json\n")
    (folder / "z-foreign.jsonl").write_text('{"hello": "world"}\n')
    (folder / "z-\x1b[31mred.jsonl").write_text("\x1b[2J\n")
    (folder / "notes.txt").write_text("not a log, and not named as one\n")
    result = stats("--json", str(folder))
    assert result.exit_code == 0
    warnings = result.stderr.splitlines()
    assert len(warnings) == 4, warnings
    for name in ("z-tampered", "z-damaged", "z-foreign", "z-\\x1b[31mred"):
        assert sum(name in line for line in warnings) == 1, (name, warnings)
    assert all(line.startswith("warning: skipped ") for line in warnings)
    assert "\x1b" not in result.stderr
    import json

    assert _figures(json.loads(result.stdout)) == _figures(clean)
    # and again from the cache: the same warnings, the same figures
    again = stats("--json", str(folder))
    assert again.stderr.splitlines() == warnings
    assert _figures(json.loads(again.stdout)) == _figures(clean)


def _scan(folder: Path):
    warnings: list[str] = []
    found = scan([folder], warnings.append, data_dir() / CACHE_NAME, jobs=1)
    assert found.cache is not None
    found.cache.save()
    return found, warnings


def test_the_cache_is_used_and_rebuilt_where_a_log_changed(people, tmp_path: Path) -> None:
    folder, _games = people
    first, _ = _scan(folder)
    assert first.read == 6
    second, _ = _scan(folder)
    assert second.read == 0
    assert [g.ident for g in second.games] == [g.ident for g in first.games]
    logs = sorted(folder.glob("*.jsonl"))
    # appended to: an unfinished game's log that goes on (here: a finished one cut short,
    # then put back whole)
    whole = logs[0].read_bytes()
    logs[0].write_bytes(b"".join(whole.splitlines(keepends=True)[:30]))
    cut, _ = _scan(folder)
    assert cut.read == 1 and not next(g for g in cut.games if g.path == str(logs[0])).finished
    with open(logs[0], "ab") as handle:
        handle.write(b"".join(whole.splitlines(keepends=True)[30:]))
    grown, _ = _scan(folder)
    assert grown.read == 1 and next(g for g in grown.games if g.path == str(logs[0])).finished
    # replaced by another game under the same name
    other = play_game(["Ana", "Bot"], ["human", "bot:greedy"], ["strong", "greedy"], "other")
    logs[1].unlink()
    write_game(logs[1], other)
    replaced, _ = _scan(folder)
    assert replaced.read == 1
    assert next(g for g in replaced.games if g.path == str(logs[1])).totals == other[-1].totals
    # tampered with, keeping its size and modification time
    info = os.stat(logs[2])
    data = bytearray(logs[2].read_bytes())
    at = data.index(b'"seed":"') + 8
    data[at] = ord("X") if data[at] != ord("X") else ord("Y")
    logs[2].write_bytes(bytes(data))
    os.utime(logs[2], ns=(info.st_atime_ns, info.st_mtime_ns))
    tampered, warnings = _scan(folder)
    assert tampered.read == 1
    assert len(tampered.games) == 5 and str(logs[2]) in warnings[0]
    # deleted
    logs[3].unlink()
    deleted, _ = _scan(folder)
    assert deleted.read == 0 and len(deleted.games) == 4
    assert str(logs[3]) not in {g.path for g in deleted.games}


def test_a_damaged_cache_is_rebuilt_from_the_logs(people) -> None:
    folder, _games = people
    clean = stats_json(str(folder))
    cache = data_dir() / CACHE_NAME
    assert cache.is_file()
    cache.write_bytes(b"\x93\x01garbage")
    result = stats("--json", str(folder))
    assert "cache" in result.stderr and "rebuilt" in result.stderr
    import json

    assert _figures(json.loads(result.stdout)) == _figures(clean)
    found, warnings = _scan(folder)
    assert found.read == 0 and warnings == []


def test_a_folder_moved_elsewhere_is_read_again_and_says_the_same(people, tmp_path) -> None:
    folder, _games = people
    clean = stats_json(str(folder))
    moved = tmp_path / "moved"
    shutil.copytree(folder, moved)
    assert _figures(stats_json(str(moved))) == _figures(clean)
