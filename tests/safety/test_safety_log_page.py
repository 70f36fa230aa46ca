"""The log manual says what the log writes: `rum_called.values` is a list of one number,
as an engine-made call encodes it (and as the committed schema says)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import act, one, start

from rummy500_cli.events import RumCalled
from rummy500_cli.records.log import encode_line

ROOT = Path(__file__).resolve().parents[2]


def member_text(event: str, member: str) -> str:
    """The paragraph of the log page about one member of one event, as plain words."""
    page = (ROOT / "man" / "rummy500-log.5").read_text()
    section = page.split(f".SS {event}\n", 1)[1].split("\n.SS ", 1)[0]
    paragraph = section.split(f".B {member}\n", 1)[1].split("\n.TP", 1)[0]
    return re.sub(r"\\%|\.BR? ", "", paragraph).replace("\n", " ")


def test_rum_called_values_are_written_as_a_one_element_list_and_the_page_says_so() -> None:
    state = start(
        ["7H 8H 9H 2C", "KS 3D 4C 5S", "QD 6C 10S 2S"], "KD", "JD 10H 4H JH", rum_call=True
    )
    called = one(
        act(state, "draw", "meld 7H 8H 9H", "discard 2C", "draw", "discard 10H", "rum"),
        RumCalled,
    )
    written = json.loads(encode_line(5, called, ""))["event"]["values"]
    assert written == [10]
    schema = json.loads((ROOT / "man" / "rummy500-log.schema.json").read_text())
    assert schema["$defs"]["RumCalled"]["properties"]["values"]["type"] == "array"
    text = member_text("rum_called", "values")
    assert "list of one number" in text, text
    assert "one number, as in" not in text
