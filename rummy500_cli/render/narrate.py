"""Narration: each event as one line in words, as a person at the table would say it.

A take from the pile and the play that uses its chosen card are told as one line:
"Bob takes 7♥ and the 2 cards above it from the pile and melds 7♥ 7♠ 7♦ (21)".
"""

from __future__ import annotations

from ..cards import Card
from ..events import (
    DealerDrawn,
    Discarded,
    DrawSkipped,
    Event,
    GameEnded,
    JokerBlocked,
    LaidOff,
    Melded,
    Passed,
    PileTaken,
    PowerNamed,
    RoundDealt,
    RoundEnded,
    RumCalled,
    SeatChanged,
    SeedRevealed,
    StockDrawn,
    StockRebuilt,
    TakenBack,
    UpcardChosen,
    WindowOpened,
)
from ..line import Takeback
from ..state import State
from ..variants import VARIANTS
from ..variants.partnership import side_name
from .printable import names, printable
from .style import Style
from .words import count, verb


def _cards(texts: tuple[str, ...], style: Style) -> str:
    return style.cards(Card.parse(text) for text in texts)


def _laid(event: Melded | LaidOff, style: Style) -> str:
    """The cards of a meld or lay-off, each joker with the card it stands for: JK(6♥)."""
    if not event.jokers:
        return _cards(event.cards, style)
    meanings = iter(event.jokers)
    return " ".join(
        f"JK({_cards((next(meanings),), style)})" if text == "JK" else _cards((text,), style)
        for text in event.cards
    )


