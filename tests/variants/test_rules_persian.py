"""RULES 8, `persian`: partnership with a 56-card pack (4 jokers). Jokers count 20, are
not wild and form sets only with other jokers; four of a kind laid at once counts
double; going out gives the side 25; a game is two deals, then the side with more
points gets 50 and wins the difference. Pinned by stacked deals, then by seeded bot
games checked by verify."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from helpers import act, cards, is_legal, of_type, one, refused, start

from rummy500_cli.actions import TakePile
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.cards import JOKER, new_deck
from rummy500_cli.cli.main import main
from rummy500_cli.deal import stack
from rummy500_cli.engine import legal_actions
from rummy500_cli.errors import RulesError
from rummy500_cli.events import GameEnded, LaidOff, Melded, RoundDealt, RoundEnded
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.render.narrate import Narrator
from rummy500_cli.render.style import Style
from rummy500_cli.render.table import scoreline
from rummy500_cli.scoring import hand_total
from rummy500_cli.variants import check_rules, make_rules
from rummy500_cli.variants.partnership import side_totals

PERSIAN = {"variant": "persian", "jokers_per_deck": 4}
OTHERS = ["10S JS QS 7D 7C", "10H JH QH 10D JD", "10C JC QC QD 7H"]
"""Five-card hands for seats 1-3, of ranks the scenarios leave alone; they only pass."""


def persian(hands: list[str], up: str = "KD", stock: str = "", **options):
    return start(hands, up, stock, **PERSIAN, **options)


def pass_turns(state, count: int) -> None:
    """The next players each draw from the stock and discard the card drawn."""
    for _ in range(count):
        drawn = act(state, "draw")[-1].cards[0]
        act(state, f"discard {drawn}")


# --- the pack ----------------------------------------------------------------------------


def test_the_pack_has_56_cards_and_the_variant_sets_it():
    """RULES 8: persian is partnership with a 56-card pack (52 and 4 jokers)."""
    rules = make_rules(variant="persian")
    assert (rules.variant, rules.jokers_per_deck, rules.deck_count(4)) == ("persian", 4, 1)
    assert len(new_deck(1, rules.jokers_per_deck)) == 56
    state = persian(["JK JK 2D 3D 4D", *OTHERS])
    dealt = sum(len(hand) for hand in state.hands) + len(state.stock) + len(state.pile)
    assert dealt == 56


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"variant": "persian", "jokers_per_deck": 2}, "jokers_per_deck=4, not 2"),
        ({"variant": "persian", "jokers_per_deck": 4, "decks": 2}, "decks=auto or 1"),
        ({"jokers_per_deck": 4}, "jokers_per_deck=4 is the persian pack"),
        ({"variant": "partnership", "jokers_per_deck": 4}, "jokers_per_deck=4 is the persian"),
    ],
)
def test_the_pack_is_refused_outside_persian_and_persian_without_it(options, match):
    """RULES 8: 4 jokers are persian's pack, and persian has no other (one line)."""
    with pytest.raises(RulesError, match=match) as info:
        check_rules(make_rules(options), 4)
    assert "\n" not in str(info.value)


# --- four of a kind counts double ---------------------------------------------------------


def test_four_of_a_kind_laid_at_once_counts_double():
    """RULES 8: four 6s laid at once score 48."""
    state = persian(["6C 6D 6H 6S 2D", *OTHERS], stock="3D")
    melded = one(act(state, "draw", "meld 6C 6D 6H 6S"), Melded)
    assert melded.values == (12, 12, 12, 12)
    assert state.table_points[0] == 48


def test_three_of_a_kind_then_the_fourth_added_later():
    """RULES 8: three 6s score 18; the fourth 6 added later scores 6."""
    state = persian(["6C 6D 6H 6S 2D", *OTHERS], stock="3D 8S 8H 8C 9D")
    assert one(act(state, "draw", "meld 6C 6D 6H"), Melded).values == (6, 6, 6)
    act(state, "discard 3D")
    pass_turns(state, 3)
    laid = one(act(state, "draw", "lay 6S on 1"), LaidOff)
    assert laid.values == (6,)
    assert state.table_points[0] == 18 + 6


