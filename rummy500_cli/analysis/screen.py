"""The judge's quick form, for the smallest efforts (`analyze --think` below
`QUICK_BELOW`): a screen of the candidate moves, as backgammon programs screen moves at
0-ply before they roll them out, fast enough for a log of a million events.

The judge (`judge.Judge.sample`) plays each candidate out on at least two sampled deals,
every seat on until this seat is to draw again; at eight players that is some 17 moves
of the strong bot a candidate a deal, about 8 ms of computing a decision point, whatever
the effort (its fewest deals are sampled however small the budget). The screen samples
one deal of the hidden cards (the judge's first: the same seed, the same salt), plays
each candidate and then the strong bot for this seat to the end of its turn (so that
every candidate is valued at the same point: its discard made, or the round over), and
values the position there as the judge's playouts value theirs where they stop: the
points (`playout.round_worth`: table points and each hand's worth, this seat's less the
others' mean) and the chance of winning (`win_model`), or the round's score and the
chance after it when the round ended in the turn.

One deal gives no interval, so the screen labels nothing (labels are given only where
the samples leave no doubt): every decision it weighs has no label, `samples` 1, the
interval 0 to 1 (anything) and `quick` set; its best move and its points and chance
lost are point estimates, from which the costliest decisions are still listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import AnyAction
from ..bots.knowledge import determinize
from ..bots.search.playout import round_worth
from ..engine import legal_actions
from ..state import State
from .verdicts import Decision, ranked

if TYPE_CHECKING:
    from ..bots.expert import ExpertBot
    from ..bots.knowledge import Knowledge
    from .judge import Judge

QUICK_BELOW = 5
"""Efforts below this are judged by the screen. Their plain budget (`budget.Budget`:
fewer than 37.5 moves) does not pay for the fewest deals the full judge samples (two
deals of two or more candidates played to the seat's next draw: some 40 moves at two
players, over 100 at eight), which it samples all the same."""
QUICK_WORDS = (
    "a quick screen (an effort below 5): each move played on one sampled deal to the end "
    "of the turn and valued there, without playing on; it labels nothing (labels need "
    "the sampled deals of --think 5 or more)"
)
"""What the screen is, in a player's words (the text of `analyze` and `export`)."""


def quick(think: int) -> bool:
    """Whether the effort `think` is judged by the screen."""
    return think < QUICK_BELOW


def screen(
    judge: Judge,
    bot: ExpertBot,
    state: State,
    masked: State,
    knowledge: Knowledge,
    candidates: list[AnyAction],
    played: AnyAction,
    seq: int,
) -> Decision:
    """The screen's Decision on `candidates` at `state` (`masked`: the seat's view of
    it), `played` among them (see the module docstring)."""
    seat = state.to_move
    rng = bot.rng(state, f"/judge/{judge.sample_seed}")
    world = determinize(masked, knowledge, rng, f"{seq}/j/0")  # the judge's first deal
    points: list[float] = []
    chances: list[float] = []
    for action in candidates:
        value, chance = _turn_end(judge, world.copy(), action, seat)
        points.append(value)
        chances.append(chance)
    mine = candidates.index(played)
    count = len(candidates)
    best = max(range(count), key=lambda i: (chances[i], i == mine))
    return Decision(
        seq=seq,
        round=state.round,
        seat=seat,
        step=state.phase,
        played=played.text(),
        best=candidates[best].text(),
        points_lost=round(points[best] - points[mine], 1),
        win_chance=round(chances[best], 4),
        win_drop=round(max(0.0, chances[best] - chances[mine]), 4),
        drop_low=0.0,
        drop_high=1.0,
        label=None,
        samples=1,
        moves=ranked([action.text() for action in candidates], points, chances, mine),
        expert=candidates[0].text(),
        quick=True,
    )


def _turn_end(judge: Judge, world: State, action: AnyAction, me: int) -> tuple[float, float]:
    """Play the action, then the strong bot for seat `me` until its turn ends; the
    points and the chance of winning there (or at the round's end, if it came)."""
    ended = judge._apply(world, action, me)
    while ended is None and world.to_move == me:
        legal = legal_actions(world)
        choice = legal[0] if len(legal) == 1 else judge.policy.move(world, legal, me)
        ended = judge._apply(world, choice, me)
    if ended is not None:
        return ended
    return round_worth(world, me), judge._chance(world, me)
