"""The reads of `hint --why` and the viewer's `r`: never anything the seat could not know.

Over seeded games of strong and greedy bots, at some decisions of every seat:
- the read computed from the full log equals the one computed from the seat's
  projected view of it (`followers.public`) and the one computed from a log with the
  same history as the seat saw it but the hidden cards dealt otherwise;
- every card it is "sure" of is truly in that hand; every likely card is one the seat
  cannot see (not in its hand, the pile, the table), and the chances are chances.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest
from helpers import hidden_cards, other_deal
from pty_helpers import env  # noqa: F401 - a fixture

from rummy500_cli.analysis.reads import read_hands
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots.knowledge import Knowledge
from rummy500_cli.bots.search.followers import public
from rummy500_cli.cards import new_deck
from rummy500_cli.render.reads import reads_lines
from rummy500_cli.render.style import Style
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules, variant_of
from rummy500_cli.variants.jokers import physical

COUNT = 24
"""Particles per seat in these tests (the expert's 128 is slower and shows no more)."""


def _points(players: int, seed: str, levels: list[str], options: dict) -> tuple[list, list[int]]:
    rules = make_rules({"max_rounds": 2, **options})
    marks: list[int] = []

    def before(state) -> None:
        marks.append(state.applied)

    _, events = bot_game(players, rules, seed, levels, before_move=before)
    return events, marks[3 :: max(1, len(marks) // 8)]


@pytest.mark.parametrize(
    ("players", "seed", "levels", "options", "source"),
    [
        (2, "reads-2", ["strong", "greedy"], {}, "particles"),
        (3, "reads-3", ["greedy", "strong", "greedy"], {}, "particles"),
        # RULES 8: under jokers the filter does not follow: weighted deals instead
        (3, "reads-j", ["greedy"], {"variant": "jokers", "jokers_per_deck": 2}, "inference"),
    ],
)
def test_reads_use_only_the_seats_view(
    players: int, seed: str, levels: list[str], options: dict, source: str
) -> None:
    events, points = _points(players, seed, levels, options)
    sources = set()
    rng = random.Random(11)
    compared = sure_seen = likely_seen = 0
    for count in points:
        history = events[:count]
        state = fold(history)
        if state.phase not in ("draw", "play"):
            continue
        seat = state.to_move
        reads = read_hands(history, seat, COUNT)
        sources |= {read.source for read in reads.hands}
        projected = [public(event, seat) for event in history]
        assert read_hands(projected, seat, COUNT) == reads
        if hidden_cards(history, seat):
            twin = other_deal(history, seat, rng, history[0].seed)  # same seed, other deal
            twin_state = fold(twin)
            assert [h for j, h in enumerate(twin_state.hands) if j != seat] != [
                h for j, h in enumerate(state.hands) if j != seat
            ] or twin_state.stock != state.stock
            assert read_hands(twin, seat, COUNT) == reads
        compared += 1
        visible = Counter(c.ascii for c in [*state.hands[seat], *state.pile])
        for meld in state.melds:  # RULES 8: a joker on the table is a joker
            visible.update(c.ascii for c in (physical(meld) if meld.wild else meld.cards))
        copies = Counter(c.ascii for c in new_deck(state.decks, state.rules.jokers_per_deck))
        unseen = {c.ascii for c in Knowledge.build(state, seat).unseen}
        for read in reads.hands:
            hand = [c.ascii for c in state.hands[read.seat]]
            assert read.cards == len(hand)
            for text in read.sure:  # "sure" is sure
                assert text in hand
                hand.remove(text)
                sure_seen += 1
            for chance in read.likely:
                assert chance.card in unseen
                assert visible[chance.card] < copies[chance.card]  # a copy the seat cannot see
                assert 0 < chance.chance <= 1
                likely_seen += 1
            assert 0 <= read.base <= 1
        assert reads_lines(reads, list(state.players), Style(ascii=True))
    assert compared >= 5 and likely_seen > 0
    assert source in sources


def deep_take() -> list:
    """Ana discards five cards on K♣; Ada takes K♣ from six deep for J♣ Q♣ K♣, keeping
    the five above it, and discards 2♦."""
    from helpers import act, cards, rules_for

    from rummy500_cli.deal import stack
    from rummy500_cli.engine import new_game

    hands = [cards("5H 6H 7H 8H QS KS 2C"), cards("9H 10H 2D 3D 4D QC JC")]
    rules = rules_for(2, 7, {})
    top = stack(hands, cards("KC")[0], cards("AS 3C 8C 4S 6S 7S JS 5D"), variant_of(rules).step)
    events = new_game(["Ana", "Ada"], rules, seed=0, deck=[top], seats=["human", "bot:strong"])
    state = fold(events)
    for move in ["draw", "discard AS", "draw", "discard 3C", "draw", "discard 8C"]:
        events += act(state, move)
    for move in ["draw", "discard 4S", "draw", "discard 6S", "take 6", "meld JC QC KC"]:
        events += act(state, move)
    events += act(state, "discard 2D")
    return events


def test_a_take_from_deep_is_told_and_its_cards_are_sure() -> None:
    """A take from six deep: the chosen card had to go on the table, the five above it
    are sure to be in the hand until played, and the words say so."""
    events = deep_take()
    reads = read_hands(events, 0, COUNT)
    (ada,) = reads.hands
    assert ada.sure == ["AS", "4S", "6S", "3C", "8C"] or sorted(ada.sure) == sorted(
        ["AS", "3C", "8C", "4S", "6S"]
    )
    assert [(take.depth, take.bottom, take.used) for take in ada.takes] == [(6, "KC", True)]
    words = "\n".join(reads_lines(reads, ["Ana", "Ada"], Style()))
    assert "took K♣ from 6 deep: must have held a use for it" in words
    assert "sure of" in words and "A♠" in words
    assert "from what your seat has seen" in words


def test_hint_why_at_the_prompt(tmp_path) -> None:
    """`hint --why` at the game prompt prints the reads (and refuses other words)."""
    from click.testing import CliRunner

    from rummy500_cli.cli.main import main

    commands = tmp_path / "moves.txt"
    commands.write_text("hint --why\nhint sideways\nquit\n")
    save = str(tmp_path / "g.jsonl")
    args = ["play", "--seed", "7", "--bots", "strong", "--ascii", "--save", save]
    result = CliRunner().invoke(main, [*args, "--commands", str(commands)])
    assert "what the expert believes about the other hands" in result.output
    assert "Ada (13 cards): likely" in result.output
    assert "hint takes --why or nothing" in result.output


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals: Linux")
def test_the_viewer_key_shows_the_seat_s_reads(tmp_path, env) -> None:  # noqa: F811
    """`r` in the replay viewer: the reads from the seat seen (--as), at the position
    shown; an onlooker (no --as) is told to give a seat."""
    from pty_helpers import Terminal

    from rummy500_cli.records.log import encode_log

    log = tmp_path / "deep.jsonl"
    log.write_bytes(encode_log(deep_take()))
    term = Terminal(["replay", "--as", "0", str(log)], env)
    term.shows("Press ? for the keys")
    term.press("\x1b[F")  # End: the last position
    term.press("r")
    screen = term.shows("must have held a use for it")
    assert "what the expert believes about the other hands, from what Ana's seat has seen" in screen
    assert "took K♣ from 6 deep" in screen
    term.press("r")
    term.quit()
    term = Terminal(["replay", str(log)], env)
    term.shows("Press ? for the keys")
    term.press("r")
    term.shows("the reads are a seat's: replay with --as SEAT")
    term.quit()
