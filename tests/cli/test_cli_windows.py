"""The windows of RULES 7 at the command line: a human asked to call Rum! or pass, the
--windows pass setting, and the JSON protocol's window prompt."""

from __future__ import annotations

import json

from cli_helpers import make_runner

from rummy500_cli.cards import Card, parse_cards
from rummy500_cli.deal import stack
from rummy500_cli.events import Passed, RumCalled
from rummy500_cli.records.log import read_log

# Ana melds 7-8-9H and discards 2C; Bo draws 10H and discards it: it fits Ana's run.
HANDS = ["7H 8H 9H 2C", "KS 3D 4C 5S"]
MOVES = ["draw", "meld 7H 8H 9H", "discard 2C", "draw", "discard 10H"]


def run(tmp_path, *options: str, moves: list[str]):
    from rummy500_cli.cli.main import main

    deck = tmp_path / "deck.txt"
    cards = stack([parse_cards(h) for h in HANDS], Card.parse("KD"), parse_cards("JD 10H 4H"))
    deck.write_text(" ".join(card.ascii for card in cards) + "\n")
    save = tmp_path / "g.jsonl"
    args = ["play", "--save", str(save), "--name", "Ana", "--seat", "1=human:Bo", "--deck"]
    args += [str(deck), "--rule", "rum_call=true", "--rule", "hand_size=4", *options]
    result = make_runner().invoke(main, args, input="\n".join(moves) + "\n", catch_exceptions=False)
    return result, save


def test_a_human_is_asked_and_calls_rum(tmp_path) -> None:
    result, save = run(tmp_path, "--ascii", moves=[*MOVES, "rum"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Ana: Rum!? Bo discarded 10H, which could be laid off (rum or pass)" in out
    assert "You call Rum! and lay 10H off on #1 (10)." in out  # hot seat: Ana's view
    called = [e for e in read_log(save).events if isinstance(e, RumCalled)]
    assert [(e.seat, e.card) for e in called] == [(0, "10H")]


def test_a_refused_window_command_says_what_is_right(tmp_path) -> None:
    result, _ = run(tmp_path, "--ascii", moves=[*MOVES, "draw", "rum 2", "pass"])
    errors = result.stderr.splitlines()
    assert "Rum! window: 10H could be laid off; call it (rum, or rum MELD) or pass" in errors[0]
    assert "cannot go there" in errors[1] and "rum 1 high" in errors[1]
    assert "You pass." in result.stdout


def test_windows_pass_answers_for_the_human(tmp_path) -> None:
    result, save = run(tmp_path, "--ascii", "--windows", "pass", moves=MOVES)
    assert result.exit_code == 0, result.stderr
    assert "pass." in result.stdout
    assert "Rum!?" not in result.stdout  # Ana was not asked
    passed = [e for e in read_log(save).events if isinstance(e, Passed)]
    assert [e.seat for e in passed] == [0]


def test_the_json_prompt_names_the_window(tmp_path) -> None:
    result, _ = run(tmp_path, "--json", moves=[*MOVES, "pass"])
    messages = [json.loads(line) for line in result.stdout.splitlines()]
    prompts = [m for m in messages if m["type"] == "prompt" and m["step"] == "window"]
    assert len(prompts) == 1
    prompt = prompts[0]
    assert prompt["window"] == {"kind": "rum", "opened_by": 1, "card": "10H", "next": []}
    assert prompt["legal"] == ["rum 1 high", "pass"]
    events = [m["event"]["type"] for m in messages if m["type"] == "event"]
    assert events[-2:] == ["window_opened", "passed"]


def test_rules_explains_the_windows() -> None:
    from rummy500_cli.render.rules_text import rules_text
    from rummy500_cli.variants import make_rules

    plain = rules_text(make_rules())
    assert "Rum!" not in plain and "Out of turn" not in plain
    text = rules_text(make_rules({"rum_call": True, "out_of_turn": True, "opponents_hand": True}))
    assert "may call Rum! (rum) or pass" in text
    assert "Out of turn: after each discard" in text
    assert "adds the others' hands" in text


def test_help_lists_the_moves_these_rules_have(tmp_path) -> None:
    """`help` lists rum and pass only where a window can open (RULES 7), power and block
    only under dealers_gambit (RULES 8)."""
    result, _ = run(tmp_path, "--ascii", moves=["help"])
    out = result.stdout
    assert "rum [MELD]" in out and "pass (or p)" in out
    assert "power wild" not in out and "block" not in out and "upcard CARD" not in out
