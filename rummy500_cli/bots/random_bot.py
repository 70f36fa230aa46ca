"""The `random` bot: a uniformly random legal action, the baseline of every ladder."""

from __future__ import annotations

from ..actions import AnyAction
from ..deal import ByteStream
from ..engine import legal_actions
from ..state import State


class RandomBot:
    """Plays a uniformly random legal action, from a stream seeded by game and seat."""

    level = "random"

    def __init__(self, seed: int | str, seat: int) -> None:
        self._stream = ByteStream(seed, f"bot/random/{seat}")

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        """The action to play now; `state.to_move` must be this bot's seat. `legal` may
        pass the legal actions when the caller has them already."""
        actions = legal_actions(state) if legal is None else legal
        return actions[self._stream.below(len(actions))]
