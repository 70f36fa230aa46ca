"""The command that goes on with a saved game, as the game prints it when the player
leaves or an error stops it (`Game saved. Resume with: ...`, the protocol's bye)."""

from __future__ import annotations

import shlex
from collections.abc import Collection
from typing import TYPE_CHECKING

from .. import program

if TYPE_CHECKING:
    from ..session import Session


def resume_line(session: Session, absolute: bool = True) -> str:
    """The command that goes on with the game, quoted so it can be pasted into a shell,
    in a form that a fresh shell finds (see `program.command`), with the log's full path
    (a program speaking the protocol gets the path as it gave it: `absolute=False`)."""
    rejoin = getattr(session, "rejoin_line", None)
    if rejoin:  # a seat at a table on a server (online.client.RemoteSession)
        return str(rejoin)
    path = session.path.absolute() if absolute else session.path
    seats = trusted_seats(session.kinds, session.named_programs)
    return f"{program.command()} resume {seats}{shlex.quote(str(path))}"


def trusted_seats(kinds: list[str], named: Collection[int]) -> str:
    """The --seat options that say yes to the programs a game's seats run (a resume
    runs a program the log names only with them, rummy500-play(6)), each followed by
    a space; only for the seats in `named`, whose program the user named themselves:
    a printed command never approves a program that came from a log."""
    return "".join(
        f"--seat {shlex.quote(f'{seat}={kind}')} "
        for seat, kind in enumerate(kinds)
        if kind.startswith("exec:") and seat in named
    )


__all__ = ["resume_line", "trusted_seats"]
