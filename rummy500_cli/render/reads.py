"""The expert's reads of the other hands in words (`hint --why`, the viewer's `r`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis.reads import HandRead, Reads
from ..state import CARD
from .analysis import pct
from .style import Style

SOURCES = {
    "particles": (
        "the likely cards fit the way {name} played: a hand holding them would have "
        "played as {name} did"
    ),
    "inference": (
        "the likely cards are those {name} would not have kept: few that meld with "
        "the cards known there or lay off on the table"
    ),
}


def goes_with(card: str, others: Sequence[str]) -> str | None:
    """A card of `others` that this one makes a meld with (same rank, or same suit
    within two ranks), if any: why a likely card is likely, in a word."""
    mine = CARD[card]
    if mine.suit is None:
        return None
    for text in others:
        other = CARD[text]
        if other.suit is None or other == mine:
            continue
        if other.rank == mine.rank:
            return text
        if other.suit == mine.suit and (
            abs(other.rank - mine.rank) <= 2 or {other.rank, mine.rank} in ({1, 13}, {1, 12})
        ):
            return text
    return None


def hand_lines(read: HandRead, name: str, style: Style) -> list[str]:
    """One other hand: what is sure, what is likely, and why."""

    def cards(texts: Sequence[str]) -> str:
        return style.cards(CARD[text] for text in texts)

    head = f"{name} ({read.cards} card{'s' if read.cards != 1 else ''})"
    parts = []
    if read.sure:
        parts.append(f"sure of {cards(read.sure)} (taken from the pile, not played since)")
    if read.likely:
        shown = ", ".join(f"{style.card(CARD[c.card])} {pct(c.chance)}" for c in read.likely)
        parts.append(f"likely {shown} (any one unseen card: {pct(read.base)})")
    elif read.cards > len(read.sure):
        parts.append("no read of the other cards")
    lines = [f"{head}: " + "; ".join(parts)]
    for take in read.takes:
        chosen = style.card(CARD[take.bottom])
        where = f"from {take.depth} deep" if take.depth > 1 else "from the top of the pile"
        kept = [text for text in take.cards[1:]]
        if take.used:
            why = (
                f"took {chosen} {where}: must have held a use for it (it went on the table at once)"
            )
        else:
            why = f"took {chosen} {where} and kept it"
        if kept:
            still = [text for text in kept if text in read.sure]
            why += f", and took {cards(kept)} with it"
            if still and len(still) < len(kept):
                why += f" (still holds {cards(still)})"
        lines.append("  " + why)
    taken = {text for take in read.takes for text in take.cards}
    refused = [text for text in read.refused if text not in taken]  # not those taken later
    if refused:
        lines.append(
            f"  drew from the stock rather than take {cards(refused)}: no use for them then"
        )
    reasons = []
    for chance in read.likely:
        partner = goes_with(chance.card, read.sure + [t.bottom for t in read.takes])
        if partner is not None:
            reasons.append(f"{style.card(CARD[chance.card])} goes with {style.card(CARD[partner])}")
    if reasons:
        lines.append("  " + "; ".join(reasons))
    source = SOURCES.get(read.source)
    if source and read.likely:
        lines.append("  " + source.format(name=name))
    return lines


def reads_lines(
    reads: Reads, players: Sequence[str], style: Style, whose: str = "your seat"
) -> list[str]:
    """The reads of every other hand, from the seat's view, under one heading."""
    lines = [f"what the expert believes about the other hands, from what {whose} has seen:"]
    for read in reads.hands:
        lines += ["  " + line for line in hand_lines(read, players[read.seat], style)]
    return lines
