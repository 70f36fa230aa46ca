"""`analyze` holds no more for a longer log (issue 31): each decision goes to the sidecar
and into the players' running figures (`analysis.tally`), and each round's figures to a
temporary file (`analysis.spilled_stats`), as they are counted; so a game three times as
long is judged in about the same memory, at most 1.25 times the peak plus 300 kB
(tracemalloc's, in one process, batches of 100 decision points, the planner's bounded
cache kept small), where holding every decision more than doubles it (tried). The
figures are those of every decision."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import msgspec
import pytest
from cli_helpers import make_runner
from helpers import endless_random_game

from rummy500_cli.analysis import stream_judge
from rummy500_cli.analysis.figures import costliest, summary
from rummy500_cli.analysis.sidecar import read_sidecar, sidecar_path
from rummy500_cli.bots.heuristics import hand
from rummy500_cli.cli.main import main
from rummy500_cli.records.log import encode_log

WARM = 200
SHORT = 800
LONG = 2_400


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """One game of three random bots that no one wins, cut at SHORT and LONG events."""
    events = endless_random_game(["A", "B", "C"], "flat-analysis", LONG)
    folder = tmp_path_factory.mktemp("long")
    paths = {}
    for count in (WARM, SHORT, LONG):
        paths[count] = folder / f"g{count}.jsonl"
        paths[count].write_bytes(encode_log(events[:count]))
    return paths


def test_analyze_holds_no_more_for_a_longer_log(
    logs: dict[int, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream_judge, "QUICK_BATCH", 100)
    monkeypatch.setattr(hand, "_KEPT_PLANS", 64)  # the planner's cache, bounded, kept small
    peaks = {}
    for count in (WARM, SHORT, LONG):  # the first run imports what the others use
        sidecar_path(logs[count]).unlink(missing_ok=True)
        hand._PLANS.clear()
        tracemalloc.start()
        try:
            result = make_runner().invoke(
                main, ["analyze", str(logs[count]), "--think", "1", "--jobs", "1"]
            )
            peaks[count] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert result.exit_code == 0, result.output
        if count == WARM:
            continue
        saved = read_sidecar(logs[count])
        assert saved is not None and len(saved.decisions) > count // 2
        # the figures are those of every decision, counted as they came
        blind = [
            msgspec.structs.replace(p, change=None, skill=None, luck=None) for p in saved.players
        ]
        assert blind == summary(saved.decisions, [0, 1, 2])
        for seat in (0, 1, 2):
            worst = costliest(saved.decisions, seat)
            assert len(worst) >= 3
            assert all(f"event {d.seq} round {d.round}: " in result.output for d in worst)
    assert peaks[LONG] < 1.25 * peaks[SHORT] + 300_000, peaks


def test_the_json_report_is_printed_in_pieces_as_one_text(capsys) -> None:
    """analyze --json prints a long array a thousand pieces at a time (`_echo_json`): the
    pieces make one JSON text, the commas between items and none before the first, across
    every flush; a raw control character that JSON leaves alone is written escaped."""
    import json

    from rummy500_cli.cli.analyze import _echo_json
    from rummy500_cli.render.printable import printable_json

    items = (b'{"n":%d,"s":"a\xc2\x9bb"}' % n for n in range(2500))  # U+009B raw
    _echo_json([b'{"decisions":[', items, b'],"after":[', iter(()), b"]}"], printable_json)
    out = capsys.readouterr().out
    said = json.loads(out)
    assert [d["n"] for d in said["decisions"]] == list(range(2500))
    assert said["after"] == [] and said["decisions"][7]["s"] == "a\x9bb"
    assert "\x9b" not in out
