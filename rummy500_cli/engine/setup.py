"""The start of a game and of each round: the header, the draw for the first dealer, the
deal (RULES 2), and the round's first move under `upcard=chosen` (RULES 2.7, 6b.2)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from msgspec import UNSET

from .. import __version__
from ..actions import Action, AnyAction, ChooseUpcard
from ..cards import Card, new_deck
from ..deal import deal_cards, draw_for_dealer, seed_text, shuffled_deck
from ..errors import IllegalAction, RulesError
from ..events import FORMAT_VERSION, DealerDrawn, Event, GameStarted, RoundDealt, UpcardChosen
from ..rules import STANDARD, Rules
from ..variants import check_rules, variant_of

if TYPE_CHECKING:
    from ..state import State


def new_game(
    players: Sequence[str],
    rules: Rules = STANDARD,
    seed: int | str = 0,
    deck: Sequence[Sequence[Card]] = (),
    seats: Sequence[str] = (),
    undo: bool = True,
) -> list[Event]:
    """The opening events of a game: header, the draw for the first dealer, first deal.

    `seats` records who plays each seat (`human`, `bot:LEVEL`), for resuming;
    `undo=False` records that the game allows no takeback (`play --no-undo`).

    With a stacked `deck` (for each of the first rounds, the top of its deck) the seat
    before seat 0 in the order of play deals the first round, so that seat 0 gets the
    first card and plays first.
    """
    names = tuple(name.strip() for name in players)
    check_rules(rules, len(names))
    if any(not name for name in names):
        raise RulesError("every player needs a name")
    if len(set(names)) != len(names):
        raise RulesError(f"two players share a name ({', '.join(names)}): names must differ")
    _check_stacked(deck, rules, len(names))
    header = GameStarted(
        format=FORMAT_VERSION,
        program=f"rummy500 {__version__}",
        rules=rules,
        players=names,
        seed=seed_text(seed),
        deck=tuple(tuple(card.ascii for card in cards) for cards in deck),
        seats=tuple(seats),
        undo=UNSET if undo else False,
    )
    if deck:  # seat 0 receives the first card and plays first
        drawn = DealerDrawn(draws=(), dealer=-variant_of(rules).step % len(names))
    else:
        draws, dealer = draw_for_dealer(header.seed, len(names))
        drawn = DealerDrawn(draws=tuple(tuple(row) for row in draws), dealer=dealer)
    return [header, drawn, deal_round(header, 1, drawn.dealer)]


def _check_stacked(deck: Sequence[Sequence[Card]], rules: Rules, players: int) -> None:
    full = variant_of(rules).set_aside(new_deck(rules.deck_count(players), rules.jokers_per_deck))
    for number, cards in enumerate(deck, 1):
        left = list(full)
        for card in cards:
            if card not in left:
                raise RulesError(
                    f"stacked deck, round {number}: {card} appears more often than the "
                    f"{len(full)}-card deck holds it"
                )
            left.remove(card)


_ASCII = attrgetter("ascii")


def deal_round(header: GameStarted, round_no: int, dealer: int) -> RoundDealt:
    """RULES 2: the deal of a round, from the stacked deck or the seeded shuffle, in the
    order of play (to the right under dealers_gambit, whose dealer's joker is laid aside
    first, RULES 8)."""
    rules = header.rules
    n = len(header.players)
    deck = shuffled_deck(header.seed, round_no, rules.deck_count(n), rules.jokers_per_deck)
    if round_no <= len(header.deck):
        top = [Card.parse(text) for text in header.deck[round_no - 1]]
        for card in top:
            deck.remove(card)
        deck = top + deck
    deck = variant_of(rules).set_aside(deck)
    hands, upcard, stock = deal_cards(
        deck,
        n,
        dealer,
        rules.cards_dealt(n),
        extra_to_left=rules.upcard == "chosen",
        step=variant_of(rules).step,
    )
    return RoundDealt(
        round=round_no,
        dealer=dealer,
        hands=tuple([tuple(map(_ASCII, hand)) for hand in hands]),
        upcard=None if upcard is None else upcard.ascii,
        stock=tuple(map(_ASCII, stock)),
    )


def legal_upcard(state: State) -> list[AnyAction]:
    """RULES 2.7 (`upcard=chosen`): any card of the hand may start the pile."""
    return [ChooseUpcard(card) for card in dict.fromkeys(state.hands[state.to_move])]


def resolve_upcard(state: State, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, ChooseUpcard):
        raise IllegalAction(
            "upcard=chosen: first start the pile with a card of your hand (upcard CARD)"
        )
    if action.card not in state.hands[seat]:
        raise IllegalAction(f"{action.card} is not in your hand")
    return [UpcardChosen(seat=seat, card=action.card.ascii)]
