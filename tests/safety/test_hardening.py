"""Hardening (issue 10): whatever the input, one line and never a traceback, a hang or
raw terminal codes; nothing played is lost. One section per numbered point of the issue;
the fuzzers of tests/safety/test_fuzz.py try the same surfaces at random.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile import (
    REPLAYS,
    encode,
    entries,
    first,
    one_line_error,
    raw_controls,
    run,
)

from rummy500_cli.bots import BOTS
from rummy500_cli.engine import new_game, play
from rummy500_cli.errors import ParseError
from rummy500_cli.events import StockRebuilt
from rummy500_cli.protocol import read_input
from rummy500_cli.records import log as log_module
from rummy500_cli.records.log import MAX_LINE, encode_log, read_log
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

TWO = REPLAYS / "two-players.jsonl"
GAMBIT = REPLAYS / "dealers-gambit-four-players.jsonl"
WINDOWS = REPLAYS / "windows-three-players.jsonl"
UNFINISHED = REPLAYS / "unfinished.jsonl"
RUMMY = [sys.executable, "-m", "rummy500_cli.cli.main"]


@pytest.fixture(autouse=True)
def homes(tmp_path, monkeypatch):
    """No test touches the real home: saves and history under tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("NO_COLOR", raising=False)


def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "data" / "rummy500" / "games"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def head(source: Path, lines: int, target: Path) -> Path:
    """The first `lines` lines of a log (what a write cut there leaves)."""
    target.write_bytes(b"".join(source.read_bytes().splitlines(keepends=True)[:lines]))
    return target


def verified(path: Path) -> str:
    outcome = run(["verify", path])
    assert outcome.code == 0, outcome.describe()
    return outcome.stdout


# --- 1. A log that verify accepts resumes ---------------------------------------------


@pytest.mark.parametrize(
    ("source", "cut"),
    [(TWO, 28), (GAMBIT, 57), (WINDOWS, 3), (TWO, 1), (TWO, 2)],
    ids=["after-round-ended", "gambit-after-round-ended", "header-and-deal", "header", "draw"],
)
def test_a_log_cut_where_the_rules_owe_events_resumes(tmp_path, source, cut) -> None:
    """`head -n 28 two-players.jsonl` stops after a round_ended: resume writes the deal
    the rules owe (byte for byte the next line of the whole game) and plays on."""
    cut_log = head(source, cut, tmp_path / "cut.jsonl")
    assert "unfinished" in verified(cut_log)
    outcome = run(["resume", cut_log, "--windows", "pass"], input="quit\n")
    assert outcome.sound and outcome.code == 0, outcome.describe()
    whole = source.read_bytes().splitlines(keepends=True)
    resumed = cut_log.read_bytes().splitlines(keepends=True)
    assert resumed[: cut + 1] == whole[: cut + 1]  # what the rules owed, then play
    assert ": ok: " in verified(cut_log)


def test_a_final_round_ended_without_its_game_ended_ends_the_game_on_resume(tmp_path) -> None:
    lines = TWO.read_bytes().splitlines(keepends=True)
    cut_log = head(TWO, len(lines) - 1, tmp_path / "cut.jsonl")
    assert "unfinished" in verified(cut_log)
    outcome = run(["resume", cut_log])
    one_line_error(outcome, "this game is over")
    assert cut_log.read_bytes() == TWO.read_bytes()  # the game_ended the rules owed
    assert "Ana won" in verified(cut_log)


