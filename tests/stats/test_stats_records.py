"""Records from folders of seeded games whose results are known: every figure equals
the count taken from the logs' own end lines, and simulate's own summary of the run."""

from __future__ import annotations

import json
from pathlib import Path

from stats_games import play_game, runner, stats, stats_json, winner_names, write_game

from rummy500_cli.cli.main import main
from rummy500_cli.events import SeatChanged


def test_a_person_s_record_is_the_count_of_the_logs(people) -> None:
    folder, games = people
    wins = sum("Ana" in winner_names(events) for events in games)
    found = stats_json(str(folder))
    assert found["games"] == found["counted"] == 6
    ana = next(p for p in found["players"] if p["name"] == "Ana")
    assert (ana["kind"], ana["games"], ana["wins"]) == ("human", 6, wins)
    finals = [events[-1].totals[0] for events in games]
    assert ana["mean_final"] == round(sum(finals) / 6, 1)
    assert ana["best"]["final"] == max(finals) and ana["worst"]["final"] == min(finals)
    bot = next(p for p in found["players"] if p["name"] == "greedy")
    assert (bot["kind"], bot["games"], bot["wins"]) == ("bot", 6, 6 - wins)
    # Ana won games 0, 2, 3, 4 and 5 of the seeds (the streak now is the last four)
    results = ["Ana" in winner_names(events) for events in games]
    assert results == [True, False, True, True, True, True]
    assert (ana["longest_streak"], ana["streak"]) == (4, 4)
    assert bot["streak"] == -4


def test_records_of_a_simulate_run_are_simulate_s_own(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = runner().invoke(
        main,
        [
            "simulate",
            "--games",
            "8",
            "--players",
            "3",
            "--bots",
            "random,greedy",
            "--json",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    found = stats_json(str(out))
    for level, figures in summary["levels"].items():
        mine = next(p for p in found["players"] if p["name"] == level)
        assert mine["kind"] == "bot"
        assert mine["games"] == figures["seat_games"]
        assert mine["wins"] == figures["wins"]
        assert mine["mean_final"] == round(figures["mean_final"], 1)
        assert mine["mean_round"] == round(figures["mean_round"], 1)


def test_head_to_head_and_last(people) -> None:
    folder, _games = people
    page = stats_json(str(folder), "--player", "ana")
    (meeting,) = page["head_to_head"]
    assert (meeting["opponent"], meeting["kind"], meeting["games"]) == ("greedy", "bot", 6)
    assert (meeting["wins"], meeting["opponent_wins"]) == (5, 1)
    last = stats_json(str(folder), "--player", "Ana", "--last", "2")
    assert (last["record"]["games"], last["record"]["wins"]) == (2, 2)
    assert page["by_players"]["2 players"]["games"] == 6
    assert list(page["by_rules"]) == ["standard"]


def test_alias_joins_names_and_apart_games_are_apart(people, tmp_path: Path) -> None:
    folder, _games = people
    other = play_game(["ana", "Bot"], ["human", "bot:greedy"], ["strong", "greedy"], "x-1")
    write_game(folder / "20260102-120000-seedx1.jsonl", other)
    tutored = play_game(
        ["Ana", "Bot"], ["human", "bot:greedy"], ["strong", "greedy"], "t-1", tutored=True
    )
    write_game(folder / "20260102-120001-seedt1.jsonl", tutored)
    branched = play_game(
        ["Ana", "Bot"], ["human", "bot:greedy"], ["strong", "greedy"], "b-1", parent="gone.jsonl"
    )
    write_game(folder / "20260102-120002-seedb1.jsonl", branched)
    undone = play_game(
        ["Ana", "Bot"], ["human", "bot:greedy"], ["strong", "greedy"], "u-1", takeback=True
    )
    write_game(folder / "20260102-120003-seedu1.jsonl", undone)
    apart = stats_json(str(folder))
    names = {p["name"]: p["games"] for p in apart["players"]}
    assert names["Ana"] == 6 and names["ana"] == 1
    whys = {part["why"]: part["games"] for part in apart["apart"]}
    assert whys == {"tutored": 1, "takebacks": 1, "branched": 1}
    assert apart["games"] == 10 and apart["counted"] == 7
    joined = stats_json(str(folder), "--alias", "ana=Ana")
    assert {p["name"]: p["games"] for p in joined["players"]}["Ana"] == 7
    assert "ana" not in {p["name"] for p in joined["players"]}
    text = stats(str(folder)).stdout
    assert "Counted apart: 1 game tutored" in text
    assert "Counted apart: 1 game branched from another game" in text
    assert "Counted apart: 1 game with takebacks; wins: Ana " in text


def test_since_counts_games_from_a_day(people) -> None:
    folder, _games = people
    assert stats_json(str(folder), "--since", "2026-01-01")["counted"] == 6
    assert stats_json(str(folder), "--since", "2026-01-02")["counted"] == 0


def test_partners_share_their_side_s_win(tmp_path: Path) -> None:
    from rummy500_cli.variants import make_rules

    rules = make_rules(variant="partnership")
    events = play_game(
        ["Ana", "Bo", "Cy", "Di"],
        ["human", "bot:greedy", "human", "bot:greedy"],
        ["strong", "greedy", "strong", "greedy"],
        "sides-1",
        rules,
    )
    write_game(tmp_path / "g" / "20260101-120000-seeds.jsonl", events)
    found = stats_json(str(tmp_path / "g"))
    won = set(winner_names(events))
    assert len(won) == 2
    for player in found["players"]:
        expected = player["name"] in won or (player["name"] == "greedy" and "Bo" in won)
        assert player["wins"] == (2 if player["name"] == "greedy" and expected else int(expected))
    page = stats_json(str(tmp_path / "g"), "--player", "Ana")
    assert [m["opponent"] for m in page["head_to_head"]] == ["greedy"]  # Cy is a partner
    pools = stats_json(str(tmp_path / "g"), "--ratings")["ratings"]
    assert list(pools) == ["partnership sides"]


def test_a_seat_counts_for_who_made_most_of_its_moves(tmp_path: Path) -> None:
    early = play_game(
        ["Ana", "Bot"], ["human", "bot:random"], ["greedy", "random"], "h-1", hand_over=2
    )
    late = play_game(
        ["Ana", "Bot"], ["human", "bot:random"], ["greedy", "random"], "h-2", hand_over=100
    )
    write_game(tmp_path / "g" / "a.jsonl", early)
    write_game(tmp_path / "g" / "b.jsonl", late)
    assert any(isinstance(event, SeatChanged) for event in late)  # it changed hands late
    players = {
        (p["name"], p["kind"]): p["games"] for p in stats_json(str(tmp_path / "g"))["players"]
    }
    assert players == {("Ana", "human"): 1, ("greedy", "bot"): 1, ("random", "bot"): 2}
