"""`rummy500 stats` through click: the table fits the terminal, CSV and JSON say the
same, a player's page has its charts, bad options are refused in one line; and the
line at the end of a game."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from stats_games import play_game, stats, stats_json, write_game

from rummy500_cli.cli.paths import saves_dir
from rummy500_cli.stats.after_game import after_game, record_line
from rummy500_cli.stats.ratings import ladder_for
from rummy500_cli.stats.ratings import points as rating_points
from rummy500_cli.stats.scan import scan


def test_the_table_fits_the_width(people) -> None:
    folder, _games = people
    for columns in (40, 60, 200):
        result = stats(str(folder), columns=columns)
        assert result.exit_code == 0, result.stderr
        lines = result.stdout.splitlines()
        assert lines[0] == "6 games counted, of 6 found."
        table = lines[1:4]
        assert all(len(line) <= columns for line in table), (columns, table)
        assert table[0].split()[:4] == ["player", "games", "wins", "win%"]
        assert table[1].split()[:4] == ["Ana", "6", "5", "83.3"]
    wide = stats(str(folder), columns=200).stdout.splitlines()[1]
    assert "best" in wide and "streak" in wide and "rating" in wide
    narrow = stats(str(folder), columns=40).stdout.splitlines()[1]
    assert "best" not in narrow


def test_csv_has_the_json_s_figures(people) -> None:
    folder, _games = people
    rows = list(csv.DictReader(io.StringIO(stats("--csv", str(folder)).stdout)))
    found = stats_json(str(folder))
    assert [(r["name"], int(r["games"]), int(r["wins"])) for r in rows] == [
        (p["name"], p["games"], p["wins"]) for p in found["players"]
    ]
    ladder = list(csv.DictReader(io.StringIO(stats("--csv", "--ratings", str(folder)).stdout)))
    assert {r["name"] for r in ladder} == {"Ana", "greedy"}
    versus = list(
        csv.DictReader(io.StringIO(stats("--csv", "--player", "Ana", str(folder)).stdout))
    )
    assert versus[0]["opponent"] == "greedy" and versus[0]["wins"] == "5"


def test_by_rules_and_players(people) -> None:
    folder, _games = people
    text = stats("--by", "players", str(folder)).stdout
    assert "\n2 players:\n" in text
    rows = stats_json("--by", "rules", str(folder))["players"]
    assert {row["rules"] for row in rows} == {"standard"}


def test_a_player_s_page_has_its_charts(people) -> None:
    folder, _games = people
    page = stats("--player", "Ana", str(folder), columns=60)
    assert page.exit_code == 0, page.stderr
    text = page.stdout
    assert text.startswith("Ana\n6 games, 5 wins: 83.3% (95% CI ")
    assert "Head to head:" in text and "greedy (bot)" in text
    assert "Win rate against each bot level:" in text and "█" in text
    assert "Rating history, standard 2p:" in text and "6 games" in text
    assert all(len(line) <= 60 for line in text.splitlines() if "│" in line)
    ascii_page = stats("--player", "Ana", "--ascii", str(folder), columns=60).stdout
    assert "█" not in ascii_page and "#" in ascii_page
    ladder = stats("--ratings", str(folder)).stdout
    assert "Ratings: standard 2p" in ladder and "anchor" in ladder and "provisional" in ladder


def test_bad_options_are_one_line(people) -> None:
    folder, _games = people
    bad = stats("--alias", "nobody", str(folder))
    assert bad.exit_code == 2 and "write OLD=NEW" in bad.stderr
    unknown = stats("--player", "Zed\x1b[2J", str(folder))
    assert unknown.exit_code == 1
    assert unknown.stderr.startswith("rummy500: no player named") and "\x1b" not in unknown.stderr
    both = stats("--json", "--csv", str(folder))
    assert both.exit_code == 2


def test_names_from_a_log_are_escaped(tmp_path: Path) -> None:
    events = play_game(
        ["A\x1b]0;owned\x07na", "B"], ["human", "bot:greedy"], ["strong", "greedy"], "esc"
    )
    write_game(tmp_path / "g" / "x.jsonl", events)
    text = stats(str(tmp_path / "g")).stdout
    assert "\x1b" not in text and "\x07" not in text and "A\\x1b]0;owned\\x07na" in text


def test_no_games_is_said(tmp_path: Path) -> None:
    result = stats(str(tmp_path))
    assert result.exit_code == 0
    assert "No finished games yet" in result.stdout


def test_the_record_line_after_a_game(people) -> None:
    folder, _games = people
    found = scan([folder], lambda _text: None)
    assert found.cache is not None
    ladder, _changed = ladder_for(found.games, False, {}, found.cache.memos)
    first = record_line("Ana", "human", found.games, ladder, 0)
    assert first.startswith("Ana: 1 win in 1 against greedy; rating 1,500 → ")
    assert first.endswith("(provisional)")
    last = record_line("Ana", "human", found.games, ladder, 5)
    assert last.startswith("Ana: 5 wins in 6 against greedy; rating ")
    before, after = last.split("rating ")[1].split(" (")[0].split(" → ")
    points = ladder.history["standard 2p"]["human:Ana"]
    assert (
        before == f"{rating_points(points[4].mu):,}" and after == f"{rating_points(points[5].mu):,}"
    )


def test_after_game_reads_the_saves_folder() -> None:
    folder = saves_dir()
    for number in range(2):
        events = play_game(
            ["Ana", "Bot"], ["human", "bot:greedy"], ["strong", "greedy"], f"ana-{number}"
        )
        path = write_game(folder / f"20260101-12000{number}-seed{number}.jsonl", events)
    assert after_game(path)[0].startswith("Ana: 1 win in 2 against greedy; rating ")
    assert after_game(folder / "missing.jsonl") == []