def test_a_game_with_a_rebuilt_stock_verifies_and_resumes(tmp_path) -> None:
    """RULES 6b.6 (stock_out=reshuffle): the draw that rebuilds the stock starts with a
    stock_rebuilt line, which the audit (and so every reader) takes as that draw."""
    rules = make_rules({"stock_out": "reshuffle"})
    events = new_game(["Ana", "Bob"], rules, 3, seats=("human", "human"))
    state = fold(events)
    bots = [BOTS["random"](3, seat) for seat in range(2)]
    while not any(isinstance(e, StockRebuilt) for e in events):
        assert not state.over, "seed 3 rebuilds the stock in its first game"
        events += play(state, bots[state.to_move].choose(state))
    rebuilt = next(i for i, e in enumerate(events) if isinstance(e, StockRebuilt))
    save = tmp_path / "g.jsonl"
    save.write_bytes(encode_log(events[: rebuilt + 1]))
    assert "unfinished" in verified(save)
    outcome = run(["resume", save], input="quit\n")
    assert outcome.sound and outcome.code == 0, outcome.describe()
    assert len(read_log(save).events) == rebuilt + 2  # the stock_drawn the rules owed
    assert "unfinished" in verified(save)


# --- 2. An external bot cannot hang the game: see tests/bots/test_external.py -----------------


# --- 3. Untrusted text never reaches the terminal raw ----------------------------------

EVIL = "\x1b]0;PWNED\x07\x1b[2JEvil\u202e"


def shared_game(path: Path, first: str, seed: str) -> Path:
    """A sound game (it verifies) with this first player's name and this seed, as anyone
    can make one and share it: 120 events of a person against the greedy bot."""
    events = new_game([first, "Bob"], make_rules(), seed, seats=("human", "bot:greedy"))
    state = fold(events)
    bots = [BOTS["greedy"](seed, seat) for seat in range(2)]
    while not state.over and len(events) < 120:
        events += play(state, bots[state.to_move].choose(state))
    path.write_bytes(encode_log(events))
    return path


def hostile_names(tmp_path: Path) -> Path:
    """A shared game whose first player and seed carry terminal codes."""
    return shared_game(tmp_path / "evil.jsonl", EVIL, "7\x1b[31m\x9b2J")


@pytest.mark.parametrize("color", [False, True], ids=["plain", "color"])
def test_terminal_codes_from_a_log_are_shown_escaped(tmp_path, color) -> None:
    evil = hostile_names(tmp_path)
    colour = ["--color"] if color else []
    folder = saves(tmp_path)
    (folder / "evil.jsonl").write_bytes(evil.read_bytes())
    (folder / "named\x1b]0;x\x07.jsonl").write_bytes(evil.read_bytes())  # a file name too
    runs = {
        "verify": run(["verify", evil], color=color),
        "replay": run(["replay", evil, "--at", "40", *(["--color"] if color else [])], color=color),
        "replay-json": run(["replay", evil, "--json", "--at", "3"], color=color),
        "export": run(["export", evil], color=color),
        "analyze": run(["analyze", evil, "--seat", "1", "--think", "1"], color=color),
        "analyze-json": run(["analyze", evil, "--seat", "1", "--think", "1", "--json"]),
        "games": run(["games"], color=color),
        "resume": run(
            ["resume", folder / "evil.jsonl", *colour], input="hand\nlog 3\nfly\n", color=color
        ),
        "resume-json": run(["resume", folder / "evil.jsonl", "--json"], input="hand\n"),
    }
    for name, outcome in runs.items():
        assert outcome.sound, (name, outcome.describe())
        text = outcome.stdout + outcome.stderr
        assert not raw_controls(text, color), (name, raw_controls(text, color), text[:600])
    assert "\\x1b]0;PWNED\\x07\\x1b[2JEvil\\u202e" in runs["replay"].stdout
    assert "\\x1b]0;PWNED" in runs["resume"].stdout
    assert "\\u001b]0;PWNED\\u0007" in runs["resume-json"].stdout  # JSON's own escapes


