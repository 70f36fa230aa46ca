"""The common moves of a log, checked at a glance, for the audit (`audit`) beside it.

The audit's full check of a move reads the event back into an action, resolves it, and
compares what the rules make with the lines that follow. In the plain game (one deck,
no jokers, no windows, no first meld minimum: `plain_rules`) most moves are a stock
draw, a pile take, a discard, a meld or a lay-off that nothing follows; for those,
`plain_run` decides with a few looks at the state whether the event is exactly what the
rules make of the move it records, and anything else (a going out, a stock-out, a
refused move, a card written in another form) it leaves to the full check. It accepts
only what the full check accepts, and says nothing itself: the full check words every
refusal (tests/fast/test_glance.py holds the two to the same verdicts, and
`fast.paths.FAST_PATHS` pairs `plain_run` with the full check).

It asks the state through the fold's steps for the common moves, given the cards it
read (`fold_steps`: the state's one fast entry), and takes back a take it folded too
early by `_unfold_take`, its own inverse of `fold_take`.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from msgspec import UNSET

from ..cards import CARDS, JOKER, Card
from ..engine.values import layoff_of, new_meld
from ..errors import Rummy500Error
from ..events import Discarded, Event, LaidOff, Melded, PileTaken, StockDrawn
from ..fast.masks import mask_of
from ..fast.uses import has_use
from ..fold_steps import fold_discard, fold_lay_off, fold_meld, fold_stock_drawn, fold_take
from ..holding import has
from ..rules import IDLE_ROTATIONS, Rules
from ..variants import variant_of

if TYPE_CHECKING:
    from ..state import State

_CANONICAL: dict[str, Card] = {card.ascii: card for card in CARDS if card is not JOKER}
"""A card as the engine writes it in an event (`7H`, never `7h` or `TH`): the events it
makes read back as themselves."""
_CARD = _CANONICAL.__getitem__
_KINDS = (Discarded, StockDrawn, PileTaken, Melded, LaidOff)
"""The kinds of event the glance checks, in the order it asks (the most common first)."""
_ASCII = attrgetter("ascii")


def plain_rules(rules: Rules, players: int) -> bool:
    """Whether a game's moves may be checked by `plain_run`: one deck without jokers, a
    variant whose moves are the standard game's (`plain_moves`: the standard game, and
    partnership, whose sides change only the scoring, RULES 8), no rule that bounds a
    play (first_meld_min, set_duplicate_suits) and no windows (RULES 7)."""
    return (
        variant_of(rules).plain_moves
        and rules.jokers_per_deck == 0
        and rules.deck_count(players) == 1
        and not rules.first_meld_min
        and not rules.set_duplicate_suits
        and not rules.rum_call
        and not rules.out_of_turn
    )


def plain_run(state: State, events: Sequence[Event], start: int) -> int:
    """Apply the events from `start` on, while each is a plain move of the player to move
    that is exactly what the rules make of it, with nothing following it (the state's
    rules `plain_rules`); answer the index of the first event it leaves to the full
    check (len(events) when none).

    An event is what the rules make when each field is: they are compared one by one
    (the fields of each kind are pinned by tests/fast/test_glance.py). Each one that is is
    folded by the state's step for it, with the cards read to check it (`fold_steps.fold_take`
    and the others)."""
    rules = state.rules
    draws = rules.stock_draw
    only_top = rules.top_discard == "only"
    keeps = rules.keeps
    bounded = rules.final_discard == "required"  # a take's uses are then bounded
    meld_only = rules.pile_use == "meld_only"
    idle_limit = IDLE_ROTATIONS * state.n  # RULES 5.4
    decks = state.decks
    # the kinds, as locals: one look-up of each event's type, then a comparison a kind
    # (which mypy does not follow: the event is typed by the branch of its kind, as the
    # engine's resolvers type the actions they are dispatched by kind)
    discarded, drawn_from_stock, taken_from_pile, melded, laid_off = _KINDS
    event: Any
    index = start
    total = len(events)
    # RULES 4.1: the chosen card of a take must have a use at once. The glance accepts
    # a play right after a take only if it holds that card (`_played`), and its cards
    # were all held just after the take: such a play is the use. So the take is folded
    # at once, and the look for a use (`has_use`) is made only when the event after it
    # is not accepted, or there is none; a take found to have none is unfolded, and
    # left to the full check.
    unproven = -1  # the index of such a take, while the event after it is unknown
    try:
        for index in range(start, total):  # (index is read after the loop)
            event = events[index]
            kind = type(event)
            seat = state.to_move
            if kind is discarded:  # RULES 4.3: the turn ends, and play goes on
                hand = state.hands[seat]
                card = _CANONICAL.get(event.card)
                if (
                    event.seat != seat
                    or state.phase != "play"
                    or state.pending is not None
                    or card is None
                    or card is state.kept
                    or len(hand) == 1
                    or (not state.drew_stock and state.idle_turns + 1 >= idle_limit)
                ):
                    break
                try:
                    at = hand.index(card)  # (the fold takes it from there)
                except ValueError:  # not in the hand
                    break
                fold_discard(state, event, card, at)
            elif kind is drawn_from_stock:  # RULES 4.1, 6b.10
                stock = state.stock
                if event.seat != seat or state.phase != "draw" or not stock:
                    break
                if draws == 1:
                    drawn = event.cards
                    top = stock[-1]
                    if len(drawn) != 1 or drawn[0] != top.ascii:
                        break
                    fold_stock_drawn(state, event, top)
                else:
                    if event.cards != tuple(map(_ASCII, stock[-min(draws, len(stock)) :][::-1])):
                        break
                    fold_stock_drawn(state, event)
            elif kind is taken_from_pile:  # RULES 4.1: the chosen card must have a use at once
                pile = state.pile
                depth = event.depth
                if (
                    event.seat != seat
                    or state.phase != "draw"
                    or event.split is not UNSET
                    or not 1 <= depth <= len(pile)
                    or (only_top and depth != 1)
                ):
                    break
                taken = pile[-depth:]
                if depth == 1:  # the common take, at once
                    drawn = event.cards
                    if len(drawn) != 1 or drawn[0] != taken[0].ascii:
                        break
                elif event.cards != tuple(map(_ASCII, taken)):
                    break
                if not keeps(depth):
                    if bounded:
                        break
                    unproven = index  # its use is looked for only if need be (below)
                fold_take(state, event, taken)
            elif kind is melded:  # RULES 3, 4.2
                if (
                    event.seat != seat
                    or state.phase != "play"
                    or event.jokers is not UNSET
                    or event.double is not UNSET
                ):
                    break
                cards = _played(state, state.hands[seat], event.cards)
                if cards is None:
                    break
                try:
                    _, texts, values = new_meld(cards, rules, decks, None)
                except Rummy500Error:
                    break
                if (
                    event.cards != texts
                    or event.values != values
                    or event.meld != len(state.melds) + 1
                ):
                    break
                fold_meld(state, event, cards)
            elif kind is laid_off:  # RULES 4.2
                melds = state.melds
                number = event.meld
                if (
                    event.seat != seat
                    or state.phase != "play"
                    or event.jokers is not UNSET
                    or not 1 <= number <= len(melds)
                    or (meld_only and state.pending is not None)
                ):
                    break
                cards = _played(state, state.hands[seat], event.cards)
                if cards is None:
                    break
                meld = melds[number - 1]  # (meld n is the n-th laid: `State.meld`)
                try:
                    end, _, texts, values = layoff_of(meld, cards, rules, decks, event.end)
                except Rummy500Error:
                    break
                if event.cards != texts or event.values != values or event.end != end:
                    break
                fold_lay_off(state, event, cards)
            else:
                break
        else:
            index = total  # every event was folded
        if start <= unproven == index - 1:
            take = events[unproven]
            assert isinstance(take, PileTaken)
            if not _used(state, take):
                _unfold_take(state, take)
                index = unproven
    finally:  # the fold steps leave counting the events to their caller
        state.applied += index - start
    return index


def _used(state: State, take: PileTaken) -> bool:
    """Whether the chosen card of a take just folded could go on the table at once
    (`uses.has_use`). The look is the same as before the fold: the cards taken are the
    last of the hand (`fold_steps.fold_take`), the hand then was the rest, and the table has
    not changed."""
    hand = state.hands[take.seat]
    taken = hand[-take.depth :]
    # (no joker: the deck holds none, nor may a stacked one)
    return has_use(state, taken[0], mask_of(hand), hand[: -take.depth], taken)


def _unfold_take(state: State, take: PileTaken) -> None:
    """Undo `fold_steps.fold_take` of a take of cards to use (not kept, no split): the
    glance folds a take before it knows whether the chosen card has a use, and takes
    back one that has none."""
    hand = state.hands[take.seat]
    state.pile.extend(hand[-take.depth :])  # (the take put them last in the hand)
    del hand[-take.depth :]
    state.pending = None
    state.phase = "draw"


def _played(state: State, hand: list[Card], texts: tuple[str, ...]) -> list[Card] | None:
    """The cards of a plain meld or lay-off, written as the engine writes them, if they
    pass the checks every such play passes (`turn._check_play`) and leave cards in the
    hand: the hand holds them, the chosen pile card is among them (RULES 4.1), and no
    card was kept from the pile (RULES 6b.8: the full check weighs that one); else None."""
    pending = state.pending
    if len(texts) == 1:  # a lay-off of one card, the common one, at once
        card = _CANONICAL.get(texts[0])
        if (
            card is not None
            and len(hand) > 1
            and state.kept is None
            and (pending is None or pending == card)
            and card in hand
        ):
            return [card]
        return None
    try:
        cards = list(map(_CARD, texts))
    except KeyError:
        return None
    if (
        len(cards) < len(hand)
        and state.kept is None
        and (pending is None or pending in cards)
        and has(hand, cards)
    ):
        return cards
    return None
