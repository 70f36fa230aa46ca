"""The console room (issue 26, room 2): the environment read once, the console chosen
in one place for every combination (a terminal or not, --json, --commands, hot-seat,
online), the loop free of class tests, and the CLI run in this process with a made-up
environment (consolekit.py)."""

from __future__ import annotations

import ast
import io
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from consolekit import at_prompt, environment, rummy

from rummy500_cli.cli.consoles.pick import ConsoleOptions, choose
from rummy500_cli.cli.environment import Environment
from rummy500_cli.cli.stops import ExitStatus, game_failure
from rummy500_cli.cli.style_choice import choose_style
from rummy500_cli.records.log_writer import LogWriteError
from rummy500_cli.render.style import Style

CLI = Path(__file__).resolve().parents[2] / "rummy500_cli" / "cli"
CONSOLES = {"PlainConsole", "JsonConsole", "PromptConsole"}


def test_the_environment_is_read_from_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("USER", "zoe")
    env = Environment.from_process()
    assert (env.no_color, env.dumb_terminal, env.user) == (True, True, "zoe")
    assert env.history_file is not None and env.history_file.name == "history"
    monkeypatch.setenv("NO_COLOR", "")  # set but empty: colour allowed (no-color.org)
    monkeypatch.setenv("TERM", "xterm")
    assert not Environment.from_process().no_color
    assert not Environment.from_process().dumb_terminal


# (json, commands given, stdin a terminal, stdout a terminal, people) -> kind
COMBINATIONS = [
    (False, False, True, True, 1, "PromptConsole"),
    (False, False, True, True, 2, "PromptConsole"),  # hot-seat
    (False, True, True, True, 1, "PlainConsole"),  # --commands at a terminal
    (False, False, False, False, 1, "PlainConsole"),
    (False, False, False, False, 2, "PlainConsole"),  # hot-seat in a script
    (False, False, True, False, 1, "PlainConsole"),  # | tee
    (False, False, False, True, 1, "PlainConsole"),  # < file
    (True, False, True, True, 1, "JsonConsole"),
    (True, False, False, False, 1, "JsonConsole"),
    (True, True, False, False, 2, "JsonConsole"),
]


@pytest.mark.parametrize(
    ("json_mode", "commands", "stdin", "stdout", "people", "kind"), COMBINATIONS
)
def test_one_function_chooses_each_kind(
    json_mode: bool, commands: bool, stdin: bool, stdout: bool, people: int, kind: str
) -> None:
    env = Environment(stdin_isatty=stdin, stdout_isatty=stdout)
    options = ConsoleOptions(
        json_mode, io.StringIO("") if commands else None, humans=tuple(range(people))
    )
    with at_prompt("\x04"):  # (a prompt console is built, never shown)
        console = choose(env, Style(), options)
    assert type(console).__name__ == kind
    assert console.interactive == (kind == "PromptConsole")
    assert console.speaks_protocol == (kind == "JsonConsole")
    assert console.redraws_table == (kind != "JsonConsole")
    assert console.discards_untouched == (kind == "PlainConsole")
    if kind == "PromptConsole":
        assert console.hot_seat == (people > 1)  # type: ignore[attr-defined]


def _modules() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in CLI.rglob("*.py")]


def test_only_the_pick_module_builds_a_console() -> None:
    builders = set()
    for path, tree in _modules():
        for node in ast.walk(tree):
            called = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            if called and node.func.id in CONSOLES:  # type: ignore[attr-defined]
                builders.add(path.relative_to(CLI).as_posix())
    assert builders == {"consoles/pick.py"}


def test_no_module_of_the_cli_asks_a_console_its_class() -> None:
    # (isinstance or type() of a console, or a class's name compared with a console's)
    asked = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            text = f"{path.name}: {ast.unparse(node)}"
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(isinstance(s, ast.Constant) and s.value in CONSOLES for s in sides):
                    asked.append(text)
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id in ("isinstance", "type") and "console" in ast.unparse(node.args[0]):
                asked.append(text)
            if node.func.id == "isinstance" and set(map(ast.unparse, node.args[1:])) & CONSOLES:
                asked.append(text)
    assert asked == []
    bad = ast.parse('if type(console).__name__ == "PromptConsole": pass')
    assert any(isinstance(node, ast.Compare) for node in ast.walk(bad))  # (what it looks for)


def test_the_style_comes_from_the_environment() -> None:
    terminal = environment(tty=True)
    assert choose_style(None, False, None, env=terminal).color
    assert not choose_style(None, False, None, env=environment(tty=True, no_color=True)).color
    assert not choose_style(None, False, None, env=environment(tty=True, dumb=True)).color
    assert not choose_style(None, False, None, env=environment(tty=False)).color
    assert choose_style(True, False, None, env=environment(tty=False)).color  # the flag wins
    assert choose_style(None, False, None, env=environment(utf8=False)).ascii


