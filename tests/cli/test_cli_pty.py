"""The real interactive prompt (prompt-toolkit) in a pseudo-terminal, driven with pexpect:
the table, Tab completion, a refused move, Ctrl-C clearing a half-typed line, Ctrl-D saving
and leaving, then `rummy500 resume` in a new terminal to finish the round.

prompt-toolkit draws with escape sequences (cursor moves, erase, bracketed paste), so the
patterns here match plain fragments that survive them, never whole screen lines.
"""

from __future__ import annotations

import os
import re
import shlex
import sys

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)
pexpect = pytest.importorskip("pexpect")

import pty_helpers  # noqa: E402
from helpers import deck_file  # noqa: E402
from pty_helpers import TIMEOUT, command, expect_prompt, finish, plain, spawn  # noqa: E402

from rummy500_cli.events import Melded, RumCalled, StockDrawn  # noqa: E402
from rummy500_cli.records.log import load_state, read_log  # noqa: E402

env = pty_helpers.env  # the fixtures of the pty kit
deck = pty_helpers.deck


def test_interactive_prompt_then_resume_to_the_end_of_the_round(tmp_path, env, deck):
    # The script's folder is not on PATH, as in a fresh shell after the README's line 1.
    program = command()
    folder = os.path.dirname(program[0])
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != folder)
    save = tmp_path / "game.jsonl"
    where = f"--save {shlex.quote(str(save))} --deck {shlex.quote(str(deck))}"
    line = f"play --seed 7 --name Ana --pace 0 {where} --seat 1=random --target 1"
    child = spawn(shlex.split(line), env)
    try:
        start = expect_prompt(child)
        # (the banner is wrapped at spaces to the terminal's width, never inside the path)
        banner = f"rummy500 · Ana, Ada (random) · seed 7 · saving to {save}"
        assert banner in " ".join(start.split())
        assert str(save) in start.split()
        assert "Hand (Ana, 13): 2♠ K♠  7♥ 8♥ 9♥  7♣ 8♣ 9♣ K♣  7♦ 8♦ 9♦ K♦" in start
        assert "Pile (take N): 1:10♠" in start

        # Tab completes 'dr' to 'draw' (the only command word that starts so).
        child.send("dr")
        child.expect("dr")
        child.send("\t")
        child.expect("aw")
        child.send("\r")
        child.expect(r"You draw (\S+) from the stock\.")
        assert child.match.group(1) == "K♥"
        table = expect_prompt(child)
        assert "Hand (Ana, 14):" in table

        # A refused move: an error line, and the prompt comes back.
        child.sendline("discard 2C")
        child.expect(r"error: (.*?)\r?\n")
        error = plain(child.match.group(1))
        assert "2♣ is not in your hand" in error
        assert "legal now:" in error
        expect_prompt(child)

        # A half-typed line cleared with Ctrl-C: the next command runs alone.
        child.send("meld 7C 7D")
        child.expect("7D")
        child.sendcontrol("c")
        expect_prompt(child)
        child.sendline("hand")
        index = child.expect([r"Hand \(Ana, 14\): ", r"error: "])
        assert index == 0, plain(child.before + child.after)
        expect_prompt(child)

        # Ctrl-D saves and leaves with the resume line, exit status 0: a command that
        # works from this shell, so the script by its full path.
        # A command longer than the line is continued (` \\` at each line's end), so that
        # it still pastes as one command.
        child.sendcontrol("d")
        child.expect("Resume with:")
        status = finish(child)
        pasted = shlex.split(re.sub(r" \\\r?\n\s*", " ", plain(child.before)))
        assert pasted[:3] == [program[0] if len(program) == 1 else "rummy500", "resume", str(save)]
        printed = pasted[0]
        assert status == 0
    finally:
        child.close(force=True)

    events = read_log(save).events
    assert isinstance(events[-1], StockDrawn)
    assert not any(isinstance(event, Melded) for event in events)  # the cleared line
    history = (tmp_path / "state" / "rummy500" / "history").read_text()
    assert "+draw" in history and "+hand" in history

    # Resumed with the command printed, as a user pastes it.
    words = shlex.split(printed) if len(program) == 1 else program
    child = pexpect.spawn(
        words[0],
        [*words[1:], "resume", str(save), "--pace", "0"],
        env=env,
        dimensions=(40, 120),
        encoding="utf-8",
        timeout=TIMEOUT,
    )
    try:
        table = expect_prompt(child)
        assert "Hand (Ana, 14):" in table
        assert "Ana to meld, lay off or discard" in table
        for move, seen in [
            ("meld 7C 7D 7H", r"You meld 7♥ 7♣ 7♦ \(21\) as #1\."),
            ("m 8c 8d 8h", r"You meld 8♥ 8♣ 8♦ \(24\) as #2\."),
            ("meld 9C 9D 9H", r"You meld 9♥ 9♣ 9♦ \(27\) as #3\."),
            ("meld KS KD KC KH", r"You meld K♠ K♥ K♣ K♦ \(40\) as #4\."),
        ]:
            child.sendline(move)
            child.expect(seen)
            expect_prompt(child)
        child.sendline("x 2s")
        child.expect(r"You win the game with 112\.")
        scores = plain(child.before)
        assert "You go out. Round 1 is over." in scores
        lines = [line.strip() for line in scores.splitlines()]
        assert "Round 1 scores" in lines
        assert "Ana       112      0    112    112" in lines
        assert "Ada         0    -83    -83    -83" in lines
        assert finish(child) == 0
    finally:
        child.close(force=True)
    assert load_state(read_log(save).events).over


