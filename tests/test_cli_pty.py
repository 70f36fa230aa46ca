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
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)
pexpect = pytest.importorskip("pexpect")

from rummy500_cli.cards import Card, parse_cards  # noqa: E402
from rummy500_cli.deal import stack  # noqa: E402
from rummy500_cli.events import Melded, RumCalled, StockDrawn  # noqa: E402
from rummy500_cli.records.log import load_state, read_log  # noqa: E402

TIMEOUT = 15
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")

# Seat 0 is dealt three sets of three, three Kings and 2S; the fourth King tops the stock.
HAND_ANA = "7C 7D 7H 8C 8D 8H 9C 9D 9H KS KD KC 2S"
HAND_BOT = "2C 3D 4H 5S 6C 10D JH QS AD 3S 4C 5D 6H"


def command() -> list[str]:
    """The installed `rummy500` script of this Python, or the module if there is none."""
    script = Path(sys.executable).parent / "rummy500"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "rummy500_cli.cli.main"]


def plain(text: str) -> str:
    return ANSI.sub("", text)


@pytest.fixture
def env(tmp_path):
    values = dict(os.environ)
    values.update(
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",
        NO_COLOR="1",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
    )
    values.pop("COLUMNS", None)
    values.pop("LINES", None)
    return values


@pytest.fixture
def deck(tmp_path):
    cards = stack(
        [parse_cards(HAND_ANA), parse_cards(HAND_BOT)], Card.parse("10S"), parse_cards("KH")
    )
    path = tmp_path / "deck.txt"
    path.write_text(" ".join(card.ascii for card in cards) + "\n")
    return path


def spawn(args: list[str], env: dict[str, str]):
    program, *rest = command() + args
    child = pexpect.spawn(
        program, rest, env=env, dimensions=(40, 120), encoding="utf-8", timeout=TIMEOUT
    )
    return child


def expect_prompt(child) -> str:
    """Wait for the Ana> prompt (its space is drawn as a cursor move); answer what was
    printed before it, ANSI stripped."""
    child.expect(r"Ana>")
    return plain(child.before)


def finish(child) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None
    return child.exitstatus


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
        assert f"rummy500 · Ana, Ada · seed 7 · saving to {save}" in start
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
        child.sendcontrol("d")
        child.expect(r"Resume with: (\S+) resume (\S+)")
        printed = plain(child.match.group(1))
        assert printed == (program[0] if len(program) == 1 else "rummy500")
        assert plain(child.match.group(2)) == str(save)
        assert finish(child) == 0
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
    cards = stack(
        [parse_cards("7H 8H 9H 2C"), parse_cards("KS 3D 4C 5S")],
        Card.parse("KD"),
        parse_cards("JD 10H 4H"),
    )
    deck = tmp_path / "deck.txt"
    deck.write_text(" ".join(card.ascii for card in cards) + "\n")
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
