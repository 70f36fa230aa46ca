"""Shell completion: `rummy500 completion SHELL` prints a script, and Tab completes the
values (man pages, config keys and values, bot levels, variants, rule options, seats,
saved games) through click's completion protocol, in bash for real."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import main

pexpect = pytest.importorskip("pexpect")


def complete(line: str, shell: str = "bash") -> list[str]:
    """The candidates rummy500 answers for the line typed so far (the cursor at its end),
    asked as the shell's script asks them."""
    if shell == "bash":  # our script sends the line and bash's current word
        cur = line.rpartition(" ")[2]
        for mark in "=:":
            cur = cur.rpartition(mark)[2] if not cur.endswith(mark) else mark
        env = {"COMP_LINE": line, "COMP_CUR": cur, "_RUMMY500_COMPLETE": "bash_complete"}
    else:  # zsh: the words, as click's own script sends them
        words = line.split(" ")
        env = {
            "COMP_WORDS": line,
            "COMP_CWORD": str(len(words) - 1),
            "_RUMMY500_COMPLETE": "zsh_complete",
        }
    result = CliRunner().invoke(main, [], prog_name="rummy500", env=env)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    if shell == "bash":
        return [entry.partition(",")[2] for entry in lines if entry.startswith("plain,")]
    return [lines[i + 1] for i in range(0, len(lines) - 2, 3) if lines[i] == "plain"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_the_shell_script(shell: str) -> None:
    result = CliRunner().invoke(main, ["completion", shell], prog_name="rummy500")
    assert result.exit_code == 0
    assert "_RUMMY500_COMPLETE" in result.stdout and "rummy500" in result.stdout


def test_completion_refuses_a_shell_it_does_not_know() -> None:
    result = CliRunner().invoke(main, ["completion", "tcsh"], prog_name="rummy500")
    assert result.exit_code == 2 and "tcsh" in result.stderr


def test_commands_and_man_pages_complete() -> None:
    assert complete("rummy500 compl") == ["completion"]
    assert "protocol" in complete("rummy500 man ")
    assert complete("rummy500 man pro") == ["protocol"]
    assert complete("rummy500 man re") == ["replay"]


def test_config_keys_and_their_values_complete() -> None:
    assert complete("rummy500 config ") == [
        "name", "bots", "pace", "color", "four_color", "sort", "tutor"
    ]  # fmt: skip
    assert complete("rummy500 config tutor ") == ["true", "false"]
    assert complete("rummy500 config sort ") == ["suit", "rank"]
    assert complete("rummy500 config color f") == ["false"]
    assert complete("rummy500 config bots s") == ["strong"]


def test_bot_levels_variants_and_seats_complete() -> None:
    assert complete("rummy500 play --bots ") == ["random", "greedy", "strong", "expert"]
    assert complete("rummy500 play --bots greedy,e") == ["greedy,expert"]
    assert complete("rummy500 simulate --bots r") == ["random"]
    assert "jokers" in complete("rummy500 play --variant ")
    assert complete("rummy500 rules --variant wi") == ["wikipedia"]
    # bash splits at = and :, and its word after the = is what is replaced
    assert complete("rummy500 play --seat 1=s") == ["strong"]
    assert complete("rummy500 resume --seat 1=") == [
        "=human", "=random", "=greedy", "=strong", "=expert", "=exec:"
    ]  # fmt: skip


def test_rule_keys_and_values_complete() -> None:
    assert complete("rummy500 play --rule around") == ["around_the_corner="]
    assert complete("rummy500 play --rule upcard=") == ["=stock", "=chosen"]
    assert complete("rummy500 play --rule around_the_corner=t") == ["true"]
    assert complete("rummy500 play --rule stock_out=r") == ["reshuffle"]
    assert complete("rummy500 play --rule decks=") == ["=auto", "=1", "=2"]
    # zsh does not split words at =: the whole word comes back
    assert complete("rummy500 play --rule upcard=c", "zsh") == ["upcard=chosen"]


def save(folder: Path, name: str, over: bool, age: int) -> Path:
    path = folder / name
    end = '{"seq":9,"event":{"type":"game_ended","winner":0},"prev":"x"}\n' if over else ""
    path.write_text('{"seq":0,"event":{"type":"game_started"}}\n' + end)
    os.utime(path, (1_700_000_000 - age, 1_700_000_000 - age))
    return path


def test_saved_games_complete_for_the_commands_that_read_one() -> None:
    folder = Path(os.environ["XDG_DATA_HOME"]) / "rummy500" / "games"
    folder.mkdir(parents=True)
    done = save(folder, "done.jsonl", over=True, age=10)
    open_ = save(folder, "open.jsonl", over=False, age=20)
    save(folder, "done.analysis.jsonl", over=False, age=0)  # a sidecar is no game
    for command in ("replay", "analyze", "export", "verify"):
        assert complete(f"rummy500 {command} ") == [str(done), str(open_)], command
    assert complete("rummy500 resume ") == [str(open_)]  # only what can be resumed
    assert complete("rummy500 replay op") == [str(open_)]
    assert complete("rummy500 replay ./") == []  # a path: the shell completes files


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_tab_in_a_real_bash(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "rummy500"
    if not script.exists():
        pytest.skip("needs the installed rummy500 script")
    env = dict(os.environ, PATH=f"{script.parent}{os.pathsep}{os.environ['PATH']}")
    env.update(PS1="$ ", TERM="dumb", INPUTRC="/dev/null", HOME=str(tmp_path))
    child = pexpect.spawn(
        "bash", ["--norc", "--noprofile", "-i"], env=env, encoding="utf-8", timeout=15
    )
    try:
        child.sendline('eval "$(rummy500 completion bash)"; echo rea""dy')
        child.expect("ready")
        child.send("rummy500 man proto\t")
        child.expect("protocol")
        child.send("\x15")  # Ctrl-U: clear the line
        child.send("rummy500 play --rule upcard=ch\t")
        child.expect("upcard=chosen")
        child.send("\x15")
        child.sendline("exit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_completion_without_a_shell_takes_the_one_shell_names() -> None:
    named = CliRunner().invoke(main, ["completion"], env={"SHELL": "/usr/bin/zsh"})
    assert named.exit_code == 0 and "compdef" in named.stdout
    unknown = CliRunner().invoke(main, ["completion"], env={"SHELL": "/bin/tcsh"})
    assert unknown.exit_code == 2
    assert "name the shell: rummy500 completion bash, zsh or fish" in unknown.stderr
