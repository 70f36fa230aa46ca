"""The kinds of player a seat may have: a person (`human`), a bot level (`bot:LEVEL`, and
`bot:expert:N` for the expert at another effort than its default) or a program
(`exec:COMMAND`), as the log records them in its header and in `seat_changed`
events (`line.Line.kinds` says who plays each seat of a game now)."""

from __future__ import annotations

from .bots import BOTS
from .effort import DEFAULT_THINK, MAX_THINK, SEARCHING
from .errors import RulesError
from .numbers import whole_number


def parse_seat_kind(text: str) -> str:
    """A seat kind as recorded in the log: `human`, `bot:LEVEL`, `bot:expert:N` (the
    expert at effort N, see `--think`; `bot:expert` is the default effort) or
    `exec:COMMAND` (a bare level, as `strong` or `expert:1000`, is a bot). Raises
    RulesError naming the kinds there are."""
    if text.strip().startswith("exec:"):
        command = text.strip()[5:].strip()
        if not command:
            raise RulesError("exec: needs a command, e.g. exec:'rummy500 example-bot'")
        return f"exec:{command}"
    kind = text.strip().lower()
    if kind == "human":
        return kind
    level, sep, effort = kind.removeprefix("bot:").partition(":")
    if level in BOTS and not sep:
        return f"bot:{level}"
    if level in BOTS:
        think = whole_number(effort.strip())
        if level not in SEARCHING:
            raise RulesError(
                f"{text!r}: only the expert takes an effort (e.g. expert:1000); write {level} alone"
            )
        if think is None or not 1 <= think <= MAX_THINK:
            raise RulesError(
                f"{text!r}: the expert's effort is a whole number from 1 to {MAX_THINK}, "
                f"e.g. expert:1000 (the default is {DEFAULT_THINK})"
            )
        return f"bot:{level}" if think == DEFAULT_THINK else f"bot:{level}:{think}"
    known = ", ".join(BOTS)
    raise RulesError(
        f"unknown player kind {text!r}: use human, a bot level ({known}, expert:N) or exec:COMMAND"
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


def bot_level(kind: str) -> tuple[str, int | None] | None:
    """The level and effort of a bot seat's kind (`bot:expert:1000` -> expert, 1000;
    `bot:strong` -> strong, None: its level's default), or None for another kind."""
    if not kind.startswith("bot:"):
        return None
    level, _, effort = kind[4:].partition(":")
    if level not in BOTS:
        return None
    return level, (int(effort) if effort.isdigit() else None)


def with_effort(kind: str, think: int) -> str:
    """The kind with the expert's effort set to `think` (other kinds unchanged)."""
    found = bot_level(kind)
    if found is None or found[0] not in SEARCHING:
        return kind
    return parse_seat_kind(f"bot:{found[0]}:{think}")
