"""Issue 27, "At the table": the presenters behind the screen, without a terminal.

Each seat's kind beside its name (point 6), a table that fits the rows it has and lines
broken only between items (7), the scorepad, places and chart at a game's end (8), the
hot-seat recap's lines (9), the expected length and `play --quick` (10), what just
happened marked and the four-colour deck (11), and the words of point 14: the toolbar's
count, "1 point", and a run's end named only where both were possible.
"""

from __future__ import annotations

import re

from click.testing import CliRunner
from helpers import act, start

from rummy500_cli.bots.greedy import GreedyBot
from rummy500_cli.bots.strong import StrongBot
from rummy500_cli.cli.game_length import QUICK_TARGET, length_note
from rummy500_cli.cli.main import main as cli
from rummy500_cli.cli.telling import recap_lines
from rummy500_cli.engine import legal_actions
from rummy500_cli.events import RoundEnded
from rummy500_cli.language.listing import legal_items, move_text, sorted_legal
from rummy500_cli.records.log import read_log
from rummy500_cli.render.layout import fit_toolbar, pack, width_of
from rummy500_cli.render.narrate import Narrator, one_line_turns
from rummy500_cli.render.scores import caught_line, places, scorepad, totals_chart
from rummy500_cli.render.style import Style
from rummy500_cli.render.table import recent, seat_tags, table_view, tagged_names

KINDS = ["human", "bot:random", "bot:greedy", "bot:expert"]
REVERSE = "\x1b[7m"


def crowded():
    """Four players, each with two melds down after one turn: eight melds on the table."""
    hands = [
        "2H 3H 4H 5C 5D 5S 9H",
        "6H 7H 8H JC JD JS 9C",
        "2C 3C 4C QC QD QS 9D",
        "6C 7C 8C KC KD KS 9S",
    ]
    state = start(hands, "10S", "AS AH AD AC 10H 10C 10D")
    for meld_a, meld_b, card in [
        ("2H 3H 4H", "5C 5D 5S", "9H"),
        ("6H 7H 8H", "JC JD JS", "9C"),
        ("2C 3C 4C", "QC QD QS", "9D"),
        ("6C 7C 8C", "KC KD KS", "9S"),
    ]:
        act(state, "draw", f"meld {meld_a}", f"meld {meld_b}", f"discard {card}")
    return state


# --- 6: which bot is which -------------------------------------------------------------------


def test_each_seat_s_kind_is_named_beside_it() -> None:
    assert seat_tags(KINDS) == ["", "random", "greedy", "expert"]
    # Hot-seat with a bot: the people are told apart from it; only people: no tags.
    assert seat_tags(["human", "human", "bot:strong"]) == ["human", "human", "strong"]
    assert seat_tags(["human", "human"]) == ["", ""]
    assert seat_tags(["human", "exec:rummy500 example-bot"]) == ["", "program"]
    assert tagged_names(("Ann", "Bob"), ()) == ["Ann", "Bob"]  # no kinds known: no tags
    view = table_view(crowded(), 0, Style(), kinds=KINDS)
    lines = view.splitlines()
    assert lines[0] == (
        "Round 1 · Ann 0 · Bob (random) 0 · Cyd (greedy) 0 · Dee (expert) 0 · playing to 500"
    )
    assert "Others: Bob (random) 1 card · Cyd (greedy) 1 card · Dee (expert) 1 card" in lines


# --- 7: a table that fits ----------------------------------------------------------------------


def test_pack_breaks_only_between_items() -> None:
    items = [f"Player{n} 10♠ J♠ Q♠" for n in range(8)]
    lines = pack(items, 40, lead="Caught with: ")
    assert all(width_of(line) <= 40 for line in lines)
    assert lines[0].startswith("Caught with: Player0")
    rejoined = " · ".join(line.removeprefix("Caught with: ").strip() for line in lines)
    assert rejoined.split(" · ") == items
    assert pack(items[:2], None, lead="X: ") == ["X: Player0 10♠ J♠ Q♠ · Player1 10♠ J♠ Q♠"]


def test_the_table_fits_80_columns_and_the_rows_it_is_given() -> None:
    state = crowded()
    loose = table_view(state, 0, Style(), kinds=KINDS).splitlines()
    assert len(loose) == 14 and max(map(width_of, loose)) > 80  # one meld a line, one line
    fitted = table_view(state, 0, Style(), kinds=KINDS, width=79, rows=10).splitlines()
    assert len(fitted) <= 10
    assert all(width_of(line) <= 79 for line in fitted)
    melds = fitted[fitted.index("Melds:") + 1 : -2]
    shown = re.findall(r"#(\d+) ", " ".join(melds))
    assert shown == [str(n) for n in range(1, 9)]  # every meld, whole, several to a line
    assert len(melds) < 8
    # With rows to spare, still one meld a line.
    roomy = table_view(state, 0, Style(), kinds=KINDS, width=79, rows=40).splitlines()
    assert sum(line.startswith("  #") for line in roomy) == 8


