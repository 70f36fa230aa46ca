"""README.md tells the truth: its sample session is played again and compared, line by
line, with what the program prints (a `...` line stands for lines left out, and says
so); every command it names exists.

The session is shown as at a terminal: `Ana> COMMAND` is what the player typed at the
prompt. The test types the same commands, one a line, and compares everything else.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import COMMANDS, main

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
ELIDED = "..."


def session_block() -> list[str]:
    """The lines of the ```text block under '## A short session'."""
    text = README.read_text(encoding="utf-8")
    match = re.search(r"## A short session\n\n```text\n(.*?)\n```", text, re.S)
    assert match, "README.md has no '## A short session' text block"
    return match.group(1).splitlines()


def parse(lines: list[str]) -> tuple[list[str], str, list[str], list[str]]:
    """The block's command arguments, the prompt, the commands typed, and the lines the
    program prints (with the `...` lines)."""
    assert lines[0].startswith("$ rummy500 "), lines[0]
    args = shlex.split(lines[0][2:])[1:]
    name = args[args.index("--name") + 1]
    prompt = f"{name}> "
    typed = [line.removeprefix(prompt) for line in lines[1:] if line.startswith(prompt)]
    printed = [line for line in lines[1:] if not line.startswith(prompt)]
    return args, prompt, typed, printed


def segments(printed: list[str]) -> list[list[str]]:
    runs: list[list[str]] = [[]]
    for line in printed:
        if line == ELIDED:
            runs.append([])
        else:
            runs[-1].append(line)
    return [run for run in runs if run]


def find_in_order(output: list[str], runs: list[list[str]]) -> list[int] | None:
    """Where each run starts in the output, each whole and after the one before."""
    starts = []
    start = 0
    for run in runs:
        for index in range(start, len(output) - len(run) + 1):
            if output[index : index + len(run)] == run:
                starts.append(index)
                start = index + len(run)
                break
        else:
            return None
    return starts


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


def test_the_session_is_what_the_program_prints(home: Path) -> None:
    args, _prompt, typed, printed = parse(session_block())
    assert "--save" in args, "the session saves to a file of its own, so its banner is fixed"
    assert typed, "the session types some commands"
    result = CliRunner().invoke(main, args, input="".join(f"{t}\n" for t in typed))
    # Standard output and standard error together, in order, as a terminal shows them.
    output = result.output.replace(str(home), "/home/ana").splitlines()
    runs = segments(printed)
    starts = find_in_order(output, runs)
    assert starts is not None, "README.md's session is out of date; the program prints:\n" + (
        "\n".join(output)
    )
    if printed[0] != ELIDED:
        assert starts[0] == 0, "the session shows the first lines, or starts with ..."
    if printed[-1] != ELIDED:
        assert starts[-1] + len(runs[-1]) == len(output), "the session ends as shown, or ..."
    # Lines between two runs are left out only where a `...` says so: a run is found
    # whole, so a line missing inside one would not match.


def test_every_command_the_readme_names_exists() -> None:
    text = README.read_text(encoding="utf-8")
    named = set(re.findall(r"\brummy500 ([a-z][a-z-]*)", text))
    assert named, "the README names commands"
    assert named <= set(COMMANDS), sorted(named - set(COMMANDS))
