"""The judge's quick form (`analysis.screen`): efforts below `QUICK_BELOW` are screened
(one deal, each move valued at the end of its turn, no labels), efforts from it on are
sampled as before; the screen says so in the text, the JSON, the saved analysis, the
export and the viewer's panel, and its costliest decisions come from its estimates."""

from __future__ import annotations

import json
from pathlib import Path

import helpers
import msgspec
import pytest
from click.testing import CliRunner

from rummy500_cli.analysis.judge import judge_decisions
from rummy500_cli.analysis.screen import QUICK_BELOW, QUICK_WORDS, quick
from rummy500_cli.analysis.sidecar import read_sidecar, sidecar_path
from rummy500_cli.cli.main import main
from rummy500_cli.line import played_line
from rummy500_cli.records.audit import read_checked
from rummy500_cli.render.analysis import QUICK_SHORT, decision_panel
from rummy500_cli.render.style import Style


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three rounds of a person (a random bot's moves, with takebacks) against greedy."""
    path = tmp_path_factory.mktemp("quick") / "g.jsonl"
    return helpers.takebacks_game(path, 7, ["human", "bot:greedy"], "quick")


def line_events(path: Path) -> list:
    return played_line(read_checked(path)[0].events).events


def test_the_threshold() -> None:
    assert QUICK_BELOW == 5 and quick(1) and quick(4) and not quick(5) and not quick(100)
    assert "below 5" in QUICK_WORDS and "labels nothing" in QUICK_WORDS


def test_below_the_threshold_the_screen_weighs_and_labels_nothing(game: Path) -> None:
    events = line_events(game)
    for think in (1, QUICK_BELOW - 1):
        screened = judge_decisions(events, [0, 1], think=think, jobs=1)
        assert len(screened) > 20
        for d in screened:
            assert d.quick is True and d.label is None and d.samples == 1
            assert (d.drop_low, d.drop_high) == (0.0, 1.0)  # one deal: no interval
            assert d.moves[0].move == d.best and d.played in [m.move for m in d.moves]
            played = next(m for m in d.moves if m.move == d.played)
            drop = max(0.0, d.moves[0].win_chance - played.win_chance)
            assert d.win_drop == pytest.approx(drop, abs=2e-4)  # (each rounded to 4 places)
            assert d.points_lost == pytest.approx(d.moves[0].points - played.points, abs=0.2)
        assert any(d.costly for d in screened)  # its point estimates still find losses
    assert judge_decisions(events, [0, 1], think=2, jobs=1) == judge_decisions(
        events, [0, 1], think=3, jobs=1
    )  # the screen has no budget: every effort below the threshold is the same


def test_from_the_threshold_on_the_deals_are_sampled(game: Path) -> None:
    sampled = judge_decisions(line_events(game), [0, 1], think=QUICK_BELOW, jobs=1)
    assert len(sampled) > 20
    assert all(d.quick is msgspec.UNSET and d.samples >= 2 for d in sampled)
    assert any(d.drop_high < 1.0 for d in sampled)


def test_analyze_says_it_screened(game: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    log.write_bytes(game.read_bytes())
    runner = CliRunner()
    result = runner.invoke(main, ["analyze", str(log), "--think", "1", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["quick"] is True and data["think"] == 1
    assert all(d["quick"] is True and d["label"] is None for d in data["decisions"])
    assert data["seats"] == [0] and data["costliest"]["0"]  # (the person's seat)
    saved = read_sidecar(log)
    assert saved is not None and saved.header.settings.quick is True
    text = runner.invoke(main, ["analyze", str(log), "--think", "1", "--jobs", "1"]).output
    assert QUICK_WORDS in text.replace("\n", " ")
    assert "no labels: the quick screen gives none" in text
    assert "no inaccuracy, mistake or blunder found" not in text
    assert "(a quick screen: no labels)" in text and "0 mistakes" not in text
    costly = [line for line in text.splitlines() if line.startswith("    1. event")]
    assert len(costly) == 1 and all(QUICK_SHORT in line for line in costly)
    exported = runner.invoke(main, ["export", str(log)]).output
    assert f"(--think 1: {QUICK_WORDS})" in exported.replace("\n", " ")
    sampled = runner.invoke(main, ["analyze", str(log), "--think", "5", "--jobs", "1", "--json"])
    data = json.loads(sampled.stdout)
    assert "quick" not in data and all("quick" not in d for d in data["decisions"])
    saved = read_sidecar(log)
    assert saved is not None and saved.header.settings.quick is msgspec.UNSET
    assert b"quick" not in sidecar_path(log).read_bytes()
    text = runner.invoke(main, ["analyze", str(log), "--think", "5", "--jobs", "1"]).output
    assert "quick" not in text


def test_an_analysis_saved_at_effort_1_by_the_sampled_judge_is_done_again(
    game: Path, tmp_path: Path
) -> None:
    """Before the screen, --think 1 sampled deals; such a sidecar (settings without
    `quick`) is not taken for the screen's."""
    log = tmp_path / "g.jsonl"
    log.write_bytes(game.read_bytes())
    args = ["analyze", str(log), "--think", "1", "--jobs", "1", "--json"]
    first = CliRunner().invoke(main, args).stdout
    path = sidecar_path(log)
    head, rest = path.read_bytes().split(b"\n", 1)
    assert b',"quick":true}' in head
    path.write_bytes(head.replace(b',"quick":true}', b"}") + b"\n" + rest)
    assert CliRunner().invoke(main, args).stdout == first
    assert path.read_bytes().split(b"\n", 1)[0] == head  # judged again and saved anew


def test_the_viewer_panel_says_it_screened(game: Path) -> None:
    screened = judge_decisions(line_events(game), [0, 1], think=1, jobs=1)
    costly = next(d for d in screened if d.costly)
    lines = decision_panel(costly, ["Ann", "Bob"], Style())
    assert any(QUICK_SHORT in line for line in lines)
    assert not any("over 1 deals" in line for line in lines)


def test_the_quick_summary_line_keeps_a_name_with_a_semicolon() -> None:
    """A player's line under the screen drops the label counts, not part of the name."""
    from rummy500_cli.analysis.figures import PlayerSummary
    from rummy500_cli.render.analysis import summary_line

    player = PlayerSummary(
        seat=0,
        decisions=12,
        accuracy=81.0,
        points_lost=40.0,
        inaccuracies=0,
        mistakes=0,
        blunders=0,
        unclear=0,
    )
    assert summary_line(player, "Ana; Bo", quick=True) == (
        "Ana; Bo: accuracy 81, 12 decisions weighed, 40 expected points lost "
        "(a quick screen: no labels)"
    )
    assert summary_line(player, "Ana; Bo").endswith("lost; 0 inaccuracies, 0 mistakes, 0 blunders")
