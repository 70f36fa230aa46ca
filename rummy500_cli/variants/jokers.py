"""Jokers (RULES 8, `--variant jokers`): melds and lay-offs that hold wild cards.

A joker is wild for any card, even one already in another meld. Its meaning is fixed
when it is laid and recorded in the log (`Melded.jokers`, `LaidOff.jokers`): on the table
a meld holds the cards as they count (`Meld.cards`, the joker's named card in its place)
and marks which of them are jokers (`Meld.wild`), so every check of a meld's shape reads
the named cards and needs no change for jokers.

Decisions (RULES 8 leaves these open):
- A joker's meaning is fixed when it is laid; a joker stays where it was laid (no swap).
- In a run a joker takes the position it fills: inside the run it is unambiguous
  (5H JK 7H: 6H); at an end (5H 6H JK: 4H or 7H) the player names it (`jk=7h`), and an
  action that does not is refused as ambiguous, naming the choices.
- In a set a joker takes the set's rank and a suit: the named one, or else the lowest
  suit (S H C D) that no card of the set holds. The set's suit rule (RULES 3.1,
  `set_duplicate_suits`) holds counting the joker's suit; with two decks a set holds at
  most two cards of one suit, the joker included.
- A new meld must hold more natural cards than jokers (5H 6H JK, never 5H JK JK).
  Lay-offs may be jokers alone.
- Laying off a joker on a run is ambiguous only when both ends are open.
- A joker scores 15 on the table, whatever it stands for, and 15 in the hand (RULES 6.1;
  3 under divide_by_five); an Ace next to a joker standing for a King is high (6b.1).
  four_aces needs four natural Aces.

This module holds the variant and reads one such play; `joker_plays` lists them all;
`engine` turns them into events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from msgspec.structs import replace

from ..cards import CARDS, JOKER, Card, format_cards
from ..errors import AmbiguousAction, IllegalAction, RulesError
from ..melds import End, Meld, Shape, max_set_size, rank_at
from ..rules import Rules, bonus_points
from .base import Variant

if TYPE_CHECKING:
    from ..state import State

Slots = list[tuple[Card, bool]]
"""A meld's cards in order as (the card it counts as, whether it is a joker)."""


def physical(meld: Meld) -> list[Card]:
    """The cards that lie on a meld, jokers as jokers (Meld.cards holds their meaning)."""
    wild = meld.wild
    if not wild:
        return list(meld.cards)
    return [JOKER if i < len(wild) and wild[i] else card for i, card in enumerate(meld.cards)]


def faces_of(cards: Sequence[Card], jokers: Sequence[Card]) -> list[Card]:
    """The recorded cards with each joker replaced by the card it stands for, in order."""
    meanings = iter(jokers)
    return [next(meanings) if card is JOKER else card for card in cards]


# --- Reading one play -------------------------------------------------------------------


def _split(
    cards: Sequence[Card], named: Sequence[Card | None]
) -> tuple[list[Card], int, list[Card]]:
    naturals = [card for card in cards if card is not JOKER]
    count = len(cards) - len(naturals)
    if len(named) > count:
        raise IllegalAction(
            f"{len(named)} joker meanings named for {count} joker{'s' if count != 1 else ''}"
        )
    given = [card for card in named if card is not None]
    for card in given:
        if card is JOKER:
            raise IllegalAction("a joker stands for a card, not for a joker: write jk=7h")
    return naturals, count, given


def _choices_text(choices: list[list[Card]]) -> str:
    words = [format_cards(choice) for choice in choices]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def joker_shape(
    cards: Sequence[Card],
    named: Sequence[Card | None],
    rules: Rules,
    decks: int,
    ace_high: bool | None,
    example: Callable[[list[Card], list[Card]], str],
) -> tuple[Shape, Slots]:
    """RULES 8: the new meld that cards holding jokers make, and each card's meaning.

    `named` gives the meanings the player named for some jokers (None: not named);
    `example(naturals, meanings)` writes the command that names them, for the message of
    an ambiguous meld. Raises IllegalAction or AmbiguousAction.
    """
    naturals, count, given = _split(cards, named)
    text = format_cards(cards)
    if len(cards) < 3:
        raise IllegalAction(f"{text}: a meld needs at least 3 cards (RULES 3.1-3.2)")
    if count >= len(naturals):
        raise IllegalAction(
            f"{text}: a new meld must hold more natural cards than jokers (RULES 8), e.g. 5H 6H JK"
        )
    if len({card.rank for card in naturals}) == 1:
        slots = set_slots(naturals, count, given, rules, decks, text)
        return Shape("set", [face for face, _ in slots], None, naturals[0].rank, 0), slots
    if len({card.suit for card in naturals}) != 1:
        raise IllegalAction(
            f"{text}: not a meld; a set is 3-4 cards of one rank, a run 3 or more consecutive "
            "cards of one suit, jokers standing for any of them (RULES 3.1-3.2, 8)"
        )
    if len(cards) < rules.min_new_run:
        raise IllegalAction(
            f"{text}: a new run needs at least {rules.min_new_run} cards (min_new_run)"
        )
    runs = runs_with_jokers(naturals, count, given, rules, ace_high)
    if not runs:
        corner = not rules.around_the_corner and runs_with_jokers(
            naturals, count, given, replace(rules, around_the_corner=True), ace_high
        )
        why = " (K-A-2 needs around_the_corner=true)" if corner else ""
        raise IllegalAction(
            f"{text}: the cards and the jokers' named cards are not consecutive in one suit{why}"
        )
    if len(runs) > 1:
        meanings = [[face for face, wild in slots if wild] for _, slots in runs]
        if all(m == meanings[0] for m in meanings):
            raise AmbiguousAction(
                f"{text}: say whether the Ace is low (A-2-3...) or high (...Q-K-A)"
            )
        what = "JK could be" if count == 1 else "the jokers could be"
        raise AmbiguousAction(
            f"{what} {_choices_text(meanings)}: say which, e.g. {example(naturals, meanings[-1])}"
        )
    start, slots = runs[0]
    suit = naturals[0].suit
    return Shape("run", [face for face, _ in slots], suit, 0, start), slots


