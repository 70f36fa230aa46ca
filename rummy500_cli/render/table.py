"""The table view: what a player sees at their turn, as lines of text."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, rank_sort_key, sort_key
from ..sides import partner_of, partnered, side_name, side_totals
from ..state import State
from ..variants import variant_of
from .printable import names
from .style import Style
from .words import count

STEP_WORDS = {
    "power": "name the power of the dealer's joker (power wild|double|split)",
    "upcard": "choose the upcard",
    "draw": "draw",
    "play": "meld, lay off or discard",
    "window": "act out of turn or pass",
    "between": "round over",
    "over": "game over",
    "start": "not dealt",
}


def scoreline(state: State) -> str:
    """Round number and running totals on one line (the sides' totals in a partnership
    game, RULES 8)."""
    if partnered(state.rules):
        return sides_line(state)
    totals = " · ".join(
        f"{name} {total}" for name, total in zip(names(state.players), state.totals, strict=True)
    )
    return f"Round {state.round} · {totals} · playing to {state.rules.target}{variant_words(state)}"


def variant_words(state: State) -> str:
    """The variant of RULES 8 in play, for the header line ("" in the standard game)."""
    rules = state.rules
    if rules.variant == "none":
        return ""
    if rules.variant == "jokers":
        count = rules.jokers_per_deck * state.decks
        return f" · jokers ({count} wild)"
    if rules.variant == "dealers_gambit" and state.gambit is not None:
        return f" · dealer's gambit, {state.gambit.describe(names(state.players)[state.dealer])}"
    return f" · {rules.variant}"


def sides_line(state: State) -> str:
    """RULES 8: the round (under persian, the deal of two) and each side's total, as
    `Round 3 · Ann & Cy 120 · Bob & Dee 85 · playing to 500`."""
    totals = " · ".join(
        f"{side_name(side, names(state.players))} {total}"
        for side, total in enumerate(side_totals(state))
    )
    deals = variant_of(state.rules).deals
    if deals is None:
        return f"Round {state.round} · {totals} · playing to {state.rules.target}"
    deal = (
        f"deal {state.round} of {deals}"
        if state.round <= deals
        else f"deal {state.round} (after a tie)"
    )
    words = {2: "two"}.get(deals, str(deals))
    return f"Persian, {deal} · {totals} · the side with more after {words} deals wins"


def pile_line(state: State, style: Style) -> str:
    """The spread pile, oldest first, each card with the number that takes it."""
    if not state.pile:
        return "Pile: empty"
    if state.phase in ("over", "between", "start"):  # no one may take from it now
        return f"Pile: {style.cards(state.pile)}"
    size = len(state.pile)
    cards = " ".join(
        f"{style.dim(str(size - i))}:{style.card(card)}" for i, card in enumerate(state.pile)
    )
    return f"Pile (take N): {cards}"


def meld_lines(state: State, style: Style) -> list[str]:
    """Every meld with its id, its owner, and who laid off which card."""
    if not state.melds:
        return ["Melds: none yet"]
    lines = ["Melds:"]
    for meld in state.melds:
        parts = []
        wild = meld.wild or ()
        for index, (card, by) in enumerate(zip(meld.cards, meld.placed_by, strict=True)):
            text = style.card(card)
            if index < len(wild) and wild[index]:
                text = f"JK({text})"  # RULES 8: a joker shows the card it stands for
            if by != meld.owner:
                text += f"({names(state.players)[by]})"
            parts.append(text)
        sealed = state.gambit is not None and meld.id in state.gambit.sealed
        extra = " [doubled and sealed by the dealer's joker]" if sealed else ""
        lines.append(f"  #{meld.id} {names(state.players)[meld.owner]}: {' '.join(parts)}{extra}")
    return lines


def hand_cards(cards: Iterable[Card], style: Style, by_rank: bool = False) -> str:
    """Cards as a hand shows them: sorted by suit then rank, suits in groups (or sorted
    by rank)."""
    hand = sorted(cards, key=rank_sort_key if by_rank else sort_key)
    if by_rank:
        return style.cards(hand)
    groups: list[list[Card]] = []
    for card in hand:
        if groups and groups[-1][0].suit == card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    return "  ".join(style.cards(group) for group in groups)


def hand_line(state: State, seat: int, style: Style, by_rank: bool = False) -> str:
    """A hand sorted by suit then rank (or by rank), suits in groups."""
    hand = state.hands[seat]
    return f"Hand ({names(state.players)[seat]}, {len(hand)}): {hand_cards(hand, style, by_rank)}"


def turn_line(state: State) -> str:
    """Whose turn, which step, and the stock."""
    if state.phase in ("over", "between", "start"):
        return f"{STEP_WORDS[state.phase].capitalize()} · stock {len(state.stock)}"
    mover = names(state.players)[state.to_move]
    if state.phase == "window":
        return f"{window_line(state)} · stock {len(state.stock)}"
    step = STEP_WORDS[state.phase]
    extra = ""
    if state.pending is not None:
        extra = f" (first put {state.pending} from the pile on the table)"
    return f"{mover} to {step}{extra} · stock {len(state.stock)}"


def window_line(state: State) -> str:
    """Who is asked in a window of RULES 7, and what they may do."""
    mover = names(state.players)[state.to_move]
    opener = names(state.players)[state.window_seat]
    if state.window_kind == "rum":
        return f"{mover}: Rum!? {opener} discarded {state.pile[-1]}, which could be laid off (rum or pass)"
    if state.window_kind == "deadwood":
        return f"{mover}: {opener} went out; lay off cards on {opener}'s melds, or pass"
    return f"{mover} may meld or lay off out of turn, or pass"


def table_view(
    state: State, viewer: int | None, style: Style, by_rank: bool = False, show_all: bool = False
) -> str:
    """The whole table as seen from a seat: others' hands as counts only (all hands when
    `show_all`, as in the replay of a finished game)."""
    lines = [style.bold(scoreline(state)), turn_line(state), pile_line(state, style)]
    lines.extend(meld_lines(state, style))
    counts = []
    partner = None if viewer is None else partner_of(viewer, state.rules)
    for seat, name in enumerate(names(state.players)):
        if show_all or seat == viewer:
            continue
        mark = " (partner)" if seat == partner else ""
        counts.append(f"{name}{mark} {count(len(state.hands[seat]), 'card')}")
    if counts:
        lines.append("Others: " + " · ".join(counts))
    seats = range(state.n) if show_all else ([] if viewer is None else [viewer])
    lines.extend(hand_line(state, seat, style, by_rank) for seat in seats)
    return "\n".join(lines)
