"""The one playout loop of the searches (the expert's and the analysis judge's): play a
candidate move on a sampled deal, then a policy for every seat, until the searching seat
is to draw again (or, `to_end`, to the round's end), and value what it came to.

The policy is asked for a seat's move with the seat as an argument (`Policy.move`): the
strong bot plays every seat in turn on what that seat sees of the sampled deal
(`StrongPolicy`), and nothing is set on a bot from outside. How the outcome is valued is
the caller's (`apply`: the expert values the round's points and the game's end, the judge
also the chance of winning); `spread` and `round_worth` are the measures both use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from ...actions import AnyAction
from ...engine import legal_actions
from ...state import State
from ...variants.partnership import partner_of
from ..heuristics.values import Context
from ..knowledge import Knowledge
from ..strong import StrongBot

Value = TypeVar("Value")


class Policy(Protocol):
    """Plays any seat of a playout."""

    def move(self, world: State, legal: list[AnyAction], seat: int) -> AnyAction:
        """The move for `seat` (to move in `world`), from what that seat sees of it."""
        ...


class StrongPolicy:
    """The strong bot playing each seat in turn on what that seat sees of the deal (its
    own hand and the table: a playout has no memory of the round)."""

    def __init__(self, bot: StrongBot) -> None:
        self.bot = bot

    def move(self, world: State, legal: list[AnyAction], seat: int) -> AnyAction:
        def knowledge() -> Knowledge:  # built only when the move needs it
            return Knowledge.build(world, seat)

        return self.bot.decide_for(world, legal, seat, knowledge, why=False)[0]  # no reasons


def play_out(
    world: State,
    action: AnyAction,
    me: int,
    move: Callable[[State, list[AnyAction], int], AnyAction],
    apply: Callable[[State, AnyAction], Value | None],
    to_end: bool = False,
) -> tuple[Value | None, int]:
    """Play `action` in `world` (changed in place), then `move` for every seat until
    seat `me` is to draw again (or, `to_end`, to the round's end). `apply` applies one
    move and answers the outcome's value when the round ended (None: play on). Answers
    that value (None: stopped before the round's end, for the caller to estimate) and the
    moves made: the first and every one that had a choice."""
    moves = 1
    ended = apply(world, action)
    left_me = False
    while ended is None:
        if world.to_move != me:
            left_me = True
        elif left_me and world.phase == "draw" and not to_end:
            break
        actions = legal_actions(world)
        if len(actions) == 1:
            choice = actions[0]
        else:
            choice = move(world, actions, world.to_move)
            moves += 1
        ended = apply(world, choice)
    return ended, moves


def round_worth(world: State, me: int) -> float:
    """This round so far, for every seat: table points plus the hand's worth (the strong
    bot's `Context.hand_worth`), as `spread` for seat `me`."""
    worth = []
    for seat, ctx in enumerate(Context.each(world, Knowledge.build_each(world))):
        worth.append(world.table_points[seat] + ctx.hand_worth(world.hands[seat]))
    return spread(worth, me, partner_of(me, world.rules))


def spread(values: list, me: int, partner: int | None = None) -> float:
    """A seat's value against the others' mean; with a partner (RULES 8), its side's
    against the other side's."""
    if partner is not None:
        theirs = [v for i, v in enumerate(values) if i not in (me, partner)]
        return values[me] + values[partner] - sum(theirs)
    others = [v for i, v in enumerate(values) if i != me]
    return values[me] - sum(others) / len(others)
