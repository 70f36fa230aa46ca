"""The program's man pages, kept true to the code.

- Every page of man/ in sections 6 and 7 renders with groff without a warning.
- Every command of `rummy500 --help` is in rummy500(6), with every option of every
  command in the page of that command: play's and resume's in rummy500-play(6);
  replay's, branch's and export's in rummy500-replay(6); verify's in
  rummy500-verify(6); analyze's in rummy500-analyze(6); the others' in rummy500(6).
  Nothing is listed as planned that exists, and rummy500(6) points to every page.
- The in-game commands, the bot levels, the rule options, the replay viewer's keys
  and the members of `analyze --json` are the code's.
- The examples are real: the sessions of rummy500-play(6) are run and their output
  compared; so are the examples marked `test: shell` in the pages of replay, verify
  and analyze (every command of a block, its output exactly, and a failure only where
  the block shows its exit status); the transcript of rummy500-protocol(7) is played
  again through `rummy500 play --json`, and its example client is run.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import typing
from pathlib import Path

import click
import msgspec
import pytest
from helpers import in_shell

from rummy500_cli.actions import AnyAction
from rummy500_cli.bots import BOTS
from rummy500_cli.cards import Card
from rummy500_cli.cli.main import main
from rummy500_cli.language import VOCABULARY
from rummy500_cli.render.manpage import NBSP, unescape
from rummy500_cli.rules import PRESETS, STANDARD, Rules, format_value
from rummy500_cli.variants import BUNDLES as VARIANTS
from rummy500_cli.view import MeldView, View

ROOT = Path(__file__).resolve().parents[2]
MAN = ROOT / "man"
OVERVIEW = MAN / "rummy500.6"
PLAY = MAN / "rummy500-play.6"
PROTOCOL = MAN / "rummy500-protocol.7"
REPLAY = MAN / "rummy500-replay.6"
VERIFY = MAN / "rummy500-verify.6"
ANALYZE = MAN / "rummy500-analyze.6"
STATS = MAN / "rummy500-stats.6"
DRILL = MAN / "rummy500-drill.6"
SERVE = MAN / "rummy500-serve.6"
OWN_PAGES = [OVERVIEW, PLAY, PROTOCOL, REPLAY, VERIFY, ANALYZE]
PAGES = sorted([*MAN.glob("*.6"), *MAN.glob("*.7")])

COMMAND_PAGES = {
    "play": PLAY,
    "resume": PLAY,
    "replay": REPLAY,
    "branch": REPLAY,
    "export": REPLAY,
    "verify": VERIFY,
    "analyze": ANALYZE,
    "stats": STATS,
    "drill": DRILL,
    "serve": SERVE,
    "host": SERVE,
    "join": SERVE,
}
"""The commands documented in a page of their own; rummy500(6) has the others' options."""
SHELL_PAGES = [REPLAY, VERIFY, ANALYZE]
"""The pages whose examples marked `test: shell` are run."""
ANNOUNCED = {"replay", "analyze", "verify", "branch", "export", "simulate"}
"""Commands that rummy500(6) names, either among the commands or as planned."""


# --- Reading a page ----------------------------------------------------------------------


def unroff(line: str) -> str:
    """A source line's text: escapes resolved, font changes dropped (as the program's own
    renderer reads them, `\\~` a plain space)."""
    return unescape(line).replace(NBSP, " ")


def page_lines(page: Path) -> list[str]:
    return page.read_text(encoding="utf-8").splitlines()


def section(page: Path, name: str, macro: str = ".SH") -> list[str]:
    """The source lines of a section (or subsection) of a page, up to the next one."""
    lines = page_lines(page)
    heading = f"{macro} {name}"
    start = next(
        (i for i, line in enumerate(lines) if line in (heading, f'{macro} "{name}"')), None
    )
    assert start is not None, f"{page.name} has no {heading!r}"
    stops = (".SH",) if macro == ".SH" else (".SH", ".SS")
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].split(" ")[0] in stops),
        len(lines),
    )
    return lines[start + 1 : end]


