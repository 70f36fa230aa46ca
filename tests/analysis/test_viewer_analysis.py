"""The saved analysis in the replay viewer, in a real pseudo-terminal (pexpect): the mark
keys (b m i, and B M I back) jump to the judged decisions and show the move played
against the better ones; e shows each seat's chance of winning over the game, in Unicode
blocks or, under --ascii, in ASCII, with the cursor marked, and the players' accuracy."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers import judged
from pty_helpers import Terminal, env  # noqa: F401 - env is a fixture
from test_analysis import fed_kings

from rummy500_cli.analysis.figures import summary
from rummy500_cli.analysis.judge import Decision
from rummy500_cli.analysis.sidecar import Settings, write_sidecar
from rummy500_cli.records.log import encode_log, read_log

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)


def decision(seq: int, label: str | None, played: str, best: str, drop: float) -> Decision:
    return judged(seq, 0, label, played, best, drop)


@pytest.fixture
def analysed(tmp_path: Path) -> Path:
    """Ann's three discards of the fed-Kings game, judged by hand: an inaccuracy, a
    mistake and a blunder (the sidecar as analyze writes it)."""
    log = tmp_path / "kings.jsonl"
    log.write_bytes(encode_log(fed_kings()))
    data = read_log(log)
    discards = [
        seq for seq, event in enumerate(data.events) if getattr(event, "card", None) == "KH"
    ][:1]
    discards += [
        seq
        for seq, event in enumerate(data.events)
        if type(event).__name__ == "Discarded" and event.seat == 0 and event.card in ("KC", "KD")
    ]
    marks = [
        decision(discards[0], "inaccuracy", "discard KH", "discard 2C", 0.04),
        decision(discards[1], "mistake", "discard KC", "discard 2D", 0.1),
        decision(discards[2], "blunder", "discard KD", "discard 2C", 0.2),
    ]
    settings = Settings(think=100, seats=[0], judge=1, model=1)
    write_sidecar(log, data, settings, marks, summary(marks, [0]))
    return log


def test_mark_keys_jump_to_the_judged_decisions(analysed: Path, env) -> None:  # noqa: F811
    term = Terminal(["replay", "--as", "all", str(analysed)], env)
    term.shows("Press ? for the keys")
    term.press("b")
    view = term.shows("blunder 1 of 1")
    assert "Analysis of event" in view and "blunder; played discard K♦" in view
    assert "discard K♦ (played): about -18 points, win chance 30%" in view
    assert "discard 2♣: about +12 points, win chance 50%" in view
    assert "drop in the chance of winning: 20% (18%-22%) over 24 deals" in view
    term.press("b")
    term.shows("no blunder after this position (1 in the game)")
    term.press("M")
    assert "mistake; played discard K♣" in term.shows("mistake 1 of 1")
    term.press("I")
    assert "inaccuracy; played discard K♥" in term.shows("inaccuracy 1 of 1")
    term.press("i")
    term.shows("no inaccuracy after this position")
    term.press("e")
    graph = term.shows("Chance of winning over the game")
    graph = term.shows("Ann: accuracy")
    assert "█" in graph and "^" in graph and "1 mistake, 1 blunder" in graph
    term.press("e")
    term.shows("Analysis of event")
    term.quit()


def test_another_seat_s_moves_stay_hidden(analysed: Path, env) -> None:  # noqa: F811
    """The game is unfinished: an onlooker (the default) and Bob's eyes see the marks of
    Ann's decisions, not the moves weighed (they would tell her cards); Ann sees hers."""
    for args in ([], ["--as", "Bob"]):
        term = Terminal(["replay", *args, str(analysed)], env)
        term.shows("Press ? for the keys")
        term.press("b")
        view = term.shows("the moves weighed hide Ann's hand")
        assert "blunder" in view and "discard 2♣" not in view
        term.quit()
    term = Terminal(["replay", "--as", "Ann", str(analysed)], env)
    term.shows("Press ? for the keys")
    term.press("b")
    assert "discard 2♣: about +12 points" in term.shows("blunder 1 of 1")
    term.quit()


def test_the_graph_falls_back_to_ascii(analysed: Path, env) -> None:  # noqa: F811
    term = Terminal(["replay", "--ascii", str(analysed)], env)
    term.shows("Press ? for the keys")
    term.press("e")
    graph = term.shows("Ann: accuracy")
    assert "@" in graph and "^" in graph and "█" not in graph
    term.quit()


def test_without_a_saved_analysis_the_keys_say_what_to_run(tmp_path: Path, env) -> None:  # noqa: F811
    log = tmp_path / "kings.jsonl"
    log.write_bytes(encode_log(fed_kings()))
    term = Terminal(["replay", str(log)], env)
    term.shows("Press ? for the keys")
    term.press("m")
    term.shows("no analysis saved: run rummy500 analyze on this game first")
    term.press("e")
    term.quit()


def test_a_stale_analysis_is_not_shown(analysed: Path, env) -> None:  # noqa: F811
    """The log went on after the analysis (here: its last line is cut off)."""
    lines = analysed.read_bytes().splitlines(keepends=True)
    analysed.write_bytes(b"".join(lines[:-1]))
    term = Terminal(["replay", str(analysed)], env)
    term.shows("Press ? for the keys")
    term.press("b")
    term.shows("the saved analysis is out of date")
    term.quit()
