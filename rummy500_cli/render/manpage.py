"""A man page as plain text, without man or groff.

`rummy500 man` renders its pages with `man -l` where man is installed; where it is not,
and for `rummy500 rules --full`, this renders the roff of the pages (the `man(7)` macros
they use: headings, tagged and indented paragraphs, examples, fonts, escapes) as text
filled to a width, laid out as man lays it out: headings at the margin, text indented 7.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

BODY = 7
"""The indent of the text under a heading, and of a tagged paragraph's text (man's)."""
NBSP = "\u00a0"
"""A space that does not break a line (roff `\\~`), until the line is laid out."""

GLYPHS = {
    "-": "-",
    "e": "\\",
    "~": NBSP,
    " ": NBSP,
    "0": NBSP,
    "(aq": "'",
    "(dq": '"',
    "(lq": "\u201c",
    "(rq": "\u201d",
    "(la": "\u27e8",
    "(ra": "\u27e9",
    "(pc": "·",
    "(em": "—",
    "(en": "–",
    "(bu": "•",
    "(ha": "^",
    "(ti": "~",
    "(->": "→",
    "(<-": "←",
    "(da": "↓",
    "(ua": "↑",
    "(mu": "×",
    "(>=": "≥",
    "(<=": "≤",
    "(co": "©",
}
ESCAPE = re.compile(r"\\(f(?:\(..|\[[^\]]*\]|.)|\(..|\[[^\]]*\]|.)")


def unescape(text: str) -> str:
    """A line's text: escapes resolved, font changes, `\\&`, `\\%` and `\\c` dropped."""

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("f") or name in ("&", "%", "c", ":", "/", ","):
            return ""
        if name.startswith("[u") and name.endswith("]"):
            try:
                return chr(int(name[2:-1], 16))
            except ValueError:
                return ""
        return GLYPHS.get(name, "")

    return ESCAPE.sub(replace, text)


def macro_args(text: str) -> list[str]:
    """A macro's arguments as roff splits them: at spaces, "with quotes" kept together."""
    return [
        match.group(2) if match.group(1) is None else match.group(1).replace('""', '"')
        for match in re.finditer(r'"((?:[^"]|"")*)"?|((?:\\.|\S)+)', text)
    ]


def _width_of(arg: str | None, default: int) -> int:
    """An indent given to .TP, .IP or .RS (in ens; units other than n are rare here)."""
    if not arg:
        return default
    match = re.fullmatch(r"(\d+(?:\.\d+)?)[nmi]?", arg.strip())
    return round(float(match.group(1))) if match else default


@dataclass
class _Page:
    width: int
    out: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    glue: bool = False
    """The last input line ended in `\\c`: the next text joins its last word."""
    base: int = BODY
    indent: int | None = None
    """The tagged or indented paragraph's indent beyond `base` (None: a plain one)."""
    prevailing: int = BODY
    tag: str | None = None
    awaiting_tag: bool = False
    verbatim: bool = False
    stack: list[tuple[int, int | None, int]] = field(default_factory=list)
    headed: int = -1
    """The index in `out` of the last heading: its first paragraph follows it at once."""

    def add(self, text: str) -> None:
        """Text of the current line, filled into the paragraph (or taken as the tag)."""
        glued = text.endswith("\\c")
        text = unescape(text)
        if self.awaiting_tag:
            if self.glue and self.tag is not None:
                self.tag += text
            else:
                self.tag = text
            self.awaiting_tag = glued
            self.glue = glued
            return
        if self.verbatim:
            self._line(text)
            return
        pieces = text.split()
        if self.glue and self.words and pieces and not text[:1].isspace():
            self.words[-1] += pieces.pop(0)
        self.words.extend(pieces)
        self.glue = glued

    def _margin(self) -> int:
        return self.base + (self.indent or 0)

    def _line(self, text: str) -> None:
        """A line of an example, kept as it is, at the margin."""
        self._open()
        self.out.append((" " * self._margin() + text.replace(NBSP, " ")).rstrip())

    def _gap(self) -> None:
        """A blank line between paragraphs (none under a heading, none twice)."""
        if self.out and self.out[-1] != "" and len(self.out) - 1 != self.headed:
            self.out.append("")

    def _open(self) -> None:
        """Start the output of a paragraph: its tag, or nothing."""
        if self.tag is not None:
            tag = " " * self.base + self.tag.replace(NBSP, " ")
            self.tag = None
            if self.words and len(tag) < self._margin():
                self._fill(first=tag)
                return
            self.out.append(tag.rstrip())

    def _fill(self, first: str | None = None) -> None:
        margin = " " * self._margin()
        text = " ".join(self.words)
        self.words = []
        lines = textwrap.wrap(
            text,
            width=max(20, self.width - len(margin)),
            break_long_words=False,
            break_on_hyphens=False,
        ) or [""]
        for number, line in enumerate(lines):
            line = line.replace(NBSP, " ")
            if number == 0 and first is not None:
                self.out.append((first.ljust(len(margin)) + line).rstrip())
            else:
                self.out.append((margin + line).rstrip())

    def flush(self) -> None:
        """End the filled text so far (a paragraph, or a line before .br)."""
        if self.words:
            self._open()
            self._fill()
        elif self.tag is not None:
            self._open()
        self.glue = False

    def paragraph(self, indent: int | None, tag: str | None = None) -> None:
        self.flush()
        self._gap()
        self.indent = indent
        self.tag = tag

    def heading(self, text: str, level: int) -> None:
        self.flush()
        self._gap()
        self.out.append(" " * (0 if level == 1 else 3) + text.replace(NBSP, " "))
        self.headed = len(self.out) - 1
        self.base, self.indent, self.prevailing, self.stack = BODY, None, BODY, []


