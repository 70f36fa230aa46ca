"""RULES 5 (the end of a round: going out, stock-out, termination) and 6.4 (the end of
the game), with 6b.3, 6b.5, 6b.6, 6b.9, pinned by stacked deals."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import act, card, cards, deadwood, fill, is_legal, of_type, one, refused, start

from rummy500_cli.deal import rebuilt_stock, stack
from rummy500_cli.engine import new_game
from rummy500_cli.events import (
    DrawSkipped,
    GameEnded,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    RoundEnded,
    StockDrawn,
    StockRebuilt,
)
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules


def big(prefixes: list[str], up: str, stock: str, size: int = 25, **options):
    """Two players with `size`-card hands starting with `prefixes`, the rest filled from
    the canonical deck order: with 25 cards the stock holds just `stock` (52 - 50 - 1)."""
    hands = fill(prefixes, size, reserved=f"{up} {stock}")
    return start(hands, up, stock, **options)


def drain(state, turns: int) -> None:
    """Each player to move draws from the stock and discards the card drawn."""
    for _ in range(turns):
        drawn = one(act(state, "draw"), StockDrawn).cards[-1]
        act(state, f"discard {drawn}")


def idle_turn(state) -> list:
    """top_discard=keep: take the top card (kept), discard the first other card."""
    act(state, "take 1")
    other = next(c for c in state.hands[state.to_move] if c is not state.kept)
    return act(state, f"discard {other.ascii}")


# --- 5.1 Going out -------------------------------------------------------------------------


def test_going_out_by_melding_the_last_card():
    """RULES 5.1: the round ends at once when a player melds their last card."""
    state = start(["9C 9D", "2S 5H"], "KD", "9H")
    events = act(state, "draw", "meld 9C 9D 9H")
    assert [type(e) for e in events] == [StockDrawn, Melded, RoundEnded, RoundDealt]
    ended = one(events, RoundEnded)
    assert (ended.reason, ended.went_out) == ("went_out", 0)
    assert ended.scores[0].score == 27 and ended.scores[0].deadwood == ()
    assert ended.scores[1].score == -7
    assert state.round == 2


def test_going_out_by_laying_off_the_last_card():
    """RULES 5.1: or by laying off the last card (here 8H on one's own run)."""
    state = start(["9C 9D 9H 2S", "5H 6H 7H 9S"], "KD", "10C 8H")
    act(state, "draw", "meld 9C 9D 9H", "discard 2S")
    events = act(state, "draw", "meld 5H 6H 7H", "lay 9S on 1", "lay 8H on 2")
    ended = one(events, RoundEnded)
    assert (ended.reason, ended.went_out) == ("went_out", 1)
    assert ended.scores[1].table == 18 + 9 + 8
    assert of_type(events, LaidOff)[-1].cards == ("8H",)


def test_going_out_by_discarding_the_last_card():
    """RULES 5.1: or by discarding the last card."""
    state = start(["9C 9D 9H", "2S 5H 8D"], "KD", "5S")
    events = act(state, "draw", "meld 9C 9D 9H", "discard 5S")
    ended = one(events, RoundEnded)
    assert (ended.reason, ended.went_out) == ("went_out", 0)
    assert ended.scores[0].score == 27
    assert ended.scores[1].score == -(2 + 5 + 8)


def test_final_discard_required_refuses_going_out_by_a_meld():
    """RULES 5.1: final_discard=required: a player may go out only with a discard."""
    state = start(["9C 9D", "2S 5H"], "KD", "9H", final_discard="required")
    act(state, "draw")
    refused(state, "meld 9C 9D 9H", match="final_discard=required")
    assert not is_legal(state, "meld 9C 9D 9H")


def test_final_discard_required_refuses_going_out_by_a_lay_off():
    """RULES 5.1: final_discard=required: not by laying off the last card either."""
    state = start(["9C 9D 9H 2S", "5H 6H 7H 9S"], "KD", "10C 8H", final_discard="required")
    act(state, "draw", "meld 9C 9D 9H", "discard 2S")
    act(state, "draw", "meld 5H 6H 7H", "lay 9S on 1")
    refused(state, "lay 8H on 2", match="final_discard=required")


def test_final_discard_required_goes_out_by_discarding():
    """RULES 5.1: final_discard=required: going out by a discard is the way out."""
    state = start(["9C 9D 9H", "2S 5H 8D"], "KD", "5S", final_discard="required")
    events = act(state, "draw", "meld 9C 9D 9H", "discard 5S")
    assert one(events, RoundEnded).went_out == 0


def test_final_discard_required_refuses_a_take_whose_only_use_is_a_lay_off_going_out():
    """RULES 6b.9: holding only 8H, taking 9H could only be used by laying off 8H 9H on
    the 5H-6H-7H run, which empties the hand: refused under final_discard=required."""
    for rule, allowed in (("required", False), ("optional", True)):
        state = start(["8H 2C 2D 2S", "5H 6H 7H KC"], "QC", "JD 9H", final_discard=rule)
        act(state, "draw", "meld 2C 2D 2S", "discard JD")
        act(state, "draw", "meld 5H 6H 7H", "discard 9H")
        assert state.hands[0] == [card("8H")]
        assert is_legal(state, "take 1") is allowed
        if allowed:
            events = act(state, "take 1", "lay 8H 9H on 2")
            assert one(events, RoundEnded).went_out == 0
        else:
            refused(
                state,
                "take 1",
                match="final_discard=required: every use of 9♥ would empty your hand",
            )


def two_threes(**options):
    """Seat 0 melds 9s and keeps 3H 3S; seat 1 discards 3D: seat 0 to draw."""
    state = start(["3H 3S 9C 9D 9H", "2D 4D 6S 8S 10D"], "KC", "KD 3D", **options)
    act(state, "draw", "meld 9C 9D 9H", "discard KD", "draw", "discard 3D")
    assert state.hands[0] == cards("3H 3S") and state.pile[-1] == card("3D")
    return state


def test_final_discard_required_refuses_a_take_whose_only_use_empties_the_hand():
    """RULES 6b.9 (000's example): two 3s in hand, a third 3 on the pile: the take is
    refused, since melding the three 3s would leave nothing to discard."""
    state = two_threes(final_discard="required")
    refused(state, "take 1", match="final_discard=required: every use of 3♦ would empty your hand")
    assert not is_legal(state, "take 1")


def test_final_discard_optional_takes_the_third_three_and_goes_out():
    """RULES 5.1: final_discard=optional (standard): the same take goes out by a meld."""
    state = two_threes()
    events = act(state, "take 1", "meld 3H 3S 3D")
    assert one(events, RoundEnded).went_out == 0


# --- 5.2 Stock-out -----------------------------------------------------------------------------


def test_stock_out_end_when_the_player_to_draw_declines():
    """RULES 5.2: stock_out=end (standard): the stock is empty and the player to draw
    will not take from the pile: the round ends, nobody went out."""
    state = big(["7H 7S 7D", ""], "QS", "KD")
    act(state, "draw", "meld 7H 7S 7D", "discard KD")
    assert state.stock == [] and state.round == 1 and state.to_move == 1
    hands = [list(hand) for hand in state.hands]
    events = act(state, "draw")
    ended = one(events, RoundEnded)
    assert (ended.reason, ended.went_out) == ("stock_out", None)
    assert of_type(events, StockDrawn) == []
    assert ended.scores[0].table == 21
    assert ended.scores[0].score == 21 - deadwood(hands[0])
    assert ended.scores[1].score == -deadwood(hands[1])
    assert one(events, RoundDealt).round == 2


def test_with_an_empty_stock_the_pile_may_still_be_taken():
    """RULES 5.2: the round ends only when the player to draw cannot or will not take
    from the pile: taking goes on with the round."""
    state = big(["", "KH KC"], "QS", "KD")
    act(state, "draw", "discard KD")
    act(state, "take 1", "meld KH KC KD")
    act(state, f"discard {state.hands[1][0].ascii}")
    assert state.round == 1 and state.to_move == 0
    assert one(act(state, "draw"), RoundEnded).reason == "stock_out"


def test_stock_out_hand_penalty_false_nobody_deducts_their_hand():
    """RULES 5.3: stock_out_hand_penalty=false: at a stock-out nobody deducts their hand."""
    state = big(["7H 7S 7D", ""], "QS", "KD", stock_out_hand_penalty=False)
    act(state, "draw", "meld 7H 7S 7D", "discard KD")
    ended = one(act(state, "draw"), RoundEnded)
    assert [s.score for s in ended.scores] == [21, 0]
    assert [s.total for s in ended.scores] == [21, 0]


def test_stock_out_hand_penalty_false_still_deducts_when_someone_goes_out():
    """RULES 5.3: stock_out_hand_penalty only changes the stock-out case: after going
    out, hands still count against their holders."""
    state = start(["9C 9D", "2S 5H"], "KD", "9H", stock_out_hand_penalty=False)
    ended = one(act(state, "draw", "meld 9C 9D 9H"), RoundEnded)
    assert [s.score for s in ended.scores] == [27, -7]


def test_stock_out_reshuffle_rebuilds_the_stock_from_the_pile_but_its_top():
    """RULES 5.2, 6b.6: stock_out=reshuffle: a draw from the empty stock turns the pile,
    all but its top card, into a new stock shuffled from the seed; the draw goes on."""
    state = big(["", ""], "QS", "KD QD JD", size=24, stock_out="reshuffle")
    drain(state, 3)
    assert state.stock == [] and state.pile == cards("QS KD QD JD")
    events = act(state, "draw")
    rebuilt = one(events, StockRebuilt)
    assert rebuilt.count == 1
    assert Counter(rebuilt.stock) == Counter(["QS", "KD", "QD"])
    expected = rebuilt_stock(cards("QS KD QD"), "0", 1, 1)
    assert rebuilt.stock == tuple(c.ascii for c in expected)
    assert one(events, StockDrawn).cards == (rebuilt.stock[0],)
    assert state.pile == [card("JD")]
    assert len(state.stock) == 2 and state.round == 1


def test_a_game_with_a_rebuilt_stock_verifies():
    """RULES 6b.6: the draw that rebuilds the stock is one move: verify replays it as
    that draw (it stopped at the stock_rebuilt line, "where a move was due")."""
    rules = make_rules({"stock_out": "reshuffle", "hand_size": 24})
    hands = fill(["", ""], 24, reserved="QS KD QD JD")
    events = new_game(["Ann", "Bob"], rules, deck=[stack(hands, card("QS"), cards("KD QD JD"))])
    state = fold(events)
    for _ in range(4):
        drew = act(state, "draw")
        events += drew + act(state, f"discard {one(drew, StockDrawn).cards[-1]}")
    assert len(of_type(events, StockRebuilt)) == 1
    summary = audit(parse_log(encode_log(events)), "g.jsonl")
    assert summary.events == len(events)


def test_stock_out_reshuffle_ends_when_the_pile_has_fewer_than_two_cards():
    """RULES 6b.6: a pile of fewer than 2 cards cannot be rebuilt: the round ends."""
    state = big(["", "7H 7D"], "7S", "KD", stock_out="reshuffle")
    act(state, "draw", "discard KD")
    act(state, "take 2", "meld 7H 7D 7S", "discard KD")
    assert state.pile == [card("KD")] and state.stock == []
    events = act(state, "draw")
    assert of_type(events, StockRebuilt) == []
    assert one(events, RoundEnded).reason == "stock_out"


def test_stock_out_reshuffle_at_most_three_times_a_round():
    """RULES 5.4: under reshuffle the stock is rebuilt at most 3 times in a round, then
    the next stock-out ends it."""
    state = big(["", ""], "QS", "KD", stock_out="reshuffle")
    drain(state, 1)
    for count in (1, 2, 3):
        events = act(state, "draw")
        assert one(events, StockRebuilt).count == count
        act(state, f"discard {one(events, StockDrawn).cards[0]}")
    assert state.rebuilt == 3 and len(state.pile) == 2 and state.stock == []
    events = act(state, "draw")
    assert of_type(events, StockRebuilt) == []
    assert one(events, RoundEnded).reason == "stock_out"


def test_stock_out_discard_only_plays_on_with_a_discard_each_turn():
    """RULES 5.2: stock_out=discard_only: with the stock empty, a turn is a discard."""
    state = big(["", ""], "QS", "KD", stock_out="discard_only")
    drain(state, 1)
    events = act(state, "draw")
    assert events == [DrawSkipped(seat=1)]
    assert state.phase == "play" and state.to_move == 1
    size = len(state.hands[1])
    act(state, f"discard {state.hands[1][0].ascii}")
    assert len(state.hands[1]) == size - 1
    assert state.round == 1 and state.to_move == 0


def test_stock_out_discard_only_ends_after_four_idle_rotations():
    """RULES 5.4, 6b.5: under discard_only, 4 x players turns with no draw from the stock
    end the round as a stock-out."""
    state = big(["", ""], "QS", "KD", stock_out="discard_only")
    drain(state, 1)
    for _ in range(7):
        act(state, "draw", f"discard {state.hands[state.to_move][0].ascii}")
    assert state.round == 1
    events = act(state, "draw", f"discard {state.hands[state.to_move][0].ascii}")
    assert one(events, RoundEnded).reason == "stock_out"


# --- 5.4 / 6b.5 Termination --------------------------------------------------------------------


def keep_game(players: int):
    hands = ["2C 5D 9H", "3S 6C 10D", "4H 7S JC", "8D QH KS"][:players]
    return start(hands, "AS", "AH", top_discard="keep")


@pytest.mark.parametrize("players", [2, 3])
def test_four_rotations_without_a_stock_draw_end_the_round(players):
    """RULES 5.4, 6b.5: 4 x players consecutive turns with no draw from the stock end
    the round as a stock-out (here: each turn keeps the top discard)."""
    state = keep_game(players)
    for _ in range(4 * players - 1):
        assert of_type(idle_turn(state), RoundEnded) == []
    assert state.idle_turns == 4 * players - 1
    seat = state.to_move
    events = idle_turn(state)
    ended = one(events, RoundEnded)
    assert (ended.reason, ended.went_out) == ("stock_out", None)
    # RULES 6.2: the last discard is on the pile, not in the hand.
    assert len(ended.scores[seat].deadwood) == 3


def test_the_termination_rule_holds_under_the_standard_rules():
    """RULES 6b.5: under every rule set: here standard rules, where each turn takes the
    top discard and lays it off on the hearts run, 8 turns in a row (2 players)."""
    state = start(["5H 6H 7H 8H 10H QH AH 2C 3D", "9H JH KH 4H 9S JS 2D 4C 6D"], "QC", "5S")
    act(state, "draw", "meld 5H 6H 7H", "discard 8H")
    chain = ["9H", "10H", "JH", "QH", "KH", "AH", "4H", "2C"]
    for turn, discard in enumerate(chain, 1):
        events = act(state, "take 1")
        taken = one(events, PileTaken).cards[0]
        events += act(state, f"lay {taken} on 1", f"discard {discard}")
        if turn < 8:
            assert of_type(events, RoundEnded) == [] and state.idle_turns == turn
    assert one(events, RoundEnded).reason == "stock_out"


def test_a_draw_from_the_stock_restarts_the_idle_count():
    """RULES 5.4: the count is of consecutive turns: a stock draw starts it again."""
    state = keep_game(2)
    for _ in range(7):
        idle_turn(state)
    drawn = one(act(state, "draw"), StockDrawn).cards[0]
    act(state, f"discard {drawn}")
    assert state.idle_turns == 0
    for _ in range(7):
        idle_turn(state)
    assert state.round == 1
    assert one(idle_turn(state), RoundEnded).reason == "stock_out"


def test_stock_out_scores_the_hands_left_after_the_last_discard():
    """RULES 5.3, 6.2: at a termination stock-out every hand counts as it is left."""
    state = keep_game(2)
    for _ in range(7):
        idle_turn(state)
    seat = state.to_move
    events = idle_turn(state)
    ended = one(events, RoundEnded)
    held = [cards(" ".join(s.deadwood)) for s in ended.scores]
    assert [s.hand for s in ended.scores] == [deadwood(h) for h in held]
    assert [s.score for s in ended.scores] == [-deadwood(h) for h in held]
    assert all(len(h) == 3 for h in held)
    assert ended.scores[seat].deadwood


# --- 6.4 The end of the game ---------------------------------------------------------------------


def race(seat1_last: str, **options):
    """Seat 1 melds 10S-KS (40) and keeps `seat1_last`; then seat 0 goes out with
    9C 9D 9H and 2H 3H 4H (36)."""
    state = start(
        ["9C 9D 2H 3H 4H", f"10S JS QS KS {seat1_last}"],
        "5C",
        "6S 7D 9H",
        **options,
    )
    act(state, "draw", "discard 6S", "draw", "meld 10S JS QS KS", "discard 7D")
    return state, act(state, "draw", "meld 9C 9D 9H", "meld 2H 3H 4H")


def test_a_single_leader_over_the_target_wins():
    """RULES 6.4: a player reaching the target with the highest total wins: GameEnded."""
    state, events = race("8D", target=30)
    ended = one(events, RoundEnded)
    assert [s.total for s in ended.scores] == [36, 32]
    game = one(events, GameEnded)
    assert (game.winner, game.totals, game.reason) == (0, (36, 32), "target")
    assert of_type(events, RoundDealt) == []
    assert state.over and state.winner == 0
    refused(state, "draw", match="game is over")


def test_the_highest_total_wins_even_if_another_went_out():
    """RULES 6.4: when several reach the target, the highest total wins."""
    _, events = race("2D", target=30)
    assert [s.total for s in one(events, RoundEnded).scores] == [36, 38]
    assert one(events, GameEnded).winner == 1


def test_an_exact_tie_for_the_highest_total_plays_another_round():
    """RULES 6.4 Decision: an exact tie for the highest total over the target plays
    another round."""
    state, events = race("4D", target=30)
    assert [s.total for s in one(events, RoundEnded).scores] == [36, 36]
    assert of_type(events, GameEnded) == []
    assert one(events, RoundDealt).round == 2
    assert state.round == 2 and state.totals == [36, 36] and not state.over


def test_reaching_the_target_exactly_wins():
    """RULES 6.4: reaching the target means a total of at least the target."""
    _, events = race("8D", target=36)
    assert one(events, GameEnded).winner == 0


def test_below_the_target_the_game_goes_on():
    """RULES 6.4: nobody at the target: another round."""
    state, events = race("8D")
    assert of_type(events, GameEnded) == []
    assert state.round == 2 and state.totals == [36, 32]


def test_totals_add_up_over_rounds():
    """RULES 6.4: round scores are added to running totals. Round 2 is stacked too:
    seat 0 deals it, so seat 1 plays first and gets the first card."""
    round2 = stack([cards("AC AD"), cards("2C 3C")], card("KH"), cards("AH"))
    state = start(["9C 9D", "2S 5H"], "KD", "9H", later=[round2])
    act(state, "draw", "meld 9C 9D 9H")
    assert state.totals == [27, -7]
    assert state.hands == [cards("2C 3C"), cards("AC AD")]
    assert state.to_move == 1
    events = act(state, "draw", "meld AC AD AH")
    ended = one(events, RoundEnded)
    assert [s.score for s in ended.scores] == [-5, 45]
    assert state.totals == [22, 38]


def test_max_rounds_ends_an_unfinished_game_without_a_winner():
    """RULES 5.4: max_rounds caps a game; it is reported unfinished (winner None)."""
    state = start(["9C 9D", "2S 5H"], "KD", "9H", max_rounds=1)
    events = act(state, "draw", "meld 9C 9D 9H")
    game = one(events, GameEnded)
    assert (game.winner, game.reason, game.totals) == (None, "max_rounds", (27, -7))
    assert state.over and state.winner is None


def test_max_rounds_with_a_tie_over_the_target_is_unfinished():
    """RULES 5.4, 6.4: a tie at the target in the last allowed round: no winner is
    invented."""
    _, events = race("4D", target=30, max_rounds=1)
    game = one(events, GameEnded)
    assert (game.winner, game.reason) == (None, "max_rounds")


def test_a_winner_at_the_target_in_the_last_round_still_wins():
    """RULES 6.4, 5.4: reaching the target in the last allowed round is a win."""
    _, events = race("8D", target=30, max_rounds=1)
    game = one(events, GameEnded)
    assert (game.winner, game.reason) == (0, "target")
