"""Luck against skill: each player's change in the chance of winning over a game split
into what its decisions did and what the cards did, as gnubg's luck-adjusted result
splits a match (`rummy500 analyze`, the viewer's graph page)."""

from __future__ import annotations

from collections.abc import Sequence

from ..events import Event, GameStarted
from ..state import State


def fortunes(
    events: Sequence[Event], decisions: Sequence, seats: Sequence[int], final: State | None = None
) -> dict[int, dict[str, float]]:
    """Each seat's change in the chance of winning over the game (`win_model`, without
    hidden information: at the end 1 for a winner, 0 for the others; at the start an even
    share) split in two, as gnubg's luck-adjusted result splits a match: `skill`, what
    its decisions did (after each move played, its chance of winning less after the
    expert's first candidate, on the judge's sampled deals; that yardstick is named before
    any deal is drawn, so it is not biased as the best of noisy means is), and `luck`,
    the rest (the deals, the stock draws, the others' moves, and the judge's noise).
    Skill and luck add up to the change exactly. Keys: change, skill, luck."""
    if final is None:  # (`final`: the state the events fold to, given)
        header = events[0]
        assert isinstance(header, GameStarted)
        final = State(header)
        for event in events[1:]:
            final.apply(event)
    skills = {}
    for seat in seats:
        skill = 0.0
        for decision in decisions:
            if decision.seat == seat:
                skill += skill_of(decision)
        skills[seat] = skill
    return split_fortunes(final, skills)


def skill_of(decision) -> float:
    """What one decision did to its player's chance of winning against the expert's
    first candidate (`fortunes`): 0 when either move is not among its candidates."""
    chances = {m.move: m.win_chance for m in decision.moves}
    yardstick = chances.get(decision.expert or decision.best)
    played = chances.get(decision.played)
    if yardstick is not None and played is not None:
        return played - yardstick
    return 0.0


def split_fortunes(final: State, skills: dict[int, float]) -> dict[int, dict[str, float]]:
    """`fortunes` from the state the game ended in and each seat's decisions' `skill_of`
    added up in the order played."""
    from ..variants.partnership import partnered
    from .win_model import win_chances

    n = final.n
    start = 0.5 if partnered(final.rules) else 1.0 / n
    end = win_chances(final) if final.round else [start] * n
    out: dict[int, dict[str, float]] = {}
    for seat, skill in skills.items():
        change, rounded = round(end[seat] - start, 4), round(skill, 4)
        out[seat] = {"change": change, "skill": rounded, "luck": round(change - rounded, 4)}
    return out
