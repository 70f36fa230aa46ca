"""A game in progress: its state, its log file, and who plays each seat.

The session is the only place where the engine and the log meet: every action is
resolved by the engine, written (and fsynced) to the log, and only then applied to the
state. So the file on disk is never behind the game a player sees.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .actions import Action
from .bots import BOTS
from .cards import Card
from .engine import new_game, resolve
from .errors import LogError, RulesError
from .events import Event, GameStarted
from .log import LogWriter, load_state
from .rules import Rules
from .state import State


def parse_seat_kind(text: str) -> str:
    """A seat kind as recorded in the log: `human` or `bot:LEVEL`."""
    kind = text.strip().lower()
    if kind == "human":
        return kind
    level = kind.removeprefix("bot:")
    if level in BOTS:
        return f"bot:{level}"
    known = ", ".join(BOTS)
    raise RulesError(f"unknown player kind {text!r}: use human, or a bot level ({known})")


class Session:
    """One game, open for play, with its log held locked."""

    def __init__(self, state: State, writer: LogWriter, events: list[Event]) -> None:
        self.state = state
        self.writer = writer
        self.events = events
        header = events[0]
        assert isinstance(header, GameStarted)
        kinds = header.seats or ("human",) + ("bot:random",) * (state.n - 1)
        self.kinds = list(kinds)
        self.bots = {
            seat: BOTS[kind.split(":", 1)[1]](header.seed, seat)
            for seat, kind in enumerate(kinds)
            if kind.startswith("bot:") and kind.split(":", 1)[1] in BOTS
        }

    @property
    def path(self) -> Path:
        return self.writer.path

    @classmethod
    def start(
        cls,
        path: str | os.PathLike[str],
        names: Sequence[str],
        kinds: Sequence[str],
        rules: Rules,
        seed: int | str,
        deck: Sequence[Sequence[Card]] = (),
    ) -> Session:
        """A new game, its first events already on disk."""
        events = new_game(names, rules, seed, deck, seats=kinds)
        writer = LogWriter.create(path, events)
        return cls(load_state(events), writer, events)

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[Session, list[str]]:
        """An existing game, and any warning from reading it (a torn last line)."""
        writer, data = LogWriter.resume(path)
        try:
            state = load_state(data.events)
        except (KeyError, IndexError, ValueError) as error:
            writer.close()
            raise LogError(f"{path}: the events do not make a game ({error!r})") from None
        return cls(state, writer, data.events), data.warnings

    def is_human(self, seat: int) -> bool:
        return seat not in self.bots

    def submit(self, action: Action, seat: int | None = None) -> list[Event]:
        """Play an action: resolve it, write it to the log, then apply it.

        Raises the engine's errors (nothing changes) or LogError (nothing changes).
        """
        events = resolve(self.state, action, seat)
        self.writer.append(events)
        for event in events:
            self.state.apply(event)
        self.events.extend(events)
        return events

    def bot_move(self) -> Action:
        """The action of the bot whose turn it is."""
        return self.bots[self.state.to_move].choose(self.state)

    def close(self) -> None:
        self.writer.close()
