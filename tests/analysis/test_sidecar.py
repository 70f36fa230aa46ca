"""The saved analysis (`GAME.analysis.jsonl`): written by analyze, read back whole, tied
to its log and its settings, rebuilt when stale; its committed JSON Schema is the code's."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner
from test_analysis import fed_kings

from rummy500_cli.analysis import stream_judge
from rummy500_cli.analysis.sidecar import (
    parse_sidecar,
    read_sidecar,
    sidecar_path,
    staleness,
)
from rummy500_cli.cli.main import main
from rummy500_cli.errors import LogError
from rummy500_cli.records.log import encode_log, read_log


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "kings.jsonl"
    path.write_bytes(encode_log(fed_kings()))
    return path


def analyze(*args: str):
    result = CliRunner().invoke(main, ["analyze", *args])
    assert result.exit_code == 0, result.output
    return result


class Counting:
    """The judge that analyze runs (`stream_judge.judge_stream`), counted: whether
    analyze judged again or read the sidecar."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        real = stream_judge.judge_stream

        def counted(*args, **kwargs):
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(stream_judge, "judge_stream", counted)


def test_analyze_saves_the_analysis_and_reads_it_back(log: Path, monkeypatch) -> None:
    counter = Counting(monkeypatch)
    first = json.loads(analyze(str(log), "--json").output)
    saved = sidecar_path(log)
    assert saved == log.with_name("kings.analysis.jsonl") and saved.is_file()
    assert first["saved"] == str(saved) and counter.calls == 1
    analysis = read_sidecar(log)
    assert analysis is not None
    assert msgspec.to_builtins(analysis.decisions) == first["decisions"]
    assert msgspec.to_builtins(analysis.players) == first["summary"]
    data = read_log(log)
    assert analysis.header.log_lines == len(data.lines)
    assert analysis.header.log_hash == data.last_hash
    assert staleness(analysis, data) is None
    again = json.loads(analyze(str(log), "--json").output)
    assert counter.calls == 1, "a fresh sidecar is read, not judged again"
    assert again == first
    assert analyze(str(log)).output.startswith("Decisions judged against the expert bot")


def test_a_changed_log_or_other_settings_make_it_stale(log: Path, monkeypatch) -> None:
    counter = Counting(monkeypatch)
    analyze(str(log), "--think", "20")
    assert counter.calls == 1
    analyze(str(log), "--think", "30")  # other settings: judged again, saved over
    assert counter.calls == 2
    assert read_sidecar(log).header.settings.think == 30  # type: ignore[union-attr]
    analyze(str(log), "--think", "30", "--seat", "Bob")
    assert counter.calls == 3
    # the game went on (here: a shorter log stands for any other state of it)
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:-1]))
    stale = read_sidecar(log)
    assert stale is not None
    assert staleness(stale, read_log(log)) == "the game's log has changed since it was analysed"
    analyze(str(log), "--think", "30", "--seat", "Bob")
    assert counter.calls == 4
    fresh = read_sidecar(log)
    assert fresh is not None and staleness(fresh, read_log(log)) is None


def test_a_damaged_sidecar_is_rebuilt_with_a_warning(log: Path, monkeypatch) -> None:
    counter = Counting(monkeypatch)
    sidecar_path(log).write_text('{"type":"analysis"}\n')
    result = CliRunner().invoke(main, ["analyze", str(log), "--think", "20"])
    assert result.exit_code == 0
    assert "warning:" in result.stderr and "analysing the game again" in result.stderr
    assert counter.calls == 1 and read_sidecar(log) is not None


def test_a_move_with_an_escape_sequence_is_refused(log: Path) -> None:
    """The moves of a saved analysis are printed on terminals: a file that smuggles an
    escape sequence into one is refused, and analyze judges the game again."""
    analyze(str(log), "--think", "20")
    path = sidecar_path(log)
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace('"played":"', '"played":"\\u001b[2J', 1)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match=":2: a move holds control characters"):
        read_sidecar(log)
    result = CliRunner().invoke(main, ["analyze", str(log), "--think", "20"])
    assert result.exit_code == 0 and "\x1b" not in result.stdout
    assert "a move holds control characters; analysing the game again" in result.stderr


def test_parse_errors_name_the_line() -> None:
    with pytest.raises(LogError, match="empty"):
        parse_sidecar(b"")
    with pytest.raises(LogError, match=":1: the first line is not an analysis header"):
        parse_sidecar(
            b'{"type":"summary","player":{"seat":0,"decisions":0,"accuracy":null,'
            b'"points_lost":0,"inaccuracies":0,"mistakes":0,"blunders":0,"unclear":0}}\n'
        )
    with pytest.raises(LogError, match=":2:"):
        parse_sidecar(
            b'{"type":"analysis","program":"x","log":"a","log_lines":1,"log_hash":"","settings":'
            b'{"think":1,"seats":[0],"judge":1,"model":1}}\n{"type":"decision"}\n'
        )


def test_export_carries_the_analysis_as_comments(log: Path) -> None:
    analyze(str(log), "--think", "20", "--seat", "Ann")
    analysis = read_sidecar(log)
    assert analysis is not None
    marked = [d for d in analysis.decisions if d.label]
    assert marked
    for fmt in ("text", "markdown"):
        text = CliRunner().invoke(main, ["export", "--format", fmt, str(log)]).output
        for decision in marked:
            assert f"{{{decision.label}: better " in text
        assert "Analysis" in text and "Ann: accuracy" in text
    # a stale analysis is left out, with a warning
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:-1]))
    result = CliRunner().invoke(main, ["export", str(log)])
    assert result.exit_code == 0 and "Ann: accuracy" not in result.stdout
    assert "the saved analysis is out of date" in result.stderr


def test_a_saved_analysis_is_not_listed_as_a_game(tmp_path: Path, monkeypatch, log: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from rummy500_cli.cli.paths import saves_dir

    folder = saves_dir()
    folder.mkdir(parents=True)
    game = folder / "kings.jsonl"
    game.write_bytes(log.read_bytes())
    analyze(str(game), "--think", "20")
    assert sidecar_path(game).is_file()
    listed = CliRunner().invoke(main, ["games"]).output
    assert (
        "kings.jsonl" in listed and ".analysis.jsonl" not in listed and "unreadable" not in listed
    )
