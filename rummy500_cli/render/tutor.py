"""The tutor's question in words: what a weak move costs and what is better."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Discard
from ..analysis.judge import Decision
from ..cards import Card
from ..melds import hand_index, layoffs_on
from ..state import CARD, State
from .analysis import pct
from .printable import names
from .style import Style


def feeds(state: State, card: Card, sure: Sequence[Sequence[Card]]) -> str | None:
    """Why a discard helps someone, from what the seat can see: it lays off on a meld on
    the table, or it goes with a card that the next player is known to hold (taken from
    the pile). `sure`: the cards known to be in each hand."""
    players = names(state.players)
    for meld in state.melds:
        if layoffs_on(meld, [card], hand_index([card]), state.rules, state.decks):
            owner = players[meld.owner]
            return f"fits {owner}'s {meld.kind} on the table (#{meld.id})"
    following = (state.to_move + state.step) % state.n
    for held in sure[following] if following < len(sure) else ():
        if held.suit is None or card.suit is None:
            continue
        if held.rank == card.rank or (held.suit == card.suit and abs(held.rank - card.rank) <= 2):
            return f"feeds {players[following]}, who took {held} from the pile"
    return None


def question(
    decision: Decision, state: State, style: Style, sure: Sequence[Sequence[Card]] = ()
) -> str:
    """`discard 9♥ fits Ada's run on the table: about 12 points worse than discard 4♣
    (9% less chance to win; a mistake). Play it anyway? [y/N] `"""
    from ..language import parse_action

    played = parse_action(decision.played, state)
    best = parse_action(decision.best, state)
    why = ""
    if isinstance(played, Discard):
        reason = feeds(state, played.card, sure)
        why = f" {reason}" if reason else ""
    lost = round(decision.points_lost)
    cost = f"about {lost} point{'s' if lost != 1 else ''} worse than" if lost >= 1 else "worse than"
    return style.text(
        f"{played.text(style.ascii)}{why}: {cost} {best.text(style.ascii)} "
        f"({pct(decision.win_drop)} less chance to win, "
        f"{pct(decision.drop_low)}-{pct(decision.drop_high)}: a {decision.label}). "
        "Play it anyway? [y/N] "
    )


__all__ = ["CARD", "feeds", "question"]
