"""`verify` (and every reader, through the audit) checks a header's `seats` as it checks
a `seat_changed` line: one kind for each player, each written as a seat kind is. A
header with more seats than players would start a program for a seat that does not
exist (under --trust-exec); `EXEC:...` was silently read as a human seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import main
from rummy500_cli.engine import new_game
from rummy500_cli.records.log import encode_log
from rummy500_cli.rules import STANDARD


def rummy(*args: object, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, prog_name="rummy500")


def log_with_seats(path: Path, seats: tuple[str, ...]) -> Path:
    events = new_game(("Ana", "Bob"), STANDARD, seed=5)
    header = events[0]
    fields = {f: getattr(header, f) for f in header.__struct_fields__}
    events[0] = type(header)(**{**fields, "seats": seats})
    path.write_bytes(encode_log(events))
    return path


@pytest.mark.parametrize(
    ("seats", "needle"),
    [
        (("human", "bot:random", "exec:touch MARK"), "3 seats for 2 players"),
        (("human",), "1 seats for 2 players"),
        (("human", "EXEC:touch MARK"), "seat 1: unknown player kind 'EXEC:touch MARK'"),
        (("Human", "bot:random"), "seat 0: 'Human' is not written as a seat kind is"),
        (("human", "strong"), "seat 1: 'strong' is not written as a seat kind is"),
        (("human", "exec:"), "seat 1: exec: needs a command"),
    ],
)
def test_a_header_s_seats_are_checked_as_seat_changed_lines_are(
    tmp_path: Path, seats: tuple[str, ...], needle: str
) -> None:
    marker = tmp_path / "MARK"
    seats = tuple(kind.replace("MARK", str(marker)) for kind in seats)
    needle = needle.replace("MARK", str(marker))
    log = log_with_seats(tmp_path / "g.jsonl", seats)
    verified = rummy("verify", log)
    assert verified.exit_code == 1, verified.output
    assert f"{log}:1: the header's seats cannot be: {needle}" in verified.stderr
    resumed = rummy("resume", log, "--trust-exec", input="quit\n")
    assert resumed.exit_code == 1 and "the header's seats cannot be" in resumed.stderr
    assert not marker.exists()  # no program started for a seat that does not exist


def test_canonical_seats_still_verify(tmp_path: Path) -> None:
    log = log_with_seats(tmp_path / "g.jsonl", ("human", "bot:strong"))
    assert rummy("verify", log).exit_code == 0
