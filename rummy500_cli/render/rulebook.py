"""The numbered rule book (rummy500-rules(7)): one rule or section of it, and the
numbers a text cites.

Messages and pages cite rules as `RULES 4.1` (section 4, rule 1), `RULES 3.1-3.2` (a
range) or `RULES 8` (a whole section). In the page's roff a section is
`.SH "4. A TURN"` and a rule `.IP 4.1 6`; everything up to the next one belongs to it.
"""

from __future__ import annotations

import re

from .manpage import macro_args, render_page

NUMBER = r"\d+b?(?:\.\d+)?"
CITATION = re.compile(rf"\bRULES ({NUMBER})(?:-({NUMBER}))?")
"""A citation in a message, a docstring or a page: `RULES 4.1`, `RULES 3.1-3.2`."""
_SECTION = re.compile(r"(\d+b?)\. ")


def _parts(source: str) -> list[tuple[str, str, list[str]]]:
    """The book in pieces, in order: (number, section, roff lines). A section's heading
    and opening text is numbered as the section; each rule is numbered and begins with
    its section's heading; a paragraph after the rules of a section is unnumbered."""
    parts: list[tuple[str, str, list[str]]] = []
    heading, section = "", ""
    for line in source.splitlines():
        if line.startswith(".SH "):
            heading = " ".join(macro_args(line[4:]))
            match = _SECTION.match(heading)
            section = match.group(1) if match else ""
            parts.append((section, section, [line]))
        elif line.startswith(".IP ") and _rule_number(line):
            parts.append((_rule_number(line), section, [f'.SH "{heading}"', line]))
        elif line in (".PP", ".LP", ".P") and parts and "." in parts[-1][0]:
            parts.append(("", section, [line]))
        elif parts:
            parts[-1][2].append(line)
    return parts


def _rule_number(line: str) -> str:
    """The number of a rule's `.IP N.M` line ("" for any other .IP)."""
    args = macro_args(line[4:])
    return args[0] if args and re.fullmatch(r"\d+b?\.\d+", args[0]) else ""


def numbers(source: str) -> list[str]:
    """Every section and rule number of the book, in order: `1`, `1.1`, ... `6b.10`."""
    return [number for number, _section, _lines in _parts(source) if number]


def rule(source: str, number: str, width: int = 80) -> str | None:
    """One rule (`4.1`) under its section's heading, or a whole section (`4`), as text;
    None when the book has no such number."""
    number = number.strip().lower().removeprefix("rules").strip().rstrip(".")
    parts = _parts(source)
    if "." in number:
        chosen = [lines for n, _section, lines in parts if n == number]
    else:
        chosen = [
            lines if n == number else lines[1:] if n else lines
            for n, section, lines in parts
            if section == number
        ]
    if not chosen or not number:
        return None
    return render_page("\n".join(line for lines in chosen for line in lines), width)


def cited(text: str) -> list[str]:
    """The rule and section numbers a text cites, each end of a range on its own."""
    found: list[str] = []
    for match in CITATION.finditer(text):
        found.extend(number for number in match.groups() if number)
    return found