class Narrator:
    """Turns events into lines for one viewer (None: an onlooker who sees no hands)."""

    def __init__(self, style: Style, viewer: int | None = None, reveal: bool = False) -> None:
        self.style = style
        self.viewer = viewer
        self.reveal = reveal
        """Show cards drawn from the stock by anyone (replays of finished games)."""
        self._take: str | None = None

    def _name(self, state: State, seat: int) -> str:
        """Who did it: `You` for the player at the keyboard, else the name."""
        return "You" if seat == self.viewer else names(state.players)[seat]

    def _does(self, state: State, seat: int, base: str, start: bool = True) -> str:
        """Subject and verb: `You draw`, `Ana draws` (whatever Ana's name is: a player
        called You is still told in the third person to others); `you draw` inside a
        sentence (`start=False`)."""
        who = self._name(state, seat)
        if seat == self.viewer and not start:
            who = "you"
        return f"{who} {verb(base, seat == self.viewer)}"

    def _whose(self, state: State, seat: int) -> str:
        """`your` for the player at the keyboard, else `Ana's`."""
        return "your" if seat == self.viewer else f"{names(state.players)[seat]}'s"

    def _names(self, state: State, seats) -> str:
        """Players asked in a window, the one at the keyboard as `you`."""
        return ", ".join(
            "you" if seat == self.viewer else names(state.players)[seat] for seat in seats
        )

    def feed(self, event: Event, state: State) -> list[str]:
        """The lines to print for an event, given the state just after it."""
        style = self.style
        if isinstance(event, TakenBack):
            self._take = None  # a take waiting for its play is taken back with it
            return [
                f"{self._does(state, event.seat, 'take')} back the moves after event {event.to}."
            ]
        if isinstance(event, PileTaken):
            chosen = _cards(event.cards[:1], style)
            above = len(event.cards) - 1
            extra = ""
            if above:
                extra = (
                    " and the card above it" if above == 1 else f" and the {above} cards above it"
                )
            if event.split:  # RULES 8, dealers_gambit
                number = len(event.split)
                extra = (
                    f", splitting the pile with the dealer's joker ({_cards(event.split, style)} "
                    f"leave{'s' if number == 1 else ''} the game){extra}"
                )
            self._take = f"{self._does(state, event.seat, 'take')} {chosen}{extra} from the pile"
            if event.seat == self.viewer and above:
                self._take += f" ({_cards(event.cards[1:], style)})"
            if state.pending is None:  # kept, not used at once
                line, self._take = self._take + ".", None
                return [line]
            return []
        line = self._line(event, state)
        if self._take is not None and isinstance(event, Melded | LaidOff):
            # the play's own subject left out ("Ana melds ..."): a name may hold spaces
            line = self._take + " and " + line.removeprefix(self._name(state, event.seat) + " ")
            self._take = None
        return [line] if line else []

    @property
    def waiting(self) -> bool:
        """A take from the pile waits for the play that uses its card."""
        return self._take is not None

    def flush(self) -> list[str]:
        """A take still waiting for the play that uses it, told on its own."""
        if self._take is None:
            return []
        line, self._take = self._take + ".", None
        return [line]

    def _line(self, event: Event, state: State) -> str:
        style = self.style
        if isinstance(event, StockDrawn):
            does = self._does(state, event.seat, "draw")
            if event.seat == self.viewer or self.reveal:
                return f"{does} {_cards(event.cards, style)} from the stock."
            number = len(event.cards)
            return f"{does} {'a card' if number == 1 else f'{number} cards'} from the stock."
        if isinstance(event, Melded):
            double = " with the dealer's joker on it, doubled and sealed" if event.double else ""
            return (
                f"{self._does(state, event.seat, 'meld')} {_laid(event, style)} "
                f"({sum(event.values)}) as #{event.meld}{double}."
            )
        if isinstance(event, LaidOff):
            owner = state.melds[event.meld - 1].owner
            whose = "own" if owner == event.seat else self._whose(state, owner)
            whose = "yours" if whose == "your" else whose
            return (
                f"{self._does(state, event.seat, 'lay')} off {_laid(event, style)} on "
                f"#{event.meld} ({whose}) ({sum(event.values)})."
            )
        if isinstance(event, PowerNamed):
            return (
                f"{self._does(state, event.seat, 'name')} the dealer's joker {event.power} "
                "for this round."
            )
        if isinstance(event, JokerBlocked):
            return f"{self._does(state, event.seat, 'block')} the dealer's joker with a joker."
        if isinstance(event, Discarded):
            return f"{self._does(state, event.seat, 'discard')} {_cards((event.card,), style)}."
        if isinstance(event, RumCalled):
            you = event.seat == self.viewer
            return (
                f"{self._does(state, event.seat, 'call')} Rum! and {verb('lay', you)} "
                f"{_cards((event.card,), style)} off on #{event.meld} ({sum(event.values)})."
            )
        if isinstance(event, WindowOpened):
            asked = self._names(state, event.seats)
            if event.kind == "rum":
                return f"{_cards((state.pile[-1].ascii,), style)} could be laid off: Rum? ({asked})"
            if event.kind == "deadwood":
                out = self._does(state, event.seat, "be")
                whose = self._whose(state, event.seat)
                return f"{out} out; first {asked} may lay off on {whose} melds."
            return f"Out of turn, {asked} may meld or lay off."
        if isinstance(event, Passed):
            return f"{self._does(state, event.seat, 'pass')}."
        if isinstance(event, SeatChanged):
            whose = self._whose(state, event.seat)
            return f"{whose[:1].upper()}{whose[1:]} seat is now played by {kind_words(event.kind)}."
        if isinstance(event, UpcardChosen):
            return (
                f"{self._does(state, event.seat, 'start')} the pile with "
                f"{_cards((event.card,), style)}."
            )
        if isinstance(event, StockRebuilt):
            return f"The stock is empty: the pile but its top card is shuffled into a new stock ({event.count} of 3)."
        if isinstance(event, DrawSkipped):
            who = self._does(state, event.seat, "play", start=False)
            return f"The stock is empty: {who} on without drawing."
        if isinstance(event, DealerDrawn):
            if not event.draws:
                return f"{self._does(state, event.dealer, 'deal')} first (stacked deck)."
            draws = " / ".join(
                ", ".join(
                    f"{names(state.players)[seat]} {_cards((card,), style)}"
                    for seat, card in enumerate(row)
                    if card
                )
                for row in event.draws
            )
            return f"Draw for the deal: {draws}. {self._does(state, event.dealer, 'deal')} first."
        if isinstance(event, RoundDealt):
            upcard = (
                "" if event.upcard is None else f"; the upcard is {_cards((event.upcard,), style)}"
            )
            deals = self._does(state, event.dealer, "deal", start=False)
            return f"Round {event.round}: {deals}{upcard}."
        if isinstance(event, RoundEnded):
            if event.went_out is not None:
                return (
                    f"{self._does(state, event.went_out, 'go')} out. Round {event.round} is over."
                )
            return f"The stock is out. Round {event.round} is over."
        if isinstance(event, GameEnded):
            if event.winner is None:
                rounds = count(state.round, "round")
                return f"The game stops unfinished after {rounds} (max_rounds)."
            if event.sides:
                return _side_win(names(state.players), event)
            return (
                f"{self._does(state, event.winner, 'win')} the game with "
                f"{event.totals[event.winner]}."
            )
        if isinstance(event, SeedRevealed):  # a fair deal online (rummy500-log(5))
            return "The host reveals the seed it committed to: every deal can be checked."
        return ""