def test_a_newline_in_a_name_from_a_log_cannot_fake_a_line(tmp_path) -> None:
    """A name is shown on one line by every presenter: a newline from a log is `\\n`."""
    log = shared_game(tmp_path / "forged.jsonl", "Ana\nBob wins the game with 500.", "7")
    folder = saves(tmp_path)
    (folder / "forged.jsonl").write_bytes(log.read_bytes())
    runs = {
        "replay": run(["replay", log, "--at", "40", "--as", "all"]),
        "export": run(["export", log]),
        "analyze": run(["analyze", log, "--seat", "1", "--think", "1"]),
        "games": run(["games"]),
        "resume": run(["resume", folder / "forged.jsonl"], input="hand\nscore\nlog 3\n"),
    }
    # a change of seats is told with the seat's name (the log is changed after the others)
    runs["seat"] = run(["resume", folder / "forged.jsonl", "--seat", "0=bot:random"], input="")
    for name, outcome in runs.items():
        assert outcome.sound, (name, outcome.describe())
        text = outcome.stdout + outcome.stderr
        assert "Ana\\nBob wins" in text, (name, text[:600])
        forgery = "Bob wins the game with 500."  # (the game played on may end truly)
        assert not any(line.startswith(forgery) for line in text.splitlines()), name


@pytest.mark.parametrize(
    "args",
    [
        ["--name", "Ana\x1b[2J"],
        ["--seat", "1=human:B\x07b"],
        ["--seed", "7\x1b]0;x\x07"],
        ["--name", "A" * 41],
        ["--seed", "9" * 201],
        ["--seed", "\udcff"],  # a byte of the command line that is not UTF-8
        ["--seat", "1=exec:\udcff"],
        ["--rule", "target=\udcff"],
    ],
    ids=["name", "seat-name", "seed", "long-name", "long-seed", "bytes", "exec", "rule"],
)
def test_new_names_and_seeds_refuse_control_characters(tmp_path, args) -> None:
    outcome = run(["play", "--save", tmp_path / "g.jsonl", *args], input="")
    assert outcome.sound and outcome.code == 2, outcome.describe()
    assert not raw_controls(outcome.stderr)
    assert not (tmp_path / "g.jsonl").exists()


def test_a_file_name_that_is_not_utf8_plays_and_branches(tmp_path) -> None:
    save = tmp_path / "\udcff.jsonl"  # as Python reads a name holding the byte 0xff
    outcome = run(["play", "--seed", "7", "--json", "--save", save], input="")
    assert outcome.sound and outcome.code == 0, outcome.describe()
    bye = json.loads(outcome.stdout.splitlines()[-1])
    assert bye["log"] == str(tmp_path / "\\udcff.jsonl")
    branched = run(["branch", save, "--at", "2"])
    assert branched.sound and branched.code == 0, branched.describe()
    assert not raw_controls(branched.stdout)
    assert "unfinished" in verified(tmp_path / "\udcff-branch-2.jsonl")


# --- 4. One bad input line never ends the session ---------------------------------------

BAD_LINES = [
    "log ²",
    '{"action":"discard","card":1}',
    "[" * 1000 + "]" * 1000,
    '{"a":' * 1000 + "1" + "}" * 1000,
    '{"type":"ping","id":' + "[" * 1000 + "]" * 1000 + "}",
    "take ²",
    "take " + "9" * 5000,
    "meld #" + "9" * 5000,
    "x" * 100_000,
]


@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
def test_every_bad_line_gets_its_error_and_the_game_goes_on(tmp_path, json_mode) -> None:
    save = tmp_path / "g.jsonl"
    flags = ["--json"] if json_mode else []
    base = run(["play", "--seed", "7", "--save", save, *flags], input="")
    assert base.code == 0
    before = save.read_bytes()
    data = "\n".join(BAD_LINES).encode() + b"\n\xff\xfe bad\n"  # and bytes that are not UTF-8
    outcome = run(["resume", save, *flags], input=data)
    assert outcome.sound and outcome.code == 0, outcome.describe()
    assert save.read_bytes() == before  # a refused line does not change the log
    if json_mode:
        messages = [json.loads(line) for line in outcome.stdout.splitlines()]
        errors = [m for m in messages if m["type"] == "error"]
        assert len(errors) == len(BAD_LINES) + 1  # each line refused, and the bytes
        assert messages[-1]["type"] == "bye" and messages[-1]["reason"] == "quit"
    else:
        errors = [line for line in outcome.stderr.splitlines() if line.startswith("error: ")]
        assert len(errors) == len(BAD_LINES) + 1
        assert all(len(line) < 2000 for line in outcome.stderr.splitlines())
        assert "Game saved." in outcome.stdout