def test_four_jokers_laid_at_once_score_160():
    """RULES 8: jokers count 20; four of them laid at once count double: 160."""
    state = persian(["JK JK JK JK 2D", *OTHERS], stock="3D")
    melded = one(act(state, "draw", "meld JK JK JK JK"), Melded)
    assert melded.values == (40, 40, 40, 40) and sum(melded.values) == 160
    meld = state.melds[0]
    assert (meld.kind, meld.rank, len(meld.cards)) == ("set", 0, 4)


def test_three_jokers_are_a_set_and_the_fourth_lays_off():
    """RULES 8: jokers form sets with other jokers: three jokers are a set (60); the
    fourth, laid off later by the partner, scores 20 for the side."""
    state = persian(
        ["JK JK JK 2D 3D", "2S 3S 4S 5S 7S", "JK 2H 3H 4H 7H", "2C 3C 4C 5C 7C"],
        stock="8S 8H 8C 9D",
    )
    assert is_legal(state, "draw")
    act(state, "draw")
    assert is_legal(state, "meld JK JK JK")
    assert one(act(state, "meld JK JK JK"), Melded).values == (20, 20, 20)
    act(state, "discard 8S")
    pass_turns(state, 1)
    act(state, "draw")
    assert is_legal(state, "lay JK on 1")
    laid = one(act(state, "lay JK on 1"), LaidOff)
    assert (laid.seat, laid.values) == (2, (20,))


def test_a_joker_taken_from_the_pile_makes_a_set_with_two_in_hand():
    """RULES 4.1 with RULES 8: the pile's joker may be taken when it can be used at once:
    with two jokers in hand it makes a set of three."""
    state = persian(["JK JK 2D 3D 5D", *OTHERS], up="JK")
    assert TakePile(1) in legal_actions(state)
    act(state, "take 1")
    assert one(act(state, "meld JK JK JK"), Melded).values == (20, 20, 20)


def test_a_lone_joker_on_the_pile_cannot_be_taken():
    """RULES 4.1 with RULES 8: with one joker in hand and no set of jokers on the table,
    the pile's joker has no use: the take is refused."""
    state = persian(["JK 2D 3D 5D 9C", *OTHERS], up="JK")
    assert TakePile(1) not in legal_actions(state)
    refused(state, "take 1", match="could not meld or lay off JK")


# --- jokers are not wild -------------------------------------------------------------------


@pytest.mark.parametrize(
    "meld",
    ["5H 6H JK", "JK 5H 6H", "6C 6D JK", "6C 6D 6H JK", "JK JK 6C", "JK JK"],
    ids=["run", "run-low", "set-of-6s", "fourth-6", "jokers-and-a-6", "two-jokers"],
)
def test_jokers_are_refused_in_runs_and_other_sets(meld: str):
    """RULES 8: jokers are not wild: never in a run, never in a set of another rank; a
    set of jokers needs three."""
    state = persian(["JK JK 6C 6D 5H", *OTHERS], stock="6H")
    act(state, "draw")
    message = refused(state, f"meld {meld}")
    if meld != "JK JK":
        assert "a joker goes only in a set of 3 or 4 jokers" in message
    else:
        assert "a set of jokers holds 3 or 4 jokers" in message
    assert not is_legal(state, f"meld {meld}")


def test_jokers_and_other_cards_do_not_mix_in_lay_offs():
    """RULES 8: a joker does not go on a set of 6s, nor a 6 on a set of jokers."""
    state = persian(["6C 6D 6H 2D 9C", "JK JK JK 6S 9S", *OTHERS[1:]], stock="8D JK 8H")
    act(state, "draw", "meld 6C 6D 6H", "discard 2D")
    act(state, "draw", "meld JK JK JK")
    message = refused(state, "lay JK on 1")
    assert "only on a set of jokers" in message
    refused(state, "lay 6S on 2", match="wrong rank")
    assert not is_legal(state, "lay JK on 1")


def test_a_joker_in_hand_counts_20():
    """RULES 8: a joker left in the hand counts 20 against its holder."""
    rules = make_rules(variant="persian")
    assert hand_total([JOKER, *cards("2D")], rules) == 22
    state = persian(["9C 9D 9H 2D 3D", "JK JK 5S 2S 7S", *OTHERS[1:]], stock="4D")
    ended = one(act(state, "draw", "meld 9C 9D 9H", "meld 2D 3D 4D"), RoundEnded)
    assert ended.scores[1].hand == 20 + 20 + 5 + 2 + 7
    assert ended.scores[1].score == -54


# --- going out, two deals, +50 -------------------------------------------------------------


