"""How long a new game will take, said at a terminal before it starts (and how to play
a shorter one): the figures behind the estimate, from the bots' games."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import State

QUICK_TARGET = 250
"""`play --quick`: the points to win (half the usual 500), and no pause after the bots'
moves."""
WINNER_POINTS = {2: 100, 3: 57, 4: 50, 5: 44, 6: 38, 7: 34, 8: 31}
"""The points the eventual winner makes in an average round, by players: the greedy
bots' games of `rummy500 simulate` (40 games each: to 500 in 5.0 rounds at 2 players,
8.8 at 3, 9.9 at 4, 13.2 at 6), for the expected length of a game."""
MOVES_PER_ROUND = {2: 20}
"""The moves (draw, melds, lay-offs, discard) each seat makes in a round: about 20 with
the 13 cards of a two-player deal, 14 with 7 cards (the log of a 4-player game to 500:
495 bot moves over 12 rounds)."""
HUMAN_SECONDS = 5.0
"""The seconds a person takes for a move, on average, for the estimate."""


def length_note(
    players: int, humans: int, target: int, pace: float, me: str = "rummy500"
) -> list[str]:
    """The expected length of a new game, and how to play a shorter one, when it is long
    (6 rounds or more; else nothing): `A game of 4 to 500 takes about 10 rounds,
    roughly 20 minutes...`, then the command of a quick game (last: it is to copy)."""
    rounds = max(1, round(target / WINNER_POINTS.get(players, 31)))
    if rounds < 6:
        return []
    moves = MOVES_PER_ROUND.get(players, 14)
    pauses = rounds * (players - humans) * moves * pace / 60
    minutes = pauses + rounds * humans * moves * HUMAN_SECONDS / 60
    of_which = f", {round(pauses)} of them the bots' pauses" if pauses >= 1 else ""
    estimate = (
        f"A game of {players} to {target} takes about {rounds} rounds, roughly "
        f"{max(1, round(minutes))} minutes{of_which}."
    )
    if target <= QUICK_TARGET:  # already as short as a quick game
        return [estimate]
    return [estimate, f"For a quick game (to {QUICK_TARGET} points, no pauses): {me} play --quick"]


def game_length(state: State, humans: int, pace: float) -> list[str]:
    """The expected length of a new game at a terminal (none for persian's two deals)."""
    from .. import program
    from ..variants import variant_of

    if variant_of(state.rules).deals is not None:
        return []
    return length_note(state.n, humans, state.rules.target, pace, program.command())


__all__ = ["QUICK_TARGET", "game_length", "length_note"]
