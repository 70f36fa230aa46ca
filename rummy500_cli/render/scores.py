"""Score tables: the end of a round, per player, and the running totals."""

from __future__ import annotations

from ..events import RoundEnded
from ..sides import side_name


def score_table(players: tuple[str, ...], event: RoundEnded) -> str:
    """RULES 6.2: per player, on the table, in hand, the round's score and the total."""
    width = max(6, *(len(name) for name in players))
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