def test_a_protocol_line_that_is_not_text_is_refused() -> None:
    """A line can hold lone surrogates when a caller decoded bytes leniently."""
    with pytest.raises(ParseError, match="not UTF-8"):
        read_input('{"action": "discard", "card": "\udcff"}')


@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
def test_strict_stops_at_the_first_bad_line(tmp_path, json_mode) -> None:
    save = tmp_path / "g.jsonl"
    flags = ["--json"] if json_mode else []
    run(["play", "--seed", "7", "--save", save], input="")
    outcome = run(["resume", save, "--strict", *flags], input='{"action":"discard","card":1}\n')
    assert outcome.sound and outcome.code == 1, outcome.describe()


# --- 5. A full disk -----------------------------------------------------------------------


class FullDisk:
    """os.write that fails with ENOSPC for one file once `room` bytes are written, after
    writing part of what it was given (as a real full disk does)."""

    def __init__(self, monkeypatch, path: Path, room: int) -> None:
        self.path = path
        self.room = room
        self._write = os.write
        monkeypatch.setattr(log_module.os, "write", self)

    def __call__(self, descriptor: int, data) -> int:
        try:
            ours = os.path.samestat(os.fstat(descriptor), os.stat(self.path))
        except OSError:
            ours = False
        if not ours:
            return self._write(descriptor, data)
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        part = bytes(data[: min(len(data), self.room, 100)])
        self.room -= len(part)
        return self._write(descriptor, part)


def test_a_full_disk_mid_game_is_one_line_and_loses_nothing(tmp_path, monkeypatch) -> None:
    save = tmp_path / "g.jsonl"
    assert run(["play", "--seed", "7", "--save", save, "--seat", "1=random"], input="").code == 0
    before = save.read_bytes()
    FullDisk(monkeypatch, save, room=150)  # less than the next move's lines
    hand = ("5S", "7S", "10S", "AH", "5H", "9H", "JH")  # seed 7's first hand
    outcome = run(["resume", save], input="".join(f"draw\ndiscard {c}\n" for c in hand))
    saved = len(read_log(save).events) - 1
    line = one_line_error(outcome, "no space left on the device")
    assert f"the game is saved up to event {saved}; free some space, then: rummy500 resume" in line
    assert save.read_bytes().startswith(before)
    assert save.read_bytes().endswith(b"\n")  # no part of the failed move is left
    assert "unfinished" in verified(save)


def test_a_full_disk_at_creation_leaves_no_file(tmp_path, monkeypatch) -> None:
    save = tmp_path / "g.jsonl"
    FullDisk(monkeypatch, save, room=0)
    outcome = run(["play", "--seed", "7", "--save", save], input="")
    one_line_error(outcome, f"{save}: no space left on the device: nothing was saved")
    assert not save.exists()
    monkeypatch.undo()
    assert run(["play", "--seed", "7", "--save", save], input="").code == 0  # the path is free


# --- 6. Junk in the saves folder ---------------------------------------------------------


def junk(folder: Path) -> None:
    (folder / "dangling.jsonl").symlink_to(folder / "nowhere")
    (folder / "loop.jsonl").symlink_to(folder / "loop.jsonl")
    os.mkfifo(folder / "fifo.jsonl")
    (folder / "zero.jsonl").symlink_to("/dev/zero")
    (folder / "deep.jsonl").write_text("[" * 100_000 + "]" * 100_000 + "\n")
    (folder / "dir.jsonl").mkdir()


