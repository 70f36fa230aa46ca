"""The legal moves now, listed in the command language: in the order of a turn (each
verb's `order`), then of the hand; a run's end named only where it must be; the
discards folded into one item where there are many. For the bottom line, the toolbar,
help and refusals (`legal now: ...`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from ..actions import POWERS
from ..cards import rank_sort_key, sort_key
from ..engine import legal_actions
from . import VOCABULARY

if TYPE_CHECKING:
    from ..actions import Action, AnyAction
    from ..session import Session
    from ..state import State


def action_key(action: Action, by_rank: bool = False) -> tuple[Any, ...]:
    """Where a move goes in a list of moves: by verb in the order of a turn, then by its
    cards as the hand is sorted, then by meld and pile position."""
    key = rank_sort_key if by_rank else sort_key
    cards = getattr(action, "cards", None)
    if cards is None:
        card = getattr(action, "card", None)
        cards = () if card is None else (card,)
    power = getattr(action, "power", None)
    return (
        VOCABULARY.order(action),
        sorted(key(card) for card in cards),
        getattr(action, "meld", 0),
        getattr(action, "depth", 0),
        0 if power is None else POWERS.index(power),
        action.text(),
    )


def sorted_legal(state: State, by_rank: bool = False) -> list[AnyAction]:
    """The legal moves now, in the order `action_key` gives."""
    return sorted(legal_actions(state), key=lambda action: action_key(action, by_rank))


def move_text(action: Action, legal: list[AnyAction], ascii: bool = True) -> str:
    """A legal move in the command language, a run's end named only where the same cards
    could go on either end of it (`lay A♥ on 1`, not `lay A♥ on 1 low`, when the ace
    can go only below the 2)."""
    return plain_end(action, legal).text(ascii)


def plain_end(action: Action, legal: list[AnyAction]) -> Action:
    """The move without its run's end when no other legal move puts the same cards on
    the other end of the same meld (the end then goes without saying)."""
    end = getattr(action, "end", None)
    if end is None:
        return action
    both = any(
        type(other) is type(action)
        and getattr(other, "end", None) not in (None, end)
        and getattr(other, "meld", None) == getattr(action, "meld", None)
        and getattr(other, "cards", getattr(other, "card", None))
        == getattr(action, "cards", getattr(action, "card", None))
        for other in legal
    )
    return action if both else msgspec.structs.replace(action, end=None)


def legal_items(state: State, ascii: bool = True, by_rank: bool = False) -> list[tuple[str, int]]:
    """The legal moves now for the bottom line, each with how many moves it stands for:
    a move alone (1), or the discards as one item `discard any of N` when there are more
    than three; their counts add up to the number of legal moves."""
    actions = sorted_legal(state, by_rank)
    discards = [a for a in actions if VOCABULARY.of(a).word == "discard"]
    items: dict[str, int] = {}
    for action in actions:
        if action in discards and len(discards) > 3:
            items.setdefault(f"discard any of {len(discards)}", len(discards))
            continue
        text = move_text(action, actions, ascii)
        items[text] = items.get(text, 0) + 1
    return list(items.items())


def legal_words(
    state: State, limit: int = 6, ascii: bool = True, by_rank: bool = False
) -> list[str]:
    """The legal moves now, each in the command language, the discards as one
    `discard CARD` when there are more than `limit` moves."""
    actions = sorted_legal(state, by_rank)
    words = []
    for action in actions:
        text = move_text(action, actions, ascii)
        if text.startswith("discard") and len(actions) > limit:
            words.append("discard CARD")
            break
        words.append(text)
    return list(dict.fromkeys(words))


def legal_summary(
    session: Session, limit: int = 6, ascii: bool = True, by_rank: bool = False
) -> str:
    """The legal moves now, in the command language, shortened for one line, in the
    order of a turn and of the hand."""
    shown = legal_words(session.state, limit, ascii, by_rank)
    more = len(shown) - limit
    text = ", ".join(shown[:limit])
    return text + (f" (+{more} more)" if more > 0 else "")
