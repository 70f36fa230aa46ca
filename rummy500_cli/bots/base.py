"""What every bot shares: its private random stream, its memory of what its seat saw, and
the masked state it decides on.

No bot may peek (issue 4): a decision is a function of what the seat may see and of the
bot's own random stream, nothing else. Three things make that hold by construction:

- `observe(event)` feeds the bot's `Memory` only with the public part of an event (see
  `knowledge.Memory`), so that a bot remembers pile takes, discards and refused pile
  cards as any player at the table could.
- `choose(state)` never hands the real state to the bot's logic: `masked_state` copies
  it and deals every card that the seat cannot see (the other hands less the cards known
  to be in them, the stock) again, in an order that depends only on what the seat sees,
  and replaces the seed in the header, so even an accidental peek sees made-up cards.
  A level that needs only its hand and the table gets `blind_state`, with no hidden
  card at all. (The legal actions are asked of the engine, which reads only the mover's
  own cards and the table for them.)
- The random stream is keyed by (game seed, seat, level, events so far), as the random
  bot's is, so a resumed game plays on exactly as an unbroken one would.

A bot that is not fed events (the hint, or a caller that only has the state) still works:
it decides from the current view alone, which is also a pure function of what it sees.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..actions import AnyAction
from ..deal import ByteStream
from ..engine import legal_actions
from ..events import Event
from ..state import State
from .knowledge import Knowledge, Memory, blind_state, masked_state
from .player import Player


class Rng(random.Random):
    """A seeded stream with version-stable draws: only `getrandbits` and `random` (both
    Mersenne Twister outputs, unchanged across Python versions) are used underneath."""

    def below(self, n: int) -> int:
        """A uniform number in range(n), by rejection (stable, unlike `randrange`)."""
        if n <= 1:
            return 0
        bits = n.bit_length()
        while True:
            value = self.getrandbits(bits)
            if value < n:
                return value

    def shuffle_list(self, items: list) -> None:
        """Fisher-Yates in place, with `below`."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def stream(seed: int | str, purpose: str) -> Rng:
    """A private random stream for one purpose, from the SHA-256 stream of `deal`."""
    return Rng(int.from_bytes(ByteStream(seed, purpose).read(16), "big"))


class Bot(Player):
    """The base of the levels that use memory and masking (strong, expert, greedy).

    Subclasses implement `decide(state, legal, knowledge, rng) -> (action, reason)`;
    `state` there is the masked copy.
    """

    level = "bot"
    needs_knowledge = True
    """False for a level that decides from its own hand and the table alone: it gets a
    `blind_state` (no hidden card at all, and cheaper) and no Knowledge."""

    def __init__(self, seed: int | str, seat: int, effort: int | None = None) -> None:
        """`effort`: the effort per move (`--think`) of a level that searches (the
        expert's); the others take it to share one signature (`make_bot`) and spend none."""
        self._seed = seed
        self._seat = seat
        self.memory = Memory(seat)

    @property
    def seat(self) -> int:
        return self._seat

    # --- what the seat saw -----------------------------------------------------------

    def observe(self, event: Event) -> None:
        """Take in the next event of the game (its public part only)."""
        self.memory.observe(event)

    def catch_up(self, events: Iterable[Event]) -> None:
        """Observe the events of a game that this bot has not seen yet (a list of every
        event so far, the header first): what a resumed game calls before a move."""
        events = list(events)
        for event in events[self.memory.seen :]:
            self.observe(event)

    def knowledge(self, state: State) -> Knowledge:
        """What the seat knows now: from its memory when that is in step with the game,
        otherwise from the current view alone."""
        return Knowledge.build(state, self._seat, self.memory)

    def rng(self, state: State, purpose: str = "") -> Rng:
        return stream(self._seed, f"bot/{self.level}/{self._seat}/{state.applied}{purpose}")

    # --- deciding --------------------------------------------------------------------

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        """The action to play now; `state.to_move` must be this bot's seat. `legal` may
        pass the legal actions when the caller has them already."""
        return self.explain(state, legal)[0]

    def explain(self, state: State, legal: list[AnyAction] | None = None) -> tuple[AnyAction, str]:
        """The action to play now and why, in one line (what the prompt's hint shows)."""
        if state.to_move != self._seat:
            raise ValueError(f"seat {self._seat} is not to move (seat {state.to_move} is)")
        # The engine's legal actions read only the mover's own cards and the table.
        actions = legal_actions(state) if legal is None else legal
        if len(actions) == 1:
            return actions[0], "the only move"
        if not self.needs_knowledge:
            return self.decide(blind_state(state, self._seat), actions, None)
        knowledge = self.knowledge(state)
        return self.decide(masked_state(state, knowledge), actions, knowledge)

    def decide(
        self, state: State, legal: list[AnyAction], knowledge: Knowledge | None
    ) -> tuple[AnyAction, str]:
        raise NotImplementedError