def test_junk_in_the_saves_folder_is_skipped_with_a_warning(tmp_path) -> None:
    folder = saves(tmp_path)
    good = folder / "good.jsonl"
    assert run(["play", "--seed", "7", "--save", good], input="").code == 0
    junk(folder)
    listing = run(["games"], timeout=10)
    assert listing.sound and listing.code == 0, listing.describe()
    assert "good.jsonl" in listing.stdout.split("\n", 1)[1]  # names under the saves folder
    warnings = [line for line in listing.stderr.splitlines() if line.startswith("warning: ")]
    for name in ("dangling", "loop", "fifo", "zero", "dir"):
        assert sum(f"{name}.jsonl" in line for line in warnings) == 1, (name, warnings)
    assert all(line.startswith("warning: ") for line in listing.stderr.splitlines())
    resumed = run(["resume"], input="quit\n", timeout=10)
    assert resumed.sound and resumed.code == 0, resumed.describe()
    assert f"saving to {good}" in resumed.stdout


# --- 7. Readers check what they read, as verify does ---------------------------------------


def bad_card(items):
    at = first(items, "discarded")
    items[at]["event"]["card"] = "ZZ"
    return at


def no_such_meld(items):
    at = first(items, "laid_off")
    items[at]["event"]["meld"] = 99
    return at


def seat_out_of_range(items):
    at = first(items, "stock_drawn", 5)
    items[at]["event"]["seat"] = 7
    return at


def moved_cards(items):
    at = first(items, "melded")
    items[at]["event"]["cards"] = ["AS", "AS", "AS"]
    return at


def early_end(items):
    at = first(items, "stock_drawn", 10)
    items[at] = {"event": {"type": "game_ended", "winner": 5, "totals": [1]}}
    return at


READERS = [
    ["verify"],
    ["replay", "--at", "-1"],
    ["replay", "--json", "--at", "5"],
    ["export"],
    ["analyze", "--think", "1"],
    ["branch", "--at", "10"],
    ["resume"],
]


@pytest.mark.parametrize(
    "tamper", [bad_card, no_such_meld, seat_out_of_range, moved_cards, early_end]
)
def test_every_reader_refuses_events_that_do_not_fit_with_their_line(tmp_path, tamper) -> None:
    items = entries(TWO)
    line = tamper(items) + 1
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(encode(items))
    for reader in READERS:
        outcome = run([reader[0], forged, *reader[1:]], input="quit\n")
        one_line_error(outcome, f"{forged}:{line}: ")
    folder = saves(tmp_path)
    (folder / "forged.jsonl").write_bytes(forged.read_bytes())
    listing = run(["games"])
    assert listing.sound and listing.code == 0
    assert "unreadable" in listing.stdout


# --- 8. Files that are not files ------------------------------------------------------------


@pytest.mark.parametrize("reader", [["verify"], ["replay", "--at", "1"], ["export"], ["resume"]])
def test_readers_refuse_what_is_not_a_file(tmp_path, reader) -> None:
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    sparse = tmp_path / "sparse.jsonl"
    with open(sparse, "wb") as handle:
        handle.truncate(log_module.MAX_LOG + 1)  # a hole: no disk, and no memory to read
    long_line = tmp_path / "long.jsonl"
    long_line.write_bytes(
        TWO.read_bytes().splitlines(keepends=True)[0] + b"x" * (MAX_LINE + 1) + b"\n"
    )
    for path, needle in (
        (fifo, "a named pipe (FIFO), not a file"),
        (zero, "a character device, not a file"),
        (sparse, "more than any game log"),
        (long_line, f"{long_line}:2: a line of"),
    ):
        outcome = run([reader[0], path, *reader[1:]], input="quit\n", timeout=10)
        one_line_error(outcome, needle)


