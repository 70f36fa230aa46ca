"""Analysis that teaches (issue 28): a stacked-deck game that Ann loses through three
named bad decisions, which `analyze` lists as her costliest, the viewer's `c` key visits
in order and export comments; luck and skill add up to the change in the chance of
winning; the hint and the analysis rank the same position alike."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import ANN_BAD, ann_loses

from rummy500_cli.analysis.figures import costliest, costliest_marks
from rummy500_cli.analysis.fortunes import fortunes
from rummy500_cli.analysis.hint import judged_hint
from rummy500_cli.analysis.judge import Decision, judge_decisions
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.analysis.sidecar import read_sidecar
from rummy500_cli.cli.main import main
from rummy500_cli.cli.viewer import CostlyTour
from rummy500_cli.records.log import encode_log
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

BAD = ANN_BAD
game = ann_loses


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The game's log, analysed for Ann by `rummy500 analyze` (its report)."""
    log = tmp_path_factory.mktemp("costliest") / "ann.jsonl"
    log.write_bytes(encode_log(game()))
    result = CliRunner().invoke(main, ["analyze", str(log), "--seat", "Ann"])
    assert result.exit_code == 0, result.output
    return log, result.output


def test_the_game_is_lost_as_told() -> None:
    state = fold(game())
    assert state.over and state.winner == 1 and state.totals == [10, 85]


def test_analyze_lists_the_three_bad_decisions_as_the_costliest(analysed) -> None:
    log, report = analysed
    section = report.split("Costliest decisions (labelled or not, the worst first):\n")[1]
    lines = section.split("\n\n")[0].splitlines()
    assert lines[0] == "  Ann:"
    worst = lines[1:4]
    assert re.match(
        r"    1\. event 3 round 1: draw; better take 1: about \d+ points and \d+%", worst[0]
    )
    assert re.match(r"    2\. event 9 round 1: draw; better take 3: about \d+ points", worst[1])
    assert re.match(r"    3\. event 10 round 1: discard J♥; better lay J♥ on 1", worst[2])
    for line in worst:
        assert re.search(r"win chance lost \(\d+%-\d+%; (mistake|blunder|unclear)", line)
    data = json.loads(
        CliRunner().invoke(main, ["analyze", str(log), "--seat", "0", "--json"]).output
    )
    assert data["costliest"]["0"][:3] == list(BAD)
    played = {d["seq"]: d["played"] for d in data["decisions"]}
    assert {seq: played[seq] for seq in BAD} == BAD
    # points and win chance are said where they first appear
    assert "points: a move's expected score this round against the other players' mean" in report


def test_a_game_without_labels_still_has_costliest_decisions() -> None:
    """The issue's complaint: losses tied to no move. Any decision that lost anything
    is among the costliest, labelled or not."""
    figures = ((5, 0.01, 2.0), (7, 0.0, 0.0), (9, 0.02, 1.0), (11, 0.0, 4.0), (13, 0.005, 0.5))
    made = [
        Decision(
            seq=seq, round=1, seat=0, step="draw", played="draw",
            best="take 1" if drop or lost else "draw", points_lost=lost, win_chance=0.5,
            win_drop=drop, drop_low=0.0, drop_high=drop + 0.01, label=None, samples=4,
        )
        for seq, drop, lost in figures
    ]  # fmt: skip
    assert [d.seq for d in costliest(made, 0)] == [9, 5, 13]
    assert [d.seq for d in costliest_marks(made)] == [9, 5, 13]


def test_the_viewer_key_visits_them_in_order(analysed) -> None:
    log, _report = analysed
    saved = read_sidecar(log)
    assert saved is not None
    tour = CostlyTour(saved.decisions)
    count = len(tour.marks)  # the three, and any small loss of her other decisions
    visited = [tour.step().seq for _ in range(count)]
    assert visited[:3] == list(BAD) and count < 6
    assert f"costliest decision {count} of {count}: Ann" in tour.message(["Ann", "Bob"])
    assert tour.step().seq == 3  # round again: always somewhere to go
    assert tour.step(back=True).seq == visited[-1]  # and back round the other way
    assert [tour.step(back=True).seq for _ in range(count - 1)] == visited[-2::-1]
    assert CostlyTour([]).step() is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals: Linux")
def test_the_viewer_key_in_a_terminal(analysed, tmp_path: Path) -> None:
    from pty_helpers import Terminal

    log, _report = analysed
    environment = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1")
    environment.pop("COLUMNS", None)
    environment.pop("LINES", None)
    term = Terminal(["replay", "--as", "all", str(log)], environment)
    term.shows("Press ? for the keys")
    term.press("c")
    view = term.shows("costliest decision 1 of ")
    assert "Analysis of event 3 (Ann)" in view and "draw (played)" in view
    assert "below 0: behind them" in view  # the negative points, explained
    term.press("c")
    assert "Analysis of event 9 (Ann)" in term.shows("costliest decision 2 of ")
    term.press("c")
    assert "played discard J♥" in term.shows("costliest decision 3 of ")
    term.press("C")
    assert "Analysis of event 9 (Ann)" in term.shows("costliest decision 2 of ")
    term.quit()


def test_export_comments_the_costliest(analysed) -> None:
    log, _report = analysed
    text = CliRunner().invoke(main, ["export", str(log)]).output
    assert text.count("{mistake") + text.count("{blunder") + text.count("{unclear") >= 3
    assert re.search(r"Ann: decisions [+-]?\d+% win chance, cards [+-]?\d+%", text)


