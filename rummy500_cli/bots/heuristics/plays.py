"""What every level knows about plays: the points a meld or lay-off puts down now, the
best of them, the choice in a window of RULES 7, the dealer's gambit (RULES 8), and how
near a card is to a meld (for discards). Shared by the levels (greedy, strong, expert)
rather than borrowed from the level below."""

from __future__ import annotations

from ...actions import AnyAction, BlockJoker, CallRum, LayMeld, LayOff, NamePower, Pass
from ...cards import CARDS, JOKER, Card
from ...engine import joker_play_points, layoff_values, play_value
from ...render.words import count
from ...state import State
from ...variants.persian import plays_jokers


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