def test_caught_with_breaks_between_players() -> None:
    events = [
        RoundEnded(
            round=1,
            reason="went_out",
            went_out=0,
            scores=tuple(
                _score(deadwood) for deadwood in ([], ["10S", "JH", "QC", "KD", "2S"], ["10D"] * 1)
            ),
        )
    ]
    players = ("Ann", "Bob with a long name", "Cyd also named at length")
    line = caught_line(players, events[0], Style(), width=40)
    rows = line.splitlines()
    assert rows == [
        "Caught with: Bob with a long name 2♠ 10♠  J♥  Q♣  K♦",  # an item too long: whole
        "  Cyd also named at length 10♦",  # the break is between players
    ]
    assert caught_line(players, events[0], Style()) == " · ".join(rows).replace(" ·   ", " · ")


def _score(deadwood: list[str]):
    from rummy500_cli.events import SeatScore

    return SeatScore(table=0, hand=0, score=0, total=0, deadwood=tuple(deadwood))


def test_a_bot_s_turn_told_in_one_line() -> None:
    told = [
        (3, "Dee draws a card from the stock."),
        (3, "Dee melds 9♥ 9♣ 9♦ (27) as #2."),
        (3, "Dee discards 4♦."),
        (
            None,
            "The stock is empty: the pile but its top card is shuffled into a new stock (1 of 3).",
        ),
        (1, "Bob takes 5♣ from the pile and melds 3♣ 4♣ 5♣ (12) as #3."),
        (1, "Bob discards K♠."),
    ]
    players = ("Ann", "Bob", "Cyd", "Dee")
    assert one_line_turns(told, players) == [
        "Dee draws a card from the stock, melds 9♥ 9♣ 9♦ (27) as #2, discards 4♦.",
        told[3][1],
        "Bob takes 5♣ from the pile and melds 3♣ 4♣ 5♣ (12) as #3, discards K♠.",
    ]


# --- 8: the end of a game ---------------------------------------------------------------------


def _rounds(totals: list[list[int]]) -> list[RoundEnded]:
    from rummy500_cli.events import SeatScore

    events, before = [], [0] * len(totals[0])
    for number, row in enumerate(totals, 1):
        scores = tuple(
            SeatScore(table=0, hand=0, score=t - b, total=t)
            for t, b in zip(row, before, strict=True)
        )
        events.append(RoundEnded(round=number, reason="went_out", went_out=0, scores=scores))
        before = row
    return events


def test_the_scorepad_places_and_chart() -> None:
    rounds = _rounds([[-56, -61, 26, 44], [42, -31, 79, 81], [61, -50, 197, 104]])
    names = tagged_names(("Ana", "Ada", "Bob", "Cy"), KINDS)
    pad = scorepad(names, rounds, 79)
    assert pad[1].split() == [
        "Round",
        "Ana",
        "Ada",
        "(random)",
        "Bob",
        "(greedy)",
        "Cy",
        "(expert)",
    ]
    assert pad[2].split() == ["1", "-56", "-56", "-61", "-61", "+26", "26", "+44", "44"]
    assert pad[4].split() == ["3", "+19", "61", "-19", "-50", "+118", "197", "+23", "104"]
    assert all(len(line) <= 79 for line in pad)
    narrow = scorepad(names, rounds, 40)
    assert narrow[0] == "Scorepad (the running totals)" and all(len(x) <= 40 for x in narrow[1:])
    assert places(names, [61, -50, 197, 104]) == [
        "Final places:",
        "   1st  Bob (greedy)    197",
        "   2nd  Cy (expert)     104",
        "   3rd  Ana              61",
        "   4th  Ada (random)    -50",
    ]
    assert places(["A", "B", "C"], [10, 10, 5])[1:] == [
        "   1st  A     10",
        "   1st  B     10",
        "   3rd  C      5",
    ]
    chart = totals_chart(("Ana", "Ada", "Bob", "Cy"), rounds)
    assert chart[0] == "Totals over 3 rounds (from -61 to 197):"
    assert chart[3] == "  Bob  ▃▃▅▅██  197"
    assert totals_chart(("Ana", "Ada", "Bob", "Cy"), rounds, ascii=True)[3] == "  Bob  --==##  197"


