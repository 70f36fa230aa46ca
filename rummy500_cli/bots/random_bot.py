"""The `random` bot: a uniformly random legal action, the baseline of every ladder."""

from __future__ import annotations

from ..actions import AnyAction
from ..deal import ByteStream
from ..engine import legal_actions
from ..state import State
from .player import Player


class RandomBot(Player):
    """Plays a uniformly random legal action. Its randomness comes from the game seed, the
    seat and the number of events so far, so a resumed game plays on exactly as an
    unbroken one would."""

    level = "random"

    def __init__(self, seed: int | str, seat: int, effort: int | None = None) -> None:
        """`effort` is the levels' common signature (`make_bot`): chance spends none."""
        self._seed = seed
        self._seat = seat

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        """The action to play now; `state.to_move` must be this bot's seat. `legal` may
        pass the legal actions when the caller has them already."""
        actions = legal_actions(state) if legal is None else legal
        stream = ByteStream(self._seed, f"bot/random/{self._seat}/{state.applied}")
        return actions[stream.below(len(actions))]

    def explain(self, state: State, legal: list[AnyAction] | None = None) -> tuple[AnyAction, str]:
        """The action and why (the same for every move: chance)."""
        actions = legal_actions(state) if legal is None else legal
        return self.choose(state, actions), f"picked at random among {len(actions)} legal moves"