def test_a_rum_window_asks_with_a_short_prompt(tmp_path, env):
    """RULES 7 rum_call at a real terminal, hot seat: Bo discards 10H, which fits Ana's
    run; the keyboard comes back to Ana with the short question `Rum? rum/pass`."""
    deck = deck_file(tmp_path / "deck.txt", ["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD 10H 4H")
    save = tmp_path / "rum.jsonl"
    args = ["play", "--save", str(save), "--name", "Ana", "--seat", "1=human:Bo", "--deck"]
    args += [str(deck), "--rule", "rum_call=true", "--rule", "hand_size=4", "--pace", "0"]
    child = spawn(args, env)
    try:
        child.expect("Pass the keyboard to Ana")
        child.sendline("")
        for line in ("draw", "meld 7H 8H 9H", "discard 2C"):
            child.expect(r"Ana>")
            child.sendline(line)
        child.expect("Pass the keyboard to Bo")
        child.sendline("")
        for line in ("draw", "discard 10H"):
            child.expect(r"Bo>")
            child.sendline(line)
        child.expect("Pass the keyboard to Ana")
        child.sendline("")
        child.expect(r"Ana \(Rum\? rum/pass\)>")
        child.sendline("rum")
        child.expect(r"call Rum! and lay 10.? off on #1 \(10\)")
        child.expect(r"Ana>")
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    called = [event for event in read_log(save).events if isinstance(event, RumCalled)]
    assert [(event.seat, event.card) for event in called] == [(0, "10H")]


# --- Hot-seat, the toolbar, completion, wrapping, round ends and pace (issue 12) ------------


def raw_until(child, pattern: str) -> str:
    """Everything printed up to a pattern, escape sequences kept."""
    child.expect(pattern)
    return child.before


CPR = "\x1b[6n"
"""prompt-toolkit's question for the cursor's place: it draws the bottom toolbar only
once a terminal has answered it (PROMPT_TOOLKIT_NO_CPR, elsewhere here, turns it off)."""


def until(child, pattern) -> str:
    """Output up to a pattern, answering the cursor-position questions on the way."""
    seen = ""
    while child.expect([re.escape(CPR), pattern]) == 0:
        seen += child.before
        child.send("\x1b[20;1R")
    return seen + child.before


def settle(child, seconds: float = 1.0) -> str:
    """Everything printed in the next `seconds`, the cursor questions answered."""
    seen = ""
    while child.expect([re.escape(CPR), pexpect.TIMEOUT], timeout=seconds) == 0:
        seen += child.before
        child.send("\x1b[20;1R")
    return seen + child.before


def leave(child, prompt: str) -> int:
    """At the next prompt, Ctrl-D; the exit status (the cursor questions answered)."""
    until(child, prompt)
    child.sendcontrol("d")
    until(child, pexpect.EOF)
    return finish(child)


def test_hot_seat_hides_the_last_hand_and_the_next_until_enter(tmp_path, env):
    """Point 7: before the keyboard passes, the scrollback is cleared (ESC[3J, after
    enough blank lines), the bottom bar shows nothing of the next hand until Enter, and
    the arrow keys do not bring back the other player's commands."""
    env.pop("PROMPT_TOOLKIT_NO_CPR")  # the bottom bar is drawn, as at a real terminal
    deck = deck_file(tmp_path / "deck.txt", ["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD QS 4H")
    save = tmp_path / "hot.jsonl"
    args = ["play", "--save", str(save), "--name", "Ana", "--seat", "1=human:Bo", "--deck"]
    args += [str(deck), "--rule", "hand_size=4", "--pace", "0"]
    child = spawn(args, env)
    try:
        until(child, "Pass the keyboard to Ana")
        child.sendline("")
        until(child, r"legal: draw")  # the bottom bar is there, at a turn
        child.sendline("draw")
        for line in ("meld 7H 8H 9H", "discard 2C"):
            until(child, r"Ana>")
            child.sendline(line)
        before = until(child, "Pass the keyboard to Bo")
        clear = before.rindex("\x1b[3J")
        assert before[:clear].count("\n") >= 40  # blank lines first, then ESC[3J
        assert "Hand (Ana" not in plain(before[clear:])
        # While the question waits: no hand, no legal moves, in the bar or anywhere.
        waiting = plain(settle(child))
        assert "legal:" not in waiting and "Hand (Bo" not in waiting
        child.sendline("")
        table = plain(until(child, r"Bo>"))
        assert "Hand (Bo, 4): 5♠ K♠  4♣  3♦" in table
        assert "Hand (Ana" not in table
        child.send("\x1b[A")  # Up: Bo's history is Bo's alone (empty), not Ana's discard
        child.sendline("")
        child.sendline("draw")
        drawn = plain(until(child, r"You draw \S+ from the stock\."))
        assert "error:" not in drawn and "2♣" not in drawn.split("Bo>", 1)[-1]
        assert leave(child, r"Bo>") == 0
    finally:
        child.close(force=True)


def test_at_60_columns_the_toolbar_fits_and_lines_wrap_at_words(tmp_path, env):
    """Point 10: the bottom bar is fitted to 60 columns, narration wraps between words,
    and Tab offers only what is legal, with a description."""
    from rummy500_cli.render.layout import fit_toolbar, wrap

    env.pop("PROMPT_TOOLKIT_NO_CPR")
    save = tmp_path / "narrow.jsonl"
    args = ["play", "--seed", "11", "--name", "Ana", "--save", str(save), "--pace", "0"]
    child = pexpect.spawn(
        command()[0], [*command()[1:], *args], env=env, dimensions=(30, 60),
        encoding="utf-8", timeout=TIMEOUT,
    )  # fmt: skip
    try:
        start = plain(until(child, r"Ana>"))
        assert "Hand (Ana, 13): 2♠ 6♠ 7♠ 8♠  10♥  A♣ 2♣ 7♣ 8♣ 9♣  4♦ 6♦" in start
        bar = fit_toolbar("draw", ["draw"], 59)
        assert len(bar) <= 59 and bar.startswith(" draw · legal: draw")
        until(child, re.escape(bar))
        child.send("t")
        child.send("\t")  # only table: no take is legal (J♠ cannot be used)
        until(child, "able")
        child.sendcontrol("c")
        until(child, r"Ana>")
        child.sendline("draw")
        until(child, r"Ana>")
        child.sendline("meld 7c 8c 9c")
        until(child, r"Ana>")
        child.send("x ")
        child.send("\t")
        until(child, "a card, ending your turn")
        child.sendcontrol("c")
        until(child, r"Ana>")
        child.sendline("x jd")
        text = plain(until(child, r"Ada discards"))
        line = "Ada takes J♠ and the card above it from the pile and melds J♠ J♥ J♣ J♦ (40) as #2."
        for part in wrap(line, 59).splitlines():
            assert part in text, (part, text)
        assert line not in text
        assert leave(child, r"Ana>") == 0
    finally:
        child.close(force=True)


def test_a_round_s_end_waits_for_enter_with_the_cards_left(tmp_path, env, deck):
    """Point 11: the score table and the cards each player was caught with stay until
    Enter; the next deal is told only then."""
    save = tmp_path / "rounds.jsonl"
    args = ["play", "--seed", "7", "--name", "Ana", "--pace", "0", "--save", str(save)]
    child = spawn([*args, "--deck", str(deck), "--seat", "1=random"], env)
    try:
        for move in ("draw", "meld 7C 7D 7H", "meld 8C 8D 8H", "meld 9C 9D 9H", "meld KS KD KC KH"):
            expect_prompt(child)
            child.sendline(move)
        expect_prompt(child)
        child.sendline("x 2s")
        shown = plain(raw_until(child, r"Round 1 is over\. Press Enter for the next deal"))
        assert "You go out. Round 1 is over." in shown
        assert "Ana       112      0    112    112" in shown
        assert "Caught with: Ada 3♠ 5♠ Q♠  4♥ 6♥ J♥  2♣ 4♣ 6♣  A♦ 3♦ 5♦ 10♦" in shown
        assert "Round 2:" not in shown
        child.expect(pexpect.TIMEOUT, timeout=1)  # it waits: nothing more is told
        assert "Round 2:" not in plain(child.before)
        child.sendline("")
        child.expect(r"Round 2: ")
        child.expect(r"Ana>")
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        child.close(force=True)


def test_enter_skips_the_bots_pauses_until_your_turn(tmp_path, env):
    """Point 11: at a pace of 30 s a move, three computer players would take 90 s; Enter
    once, and the keyboard's turn comes back at once."""
    hands = ["7C 7D 7H 8C 8D 8H 2S", "2C 3D 4H 5S 6C 10D JH", "QS AD 3S 4C 5D 6H 9S"]
    hands.append("JC QC KC 9D QD KD 2H")
    deck = deck_file(tmp_path / "deck4.txt", hands, "10S", "KH AS AC")
    save = tmp_path / "pace.jsonl"
    args = ["play", "--players", "4", "--bots", "random", "--name", "Ana", "--pace", "30"]
    child = spawn([*args, "--deck", str(deck), "--save", str(save)], env)
    try:
        banner = plain(raw_until(child, r"Ana>"))
        assert "Enter skips the bots' pauses" in banner
        child.sendline("draw")
        expect_prompt(child)
        child.sendline("discard 2s")
        child.expect(r"You discard 2♠\.")
        child.send("\r")  # skip the pauses of the three moves to come
        child.expect(r"Ana>", timeout=20)
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        child.close(force=True)
