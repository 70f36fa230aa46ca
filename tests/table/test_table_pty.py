"""Issue 27, "At the table", at a real terminal: the program in a pseudo-terminal of 80
columns and 24 rows, its screen read back with pyte (a terminal emulator), so that the
tests see what a person sees, not the escape sequences prompt-toolkit draws it with.

Point 6: each seat's kind beside its name; 7: the table and the bots' turns fit 24 rows,
lines broken between items; 8: the scorepad at the end and under `score`; 9: the hot-seat
recap; 11: the card just drawn and the last play marked, diamonds bright blue.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)

import pexpect
import pyte
from helpers import deck_file

from rummy500_cli.bots.greedy import GreedyBot
from rummy500_cli.records.log import load_state, read_log

ROWS, COLUMNS = 24, 80
TIMEOUT = 30


def command() -> list[str]:
    script = Path(sys.executable).parent / "rummy500"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "rummy500_cli.cli.main"]


class Terminal:
    """The program in a pseudo-terminal, and the screen it has drawn."""

    def __init__(self, args: list[str], tmp_path: Path, color: bool = False) -> None:
        env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        if color:
            env.pop("NO_COLOR", None)
        else:
            env["NO_COLOR"] = "1"
        program, *rest = command() + args
        self.child = pexpect.spawn(
            program, rest, env=env, dimensions=(ROWS, COLUMNS), encoding="utf-8",
            timeout=TIMEOUT, cwd=str(tmp_path),
        )  # fmt: skip
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.Stream(self.screen)

    def until(self, pattern: str) -> str:
        """Read up to a pattern, drawing everything on the screen; the text before it."""
        self.child.expect(pattern)
        after = self.child.after if isinstance(self.child.after, str) else ""
        self.stream.feed(self.child.before + after)
        return self.child.before

    def settle(self, seconds: float = 0.3) -> None:
        """Draw whatever comes in the next moments (the rest of a prompt's drawing)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=left))
            except pexpect.TIMEOUT:
                break

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def play(
        self, line: str, hand: str = "Ana", also: str | None = None, marker: str | None = None
    ) -> int:
        """Type a line and wait for the next prompt after the table that follows it (or
        after `marker`: the prompt is drawn again with the line first, and that one does
        not count), or for `also`; answer 0 at the prompt, 1 at `also`."""
        self.send(line)
        patterns = [marker or rf"Hand \({hand}, "] + ([also] if also else [])
        index = self.child.expect(patterns)
        self.stream.feed(self.child.before + self.child.after)
        if index == 0:
            self.until(rf"{hand}>")
        self.settle(0.1)
        return index

    @property
    def rows(self) -> list[str]:
        return [row.rstrip() for row in self.screen.display]

    def row_of(self, start: str) -> int:
        """The last row that starts with this text."""
        found = [i for i, row in enumerate(self.rows) if row.startswith(start)]
        assert found, f"no row starts with {start!r}:\n" + "\n".join(self.rows)
        return found[-1]

    def close(self) -> int | None:
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


def no_row_runs_over(term: Terminal) -> None:
    """Nothing was written into the last column: every line fitted in 79 columns, none
    was broken by the terminal (inside a card, a name or a path)."""
    full = [row for row in term.screen.display if row[-1] != " "]
    assert not full, full


def greedy_move(save: Path, seat: int = 0) -> str | None:
    """The greedy bot's move for the seat, from the log on disk (None: not its turn)."""
    for _ in range(50):
        state = load_state(read_log(save).events)
        if state.over:
            return None
        if state.to_move == seat:
            return GreedyBot("table", seat).choose(state).text()
        time.sleep(0.1)
    return None


# --- 6 and 7 ---------------------------------------------------------------------------------


def test_each_seat_s_level_is_shown_where_its_name_is(tmp_path) -> None:
    """At 80x24 with three bots of three levels: the banner, the score line and the
    others' line say which bot is which."""
    args = ["play", "--players", "4", "--bots", "random,greedy,strong", "--seed", "5"]
    save = tmp_path / "tags.jsonl"
    term = Terminal([*args, "--name", "Ana", "--save", str(save), "--pace", "0"], tmp_path)
    try:
        start = term.until(r"Ana>")
        term.settle()
        top = term.rows
        assert "rummy500 · Ana, Ada (random), Bob (greedy), Cy (strong) · seed 5" in start
        assert "A game of 4 to 500 takes about 10 rounds" in start  # and how to play a quick one
        assert "Round 1 · Ana 0 · Ada (random) 0 · Bob (greedy) 0 · Cy (strong) 0 · to 500" in top
        others = "Others: Ada (random) 7 cards · Bob (greedy) 4 cards · Cy (strong) 1 card"
        assert others in top
        term.child.sendcontrol("d")
        assert term.close() == 0
    finally:
        term.child.close(force=True)


def test_four_players_at_80x24_the_table_and_the_bots_turns_fit(tmp_path) -> None:
    """Rounds of a 4-player game at 80x24: at each prompt the table is whole, with
    everything since Ana's last discard still on the screen (the bots' turns a line each
    when rows are short), no line broken by the terminal; each round's end breaks
    `Caught with:` between players."""
    save = tmp_path / "four.jsonl"
    args = ["play", "--players", "4", "--bots", "random,greedy,strong", "--seed", "5"]
    term = Terminal([*args, "--name", "Ana", "--save", str(save), "--pace", "0"], tmp_path)
    try:
        term.until(r"Ana>")
        term.settle()
        joined = ends = 0
        for _turn in range(60):
            move = greedy_move(save)
            if move is None:
                break
            index = term.play(move, also=r"Press Enter for the next deal")
            rows = term.rows
            no_row_runs_over(term)
            if index == 1:  # a round's end
                caught = term.row_of("Caught with: ")
                for row in rows[caught + 1 : term.row_of("Round ")]:
                    assert re.match(r"  (Ana|Ada|Bob|Cy) ", row), rows  # broken between players
                ends += 1
                term.send("")
                term.until(r"Hand \(Ana, ")
                term.until(r"Ana>")
                term.settle()
                continue
            hand = term.row_of("Hand (Ana, ")
            head = max(i for i, row in enumerate(rows) if re.match(r"Round \d+ · Ana ", row))
            assert head < hand < len(rows)  # the whole table, from its first line to the hand
            if move.startswith("discard"):
                # Everything the bots did since Ana's discard is on the screen, above it.
                assert any(row.startswith(f"Ana> {move}") for row in rows[:head]), "\n".join(rows)
            joined += any(
                re.match(r"(Ada|Bob|Cy) .*from the (stock|pile).*, discards ", row) for row in rows
            )
        assert ends >= 1
        assert joined  # by mid-round the bots' turns were told a line each
        term.child.sendcontrol("d")
    finally:
        term.child.close(force=True)


# --- 8 -----------------------------------------------------------------------------------------

ANA = "7C 7D 7H 8C 8D 8H 9C 9D 9H KS KD KC 2S"
ADA = "2C 3D 4H 5S 6C 10D JH QS AD 3S 4C 5D 6H"
GO_OUT = ["draw", "meld 7C 7D 7H", "meld 8C 8D 8H", "meld 9C 9D 9H", "meld KS KD KC KH", "x 2s"]


def test_score_shows_the_scorepad_and_the_game_ends_with_it(tmp_path) -> None:
    deck = deck_file(tmp_path / "deck.txt", [ANA, ADA], "10S", "KH")
    save = tmp_path / "end.jsonl"
    args = ["play", "--name", "Ana", "--seat", "1=random", "--deck", str(deck), "--seed", "7"]
    term = Terminal([*args, "--save", str(save), "--pace", "0", "--target", "200"], tmp_path)
    try:
        term.until(r"Ana>")
        for move in GO_OUT[:-1]:
            term.play(move)
        assert term.play(GO_OUT[-1], also=r"Press Enter for the next deal") == 1
        term.send("")
        term.until(r"Hand \(Ana, ")
        term.until(r"Ana>")
        term.play("score", marker="Scorepad")
        rows = term.rows
        pad = term.row_of("Scorepad (each round: its score and the running total)")
        assert rows[pad + 1].split() == ["Round", "Ana", "Ada", "(random)"]
        assert rows[pad + 2].split() == ["1", "+112", "112", "-83", "-83"]
        term.child.sendcontrol("d")
        term.close()
    finally:
        term.child.close(force=True)

    save = tmp_path / "won.jsonl"
    term = Terminal([*args, "--save", str(save), "--pace", "0", "--target", "100"], tmp_path)
    try:
        term.until(r"Ana>")
        for move in GO_OUT[:-1]:
            term.play(move)
        term.send(GO_OUT[-1])
        term.until(pexpect.EOF)
        rows = term.rows
        pad = term.row_of("Scorepad")
        assert rows[pad + 2].split() == ["1", "+112", "112", "-83", "-83"]
        places = term.row_of("Final places:")
        assert rows[places + 1].split() == ["1st", "Ana", "112"]
        assert rows[places + 2].split() == ["2nd", "Ada", "(random)", "-83"]
        chart = term.row_of("Totals over 1 round (from -83 to 112):")
        assert rows[chart + 1].split() == ["Ana", "██", "112"]
        assert rows[chart + 2].split() == ["Ada", "▁▁", "-83"]
        nxt = term.row_of("Next:")
        me = command()[0] if len(command()) == 1 else "rummy500"
        verbs = [row.split()[1] for row in rows[nxt + 1 :] if row.startswith(f"  {me} ")]
        assert verbs == ["analyze", "replay", "export"]  # one command a line, analyze first
    finally:
        term.child.close(force=True)


# --- 9 -----------------------------------------------------------------------------------------


def test_hot_seat_tells_each_player_what_the_others_did(tmp_path) -> None:
    """Ana and Bo at one keyboard with a bot: after the screen is cleared and Enter, Bo is
    told Ana's turn (her drawn card not named), then Ana is told Bo's and the bot's."""
    hands = ["7H 8H 9H 2C", "KS 3D 4C 5S", "QH QD QC 6S"]
    deck = deck_file(tmp_path / "deck.txt", hands, "KD", "JD QS 4H 5H 6H")
    save = tmp_path / "hot.jsonl"
    args = ["play", "--players", "3", "--save", str(save), "--name", "Ana", "--seat", "1=human:Bo"]
    args += ["--seat", "2=greedy", "--deck", str(deck), "--rule", "hand_size=4", "--pace", "0"]
    term = Terminal(args, tmp_path)
    try:
        term.until("Pass the keyboard to Ana")
        term.send("")
        term.until(r"Ana>")
        term.play("draw")
        term.play("meld 7H 8H 9H")
        assert term.play("discard 2C", also="Pass the keyboard to Bo") == 1
        term.send("")
        term.until(r"Hand \(Bo, ")
        term.until(r"Bo>")
        term.settle()
        rows = term.rows
        since = term.row_of("Since your last turn:")
        assert rows[since + 1] == (
            "  Ana draws a card from the stock, melds 7♥ 8♥ 9♥ (24) as #1, discards 2♣."
        )
        assert since < term.row_of("Round 1 · Ana (human) 0") < term.row_of("Hand (Bo, 4)")
        assert not any("J♦" in row for row in rows if "Hand (" not in row and "Pile" not in row)
        term.play("draw", hand="Bo")
        assert term.play("discard KS", hand="Bo", also="Pass the keyboard to Ana") == 1
        term.send("")
        term.until(r"Hand \(Ana, ")
        term.until(r"Ana>")
        term.settle()
        rows = term.rows
        since = term.row_of("Since your last turn:")
        told = rows[since + 1 : term.row_of("Round 1 · Ana (human) 0")]
        assert told[0] == "  Bo draws a card from the stock, discards K♠."
        assert told[1].startswith("  Ada ") and told[1].endswith(".")  # the bot's turn
        assert all("Ana " not in line for line in told)  # her own moves she saw
        term.child.sendcontrol("d")
        term.close()
    finally:
        term.child.close(force=True)


# --- 11 ----------------------------------------------------------------------------------------


def cells(term: Terminal, row: int, text: str) -> list:
    """The screen cells of the first `text` in a row."""
    line = "".join(cell.data for cell in (term.screen.buffer[row][c] for c in range(COLUMNS)))
    start = line.index(text)
    return [term.screen.buffer[row][c] for c in range(start, start + len(text))]


def test_the_card_just_drawn_and_the_last_play_stand_out(tmp_path) -> None:
    deck = deck_file(tmp_path / "deck.txt", [ANA, ADA], "10S", "KH")
    save = tmp_path / "marks.jsonl"
    args = ["play", "--name", "Ana", "--seat", "1=random", "--deck", str(deck), "--seed", "7"]
    args += ["--save", str(save), "--pace", "0", "--color", "--four-color"]
    term = Terminal(args, tmp_path, color=True)
    try:
        term.until(r"Ana>")
        term.play("draw")
        hand = term.row_of("Hand (Ana, 14)")
        drawn = cells(term, hand, "K♥")
        assert all(cell.reverse for cell in drawn) and drawn[0].fg == "red"
        others = cells(term, hand, "K♦")
        assert not any(cell.reverse for cell in others)
        assert others[0].fg == "brightblue"  # four colours: diamonds readable on dark
        term.play("meld 7C 7D 7H")
        meld = term.row_of("  #1 Ana: ")
        assert all(cell.reverse for cell in cells(term, meld, "7♥ ")[:2])
        assert all(cell.reverse for cell in cells(term, term.row_of("Hand (Ana, 11)"), "K♥"))
        term.child.sendcontrol("d")
        term.close()
    finally:
        term.child.close(force=True)