def test_a_whole_game_ends_with_the_scorepad_and_one_command_a_line(tmp_path) -> None:
    save = tmp_path / "bots.jsonl"
    args = ["play", "--seat", "0=greedy", "--seat", "1=random", "--target", "150", "--seed", "3"]
    result = CliRunner().invoke(cli, [*args, "--save", str(save)])
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    rounds = [e for e in read_log(save).events if isinstance(e, RoundEnded)]
    pad = out.index("Scorepad (each round: its score and the running total)")
    assert [line.split()[0] for line in out[pad + 2 : pad + 2 + len(rounds)]] == [
        str(n) for n in range(1, len(rounds) + 1)
    ]
    assert "Final places:" in out and any(line.startswith("Totals over ") for line in out)
    nxt = out.index("Next:")
    verbs = [line.split()[1] for line in out[nxt + 1 : nxt + 4]]
    assert verbs == ["analyze", "replay", "export"]
    assert all(line.endswith(str(save)) for line in out[nxt + 1 : nxt + 4])


def test_score_in_a_game_shows_the_scorepad_so_far(tmp_path) -> None:
    deck = tmp_path / "deck.txt"
    # Seat 0 goes out in round 1 (three sets and four Kings), then round 2 goes on.
    from rummy500_cli.cards import Card, parse_cards
    from rummy500_cli.deal import stack

    cards = stack(
        [parse_cards("7C 7D 7H 8C 8D 8H 9C 9D 9H KS KD KC 2S"),
         parse_cards("2C 3D 4H 5S 6C 10D JH QS AD 3S 4C 5D 6H")],
        Card.parse("10S"), parse_cards("KH"),
    )  # fmt: skip
    deck.write_text(" ".join(card.ascii for card in cards) + "\n")
    moves = "draw\nmeld 7C 7D 7H\nmeld 8C 8D 8H\nmeld 9C 9D 9H\nmeld KS KD KC KH\nx 2s\nscore\n"
    result = CliRunner().invoke(
        cli,
        ["play", "--name", "Ana", "--seat", "1=random", "--deck", str(deck), "--seed", "7",
         "--target", "300", "--save", str(tmp_path / "g.jsonl")],
        input=moves,
    )  # fmt: skip
    out = result.stdout.splitlines()
    at = out.index("Totals: Ana 112 · Ada (random) -83 (playing to 300)")
    assert out[at + 1] == "Scorepad (each round: its score and the running total)"
    assert out[at + 3].split() == ["1", "+112", "112", "-83", "-83"]


# --- 9: the hot-seat recap --------------------------------------------------------------------


def test_the_recap_keeps_the_latest_lines_on_a_small_screen() -> None:
    told = [f"line {n}" for n in range(20)]
    assert recap_lines(told[:3], (79, 24)) == [
        "Since your last turn:",
        "  line 0",
        "  line 1",
        "  line 2",
    ]
    short = recap_lines(told, (79, 24))
    assert len(short) == 1 + 8
    assert short[1] == "  (13 earlier lines: log 25 tells them)"
    assert short[-1] == "  line 19"


# --- 10: the length of a game ----------------------------------------------------------------


def test_a_long_game_says_so_and_offers_a_quick_one() -> None:
    note = length_note(4, 1, 500, 0.8)
    assert note[0] == (
        "A game of 4 to 500 takes about 10 rounds, roughly 17 minutes, 6 of them the bots' pauses."
    )
    assert note[1] == "For a quick game (to 250 points, no pauses): rummy500 play --quick"
    assert length_note(2, 1, 500, 0.8) == []  # about 5 rounds: no warning
    assert length_note(4, 1, QUICK_TARGET, 0.0) == []
    # Eight players to 250 still take 8 rounds: said, but no quick game offered.
    assert length_note(8, 1, QUICK_TARGET, 0.0) == [
        "A game of 8 to 250 takes about 8 rounds, roughly 9 minutes."
    ]


def test_play_quick_sets_a_shorter_target_unless_told_otherwise(tmp_path) -> None:
    runner = CliRunner()
    for extra, target in [
        ([], QUICK_TARGET),
        (["--target", "300"], 300),
        (["--rule", "target=200"], 200),
    ]:
        save = tmp_path / f"q{target}.jsonl"
        result = runner.invoke(
            cli, ["play", "--quick", "--save", str(save), *extra], input="draw\n"
        )
        assert result.exit_code == 0, result.output
        assert read_log(save).events[0].rules.target == target


# --- 11: what just happened -------------------------------------------------------------------


