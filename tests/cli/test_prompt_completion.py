"""The prompt's Tab completion (cli/completion.py, cli/consoles/prompt.py), without a terminal:
only what is legal now, in the order of the hand, each word with a description; the
bottom toolbar fitted to a width; lines wrapped at word boundaries."""

from __future__ import annotations

from types import SimpleNamespace

from helpers import act, start
from prompt_toolkit.document import Document

from rummy500_cli.cli.completion import candidates
from rummy500_cli.cli.consoles.prompt import GameCompleter
from rummy500_cli.language import VOCABULARY
from rummy500_cli.render.layout import fit_toolbar, width_of, wrap
from rummy500_cli.render.style import Style


def words(state, text: str, seat: int = 0) -> list[str]:
    return [found.text for found in candidates(state, seat, text)]


def metas(state, text: str, seat: int = 0) -> dict[str, str]:
    return {found.text: found.meta for found in candidates(state, seat, text)}


def test_the_command_word_offers_only_moves_legal_now() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD")
    assert words(state, "dr") == ["draw"]
    assert words(state, "di") == []  # no discard before the draw
    assert "block" not in words(state, "") and "pass" not in words(state, "")
    act(state, "draw")
    assert words(state, "d") == ["discard"]
    assert words(state, "m") == ["meld", "melds"]


def test_take_offers_only_the_positions_that_can_be_taken() -> None:
    """Before: every pile position; now only a take whose chosen card can be used."""
    state = start(["7H 8H 2C 3D", "9H KS QD 4C"], "5S", "JD 10C")
    act(state, "draw", "discard 2C", "draw", "discard 9H")  # the pile: 5S 2C 9H
    assert words(state, "take ") == ["1"]
    assert metas(state, "take ")["1"] == "9♥"
    assert words(state, "t 2") == []


def test_meld_offers_the_cards_that_make_a_meld_in_hand_order() -> None:
    state = start(["9H 7H 2C 8H", "KS 3D 4C 5S"], "KD", "JD")
    act(state, "draw")
    assert words(state, "meld ") == ["7H", "8H", "9H"]
    assert words(state, "meld 8h ") == ["7H", "9H"]
    assert metas(state, "meld 7h 8h ") == {"9H": "makes 7♥ 8♥ 9♥"}
    assert words(state, "meld 7h 8h 9h ") == []


def test_lay_offers_cards_that_fit_then_on_then_the_melds_they_fit() -> None:
    state = start(["7H 8H 9H 10C 10S 10D JC", "KS 3D 4C 5S 6D 2C QS"], "KD", "10H 2D")
    act(state, "draw", "meld 7H 8H 9H", "meld 10C 10S 10D")
    assert words(state, "lay ") == ["10H"]
    assert metas(state, "lay ")["10H"] == "on #1 · on #2"  # 10♥ goes on 7-8-9♥ one way
    assert words(state, "lay 10h ") == ["on"]
    assert words(state, "lay 10h on ") == ["1", "2"]
    assert metas(state, "lay 10h on ")["1"] == "#1 Ann's 7♥ 8♥ 9♥"
    assert words(state, "lay 10h on 1 ") == []  # no end to choose: only the high one fits
    assert words(state, "lay jc ") == []  # JC fits no meld


def test_discard_offers_the_hand_in_order_and_sort_rank_changes_it() -> None:
    state = start(["2H 5C 3S", "KS 3D 4C"], "KD", "JD", hand_size=3)
    act(state, "draw")
    assert words(state, "discard ") == ["3S", "2H", "5C", "JD"]
    by_rank = [found.text for found in candidates(state, 0, "x ", by_rank=True)]
    assert by_rank == ["2H", "3S", "5C", "JD"]


def test_no_moves_out_of_turn_and_nothing_between_turns() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD")
    assert "draw" not in words(state, "", seat=1)
    assert words(state, "", seat=1)[0] == "hint"  # the table commands only
    console = SimpleNamespace(
        session=SimpleNamespace(state=state), seat=None, style=Style(), by_rank=False
    )
    assert list(GameCompleter(console).get_completions(Document("d"), None)) == []  # type: ignore[arg-type]


def test_window_and_gambit_words_complete() -> None:
    """RULES 7 rum: the melds it fits; RULES 8 dealers_gambit power: its three powers."""
    state = start(["7H 8H 9H 2C", "KS 3D 4C 10H"], "KD", "JD QS", rum_call=True)
    act(state, "draw", "meld 7H 8H 9H", "discard 2C", "draw", "discard 10H")
    assert words(state, "")[:2] == ["rum", "pass"]
    assert words(state, "rum ") == ["1"]
    gambit = start(
        ["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD", variant="dealers_gambit", jokers_per_deck=2
    )
    assert gambit.phase == "power"
    seat = gambit.to_move
    assert words(gambit, "power ", seat) == ["wild", "double", "split"]
    assert metas(gambit, "power ", seat)["double"] == "doubles a new meld and seals it"
    assert words(gambit, "", seat) == ["power", *words(gambit, "", seat)[1:]]
    assert "draw" not in words(gambit, "", seat)


def test_the_completer_gives_descriptions_to_prompt_toolkit() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD")
    console = SimpleNamespace(
        session=SimpleNamespace(state=state),
        seat=0,
        style=Style(),
        by_rank=False,
        vocabulary=VOCABULARY,
    )
    found = list(GameCompleter(console).get_completions(Document("dr"), None))  # type: ignore[arg-type]
    assert [c.text for c in found] == ["draw"]
    assert found[0].start_position == -2
    assert "stock" in found[0].display_meta_text


def test_the_toolbar_fits_the_width() -> None:
    legal = [f"discard {card}" for card in ["2S", "3S", "4S", "5H", "6H", "7C", "8C", "9D"]]
    for width in (120, 80, 60, 40, 20):
        line = fit_toolbar("meld, lay off or discard", legal, width)
        assert width_of(line) <= width, (width, line)
    assert "Ctrl-D saves and leaves" in fit_toolbar("draw", ["draw", "take 1"], 120)
    narrow = fit_toolbar("meld, lay off or discard", legal, 60)
    assert "(+" in narrow and "more)" in narrow


def test_lines_wrap_at_word_boundaries() -> None:
    text = "Ada takes J♠ and the card above it from the pile and melds J♠ J♥ J♣ J♦ (40) as #2."
    lines = wrap(text, 40).splitlines()
    assert all(width_of(line) <= 40 for line in lines)
    assert " ".join(line.strip() for line in lines) == text
    assert lines[1].startswith("  ")
    coloured = "Hand (Ana, 13): " + " ".join(f"\x1b[31m{n}♥\x1b[0m" for n in range(2, 11))
    for line in wrap(coloured, 30).splitlines():
        assert width_of(line) <= 30
    assert wrap("short", 60) == "short"
