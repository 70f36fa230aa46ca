"""Deterministic shuffles and deals: the same seed deals the same cards forever.

The algorithm is part of the log format (see man/rummy500-log.5) and must never change
without a new `SHUFFLE_VERSION`:

1. The seed is text. An integer seed is its decimal form (`7` and `"7"` are one seed).
2. A stream of bytes for a purpose is SHA-256 in counter mode: block i (i = 0, 1, ...) is
   SHA-256 of the UTF-8 bytes of `"rummy500/v1/" + purpose + "/" + seed` followed by i as
   8 bytes big-endian. The purposes are `deal/R` (round R, from 1), `reshuffle/R/K` (the
   K-th rebuilt stock of round R, from 1) and `dealer/A` (the A-th draw for the first
   dealer, from 1).
3. A number below n is read as 4-byte big-endian words u from the stream, rejecting
   every u >= 2**32 - (2**32 % n), and answering u % n.
4. Fisher-Yates: for i from len-1 down to 1, swap items i and j = below(i + 1).
5. The deck starts in `cards.new_deck` order (clubs, diamonds, hearts, spades, each A-K).
6. After the shuffle, index 0 is the top of the deck: cards are dealt from the top, one
   at a time, clockwise from the dealer's left; the next card is turned up to start the
   pile (RULES 2.4); the rest is the stock, index 0 on top.

Python's `random` is not used: its algorithms may change between versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import sha256
from operator import mod
from struct import Struct
from typing import TypeVar

from .cards import Card, new_deck

SHUFFLE_VERSION = 1
T = TypeVar("T")


def seed_text(seed: int | str) -> str:
    """The canonical text form of a seed."""
    return str(seed) if isinstance(seed, int) else seed


class ByteStream:
    """SHA-256 in counter mode over (purpose, seed): a reproducible random source."""

    __slots__ = ("_at", "_buffer", "_counter", "_key")

    def __init__(self, seed: int | str, purpose: str) -> None:
        self._key = f"{_PREFIX}{purpose}/{seed}".encode()  # (a seed formats as seed_text)
        self._counter = 0
        self._buffer = b""
        self._at = 0
        """How much of the buffer has been read."""

    def _fill(self, n: int) -> None:
        """Make sure n unread bytes are in the buffer (whole blocks, in counter order)."""
        at, buffer = self._at, self._buffer
        buffer = buffer[at:] if at < len(buffer) else b""
        counter = self._counter
        while len(buffer) < n:
            buffer += sha256(self._key + counter.to_bytes(8, "big")).digest()
            counter += 1
        self._counter = counter
        self._buffer, self._at = buffer, 0

    def read(self, n: int) -> bytes:
        if self._at + n > len(self._buffer):
            self._fill(n)
        at = self._at
        self._at = at + n
        return self._buffer[at : at + n]

    def below(self, n: int) -> int:
        """A uniform number in range(n), by rejection sampling of 32-bit words."""
        limit = 4294967296 - 4294967296 % n
        if not self._counter:  # a fresh stream (a bot's move): its first block at once
            block = self._buffer = sha256(self._key + _BLOCK_0).digest()
            self._counter = 1
            self._at = 4
            value = _WORD.unpack_from(block)[0]
            if value < limit:  # the first word serves (nearly always)
                return value % n
        while True:
            at = self._at
            if at + 4 > len(self._buffer):
                self._fill(4)
                at = 0
            self._at = at + 4
            value = int.from_bytes(self._buffer[at : at + 4], "big")
            if value < limit:
                return value % n


_BLOCK_0 = (0).to_bytes(8, "big")
_PREFIX = f"rummy500/v{SHUFFLE_VERSION}/"
_WORD = Struct(">I")


_LIMITS = [0, 0] + [4294967296 - 4294967296 % n for n in range(2, 1025)]
"""_LIMITS[n]: the first rejected word for a number below n (RULES' step 3), for every
pack a game can hold (at most 8 decks with jokers: far below 1,024)."""
_COUNTERS = [counter.to_bytes(8, "big") for counter in range(-(-len(_LIMITS) // 8))]
"""The counters of the stream's first blocks, as the stream appends them."""
_WORDS = [Struct(f">{count}I") for count in range(len(_LIMITS))]
"""_WORDS[k]: the first k 32-bit words of the stream's bytes, read at once."""
_SMALL = 256
"""A number below n <= 256 rejects only words of at least 2**32 - 255, whose first three
bytes are all 0xff: a stream with no three such bytes in a row rejects no word of a
shuffle of at most 256 items (RULES' step 3), which one look at its bytes shows."""


def shuffled(items: Sequence[T], seed: int | str, purpose: str) -> list[T]:
    """A Fisher-Yates shuffle of items driven by the (seed, purpose) stream (each swap
    index read as `ByteStream.below` reads it)."""
    out = list(items)
    size = len(out)
    # a word a swap, read at once; a word is rejected about once in 7 million deals of
    # one deck, and then the shuffle is done again, the stream read a number at a time
    if 1 < size < len(_LIMITS):  # (_LIMITS[size] is read)
        blocks = _blocks(f"{_PREFIX}{purpose}/{seed_text(seed)}".encode(), size - 1)
        words = _WORDS[size - 1].unpack_from(blocks)
        if (size <= _SMALL and b"\xff\xff\xff" not in blocks) or _accepted(words, size):
            # swap i with value % (i + 1), i from size - 1 down to 1 (RULES' step 4)
            for i, j in zip(
                range(size - 1, 0, -1), map(mod, words, range(size, 1, -1)), strict=True
            ):
                out[i], out[j] = out[j], out[i]
            return out
    stream = ByteStream(seed, purpose)
    for i in range(size - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _accepted(words: tuple[int, ...], size: int) -> bool:
    """Whether no word a shuffle of `size` items reads is rejected (RULES' step 3)."""
    limits = _LIMITS
    return all(
        value < limits[i + 1] for i, value in zip(range(size - 1, 0, -1), words, strict=True)
    )


def _blocks(key: bytes, words: int) -> bytes:
    """The stream's first whole blocks, enough for `words` words (at most
    `len(_LIMITS)`)."""
    return b"".join([sha256(key + counter).digest() for counter in _COUNTERS[: -(-words // 8)]])


def shuffled_deck(seed: int | str, round_no: int, decks: int, jokers: int = 0) -> list[Card]:
    """The deck for a round, top card first."""
    fresh = _FRESH.get((decks, jokers))
    if fresh is None:
        fresh = _FRESH[decks, jokers] = tuple(new_deck(decks, jokers))
    return shuffled(fresh, seed, f"deal/{round_no}")


_FRESH: dict[tuple[int, int], tuple[Card, ...]] = {}
"""The unshuffled deck of each size (`new_deck`), made once: every round's deal starts
from it."""


def rebuilt_stock(cards: Sequence[Card], seed: int | str, round_no: int, count: int) -> list[Card]:
    """RULES 5.2 reshuffle: the pile less its top card, shuffled into a new stock."""
    return shuffled(cards, seed, f"reshuffle/{round_no}/{count}")


def draw_for_dealer(seed: int | str, players: int) -> tuple[list[list[str]], int]:
    """RULES 2.1: each player draws a card, the lowest deals (Ace low), ties redraw.

    Returns every draw (one list per attempt, one entry per seat: the card drawn, or ""
    for a seat not in that redraw) and the dealer's seat. Each attempt shuffles a fresh
    deck with purpose `dealer/A`; the drawing seats take cards from the top in seat order.
    """
    drawing = list(range(players))
    draws: list[list[str]] = []
    attempt = 0
    while True:
        attempt += 1
        deck = shuffled(new_deck(1), seed, f"dealer/{attempt}")
        row = [""] * players
        ranks = {}
        for seat, card in zip(drawing, deck, strict=False):
            row[seat] = card.ascii
            ranks[seat] = card.rank
        draws.append(row)
        low = min(ranks.values())
        drawing = [seat for seat in drawing if ranks[seat] == low]
        if len(drawing) == 1:
            return draws, drawing[0]


def deal_cards(
    deck: Sequence[Card],
    players: int,
    dealer: int,
    hand_size: int,
    extra_to_left: bool = False,
    step: int = 1,
) -> tuple[list[list[Card]], Card | None, list[Card]]:
    """Deal a deck (top first): hands, the upcard and the stock (top first).

    RULES 2.2: one card at a time, clockwise, from the dealer's left. With
    `extra_to_left` (RULES 2.7, upcard=chosen) the card that would be the upcard goes to
    the dealer's left instead, and there is no upcard. `step` -1 deals counter-clockwise,
    from the dealer's right (RULES 8, dealers_gambit), the extra card going there too.
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = players * hand_size
    for offset in range(1, players + 1):  # the seat dealt to offset-th: every players-th card
        hands[(dealer + offset * step) % players] = list(deck[offset - 1 : position : players])
    turned = deck[position]
    position += 1
    upcard: Card | None = turned
    if extra_to_left:
        hands[(dealer + step) % players].append(turned)
        upcard = None
    return hands, upcard, list(deck[position:])


def stack(
    hands: Sequence[Sequence[Card]],
    upcard: Card | None = None,
    stock: Sequence[Card] = (),
    step: int = 1,
) -> list[Card]:
    """The top of a stacked deck that deals these hands, this upcard and these top stock
    cards (top first) when seat 0 is the first to receive cards (the seat before it in
    the order of play deals; `step` -1: the deal goes to the right, RULES 8
    dealers_gambit).

    The hands must be of equal size; the rest of the deck follows in the seeded order.
    """
    size = len(hands[0])
    if any(len(hand) != size for hand in hands):
        raise ValueError("stacked hands must all hold the same number of cards")
    seats = [(step * offset) % len(hands) for offset in range(len(hands))]
    order = [hands[seat][i] for i in range(size) for seat in seats]
    if upcard is not None:
        order.append(upcard)
    order.extend(stock)
    return order
