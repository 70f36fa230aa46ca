"""The config file is read as safely as a game log (a regular file, bounded in size and
nesting, each value bounded as its flag is) and written back without harm: the one key
set, every other line as it was, the file valid TOML, written through a link."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from rummy500_cli.cli import preferences
from rummy500_cli.cli.main import main
from rummy500_cli.cli.toml_edit import edited, set_key


def rummy(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="rummy500")


@pytest.fixture
def file() -> Path:
    path = preferences.config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


# --- reading ----------------------------------------------------------------------------

HOSTILE = {
    "nested 5,000 deep": ("a = " + "[" * 5000 + "\n", "brackets nested 5000 deep (at most 16)"),
    "a 400-digit pace": (f"pace = {9 * 10**399}\n", "pace is a number of seconds"),
    "pace = inf": ("pace = inf\n", "at most 60"),
    "pace = nan": ("pace = nan\n", "at most 60"),
    "pace = 61": ("pace = 61\n", "at most 60"),
    "pace = -0.5": ("pace = -0.5\n", "0 or more"),
    "a name of 41": (f'name = "{"x" * 41}"\n', "name is at most 40 characters"),
    "latin-1 bytes": ('name = "Jos\xe9"\n'.encode("latin-1"), "not UTF-8"),
    "200 KB": ("# " + "x" * 200_000 + "\n", "more than any config file (at most 64 KB)"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_file_is_one_line_and_starts_no_game(file: Path, case: str) -> None:
    content, needle = HOSTILE[case]
    if isinstance(content, str):
        file.write_text(content)
    else:
        file.write_bytes(content)
    for args in (["config"], ["play", "--seed", "1", "-q"]):
        result = rummy(*args)
        assert result.exit_code == 1, (case, result.output)
        assert needle in result.stderr, (case, result.stderr)
        assert result.stderr.startswith(f"rummy500: {file}: ")
        assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "directory"])
def test_a_config_that_is_not_a_file_is_refused_at_once(file: Path, kind: str) -> None:
    """A named pipe hung every command; /dev/zero filled the memory."""
    if kind == "fifo":
        os.mkfifo(file)
    elif kind == "dev_zero":
        file.symlink_to("/dev/zero")
    else:
        file.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "rummy500_cli", "config"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.endswith("not a file; a config file is a regular file\n"), done.stderr
    assert "Traceback" not in done.stderr


def test_config_shows_each_defaults_real_value(file: Path, monkeypatch) -> None:
    """pace showed `(none)` where its default is 0.8 s at a terminal."""
    monkeypatch.setenv("USER", "tester")
    lines = rummy("config").stdout.splitlines()
    pace = next(line for line in lines if line.startswith("  pace"))
    assert pace.startswith("  pace       = 0.8 ") and "default" in pace
    name = next(line for line in lines if line.startswith("  name"))
    assert '"tester" ($USER)' in name
    assert not any("(none)" in line for line in lines)
    file.write_text("pace = 0.25\n")
    assert rummy("config", "pace").stdout.splitlines()[1].startswith("  pace = 0.25")


# --- writing ----------------------------------------------------------------------------


def test_a_key_is_never_written_inside_a_multiline_array(file: Path) -> None:
    text = "other = [\n  [1, 2],\n  [3],\n]\n[later]\nx = 1\n"
    file.write_text(text)
    assert rummy("config", "pace", "0.3").exit_code == 0
    assert file.read_text() == "other = [\n  [1, 2],\n  [3],\n]\npace = 0.3\n[later]\nx = 1\n"
    assert tomllib.loads(file.read_text())["pace"] == 0.3


def test_a_line_inside_a_multiline_string_is_not_a_key(file: Path) -> None:
    text = 'note = """\npace = 1\n"""\nsort = "suit"\n'
    file.write_text(text)
    assert rummy("config", "pace", "0.5").exit_code == 0
    data = tomllib.loads(file.read_text())
    assert data == {"note": "pace = 1\n", "sort": "suit", "pace": 0.5}
    assert file.read_text().startswith(text)
    assert rummy("config", "--unset", "pace").exit_code == 0
    assert file.read_text() == text


def test_a_value_over_several_lines_is_replaced_whole(file: Path) -> None:
    file.write_text("# mine\r\npace = [\r\n  1,\r\n]\r\nname = 'Ana'\r\n")
    assert rummy("config", "pace", "0.5").exit_code == 1  # pace = [...] cannot be read
    file.write_text('# mine\r\nbots = """greedy"""\r\nname = \'Ana\'\r\n')
    assert rummy("config", "bots", "strong").exit_code == 0
    assert file.read_bytes() == b"# mine\r\nbots = \"strong\"\r\nname = 'Ana'\r\n"


def test_a_linked_config_is_written_through_the_link(file: Path, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "rummy500.toml"
    real.parent.mkdir()
    real.write_text("# kept in my dotfiles\nname = 'Ana'\n")
    real.chmod(0o640)
    file.symlink_to(real)
    assert rummy("config", "sort", "rank").exit_code == 0
    assert file.is_symlink() and file.resolve() == real
    assert real.read_text() == "# kept in my dotfiles\nname = 'Ana'\nsort = \"rank\"\n"
    assert real.stat().st_mode & 0o777 == 0o640
    assert not [p for p in real.parent.iterdir() if p != real]  # no temporary left


def test_an_edit_that_would_change_anything_else_is_refused(tmp_path: Path) -> None:
    """A form the editor does not see as the key (a dotted key) would make a second
    `pace`: the result is checked and nothing is written."""
    path = tmp_path / "c.toml"
    path.write_text("pace.x = 1\n")
    with pytest.raises(ValueError, match="cannot set pace without changing the rest"):
        set_key(path, "pace", 0.5, "pace = 0.5")
    assert path.read_text() == "pace.x = 1\n"


# --- a property over generated valid TOML ---------------------------------------------

WORDS = st.sampled_from(["pace = 1", "[x]", "# c", "a = [", "]", "pace", "'x'", " ", "=", "{"])
INLINE = st.lists(st.sampled_from([*"ab =#[]{}'", "\\\\", '\\"']), max_size=8).map("".join)


def _basic(text: str) -> str:
    return f'"{text}"'


VALUES = st.one_of(
    st.integers(-5, 500).map(str),
    st.sampled_from(["0.5", "true", "false", "1979-05-27", '{ a = 1, b = "]" }']),
    INLINE.map(_basic),
    INLINE.filter(lambda t: "'" not in t and "\\" not in t).map(lambda t: f"'{t}'"),
    st.lists(WORDS, max_size=4).map(lambda ws: '"""\n' + "\n".join(ws) + '"""'),
    st.lists(WORDS, max_size=4).map(lambda ws: "'''\n" + "\n".join(ws) + "'''"),
    st.lists(INLINE.map(_basic), max_size=3).map(
        lambda items: "[\n" + "".join(f"  {i}, # pace = 9\n" for i in items) + "  [1, [2]],\n]"
    ),
)
KEYS = st.sampled_from(["alpha", "beta", "gamma", '"delta"', "note", "other"])


@st.composite
def documents(draw) -> tuple[str, bool]:
    """A valid TOML file of unknown keys with comments, blank lines and values of every
    shape, maybe a top-level pace (bare or quoted), maybe tables that hold a pace of
    their own; LF or CRLF."""
    keys = draw(st.lists(KEYS, unique=True, max_size=5))
    lines = [f"{key} = {draw(VALUES)}" for key in keys]
    lines += draw(st.lists(st.sampled_from(["", "# pace = 3", "  # [table]"]), max_size=3))
    lines = draw(st.permutations(lines))
    has_pace = draw(st.booleans())
    if has_pace:
        form = draw(st.sampled_from(["pace", '"pace"', "'pace'"]))
        at = draw(st.integers(0, len(lines)))
        lines.insert(at, f"{form} = {draw(st.sampled_from(['0.25', '3', '60']))}  # mine")
    if draw(st.booleans()):
        lines += ["[later]", "pace = 9", f"x = {draw(VALUES)}"]
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    text = ending.join(line.replace("\n", ending) for line in lines)
    if draw(st.booleans()):
        text += ending
    return text, has_pace


@given(documents(), st.one_of(st.none(), st.sampled_from([0.0, 0.3, 60.0])))
def test_setting_a_key_changes_that_key_and_no_other_line(doc, value) -> None:
    text, has_pace = doc
    old = tomllib.loads(text)
    line = None if value is None else f"pace = {value!r}"
    new_text = edited(text, "pace", line)
    new = tomllib.loads(new_text)
    expected = dict(old)
    expected.pop("pace", None)
    if value is not None:
        expected["pace"] = value
    assert new == expected
    if value is None and not has_pace:
        assert new_text == text
        return
    # Lines compared whole (a last line given the newline it lacked counts as the same):
    # the same lines before and after, and between them only the old pace and the new.
    ending = "\r\n" if "\r\n" in text else "\n"
    old_lines = (text if text.endswith("\n") or not text else text + ending).splitlines(True)
    new_lines = new_text.splitlines(keepends=True)
    if new_text and not new_text.endswith("\n"):
        new_lines[-1] += ending
    head = 0
    while head < min(len(old_lines), len(new_lines)) and old_lines[head] == new_lines[head]:
        head += 1
    tail = 0
    while (
        tail < min(len(old_lines), len(new_lines)) - head
        and old_lines[-1 - tail] == new_lines[-1 - tail]
    ):
        tail += 1
    removed = "".join(old_lines[head : len(old_lines) - tail])
    added = "".join(new_lines[head : len(new_lines) - tail])
    assert tomllib.loads(removed) == ({"pace": old["pace"]} if has_pace else {}), removed
    assert tomllib.loads(added) == ({} if value is None else {"pace": value}), added
    if value is not None:
        assert added == line + ending