def render_page(source: str, width: int = 80) -> str:
    """A page's roff source as text for a terminal `width` columns wide, as man would
    show it (lines of `width` - 2 at most: man's right margin)."""
    width -= 2
    page = _Page(width=width)
    header: list[str] = []
    page_footer = ""
    pending: str | None = None  # .B or .I alone: the next line takes its font
    for raw in source.splitlines():
        line = raw.rstrip("\n")
        if line.startswith(("'", '.\\"', '\\"')) or line in (".",):
            continue
        if not line.startswith("."):
            if pending is not None:
                pending = None
            page.add(line)
            continue
        name, _, rest = line.partition(" ")
        args = macro_args(rest)
        if page.awaiting_tag and name in (".B", ".I", ".BR", ".RB", ".IR", ".RI", ".BI", ".IB"):
            joined = " ".join(args) if name in (".B", ".I") else "".join(args)
            page.add(joined)
            continue
        if name == ".TH":
            title = f"{unescape(args[0]) if args else ''}({args[1] if len(args) > 1 else ''})"
            manual = unescape(args[4]) if len(args) > 4 else ""
            gap = max(1, width - 2 * len(title) - len(manual))
            header = [title + " " * (gap // 2) + manual + " " * (gap - gap // 2) + title]
            footer_left = unescape(args[3]) if len(args) > 3 else ""
            footer_mid = unescape(args[2]) if len(args) > 2 else ""
            gap = max(1, width - len(footer_left) - len(footer_mid) - len(title))
            page_footer = (
                footer_left + " " * (gap // 2) + footer_mid + " " * (gap - gap // 2) + title
            )
            continue
        if name in (".SH", ".SS"):
            text = unescape(" ".join(args))
            page.heading(text, 1 if name == ".SH" else 2)
            continue
        if name in (".PP", ".LP", ".P"):
            page.prevailing = BODY
            page.paragraph(None)
            continue
        if name == ".TP":
            page.prevailing = _width_of(args[0] if args else None, page.prevailing)
            page.paragraph(page.prevailing)
            page.awaiting_tag = True
            continue
        if name == ".IP":
            page.prevailing = _width_of(args[1] if len(args) > 1 else None, page.prevailing)
            tag = unescape(args[0]) if args and args[0] else None
            page.paragraph(page.prevailing, tag)
            continue
        if name == ".RS":
            page.flush()
            page.stack.append((page.base, page.indent, page.prevailing))
            page.base = page._margin() if not args else page.base + _width_of(args[0], BODY)
            page.indent, page.prevailing = None, BODY
            continue
        if name == ".RE":
            page.flush()
            if page.stack:
                page.base, page.indent, page.prevailing = page.stack.pop()
            continue
        if name in (".EX", ".nf"):
            page.flush()
            page.verbatim = True
            continue
        if name in (".EE", ".fi"):
            page.verbatim = False
            continue
        if name == ".br":
            page.flush()
            continue
        if name == ".sp":
            page.flush()
            page.out.append("")
            continue
        if name in (".B", ".I", ".SM", ".SB"):
            if args:
                page.add(" ".join(args))
            else:
                pending = name
            continue
        if name in (".BR", ".RB", ".IR", ".RI", ".BI", ".IB"):
            page.add("".join(args))
            continue
        # .if, .char, .ds, .nh, .ad, .hy, .in and the like change nothing in plain text.
    page.flush()
    body = page.out
    while body and body[-1] == "":
        body.pop()
    lines = [*header, "", *body, "", page_footer] if header else body
    return "\n".join(lines) + "\n"


def page_summary(source: str) -> str:
    """The page's one-line description: the text of its NAME section after the dash."""
    text = []
    inside = False
    for line in source.splitlines():
        if line.startswith(".SH"):
            if inside:
                break
            inside = macro_args(line[3:]) == ["NAME"]
            continue
        if inside and not line.startswith("."):
            text.append(unescape(line))
    name = " ".join(" ".join(text).split())
    return name.split(" - ", 1)[1] if " - " in name else name
