"""The table view: what a player sees at their turn, as lines of text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card, rank_sort_key, sort_key
from ..events import Discarded, Event, LaidOff, Melded, PileTaken, RoundDealt, RumCalled, StockDrawn
from ..language import step_words
from ..state import State
from ..variants import variant_of
from ..variants.partnership import partner_of, partnered, side_name, side_totals
from .layout import pack, width_of
from .printable import names
from .style import Style
from .words import count


def seat_tags(kinds: Sequence[str]) -> list[str]:
    """Each seat's kind in a word, to tell the seats apart where their names are shown:
    a bot's level (`expert`), `program` for an external one, `human` for the people of
    a hot-seat game that has other seats too; nothing for the one person of a game
    against bots (nor for anyone when no kinds are known)."""
    humans = sum(kind == "human" for kind in kinds)
    tags = []
    for kind in kinds:
        if kind == "human":
            tags.append("human" if 1 < humans < len(kinds) else "")
        elif kind.startswith("exec:"):
            tags.append("program")
        else:
            tags.append(kind.removeprefix("bot:"))
    return tags


def tagged_names(players: Sequence[str], kinds: Sequence[str] = ()) -> list[str]:
    """The names as the table shows them, each with its seat's kind: `Cy (expert)`."""
    shown = names(tuple(players))
    if len(kinds) != len(shown):
        return list(shown)
    return [
        f"{name} ({tag})" if tag else name
        for name, tag in zip(shown, seat_tags(kinds), strict=True)
    ]


def scoreline(state: State, kinds: Sequence[str] = (), width: int | None = None) -> str:
    """Round number and running totals on one line (the sides' totals in a partnership
    game, RULES 8); with a width, on as many lines as it needs, broken between items."""
    if partnered(state.rules):
        return sides_line(state)
    items = [f"Round {state.round}"]
    items += [
        f"{name} {total}"
        for name, total in zip(tagged_names(state.players, kinds), state.totals, strict=True)
    ]
    target = f"playing to {state.rules.target}{variant_words(state)}"
    lines = pack([*items, target], width)
    if len(lines) > 1:  # a row saved on a narrow screen: `to 500`
        lines = pack([*items, target.removeprefix("playing ")], width)
    return "\n".join(lines)


def variant_words(state: State) -> str:
    """The variant of RULES 8 in play, for the header line ("" in the standard game)."""
    return variant_of(state.rules).header_words(state, names(state.players))


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


@dataclass(frozen=True)
class Recent:
    """What just happened, for the table to show it: the cards the viewer just drew or
    took (still in the hand), and the last play on the table (a meld's id and the cards
    laid)."""

    fresh: tuple[str, ...] = ()
    meld: int = 0
    laid: tuple[str, ...] = ()


def recent(events: Sequence[Event], viewer: int | None) -> Recent:
    """The viewer's draw or take of this turn (none once they discarded) and the last
    meld or lay-off of this round, from the events of the game."""
    fresh: tuple[str, ...] = ()
    meld = 0
    laid: tuple[str, ...] = ()
    drew_done = False
    for event in reversed(events):
        if isinstance(event, RoundDealt):
            break
        if not laid and isinstance(event, Melded | LaidOff | RumCalled):
            meld = event.meld
            laid = (event.card,) if isinstance(event, RumCalled) else tuple(event.cards)
        if drew_done:
            continue
        if isinstance(event, Discarded):
            drew_done = True
        elif isinstance(event, StockDrawn | PileTaken):
            drew_done = True
            if event.seat == viewer:
                fresh = tuple(event.cards)
    return Recent(fresh, meld, laid)


def meld_lines(
    state: State,
    style: Style,
    last: Recent | None = None,
    width: int | None = None,
    packed: bool = False,
) -> list[str]:
    """Every meld with its id, its owner, and who laid off which card; the last play's
    cards marked. `packed`: several melds to a line, as `width` allows."""
    if not state.melds:
        return ["Melds: none yet"]
    lines = ["Melds:"]
    items = []
    for meld in state.melds:
        parts = []
        wild = meld.wild or ()
        marks = Counter(last.laid) if last is not None and last.meld == meld.id else Counter()
        for index, (card, by) in enumerate(zip(meld.cards, meld.placed_by, strict=True)):
            text = style.card(card)
            key = "JK" if index < len(wild) and wild[index] else card.ascii
            if marks[key] > 0:
                marks[key] -= 1
                text = style.marked(card)
            if index < len(wild) and wild[index]:
                text = f"JK({text})"  # RULES 8: a joker shows the card it stands for
            if by != meld.owner:
                text += f"({names(state.players)[by]})"
            parts.append(text)
        sealed = state.gambit is not None and meld.id in state.gambit.sealed
        extra = " [doubled and sealed by the dealer's joker]" if sealed else ""
        items.append(f"#{meld.id} {names(state.players)[meld.owner]}: {' '.join(parts)}{extra}")
    if packed:
        return ["Melds:", *pack(items, width, lead="  ", sep="   ")]
    return lines + [f"  {item}" for item in items]


