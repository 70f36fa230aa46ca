"""Helpers of the stats tests (tests/stats/): seeded bot games written as logs, with
people's names and kinds in their headers where a test needs people (a log records who
sat at a seat; the moves are the bots' own, so every result is the seed's)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec

from rummy500_cli.bots import make_bot
from rummy500_cli.engine import new_game, resolve
from rummy500_cli.events import Event, GameEnded, SeatChanged, TakenBack
from rummy500_cli.line import played_line
from rummy500_cli.records.log import encode_log
from rummy500_cli.rules import STANDARD, Rules
from rummy500_cli.state import fold


def play_game(
    names: Sequence[str],
    kinds: Sequence[str],
    levels: Sequence[str],
    seed: str,
    rules: Rules = STANDARD,
    takeback: bool = False,
    hand_over: int | None = None,
    **header: object,
) -> list[Event]:
    """A whole game: `kinds` recorded in the header (human, bot:LEVEL), the moves made by
    bots of `levels`; `header` sets more header fields (tutored, parent). `takeback`:
    seat 0 (a person's) takes its first move back once, then plays on. `hand_over`: after
    seat 0's move number N, a seat_changed line gives it to the greedy bot."""
    events = new_game(list(names), rules, seed, seats=list(kinds))
    if header:
        events[0] = msgspec.structs.replace(events[0], **header)
    state = fold(events)
    bots = _bots(levels, seed, events)
    pending = takeback
    moves = 0
    while not state.over:
        seat, before = state.to_move, len(events) - 1
        for event in resolve(state, bots[seat].choose(state)):
            state.apply(event)
            events.append(event)
            for bot in bots:
                if hasattr(bot, "observe"):
                    bot.observe(event)
        moves += seat == 0
        if hand_over is not None and seat == 0 and moves == hand_over and not state.over:
            events.append(SeatChanged(seat=0, kind="bot:greedy"))
        if pending and seat == 0 and not state.over:
            pending = False
            events.append(TakenBack(seat=0, to=before))
            state = fold(events)
            bots = _bots(levels, seed, played_line(events).events)
    return events


def _bots(levels: Sequence[str], seed: str, seen: Sequence[Event]) -> list:
    bots = [make_bot(level, seed, seat) for seat, level in enumerate(levels)]
    for bot in bots:
        if hasattr(bot, "observe"):
            for event in seen:
                bot.observe(event)
    return bots


def write_game(path: Path, events: Sequence[Event]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encode_log(events))
    return path


def winner_names(events: Sequence[Event]) -> list[str]:
    """The names of the seats that won (a side's both partners)."""
    end = events[-1]
    assert isinstance(end, GameEnded)
    players = events[0].players  # type: ignore[attr-defined]
    if end.winner is None:
        return []
    if len(players) == 4 and isinstance(end.side, int):
        return [players[end.side], players[end.side + 2]]
    return [players[end.winner]]


def runner():
    """A click runner that keeps stdout and stderr apart (click 8.1 and 8.2+)."""
    from click.testing import CliRunner

    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click 8.1
    except TypeError:
        return CliRunner()  # click 8.2+: stdout and stderr are always apart


def stats(*args: str, columns: int = 100):
    """`rummy500 stats ARGS` through click, the saves folder left out."""
    from rummy500_cli.cli.main import main

    result = runner().invoke(main, ["stats", "--no-saves", *args], env={"COLUMNS": str(columns)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def stats_json(*args: str) -> dict:
    import json

    result = stats("--json", *args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)