def test_options_that_name_files_refuse_what_never_ends(tmp_path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    deck = run(["play", "--deck", "/dev/zero", "--save", tmp_path / "a.jsonl"], timeout=20)
    assert deck.sound and deck.code == 2 and "not a stacked deck" in deck.stderr
    # (read by the guarded reader, as the config file and the analysis are)
    one_line_error(run(["simulate", "merge", fifo], timeout=20), "a named pipe (FIFO), not a file")
    one_line_error(run(["simulate", "merge", "/dev/zero"], timeout=20), "a character device")
    commands = run(
        ["play", "--commands", "/dev/zero", "--save", tmp_path / "b.jsonl", "--seed", "1"],
        timeout=60,
    )
    assert commands.sound and commands.code == 0, commands.describe()
    assert "the input is not lines" in commands.stderr
    assert "unfinished" in verified(tmp_path / "b.jsonl")


# --- 9. Option values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["replay", str(TWO), "--as", "²"],
        ["analyze", str(TWO), "--seat", "²"],
        ["play", "--rule", "target=²", "--save", "{tmp}/a.jsonl"],
        ["play", "--rule", "target=" + "9" * 5000, "--save", "{tmp}/a.jsonl"],
        ["play", "--pace", "inf", "--save", "{tmp}/a.jsonl"],
        ["play", "--pace", "nan", "--save", "{tmp}/a.jsonl"],
        ["play", "--bot-timeout", "nan", "--save", "{tmp}/a.jsonl"],
        ["play", "--seat", "²=random", "--save", "{tmp}/a.jsonl"],
        ["play", "--seat", "1" * 5000 + "=random", "--save", "{tmp}/a.jsonl"],
        ["simulate", "--shard", "²/4"],
        ["simulate", "--seed", "\ud800"],
        ["simulate", "--out", ""],  # would write its logs where it runs
    ],
)
def test_options_check_their_type_and_range(tmp_path, args) -> None:
    outcome = run([arg.replace("{tmp}", str(tmp_path)) for arg in args], input="")
    assert outcome.sound and outcome.code == 2, outcome.describe()
    assert outcome.stderr.count("\n") <= 4 and len(outcome.stderr) < 2000


def test_a_long_seed_of_digits_is_a_seed(tmp_path) -> None:
    seed = "9" * 200
    outcome = run(["play", "--seed", seed, "--save", tmp_path / "g.jsonl"], input="")
    assert outcome.sound and outcome.code == 0, outcome.describe()
    assert read_log(tmp_path / "g.jsonl").events[0].seed == seed


def test_save_makes_folders_only_under_the_saves_folder(tmp_path) -> None:
    outside = tmp_path / "new" / "folder" / "g.jsonl"
    one_line_error(run(["play", "--save", outside], input=""), "does not exist")
    assert not (tmp_path / "new").exists()
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0\n")
    one_line_error(run(["play", "--save", passwd / "x.jsonl"], input=""), "is not a folder")
    inside = saves(tmp_path) / "mine" / "deep" / "g.jsonl"
    assert run(["play", "--save", inside], input="").code == 0
    assert inside.is_file()


# --- 10. Ctrl-C in simulate --jobs 2 ---------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs process groups")
def test_ctrl_c_in_a_parallel_simulation_is_one_line(tmp_path) -> None:
    process = subprocess.Popen(
        [*RUMMY, "simulate", "--games", "2000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # A shell that starts the suite in the background hands it Ctrl-C ignored, and an
        # ignored signal stays ignored across exec: give the program Ctrl-C as a terminal would.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 20
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    while time.monotonic() < deadline:  # until both workers run
        if children.exists() and len(children.read_text().split()) >= 2:
            break
        time.sleep(0.05)
    time.sleep(0.5)
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C at a terminal does
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 1
    assert "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith("rummy500: interrupted after ") and line.endswith("nothing is summed up")


# --- 11. One error form ------------------------------------------------------------------


def test_every_command_fails_in_one_form(tmp_path) -> None:
    """The same problem (a file that is not a log) through every command that reads one:
    `rummy500: PATH: ...`, exit 1; click's usage errors keep `Error:`, exit 2."""
    junk_file = tmp_path / "junk.jsonl"
    junk_file.write_text("not a log\n")
    for command in (
        ["verify"],
        ["replay"],
        ["export"],
        ["analyze"],
        ["branch", "--at", "3"],
        ["resume"],
    ):
        one_line_error(run([command[0], junk_file, *command[1:]]), f"{junk_file}:1: not JSON")
    one_line_error(run(["play", "--save", junk_file], input=""), "a file is already there")
    usage = run(["play", "--players", "9"])
    assert usage.code == 2 and "Error: " in usage.stderr
