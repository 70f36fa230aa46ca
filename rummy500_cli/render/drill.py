"""A drill's verdict in words (`rummy500 drill`)."""

from __future__ import annotations

from ..analysis.drill import RETIRED, TOLERANCE, Answer
from ..errors import Rummy500Error
from ..language import parse_action
from ..state import State
from .analysis import pct
from .style import Style


def move_text(text: str, state: State, style: Style) -> str:
    """A move of the judge's (command language, ASCII) as the prompt writes it."""
    try:
        return parse_action(text, state).text(style.ascii)
    except Rummy500Error:
        return text


def answer_lines(
    answer: Answer, state: State, style: Style, solved: int, retired: bool
) -> list[str]:
    """Right or not, by the judge's figures; then how the drill stands."""
    mine = move_text(answer.move, state, style)
    best = move_text(answer.best, state, style)
    played = move_text(answer.played, state, style)
    now = " (weighed now, over the analysis's deals)" if answer.weighed_now else ""
    if answer.move == answer.best:
        lines = [f"Right: {mine} is the judge's best move ({pct(answer.win_chance)} to win){now}."]
    elif answer.right:
        lines = [
            f"Right: {mine} ({pct(answer.win_chance)} to win{now}) is within "
            f"{pct(TOLERANCE)} of the best, {best} ({pct(answer.best_chance)})."
        ]
    else:
        behind = round(answer.points_behind)
        points = f", about {behind} points more" if behind >= 1 else ""
        lines = [
            f"Not this one: {mine} leaves {pct(answer.win_chance)} to win{now}; "
            f"{best} gives {pct(answer.best_chance)}{points}."
        ]
    if answer.move != answer.played:
        lines.append(f"In the game you played {played}.")
    if retired:
        lines.append(f"Solved {solved} times: this drill is retired.")
    elif answer.right:
        lines.append(f"Solved {solved} of {RETIRED} times.")
    return lines
