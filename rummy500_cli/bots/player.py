"""The one thing a seat's player does for the game: choose the next move.

Every bot level (`bots`) and a bot program (`external.ExternalBot`) implements `Player`;
the session, selfplay and the tournaments hold their seats as Players. What a player
may see is its own business (the bots mask the state, a program sees the protocol's
view); `choose` is asked only when its seat is to move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..actions import AnyAction
    from ..state import State


@runtime_checkable
class Player(Protocol):
    """A seat's chooser of moves."""

    level: str
    """Its kind, as the log's header records it (`bot:LEVEL`, `exec` for a program)."""

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        """The move to play now; `state.to_move` is the player's seat. `legal` may pass
        the legal actions when the caller has them already."""
        ...
