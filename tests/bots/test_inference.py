"""The expert's sampled deals (`bots.inference`): every card where it may be, and the
other hands seldom holding what their owners would have put down."""

from __future__ import annotations

from collections import Counter

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import StrongBot
from rummy500_cli.bots.base import Rng
from rummy500_cli.bots.heuristics.values import Context
from rummy500_cli.bots.knowledge import determinize, masked_state
from rummy500_cli.bots.search.inference import likely_deal, makes_meld
from rummy500_cli.state import CARD, fold
from rummy500_cli.variants import make_rules


def have(*texts: str) -> list[int]:
    counts = [0] * 53
    for text in texts:
        counts[CARD[text].code] += 1
    return counts


def test_makes_meld_sets_and_runs_with_the_ace_low_or_high() -> None:
    assert makes_meld(have("7H", "7D"), CARD["7S"].code)
    assert not makes_meld(have("7S", "7D"), CARD["7S"].code)  # the same suit twice
    assert makes_meld(have("5S", "6S"), CARD["7S"].code)
    assert makes_meld(have("6S", "8S"), CARD["7S"].code)
    assert makes_meld(have("8S", "9S"), CARD["7S"].code)
    assert not makes_meld(have("6S", "9S"), CARD["7S"].code)
    assert makes_meld(have("2H", "3H"), CARD["AH"].code)
    assert makes_meld(have("QH", "KH"), CARD["AH"].code)
    assert makes_meld(have("KH", "AH"), CARD["QH"].code)
    assert not makes_meld(have("KH", "2H"), CARD["AH"].code)  # no run round the corner
    assert not makes_meld(have("AH", "2H"), CARD["KH"].code)


def positions(count: int) -> list[tuple[list, int]]:
    """Histories up to decisions of seat 0 in strong games, mid-round."""
    found: list[tuple[list, int]] = []
    for game in range(count):
        marks: list[int] = []

        def before(state, marks=marks) -> None:
            if state.to_move == 0 and state.phase == "play" and len(state.stock) < 25:
                marks.append(state.applied)

        _, events = bot_game(
            2, make_rules(), f"infer-{game}", ["strong", "strong"], before_move=before
        )
        found += [(events, mark) for mark in marks[:: max(1, len(marks) // 3)]]
    return found


def melds_in(hand: list) -> int:
    counts = Counter(card.code for card in hand)
    return sum(
        1 for card in hand if card.code < 52 and makes_meld(have_of(counts, card), card.code)
    )


def have_of(counts: Counter, card) -> list[int]:
    out = [0] * 53
    for code, number in counts.items():
        out[code] = number
    out[card.code] -= 1
    return out


def test_likely_deals_keep_every_card_and_seldom_give_a_meld() -> None:
    weighted = uniform = 0
    for events, mark in positions(4):
        history = events[:mark]
        state = fold(history)
        bot = StrongBot(history[0].seed, 0)
        bot.catch_up(history)
        k = bot.knowledge(state)
        masked = masked_state(state, k)
        layable = Context(masked, k).layable
        rng = Rng(5)
        for sample in range(20):
            world = likely_deal(masked, k, rng, f"s{sample}", layable)
            assert world.hands[0] == state.hands[0]
            assert [len(hand) for hand in world.hands] == [len(h) for h in state.hands]
            hidden = Counter(card.code for card in world.hands[1] + world.stock)
            assert hidden == Counter(card.code for card in state.hands[1] + state.stock)
            assert all(card in world.hands[1] for card in k.known[1])
            assert world.header.seed != state.header.seed
            weighted += melds_in(world.hands[1])
            uniform += melds_in(determinize(masked, k, rng, f"u{sample}").hands[1])
    assert uniform > 0
    assert weighted * 4 < uniform