def test_the_card_just_drawn_and_the_last_play_are_marked() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD QS 10H")
    events = act(state, "draw")
    colour = Style(color=True)
    seen = recent(events, 0)
    assert seen.fresh == ("JD",)
    view = table_view(state, 0, colour, last=seen)
    assert f"{REVERSE}\x1b[31mJ♦\x1b[0m" in view  # in the hand
    assert view.count(REVERSE) == 1
    events += act(state, "meld 7H 8H 9H")
    seen = recent(events, 0)
    assert seen.fresh == ("JD",) and (seen.meld, seen.laid) == (1, ("7H", "8H", "9H"))
    view = table_view(state, 0, colour, last=seen)
    meld = next(line for line in view.splitlines() if line.startswith("  #1"))
    assert meld.count(REVERSE) == 3
    events += act(state, "discard 2C")
    assert recent(events, 0).fresh == ()  # the turn is over
    assert "\x1b[7m" not in table_view(state, 0, Style(), last=recent(events, 0))  # no colour


def test_four_colour_diamonds_are_bright_blue() -> None:
    from rummy500_cli.cards import Card

    assert Style(color=True, four_color=True).card(Card.parse("6D")) == "\x1b[94m6♦\x1b[0m"
    assert Style(color=True, four_color=True).card(Card.parse("6C")) == "\x1b[32m6♣\x1b[0m"


# --- 14: words ----------------------------------------------------------------------------------


def test_the_toolbar_counts_moves_not_words() -> None:
    state = start(["7H 8H 9H 10C 10S 10D JC", "KS 3D 4C 5S 6D 2C QS"], "KD", "10H 2D")
    act(state, "draw")
    items = legal_items(state, ascii=True)
    assert sum(n for _, n in items) == len(legal_actions(state))
    assert ("discard any of 8", 8) in items
    words = [w for w, _ in items]
    counts = [n for _, n in items]
    total = len(legal_actions(state))
    for width in (160, 100):
        bar = fit_toolbar("play", words, width, counts=counts)
        shown = bar.split("legal: ", 1)[1].split(" (+")[0].split(", ")
        more = int(re.search(r"\(\+(\d+) more\)", bar).group(1))  # type: ignore[union-attr]
        assert more + sum(counts[: len(shown)]) == total, bar
    assert fit_toolbar("play", words, 60, counts=counts).endswith(
        f"legal: {total} moves · Tab · Ctrl-D leaves"
    )
    assert fit_toolbar("draw", ["draw", "take 1", "take 2"], 24) == " draw · legal: 3 moves"


def test_one_point_is_one_point() -> None:
    state = start(["AH 9C 5D QS", "2H 3H 4H KD"], "7S", "JC 8D 10C", hand_size=4)
    act(state, "draw", "discard JC", "draw", "meld 2H 3H 4H", "discard KD", "draw")
    for bot in (GreedyBot("1", 0), StrongBot("1", 0)):
        _, why = bot.explain(state)
        assert why.startswith("puts 1 point on the table"), why


def test_a_run_s_end_is_named_only_where_both_were_possible() -> None:
    # A♥ goes on 2-3-4♥ only below: no end to name.
    state = start(["AH 9C 5D QS", "2H 3H 4H KD"], "7S", "JC 8D 10C", hand_size=4)
    act(state, "draw", "discard JC", "draw", "meld 2H 3H 4H", "discard KD", "draw")
    legal = sorted_legal(state)
    texts = [move_text(action, legal) for action in legal]
    assert "lay AH on 1" in texts and not any(t.startswith("lay AH on 1 ") for t in texts)
    # A♥ on 2♥ to K♥: either end, so each is named.
    state = start(
        ["2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"],
        "2S",
        "3S",
    )
    act(state, "draw", "meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    legal = sorted_legal(state)
    texts = {move_text(action, legal) for action in legal}
    assert {"lay AH on 1 low", "lay AH on 1 high"} <= texts


def test_narration_counts_its_nouns() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD QS 10H")
    narrator = Narrator(Style(), viewer=1)
    told = [line for event in act(state, "draw") for line in narrator.feed(event, state)]
    assert told == ["Ann draws a card from the stock."]


def test_the_hint_names_no_end_where_only_one_was_possible(tmp_path) -> None:
    from helpers import deck_file

    deck = deck_file(tmp_path / "deck.txt", ["AH 9C 5D QS", "2H 3H 4H KD"], "7S", "JC 8D 10C")
    args = ["play", "--name", "Ana", "--seat", "1=greedy", "--deck", str(deck), "--seed", "1"]
    args += ["--rule", "hand_size=4", "--save", str(tmp_path / "h.jsonl")]
    result = CliRunner().invoke(cli, args, input="draw\ndiscard JC\ndraw\nhint\n")
    out = result.stdout
    assert "Ada melds 2♥ 3♥ 4♥ (9) as #1." in out
    hints = [line for line in out.splitlines() if "lay AH on 1" in line or "lay A♥ on 1" in line]
    assert hints and not any(" on 1 low" in line for line in hints), hints