def hand_cards(
    cards: Iterable[Card], style: Style, by_rank: bool = False, fresh: Sequence[str] = ()
) -> str:
    """Cards as a hand shows them: sorted by suit then rank, suits in groups (or sorted
    by rank); the cards named in `fresh` (just drawn or taken) marked."""
    return "  ".join(hand_groups(cards, style, by_rank, fresh))


def hand_groups(
    cards: Iterable[Card], style: Style, by_rank: bool = False, fresh: Sequence[str] = ()
) -> list[str]:
    """The hand's suit groups as shown (one group of all the cards when by rank)."""
    hand = sorted(cards, key=rank_sort_key if by_rank else sort_key)
    marks = Counter(fresh)

    def shown(card: Card) -> str:
        if marks[card.ascii] > 0:
            marks[card.ascii] -= 1
            return style.marked(card)
        return style.card(card)

    groups: list[list[Card]] = []
    for card in hand:
        if groups and (by_rank or groups[-1][0].suit == card.suit):
            groups[-1].append(card)
        else:
            groups.append([card])
    return [" ".join(shown(card) for card in group) for group in groups]


def hand_line(
    state: State,
    seat: int,
    style: Style,
    by_rank: bool = False,
    fresh: Sequence[str] = (),
    width: int | None = None,
) -> str:
    """A hand sorted by suit then rank (or by rank), suits in groups; with a width,
    broken between suits."""
    hand = state.hands[seat]
    lead = f"Hand ({names(state.players)[seat]}, {len(hand)}): "
    groups = hand_groups(hand, style, by_rank, fresh)
    if width is None or by_rank:
        return lead + "  ".join(groups)
    return "\n".join(pack(groups, width, lead=lead, sep="  "))


def turn_line(state: State) -> str:
    """Whose turn, which step, and the stock."""
    if state.phase in ("over", "between", "start"):
        return f"{step_words(state.phase).capitalize()} · stock {len(state.stock)}"
    mover = names(state.players)[state.to_move]
    if state.phase == "window":
        return f"{window_line(state)} · stock {len(state.stock)}"
    step = step_words(state.phase)
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
    state: State,
    viewer: int | None,
    style: Style,
    by_rank: bool = False,
    show_all: bool = False,
    kinds: Sequence[str] = (),
    last: Recent | None = None,
    width: int | None = None,
    rows: int | None = None,
) -> str:
    """The whole table as seen from a seat: others' hands as counts only (all hands when
    `show_all`, as in the replay of a finished game); each seat's kind beside its name
    (`kinds`), what just happened marked (`last`).

    With a `width` (a terminal), every line is broken only between items, and when the
    table would take more than `rows` lines, the melds go several to a line."""
    fresh = last.fresh if last is not None else ()
    head = scoreline(state, kinds, width)
    lines = [*(style.bold(line) for line in head.split("\n")), turn_line(state)]
    lines.append(pile_line(state, style))
    melds = meld_lines(state, style, last)
    counts = []
    partner = None if viewer is None else partner_of(viewer, state.rules)
    for seat, name in enumerate(tagged_names(state.players, kinds)):
        if show_all or seat == viewer:
            continue
        mark = " (partner)" if seat == partner else ""
        counts.append(f"{name}{mark} {count(len(state.hands[seat]), 'card')}")
    tail = pack(counts, width, lead="Others: ") if counts else []
    seats = range(state.n) if show_all else ([] if viewer is None else [viewer])
    for seat in seats:
        hand = hand_line(state, seat, style, by_rank, fresh if seat == viewer else (), width)
        tail.extend(hand.split("\n"))
    if width is not None and rows is not None:
        height = sum(_height(line, width) for line in [*lines, *melds, *tail])
        if height > rows:
            melds = meld_lines(state, style, last, width, packed=True)
    return "\n".join([*lines, *melds, *tail])


def _height(line: str, width: int) -> int:
    """The rows a line takes at a width (at least one)."""
    return max(1, -(-width_of(line) // max(1, width)))