def set_slots(
    naturals: Sequence[Card],
    count: int,
    given: Sequence[Card],
    rules: Rules,
    decks: int,
    text: str,
    held: Sequence[Card] = (),
) -> Slots:
    """A set's cards in suit order with `count` jokers: named suits, then the lowest free
    suits (S H C D); `held` are cards already in the set (a lay-off). Raises IllegalAction."""
    rank = naturals[0].rank if naturals else held[0].rank
    for card in given:
        if card.rank != rank:
            raise IllegalAction(
                f"{text}: a joker in a set of {rank_word(rank)} stands for a card of that rank"
            )
    limit = max_set_size(rules, decks)
    if len(held) + len(naturals) + count > limit:
        raise IllegalAction(f"{text}: a set has at most {limit} cards (RULES 3.1)")
    per_suit = decks if rules.set_duplicate_suits else 1
    used = [0, 0, 0, 0]
    for card in (*held, *naturals, *given):
        used[card.suit_no] += 1
    meanings = list(given)
    for _ in range(count - len(given)):
        free = [s for s in range(4) if used[s] == 0] or [s for s in range(4) if used[s] < per_suit]
        if not free:
            raise IllegalAction(f"{text}: no suit is left for the joker in this set (RULES 3.1)")
        used[free[0]] += 1
        meanings.append(CARDS[free[0] * 13 + rank - 1])
    if any(n > per_suit for n in used):
        raise IllegalAction(
            f"{text}: the cards of a set must all be of different suits, a joker's named "
            "card included (RULES 3.1)"
            if per_suit == 1
            else f"{text}: a set holds at most {per_suit} cards of one suit (RULES 3.1)"
        )
    slots = [(card, False) for card in naturals] + [(card, True) for card in meanings]
    slots.sort(key=lambda slot: (slot[0].suit_no, slot[1]))
    return slots


def rank_word(rank: int) -> str:
    return {1: "Aces", 11: "Jacks", 12: "Queens", 13: "Kings"}.get(rank, f"{rank}s")


def runs_with_jokers(
    naturals: Sequence[Card],
    count: int,
    given: Sequence[Card],
    rules: Rules,
    ace_high: bool | None,
) -> list[tuple[int, Slots]]:
    """Every run the naturals (one suit) and `count` jokers can make, with the named
    meanings among the jokers' places: (start position, slots low to high)."""
    length = len(naturals) + count
    ranks = [card.rank for card in naturals]
    if len(set(ranks)) != len(ranks) or length > 13:
        return []
    suit = naturals[0].suit_no
    for card in given:
        if card.suit_no != suit or card.rank in ranks:
            return []
    wanted = [card.rank for card in given]
    if len(set(wanted)) != len(wanted):
        return []
    around = rules.around_the_corner
    by_rank = {card.rank: card for card in naturals}
    found: list[tuple[int, Slots]] = []
    for start in run_starts(length, around):
        positions = range(start, start + length)
        if not around and ace_high is not None and (1 if ace_high else 14) in positions:
            continue
        window = [rank_at(p) for p in positions]
        if not all(rank in window for rank in ranks):
            continue
        if not all(rank in window for rank in wanted):
            continue
        slots = []
        for rank in window:
            natural = by_rank.get(rank)
            if natural is not None:
                slots.append((natural, False))
            else:
                slots.append((CARDS[suit * 13 + rank - 1], True))
        found.append((start, slots))
    return found


def run_starts(length: int, around: bool) -> range:
    """The start positions of a run of this length (a whole suit turning the corner
    starts at 2 by convention, as in `melds.run_positions`)."""
    if around:
        return range(2, 3) if length == 13 else range(1, 14)
    return range(1, 16 - length)


