"""Ratings: OpenSkill game by game, the bots as fixed anchors, the same from the cache
as cold, and the same whatever order the files are found in."""

from __future__ import annotations

from pathlib import Path

import pytest
from stats_games import play_game, stats_json, write_game

from rummy500_cli.stats.games import Game, Seat
from rummy500_cli.stats.ratings import PROVISIONAL, SCALE, anchor, anchors, points, ranks, rate
from rummy500_cli.stats.scan import CACHE_NAME, data_dir
from rummy500_cli.variants import make_rules


def _mixed(folder: Path) -> list[Path]:
    """Games of two people against bots, in 2-player and 4-player tables."""
    paths = []
    for number in range(4):
        events = play_game(
            ["Ana", "Bot"], ["human", "bot:strong"], ["greedy", "strong"], f"m2-{number}"
        )
        paths.append(write_game(folder / f"20260103-10000{number}-seed2.jsonl", events))
        events = play_game(
            ["Bo", "Ana", "X", "Y"],
            ["human", "human", "bot:greedy", "bot:random"],
            ["strong", "greedy", "greedy", "random"],
            f"m4-{number}",
        )
        paths.append(write_game(folder / f"20260103-11000{number}-seed4.jsonl", events))
    return paths


def test_ratings_are_the_same_cold_cached_and_in_any_order(tmp_path: Path) -> None:
    paths = _mixed(tmp_path / "g")
    cold = stats_json("--ratings", *map(str, paths))["ratings"]
    assert set(cold) == {"standard 2p", "standard 3-8p"}
    cached = stats_json("--ratings", *map(str, paths))["ratings"]
    assert cached == cold
    (data_dir() / CACHE_NAME).unlink()
    backwards = stats_json("--ratings", *map(str, reversed(paths)))["ratings"]
    assert backwards == cold
    folder = stats_json("--ratings", str(tmp_path / "g"))["ratings"]
    assert folder == cold
    # and the history a player's page shows
    page = stats_json("--player", "Ana", *map(str, reversed(paths)))
    assert page["history"] == stats_json("--player", "Ana", *map(str, paths))["history"]
    assert len(page["history"]["standard 2p"]) == 4


def test_a_game_added_later_continues_the_cached_ladder(tmp_path: Path) -> None:
    paths = _mixed(tmp_path / "g")
    early = stats_json("--ratings", *map(str, paths[:-2]))["ratings"]
    grown = stats_json("--ratings", *map(str, paths))["ratings"]
    assert grown != early
    (data_dir() / CACHE_NAME).unlink()
    assert stats_json("--ratings", *map(str, paths))["ratings"] == grown


def test_bots_are_fixed_anchors_and_free_with_free_bots(people) -> None:
    folder, _games = people
    ladder = stats_json("--ratings", str(folder))["ratings"]["standard 2p"]
    greedy = next(row for row in ladder if row["name"] == "greedy")
    fixed = anchor("greedy", "2p")
    assert fixed is not None
    assert (greedy["mu"], greedy["sigma"], greedy["anchor"]) == (fixed.mu, fixed.sigma, True)
    assert greedy["games"] == 6
    ana = next(row for row in ladder if row["name"] == "Ana")
    assert ana["mu"] > fixed.mu  # she won five of six
    free = stats_json("--ratings", "--free-bots", str(folder))["ratings"]["standard 2p"]
    greedy_free = next(row for row in free if row["name"] == "greedy")
    assert greedy_free["anchor"] is False and greedy_free["mu"] < 25


def test_the_anchors_file_has_every_level_and_its_commands() -> None:
    from rummy500_cli.bots import BOTS

    shipped = anchors()
    for bracket in ("2p", "3-8p"):
        table = shipped["anchors"][bracket]
        assert list(table) == list(BOTS)
        assert all(sigma > 0 for _mu, sigma in table.values())
        assert min(table, key=lambda level: table[level][0]) == "random"
    assert any("rummy500 simulate" in command for command in shipped["measured_by"])


def test_the_man_page_shows_the_shipped_anchors_and_commands() -> None:
    from rummy500_cli.render.manpage import render_page

    page = Path(__file__).resolve().parents[2] / "man" / "rummy500-stats.6"
    text = render_page(page.read_text(encoding="utf-8"), 200)
    shipped = anchors()
    for command in shipped["measured_by"]:
        assert command in text
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.strip()}
    for level in shipped["anchors"]["2p"]:
        cells = []
        for bracket in ("2p", "3-8p"):
            mu, sigma = shipped["anchors"][bracket][level]
            cells += [f"{points(mu):,}", "±", str(round(2 * sigma * SCALE))]
        assert rows[level] == cells, level


def test_a_newcomer_is_provisional() -> None:
    seats = (
        Seat("Ana", "human", 0, True, 500, 500, 3, 4, 8),
        Seat("greedy", "bot", 1, False, 200, 200, 1, 4, 8),
    )
    game = Game(
        "g", "a", "standard", "standard", 2, 4, True, True, False, 0, False, seats, (500, 200)
    )
    ladder = rate([game])
    ana = ladder.pools["standard 2p"]["human:Ana"]
    assert ana.provisional and ana.sigma * SCALE > PROVISIONAL
    assert ladder.history["standard 2p"]["human:Ana"][0].game == 0
    assert ladder.pools["standard 2p"]["bot:greedy"].games == 1


def test_partners_are_a_team(tmp_path: Path) -> None:
    events = play_game(
        ["Ana", "Bo", "Cy", "Di"],
        ["human", "bot:strong", "human", "bot:strong"],
        ["strong", "strong", "greedy", "strong"],
        "team-1",
        make_rules(variant="partnership"),
    )
    write_game(tmp_path / "20260101-000000-t.jsonl", events)
    ladder = stats_json("--ratings", str(tmp_path))["ratings"]["partnership sides"]
    ana = next(row for row in ladder if row["name"] == "Ana")
    cy = next(row for row in ladder if row["name"] == "Cy")
    assert (ana["mu"], ana["sigma"]) == (cy["mu"], cy["sigma"])  # one team, one update
    won = events[-1].side == 0
    assert (ana["mu"] > 25) == won


@pytest.mark.parametrize(
    ("totals", "winners", "expected"),
    [
        ((500, 200), {0}, [1, 2]),
        ((480, 510, 300), {1}, [2, 1, 3]),
        ((100, 520, 100, 300), {1}, [3, 1, 3, 2]),
    ],
)
def test_ranks_put_the_winner_first_then_totals(totals, winners, expected) -> None:
    seats = tuple(
        Seat(f"P{i}", "human", i, i in winners, total, total, 0, 0, 0)
        for i, total in enumerate(totals)
    )
    game = Game(
        "g", "a", "standard", "standard", len(totals), 3, True, True, False, 0, False, seats, totals
    )
    assert ranks(game) == expected
