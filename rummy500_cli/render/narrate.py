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
    StockDrawn,
    StockRebuilt,
    UpcardChosen,
    WindowOpened,
)
from ..sides import side_name
from ..state import State
from ..variants import VARIANTS
from .style import Style


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
        return "You" if seat == self.viewer else state.players[seat]

    def feed(self, event: Event, state: State) -> list[str]:
        """The lines to print for an event, given the state just after it."""
        style = self.style
        if isinstance(event, PileTaken):
            who = self._name(state, event.seat)
            chosen = _cards(event.cards[:1], style)
            above = len(event.cards) - 1
            extra = ""
            if above:
                extra = f" and the {above} card{'s' if above > 1 else ''} above it"
            verb = "take" if who == "You" else "takes"
            if event.split:  # RULES 8, dealers_gambit
                count = len(event.split)
                extra = (
                    f", splitting the pile with the dealer's joker ({_cards(event.split, style)} "
                    f"leave{'s' if count == 1 else ''} the game){extra}"
                )
            self._take = f"{who} {verb} {chosen}{extra} from the pile"
            if event.seat == self.viewer and above:
                self._take += f" ({_cards(event.cards[1:], style)})"
            if state.pending is None:  # kept, not used at once
                line, self._take = self._take + ".", None
                return [line]
            return []
        line = self._line(event, state)
        if self._take is not None and isinstance(event, Melded | LaidOff):
            line = self._take + " and " + line.split(" ", 1)[1]
            self._take = None
        return [line] if line else []

    def flush(self) -> list[str]:
        """A take still waiting for the play that uses it, told on its own."""
        if self._take is None:
            return []
        line, self._take = self._take + ".", None
        return [line]

    def _line(self, event: Event, state: State) -> str:
        style = self.style
        if isinstance(event, StockDrawn):
            who = self._name(state, event.seat)
            if event.seat == self.viewer or self.reveal:
                verb = "draw" if who == "You" else "draws"
                return f"{who} {verb} {_cards(event.cards, style)} from the stock."
            count = len(event.cards)
            return f"{who} draws {'a card' if count == 1 else f'{count} cards'} from the stock."
        if isinstance(event, Melded):
            who = self._name(state, event.seat)
            verb = "meld" if who == "You" else "melds"
            double = " with the dealer's joker on it, doubled and sealed" if event.double else ""
            return (
                f"{who} {verb} {_laid(event, style)} ({sum(event.values)}) as #{event.meld}"
                f"{double}."
            )
        if isinstance(event, LaidOff):
            who = self._name(state, event.seat)
            owner = state.melds[event.meld - 1].owner
            whose = "own" if owner == event.seat else f"{state.players[owner]}'s"
            verb = "lay" if who == "You" else "lays"
            return (
                f"{who} {verb} off {_laid(event, style)} on #{event.meld} ({whose}) "
                f"({sum(event.values)})."
            )
        if isinstance(event, PowerNamed):
            who = self._name(state, event.seat)
            verb = "name" if who == "You" else "names"
            return f"{who} {verb} the dealer's joker {event.power} for this round."
        if isinstance(event, JokerBlocked):
            who = self._name(state, event.seat)
            verb = "block" if who == "You" else "blocks"
            return f"{who} {verb} the dealer's joker with a joker."
        if isinstance(event, Discarded):
            who = self._name(state, event.seat)
            verb = "discard" if who == "You" else "discards"
            return f"{who} {verb} {_cards((event.card,), style)}."
        if isinstance(event, RumCalled):
            who = self._name(state, event.seat)
            verb = "call" if who == "You" else "calls"
            return (
                f"{who} {verb} Rum! and {'lay' if who == 'You' else 'lays'} "
                f"{_cards((event.card,), style)} off on #{event.meld} ({sum(event.values)})."
            )
        if isinstance(event, WindowOpened):
            names = ", ".join(state.players[seat] for seat in event.seats)
            opener = state.players[event.seat]
            if event.kind == "rum":
                return f"{_cards((state.pile[-1].ascii,), style)} could be laid off: Rum? ({names})"
            if event.kind == "deadwood":
                return f"{opener} is out; first {names} may lay off on {opener}'s melds."
            return f"Out of turn, {names} may meld or lay off."
        if isinstance(event, Passed):
            who = self._name(state, event.seat)
            return f"{who} {'pass' if who == 'You' else 'passes'}."
        if isinstance(event, UpcardChosen):
            return f"{self._name(state, event.seat)} starts the pile with {_cards((event.card,), style)}."
        if isinstance(event, StockRebuilt):
            return f"The stock is empty: the pile but its top card is shuffled into a new stock ({event.count} of 3)."
        if isinstance(event, DrawSkipped):
            return f"The stock is empty: {self._name(state, event.seat)} plays on without drawing."
        if isinstance(event, DealerDrawn):
            if not event.draws:
                return f"{state.players[event.dealer]} deals first (stacked deck)."
            draws = " / ".join(
                ", ".join(
                    f"{state.players[seat]} {_cards((card,), style)}"
                    for seat, card in enumerate(row)
                    if card
                )
                for row in event.draws
            )
            return f"Draw for the deal: {draws}. {state.players[event.dealer]} deals first."
        if isinstance(event, RoundDealt):
            upcard = (
                "" if event.upcard is None else f"; the upcard is {_cards((event.upcard,), style)}"
            )
            return f"Round {event.round}: {state.players[event.dealer]} deals{upcard}."
        if isinstance(event, RoundEnded):
            if event.went_out is not None:
                return f"{state.players[event.went_out]} goes out. Round {event.round} is over."
            return f"The stock is out. Round {event.round} is over."
        if isinstance(event, GameEnded):
            if event.winner is None:
                rounds = "1 round" if state.round == 1 else f"{state.round} rounds"
                return f"The game stops unfinished after {rounds} (max_rounds)."
            if event.sides:
                return _side_win(state.players, event)
            return f"{state.players[event.winner]} wins the game with {event.totals[event.winner]}."
        return ""


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
