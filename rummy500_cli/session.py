"""A game in progress: its state, its log file, and who plays each seat.

The session is the only place where the engine and the log meet: every action is
resolved by the engine, written (and fsynced) to the log, and only then applied to the
state. So the file on disk is never behind the game a player sees.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from .actions import Action, AnyAction
from .bots import BOTS
from .bots.base import Bot
from .cards import Card
from .engine import new_game, resolve
from .errors import RulesError, Rummy500Error
from .events import Event, GameStarted, RoundDealt
from .external import ExternalBot
from .player import Player
from .records.audit import audit
from .records.log import LogWriter, load_state
from .rules import Rules
from .state import State


def parse_seat_kind(text: str) -> str:
    """A seat kind as recorded in the log: `human`, `bot:LEVEL` or `exec:COMMAND`."""
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


class Session:
    """One game, open for play, with its log held locked."""

    def __init__(
        self, state: State, writer: LogWriter, events: list[Event], bot_timeout: float = 10.0
    ) -> None:
        self.state = state
        self.writer = writer
        self.events = events
        header = events[0]
        assert isinstance(header, GameStarted)
        kinds = header.seats or ("human",) + ("bot:random",) * (state.n - 1)
        self.kinds = list(kinds)
        self.bots: dict[int, Player] = {}
        self.external: list[ExternalBot] = []
        try:
            for seat, kind in enumerate(kinds):
                if kind.startswith("bot:") and kind[4:] in BOTS:
                    self.bots[seat] = BOTS[kind[4:]](header.seed, seat)
                elif kind.startswith("exec:"):
                    bot = ExternalBot(kind[5:], seat, bot_timeout)
                    self.external.append(bot)
                    self.bots[seat] = bot
            since = max(i for i, e in enumerate(events) if isinstance(e, RoundDealt | GameStarted))
            for bot in self.external:
                bot.start(header, state, self.kinds, str(writer.path))
                bot.observe(events[since:], since)
        except Rummy500Error:
            self.close()
            raise

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
        bot_timeout: float = 10.0,
        make_parents: bool = False,
    ) -> Session:
        """A new game, its first events already on disk (`make_parents`: missing folders
        of `path` may be made, see `LogWriter.create`)."""
        events = new_game(names, rules, seed, deck, seats=kinds)
        writer = LogWriter.create(path, events, make_parents)
        try:
            return cls(load_state(events), writer, events, bot_timeout)
        except Rummy500Error:
            writer.close()
            raise

    @classmethod
    def resume(
        cls, path: str | os.PathLike[str], bot_timeout: float = 10.0
    ) -> tuple[Session, list[str]]:
        """An existing game, and any warning from reading it (a torn last line).

        The log is checked as `verify` checks it (a log whose events do not fit together
        is refused with its line). One cut in the middle of what a move makes (at a
        round's end, the next deal not yet written) is completed first: the rules owe
        those events, and play goes on from there."""
        writer, data = LogWriter.resume(path)
        try:
            summary = audit(data, path)
            state = summary.state
            assert state is not None
            events = list(data.events)
            if summary.owed:
                writer.append(summary.owed)
                for event in summary.owed:
                    state.apply(event)
                    events.append(event)
            return cls(state, writer, events, bot_timeout), data.warnings
        except Rummy500Error:
            writer.close()
            raise

    def is_human(self, seat: int) -> bool:
        return seat not in self.bots

    def submit(
        self,
        action: Action,
        seat: int | None = None,
        on_event: Callable[[Event, int], None] | None = None,
    ) -> list[Event]:
        """Play an action: resolve it, write it to the log, then apply it.

        `on_event(event, seq)` is called after each event is applied, with the state as
        that event left it. Raises the engine's errors or LogError; then nothing changes.
        """
        events = resolve(self.state, action, seat)
        self.writer.append(events)
        first = len(self.events)
        for offset, event in enumerate(events):
            self.state.apply(event)
            self.events.append(event)
            if on_event is not None:
                on_event(event, first + offset)
        for bot in self.external:
            bot.observe(events, first)
        return events

    def bot_move(self) -> Action:
        """The action of the bot whose turn it is (after it has seen every event so far,
        as far as its seat may see them)."""
        bot = self.bots[self.state.to_move]
        catch_up = getattr(bot, "catch_up", None)
        if catch_up is not None:
            catch_up(self.events)
        return bot.choose(self.state)

    def advice(self, seat: int) -> tuple[Action, str]:
        """The best bot's move for a seat, and why (the prompt's `hint`)."""
        level = next(name for name in ("expert", "strong", "greedy") if name in BOTS)
        header = self.events[0]
        assert isinstance(header, GameStarted)
        bot = BOTS[level](header.seed, seat)
        assert isinstance(bot, Bot)  # the levels that explain themselves
        bot.catch_up(self.events)
        return bot.explain(self.state)

    def discard(self) -> None:
        """End a game in which nobody played and remove its log (`play </dev/null`)."""
        for bot in self.external:
            bot.close("quit", str(self.path))
        self.writer.discard()

    def ranked_advice(self, seat: int) -> list[tuple[AnyAction, float, float]]:
        """The expert's best moves for the seat to move, with their expected points and
        chances of winning, the most points first; [] when it sees one sensible move."""
        from .judge import ranked_moves

        if self.state.to_move != seat:
            return []
        return ranked_moves(self.events, self.state)

    def close(self, reason: str = "quit") -> None:
        """Release the log and stop external bots, telling them why (`bye`)."""
        for bot in self.external:
            bot.close(reason, str(self.path))
        self.writer.close()
