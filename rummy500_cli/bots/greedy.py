"""The `greedy` bot: takes from the pile when what it takes makes points at once, melds
and lays off everything it can, and discards its highest card that it cannot use.

It also explains itself (`explain`), which is what the prompt's `hint` shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import AnyAction, Discard, DrawStock, TakePile
from ..events import Event
from ..render.words import count
from ..scoring import hand_value
from ..state import State
from ..variants.jokers import physical
from .base import Bot
from .heuristics.hand import plan
from .heuristics.plays import (
    best_play,
    gambit_move,
    keep_jokers,
    pile_risk,
    play_points,
    usefulness,
    window_choice,
)
from .knowledge import Knowledge

TAKE_DEADWOOD = 0.25
"""A pile take is worth its points this turn less this share of the taken cards left
unplayed (tuned by simulation against the random bot)."""
NEAR = 8
"""Points of hand value that one unit of `usefulness` outweighs when discarding: the
greedy bot keeps cards near a meld over high cards (tuned by simulation)."""
PILE = 30
"""Points of hand value that each pile card fitting a discard outweighs: the greedy bot
does not discard what makes a meld with the pile (98% against random, was 96%)."""


class GreedyBot(Bot):
    """Points now over everything: a fair, quick opponent and the `hint` engine."""

    level = "greedy"
    needs_knowledge = False

    def observe(self, event: Event) -> None:
        """The greedy bot keeps no memory: it plays from its hand and the table."""

    def catch_up(self, events: Iterable[Event]) -> None:
        """Nothing to catch up on (see observe)."""

    def decide(
        self, state: State, legal: list[AnyAction], knowledge: Knowledge | None
    ) -> tuple[AnyAction, str]:
        if state.phase == "window":
            return window_choice(state, legal)
        if state.phase == "draw":
            return self._draw(state, legal)
        gambit = gambit_move(legal)
        if gambit is not None:
            return gambit
        best = best_play(state, legal)
        if best is not None:
            points = play_points(state, best)
            why = (
                "it must use the card taken from the pile"
                if state.pending
                else "points on the table now are safe from going out"
            )
            return best, f"puts {count(points, 'point')} on the table; {why}"
        discards = keep_jokers([a for a in legal if isinstance(a, Discard)])
        if discards:
            hand = state.hands[state.to_move]
            rules = state.rules
            dead = {card for meld in state.melds for card in physical(meld)}
            best = max(
                discards,
                key=lambda a: (
                    hand_value(a.card, rules)
                    - NEAR * usefulness(a.card, hand, dead)
                    - PILE * pile_risk(a.card, state.pile),
                    a.card.code,
                ),
            )
            return best, "the costliest card that is not close to a meld, in the hand or the pile"
        return legal[0], "the only move"

    def _draw(self, state: State, actions: list[AnyAction]) -> tuple[AnyAction, str]:
        best: tuple[float, AnyAction, str] | None = None
        rules = state.rules
        hand = state.hands[state.to_move]
        keep_one = rules.final_discard == "required"
        for action in actions:
            if not isinstance(action, TakePile):
                continue
            taken = state.pile[-action.depth :]
            chosen = taken[0]
            found = plan(hand + taken, state.melds, rules, state.decks, chosen, keep_one)
            if found is None:
                continue
            left = sum(hand_value(card, rules) for card in taken if card in found.rest)
            value = found.points - left * TAKE_DEADWOOD
            if value > 0 and (best is None or value > best[0]):
                why = f"uses {chosen} at once: {count(found.points, 'point')} this turn"
                if action.depth > 1:
                    extra = action.depth - 1
                    why += f", bringing {extra} more card{'s' if extra > 1 else ''} into the hand"
                best = (value, action, why)
        if best is not None:
            return best[1], best[2]
        return DrawStock(), "no card of the pile makes enough points at once"
