"""What one seat may know, and states made from it alone.

- `Memory` follows a game event by event and keeps only what every player at the table
  saw: the pile, in order; which cards each player took from it (so are known to be in
  their hand until they play them); which pile cards each player refused (it drew from
  the stock instead); what each player discarded. It reads only the public fields of an
  event: never the other hands of a deal, the stock, or another player's stock draw.
- `Knowledge` is what the seat knows at a decision: its own hand, the cards it cannot
  see (the unseen cards, in the stock or in other hands), the cards known to be in each
  other hand, and the memory's traces.
- `masked_state`, `determinize` and `blind_state` build States for a bot to think on: the visible part
  is the real one; every unseen card is dealt again, canonically or from the bot's own
  random stream. So nothing a bot computes can depend on the hidden deal.
"""

from __future__ import annotations

from itertools import compress

import msgspec

from ..cards import CARDS, JOKER, Card, new_deck
from ..events import (
    Discarded,
    Event,
    GameStarted,
    JokerBlocked,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    RoundEnded,
    RumCalled,
    StockDrawn,
    StockRebuilt,
    UpcardChosen,
)
from ..state import CARD, State
from ..variants.jokers import physical


class Memory:
    """The public history of the current round, as one seat saw it."""

    __slots__ = (
        "discarded",
        "known",
        "n",
        "pile",
        "refused",
        "round",
        "seat",
        "seen",
        "stock_draws",
        "took",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen = 0
        """How many events were observed (the header included): the memory is in step
        with a state exactly when this equals `state.applied`."""
        self.n = 0
        self.round = 0
        self.pile: list[Card] = []
        self.known: list[list[Card]] = []
        """Per seat: cards known to be in that hand (taken from the pile, not yet played)."""
        self.took: list[list[Card]] = []
        """Per seat: every card taken from the pile this round."""
        self.refused: list[list[Card]] = []
        """Per seat: top pile cards it left for a stock draw this round."""
        self.discarded: list[list[Card]] = []
        """Per seat: its discards this round."""
        self.stock_draws = 0

    def _reset(self) -> None:
        self.known = [[] for _ in range(self.n)]
        self.took = [[] for _ in range(self.n)]
        self.refused = [[] for _ in range(self.n)]
        self.discarded = [[] for _ in range(self.n)]
        self.pile = []
        self.stock_draws = 0

    def observe(self, event: Event) -> None:
        """Take in one event: only what every seat sees of it."""
        self.seen += 1
        if isinstance(event, Discarded):
            card = CARD[event.card]
            self._played(event.seat, (card,))
            self.discarded[event.seat].append(card)
            self.pile.append(card)
        elif isinstance(event, StockDrawn):
            seat = event.seat
            if self.pile:
                self.refused[seat].append(self.pile[-1])
            self.stock_draws += 1
        elif isinstance(event, Melded | LaidOff):
            self._played(event.seat, [CARD[text] for text in event.cards])
        elif isinstance(event, JokerBlocked):  # RULES 8: the joker left that hand, face down
            self._played(event.seat, (JOKER,))
        elif isinstance(event, PileTaken):
            taken = [CARD[text] for text in event.cards]
            del self.pile[-event.depth :]
            self.took[event.seat].extend(taken)
            if event.seat != self.seat:
                self.known[event.seat].extend(taken)
        elif isinstance(event, RoundDealt):
            self.round = event.round
            self._reset()
            if event.upcard is not None:  # public; the hands and the stock are not read
                self.pile.append(CARD[event.upcard])
        elif isinstance(event, UpcardChosen):
            card = CARD[event.card]
            self.pile.append(card)
        elif isinstance(event, StockRebuilt):
            del self.pile[:-1]
        elif isinstance(event, RumCalled):
            self.pile.pop()
        elif isinstance(event, GameStarted):
            self.n = len(event.players)
            self._reset()
        elif isinstance(event, RoundEnded):
            self._reset()

    def _played(self, seat: int, cards) -> None:
        known = self.known[seat]
        for card in cards:
            if card in known:
                known.remove(card)


_DECKS: dict[tuple[int, int], list[int]] = {}


def _deck_counts(decks: int, jokers: int = 0) -> list[int]:
    """By card code: the copies in the game's deck (jokers at code 52)."""
    counts = _DECKS.get((decks, jokers))
    if counts is None:
        counts = [0] * 53
        for card in new_deck(decks, jokers):
            counts[card.code] += 1
        _DECKS[(decks, jokers)] = counts
    return counts


class Knowledge:
    """What a seat knows at one decision."""

    __slots__ = (
        "counts",
        "discarded",
        "in_step",
        "known",
        "live",
        "n",
        "refused",
        "seat",
        "stock",
        "took",
        "unseen",
    )

    def __init__(self) -> None:
        self.seat = 0
        self.n = 0
        self.in_step = False
        self.counts: list[int] = []
        """Cards in each hand."""
        self.stock = 0
        self.unseen: list[Card] = []
        """Every card the seat cannot see (stock and other hands less known cards), in
        card order."""
        self.live: list[int] = []
        """By card code: how many copies are unseen (could still be drawn or be in a hand)."""
        self.known: list[list[Card]] = []
        self.took: list[list[Card]] = []
        self.refused: list[list[Card]] = []
        self.discarded: list[list[Card]] = []

    @classmethod
    def build(cls, state: State, seat: int, memory: Memory | None = None) -> Knowledge:
        """From the seat's view of the state and, when it is in step, its memory."""
        n = state.n
        in_step = (
            memory is not None
            and memory.seen == state.applied
            and memory.n == n
            and memory.round == state.round
        )
        live = _deck_counts(state.decks, state.rules.jokers_per_deck).copy()
        for card in state.hands[seat]:
            live[card.code] -= 1
        _count_out_table(live, state)
        k = cls._blank(state, seat, in_step)
        if in_step:
            assert memory is not None
            k.known = [list(cards) for cards in memory.known]
            k.took = memory.took
            k.refused = memory.refused
            k.discarded = memory.discarded
        for other in range(n) if in_step else ():
            if other == seat:
                continue
            known = k.known[other]
            # The memory may not know of a card that left a hand unseen (it never does
            # in this engine); keep only what the counts allow.
            del known[k.counts[other] :]
            for card in known:
                live[card.code] -= 1
        k._set_live(live)
        return k

    @classmethod
    def build_each(cls, state: State) -> list[Knowledge]:
        """`build` without a memory for every seat, the table's cards counted once."""
        table = _deck_counts(state.decks, state.rules.jokers_per_deck).copy()
        _count_out_table(table, state)
        found = []
        for seat, hand in enumerate(state.hands):
            live = table.copy()
            for card in hand:
                live[card.code] -= 1
            k = cls._blank(state, seat, False)
            k._set_live(live)
            found.append(k)
        return found

    @classmethod
    def _blank(cls, state: State, seat: int, in_step: bool) -> Knowledge:
        """A Knowledge with the counts set and no memory (`known` etc. empty)."""
        k = cls.__new__(cls)  # every field is set here or by `_set_live`
        k.seat = seat
        n = k.n = state.n
        k.counts = [len(hand) for hand in state.hands]
        k.stock = len(state.stock)
        k.in_step = in_step
        empty: list[list[Card]] = [[] for _ in range(n)]
        k.known = [[] for _ in range(n)]
        k.took = k.refused = k.discarded = empty
        return k

    def _set_live(self, live: list[int]) -> None:
        self.live = live
        if max(live) <= 1 and min(live) >= 0:  # one copy at most: the usual case
            self.unseen = list(compress(CARDS, live))  # CARDS: the 53 codes
        else:
            unseen: list[Card] = []
            for code, count in enumerate(live):
                if count > 0:
                    unseen.extend([CARDS[code]] * count)
            self.unseen = unseen


def _count_out_table(live: list[int], state: State) -> None:
    """Take the cards every seat sees (the pile, the melds, what a gambit set aside) out
    of `live`, by card code."""
    for card in state.pile:
        live[card.code] -= 1
    for meld in state.melds:
        # RULES 8: a joker on the table is a joker
        for card in physical(meld) if meld.wild else meld.cards:
            live[card.code] -= 1
    if state.gambit is not None:  # RULES 8: the dealer's joker and the cards set aside
        for card in state.gambit.aside():
            live[card.code] -= 1


def _header(state: State, salt: str) -> GameStarted:
    header = state.header
    return msgspec.structs.replace(header, seed=f"masked/{salt}", deck=())


def deal_hidden(state: State, k: Knowledge, cards: list[Card], salt: str) -> State:
    """A copy of the state in which the other hands are their known cards plus `cards`
    dealt in order, then the stock (top last); its header seed is replaced by `salt`."""
    twin = state.copy()
    twin.header = _header(state, salt)
    position = 0
    for other in range(state.n):
        if other == k.seat:
            continue
        known = k.known[other]
        need = k.counts[other] - len(known)
        twin.hands[other] = known + cards[position : position + need]
        position += need
    twin.stock = cards[position:]
    return twin


def masked_state(state: State, k: Knowledge) -> State:
    """The state as the seat may know it: hidden cards dealt canonically (card order)."""
    return deal_hidden(state, k, list(k.unseen), str(state.applied))


def determinize(state: State, k: Knowledge, rng, salt: str) -> State:
    """One sampled deal of the unseen cards, consistent with what the seat knows."""
    cards = list(k.unseen)
    rng.shuffle_list(cards)
    return deal_hidden(state, k, cards, salt)


def blind_state(state: State, seat: int) -> State:
    """A read-only stand-in for the state with nothing hidden in it at all: the other
    hands and the stock are empty, the seed is replaced. It shares the table with the
    state, so it is cheap; for the bots that need only their own hand and the table."""
    twin = State.__new__(State)
    for name in State.__slots__:
        setattr(twin, name, getattr(state, name))
    twin.header = _header(state, str(state.applied))
    twin.hands = [hand if index == seat else [] for index, hand in enumerate(state.hands)]
    twin.stock = []
    return twin
