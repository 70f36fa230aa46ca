"""At the end of a game at the interactive prompt, one line on the person's record and
rating (rummy500-stats(6), "At the end of a game"), in a real pseudo-terminal."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)
pexpect = pytest.importorskip("pexpect")

from rummy500_cli.cards import Card, parse_cards  # noqa: E402
from rummy500_cli.deal import stack  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")
# Ana is dealt three sets of three, three Kings and 2S; the fourth King tops the stock:
# she draws it, melds everything and goes out, which wins a game to 1 point.
HAND_ANA = "7C 7D 7H 8C 8D 8H 9C 9D 9H KS KD KC 2S"
HAND_BOT = "2C 3D 4H 5S 6C 10D JH QS AD 3S 4C 5D 6H"


def test_the_record_line_at_the_end_of_a_game(tmp_path: Path) -> None:
    cards = stack(
        [parse_cards(HAND_ANA), parse_cards(HAND_BOT)], Card.parse("10S"), parse_cards("KH")
    )
    deck = tmp_path / "deck.txt"
    deck.write_text(" ".join(card.ascii for card in cards) + "\n")
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1")
    env.pop("COLUMNS", None)
    script = Path(sys.executable).parent / "rummy500"
    program = [str(script)] if script.exists() else [sys.executable, "-m", "rummy500_cli"]
    args = ["play", "--seed", "7", "--name", "Ana", "--pace", "0", "--deck", str(deck)]
    args += ["--save", str(tmp_path / "game.jsonl"), "--seat", "1=random", "--target", "1"]
    child = pexpect.spawn(
        program[0], [*program[1:], *args], env=env, dimensions=(40, 120), encoding="utf-8"
    )
    child.timeout = 20
    try:
        for move in ["draw", "meld 7C 7D 7H", "meld 8C 8D 8H", "meld 9C 9D 9H"]:
            child.expect("Ana>")
            child.sendline(move)
        child.expect("Ana>")
        child.sendline("meld KS KD KC KH")
        child.expect("Ana>")
        child.sendline("discard 2S")
        child.expect(r"Ana: 1 win in 1 against random; rating 1,500 → ([\d,]+) \(provisional\)")
        assert int(child.match.group(1).replace(",", "")) > 1500
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
