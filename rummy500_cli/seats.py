"""The kinds of player a seat may have: a person (`human`), a bot level (`bot:LEVEL`) or
a program (`exec:COMMAND`), as the log records them in its header and in `seat_changed`
events (`line.Line.kinds` says who plays each seat of a game now)."""

from __future__ import annotations

from .bots import BOTS
from .errors import RulesError


def parse_seat_kind(text: str) -> str:
    """A seat kind as recorded in the log: `human`, `bot:LEVEL` or `exec:COMMAND` (a bare
    level, as `strong`, is `bot:strong`). Raises RulesError naming the kinds there are."""
    if text.strip().startswith("exec:"):
        command = text.strip()[5:].strip()
        if not command:
            raise RulesError("exec: needs a command, e.g. exec:'rummy500 example-bot'")
        return f"exec:{command}"
    kind = text.strip().lower()
    if kind == "human":
        return kind
    level = kind.removeprefix("bot:")
    if level in BOTS:
        return f"bot:{level}"
    known = ", ".join(BOTS)
    raise RulesError(
        f"unknown player kind {text!r}: use human, a bot level ({known}) or exec:COMMAND"
    )


def kind_problem(kind: str) -> str | None:
    """Why `kind`, as a log holds it, is not a seat kind written canonically (as
    `parse_seat_kind` writes it; `EXEC:...` or `Human` is not, and is never read as a
    person); None when it is."""
    try:
        canonical = parse_seat_kind(kind)
    except RulesError as error:
        return str(error)
    if canonical != kind:
        return f"{kind!r} is not written as a seat kind is (as {canonical!r})"
    return None


def header_seats_problem(seats: tuple[str, ...], players: int) -> str | None:
    """Why a log header's `seats` cannot be (None when they can): one kind for each
    player, each written canonically; no seats at all is an old log's default."""
    if not seats:
        return None
    if len(seats) != players:
        return f"{len(seats)} seats for {players} players"
    for seat, kind in enumerate(seats):
        problem = kind_problem(kind)
        if problem is not None:
            return f"seat {seat}: {problem}"
    return None
