"""What a seat's player does for the game: the `Player` protocol, after OpenSpiel's `Bot`
(`spiel_bots.h`: Step, InformAction, RestartAt, StepWithPolicy) with no-op defaults.

Every bot level (`bots`) and a bot program (`external.ExternalBot`) is a Player; the
session, selfplay and the tournaments hold their seats as Players and call them alike:

- `observe(event)`: the next event of the game (OpenSpiel's InformAction); a player
  keeps what its seat may see of it, or nothing (the default).
- `catch_up(events)`: every event so far, the header first, before a move (RestartAt);
  a player takes in those it has not seen yet (by default: nothing).
- `choose(state, legal)`: the move to play now (Step); `state.to_move` is its seat.
- `explain(state, legal)`: the move and why, in one line (StepWithPolicy's richer
  cousin: the prompt's hint shows it); by default `choose`'s move, without a reason.

What a player may see is its own business (the bots mask the state, a program sees the
protocol's view). A class that subclasses Player gets the defaults; any other class with
the same methods is a Player too (`isinstance` checks the names).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..actions import AnyAction
    from ..events import Event
    from ..state import State


@runtime_checkable
class Player(Protocol):
    """A seat's chooser of moves."""

    level: str
    """Its kind, as the log's header records it (`bot:LEVEL`, `exec` for a program)."""

    def observe(self, event: Event) -> None:
        """Take in the next event of the game (by default: nothing is kept)."""
        return None

    def catch_up(self, events: Iterable[Event]) -> None:
        """Take in the events of the game not seen yet (`events`: every event so far, the
        header first): what is called before a move (by default: nothing)."""
        return None

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        """The move to play now; `state.to_move` is the player's seat. `legal` may pass
        the legal actions when the caller has them already."""
        ...

    def explain(self, state: State, legal: list[AnyAction] | None = None) -> tuple[AnyAction, str]:
        """The move to play now and why, in one line (by default no reason is given)."""
        return self.choose(state, legal), ""
