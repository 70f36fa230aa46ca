"""A game in progress: its state, its log file, and who plays each seat.

The session is the only place where the engine and the log meet: every action is
resolved by the engine, written (and fsynced) to the log, and only then applied to the
state. So the file on disk is never behind the game a player sees.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import msgspec

from .actions import Action, AnyAction
from .bots import BOTS, make_bot
from .bots.player import Player
from .cards import Card
from .engine import new_game, resolve
from .errors import IllegalAction, Rummy500Error
from .events import Event, GameStarted, RoundDealt, SeatChanged, TakenBack
from .external import ExternalBot
from .line import Line, Takeback, played_line, target_problem, undo_problem
from .records.audit import audit
from .records.log_writer import LogWriter
from .rules import Rules
from .seats import bot_level, parse_seat_kind
from .state import State, fold

__all__ = ["Session", "parse_seat_kind"]


class Session:
    """One game, open for play, with its log held locked."""

    def __init__(self, line: Line, state: State, writer: LogWriter, bot_timeout: float = 10.0):
        self.line = line
        self.state = state
        self.writer = writer
        self.events = line.events
        """The line played (the header first): what the bots see and the prompt tells."""
        self.bot_timeout = bot_timeout
        self.seat_changes: list[SeatChanged] = []
        """The changes of seats this session began with (`resume --seat`)."""
        self.named_programs: set[int] = {
            seat for seat, kind in enumerate(self.kinds) if kind.startswith("exec:")
        }
        """The seats whose program the user named on this command line (a new game: all
        of them; a resume: those of its --seat options). Only these go into a printed
        command that runs them unasked (`cli.loop.resume_line`): never a log's own."""
        self.bots: dict[int, Player] = {}
        self.external: list[ExternalBot] = []
        try:
            for seat, kind in enumerate(self.kinds):
                if kind.startswith("exec:") and not state.over:  # an ended game runs nothing
                    bot = ExternalBot(kind[5:], seat, bot_timeout)
                    self.external.append(bot)
                    self.bots[seat] = bot
            self._seat_bots()
            since = max(
                i for i, e in enumerate(self.events) if isinstance(e, RoundDealt | GameStarted)
            )
            for bot in self.external:
                bot.start(state, self.kinds)
                bot.inform(self._numbered(since))
        except Rummy500Error:
            self.close()
            raise

    @property
    def header(self) -> GameStarted:
        header = self.events[0]
        assert isinstance(header, GameStarted)
        return header

    @property
    def kinds(self) -> list[str]:
        """Who plays each seat now (`human`, `bot:LEVEL`, `exec:COMMAND`)."""
        return self.line.kinds

    def _numbered(self, start: int) -> list[tuple[int, Event]]:
        """The line's events from a position on, each with its sequence number."""
        return list(zip(self.line.seqs[start:], self.events[start:], strict=True))

    def _seat_bots(self) -> None:
        """A fresh bot of its level at every bot seat: it learns the game from the line
        played (`catch_up`), so after a takeback it knows nothing of what was taken back."""
        for seat, kind in enumerate(self.kinds):
            found = bot_level(kind)
            if found is not None:
                self.bots[seat] = make_bot(found[0], self.header.seed, seat, found[1])

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
        undo: bool = True,
        tutored: bool = False,
    ) -> Session:
        """A new game, its first events already on disk (`make_parents`: missing folders
        of `path` may be made, see `LogWriter.create`; `undo=False`: no takebacks;
        `tutored`: the header says a tutor warns before weak moves, `play --tutor`)."""
        events = new_game(names, rules, seed, deck, seats=kinds, undo=undo)
        if tutored:  # written only then: other headers stay byte for byte as they were
            events[0] = msgspec.structs.replace(events[0], tutored=True)
        writer = LogWriter.create(path, events, make_parents)
        try:
            return cls(played_line(events), fold(events), writer, bot_timeout)
        except Rummy500Error:
            writer.close()
            raise

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        bot_timeout: float = 10.0,
        seats: Mapping[int, str] | None = None,
        trust: Callable[[int, str], None] | None = None,
    ) -> tuple[Session, list[str]]:
        """An existing game, and any warning from reading it (a torn last line).

        The log is checked as `verify` checks it (a log whose events do not fit together
        is refused with its line). One cut in the middle of what a move makes (at a
        round's end, the next deal not yet written) is completed first: the rules owe
        those events, and play goes on from there.

        `seats` changes who plays a seat from now on (a `seat_changed` event each, for
        a seat whose kind differs). A program recorded in the log (an `exec:` seat not
        given in `seats`) starts only if `trust(seat, command)` does not raise: a log
        from someone else must not run a command on this machine unasked."""
        writer, data = LogWriter.resume(path)
        try:
            summary = audit(data, path)
            state, line = summary.state, summary.played
            assert state is not None and line is not None
            changes = dict(seats or {})
            for seat in changes:
                if not 0 <= seat < state.n:
                    raise IllegalAction(f"there is no seat {seat} (seats 0 to {state.n - 1})")
            kinds = [changes.get(seat, kind) for seat, kind in enumerate(line.kinds)]
            if not state.over:
                for seat, kind in enumerate(kinds):
                    if kind.startswith("exec:") and seat not in changes and trust is not None:
                        trust(seat, kind[5:])
            written = list(summary.owed)
            if not state.over:
                written += [
                    SeatChanged(seat=seat, kind=kind)
                    for seat, kind in sorted(changes.items())
                    if kind != line.kinds[seat]
                ]
            for seq, event in enumerate(written, writer.seq):
                if isinstance(event, SeatChanged):
                    line.add_meta(seq, event)
                else:
                    state.apply(event)
                    line.add(seq, event)
            # the seats' programs start first: one that cannot start leaves the log alone
            session = cls(line, state, writer, bot_timeout)
            try:
                if written:
                    writer.append(written)
            except BaseException:
                session.close("error")
                raise
            session.seat_changes = [e for e in written if isinstance(e, SeatChanged)]
            session.named_programs = {
                seat for seat, kind in changes.items() if kind.startswith("exec:")
            }
            return session, data.warnings
        except BaseException:  # a refusal of `trust` too: the log is left as it was
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
        first = self.writer.seq
        self.writer.append(events)
        self.line.begin(self.state.to_move)
        for seq, event in enumerate(events, first):
            self.state.apply(event)
            self.line.add(seq, event)
            if on_event is not None:
                on_event(event, seq)
        for bot in self.external:
            bot.inform(list(enumerate(events, first)))
        return events

    def undo(
        self,
        seat: int,
        count: int = 1,
        asked: Callable[[int], bool] | None = None,
        on_event: Callable[[Event, int], None] | None = None,
    ) -> Takeback:
        """Take back the last `count` moves of `seat` and everything played after the
        first of them (rummy500-play(6), UNDO): a `taken_back` line returns the game to
        the point where `seat` was to make that move. `asked(position)` says whether the
        move that began there was the seat's own choice (one made for it, as a pass of
        `--windows pass`, is not counted and not returned to).

        Raises IllegalAction (nothing written) when the rules of takebacks forbid it,
        or LogError when the line cannot be written."""
        problem = undo_problem(self.line, self.state, seat)
        if problem:
            raise IllegalAction(problem)
        targets = [at for at in self.line.targets(seat) if asked is None or asked(at)]
        if not targets:
            raise IllegalAction(
                f"nothing to take back: you have not moved since {self.line.floor_words()}"
            )
        if count > len(targets):
            moves = "move" if len(targets) == 1 else "moves"
            raise IllegalAction(
                f"undo {count}: you have made {len(targets)} {moves} since "
                f"{self.line.floor_words()}, and undo goes no further back"
            )
        event = TakenBack(seat=seat, to=self.line.seqs[targets[-count]])
        assert target_problem(self.line, seat, event.to, self.state.players) is None
        seq = self.writer.seq
        self.writer.append([event])
        record = self.line.take_back(seq, event)
        self.state = fold(self.events)
        self._seat_bots()
        if on_event is not None:
            on_event(event, seq)
        for bot in self.external:
            bot.inform([(seq, event)])
        return record

    def change_seat(self, seat: int, kind: str) -> tuple[int, SeatChanged]:
        """Who plays a seat from now on, in the middle of play (a server seats a bot for
        a person who is away, and the person again when back): a `seat_changed` line,
        written before it is applied. `kind` is `human` or `bot:LEVEL`; answers the
        line's sequence number and event."""
        if not (kind == "human" or (kind.startswith("bot:") and kind[4:] in BOTS)):
            raise IllegalAction(f"a seat changes to human or bot:LEVEL, not {kind!r}")
        if not 0 <= seat < self.state.n:
            raise IllegalAction(f"there is no seat {seat} (seats 0 to {self.state.n - 1})")
        event = SeatChanged(seat=seat, kind=kind)
        seq = self.writer.seq
        self.writer.append([event])
        self.line.add_meta(seq, event)
        self.bots.pop(seat, None)
        self._seat_bots()
        return seq, event

    def bot_move(self) -> Action:
        """The action of the bot whose turn it is (after it has seen every event so far,
        as far as its seat may see them)."""
        bot = self.bots[self.state.to_move]
        bot.catch_up(self.events)
        return bot.choose(self.state)

    def advice(self, seat: int) -> tuple[Action, str]:
        """The best bot's move for a seat, and why (the prompt's `hint`)."""
        level = next(name for name in ("expert", "strong", "greedy") if name in BOTS)
        bot = BOTS[level](self.header.seed, seat)
        bot.catch_up(self.events)
        return bot.explain(self.state)

    def discard(self) -> None:
        """End a game in which nobody played and remove its log (`play </dev/null`)."""
        for bot in self.external:
            bot.close("quit")
        self.writer.discard()

    def ranked_advice(self, seat: int) -> list[tuple[AnyAction, float, float]]:
        """The expert's best moves for the seat to move, with their expected points and
        chances of winning, ranked as the analysis ranks them (the likeliest to win
        first); [] when it sees one sensible move."""
        from .analysis.hint import ranked_moves

        if self.state.to_move != seat:
            return []
        return ranked_moves(self.events, self.state)

    def judged_hint(self, seat: int):
        """The analysis's judge on the seat's position (`analysis.hint.judged_hint`), or None
        when it is not the seat's turn or the expert sees one sensible move."""
        from .analysis.hint import judged_hint

        if self.state.to_move != seat:
            return None
        return judged_hint(self.events, self.state)

    def close(self, reason: str = "quit") -> None:
        """Release the log and stop external bots, telling them why (`bye`)."""
        for bot in self.external:
            bot.close(reason)
        self.writer.close()
