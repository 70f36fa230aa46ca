"""A player's own record of an online game (`record_file`), and its proof (`rummy500
verify RECORD`).

`verify_record` proves, trusting nothing in the file but what the seat itself wrote:

1. the game's header (event 0) commits to the commitment shown when the seat joined,
   and holds the seat's own contribution at its seat;
2. the revealed seed and salt match that commitment (`fairness.check_reveal`): the
   host's seed was fixed before the seat contributed, before the first deal;
3. the game's seed is derived from the revealed seed and the header's contributions;
4. the engine, dealing from that seed and playing the moves the seat saw, gives exactly
   every message the seat received, in order, as `projection.visible` shows it to that
   seat: every card it was dealt and drew, every deal's counts, every move legal. (A
   takeback is followed to the point it returns to; whether it was allowed is for the
   audit of the host's log to judge, as it changes no card of the deal.)

A record that fails any of these is refused with one line naming the record's line.

The record's format, and how a client keeps and reads one, are `record_file`'s; the
names it defines are importable from here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from ..errors import Rummy500Error, clipped
from ..events import AnyEvent, Event, GameStarted, SeedRevealed, StockDrawn, StockRebuilt
from .fairness import FairnessError, check_reveal, derive_seed
from .projection import HEADER_FIELDS, visible
from .record_file import (
    MAX_RECORD,
    MAX_RECORD_LINE,
    RECORD_FORMAT,
    RECORD_START,
    RecordData,
    RecordError,
    RecordHeader,
    SeatRecord,
    is_record,
    read_record,
)


@dataclass
class RecordSummary:
    """What a passed check of a record found."""

    seat: int | None
    players: tuple[str, ...]
    events: int
    commitment: str
    result: str

    def line(self, path: object) -> str:
        who = (
            "a spectator" if self.seat is None else f"seat {self.seat} ({self.players[self.seat]})"
        )
        return (
            f"{path}: ok: the record of {who}, {self.events} events; the seed was committed "
            f"({self.commitment[:12]}...) before the first deal and revealed; every card "
            f"seen comes from it and every move checked; {self.result}"
        )


def verify_record(path: Path) -> RecordSummary:
    """Check a record (see the module docstring); RecordError at the first fault."""
    data = read_record(path)
    return check_record(data, path)


def _seen(event: Event, seat: int | None) -> Any:
    """What `seat` was sent of `event`, as its JSON decodes (lists, not tuples)."""
    return msgspec.json.decode(msgspec.json.encode(visible(event, seat)))


def _convert(data: dict[str, Any]) -> Event:
    event: Event = msgspec.convert(data, AnyEvent)
    return event


def check_record(data: RecordData, path: object = "<record>") -> RecordSummary:
    """`verify_record` of a record already read."""
    from ..engine import new_game, recorded_action, resolve
    from ..state import fold

    mine = data.header
    events = data.events

    def at(index: int) -> str:
        return f"{path}:{data.lines[index]}" if index < len(data.lines) else f"{path}"

    if not events or events[0][0] != 0 or events[0][1].get("type") != "game_started":
        raise RecordError(f"{path}: the record does not begin with the game's header (event 0)")
    shown = events[0][1]
    if shown.get("commitment") != mine.commitment:
        raise RecordError(
            f"{at(0)}: the game's header commits to {clipped(str(shown.get('commitment')), 20)}, "
            f"not to the commitment shown when this seat joined ({mine.commitment[:16]}...)"
        )
    contributions = shown.get("contributions")
    players = shown.get("players")
    if not isinstance(contributions, list) or not isinstance(players, list):
        raise RecordError(f"{at(0)}: the game's header has no contributions or no players")
    if mine.seat is not None:
        if not 0 <= mine.seat < len(players) or len(contributions) != len(players):
            raise RecordError(f"{at(0)}: the header has no seat {mine.seat}")
        if contributions[mine.seat] != mine.contribution:
            raise RecordError(
                f"{at(0)}: the game did not use this seat's contribution "
                f"({mine.contribution[:16]}...) but {clipped(str(contributions[mine.seat]), 20)}"
            )
    last_seq, last = events[-1]
    if last.get("type") != "seed_revealed":
        raise RecordError(
            f"{path}: the record has no seed_revealed at its end: the game is not over, or "
            "the host did not reveal its seed, so the deal cannot be checked"
        )
    try:
        revealed = _convert(last)
        assert isinstance(revealed, SeedRevealed)
        check_reveal(mine.commitment, revealed.seed, revealed.salt)
        seed = derive_seed(revealed.seed, [str(c) for c in contributions])
        # what a seat is shown of a header, and nothing else: a stacked deck a host
        # slipped in would deal the later rounds (the seed is the one derived here)
        fields = {name: shown[name] for name in HEADER_FIELDS if name in shown}
        header = msgspec.convert({**fields, "type": "game_started", "seed": seed}, GameStarted)
    except FairnessError as error:
        raise RecordError(f"{at(len(events) - 1)}: {error}") from None
    except msgspec.ValidationError as error:
        raise RecordError(f"{at(0)}: the game's header cannot be read: {error}") from None
    seat = mine.seat

    def refuse(index: int, wanted: Event) -> RecordError:
        got = events[index][1]
        return RecordError(
            f"{at(index)}: this {clipped(str(got.get('type')), 30)} is not what the revealed "
            f"seed and the moves give: expected "
            f"{clipped(msgspec.json.encode(visible(wanted, seat)).decode(), 200)}"
        )

    try:
        opening = new_game(header.players, header.rules, seed, seats=header.seats)
    except Rummy500Error as error:
        raise RecordError(f"{at(0)}: the header does not start a game: {error}") from None
    full: list[Event] = [header]
    total = len(events) - 1  # the reveal is checked already
    for index in (1, 2):
        if index >= total or _seen(opening[index], seat) != events[index][1]:
            raise refuse(min(index, len(events) - 1), opening[index])
        full.append(opening[index])
    state = fold(full)
    index = 3
    while index < total:
        got = events[index][1]
        kind = got.get("type")
        if kind in ("taken_back", "seat_changed"):
            try:
                full.append(_convert(got))
                state = fold(full)
            except (msgspec.ValidationError, ValueError) as error:
                raise RecordError(
                    f"{at(index)}: this {kind} cannot be: {clipped(str(error), 120)}"
                ) from None
            index += 1
            continue
        if state.over:
            raise RecordError(f"{at(index)}: an event after the end of the game")
        try:
            if kind == "stock_drawn":
                guess: Event = StockDrawn(seat=int(got.get("seat", -1)), cards=())
            elif kind == "stock_rebuilt":
                guess = StockRebuilt(seat=int(got.get("seat", -1)), count=0, stock=())
            else:
                guess = _convert(got)
            action = recorded_action(state, guess)
            if action is None:
                raise RecordError(
                    f"{at(index)}: a {clipped(str(kind), 30)} where "
                    f"{state.players[state.to_move]}'s move ({state.phase}) was due"
                )
            expected = resolve(state, action)
        except RecordError:
            raise
        except (msgspec.ValidationError, Rummy500Error, TypeError, ValueError) as error:
            raise RecordError(
                f"{at(index)}: this {clipped(str(kind), 30)} is not a move the rules allow "
                f"here: {clipped(str(error), 160)}"
            ) from None
        for offset, wanted in enumerate(expected):
            if index + offset >= total or _seen(wanted, seat) != events[index + offset][1]:
                raise refuse(min(index + offset, len(events) - 1), wanted)
            state.apply(wanted)
            full.append(wanted)
        index += len(expected)
    winner = state.winner
    if state.over and winner is not None:
        result = f"{header.players[winner]} won"
    elif state.over:
        result = "it ended unfinished (round limit)"
    else:
        result = "the host ended it unfinished"
    return RecordSummary(seat, header.players, last_seq + 1, mine.commitment, result)


__all__ = [
    "MAX_RECORD",
    "MAX_RECORD_LINE",
    "RECORD_FORMAT",
    "RECORD_START",
    "RecordData",
    "RecordError",
    "RecordHeader",
    "RecordSummary",
    "SeatRecord",
    "check_record",
    "is_record",
    "read_record",
    "verify_record",
]