def roff_args(text: str) -> list[str]:
    """A macro's arguments as roff splits them: at spaces, with "double quotes"."""
    return [
        match.group(2) if match.group(1) is None else match.group(1).replace('""', '"')
        for match in re.finditer(r'"((?:[^"]|"")*)"|((?:\\.|\S)+)', text)
    ]


def macro_text(line: str) -> str:
    """The text of a source line: a macro's arguments (quotes removed) or the line."""
    if line.startswith("."):
        name, _, rest = line.partition(" ")
        if name in (".B", ".I", ".BR", ".BI", ".IB", ".RB", ".IR", ".RI"):
            words = roff_args(rest)
            return unroff(" ".join(words) if name in (".B", ".I") else "".join(words))
        return ""
    return unroff(line)


def tags(lines: list[str]) -> list[str]:
    """The tags of the `.TP` paragraphs among some lines, as text."""
    return [macro_text(nxt) for line, nxt in itertools.pairwise(lines) if line == ".TP"]


def first_words(lines: list[str]) -> set[str]:
    """The first word of every `.TP` tag: the names a list documents."""
    return {tag.split()[0] for tag in tags(lines) if tag.split()}


def plain_text(page: Path) -> str:
    """The whole page as searchable text: '\\-' is '-', font escapes are gone."""
    return "\n".join(
        unroff(line) if not line.startswith(".") else unroff(line.partition(" ")[2])
        for line in page_lines(page)
    )


def mentions(text: str, word: str) -> bool:
    """Whether `word` is in `text` as a word of its own (not inside --no-color, say)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


def marked_blocks(page: Path, mark: str) -> list[tuple[str, list[str]]]:
    """The `.EX` blocks right after a comment `.\\" test: MARK [ARG]`, as (ARG, lines)."""
    lines = page_lines(page)
    found = []
    for index, line in enumerate(lines):
        match = re.fullmatch(r'\.\\" test: (\w+)\s*(.*)', line)
        if not match or match.group(1) != mark:
            continue
        assert lines[index + 1] == ".EX", f"{page.name}:{index + 2}: the marked block is not .EX"
        end = lines.index(".EE", index + 2)
        found.append((match.group(2), [unroff(text) for text in lines[index + 2 : end]]))
    return found


# --- Running the program -----------------------------------------------------------------


@pytest.fixture
def shell_path(tmp_path: Path) -> dict[str, str]:
    """An environment whose `rummy500` is this checkout's, for the pages' shell lines."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "rummy500"
    # As the installed script runs it: click names the program after argv[0] (with -m,
    # usage lines would say `python -m rummy500_cli.cli.main`).
    script.write_text(
        f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -c "
        "'import sys; sys.argv[0] = \"rummy500\"; from rummy500_cli.cli.main import main; main()'"
        ' "$@"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "XDG_DATA_HOME")}
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        PYTHONIOENCODING="utf-8",
        PYTHONPATH=str(ROOT),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
    )
    return env