def joker_layoff(
    meld: Meld,
    cards: Sequence[Card],
    named: Sequence[Card | None],
    rules: Rules,
    decks: int,
    end: End | None,
    example: Callable[[list[Card]], str],
) -> tuple[End | None, Slots]:
    """RULES 8: a lay-off holding jokers; answers the end (None on a set) and the laid
    cards in meld order with their meanings. Raises IllegalAction or AmbiguousAction."""
    naturals, count, given = _split(cards, named)
    text = format_cards(cards)
    if meld.kind == "set":
        if any(card.rank != meld.rank for card in naturals):
            raise IllegalAction(f"{text} cannot go on the set {meld}: wrong rank")
        return None, set_slots(
            naturals, count, given, rules, decks, f"{text} on {meld}", meld.cards
        )
    ends: tuple[End, ...] = (end,) if end is not None else ("low", "high")
    fits = [
        (e, slots)
        for e in ends
        if (slots := _run_block(meld, naturals, count, given, rules, e)) is not None
    ]
    if not fits:
        where = f"the {end} end of {meld}" if end else f"{meld}"
        raise IllegalAction(
            f"{text} cannot go on {where}: lay-offs on a run must continue it at one end "
            "without a gap, in its suit, jokers standing for the missing cards (RULES 8)"
        )
    if len(fits) == 2:
        meanings = [[face for face, wild in slots if wild] for _, slots in fits]
        if meanings[0] == meanings[1] or not count:
            raise AmbiguousAction(f"{text} fits both ends of {meld}: say low or high")
        what = "JK could be" if count == 1 else "the jokers could be"
        raise AmbiguousAction(
            f"{what} {_choices_text(meanings)}: say which, e.g. {example(meanings[-1])}"
        )
    return fits[0]


def _run_block(
    meld: Meld,
    naturals: Sequence[Card],
    count: int,
    given: Sequence[Card],
    rules: Rules,
    end: str,
) -> Slots | None:
    """The laid-off cards' slots at one end of a run, or None when they do not fit."""
    length = len(naturals) + count
    if len(meld.cards) + length > 13:
        return None
    if end == "low":
        first = meld.start - length
        if not rules.around_the_corner and first < 1:
            return None
    else:
        first = meld.end + 1
        if not rules.around_the_corner and meld.end + length > 14:
            return None
    window = [rank_at(first + i) for i in range(length)]
    suit = meld.suit
    by_rank: dict[int, Card] = {}
    for card in naturals:
        if card.suit != suit or card.rank not in window or card.rank in by_rank:
            return None
        by_rank[card.rank] = card
    wanted = [card.rank for card in given]
    for card in given:
        if card.suit != suit or card.rank not in window or card.rank in by_rank:
            return None
    if len(set(wanted)) != len(wanted):
        return None
    base = meld.cards[0].suit_no * 13 - 1
    return [
        (by_rank[rank], False) if rank in by_rank else (CARDS[base + rank], True) for rank in window
    ]


class Jokers(Variant):
    """RULES 8, jokers: wild jokers, one or two a deck, each worth 15; a joker in the hand
    is wild (the decisions above)."""

    name = "jokers"
    title = "jokers"
    options: ClassVar[dict[str, object]] = {"variant": "jokers", "jokers_per_deck": 1}
    wild_jokers = True

    def check(self, rules: Rules, players: int) -> None:
        self._check_jokers(rules)
        if not rules.jokers_per_deck:
            raise RulesError(
                "variant=jokers needs jokers_per_deck=1 or 2 (RULES 8); --variant jokers sets 1"
            )

    def header_words(self, state: State, names: Sequence[str]) -> str:
        return f" · jokers ({state.rules.jokers_per_deck * state.decks} wild)"

    def rules_paragraph(self, rules: Rules) -> list[str]:
        per = "one joker" if rules.jokers_per_deck == 1 else f"{rules.jokers_per_deck} jokers"
        worth = bonus_points(self.joker_value, rules)  # a joker's value (RULES 6.1, 7)
        return [
            f"Jokers (variant jokers, RULES 8): {per} in each deck. A joker is wild: it stands "
            "for any card, even one already in another meld. What it stands for is fixed when "
            "it is laid, and it stays where it is laid; at the end of a run, where it could be "
            "two cards, you name it: meld 5h 6h jk=7h (in a set it takes a suit the set lacks, "
            "or the one you name). A new meld needs more natural cards than jokers (5♥ 6♥ JK, "
            "never 5♥ JK JK); a joker may be laid off alone, and taken from the pile like any "
            f"card. A joker scores {worth} on the table and counts {worth} against you in the hand."
        ]

    def wild_hand(self, state: State, hand: Sequence[Card]) -> list[Card] | None:
        return list(hand) if JOKER in hand else None
