"""The registry of commands (rummy500_cli/language): complete, without a word twice, each
verb available under the rules that make it playable, and rendered everywhere from the
one declaration: usage errors, help, Tab, the step words and window prompts; a table
command a console adds is answered, listed by help and offered by Tab."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from helpers import act, start

from rummy500_cli.actions import AnyAction
from rummy500_cli.cli.commands import Interpreter, Reply
from rummy500_cli.cli.completion import candidates
from rummy500_cli.engine import new_game
from rummy500_cli.errors import ParseError
from rummy500_cli.language import VOCABULARY, Verb, Vocabulary, parse_action, step_words
from rummy500_cli.records.log import encode_log
from rummy500_cli.render.command_help import help_lines
from rummy500_cli.render.style import PLAIN
from rummy500_cli.session import Session
from rummy500_cli.state import Phase
from rummy500_cli.variants import make_rules


def test_every_action_has_one_verb_and_every_move_makes_one() -> None:
    kinds = typing.get_args(AnyAction)
    made = [verb.makes for verb in VOCABULARY.moves]
    assert sorted(made, key=str) == sorted(kinds, key=str)
    assert [verb.order for verb in VOCABULARY] == sorted(verb.order for verb in VOCABULARY)
    turn = ["upcard", "power", "draw", "take", "block", "meld", "lay", "rum", "discard", "pass"]
    assert [verb.word for verb in VOCABULARY.moves] == turn


def test_a_word_names_one_command() -> None:
    words = [word for verb in VOCABULARY for word in verb.words]
    assert len(words) == len(set(words))
    clash = Verb(word="dig", order=300, usage="dig", gloss="", hint="", detail="", aliases=("d",))
    with pytest.raises(ValueError, match="'d' names both draw and dig"):
        VOCABULARY.plus(clash)


@pytest.mark.parametrize(
    ("word", "options", "variant"),
    [
        ("upcard", {"upcard": "chosen"}, None),
        ("rum", {"rum_call": True}, None),
        ("pass", {"out_of_turn": True}, None),
        ("pass", {"opponents_hand": True}, None),
        ("power", {}, "dealers_gambit"),
        ("block", {}, "dealers_gambit"),
    ],
)
def test_a_verb_is_available_only_under_its_rules(word, options, variant) -> None:
    verb = VOCABULARY.find(word)
    assert verb is not None
    assert verb.available(make_rules(options, variant=variant))
    assert not verb.available(make_rules({}))
    assert not verb.available(make_rules({}, variant="jokers"))
    shown = "\n".join(help_lines(make_rules({}), "draw", VOCABULARY))
    assert f"  {verb.line()}" not in shown  # help lists the moves of this game only


def test_a_misused_verb_answers_with_its_own_usage_line() -> None:
    with pytest.raises(ParseError, match=r"^draw takes nothing after it; usage: draw \(or d\)$"):
        parse_action("d now")
    with pytest.raises(ParseError, match=r"^say which meld: usage: lay CARDS \[on MELD\]"):
        parse_action("lay 8h")
    with pytest.raises(ParseError, match=r"usage: power wild\|double\|split \(dealers_gambit: "):
        parse_action("power strong")
    with pytest.raises(
        ParseError, match=r"^unknown command 'score': the moves are draw, take, meld, lay, discard$"
    ):
        parse_action("score")  # a table command is no move
    with pytest.raises(ParseError, match=r"^empty command: try draw, take N\|CARD, meld"):
        parse_action("  ")


def test_every_step_and_window_has_words() -> None:
    for phase in typing.get_args(Phase):
        assert step_words(phase), phase
    assert step_words("play") == "meld, lay off or discard"
    assert VOCABULARY.window_prompt("rum") == "Rum? rum/pass"
    assert VOCABULARY.window_prompt("deadwood") == "lay off on the winner's melds or pass"
    assert VOCABULARY.window_prompt(None) == "pass"


def test_a_variant_verb_adds_its_words_to_another_verbs_help() -> None:
    meld = VOCABULARY.find("meld")
    assert meld is not None
    gambit = meld.paragraph(make_rules({}, variant="dealers_gambit"), VOCABULARY)
    jokers = meld.paragraph(make_rules({}, variant="jokers"), VOCABULARY)
    assert "jk=7h" in jokers and "jk=7h" in gambit
    assert "power double" in gambit and "power double" not in jokers


def test_tab_offers_the_moves_legal_now_then_the_table_commands() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD")
    offered = [c.text for c in candidates(state, 0, "")]
    assert offered == ["draw", *(verb.word for verb in VOCABULARY.table)]  # (KD fits nothing)
    act(state, "draw")
    assert [c.text for c in candidates(state, 0, "x ")] == ["7H", "8H", "9H", "2C", "JD"]


SAY = Verb(
    word="say", order=205, usage="say TEXT", gloss="a line to the table", hint="a line to the table",
    detail="Say a line to the other players at an online table. Example: say good game",
)  # fmt: skip


def test_a_console_adds_a_table_command(tmp_path: Path) -> None:
    """Room for the commands of a console (an online table's `say`): its Verb joins the
    table's vocabulary, its answer is called, help and Tab know it."""
    path = tmp_path / "g.jsonl"
    path.write_bytes(
        encode_log(new_game(["Ana", "Bo"], make_rules({}), "say", seats=["human", "bot:random"]))
    )
    session, _ = Session.resume(path)
    interpreter = Interpreter(session, PLAIN)
    said: list[tuple[list[str], int]] = []

    def say(args: list[str], seat: int) -> Reply:
        said.append((args, seat))
        return Reply(lines=["said"])

    interpreter.add(SAY, say)
    assert interpreter.handle("say good game", 0).lines == ["said"]
    assert said == [(["good", "game"], 0)]
    help_text = "\n".join(interpreter.handle("help", 0).lines)
    assert "  say TEXT: a line to the table" in help_text
    assert interpreter.handle("help say", 0).lines[0] == "say TEXT: a line to the table"
    words = [c.text for c in candidates(session.state, 0, "s", vocabulary=interpreter.vocabulary)]
    assert words == ["score", "sort", "say"]
    assert isinstance(interpreter.vocabulary, Vocabulary) and VOCABULARY.find("say") is None