def two_deals(second: list[str]):
    """Deal 1: Ann draws 9H and melds three 9s, going out. Deal 2 (Ann deals, Bob plays
    first): Bob draws AH and melds three Aces, going out. `second` are the deal-2 hands
    of Bob, Cyd, Dee and Ann."""
    deal2 = stack([cards(hand) for hand in second], cards("KH")[0], cards("AH"))
    state = start(["9C 9D", "2S 5H", "3S 4H", "6S 7H"], "KD", "9H", later=[deal2], **PERSIAN)
    first = act(state, "draw", "meld 9C 9D 9H")
    events = act(state, "draw", "meld AC AD AH")
    return state, first, events


def test_going_out_gives_the_side_25():
    """RULES 8: going out: +25 to the side (recorded as the bonus of the seat that went
    out, so it counts in its side's total)."""
    _, first, _ = two_deals(["AC AD", "2C 3C", "4C 5C", "JK 8C"])
    ended = one(first, RoundEnded)
    assert ended.went_out == 0
    assert [s.bonus for s in ended.scores] == [25, 0, 0, 0]
    assert [s.score for s in ended.scores] == [27 + 25, -7, -7, -13]
    assert ended.sides == (52 - 7, -7 - 13)


def test_after_two_deals_the_side_with_more_gets_50_and_wins_the_difference():
    """RULES 8: a game is two deals; the side with more points gets +50 and wins the
    difference, which the log records as the margin. The target plays no part."""
    state, _, events = two_deals(["AC AD", "2C 3C", "4C 5C", "JK 8C"])
    ended = one(events, RoundEnded)
    assert [s.score for s in ended.scores] == [-28, 45 + 25, -5, -9]
    assert ended.sides == (52 - 7 - 5 - 28, -7 - 13 + 70 - 9) == (12, 41)
    game = one(events, GameEnded)
    assert (game.reason, game.winner, game.side) == ("deals", 1, 1)
    assert game.totals == (24, 63, -12, -22)
    assert game.sides == (12, 41 + 50) and game.margin == 79
    assert state.over and side_totals(state) == (12, 91)
    said = Narrator(Style()).feed(game, state)
    assert said == [
        "Bob & Dee win the game, 91 to 12 (with 50 for more points): they win the difference, 79."
    ]


def test_a_tie_after_two_deals_plays_another_deal():
    """RULES 6.4 Decision under RULES 8: sides level after two deals (31 each): a third
    deal is played, and the scoreline says so."""
    state, _, events = two_deals(["AC AD", "4C 5C", "10C 9C", "2C 3C"])
    assert one(events, RoundEnded).sides == (31, 31)
    assert of_type(events, GameEnded) == []
    assert one(events, RoundDealt).round == 3
    assert scoreline(state).startswith("Persian, deal 3 (after a tie) · Ann & Cyd 31")


def test_the_scoreline_shows_the_deal():
    """RULES 8 on screen: persian is played in two deals: `deal 1 of 2`."""
    state = persian(["JK JK 2D 3D 5D", *OTHERS])
    assert scoreline(state) == (
        "Persian, deal 1 of 2 · Ann & Cyd 0 · Bob & Dee 0 · the side with more after two deals wins"
    )


def test_rules_explains_persian():
    """RULES 8: `rummy500 rules --variant persian` in plain words."""
    result = CliRunner().invoke(main, ["rules", "--variant", "persian"])
    assert result.exit_code == 0, result.output
    for words in ("56 cards", "Jokers count 20", "not wild", "four jokers 160", "two deals"):
        assert words in result.output


# --- seeded bot games, verified ------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_bot_games_end_after_two_deals_and_verify(level: str):
    """RULES 8: bot games end after two deals (more only after a tie) with +50 to the
    side with more, and verify replays every move and score of their logs."""
    rules = make_rules(variant="persian")
    for seed in range(3):
        state, events = bot_game(["Ann", "Bob", "Cyd", "Dee"], rules, seed, levels=(level,))
        game = events[-1]
        assert isinstance(game, GameEnded) and game.reason == "deals"
        last = of_type(events, RoundEnded)[-1].sides
        assert state.round >= 2 and last[0] != last[1]
        assert game.sides[game.side] == last[game.side] + 50
        assert game.margin == game.sides[game.side] - game.sides[1 - game.side] > 0
        assert audit(parse_log(encode_log(events)), "g.jsonl").sides == game.sides
