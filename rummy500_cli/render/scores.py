"""Score tables: the end of a round, per player, and the running totals."""

from __future__ import annotations

import msgspec

from ..events import RoundEnded
from ..sides import side_name


def score_table(players: tuple[str, ...], event: RoundEnded) -> str:
    """RULES 6.2: per player, on the table, in hand, the round's score and the total."""
    width = max(6, *(len(name) for name in players))
    if any(score.collected is not msgspec.UNSET for score in event.scores):
        return _collected_table(players, event, width)
    lines = [
        f"Round {event.round} scores",
        f"{'player':<{width}}  {'table':>5}  {'hand':>5}  {'round':>5}  {'total':>5}",
    ]
    for name, score in zip(players, event.scores, strict=True):
        lines.append(
            f"{name:<{width}}  {score.table:>5}  {-score.hand:>5}  {score.score:>5}  {score.total:>5}"
        )
    if event.reason == "stock_out":
        deducted = any(score.score != score.table for score in event.scores)
        lines.append("(the stock ran out" + ("" if deducted else "; hands are not deducted") + ")")
    if event.sides:  # RULES 8: the partners' totals added up
        lines.append(
            "Sides: "
            + " · ".join(
                f"{side_name(side, players)} {total}" for side, total in enumerate(event.sides)
            )
        )
    return "\n".join(lines)


def _collected_table(players: tuple[str, ...], event: RoundEnded, width: int) -> str:
    """RULES 7 opponents_hand: what each left in hand, and the hands each added."""
    lines = [
        f"Round {event.round} scores (opponents_hand: hands go to the player out)",
        f"{'player':<{width}}  {'table':>5}  {'left':>5}  {'+hands':>6}  {'round':>5}  {'total':>5}",
    ]
    for name, score in zip(players, event.scores, strict=True):
        added = score.collected or 0
        lines.append(
            f"{name:<{width}}  {score.table:>5}  {score.hand:>5}  {added:>+6}  "
            f"{score.score:>5}  {score.total:>5}"
        )
    if event.reason == "stock_out":
        lines.append("(the stock ran out)")
    return "\n".join(lines)
