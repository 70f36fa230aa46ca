"""The words of the analysis (issues 27 and 28): the missed plays drawn as every other
card is (♣, or letters under --ascii); the viewer's graph page gives luck against skill."""

from __future__ import annotations

from pathlib import Path

from rummy500_cli.analysis.figures import PlayerSummary, game_stats
from rummy500_cli.records.log import read_log
from rummy500_cli.render.analysis import analysis_text, fortune_words, summary_panel
from rummy500_cli.render.style import Style

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def test_the_missed_plays_are_drawn_as_cards() -> None:
    stats = game_stats(read_log(REPLAYS / "four-players.jsonl").events)
    assert stats.rounds[1].seats[1].missed[:1] == ["meld AS AH AC"]  # the data: commands
    players = ["Ana", "Bob", "Cy", "Dee"]
    shown = analysis_text(players, [1], [], [], stats, style=Style())
    assert "missed: meld A♠ A♥ A♣; meld A♥ 2♥ 3♥" in shown
    letters = Style(ascii=True).text(
        analysis_text(players, [1], [], [], stats, style=Style(ascii=True))
    )
    assert "missed: meld AS AH AC; meld AH 2H 3H" in letters and "♣" not in letters


def test_the_graph_page_gives_luck_against_skill() -> None:
    player = PlayerSummary(
        seat=0, decisions=10, accuracy=80.0, points_lost=12.0, inaccuracies=1, mistakes=0,
        blunders=0, unclear=0, change=-0.4, skill=-0.18, luck=-0.22,
    )  # fmt: skip
    lines = summary_panel([player], ["Ana"])
    assert lines[-1] == (
        "  Ana: decisions -18% win chance, cards -22% (in all -40%): "
        "an unlucky game played a little worse than the expert"
    )
    old = PlayerSummary(
        seat=0, decisions=1, accuracy=None, points_lost=0, inaccuracies=0, mistakes=0,
        blunders=0, unclear=0,
    )  # fmt: skip
    assert len(summary_panel([old], ["Ana"])) == 1  # saved before luck and skill: no line
    assert fortune_words(0.0, 0.0) == "an even game played about as the expert would"
    assert fortune_words(0.05, 0.2) == "a lucky game played better than the expert"
    assert fortune_words(-0.1, 0.0) == "an even game played a little worse than the expert"
    assert fortune_words(-0.3, -0.5) == "an unlucky game played worse than the expert"
