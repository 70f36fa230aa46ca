"""The program's own rule book, rummy500-rules(7): every number a message, a docstring, a
comment, a page or the README cites (`RULES 4.1`, `RULES 3.1-3.2`, `RULES 8`) is in it,
every rule option is named in it, `rummy500 rules N.M` and `--full` print it, and
nothing the program ships points at files a user does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import main
from rummy500_cli.render.rulebook import cited, numbers, rule
from rummy500_cli.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "man" / "rummy500-rules.7"
SHIPPED = [
    *sorted((ROOT / "rummy500_cli").rglob("*.py")),
    *sorted((ROOT / "man").glob("*.[0-9]")),
    ROOT / "README.md",
]


def source() -> str:
    return BOOK.read_text(encoding="utf-8")


def rummy(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, prog_name="rummy500")


def citations() -> list[tuple[str, str]]:
    """(file, number) for every rule number cited in what the program ships."""
    found = []
    for path in SHIPPED:
        for number in cited(path.read_text(encoding="utf-8")):
            found.append((str(path.relative_to(ROOT)), number))
    return found


def test_the_package_cites_many_rules() -> None:
    """The scan finds the citations (so the next test is not empty)."""
    numbers_cited = {number for _file, number in citations()}
    assert {"4.1", "3.1", "3.2", "6b.10", "7", "8"} <= numbers_cited, numbers_cited
    assert len(numbers_cited) > 25


def test_every_cited_rule_is_in_the_book() -> None:
    known = set(numbers(source()))
    missing = sorted({(file, number) for file, number in citations() if number not in known})
    assert not missing, f"cited but not in man/rummy500-rules.7: {missing}"


def test_the_book_numbers_its_rules_in_order() -> None:
    book = numbers(source())
    sections = [n for n in book if "." not in n]
    assert sections == ["1", "2", "3", "4", "5", "6", "6b", "7", "8", "9"]
    for section in sections:
        items = [n for n in book if n.startswith(f"{section}.")]
        assert [int(n.split(".")[1]) for n in items] == list(range(1, len(items) + 1)), section


def test_every_rule_option_is_in_the_book() -> None:
    text = source()
    for name in Rules.__struct_fields__:
        assert re.search(rf"\b{re.escape(name)}\b", text), name


def test_one_rule_and_one_section_as_text() -> None:
    one = rule(source(), "4.1", 80)
    assert one is not None
    lines = one.splitlines()
    assert lines[0] == "4. A TURN"
    assert lines[1].startswith("       4.1   The draw.")
    assert "every card above it" in one and "4.2" not in one
    assert all(len(line) <= 78 for line in lines)
    whole = rule(source(), "4", 80)
    assert whole is not None and "4.1" in whole and "4.3" in whole and "5.1" not in whole
    assert rule(source(), "RULES 6b.10", 80) == rule(source(), "6b.10", 80)
    assert rule(source(), "4.9", 80) is None
    assert rule(source(), "12", 80) is None


def test_rules_section_prints_the_rule() -> None:
    result = rummy("rules", "4.1")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("4. A TURN\n")
    assert "the chosen card could not be put on the table" in " ".join(result.output.split())


def test_rules_section_unknown_is_a_usage_error() -> None:
    result = rummy("rules", "4.9")
    assert result.exit_code == 2
    assert "'4.9' is not a rule of the rule book" in result.output
    assert "(1, 2, 3, 4, 5, 6, 6b, 7, 8, 9)" in result.output


def test_rules_full_prints_the_whole_book() -> None:
    result = rummy("rules", "--full")
    assert result.exit_code == 0, result.output
    text = result.output
    assert "RUMMY500-RULES(7)" in text.splitlines()[0]
    flat = " ".join(text.split())
    for number in numbers(source()):
        heading = re.search(rf'\.SH "({re.escape(number)}\. [^"]+)"', source())
        if heading:
            assert heading.group(1) in text, number
        else:
            assert re.search(rf"(?m)^\s+{re.escape(number)}\s", text), number
    assert "must be put on the table at once" in flat


def test_rules_in_words_cite_the_book() -> None:
    """`rummy500 rules` had no section numbers: each paragraph cites the rules it tells,
    and every number it cites is in the book."""
    result = rummy("rules", "--rule", "rum_call=true", "--rule", "first_meld_min=30")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[-1] == (
        "A number as (RULES 4) is a rule of the numbered rule book: give one to print it "
        "(rules 4.1), or --full for the whole book."
    )
    paragraphs = [line for line in lines[:-1] if not line.startswith("Options changed")]
    assert all(re.search(r"\(RULES [\d.b, -]+\)$", line) for line in paragraphs), paragraphs
    assert set(cited(result.output)) <= set(numbers(source()))
    assert {"3", "4", "7.1", "7.8"} <= set(cited(result.output))
    for variant in ("jokers", "partnership", "persian", "dealers_gambit"):
        text = rummy("rules", "--variant", variant).output
        assert set(cited(text)) <= set(numbers(source())), variant


def test_a_refusal_s_citation_can_be_looked_up_in_the_game(tmp_path: Path) -> None:
    """The README's refusal cites RULES 4.1; `rules 4.1` at the same prompt shows it."""
    save = tmp_path / "g.jsonl"
    result = rummy(
        "play", "--seed", "11", "--save", str(save), "-q",
        input="draw\nmeld 7c 8c 9c\nx jd\ntake 1\nrules 4.1\nrules 44\n",
    )  # fmt: skip
    assert result.exit_code == 0
    numbers_cited = cited(result.output)
    assert "4.1" in numbers_cited
    assert "4. A TURN" in result.output
    assert "error: '44' is not a rule of the rule book" in result.output


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_shipped_points_at_files_a_user_does_not_have(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for needle in ("../shared", "/work/", "RULES.md", "seeds/"):
        assert needle not in text, f"{path.relative_to(ROOT)} refers to {needle}"