def test_luck_and_skill_add_up_to_the_change(analysed) -> None:
    log, report = analysed
    saved = read_sidecar(log)
    assert saved is not None
    (ann,) = saved.players
    assert ann.change == -0.5  # lost: from an even share to nothing
    assert ann.skill is not None and ann.luck is not None
    assert ann.skill + ann.luck == pytest.approx(ann.change, abs=1e-9)
    assert ann.skill < -0.2  # three mistakes, each against the expert's first choice
    assert re.search(r"  Ann: decisions -\d+% win chance, cards [+-]?\d+% \(in all -50%\)", report)


def test_luck_and_skill_add_up_in_a_seeded_game_of_three() -> None:
    rules = make_rules({"target": 150})
    _, events = bot_game(3, rules, "luck/1", ("greedy", "strong", "random"))
    seats = [0, 1, 2]
    decisions = judge_decisions(events, seats, think=10, jobs=1)
    split = fortunes(events, decisions, seats)
    state = fold(events)
    for seat in seats:
        figures = split[seat]
        won = 1.0 if seat == state.winner else 0.0
        assert figures["change"] == pytest.approx(won - 1 / 3, abs=1e-4)
        assert figures["skill"] + figures["luck"] == pytest.approx(figures["change"], abs=1e-9)
    assert sum(split[seat]["change"] for seat in seats) == pytest.approx(0, abs=1e-3)


def test_the_hint_and_the_analysis_rank_a_position_alike() -> None:
    """Before her second draw (log line 9), the hint ranks Ann's moves by the chance of
    winning it shows; the analysis of the game in which she follows it (take 3) weighs
    the same candidates on the same deals and ranks them the same."""
    before = game(moves_before=6)
    hint = judged_hint(before, fold(before))
    assert hint is not None
    shown = [move.win_chance for move in hint.decision.moves]
    assert shown == sorted(shown, reverse=True)
    first = hint.actions[0].text()
    assert first == "take 3"
    followed = game(moves_before=6, instead=first)
    (decision,) = [d for d in judge_decisions(followed, [0]) if d.seq == len(before)]
    assert decision.played == decision.best == first and decision.label is None
    assert [m.move for m in decision.moves] == [m.move for m in hint.decision.moves]
    assert decision.moves == hint.decision.moves


def test_ctrl_c_keeps_what_is_finished_and_a_rerun_goes_on(tmp_path: Path, monkeypatch) -> None:
    """Ctrl-C after a few positions: exit 130, the sidecar holds the decisions weighed
    (incomplete); the same command goes on from there, weighs only the rest, and ends
    with the analysis a run never stopped gives."""
    from rummy500_cli.analysis import judge, stream_judge

    log = tmp_path / "ann.jsonl"
    log.write_bytes(encode_log(game()))
    whole = tmp_path / "whole.jsonl"
    whole.write_bytes(log.read_bytes())
    runner = CliRunner()
    assert runner.invoke(main, ["analyze", str(whole), "--jobs", "1", "--json"]).exit_code == 0
    real = stream_judge._judge_point  # (what analyze runs for each position)
    calls: list[int] = []

    def stopping(index: int):
        calls.append(index)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(index)

    monkeypatch.setattr(stream_judge, "_judge_point", stopping)
    stopped = runner.invoke(main, ["analyze", str(log), "--jobs", "1"])
    assert stopped.exit_code == 130
    assert "stopped: 3 positions weighed, saved in" in stopped.output
    saved = read_sidecar(log)
    assert saved is not None and not saved.header.complete and not saved.players
    assert "stopped before its end" in CliRunner().invoke(main, ["export", str(log)]).output
    calls.clear()
    monkeypatch.setattr(
        stream_judge, "_judge_point", lambda index: (calls.append(index), real(index))[1]
    )
    again = runner.invoke(main, ["analyze", str(log), "--jobs", "1"])
    assert again.exit_code == 0 and "going on from the 3 positions weighed" in again.output
    assert len(calls) == len(judge.decision_points(game(), [0, 1])) - 3
    finished, fresh = read_sidecar(log), read_sidecar(whole)
    assert finished is not None and fresh is not None and finished.header.complete
    assert finished.decisions == fresh.decisions and finished.players == fresh.players


def test_a_stopped_analysis_is_only_what_ctrl_c_writes(tmp_path: Path) -> None:
    """A sidecar marked stopped holds the decisions so far, in order, and no summary;
    anything else marked stopped is not gone on from."""
    import msgspec

    from rummy500_cli.analysis.sidecar import (
        Analysis,
        DecisionLine,
        SummaryLine,
        parse_sidecar,
    )
    from rummy500_cli.errors import LogError

    def problem(analysis: Analysis) -> str | None:
        lines = [analysis.header, *(DecisionLine(decision=d) for d in analysis.decisions)]
        lines += [SummaryLine(player=p) for p in analysis.players]
        try:
            parse_sidecar(b"\n".join(msgspec.json.encode(line) for line in lines))
        except LogError as error:
            return str(error)
        return None

    log = tmp_path / "ann.jsonl"
    log.write_bytes(encode_log(game()))
    assert CliRunner().invoke(main, ["analyze", str(log), "--seat", "Ann"]).exit_code == 0
    whole = read_sidecar(log)
    assert whole is not None and problem(whole) is None
    stopped = msgspec.structs.replace(whole.header, complete=False)
    assert problem(Analysis(header=stopped, decisions=whole.decisions, players=[])) is None
    assert "holds summaries" in str(problem(msgspec.structs.replace(whole, header=stopped)))
    backwards = Analysis(header=stopped, decisions=whole.decisions[::-1], players=[])
    assert "out of order" in str(problem(backwards))
    bob = [msgspec.structs.replace(d, seat=1) for d in whole.decisions]
    assert "seat 1, which was not judged" in str(
        problem(Analysis(header=stopped, decisions=bob, players=[]))
    )
