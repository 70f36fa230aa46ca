"""The command line, driven in-process with click's CliRunner: every command and option,
the exit statuses (0 done or saved, 1 error, 2 usage error), scripted play with refusals,
a whole game played to its end from a stacked deck, and the JSON-lines protocol.

Nothing here touches the real home: XDG_DATA_HOME and XDG_STATE_HOME point into tmp_path,
and every game is saved with --save into tmp_path (or under that XDG data directory).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shlex
import subprocess
import sys

import msgspec
import pytest
from cli_helpers import (  # noqa: F401 - xdg is an autouse fixture
    HAND_ANA,
    deck_text,
    lines_of,
    make_runner,
    rummy,
    usage_error,
    xdg,
)

from rummy500_cli import __version__
from rummy500_cli.cli.main import COMMANDS
from rummy500_cli.events import Discarded, GameEnded, GameStarted, RoundEnded, StockDrawn
from rummy500_cli.records.log import load_state, read_log
from rummy500_cli.records.log import schema as log_schema
from rummy500_cli.records.log_writer import LogWriter

# Ana's turn on the stacked deck of cli_helpers: draw, four melds, one discard, out.
GO_OUT = [
    "draw",
    "meld 7C 7D 7H",
    "meld 8C 8D 8H",
    "meld 9C 9D 9H",
    "meld KS KD KC KH",
    "discard 2S",
]
# Worked by hand (RULES 6.1 face values, 6.2 round score = table - hand):
#   Ana: 7+7+7 + 8+8+8 + 9+9+9 + 10*4 = 21+24+27+40 = 112 on the table, nothing in hand.
#   Ada: 2+3+4+5+6 + 10+10+10 (10, J, Q) + 15 (Ace in hand) + 3+4+5+6 = 83 in hand.
SCORE_TABLE = [
    "Round 1 scores",
    "player  table   hand  round  total",
    "Ana       112      0    112    112",
    "Ada         0    -83    -83    -83",
]
CAUGHT = "Caught with: Ada 3♠ 5♠ Q♠  4♥ 6♥ J♥  2♣ 4♣ 6♣  A♦ 3♦ 5♦ 10♦"  # HAND_BOT, sorted
SUITS = "♠♥♦♣"


@pytest.fixture
def saves(xdg):  # noqa: F811
    return xdg / "rummy500" / "games"


def play(save, *args: object, input: str = ""):
    return rummy("play", "--save", save, *args, input=input)


def stacked(save, deck_file, options: str, moves=GO_OUT, name: str = "Ana"):
    """Seat 0 (name) from the stacked deck, options as words, then the moves one a line."""
    moves_text = "\n".join(moves) + "\n"
    return play(save, "--name", name, "--deck", deck_file, *options.split(), input=moves_text)


def hand_line(text: str) -> str:
    return next(line for line in lines_of(text) if line.startswith("Hand ("))


# --- help, version, schema, exit statuses --------------------------------------------------


@pytest.mark.parametrize("command", [[], *([name] for name in COMMANDS)], ids=str)
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_on_every_command(command, flag):
    result = rummy(*command, flag)
    assert result.exit_code == 0
    assert result.stdout.startswith(f"Usage: rummy500 {' '.join(command)}".rstrip())
    assert result.stderr == ""


def test_help_lists_every_command_and_play_help_every_option():
    top = rummy("--help").stdout
    for name in ("play", "resume", "games", "rules", "schema", *COMMANDS):
        assert re.search(rf"^\s+{name}\s+\S", top, re.M), name
    text = rummy("play", "--help").stdout
    options = "--players --name --bots --seat --seed --deck --variant --rule --target --save"
    options += " --commands --quiet --strict --json --color --no-color --ascii --four-color --pace"
    for option in options.split():
        assert option in text, option


@pytest.mark.parametrize("command", [["--help"], ["play", "--help"]])
def test_help_loads_neither_the_prompt_nor_openssl(command: list[str]) -> None:
    # start-up is a target (tests/benchmarks/startup.py): prompt-toolkit costs more than
    # all of click, and OpenSSL (hashlib) a tenth of it; help needs neither
    probe = (
        "import sys\n"
        "from rummy500_cli.cli.main import main\n"
        f"try: main({command!r})\n"
        "except SystemExit: pass\n"
        "print(sorted(m for m in ('prompt_toolkit', '_hashlib') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    result = rummy(flag)
    assert result.exit_code == 0
    assert result.stdout.strip() == f"rummy500, version {__version__}"


def test_schema_is_the_log_schema():
    result = rummy("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(json.dumps(log_schema()))


def test_exit_status_2_for_usage_errors(tmp_path):
    assert rummy("nosuch").exit_code == 2
    assert rummy("play", "--nosuch").exit_code == 2
    assert rummy("games", "extra").exit_code == 2
    usage_error(play(tmp_path / "g.jsonl", "--players", "9"), "--players", "2<=x<=8")
    usage_error(play(tmp_path / "g.jsonl", "--players", "1"), "--players")
    usage_error(play(tmp_path / "g.jsonl", "--pace", "-1"), "--pace")
    usage_error(play(tmp_path / "g.jsonl", "--target", "0"), "--target")
    usage_error(play(tmp_path / "g.jsonl", "--commands", tmp_path / "missing.txt"), "--commands")
    usage_error(play(tmp_path, "--name", "Ana"), "--save")  # a directory, not a file
    assert not (tmp_path / "g.jsonl").exists()


# --- play: seats and names ---------------------------------------------------------------


def test_play_defaults_end_of_input_saves_and_prints_the_resume_line(tmp_path):
    save = tmp_path / "game.jsonl"
    result = play(save, "--seed", "7", "--name", "Ana")
    assert result.exit_code == 0, result.stderr
    out = lines_of(result.stdout)
    assert out[0] == f"rummy500 · Ana, Ada (greedy) · seed 7 · saving to {save}"
    assert "Round 1 · Ana 0 · Ada (greedy) 0 · playing to 500" in out
    assert "Hand (Ana, 13): 5♠ 7♠ 10♠  A♥ 5♥ 9♥ J♥  4♣ 10♣ Q♣ K♣  6♦ Q♦" in out
    assert out[-1] == f"Game saved. Resume with: rummy500 resume {save}"
    assert result.stderr == ""
    data = read_log(save)
    assert data.warnings == []
    header = data.events[0]
    assert isinstance(header, GameStarted)
    assert header.players == ("Ana", "Ada")
    assert header.seats == ("human", "bot:greedy")
    assert load_state(data.events).round == 1


def test_name_defaults_to_user(tmp_path):
    result = play(tmp_path / "g.jsonl", "--seed", "7")
    assert "Hand (tester, 13)" in result.stdout


def test_players_deals_seven_cards_to_three(tmp_path):
    save = tmp_path / "g.jsonl"
    result = play(save, "--players", "3", "--name", "Ana", "--seed", "3")
    assert result.exit_code == 0
    assert "Hand (Ana, 7)" in result.stdout
    assert read_log(save).events[0].players == ("Ana", "Ada", "Bob")


@pytest.mark.parametrize(
    ("bots", "seats"),
    [
        ("random", ("human", "bot:random", "bot:random")),
        ("greedy", ("human", "bot:greedy", "bot:greedy")),
        ("random,greedy", ("human", "bot:random", "bot:greedy")),
    ],
)
def test_bots_levels(tmp_path, bots, seats):
    save = tmp_path / "g.jsonl"
    result = play(save, "--players", "3", "--bots", bots, "--seed", "3", "--name", "Ana")
    assert result.exit_code == 0, result.stderr
    assert read_log(save).events[0].seats == seats


def test_bots_bad_level_is_a_usage_error(tmp_path):
    from rummy500_cli.cli.main import main

    args = ["play", "--save", str(tmp_path / "g"), "--bots", "hard"]
    result = make_runner().invoke(main, args, prog_name="rummy500")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    usage_error(result, "--bots", "hard", "random", "greedy")


def test_seat_specs(tmp_path):
    save = tmp_path / "g.jsonl"
    args = "--players 3 --seat 1=human:Bea --seat 2=bot:random:Zed --name Ana --seed 4"
    result = play(save, *args.split(), input="quit\n")
    assert result.exit_code == 0, result.stderr
    header = read_log(save).events[0]
    assert header.players == ("Ana", "Bea", "Zed")
    assert header.seats == ("human", "human", "bot:random")
    save2 = tmp_path / "g2.jsonl"
    assert play(save2, "--seat", "1=human", "--seat", "0=greedy:Max").exit_code == 0
    header = read_log(save2).events[0]
    assert header.players[0] == "Max"
    assert header.players[1] not in ("", "Max")
    assert header.seats == ("bot:greedy", "human")


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("x", "write N=KIND[:NAME]"),
        ("1", "write N=KIND[:NAME]"),
        ("one=human", "write N=KIND[:NAME]"),
        ("5=human", "seats are 0 to 1"),
        ("1=wizard", "unknown player kind 'wizard'"),
    ],
)
def test_seat_bad_specs(tmp_path, spec, needle):
    save = tmp_path / "g.jsonl"
    usage_error(play(save, "--seat", spec), "--seat", needle)
    assert not save.exists()


def test_two_players_with_one_name_are_refused(tmp_path):
    save = tmp_path / "g.jsonl"
    result = play(save, "--name", "Ana", "--seat", "1=human:Ana")
    assert result.exit_code in (1, 2)
    assert "two players share a name" in result.stderr
    assert not save.exists()


# --- play: seed, deck, rules -------------------------------------------------------------


def test_seed_int_and_text(tmp_path):
    a = play(tmp_path / "a.jsonl", "--seed", "7", "--name", "Ana")
    b = play(tmp_path / "b.jsonl", "--seed", "7", "--name", "Ana")
    c = play(tmp_path / "c.jsonl", "--seed", "hello", "--name", "Ana")
    d = play(tmp_path / "d.jsonl", "--seed", "hello", "--name", "Ana")
    assert hand_line(a.stdout) == hand_line(b.stdout)
    assert hand_line(c.stdout) == hand_line(d.stdout)
    assert hand_line(a.stdout) != hand_line(c.stdout)
    assert "· seed hello ·" in c.stdout
    assert read_log(tmp_path / "a.jsonl").events[0].seed == "7"
    assert read_log(tmp_path / "c.jsonl").events[0].seed == "hello"


def test_seed_defaults_to_a_fresh_one_shown_at_the_start(tmp_path):
    save = tmp_path / "g.jsonl"
    result = play(save, "--name", "Ana")
    match = re.search(r"· seed (\d+) ·", result.stdout)
    assert match
    assert read_log(save).events[0].seed == match.group(1)


STACKED_HAND = "Hand (Ana, 13): 2♠ K♠  7♥ 8♥ 9♥  7♣ 8♣ 9♣ K♣  7♦ 8♦ 9♦ K♦"


def test_deck_file(tmp_path, deck_file):
    save = tmp_path / "g.jsonl"
    result = play(save, "--deck", deck_file, "--name", "Ana", input="draw\n")
    assert result.exit_code == 0, result.stderr
    assert STACKED_HAND in lines_of(result.stdout)
    assert "Pile (take N): 1:10♠" in lines_of(result.stdout)
    assert "You draw K♥ from the stock." in lines_of(result.stdout)
    header = read_log(save).events[0]
    assert header.deck[0][:3] == ("7C", "2C", "7D")


def test_deck_from_stdin(tmp_path):
    result = play(tmp_path / "g.jsonl", "--deck", "-", "--name", "Ana", input=deck_text())
    assert result.exit_code == 0, result.stderr
    assert STACKED_HAND in lines_of(result.stdout)


def test_deck_bad_card_and_duplicate(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("7C 2C\n7D ZZ\n")
    usage_error(play(tmp_path / "g.jsonl", "--deck", bad), "--deck", "line 2", "'ZZ'")
    twice = tmp_path / "twice.txt"
    twice.write_text("7C 7C\n")
    result = play(tmp_path / "g.jsonl", "--deck", twice)
    assert result.exit_code in (1, 2)
    assert "7♣ appears more often" in result.stderr
    assert not (tmp_path / "g.jsonl").exists()


def test_target(tmp_path):
    save = tmp_path / "g.jsonl"
    result = play(save, "--target", "300", "--name", "Ana", "--seed", "1")
    assert "playing to 300" in result.stdout
    assert read_log(save).events[0].rules.target == 300


def test_rule_good(tmp_path):
    save = tmp_path / "g.jsonl"
    args = ("--rule", "min_new_run=4", "--rule", "around_the_corner=true", "--seed", "1")
    result = play(save, *args)
    assert result.exit_code == 0, result.stderr
    rules = read_log(save).events[0].rules
    assert rules.min_new_run == 4
    assert rules.around_the_corner is True


@pytest.mark.parametrize(
    ("rule", "needles"),
    [
        ("foo=1", ["unknown rule 'foo'", "min_new_run"]),
        ("min_new_run=7", ["min_new_run=7 is not allowed", "3 | 4"]),
        ("pile_use=anything", ["pile_use", "meld_or_layoff"]),
        ("nokeyvalue", ["write KEY=VALUE"]),
        ("jokers_per_deck=1", ["jokers_per_deck=1", "only in a variant", "--variant jokers"]),
    ],
)
def test_rule_bad(tmp_path, rule, needles):
    save = tmp_path / "g.jsonl"
    usage_error(play(save, "--rule", rule), *needles)
    assert not save.exists()


def test_variants(tmp_path):
    standard = tmp_path / "s.jsonl"
    assert play(standard, "--variant", "standard").exit_code == 0
    assert read_log(standard).events[0].rules.changes() == {}
    wiki = tmp_path / "w.jsonl"
    assert play(wiki, "--variant", "wikipedia").exit_code == 0
    assert read_log(wiki).events[0].rules.changes() == {
        "pile_use": "meld_only",
        "stock_out_hand_penalty": False,
        "card_values": "five",
        "first_meld_min": 30,
    }
    usage_error(play(tmp_path / "u.jsonl", "--variant", "unknown"), "unknown variant 'unknown'")
    jokers = tmp_path / "j.jsonl"  # RULES 8: the jokers variant is played
    assert play(jokers, "--variant", "jokers").exit_code == 0
    assert read_log(jokers).events[0].rules.changes() == {"jokers_per_deck": 1, "variant": "jokers"}
    gambit = tmp_path / "g.jsonl"  # RULES 8: so is the dealer's gambit
    assert play(gambit, "--variant", "dealers_gambit").exit_code == 0
    assert read_log(gambit).events[0].rules.jokers_per_deck == 2
    sides = tmp_path / "p.jsonl"  # RULES 8: and the partnership variants, 4 players
    assert play(sides, "--variant", "partnership").exit_code == 0
    assert len(read_log(sides).events[0].players) == 4


def test_save_refuses_an_existing_file(tmp_path):
    save = tmp_path / "g.jsonl"
    save.write_text("precious\n")
    result = play(save, "--seed", "1")
    assert result.exit_code == 1
    assert (
        result.stderr.strip() == f"rummy500: {save}: a file is already there; choose another path"
    )
    assert save.read_text() == "precious\n"


def test_default_save_goes_to_xdg_data_home(saves):
    result = rummy("play", "--seed", "12", "--name", "Ana", input="draw\n")
    assert result.exit_code == 0
    (path,) = saves.glob("*.jsonl")
    assert "seed12" in path.name
    assert result.stdout.splitlines()[-1] == f"Game saved. Resume with: rummy500 resume {path}"


def test_a_script_that_ends_before_any_move_leaves_no_game(saves):
    """Issue 12 point 13: `rummy500 play </dev/null` saved a game that `resume` then
    took for the most recent one."""
    older = rummy("play", "--seed", "3", "--name", "Ana", input="draw\n")
    assert older.exit_code == 0
    (kept,) = saves.glob("*.jsonl")
    for moves in ("", "hand\nhelp\n"):  # no input, or no move before the input ends
        result = rummy("play", "--seed", "4", "--name", "Bea", input=moves)
        assert result.exit_code == 0
        assert (
            result.stdout.splitlines()[-1] == "The input ended before any move: nothing is saved."
        )
        assert list(saves.glob("*.jsonl")) == [kept]
    resumed = rummy("resume", input="")
    assert "Hand (Ana, 14)" in resumed.stdout
    assert list(saves.glob("*.jsonl")) == [kept]  # a resumed game is never removed
    quit_first = rummy("play", "--seed", "5", "--name", "Cy", input="quit\n")
    assert "Game saved. Resume with:" in quit_first.stdout  # quit is asked for: it saves
    named = rummy("play", "--seed", "6", "--save", saves / "mine.jsonl", input="")
    assert (saves / "mine.jsonl").exists() and "Resume with" in named.stdout


# --- play: display ---------------------------------------------------------------------------


def test_quiet_drops_the_banners(tmp_path):
    loud = play(tmp_path / "a.jsonl", "--seed", "7", "--name", "Ana")
    quiet = play(tmp_path / "b.jsonl", "--seed", "7", "--name", "Ana", "-q")
    for text in ("rummy500 · Ana, Ada", "Type help for the commands"):
        assert text in loud.stdout
        assert text not in quiet.stdout
    assert lines_of(quiet.stdout)[:3] == [
        "Draw for the deal: Ana Q♦, Ada 2♣. Ada deals first.",
        "Round 1: Ada deals; the upcard is 8♠.",
        "Round 1 · Ana 0 · Ada (greedy) 0 · playing to 500",
    ]
    assert play(tmp_path / "c.jsonl", "--quiet", "--seed", "7").stdout.startswith("Draw for")


def test_no_color_by_default_off_a_terminal_and_with_no_color(tmp_path):
    plain = play(tmp_path / "a.jsonl", "--seed", "7", input="draw\n")
    assert "\x1b[" not in plain.stdout
    off = play(tmp_path / "b.jsonl", "--seed", "7", "--no-color", input="draw\n")
    assert "\x1b[" not in off.stdout
    assert off.stdout.replace(str(tmp_path / "b"), str(tmp_path / "a")) == plain.stdout


def test_color_two_and_four_colours(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # the flag wins over the environment
    two = play(tmp_path / "a.jsonl", "--seed", "7", "--name", "Ana", "--color")
    assert "\x1b[31mA♥\x1b[0m" in two.stdout
    assert "\x1b[31m6♦\x1b[0m" in two.stdout  # diamonds red
    assert " 4♣ " in two.stdout  # clubs plain
    four = play(tmp_path / "b.jsonl", "--seed", "7", "--name", "Ana", "--color", "--four-color")
    assert "\x1b[31mA♥\x1b[0m" in four.stdout
    assert "\x1b[94m6♦\x1b[0m" in four.stdout  # diamonds bright blue
    assert "\x1b[32m4♣\x1b[0m" in four.stdout  # clubs green
    monkeypatch.delenv("NO_COLOR")
    flat = play(tmp_path / "c.jsonl", "--seed", "7", "--four-color")
    assert "\x1b[" not in flat.stdout


def test_ascii_has_no_suit_symbols(tmp_path, deck_file):
    commands = (
        "help\nhint\ndraw\nhint\nmeld 7C 7D 7H\nlay 2S on 1\nmelds\npile\nscore\nlog 5\nrules\n"
    )
    result = play(
        tmp_path / "g.jsonl", "--ascii", "--deck", deck_file, "--name", "Ana", input=commands
    )
    assert result.exit_code == 0
    everything = result.stdout + result.stderr
    assert "Hand (Ana, 13): 2S KS  7H 8H 9H  7C 8C 9C KC  7D 8D 9D KD" in everything
    assert "You draw KH from the stock." in everything
    assert "error:" in result.stderr  # the refused lay-off is in ASCII too
    assert not set(SUITS) & set(everything)


def test_pace_pauses_after_each_bot_move(tmp_path, monkeypatch):
    import time

    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    moves = "draw\ndiscard 8D\n"  # seed 7: Ana draws 8D; then the bot plays a turn
    result = play(
        tmp_path / "a.jsonl", "--seed", "7", "--name", "Ana", "--pace", "0.25", input=moves
    )
    assert result.exit_code == 0
    bot_moves = [e for e in read_log(tmp_path / "a.jsonl").events[5:] if getattr(e, "seat", 0) == 1]
    assert bot_moves
    assert slept and set(slept) == {0.25}
    slept.clear()
    play(tmp_path / "b.jsonl", "--seed", "7", "--name", "Ana", "--pace", "0", input=moves)
    assert [s for s in slept if s > 0] == []


def test_commands_file(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("draw\nhand\n")
    save = tmp_path / "g.jsonl"
    result = play(save, "--seed", "7", "--name", "Ana", "--commands", script, input="quit\n")
    assert result.exit_code == 0
    assert "You draw 8♦ from the stock." in result.stdout
    assert lines_of(result.stdout)[-2] == (
        "Hand (Ana, 14): 5♠ 7♠ 10♠  A♥ 5♥ 9♥ J♥  4♣ 10♣ Q♣ K♣  6♦ 8♦ Q♦"
    )
    assert lines_of(result.stdout)[-1] == f"Game saved. Resume with: rummy500 resume {save}"
    assert isinstance(read_log(save).events[-1], StockDrawn)


# --- scripted play: refusals, --strict --------------------------------------------------------


def test_refused_command_says_what_and_what_is_legal_then_waits(tmp_path):
    save = tmp_path / "g.jsonl"
    moves = "discard 2C\ntake 1\nfly away\ndraw\ndiscard 2C\ndiscard 8D\n"
    result = play(save, "--seed", "7", "--name", "Ana", input=moves)
    assert result.exit_code == 0
    errors = lines_of(result.stderr)
    assert len(errors) == 4, errors  # one line for each refused command, nothing else
    assert all(line.startswith("error: ") and "legal now: " in line for line in errors)
    assert "discarding before drawing" in errors[0]
    assert errors[0].endswith("legal now: draw")
    assert "take 1" in errors[1] and "8♠" in errors[1]
    assert "unknown command 'fly'" in errors[2]
    assert "2♣ is not in your hand" in errors[3]
    assert "legal now: discard CARD" in errors[3]
    assert "You draw 8♦ from the stock." in result.stdout
    assert "You discard 8♦." in result.stdout
    events = read_log(save).events
    assert next(e for e in events if isinstance(e, Discarded)) == Discarded(seat=0, card="8D")
    assert "rummy500 resume" not in result.stderr


def test_strict_stops_at_the_first_refused_command(tmp_path):
    save = tmp_path / "g.jsonl"
    result = play(save, "--seed", "7", "--name", "Ana", "--strict", input="draw\nfly\ndiscard 8D\n")
    assert result.exit_code == 1
    assert lines_of(result.stderr) == [
        "error: unknown command 'fly' (help lists the commands); legal now: discard CARD",
        "rummy500: stopped at the first refused command (--strict); the game is saved: "
        f"rummy500 resume {save}",
    ]
    events = read_log(save).events
    assert isinstance(events[-1], StockDrawn)  # the discard after the refusal was not played
    fine = play(tmp_path / "h.jsonl", "--seed", "7", "--strict", input="draw\ndiscard 8D\n")
    assert fine.exit_code == 0


def test_table_commands(tmp_path, deck_file):
    moves = (
        "help\nhelp lay\nhelp zz\nhand\nsort rank\npile\nmelds\nscore\nrules\nlog 2\nquit\ndraw\n"
    )
    save = tmp_path / "g.jsonl"
    result = play(save, "--deck", deck_file, "--name", "Ana", "--target", "300", input=moves)
    assert result.exit_code == 0
    out = lines_of(result.stdout)
    assert "Moves:" in out and "Table:" in out
    assert "lay CARDS [on MELD] [low|high] (or l), e.g. lay 8H on 2" in out
    assert result.stderr.strip() == "error: no command 'zz' (help lists the commands)"
    assert "Hand (Ana, 13): 2♠ 7♥ 7♣ 7♦ 8♥ 8♣ 8♦ 9♥ 9♣ 9♦ K♠ K♣ K♦" in out  # sort rank
    assert "Pile (take N): 1:10♠" in out
    assert "Totals: Ana 0 · Ada (greedy) 0 (playing to 300)" in out
    assert any(line.startswith("Players: 2") for line in out)
    # log N: the last events in words (issue 12 point 13), not JSON with 0-based seats.
    assert "    1  Ada deals first (stacked deck)." in out
    assert "    2  Round 1: Ada deals; the upcard is 10♠." in out
    assert not any('{"type"' in line for line in out)
    assert out[-1] == f"Game saved. Resume with: rummy500 resume {save}"
    assert not any(isinstance(e, StockDrawn) for e in read_log(save).events)  # quit, no draw


# --- a game played to its end ------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_scripted_game_to_the_end(tmp_path, deck_file, bot):
    save = tmp_path / "g.jsonl"
    result = stacked(save, deck_file, f"--seat 1={bot} --target 1 --seed 3")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    out = lines_of(result.stdout)
    start = out.index("You discard 2♠.")
    assert out[start : start + 8] == [
        "You discard 2♠.",
        "You go out. Round 1 is over.",
        *SCORE_TABLE,
        CAUGHT,
        "You win the game with 112.",
    ]
    assert f"The game is over. Log: {save}" in out[start + 8 :]  # after the scorepad
    assert "You meld K♠ K♥ K♣ K♦ (40) as #4." in out
    assert "Resume with" not in result.stdout
    data = read_log(save)
    assert data.warnings == []
    state = load_state(data.events)
    assert state.over
    assert tuple(state.totals) == (112, -83)
    ended = [e for e in data.events if isinstance(e, RoundEnded)]
    assert [(s.table, s.hand, s.score, s.total) for s in ended[0].scores] == [
        (112, 0, 112, 112),
        (0, 83, -83, -83),
    ]
    assert data.events[-1] == GameEnded(winner=0, totals=(112, -83))
    # A finished game is not resumed.
    again = rummy("resume", save)
    assert again.exit_code == 1
    assert f"{save}: this game is over" in again.stderr


def test_scripted_game_to_max_rounds(tmp_path, deck_file):
    save = tmp_path / "g.jsonl"
    result = stacked(save, deck_file, "--seat 1=random --rule max_rounds=1")
    assert result.exit_code == 0
    out = lines_of(result.stdout)
    start = out.index("You go out. Round 1 is over.")
    assert out[start + 1 : start + 6] == [*SCORE_TABLE, CAUGHT]
    assert out[start + 6].startswith("The game stops unfinished after 1 round")
    state = load_state(read_log(save).events)
    assert state.over
    assert read_log(save).events[-1].winner is None


# --- resume -----------------------------------------------------------------------------------


def test_resume_with_path_plays_on(tmp_path):
    save = tmp_path / "g.jsonl"
    play(save, "--seed", "7", "--name", "Ana", input="draw\n")
    result = rummy("resume", save, input="discard 8D\n")
    assert result.exit_code == 0, result.stderr
    out = lines_of(result.stdout)
    assert out[0] == f"rummy500 · Ana, Ada (greedy) · seed 7 · saving to {save}"
    assert "Hand (Ana, 14): 5♠ 7♠ 10♠  A♥ 5♥ 9♥ J♥  4♣ 10♣ Q♣ K♣  6♦ 8♦ Q♦" in out
    assert "You discard 8♦." in out
    assert out[-1] == f"Game saved. Resume with: rummy500 resume {save}"
    events = read_log(save).events
    assert Discarded(seat=0, card="8D") in events
    assert read_log(save).warnings == []


def test_resume_without_path_takes_the_most_recent_unfinished(saves):
    for seed, name in ((1, "Old"), (2, "New"), (3, "Done")):
        rummy("play", "--seed", seed, "--name", name, "--save", saves / f"{name}.jsonl")
    finished = saves / "Done.jsonl"
    events = read_log(finished).events
    # Finish "Done" by hand: append a round_ended and game_ended through the writer.
    writer, _ = LogWriter.resume(finished)
    state = load_state(events)
    from rummy500_cli.events import SeatScore

    scores = tuple(
        SeatScore(table=600, hand=0, score=600, total=600, deadwood=())
        if seat == 0
        else SeatScore(
            table=0, hand=0, score=0, total=0, deadwood=tuple(c.ascii for c in state.hands[seat])
        )
        for seat in range(2)
    )
    writer.append(
        [
            RoundEnded(round=1, reason="went_out", went_out=0, scores=scores),
            GameEnded(winner=0, totals=(600, 0)),
        ]
    )
    writer.close()
    assert load_state(read_log(finished).events).over
    now = dt.datetime.now().timestamp()
    os.utime(saves / "Old.jsonl", (now - 300, now - 300))
    os.utime(saves / "New.jsonl", (now - 200, now - 200))
    os.utime(finished, (now - 100, now - 100))
    result = rummy("resume", input="")
    assert result.exit_code == 0, result.stderr
    assert "Hand (New, 13)" in result.stdout
    assert f"rummy500 resume {saves / 'New.jsonl'}" in result.stdout


def test_resume_without_any_saved_game():
    result = rummy("resume", input="")
    assert result.exit_code == 1
    assert "no unfinished game is saved" in result.stderr


def test_resume_corrupt_log_names_the_file_and_line(tmp_path):
    save = tmp_path / "g.jsonl"
    play(save, "--seed", "7", input="draw\n")
    lines = save.read_text().splitlines(keepends=True)
    lines[2] = lines[2].replace('"round":1', '"round":X')
    save.write_text("".join(lines))
    result = rummy("resume", save, input="draw\n")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"rummy500: {save}:3: ")
    assert len(lines_of(result.stderr)) == 1
    assert "Traceback" not in result.stderr


def test_resume_broken_chain_and_missing_file(tmp_path):
    save = tmp_path / "g.jsonl"
    play(save, "--seed", "7", input="draw\n")
    lines = save.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('"dealer":1', '"dealer":0')
    save.write_text("".join(lines))
    result = rummy("resume", save)
    assert result.exit_code == 1
    assert f"{save}:3: the hash chain is broken" in result.stderr
    missing = rummy("resume", tmp_path / "none.jsonl")
    assert missing.exit_code == 1
    assert f"{tmp_path / 'none.jsonl'}: cannot open" in missing.stderr


def test_resume_refuses_a_game_open_elsewhere(tmp_path):
    save = tmp_path / "g.jsonl"
    play(save, "--seed", "7")
    writer, _ = LogWriter.resume(save)  # holds the lock, as another rummy500 would
    try:
        result = rummy("resume", save, input="draw\n")
    finally:
        writer.close()
    assert result.exit_code == 1
    assert "another rummy500 process has this game open" in result.stderr
    assert rummy("resume", save, input="draw\n").exit_code == 0


# --- games, rules ------------------------------------------------------------------------------


def test_games_lists_saved_games(saves, deck_file):
    assert rummy("games").stdout.strip() == f"No saved games in {saves}."
    rummy("play", "--seed", "5", "--name", "Ana", "--save", saves / "a.jsonl", input="draw\n")
    stacked(saves / "b.jsonl", deck_file, "--seat 1=random --target 1", name="Bea")
    (saves / "c.jsonl").write_text("not a log\n")
    stamp = dt.datetime(2026, 3, 4, 5, 6).timestamp()
    for offset, name in enumerate(("c", "b", "a")):
        os.utime(saves / f"{name}.jsonl", (stamp + 60 * offset, stamp + 60 * offset))
    result = rummy("games")
    assert result.exit_code == 0
    # Aligned columns under a header; files named under the saves folder; seats' kinds.
    assert lines_of(result.stdout) == [
        f"Saved games in {saves}:",
        "file     last played       round  players (kind) total           status",
        "a.jsonl  2026-03-04 05:08      1  Ana (human) 0, Ada (greedy) 0  unfinished",
        f"c.jsonl  2026-03-04 05:06         unreadable: rummy500 verify {saves / 'c.jsonl'}",
        "1 finished game is not shown: rummy500 games --all lists all.",
    ]
    everything = lines_of(rummy("games", "--all").stdout)
    assert everything[1].split() == [
        "file",
        "last",
        "played",
        "round",
        "players",
        "(kind)",
        "total",
        "status",
    ]
    assert everything[3].split() == [
        "b.jsonl", "2026-03-04", "05:07", "1", "Bea", "(human)", "112,", "Ada", "(random)", "-83",
        "finished",
    ]  # fmt: skip
    assert len(everything) == 5


def test_rules_command():
    standard = rummy("rules")
    assert standard.exit_code == 0
    assert "13 cards each" in standard.stdout
    assert "Options changed from the standard game: none." in standard.stdout
    assert "7 cards each" in rummy("rules", "--players", "3").stdout
    wiki = rummy("rules", "--variant", "wikipedia").stdout
    assert "card_values=five" in wiki and "first_meld_min=30" in wiki
    runs = rummy("rules", "--rule", "min_new_run=4").stdout
    assert "a run is 4 or more consecutive cards" in runs
    assert "First to 300 wins" in rummy("rules", "--target", "300").stdout
    usage_error(
        rummy("rules", "--rule", "jokers_per_deck=1"), "jokers_per_deck=1", "only in a variant"
    )
    usage_error(rummy("rules", "--rule", "foo=bar"), "unknown rule 'foo'")
    usage_error(rummy("rules", "--variant", "nope"), "unknown variant 'nope'")
    usage_error(rummy("rules", "--players", "9"), "--players")


def test_every_command_the_cli_suggests_exists(tmp_path, saves, deck_file):
    save = saves / "g.jsonl"
    over = stacked(save, deck_file, "--seat 1=random --target 1")
    finished = rummy("resume", save)
    (saves / "bad.jsonl").write_text("junk\n")
    listing = rummy("games", "--all")
    text = over.stdout + finished.stderr + listing.stdout
    suggested = set(re.findall(r"rummy500 ([a-z]+)", text))
    assert suggested
    assert suggested <= set(COMMANDS), suggested - set(COMMANDS)


def test_resume_line_can_be_pasted_into_a_shell(tmp_path):
    save = tmp_path / "my games" / "game one.jsonl"
    save.parent.mkdir()
    result = play(save, "--seed", "7")
    last = lines_of(result.stdout)[-1]
    assert last.startswith("Game saved. Resume with: ")
    command = last.removeprefix("Game saved. Resume with: ")
    assert shlex.split(command) == ["rummy500", "resume", str(save)]


# --- the JSON protocol -----------------------------------------------------------------------


def json_lines(result) -> list[dict]:
    return [json.loads(line) for line in lines_of(result.stdout)]


def test_json_protocol(tmp_path, deck_file):
    save = tmp_path / "g.jsonl"
    talk = [
        "ping 7",
        '{"type": "ping", "id": 8}',
        '{"action": "draw"}',
        "{bad json",
        '{"action": "fly"}',
        "discard ZZ",
        '{"action": "meld", "cards": ["7C", "7D", "7H"]}',
        '{"command": "meld 8C 8D 8H"}',
    ]
    result = stacked(save, deck_file, "--json --seat 1=random", moves=talk)
    assert result.exit_code == 0
    messages = json_lines(result)  # every line of stdout is JSON
    opening = [m["event"]["type"] for m in messages[1:3]]
    assert opening == ["dealer_drawn", "round_dealt"]  # the deal so far comes first
    assert messages[2]["event"]["hands"][1] == 13  # the other hand is a count
    messages = messages[:1] + messages[3:]
    hello = messages[0]
    assert hello["type"] == "hello"
    assert hello["protocol"] == 1
    assert hello["players"] == ["Ana", "Ada"]
    assert hello["you"] == [0]
    assert hello["seats"] == ["human", "bot:random"]
    assert "seed" not in hello and "log" not in hello  # the seed is every hand
    assert hello["rules"]["target"] == 500
    types = [m["type"] for m in messages]
    assert " ".join(types) == (
        "hello prompt pong pong event prompt error prompt error prompt error prompt event prompt "
        "event prompt bye"
    )
    first = messages[1]
    assert first["step"] == "draw"
    assert first["legal"] == ["draw"]
    assert sorted(first["hand"]) == sorted(HAND_ANA.split())
    assert messages[2] == {"type": "pong", "id": "7"}
    assert messages[3] == {"type": "pong", "id": 8}
    assert messages[4]["event"] == {"type": "stock_drawn", "seat": 0, "cards": ["KH"]}
    after_draw = messages[5]
    assert after_draw["step"] == "play"
    assert "discard 2S" in after_draw["legal"]
    assert any(text.startswith("meld ") for text in after_draw["legal"])
    errors = [m["message"] for m in messages if m["type"] == "error"]
    assert errors[0].startswith("not JSON")
    assert errors[1].startswith("not an action")
    assert "'ZZ' is not a card" in errors[2] and "legal now:" in errors[2]
    assert messages[11]["step"] == "play"  # every refused line is asked again
    assert messages[12]["event"]["type"] == "melded"
    assert messages[14]["event"]["cards"] == ["8H", "8C", "8D"]
    bye = messages[-1]
    assert bye == {
        "type": "bye",
        "reason": "quit",
        "log": str(save),
        "resume": f"rummy500 resume {save}",
    }
    assert result.stderr == ""
    assert len(read_log(save).events) == 6


def test_json_game_to_the_end(tmp_path, deck_file):
    save = tmp_path / "g.jsonl"
    result = stacked(save, deck_file, "--json --seat 1=greedy --target 1")
    assert result.exit_code == 0
    messages = json_lines(result)
    kinds = [m["event"]["type"] for m in messages if m["type"] == "event"]
    assert kinds[-3:] == ["discarded", "round_ended", "game_ended"]
    ended = [m for m in messages if m["type"] == "event"][-2]["event"]
    assert [s["total"] for s in ended["scores"]] == [112, -83]
    assert messages[-1]["type"] == "bye"
    assert messages[-1]["reason"] == "game_over"
    assert not any(m["type"] == "info" for m in messages)  # no banners for programs


def test_json_event_seq_is_the_log_line(tmp_path, deck_file):
    """Each event object carries its own log line's seq, also when one move writes several
    lines (the discard that ends the round: discarded, round_ended, game_ended)."""
    save = tmp_path / "g.jsonl"
    result = stacked(save, deck_file, "--json --seat 1=greedy --target 1")
    events = read_log(save).events
    sent = [(m["seq"], m["event"]["type"]) for m in json_lines(result) if m["type"] == "event"]
    logged = [(seq, msgspec.to_builtins(events[seq])["type"]) for seq, _ in sent]
    assert [seq for seq, _ in sent] == list(range(1, len(events)))
    assert sent == logged


def test_json_resume_and_strict(tmp_path):
    save = tmp_path / "g.jsonl"
    play(save, "--seed", "7", "--name", "Ana", input="draw\n")
    resumed = rummy("resume", save, "--json", input='{"action": "discard", "card": "8D"}\n')
    assert resumed.exit_code == 0
    messages = json_lines(resumed)
    assert messages[0]["type"] == "hello"
    assert messages[1]["type"] == "event" and messages[1]["event"]["type"] == "round_dealt"
    assert [m["seq"] for m in messages if m["type"] == "event"][:2] == [2, 3]  # the deal so far
    prompt = next(m for m in messages if m["type"] == "prompt")
    assert prompt["step"] == "play"
    assert {"type": "discarded", "seat": 0, "card": "8D"} in [
        m["event"] for m in messages if m["type"] == "event"
    ]
    strict = rummy("resume", save, "--json", "--strict", input="discard ZZ\n")
    assert strict.exit_code == 1
    assert [m["type"] for m in json_lines(strict)][-2:] == ["error", "bye"]
    assert json_lines(strict)[-1]["reason"] == "error"


def test_log_tells_the_last_events_in_words_as_the_seat_saw_them(tmp_path):
    """Issue 12 point 13: `log N` is the narration, with the log's line numbers; others'
    draws stay hidden (the raw JSON, with 0-based seats, said too little and too much)."""
    save = tmp_path / "g.jsonl"
    result = play(save, "--seed", "2", "--name", "Ana", input="draw\nx 4s\nlog 4\nlog x\n")
    lines = [line for line in lines_of(result.stdout) if re.match(r"^ +\d+  ", line)]
    assert lines == [
        "    3  You draw 6♠ from the stock.",
        "    4  You discard 4♠.",
        "    5  Ada draws a card from the stock.",
        "    6  Ada discards 2♥.",
    ]
    assert "error: log x: write log N, as log 5, or log alone" in result.stderr
