"""RULES 8, `partnership`: 4 players in two sides, partners opposite (seats 0 and 2
against seats 1 and 3), scoring as one side; the game ends when a side reaches the
target, and the highest side wins even if the other side went out. Pinned by stacked
deals, then by seeded bot games checked by verify."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import act, is_legal, of_type, one, start

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.cli.main import main
from rummy500_cli.engine import new_game
from rummy500_cli.errors import RulesError
from rummy500_cli.events import GameEnded, LaidOff, RoundDealt, RoundEnded
from rummy500_cli.records.audit import AuditError, audit
from rummy500_cli.records.log import encode_log, line_hash, parse_log
from rummy500_cli.render.narrate import Narrator
from rummy500_cli.render.scores import score_table
from rummy500_cli.render.style import Style
from rummy500_cli.render.table import scoreline, table_view
from rummy500_cli.variants import check_rules, make_rules
from rummy500_cli.variants.partnership import opponents, partner_of, side_of, side_totals, team_of

STOCK = "8S 10S JS QS 6S 8H"
"""The draws of the race below, top first: each seat in turn, then seats 0 and 1 again."""


def race(side0: str, side1: str, **options):
    """A round of 4-card hands: Ann melds three 9s, Bob a heart run, Cyd (Ann's partner)
    and Dee (Bob's) meld their first three cards; Ann then passes, and Bob goes out by
    laying off 8H and discarding 3C. Ann ends with 27 - 2 = 25, Bob with 18 + 8 = 26."""
    state = start(
        ["9C 9D 9H 2S", "5H 6H 7H 3C", side0, side1],
        "4S",
        STOCK,
        variant="partnership",
        **options,
    )
    melds = []
    for hand in state.hands:
        melds.append(" ".join(c.ascii for c in hand[:3]))
    events = []
    for seat in range(4):
        drawn = act(state, "draw")[-1].cards[0]
        events += act(state, f"meld {melds[seat]}", f"discard {drawn}")
    events += act(state, "draw", "discard 6S")
    events += act(state, "draw", "lay 8H on 2", "discard 3C")
    return state, events


def test_partners_sit_opposite():
    """RULES 8: partners opposite: seats 0 and 2 are one side, 1 and 3 the other."""
    rules = make_rules(variant="partnership")
    assert [side_of(seat, rules) for seat in range(4)] == [0, 1, 0, 1]
    assert [partner_of(seat, rules) for seat in range(4)] == [2, 3, 0, 1]
    assert opponents(0, rules, 4) == [1, 3]
    standard = make_rules()
    assert side_of(0, standard) is None and partner_of(0, standard) is None
    assert team_of(3, standard) == 3 and opponents(0, standard, 3) == [1, 2]


def test_partners_scores_are_combined():
    """RULES 8: partners score as one side: the round records each seat's score and the
    side totals, the sums of the partners' totals."""
    state, events = race("KC KH KS 4C", "2D 3D 4D 5C")
    ended = one(events, RoundEnded)
    assert (ended.reason, ended.went_out) == ("went_out", 1)
    assert [s.score for s in ended.scores] == [25, 26, 30 - 4, 9 - 5]
    assert ended.sides == (25 + 26, 26 + 4)
    assert state.totals == [25, 26, 26, 4]
    assert side_totals(state) == (51, 30)
    assert of_type(events, GameEnded) == []  # no side at 500 yet
    assert one(events, RoundDealt).round == 2


def test_a_side_reaching_the_target_wins_even_when_the_other_went_out():
    """RULES 8: the game ends when a side reaches the target; Bob went out, but Ann's
    side reached 50 and Bob's did not."""
    state, events = race("KC KH KS 4C", "2D 3D 4D 5C", target=50)
    game = one(events, GameEnded)
    assert one(events, RoundEnded).went_out == 1
    assert (game.winner, game.side, game.sides, game.reason) == (0, 0, (51, 30), "target")
    assert game.totals == (25, 26, 26, 4)
    assert state.over and state.winner == 0


def test_the_highest_side_over_the_target_wins():
    """RULES 8: both sides pass the target (30): the highest side wins, not the side
    that went out."""
    _, events = race("KC KH KS 4C", "2D 3D 4D 5C", target=30)
    game = one(events, GameEnded)
    assert game.sides == (51, 30) and game.side == 0 and game.winner == 0


def test_an_exact_tie_of_the_sides_plays_another_round():
    """RULES 6.4 Decision, per side (RULES 8): both sides at 51 over a target of 50."""
    state, events = race("10C 10D 10H 4C", "JD QD KD 5C", target=50)
    assert one(events, RoundEnded).sides == (51, 51)
    assert of_type(events, GameEnded) == []
    assert one(events, RoundDealt).round == 2 and not state.over


def test_max_rounds_counts_rounds_and_a_tie_stays_unfinished():
    """RULES 5.4 with RULES 8: the round limit ends a tied game unfinished."""
    _, events = race("10C 10D 10H 4C", "JD QD KD 5C", target=50, max_rounds=1)
    game = one(events, GameEnded)
    assert (game.winner, game.side, game.reason, game.sides) == (None, None, "max_rounds", (51, 51))


def test_a_partner_lays_off_on_the_partners_meld_to_go_out():
    """RULES 8: partners may play on each other's melds to go out faster. Cyd lays 9S
    off on Ann's nines: it scores for Cyd, so for their side, and Cyd goes out."""
    state = start(
        ["9C 9D 9H 2S", "5H 6H 7H 3C", "9S KC KH KS", "2D 3D 4D 5C"],
        "4S",
        STOCK,
        variant="partnership",
    )
    act(state, "draw", "meld 9C 9D 9H", "discard 8S")
    act(state, "draw", "meld 5H 6H 7H", "discard 10S")
    act(state, "draw", "meld KC KH KS")
    assert is_legal(state, "lay 9S on 1")
    events = act(state, "lay 9S on 1", "discard JS")
    laid = one(events, LaidOff)
    assert (laid.seat, laid.meld, laid.values) == (2, 1, (9,))
    ended = one(events, RoundEnded)
    assert ended.went_out == 2
    assert [s.score for s in ended.scores] == [27 - 2, 18 - 3, 30 + 9, -(2 + 3 + 4 + 5)]
    assert ended.sides == (25 + 39, 15 - 14)


@pytest.mark.parametrize("variant", ["partnership", "persian"])
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_other_numbers_of_players_are_refused(variant: str, players: int):
    """RULES 8: the partnership variants are for 4 players: one line says so."""
    rules = make_rules(variant=variant)
    with pytest.raises(RulesError, match=f"variant={variant} is for 4 players") as info:
        check_rules(rules, players)
    assert "\n" not in str(info.value)
    with pytest.raises(RulesError):
        new_game([f"P{i}" for i in range(players)], rules)
    check_rules(rules, 4)


def test_the_cli_refuses_three_players_and_defaults_to_four():
    """RULES 8 at the command line: --players 3 is refused with the one-line reason;
    without --players, `rules` describes the 4-player game."""
    runner = CliRunner()
    refused = runner.invoke(main, ["rules", "--variant", "partnership", "--players", "3"])
    assert refused.exit_code != 0 and "is for 4 players" in refused.output
    described = runner.invoke(main, ["rules", "--variant", "partnership"])
    assert described.exit_code == 0, described.output
    assert "two sides of two, partners sitting opposite" in described.output
    assert "the highest side wins, even if the other side went out" in described.output


def test_the_table_and_the_score_table_show_the_sides():
    """RULES 8 on screen: the scoreline gives the sides' totals, the partner is marked,
    the score table ends with the side totals, and the narration names the side."""
    state, events = race("KC KH KS 4C", "2D 3D 4D 5C", target=50)
    assert scoreline(state) == "Round 1 · Ann & Cyd 51 · Bob & Dee 30 · playing to 50"
    view = table_view(state, 0, Style())
    assert "Cyd (partner) " in view and "Bob (partner)" not in view
    table = score_table(state.players, one(events, RoundEnded))
    assert table.splitlines()[-1] == "Sides: Ann & Cyd 51 · Bob & Dee 30"
    said = Narrator(Style()).feed(one(events, GameEnded), state)
    assert said == ["Ann & Cyd win the game, 51 to 30."]


# --- seeded bot games, verified ---------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_bot_games_reach_a_side_winner_and_verify(level: str):
    """RULES 8: whole games between bots end with the highest side over the target, and
    verify replays every move and score of their logs."""
    rules = make_rules(variant="partnership")
    for seed in range(3):
        state, events = bot_game(["Ann", "Bob", "Cyd", "Dee"], rules, seed, levels=(level,))
        game = events[-1]
        assert isinstance(game, GameEnded) and game.winner is not None
        assert game.sides == side_totals(state) and max(game.sides) >= 500
        assert game.sides[game.side] == max(game.sides) and game.winner == game.side
        summary = audit(parse_log(encode_log(events)), "g.jsonl")
        assert summary.winner == ["Ann & Cyd", "Bob & Dee"][game.side]
        assert summary.sides == game.sides


def test_verify_catches_an_edited_side_total():
    """RULES 8: the side totals in the log are checked like every score: an edited one
    is caught even with the hash chain rebuilt."""
    _, events = bot_game(4, make_rules(variant="partnership"), 5, levels=("greedy",))
    items = [json.loads(line) for line in encode_log(events).splitlines()]
    at = next(i for i, item in enumerate(items) if item["event"]["type"] == "round_ended")
    items[at]["event"]["sides"][1] += 10
    lines, prev = [], ""
    for item in items:
        item["prev"] = prev
        line = json.dumps(item, separators=(",", ":")).encode()
        lines.append(line)
        prev = line_hash(line)
    with pytest.raises(AuditError) as caught:
        audit(parse_log(b"\n".join(lines) + b"\n", "g.jsonl"), "g.jsonl")
    assert caught.value.line == at + 1
    assert "this round_ended differs from what the rules give" in str(caught.value)
