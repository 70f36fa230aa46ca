"""The sidecar written a decision at a time (`analysis.sidecar_writer`, what `analyze`
writes) is byte for byte the one `sidecar.write_sidecar` writes from whole lists, whole
or stopped; each decision read back for the report's JSON is its own encoding; an
unwritable folder or a full disk saves nothing and loses no decision of the report."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from helpers import ann_loses, judged

from rummy500_cli.analysis.figures import summary
from rummy500_cli.analysis.sidecar import Settings, encode_sidecar, read_sidecar, sidecar_path
from rummy500_cli.analysis.sidecar_writer import SidecarWriter
from rummy500_cli.errors import LogError
from rummy500_cli.records.log import encode_log, read_log

SETTINGS = Settings(think=100, seats=[0, 1], judge=1, model=1)
DECISIONS = [  # Ann's lost game, as tests/viewer's games judge it
    judged(3, 0, None, "draw", "draw", 0.0),
    judged(5, 0, "inaccuracy", "discard 2C", "discard 4S", 0.04),
    judged(8, 1, None, "discard 8D", "discard 6D", 0.01),
    judged(9, 0, "mistake", "draw", "take 1", 0.1),
    judged(10, 0, "blunder", "discard JH", "discard 4S", 0.2),
]


def game(folder: Path) -> Path:
    log = folder / "ann.jsonl"
    log.write_bytes(encode_log(ann_loses()))
    return log


@pytest.mark.parametrize("complete", [True, False])
def test_written_as_it_comes_equals_written_whole(tmp_path: Path, complete: bool) -> None:
    log = game(tmp_path)
    data = read_log(log)
    players = summary(DECISIONS, [0, 1]) if complete else []
    with SidecarWriter(log) as writer:
        for decision in DECISIONS:
            writer.add(decision)
        assert [*writer.decisions_json()] == [msgspec.json.encode(d) for d in DECISIONS]
        writer.add(DECISIONS[0])  # reading them back leaves the file to go on
        assert writer.finish(data, SETTINGS, players, complete=complete, empty=[4, 7]) == (
            sidecar_path(log)
        )
        assert {p.name for p in tmp_path.iterdir()} == {"ann.jsonl", "ann.analysis.jsonl"}
    whole = encode_sidecar(
        log, data, SETTINGS, [*DECISIONS, DECISIONS[0]], players, complete=complete, empty=[4, 7]
    )
    assert sidecar_path(log).read_bytes() == whole
    assert writer.body.closed


def test_a_folder_that_cannot_be_written_saves_nothing_and_the_report_keeps_every_decision(
    tmp_path: Path,
) -> None:
    data = read_log(game(tmp_path))
    gone = tmp_path / "gone" / "ann.jsonl"  # (root writes anywhere: a folder that is not)
    with SidecarWriter(gone) as writer:
        for decision in DECISIONS:
            writer.add(decision)
        with pytest.raises(LogError, match="cannot save the analysis: No such file or directory"):
            writer.finish(data, SETTINGS, summary(DECISIONS, [0, 1]))
        assert [*writer.decisions_json()] == [msgspec.json.encode(d) for d in DECISIONS]
    assert not gone.parent.exists()


def test_a_full_disk_saves_nothing_and_the_report_keeps_every_decision(tmp_path: Path) -> None:
    log = game(tmp_path)
    data = read_log(log)
    with SidecarWriter(log) as writer:
        real = writer.body.write
        written = []

        def filling(line: bytes) -> int:
            if len(written) == 2:  # the third line is cut short, and the disk is full
                real(line[:9])
                raise OSError(28, "No space left on device")
            written.append(line)
            return real(line)

        writer.body.write = filling  # type: ignore[method-assign]
        for decision in DECISIONS:
            writer.add(decision)
        assert [*writer.decisions_json()] == [msgspec.json.encode(d) for d in DECISIONS]
        with pytest.raises(LogError, match="No space left on device"):
            writer.finish(data, SETTINGS, summary(DECISIONS, [0, 1]))
    assert read_sidecar(log) is None
