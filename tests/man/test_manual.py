"""`rummy500 man [PAGE]`: every page of man/ ships with the package and opens through the
command, through `man -l` where man is installed and as text where it is not; the text
renderer says what man says."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli import manual
from rummy500_cli.cli.main import main
from rummy500_cli.render.manpage import page_summary, render_page

ROOT = Path(__file__).resolve().parents[2]
MAN = ROOT / "man"
PAGES = sorted(MAN.glob("*.[0-9]"))


def rummy(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="rummy500")


@pytest.fixture(params=["man", "text"])
def route(request, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both ways of showing a page: through man (where it is installed) and without."""
    if request.param == "man" and shutil.which("man") is None:
        pytest.skip("man is not installed: the text route is the one used here")
    if request.param == "text":
        real = shutil.which
        monkeypatch.setattr(
            manual.shutil, "which", lambda name, *a, **k: None if name == "man" else real(name)
        )
    return request.param


def test_every_page_ships_in_the_package() -> None:
    assert sorted(manual.pages()) == sorted(page.stem for page in PAGES)
    for name, path in manual.pages().items():
        assert path.read_bytes() == (MAN / path.name).read_bytes(), name
    assert next(iter(manual.pages())) == "rummy500"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_page_opens_through_the_command(page: Path, route: str) -> None:
    name = page.stem
    short = name.removeprefix("rummy500-") if name != "rummy500" else name
    result = rummy("man", short)
    assert result.exit_code == 0, result.output
    text = result.output
    lines = text.splitlines()
    assert lines[0].split()[0] == f"{name.upper()}({page.suffix[1:]})", lines[0]
    assert "NAME" in lines
    summary = page_summary(page.read_text(encoding="utf-8"))
    assert " ".join(summary.split()[:4]) in " ".join(text.replace("\u2010\n", "").split())
    assert "SEE ALSO" in lines
    assert not re.search(r"^\.[A-Z]{1,2}\b", text, re.M), "roff left in the text"
    assert "\\f" not in text and "\\-" not in text


def test_a_page_by_every_name_a_user_might_type() -> None:
    want = rummy("man", "rummy500-play").output
    for name in ("play", "PLAY", "rummy500-play.6", "rummy500-play(6)"):
        assert rummy("man", name).output == want, name
    assert rummy("man").output == rummy("man", "rummy500").output


def test_an_unknown_page_is_a_usage_error_that_lists_the_pages() -> None:
    result = rummy("man", "nope")
    assert result.exit_code == 2
    assert "no page 'nope'; the pages are rummy500, analysis, analyze, drill, log, play" in (
        result.output
    )


def test_list_and_source() -> None:
    listing = rummy("man", "--list").output.splitlines()
    assert [line.split()[0] for line in listing] == [
        f"{path.stem}({path.suffix[1:]})" for path in manual.pages().values()
    ]
    assert listing[0].startswith("rummy500(6)  ") or listing[0].startswith("rummy500(6) ")
    assert "the rule book of rummy500" in "\n".join(listing)
    source = rummy("man", "--source", "rules").output
    assert source == (MAN / "rummy500-rules.7").read_text(encoding="utf-8")


def test_the_help_points_to_the_command() -> None:
    assert "'rummy500 man' for more" in " ".join(rummy("--help").output.split())


def words(text: str) -> list[str]:
    """A rendered page's words, with man's hyphenation at line ends undone."""
    text = re.sub(r"[\u2010-](\n\s*)", "", text)
    return text.split()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_text_renderer_says_what_man_says(page: Path) -> None:
    if shutil.which("man") is None:
        pytest.skip("man is not installed: nothing to compare with")
    shown = subprocess.run(
        ["man", "-l", str(page)],
        capture_output=True,
        text=True,
        env={"MANWIDTH": "80", "MANPAGER": "cat", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
        check=True,
    ).stdout
    ours = render_page(page.read_text(encoding="utf-8"), 80)
    theirs, mine = words(shown), words(ours)
    # man may hyphenate a word across lines where the renderer does not; compare the
    # text with hyphens and spaces removed, and the lines' lengths: filled text within
    # 78 columns, as man's; only an example's lines (kept as they are) run longer.
    assert "".join(mine).replace("-", "") == "".join(theirs).replace("-", "")
    for line in ours.splitlines():
        assert len(line) <= 78 or line.strip() in shown, line


def test_the_renderer_lays_out_the_macros() -> None:
    source = "\n".join(
        [
            '.TH DEMO 7 2026-01-01 "demo 1" "Demo Manual"',
            ".SH NAME",
            "demo \\- a page",
            ".SH DESCRIPTION",
            "Some",
            ".B bold",
            "and",
            ".IR italic ,",
            "text.",
            ".TP",
            ".B \\-\\-flag",
            "What it does.",
            ".RS",
            ".TP",
            ".B inner",
            "Nested.",
            ".RE",
            ".IP 1.1 6",
            "A numbered rule.",
            ".PP",
            ".EX",
            "  kept   as is",
            ".EE",
        ]
    )
    lines = render_page(source, 60).splitlines()
    assert lines[0].split() == ["DEMO(7)", "Demo", "Manual", "DEMO(7)"]
    assert len(lines[0]) == 58  # man's right margin: 2 columns
    assert lines[2:5] == ["NAME", "       demo - a page", ""]
    assert "       Some bold and italic, text." in lines
    assert "       --flag What it does." in lines
    assert "              inner  Nested." in lines
    assert "       1.1   A numbered rule." in lines
    assert "         kept   as is" in lines
    assert lines[-1].startswith("demo 1") and lines[-1].endswith("DEMO(7)")
