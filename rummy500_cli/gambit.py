"""Dealer's gambit (RULES 8, `--variant dealers_gambit`): the dealer's joker and its power.

The source (000, "Gambito del crupier"; RULES 8.4): a 54-card pack (two jokers). The deal goes
counter-clockwise. At each deal one joker is taken out and laid face up by the dealer:
the dealer's joker, which the dealer may use at any time unless it is blocked. Before
anyone looks at their cards the dealer names its power for the hand: wild (a wild card
worth 0), double (laid on a meld as it is made, it doubles its value and seals it) or
split (taking from the pile, the joker splits it beside the chosen card: the cards
inside the split leave the game, those outside go to the hand; the chosen card is used
at once). Another player may block it by laying a joker face down on it. Jokers left in
a hand count 0.

Decisions (where the source is silent or loose):
- The pack is one deck with jokers_per_deck=2 (54 cards); with two decks (5+ players),
  108 cards and 4 jokers. The dealer's joker is the last joker of the shuffled deck,
  taken out before the deal; the other jokers are dealt with the rest.
- Counter-clockwise means everything turns right: cards are dealt from the dealer's
  right, play starts at the dealer's right and goes right, the deal passes right.
- The power is the dealer's joker's only; it is named by the dealer as the round's first
  action (`power wild|double|split`), and it is used at most once (the joker is spent).
- The dealt jokers are never wild and never melded: a player holding one may, in their
  own turn after drawing, lay it face down on the dealer's joker (`block`) while that
  is unused; then the dealer cannot use it for the rest of the round. Blocking is done
  in one's own turn: every other player has a turn before the dealer's first.
- wild: the dealer lays the dealer's joker in a new meld or a lay-off as a joker of the
  jokers variant (named where it could be two, `jk=7h`; a new meld holds more natural
  cards than jokers); it scores 0.
- double: the dealer lays it on a new meld as it is made (`meld 7h 7s 7d double`): every
  card of that meld scores twice its value, and nobody may lay off on it afterwards.
- split: the dealer takes a pile card with `take N split K`: the K cards just above the
  chosen card leave the game with the joker (inside the split); the cards above them go
  to the hand (outside). K is 1 to N-1, and the chosen card must be usable with the
  hand and the outside cards.
- Jokers count 0 in a hand (and a dealt joker may be discarded like any card).
"""

from __future__ import annotations

from typing import Literal

from .cards import JOKER, Card

Power = Literal["wild", "double", "split"]
POWERS: tuple[Power, ...] = ("wild", "double", "split")


class Gambit:
    """The dealer's joker in the round: its power, whether it is ready, used or blocked,
    the melds it sealed, and the cards that left the game."""

    __slots__ = ("blocked_by", "on_meld", "out", "power", "sealed", "status")

    def __init__(self) -> None:
        self.power: Power | None = None
        self.status: Literal["ready", "used", "blocked"] = "ready"
        self.blocked_by: int | None = None
        self.sealed: set[int] = set()
        """Ids of the melds sealed by a double."""
        self.on_meld = 0
        """The meld the joker was laid on with `double` (0: none)."""
        self.out: list[Card] = []
        """Cards that left the game this round (a split: the inside cards and the joker)."""

    def copy(self) -> Gambit:
        twin = Gambit()
        twin.power, twin.status, twin.blocked_by = self.power, self.status, self.blocked_by
        twin.sealed = set(self.sealed)
        twin.on_meld = self.on_meld
        twin.out = list(self.out)
        return twin

    def fingerprint(self) -> tuple[object, ...]:
        return (
            self.power,
            self.status,
            self.blocked_by,
            tuple(sorted(self.sealed)),
            self.on_meld,
            tuple(card.ascii for card in self.out),
        )

    def aside(self) -> list[Card]:
        """The cards neither in a hand, the stock, the pile nor a meld's cards: the
        dealer's joker beside the pack or on a doubled meld, a blocking joker on it, and
        the cards that left the game."""
        cards: list[Card] = []
        if self.status == "ready" or self.on_meld:
            cards.append(JOKER)
        if self.status == "blocked":
            cards += [JOKER, JOKER]
        return cards + self.out

    def describe(self, dealer: str) -> str:
        """The dealer's joker in words, for the table's header line."""
        if self.power is None:
            return f"{dealer}'s joker: power not named yet"
        state = {"ready": "ready", "used": "used", "blocked": "blocked"}[self.status]
        return f"{dealer}'s joker: {self.power} ({state})"
