"""The saved analysis's man page, man/rummy500-analysis.5, kept true to the code: every
line kind and field is documented and nothing else; the committed JSON Schema is what
`sidecar.schema()` gives now. (tests/man/test_man_pages.py renders every page.)"""

from __future__ import annotations

import json

import pytest
from test_man_log import ROOT, tagged_names

from rummy500_cli.analysis import sidecar
from rummy500_cli.analysis.figures import PlayerSummary
from rummy500_cli.analysis.judge import Decision, Move

PAGE = ROOT / "man" / "rummy500-analysis.5"
SCHEMA = ROOT / "man" / "rummy500-analysis.schema.json"
REGENERATE = (
    "python -c 'import json, rummy500_cli.analysis.sidecar as s; "
    "print(json.dumps(s.schema(), indent=2, sort_keys=True))' > man/rummy500-analysis.schema.json"
)


def subsection(name: str) -> list[str]:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = lines.index(f".SS {name}")
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].split(" ")[0] in (".SS", ".SH")),
        len(lines),
    )
    return lines[start + 1 : end]


def fields(struct: type) -> set[str]:
    return set(struct.__struct_fields__)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "struct", "extra"),
    [
        ("analysis", sidecar.AnalysisHeader, {"type"}),
        ("settings", sidecar.Settings, set()),
        ("decision", Decision, set()),
        ("summary", PlayerSummary, set()),
    ],
)
def test_every_field_is_documented(name: str, struct: type, extra: set[str]) -> None:
    assert tagged_names(subsection(name)) == fields(struct) | extra


def test_every_line_kind_is_documented() -> None:
    lines = (sidecar.AnalysisHeader, sidecar.DecisionLine, sidecar.SummaryLine)
    kinds = {cls.__struct_config__.tag for cls in lines}  # type: ignore[attr-defined]
    assert kinds == {"analysis", "decision", "summary"}
    for kind in kinds:
        assert subsection(kind)
    moves = " ".join(subsection("decision"))
    assert all(f".B {name}" in moves for name in ("move", "points", "win_chance"))
    assert fields(Move) == {"move", "points", "win_chance"}


def test_committed_schema_is_current() -> None:
    expected = json.dumps(sidecar.schema(), indent=2, sort_keys=True) + "\n"
    committed = SCHEMA.read_text(encoding="utf-8") if SCHEMA.exists() else ""
    assert committed == expected, (
        "the analysis format changed (man/rummy500-analysis.schema.json is stale): if that is "
        f"meant, regenerate it with\n    {REGENERATE}\nupdate man/rummy500-analysis.5, and commit both"
    )
