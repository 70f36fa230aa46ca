"""Telling a game as it is played: the loop's observer, which turns each event into
lines for the console (cli/loop.py hands it to `Session.submit`).

What a seat is told depends on who is at the keyboard: one person sees their own cards
named (`Narrator(viewer=...)`); at hot-seat the narrator follows the player whose turn
it is, and each person's recap keeps what happened while the keyboard was elsewhere,
told as they would have seen it. A round's end brings its score table, the game's end
the scorepad, the places, a chart and the commands to look back on it.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from .. import program
from ..events import Event, GameEnded, GameStarted, RoundDealt, RoundEnded
from ..render.layout import command_lines
from ..render.narrate import Narrator, one_line_turns
from ..render.printable import names
from ..render.scores import caught_line, places, score_table, scorepad, totals_chart
from ..render.table import tagged_names

if TYPE_CHECKING:
    from ..render.style import Style
    from ..session import Session
    from .consoles.base import Console


class Teller:
    """Tells each event of a game to a console, with the state just after it."""

    def __init__(
        self, session: Session, console: Console, humans: list[int], hot_seat: bool
    ) -> None:
        self.session = session
        self.console = console
        self.humans = humans
        self.hot_seat = hot_seat
        self.home = humans[0] if len(humans) == 1 else None
        """The one person at the keyboard (None: none, or several at hot-seat)."""
        self.narrator = Narrator(console.style, viewer=self.home)
        # Hot-seat: what each person has not seen, told as they would see it (their own
        # cards drawn named, the others' not), for when the keyboard comes back to them.
        self.recaps: dict[int, list[tuple[int | None, str]]] = {seat: [] for seat in humans}
        self.recap_narrators = (
            {seat: Narrator(console.style, viewer=seat) for seat in humans} if hot_seat else {}
        )
        self.actor = self.home
        """The seat whose move is being told."""
        self.ended: list[str] = []
        """A round just ended: wait before what comes next (not at the game's end)."""

    def opening(self) -> None:
        """The deal of the round in play (and the draw for the first dealer in a new
        game); a program is told every event of the round so far."""
        session, console = self.session, self.console
        events, seqs = session.events, session.line.seqs
        since = max(i for i, e in enumerate(events) if isinstance(e, RoundDealt | GameStarted))
        for position in range(1 if len(events) == 3 else since, len(events)):
            if console.speaks_protocol or position <= since:
                told = self.narrator.feed(events[position], session.state)
                console.event(events[position], seqs[position], told)

    def __call__(self, event: Event, seq: int) -> None:
        """Tell one event, with the state just after it (the loop's observer)."""
        session, console = self.session, self.console
        if self.ended and not isinstance(event, GameEnded):
            console.round_over(self.ended.pop())
        self.ended.clear()
        actor = self.actor
        self.narrator.viewer = actor if (self.hot_seat and actor in self.humans) else self.home
        state = session.state  # (a new one after a takeback)
        console.event(event, seq, self.narrator.feed(event, state))
        for seat, teller in self.recap_narrators.items():
            told = teller.feed(event, state)
            if actor != seat:  # (what they did themselves, they saw)
                self.recaps[seat].extend((getattr(event, "seat", None), line) for line in told)
        size = console.screen()
        width = None if size is None else size[0]
        if isinstance(event, RoundEnded):
            players = names(state.players)
            lines = [score_table(players, event)]
            caught = caught_line(players, event, console.style, width)
            if caught:
                lines.append(caught)
            console.round_scores(lines)
            self.ended.append(f"Round {event.round} is over.")
        if isinstance(event, GameEnded):
            self._game_ended(event, width)

    def _game_ended(self, event: GameEnded, width: int | None) -> None:
        session, console = self.session, self.console
        game_over_lines = getattr(session, "game_over_lines", None)
        if game_over_lines is not None:
            for line in game_over_lines():  # online: the seat's own record
                console.banner(line)
            return
        console.report(end_of_game(session, event, console.style, width))
        console.banner(f"The game is over. Log: {session.path}")
        path = shlex.quote(str(session.path.absolute()))
        me = program.command()
        console.banner("Next:")
        for verb in ("analyze", "replay", "export"):  # analysis first: what to learn
            for line in command_lines(f"{me} {verb} {path}", width, lead="  "):
                console.banner(line)
        if console.interactive:  # a person's record (rummy500 stats)
            from ..stats.after_game import after_game

            for line in after_game(session.path):
                console.show(line)

    def recap(self, seat: int) -> None:
        """Hot-seat: the keyboard has come to `seat`; tell them what they missed."""
        for teller in self.recap_narrators.values():
            teller.flush()  # (a take told with its play has been told)
        told = one_line_turns(self.recaps.get(seat, []), names(self.session.state.players))
        self.recaps[seat] = []
        if told:
            self.console.recap(recap_lines(told, self.console.screen()))


def recap_lines(told: list[str], size: tuple[int, int] | None) -> list[str]:
    """The hot-seat recap under its heading; on a screen, only as many of the latest
    lines as leave room for the table (the `log` command tells the rest)."""
    if size is not None:
        room = max(3, size[1] // 3)
        if len(told) > room:
            hidden = len(told) - room + 1
            told = [f"({hidden} earlier lines: log {len(told) + 5} tells them)", *told[-room + 1 :]]
    return ["Since your last turn:", *(f"  {line}" for line in told)]


def end_of_game(
    session: Session, event: GameEnded, style: Style, width: int | None = None
) -> list[str]:
    """The game's end as on paper: the scorepad of every round, the final places, and a
    chart of the running totals round by round."""
    players = names(session.state.players)
    rounds = [e for e in session.events if isinstance(e, RoundEnded)]
    tagged = tagged_names(players, session.kinds)
    lines = ["", *scorepad(tagged, rounds, width)]
    # (sides are named by their players' names alone: `Ann & Cy`)
    lines += ["", *places(players if event.sides else tagged, event.totals, event.sides or ())]
    lines += ["", *totals_chart(players, rounds, style.ascii, width), ""]
    return lines


__all__ = ["Teller", "end_of_game", "recap_lines"]
