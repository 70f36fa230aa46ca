"""`rummy500 man [PAGE]`: the program's man pages, which ship inside the package.

pip installs no man pages where `man` looks for them unless the environment's `bin` is
on PATH, so the program shows its own: through `man -l` where man is installed (with
its pager at a terminal), else rendered as text here. The numbered rule book,
rummy500-rules(7), is also read by `rummy500 rules --full` and `rules N.M`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import click

PAGES = Path(__file__).resolve().parent.parent / "manpages"
"""The pages, as package data (in a checkout, a link to the man/ folder)."""
RULE_BOOK = "rummy500-rules"


def pages() -> dict[str, Path]:
    """Every page by its name, as `man` names them: `rummy500`, `rummy500-play`, ..."""
    found = sorted(PAGES.glob("rummy500*.[0-9]"), key=lambda p: (p.stem != "rummy500", p.stem))
    return {path.stem: path for path in found}


def find_page(name: str) -> Path | None:
    """A page from what a user would type: `rummy500-play`, `play`, `rummy500-play.6`,
    `rummy500-play(6)`, `rules`."""
    known = pages()
    word = name.strip().lower()
    for suffix in ("(5)", "(6)", "(7)", ".5", ".6", ".7"):
        word = word.removesuffix(suffix)
    for candidate in (word, f"rummy500-{word}", f"rummy500-{word.removeprefix('rummy500 ')}"):
        if candidate in known:
            return known[candidate]
    return None


def page_source(name: str) -> str:
    """The roff source of a page by its exact name."""
    return pages()[name].read_text(encoding="utf-8")


def text_width() -> int:
    """The width to lay text out to: the terminal's, between 40 and 100 columns."""
    columns = shutil.get_terminal_size((80, 24)).columns
    return max(40, min(columns, 100))


def _with_man(path: Path) -> str | None:
    """The page as `man -l` prints it to a pipe, or None when man cannot (absent, or a
    man without a formatter)."""
    program = shutil.which("man")
    if program is None:
        return None
    env = dict(os.environ, MANWIDTH=str(text_width()), MANPAGER="cat", PAGER="cat")
    env.pop("MAN_KEEP_FORMATTING", None)
    try:
        result = subprocess.run(
            [program, "-l", str(path)],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=env,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if result.returncode != 0 or not result.stdout.strip():
        return None
    return result.stdout


def show_page(path: Path, raw: bool = False) -> None:
    """Show a page: with man's pager at a terminal, else as text on standard output."""
    if raw:
        click.echo(path.read_text(encoding="utf-8"), nl=False)
        return
    from .environment import current

    program = shutil.which("man")
    if program is not None and current().terminal:
        try:
            if subprocess.run([program, "-l", str(path)], check=False).returncode == 0:
                return
        except OSError:
            pass
    text = _with_man(path)
    if text is None:
        from ..render.manpage import render_page

        text = render_page(path.read_text(encoding="utf-8"), text_width())
    click.echo(text, nl=False)


@click.command(name="man")
@click.argument("page", required=False, default="rummy500")
@click.option("--list", "list_pages", is_flag=True, help="List the pages, one a line.")
@click.option(
    "--source", is_flag=True, help="Print the page's roff source (to install it for man)."
)
def man(page: str, list_pages: bool, source: bool) -> None:
    """Show a man page of rummy500: PAGE is rummy500 (the default), play, replay,
    analyze, verify, simulate, serve, log, protocol or rules.

    Where man is installed the page goes through `man -l`; elsewhere it is printed as
    text.
    """
    if list_pages:
        from ..render.manpage import page_summary

        rows = [(f"{name}({path.suffix[1:]})", path) for name, path in pages().items()]
        width = max(len(title) for title, _path in rows)
        for title, path in rows:
            summary = page_summary(path.read_text(encoding="utf-8"))
            click.echo(f"{title:<{width}}  {summary}")
        return
    found = find_page(page)
    if found is None:
        names = ", ".join(name.removeprefix("rummy500-") for name in pages())
        raise click.BadParameter(f"no page {page!r}; the pages are {names}", param_hint="PAGE")
    show_page(found, raw=source)
