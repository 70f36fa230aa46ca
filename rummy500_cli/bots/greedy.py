"""The `greedy` bot: takes from the pile when what it takes makes points at once, melds
and lays off everything it can, and discards its highest card that it cannot use.

It also explains itself (`explain`), which is what the prompt's `hint` shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import (
    AnyAction,
    BlockJoker,
    CallRum,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    NamePower,
    Pass,
    TakePile,
)
from ..cards import CARDS, JOKER, Card
from ..engine import joker_play_points, layoff_values, play_value
from ..events import Event
from ..jokers import physical
from ..persian import plays_jokers
from ..render.words import count
from ..scoring import hand_value
from ..state import State
from .base import Bot
from .heuristics.hand import plan
from .knowledge import Knowledge


def play_points(state: State, action: AnyAction) -> int:
    """The points a meld or lay-off would put on the table now (a set of jokers under
    `persian` included: `engine.play_value`; wild jokers: `engine.joker_play_points`)."""
    if (
        isinstance(action, LayMeld | LayOff)
        and JOKER in action.cards
        and not plays_jokers(state.rules)
    ):
        return joker_play_points(state, action)  # RULES 8, wild jokers
    points = play_value(state, action)
    if isinstance(action, LayMeld) and action.double:  # RULES 8, dealers_gambit
        return 2 * points
    return points


def best_play(state: State, actions: list[AnyAction]) -> AnyAction | None:
    """The meld or lay-off that puts the most points down now (more cards on a tie)."""
    best = None
    key = (-1, 0)
    for action in actions:
        if isinstance(action, LayMeld | LayOff):
            score = (play_points(state, action), len(action.cards))
            if score > key:
                best, key = action, score
    return best


def window_choice(state: State, legal: list[AnyAction]) -> tuple[AnyAction, str]:
    """Every level's policy in a window of RULES 7: call Rum! wherever the discard scores
    most (it scores for the caller and is out of the next player's reach); otherwise put
    down what scores most (out of turn, or deadwood on the melds of the player who went
    out: a card on the table cannot be caught in the hand); pass when nothing is left."""
    calls = [action for action in legal if isinstance(action, CallRum)]
    if calls:
        card = state.pile[-1]

        def points(call: CallRum) -> int:
            return sum(layoff_values(state.meld(call.meld), [card], call.end, state.rules))

        best_call = max(calls, key=points)
        return best_call, f"Rum!: {card} scores {count(points(best_call), 'point')} for the caller"
    best = best_play(state, legal)
    if best is None:
        return Pass(), "nothing to play out of turn"
    return best, f"out of turn: puts {count(play_points(state, best), 'point')} on the table"


def pile_risk(card: Card, pile: list[Card]) -> int:
    """How many pile cards would make a meld or a near meld with the card: whoever takes
    from the pile later gets them together (RULES 4.1: the cards above the chosen one
    come along)."""
    risk = 0
    for other in pile:
        if other.rank == card.rank:
            risk += other.suit_no != card.suit_no
        elif other.suit_no == card.suit_no and abs(other.rank - card.rank) <= 2:
            risk += 1
    return risk


def usefulness(
    card: Card, hand: list[Card], dead: set[Card] | frozenset[Card] = frozenset()
) -> int:
    """How close a card is to a meld: pairs of a rank and suit neighbours count, unless
    every card that would complete them is already in a meld (`dead`)."""
    score = 0
    rank = card.rank
    for other in hand:
        if other is card:
            continue
        if other.rank == rank:
            others = (other.suit_no, card.suit_no)
            if any(CARDS[s * 13 + rank - 1] not in dead for s in range(4) if s not in others):
                score += 2
        elif other.suit is card.suit and abs(other.rank - rank) <= 2:
            low, high = min(rank, other.rank), max(rank, other.rank)
            base = card.suit_no * 13 - 1
            if high - low == 1:
                ends = [r for r in (low - 1, high + 1) if 1 <= r <= 13]
                if any(CARDS[base + r] not in dead for r in ends):
                    score += 2
            elif CARDS[base + low + 1] not in dead:
                score += 1
    return score


def keep_jokers(choices: list) -> list:
    """RULES 8: a joker is wild, so it is never let go while another card could be: the
    discards (or upcards) without the jokers, unless only jokers are left."""
    natural = [action for action in choices if action.card is not JOKER]
    return natural or choices


def gambit_move(legal: list[AnyAction]) -> tuple[AnyAction, str] | None:
    """RULES 8 (dealers_gambit): the dealer names `double` without looking at the hand
    (the rule says before anyone looks); anyone else blocks the dealer's joker as soon
    as they hold a joker to do it with."""
    for action in legal:
        if isinstance(action, NamePower) and action.power == "double":
            return action, "a doubled meld is worth most, whatever the hand"
        if isinstance(action, BlockJoker):
            return action, "the dealer's joker would help the dealer: block it"
    return None


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
        hand = state.hands[self.seat]
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