def run_json(args: list[str], lines: list[str], cwd: Path) -> list[dict]:
    result = subprocess.run(
        [sys.executable, "-m", "rummy500_cli.cli.main", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


# --- Rendering ---------------------------------------------------------------------------


def test_the_pages_are_there() -> None:
    for page in OWN_PAGES:
        assert page in PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_page_renders_without_warnings(page: Path) -> None:
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed")
    result = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(page)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr


@pytest.mark.parametrize("page", OWN_PAGES, ids=lambda page: page.name)
def test_page_renders_in_ascii_too(page: Path) -> None:
    """The suit symbols fall back to letters on a device without them."""
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed")
    result = subprocess.run(
        ["groff", "-man", "-Tascii", "-ww", "-z", str(page)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_title_names_the_page(page: Path) -> None:
    """`.TH NAME SECTION`, the name in capitals, its hyphen written `\\-` or `-`."""
    name, section_number = page.stem, page.suffix[1:]
    titles = [
        f".TH {name.upper().replace('-', hyphen)} {section_number} " for hyphen in ("\\-", "-")
    ]
    assert any(line.startswith(tuple(titles)) for line in page_lines(page)), titles[0]


@pytest.mark.parametrize("page", OWN_PAGES, ids=lambda page: page.name)
def test_source_lines_have_no_trailing_space(page: Path) -> None:
    for number, line in enumerate(page_lines(page), 1):
        assert not line.endswith((" ", "\t")), f"{page.name}:{number}: trailing space"


# --- Commands and options ----------------------------------------------------------------


def root_context() -> click.Context:
    return click.Context(main, info_name="rummy500", **main.context_settings)


def all_commands() -> list[tuple[str, click.Command, click.Context]]:
    """Every command and subcommand, with its context: ('simulate merge', ...)."""
    found = []
    root = root_context()

    def walk(group: click.Group, ctx: click.Context, prefix: str) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            sub = click.Context(command, info_name=name, parent=ctx)
            found.append((f"{prefix}{name}", command, sub))
            if isinstance(command, click.Group):
                walk(command, sub, f"{prefix}{name} ")

    walk(main, root, "")
    return found


def option_cases() -> list[tuple[str, str, Path]]:
    """(command, option string, the page that must document it)."""
    cases = []
    root = root_context()
    for param in main.get_params(root):
        for opt in [*param.opts, *getattr(param, "secondary_opts", [])]:
            cases.append(("rummy500", opt, OVERVIEW))
    for name, command, ctx in all_commands():
        page = COMMAND_PAGES.get(name, OVERVIEW)
        for param in command.get_params(ctx):
            if isinstance(param, click.Option):
                for opt in [*param.opts, *param.secondary_opts]:
                    cases.append((name, opt, page))
    return cases


@pytest.mark.parametrize(
    ("command", "option", "page"),
    option_cases(),
    ids=lambda value: value.name if isinstance(value, Path) else str(value),
)
def test_every_option_is_in_its_page(command: str, option: str, page: Path) -> None:
    assert mentions(plain_text(page), option), (
        f"{command} {option} is not documented in man/{page.name}"
    )


def command_tags() -> list[str]:
    return [tag for tag in tags(section(OVERVIEW, "COMMANDS")) if tag.startswith("rummy500 ")]


def planned() -> set[str]:
    """The commands listed under 'Planned commands', if the page has that subsection."""
    if ".SS Planned commands" not in page_lines(OVERVIEW):
        return set()
    return first_words(section(OVERVIEW, "Planned commands", ".SS"))


def test_every_command_is_in_the_overview() -> None:
    documented = command_tags()
    for name, _command, _ctx in all_commands():
        heading = f"rummy500 {name}"
        assert any(mentions(tag[: len(heading) + 1], heading) for tag in documented), (
            f"{heading} has no entry under COMMANDS in man/rummy500.6"
        )


def test_every_command_of_the_overview_exists() -> None:
    names = {name for name, _command, _ctx in all_commands()}
    for tag in command_tags():
        words = tag.split()
        assert words[1] in names, f"man/rummy500.6 documents {tag!r}, which does not exist"


def test_planned_commands_do_not_exist_yet() -> None:
    available = set(main.list_commands(root_context()))
    assert planned().isdisjoint(available), (
        f"{sorted(planned() & available)} now exist: move them from 'Planned commands' to "
        "COMMANDS in man/rummy500.6"
    )
    assert available | planned() >= ANNOUNCED


def test_synopsis_names_every_command() -> None:
    synopsis = "\n".join(macro_text(line) for line in section(OVERVIEW, "SYNOPSIS"))
    for name, _command, _ctx in all_commands():
        assert mentions(synopsis, f"rummy500 {name}"), name


# --- The game's own vocabulary -----------------------------------------------------------


def test_every_game_command_and_alias_is_documented() -> None:
    words: set[str] = set()
    for tag in tags(section(OVERVIEW, "GAME COMMANDS")):
        words |= set(re.findall(r"[\w?]+", tag))
    expected = {word for verb in VOCABULARY for word in verb.words}
    assert expected <= words, f"undocumented: {sorted(expected - words)}"


def test_the_bot_levels_are_the_code_s() -> None:
    assert first_words(section(OVERVIEW, "COMPUTER PLAYERS")) == set(BOTS)


def rule_entries() -> dict[str, tuple[list[str], str]]:
    """RULE OPTIONS: each option's values as listed (tag `.BR key = v1 | v2`), and its
    paragraph."""
    lines = section(PLAY, "Options", ".SS")
    entries = {}
    for index, line in enumerate(lines):
        if line != ".TP" or not lines[index + 1].startswith(".BR "):
            continue
        words = [unroff(word) for word in roff_args(lines[index + 1][4:])]
        end = next((i for i in range(index + 2, len(lines)) if lines[i] == ".TP"), len(lines))
        body = " ".join(unroff(text) for text in lines[index + 2 : end])
        assert words[1] == "=", words
        entries[words[0]] = (words[2::2], body)
    return entries


def rule_annotation_parts(name: str) -> set[str]:
    """The values an option takes, from its annotation text (as `_allowed` reads it)."""
    text = str(Rules.__annotations__[name])
    parts = set()
    for part in re.split(r"[,|\[\]]", text.replace("Literal", "")):
        part = part.strip().strip("'\"")
        if not part:
            continue
        if part == "bool":
            parts |= {"true", "false"}
        elif part == "int":
            parts |= {"N", format_value(getattr(STANDARD, name))}
        else:
            parts.add(part)
    return parts


@pytest.mark.parametrize("name", list(Rules.__struct_fields__))
def test_every_rule_option_is_listed_with_its_values(name: str) -> None:
    entries = rule_entries()
    assert name in entries, f"man/rummy500-play.6 RULE OPTIONS lacks {name}"
    values, body = entries[name]
    assert values[0] == format_value(getattr(STANDARD, name)), "the standard value goes first"
    assert set(values) == rule_annotation_parts(name)
    assert "RULES " in body, f"{name}: cite the section of RULES.md"
    assert "Not yet supported" not in body, name  # every option is played


def test_only_real_rule_options_are_listed() -> None:
    assert list(rule_entries()) == list(Rules.__struct_fields__)


def test_presets_and_variants_are_listed() -> None:
    names: set[str] = set()
    for tag in tags(section(PLAY, "Presets and variants", ".SS")):
        names |= set(re.findall(r"\w+", tag))
    assert names == set(PRESETS) | set(VARIANTS)


def test_the_saves_and_history_paths_are_the_code_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("the pages give the XDG paths of Linux")
    from rummy500_cli.cli import paths

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert paths.saves_dir() == tmp_path / "data" / "rummy500" / "games"
    assert paths.history_file() == tmp_path / "state" / "rummy500" / "history"
    for page in (OVERVIEW, PLAY):
        text = plain_text(page)
        assert "$XDG_DATA_HOME/rummy500/games/" in text
        assert "$XDG_STATE_HOME/rummy500/history" in text


# --- rummy500-play(6): its sessions are real ---------------------------------------------


SHOWN_FOLDER = "/home/ana"
"""The folder the pages' examples are shown as run in: the commands the program prints
name files by their full path, and the examples' real folder is a temporary one."""


def as_shown(text: str, folder: Path) -> str:
    """Output of an example run in `folder`, with that folder written as the pages show
    it."""
    return text.replace(str(folder), SHOWN_FOLDER)


def session_segments(lines: list[str]) -> tuple[str, list[list[str]]]:
    """A session block: its command, and its output cut into runs at each '...'."""
    assert lines[0].startswith("$ "), lines[0]
    segments: list[list[str]] = [[]]
    for line in lines[1:]:
        if line == "...":
            segments.append([])
        else:
            segments[-1].append(line)
    return lines[0][2:], [segment for segment in segments if segment]


def contains_in_order(output: list[str], segments: list[list[str]]) -> bool:
    """Whether each run of lines is in the output, whole, after the run before it."""
    start = 0
    for segment in segments:
        for index in range(start, len(output) - len(segment) + 1):
            if output[index : index + len(segment)] == segment:
                start = index + len(segment)
                break
        else:
            return False
    return True


SESSIONS = marked_blocks(PLAY, "session")


def test_the_play_page_has_sessions() -> None:
    assert len(SESSIONS) >= 3


@pytest.mark.parametrize("index", range(len(SESSIONS)))
def test_play_page_session_is_real(index: int, tmp_path: Path, shell_path: dict) -> None:
    for name, lines in marked_blocks(PLAY, "file"):
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    command, segments = session_segments(SESSIONS[index][1])
    result = in_shell(command, tmp_path, shell_path)
    assert result.returncode == 0, result.stderr
    output = as_shown(result.stdout, tmp_path).splitlines()
    assert contains_in_order(output, segments), (
        f"man/rummy500-play.6: the output of\n    {command}\nis now:\n" + result.stdout
    )
    shown = SESSIONS[index][1]
    if shown[1] != "...":
        assert output[: len(segments[0])] == segments[0], "the output starts as shown"
    if shown[-1] != "...":
        assert output[-len(segments[-1]) :] == segments[-1], "the output ends as shown"


# --- rummy500-protocol(7): the transcript, the members, the client ----------------------


def transcript() -> tuple[list[str], list[str], list[dict]]:
    """The EXAMPLE transcript: the command's arguments, the client's lines, and the
    messages from rummy500."""
    blocks = marked_blocks(PROTOCOL, "transcript")
    assert len(blocks) == 1
    lines = blocks[0][1]
    assert lines[0].startswith("$ rummy500 "), lines[0]
    args = shlex.split(lines[0][2:])[1:]
    sent = [line[2:] for line in lines[1:] if line.startswith("> ")]
    received = [json.loads(line) for line in lines[1:] if not line.startswith("> ")]
    return args, sent, received


def shape(message: dict) -> tuple[str, ...]:
    """A message's type, and for an event its event's type."""
    if message["type"] == "event":
        return ("event", message["event"]["type"])
    return (message["type"],)


def test_protocol_transcript_is_real(tmp_path: Path) -> None:
    args, sent, shown = transcript()
    real = run_json(args, sent, tmp_path)
    assert [shape(m) for m in real] == [shape(m) for m in shown], (
        "man/rummy500-protocol.7 EXAMPLE: the messages are now\n"
        + "\n".join(json.dumps(m) for m in real)
    )
    assert [m for m in real if m["type"] == "event"] == [m for m in shown if m["type"] == "event"]
    assert "seed" not in real[0] and "log" not in real[0]  # the seed is every hand
    assert real[-1] == shown[-1]


def test_protocol_transcript_places_each_line_where_it_is_read() -> None:
    """A client's line follows a prompt, or a pong or an error that leaves it standing."""
    lines = marked_blocks(PROTOCOL, "transcript")[0][1][1:]
    for before, line in itertools.pairwise(lines):
        if line.startswith("> "):
            assert json.loads(before)["type"] in ("prompt", "pong", "error"), line


def documented_members(kind: str) -> set[str]:
    return first_words(section(PROTOCOL, kind, ".SS"))


def test_every_member_of_every_message_is_documented(tmp_path: Path) -> None:
    args, sent, _ = transcript()
    seen: dict[str, set[str]] = {}
    for message in run_json(args, sent, tmp_path):
        seen.setdefault(message["type"], set()).update(set(message) - {"type"})
    assert set(seen) == {"hello", "prompt", "event", "info", "error", "pong", "bye"}
    seen["prompt"] |= set(View.__struct_fields__) | set(MeldView.__struct_fields__)
    # Only a window prompt (RULES 7) has these; tests/cli/test_cli_windows.py checks them.
    seen["prompt"] |= {"window", "opened_by", "card", "next"}
    for kind, members in seen.items():
        assert documented_members(kind) == members, kind


def action_examples() -> list[dict]:
    lines = section(PROTOCOL, "Action objects", ".SS")
    start, end = lines.index(".EX"), lines.index(".EE")
    return [json.loads(unroff(line)) for line in lines[start + 1 : end]]


def _card(kind: type, value: object) -> object:
    if kind is Card and isinstance(value, str):
        return Card.parse(value)
    raise NotImplementedError


def test_every_action_object_is_shown_and_its_fields_documented() -> None:
    examples = action_examples()
    actions = {kind.__struct_config__.tag: kind for kind in typing.get_args(AnyAction)}
    assert {example["action"] for example in examples} == set(actions)
    fields: set[str] = set()
    for example in examples:
        kind = actions[example["action"]]
        assert isinstance(msgspec.convert(example, AnyAction, dec_hook=_card), kind)
        fields |= set(kind.__struct_fields__)
    shown = {key for example in examples for key in example} - {"action"}
    assert shown == fields
    assert documented_members("Action objects") == fields


def test_protocol_client_runs(tmp_path: Path, shell_path: dict) -> None:
    blocks = marked_blocks(PROTOCOL, "client")
    assert len(blocks) == 1
    (tmp_path / "client.py").write_text("\n".join(blocks[0][1]) + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "client.py"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=shell_path,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["game_over", "bot.jsonl"], result.stdout + result.stderr
    assert "game_over bot.jsonl" in plain_text(PROTOCOL)


# --- rummy500(6) points to every page -----------------------------------------------------


def test_the_overview_sees_every_page() -> None:
    see_also = "\n".join(macro_text(line) for line in section(OVERVIEW, "SEE ALSO"))
    for page in sorted(MAN.glob("*.[0-9]")):
        if page != OVERVIEW:
            assert mentions(see_also, f"{page.stem}({page.suffix[1:]})"), page.name


@pytest.mark.parametrize("page", sorted(set(COMMAND_PAGES.values())), ids=lambda p: p.name)
def test_a_command_page_sees_the_overview(page: Path) -> None:
    see_also = "\n".join(macro_text(line) for line in section(page, "SEE ALSO"))
    assert mentions(see_also, "rummy500(6)")


@pytest.mark.parametrize("page", sorted(set(COMMAND_PAGES.values())), ids=lambda p: p.name)
def test_a_command_page_has_the_usual_sections(page: Path) -> None:
    headings = [line[4:].strip('"') for line in page_lines(page) if line.startswith(".SH ")]
    usual = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]
    assert [heading for heading in headings if heading in usual] == usual, headings
    synopsis = "\n".join(macro_text(line) for line in section(page, "SYNOPSIS"))
    for name, mapped in COMMAND_PAGES.items():
        if mapped == page:
            assert mentions(synopsis, f"rummy500 {name}"), name


# --- rummy500-replay(6): the viewer's keys -------------------------------------------------

KEY_NAMES = {
    "right": "→",
    "left": "←",
    "down": "↓",
    "up": "↑",
    "pagedown": "PgDn",
    "pageup": "PgUp",
    "home": "Home",
    "end": "End",
    "enter": "Enter",
    "escape": "Esc",
    "backspace": "Backspace",
    "c-c": "Ctrl-C",
    "c-d": "Ctrl-D",
}
"""How the page names the keys that prompt-toolkit names otherwise."""


def viewer_keys() -> set[str]:
    """Every key the viewer binds, read from its key table, as the page names them."""
    from rummy500_cli.cli.viewer.keys import bindings

    return {KEY_NAMES.get(key, key) for key, _when, _move in bindings()}


def test_every_key_of_the_viewer_is_documented() -> None:
    documented: set[str] = set()
    for tag in tags(section(REPLAY, "The viewer", ".SS")):
        documented |= {word.strip(",") for word in tag.split()}
    keys = viewer_keys()
    assert len(keys) >= 20, keys
    assert keys <= documented, f"undocumented keys: {sorted(keys - documented)}"


# --- rummy500-analyze(6): the labels, the JSON members ------------------------------------


def test_the_labels_and_thresholds_are_the_code_s() -> None:
    from rummy500_cli.analysis.judge import (
        BATCH,
        LABELS,
        LATE_STOCK,
        LATE_STOCK_MANY,
        MIN_SAMPLES,
        UNCLEAR,
    )
    from rummy500_cli.analysis.verdicts import Z

    text = " ".join(unroff(line) for line in section(ANALYZE, "Labels", ".SS"))
    for label, threshold in LABELS:
        assert re.search(rf"{label}\b.*?{round(threshold * 100)}", text), label
    assert UNCLEAR in text
    judged = re.sub(r"\s+", " ", " ".join(section(ANALYZE, "How a decision is judged", ".SS")))
    assert f"At least {MIN_SAMPLES} deals are sampled" in judged
    assert f"{['one', 'two', 'three', 'four'][BATCH - 1]} deals at a time" in judged
    assert f"stock holds {LATE_STOCK} cards or fewer for each player with two" in judged
    assert f"players, {LATE_STOCK_MANY} or fewer with three or more" in judged
    assert f"less {Z:g} standard errors" in judged and f"plus {Z:g} standard errors" in judged
    from rummy500_cli.analysis.judge import CLOSE_BUDGET, SEVERE_SAMPLES
    from rummy500_cli.analysis.verdicts import PRIOR_SPREAD, PRIOR_WEIGHT

    assert f"at least {SEVERE_SAMPLES} deals" in judged
    from rummy500_cli.analysis.judge import EARLY_DROP

    assert (
        f"before {SEVERE_SAMPLES} deals, its estimate of the drop is below {EARLY_DROP * 100:g} points"
        in judged
    )
    assert f"reach {CLOSE_BUDGET:g} times the budget" in judged
    assert f"as if {PRIOR_WEIGHT} more deals" in judged
    assert f"standard deviation of {PRIOR_SPREAD * 100:g} points of %" in judged


def test_the_win_chance_model_is_the_shipped_one() -> None:
    """The page says what the model reads and what it was fitted on; the shipped file
    says the same."""
    import json
    from importlib import resources

    data = json.loads(resources.files("rummy500_cli").joinpath("data/win_model.json").read_text())
    text = re.sub(r"\s+", " ", " ".join(section(ANALYZE, "The chance of winning", ".SS")))
    assert "over 100,000 rounds" in text and data["fitted_on"]["rounds"] >= 100_000
    for words in ("its total", "the points it put on the table this round", "their hand value"):
        assert words in text


def documented_json(kind: str) -> set[str]:
    """The members listed for the object itself (before the first subsection), or for
    one of its members (a subsection of JSON OUTPUT)."""
    if kind == "JSON":
        lines = section(ANALYZE, "JSON OUTPUT")
        first = next(i for i, line in enumerate(lines) if line.startswith(".SS "))
        return first_words(lines[:first])
    return first_words(section(ANALYZE, kind, ".SS"))


def test_every_member_of_analyze_json_is_documented(tmp_path: Path) -> None:
    log = tmp_path / "unfinished.jsonl"  # analyze saves its analysis beside the log
    shutil.copy(ROOT / "replays" / "unfinished.jsonl", log)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "rummy500_cli.cli.main",
            "analyze",
            "--think",
            "1",
            "--json",
            str(log),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    seen = {
        "JSON": set(data),
        "decisions": {key for decision in data["decisions"] for key in decision},
        "summary": {key for player in data["summary"] for key in player},
        "rounds": {key for round_ in data["rounds"] for key in round_},
        "rounds seats": {key for r in data["rounds"] for seat in r["seats"] for key in seat},
        "per_seat": {key for seat in data["per_seat"] for key in seat},
    }
    assert data["decisions"] and all(seen.values())
    for kind, members in seen.items():
        assert documented_json(kind) == members, kind


# --- The examples of replay, verify and analyze are real ----------------------------------

MARK = "@@rummy500-man-example"
ELIDED = "..."


def shell_commands(lines: list[str]) -> list[tuple[str, list[str]]]:
    """A shell block: each `$ command` with the lines it prints."""
    assert lines and lines[0].startswith("$ "), lines[:1]
    commands: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            commands[-1][1].append(line)
    return commands


def run_shell(commands: list[str], cwd: Path, env: dict[str, str]) -> list[tuple[int, list[str]]]:
    """Run commands one after another in one shell, as typed at a terminal: standard
    error with standard output, `$?` kept for the next command. Answer each command's
    exit status and lines."""
    script = ["exec 2>&1"]
    for command in commands:
        script += [
            command,
            "__status=$?",
            f"printf '\\n{MARK} %d\\n' \"$__status\"",
            '(exit "$__status")',
        ]
    result = in_shell("\n".join(script), cwd, env)
    parts = re.split(rf"\n?{MARK} (\d+)\n", result.stdout)
    assert len(parts) == 2 * len(commands) + 1, result.stdout + result.stderr
    return [
        (int(parts[2 * i + 1]), [line.rstrip() for line in parts[2 * i].splitlines()])
        for i in range(len(commands))
    ]


def matches(shown: list[str], real: list[str]) -> bool:
    """Whether a command's output is what the page shows: exactly, or with each `...`
    standing for lines left out."""
    if ELIDED not in shown:
        return shown == real
    _command, segments = session_segments(["$ ", *shown])
    if not contains_in_order(real, segments):
        return False
    if shown[0] != ELIDED and real[: len(segments[0])] != segments[0]:
        return False
    return shown[-1] == ELIDED or real[-len(segments[-1]) :] == segments[-1]


SHELL_EXAMPLES = [
    (page, index)
    for page in SHELL_PAGES
    if page.exists()  # a missing page fails test_the_pages_are_there, not the collection
    for index in range(len(marked_blocks(page, "shell")))
]


def test_the_pages_have_shell_examples() -> None:
    for page in SHELL_PAGES:
        assert len(marked_blocks(page, "shell")) >= 2, page.name


JUDGED = re.compile(
    r"^  event +\d+ round \d+ \w+: (inaccuracy|mistake|blunder|unclear): .+; better .+ "
    r"\([-+][\d.]+ points, -\d+% to win, \d+%-\d+%(: [a-z ]+ or an? \w+, within the noise of the samples)?\)$"
)
SEAT_SUMMARY = re.compile(
    r"^  \w+: accuracy (\d+|-), \d+ decisions weighed, \d+ expected points lost; .*$"
)


def judged_form(lines: list[str]) -> list[str]:
    """Analyze output with its judged decisions reduced to their form: the decision
    lines dropped (after checking each has the documented form), the per-seat summary
    kept as a shape."""
    out = []
    for line in lines:
        if line.startswith("  event ") and "round" in line:
            assert JUDGED.match(line), line
            continue
        if SEAT_SUMMARY.match(line) or '"points_lost":' in line:
            line = re.sub(r"\d+(\.\d+)?", "N", line)
            line = re.sub(r", N unclear$", "", line)
            out.append(re.sub(r"\b(inaccurac(y|ies)|mistakes?|blunders?|unclear)\b", "LABEL", line))
            continue
        out.append(line)
    return out


@pytest.mark.parametrize(
    ("page", "index"),
    SHELL_EXAMPLES,
    ids=[f"{page.stem}-{index + 1}" for page, index in SHELL_EXAMPLES],
)
def test_shell_example_is_real(page: Path, index: int, tmp_path: Path, shell_path: dict) -> None:
    """In a fresh folder holding a copy of replays/ and the page's files."""
    shutil.copytree(ROOT / "replays", tmp_path / "replays")
    for name, lines in marked_blocks(page, "file"):
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    commands = shell_commands(marked_blocks(page, "shell")[index][1])
    for tool in ("jq", "python3"):
        used = any(re.search(rf"\b{tool}\b", command) for command, _ in commands)
        if used and shutil.which(tool, path=shell_path["PATH"]) is None:
            pytest.skip(f"{tool} is not installed")
    results = [
        (status, [as_shown(line, tmp_path) for line in lines])
        for status, lines in run_shell([command for command, _ in commands], tmp_path, shell_path)
    ]
    for number, ((command, shown), (status, real)) in enumerate(
        zip(commands, results, strict=True)
    ):
        following = commands[number + 1][0] if number + 1 < len(commands) else ""
        assert status == 0 or following == "echo $?", (
            f"man/{page.name}: `{command}` exits with {status}; show it with `echo $?`:\n"
            + "\n".join(real)
        )
        if (
            command.startswith("rummy500 analyze")
            or ".decisions" in command
            or ".summary" in command
        ):
            # The judged decisions come from the expert bot, whose play is tuned from
            # time to time: their lines must keep their form, not their figures. The
            # game in figures comes from the log alone and stays exact.
            shown, real = judged_form(shown), judged_form(real)
        assert matches(shown, real), (
            f"man/{page.name}: the output of\n    {command}\nis now:\n" + "\n".join(real)
        )