def test_a_script_gets_the_plain_console_and_the_environment_s_name_and_cards(
    tmp_path: Path,
) -> None:
    save = tmp_path / "g.jsonl"
    env = environment(user="Zoe", utf8=False)  # an output that cannot draw suits
    result = rummy("play", "--save", save, "--seed", "7", env=env, input="quit\n")
    assert result.exit_code == ExitStatus.SUCCESS
    assert "Zoe" in result.stdout.splitlines()[0]  # the banner names the login
    hand = next(line for line in result.stdout.splitlines() if line.startswith("Hand ("))
    assert not set("♠♥♦♣") & set(hand) and hand.startswith("Hand (Zoe")
    assert "Game saved. Resume with:" in result.stdout
    assert "Enter skips" not in result.stdout  # (no pauses to skip in a script)
    assert save.exists()


def test_a_script_whose_input_ends_untouched_leaves_no_new_game(tmp_path: Path) -> None:
    result = rummy("play", "--seed", "7", env=environment(), input="")
    assert result.exit_code == 0
    assert "The input ended before any move: nothing is saved." in result.stdout


def test_json_at_a_terminal_speaks_the_protocol(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    result = rummy("play", "--save", save, "--json", env=environment(tty=True), input="")
    messages = [json.loads(line) for line in result.stdout.splitlines()]
    assert messages[0]["type"] == "hello" and messages[-1]["type"] == "bye"
    assert messages[-1]["reason"] == "quit" and "resume" in messages[-1]
    assert result.exit_code == 0


def test_a_person_at_a_terminal_gets_the_prompt(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    with at_prompt("quit\r\x04") as screen:
        result = rummy(
            "play", "--save", save, "--seed", "7", "--pace", "0", env=environment(tty=True)
        )
    assert result.exit_code == 0
    assert result.stdout == ""  # everything went through prompt-toolkit
    said = " ".join(screen.text.split())  # (wrapped to the screen's 80 columns)
    assert "Enter skips the bots' pauses" in said  # only said to a person
    assert "tester> quit" in screen.text
    assert "Game saved. Resume with:" in screen.text


def test_hot_seat_at_a_terminal_hands_the_keyboard_over(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    args = ("play", "--seed", "7", "--seat", "1=human:Bea", "--pace", "0")
    with at_prompt("\rquit\r\x04") as screen:
        result = rummy(*args, "--save", save, env=environment(tty=True))
    assert result.exit_code == 0
    assert "Pass the keyboard to" in screen.text
    script = rummy(*args, "--save", tmp_path / "script.jsonl", env=environment(), input="quit\n")
    assert "Pass the keyboard to" not in script.stdout + script.stderr
    assert "Game saved. Resume with:" in script.stdout


def _session(tmp_path: Path) -> SimpleNamespace:
    return SimpleNamespace(
        path=tmp_path / "g.jsonl", kinds=["human", "greedy"], named_programs=set()
    )


@pytest.mark.parametrize(
    ("error", "status", "says", "goodbye"),
    [
        (LogWriteError("disk full", 3, True), ExitStatus.ERROR, "free some space, then: ", True),
        (BrokenPipeError(), ExitStatus.SUCCESS, None, False),
        (
            OSError(28, "No space left on device"),
            ExitStatus.ERROR,
            "cannot write the game's output",
            False,
        ),
        (KeyError("x"), ExitStatus.ERROR, "internal error: KeyError", False),
    ],
)
def test_the_except_ladder_is_one_function(
    tmp_path: Path, error: Exception, status: ExitStatus, says: str | None, goodbye: bool
) -> None:
    stop = game_failure(error, _session(tmp_path))  # type: ignore[arg-type]
    assert stop.status is status and stop.goodbye == goodbye
    if says is None:
        assert stop.message is None and stop.silence
    else:
        assert stop.message is not None and says in stop.message
        assert stop.message.rstrip().endswith("g.jsonl")  # ... and how to resume


def test_exit_statuses_keep_their_numbers() -> None:
    assert [int(status) for status in ExitStatus] == [0, 1, 2, 130]


def test_the_width_of_a_listing_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Environment().width() is None  # a pipe: no limit
    assert Environment(columns=100).width() == 100  # COLUMNS asks for a width, even in a pipe
    monkeypatch.setenv("COLUMNS", " 90 ")
    assert Environment.from_process().width() == 90
    monkeypatch.setenv("COLUMNS", "wide")
    assert Environment.from_process().columns is None


def test_a_command_finds_the_environment_it_was_given() -> None:
    import click

    from rummy500_cli.cli.environment import current

    given = environment(user="given")

    @click.command()
    def probe() -> None:
        click.echo(current().user)
        assert current() is current()  # (read once a command)

    from click.testing import CliRunner

    assert CliRunner().invoke(probe, [], obj=given).stdout == "given\n"
    assert CliRunner().invoke(probe, [], env={"USER": "outside"}).stdout == "outside\n"
