"""The prompt's hint, weighed by the analysis's judge: the expert's candidate moves ranked
as `analyze` would rank them (the same candidates, deals and stopping rule at the same
settings), so that the hint and the analysis rank a position alike."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ..actions import AnyAction
from ..bots.expert import ExpertBot
from ..bots.knowledge import masked_state
from ..engine import legal_actions
from ..events import Event, GameStarted
from ..state import State
from .judge import Judge
from .verdicts import Decision, paired


class Hint(msgspec.Struct, kw_only=True):
    """The prompt's hint: the position weighed by the analysis's judge, as `analyze`
    would weigh it had the expert's first candidate been played (the same candidates,
    deals and stopping rule at the same settings), so that the hint and the analysis
    rank a position alike."""

    decision: Decision
    """The judge's verdict on the position, the expert's first candidate as the move
    played: its `moves` are the ranking, the likeliest to win first."""
    actions: list[AnyAction]
    """The moves of `decision.moves`, in its order, as actions."""
    gaps: list[tuple[float, float, float]]
    """For each move, how much lower its chance of winning is than the first's on the
    same deals: the mean and the interval (the judge's; 0 for the first)."""


def judged_hint(events: Sequence[Event], state: State, think: int = 100) -> Hint | None:
    """The judge's ranking of the expert's candidate moves for the seat to move (the
    analysis's judge at the analysis's default settings: `think` and the sample seed ""),
    or None when the expert sees a single sensible move. When the judge's best is not
    the expert's first candidate, the position is weighed again as if that best were
    played, which is what `analyze` weighs when the hint is followed."""
    header = events[0]
    assert isinstance(header, GameStarted)
    seat = state.to_move
    legal = legal_actions(state)
    if state.phase not in ("draw", "play") or len(legal) < 2:
        return None
    bot = ExpertBot(header.seed, seat, think)
    bot.catch_up(events)
    knowledge = bot.knowledge(state)
    masked = masked_state(state, knowledge)
    candidates = bot.candidates(masked, legal, knowledge) or []
    if len(candidates) < 2:
        return None
    judge = Judge(header, think, "")
    seq = len(events)
    decision = judge.sample(bot, state, masked, knowledge, candidates, candidates[0], seq)
    if decision.best != decision.played:
        best = next(a for a in candidates if a.text() == decision.best)
        decision = judge.sample(bot, state, masked, knowledge, candidates, best, seq)
    by_text = {action.text(): action for action in candidates}
    chances = judge.last_chances
    first = candidates.index(by_text[decision.moves[0].move])
    gaps = []
    for move in decision.moves:
        index = candidates.index(by_text[move.move])
        if index == first:
            gaps.append((0.0, 0.0, 0.0))
            continue
        mean, error = paired(chances[first], chances[index])
        gaps.append((round(mean, 4), round(mean - error, 4), round(mean + error, 4)))
    return Hint(decision=decision, actions=[by_text[m.move] for m in decision.moves], gaps=gaps)


def ranked_moves(
    events: Sequence[Event], state: State, think: int = 100
) -> list[tuple[AnyAction, float, float]]:
    """The expert's candidate moves for the seat to move, each with its expected points
    and chance of winning over the same sampled deals, ranked as the analysis ranks them
    (the likeliest to win first; see `judged_hint`); [] when the expert sees a single
    sensible move."""
    hint = judged_hint(events, state, think)
    if hint is None:
        return []
    return [
        (action, move.points, move.win_chance)
        for action, move in zip(hint.actions, hint.decision.moves, strict=True)
    ]