def kind_words(kind: str) -> str:
    """A seat kind in words: `a person`, `the strong bot`, `the program COMMAND` (the
    command escaped: it may come from a log someone shared)."""
    if kind == "human":
        return "a person"
    if kind.startswith("exec:"):
        return f"the program {printable(kind[5:])}"
    return f"the {kind.removeprefix('bot:')} bot"


def takeback_lines(
    record: Takeback, state: State, style: Style, viewer: int | None = None, reveal: bool = False
) -> list[str]:
    """What a takeback took back, one indented line a move as it was told, from `state`,
    the state it returned to."""
    narrator = Narrator(style, viewer=viewer, reveal=reveal)
    after = state.copy()
    told: list[str] = []
    for event in record.moves:
        after.apply(event)
        told += narrator.feed(event, after)
    told += narrator.flush()
    return [f"  {line}" for line in told]


def _side_win(players: tuple[str, ...], event: GameEnded) -> str:
    """RULES 8: the winning side, the sides' totals, and under persian the margin."""
    side = event.winner
    assert side is not None and event.sides
    other = 1 - side
    won, lost = event.sides[side], event.sides[other]
    text = f"{side_name(side, players)} win the game, {won} to {lost}"
    if event.margin:
        bonus = VARIANTS["persian"].game_bonus
        return f"{text} (with {bonus} for more points): they win the difference, {event.margin}."
    return text + "."


TURN_EVENTS = (
    StockDrawn,
    PileTaken,
    Melded,
    LaidOff,
    Discarded,
    Passed,
    RumCalled,
    UpcardChosen,
    PowerNamed,
    JokerBlocked,
)
"""The events of a player's own turn (or own answer in a window), which can be told one
turn to a line when the screen is short."""


def continuation(line: str, name: str) -> str | None:
    """A narrated line of `name`'s as the next part of one sentence for their turn (its
    subject and full stop left out: `melds 7♥ 7♠ 7♦ (21) as #2`), or None when the line
    does not begin with that name."""
    if not line.startswith(name + " "):
        return None
    return line[len(name) + 1 :].removesuffix(".")


def one_line_turns(told: list[tuple[int | None, str]], players: tuple[str, ...]) -> list[str]:
    """Lines told, each with the seat whose turn it was (None: no one's), with each run
    of lines of one seat's turn joined into one: `Cy draws a card from the stock, melds
    9♥ 9♣ 9♦ (27) as #2, discards 4♦.`"""
    lines: list[str] = []
    last: int | None = None
    for seat, line in told:
        more = None if seat is None or seat != last else continuation(line, players[seat])
        if more is not None:
            lines[-1] = lines[-1].removesuffix(".") + ", " + more + "."
        else:
            lines.append(line)
            last = seat if seat is not None and continuation(line, players[seat]) else None
    return lines
