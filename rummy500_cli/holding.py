"""The cards of a play: which of them the hand holds, what it leaves there, where they go
on a meld, and the checks every play shares (RULES 4.1, 4.2, 5.1, 6b.8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Action
from .cards import BY_TEXT, Card, format_cards, sort_key
from .errors import IllegalAction
from .laid_melds import Meld, laid_meld
from .melds import rank_at

if TYPE_CHECKING:
    from .state import State


def card_of(text: str) -> Card:
    """A card as an event writes it (`7H`, `JK`)."""
    card = BY_TEXT.get(text)
    return card if card is not None else Card.parse(text)


def has(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether the hand holds the cards (twins from two decks counted)."""
    if len(cards) == 1:
        return cards[0] in hand
    for card in cards:
        if card not in hand:
            return False
    if len(set(cards)) == len(cards):  # no twin among them: membership is enough
        return True
    needed: dict[Card, int] = {}
    for card in cards:
        needed[card] = needed.get(card, 0) + 1
    return all(hand.count(card) >= count for card, count in needed.items())


def remaining(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """The hand once the cards have left it."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def missing(hand: Sequence[Card], cards: Sequence[Card]) -> str:
    """The refusal of a play of cards the hand does not hold."""
    for card in cards:
        if cards.count(card) > hand.count(card):
            return f"{card} is not in your hand (hand: {format_cards(sorted(hand, key=sort_key))})"
    return "those cards are not in your hand"


def not_your_window(action: Action, now: str) -> IllegalAction:
    """The refusal of a window's move (pass, rum) in one's own turn; `now` says what the
    turn's step takes."""
    return IllegalAction(
        f"{action.text()} is for the windows of rum_call and out_of_turn; it is your turn: {now}"
    )


def play_problem(state: State, left: int, rest: Sequence[Card] | None) -> str | None:
    """Why a play that leaves `left` cards in the hand (`rest`) is refused, or None:
    final_discard=required keeps a card to discard (RULES 5.1); the kept top discard may
    not be left alone, to be the turn's discard (RULES 6b.8)."""
    if left == 0 and state.rules.final_discard == "required":
        return "final_discard=required: you may go out only by discarding, so keep a card"
    kept = state.kept
    if kept is not None and left == 1 and rest is not None and rest[0] is kept:
        return (
            f"{kept} was taken from the pile this turn and may not be your discard: "
            "keep another card"
        )
    return None


def layoff_order(meld: Meld, cards: Sequence[Card], end: str | None) -> list[Card]:
    """Laid-off cards in the order they lie on the meld (a set by suit, a run low to high)."""
    if meld.kind == "set":
        return sorted(cards, key=lambda card: card.suit_no)
    first = meld.start - len(cards) if end == "low" else meld.end + 1
    by_rank = {card.rank: card for card in cards}
    return [by_rank[rank_at(first + i)] for i in range(len(cards))]


def table_after(
    melds: list[Meld],
    seat: int,
    faces: Sequence[Card],
    values: Sequence[int],
    meld: Meld | None = None,
    end: str | None = None,
) -> list[Meld]:
    """The melds after a play, for the first-meld look-ahead (a new list; the state's is
    kept): `meld` grown by a lay-off of `faces` at `end`, or with no `meld`, a new meld
    of `faces` (in meld order, a joker as the card it stands for) laid by `seat`."""
    after = list(melds)
    if meld is None:
        after.append(laid_meld(len(melds) + 1, seat, faces, values))
    else:
        after[meld.id - 1] = meld.grown(faces, end)
    return after
