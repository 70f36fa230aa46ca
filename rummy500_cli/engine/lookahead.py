"""The first meld minimum (RULES 7 `first_meld_min`, 6b.4): a player's first turn with
plays in a round must be worth the minimum, so a pile take or a first play is refused
when no way of going on with the cards then held could bring the turn there.

`reachable` answers exactly: it tries every sequence of plays (each position once, with
the most points it was reached with), including lay-offs on melds laid earlier in the
same turn, and prunes only on a ceiling that holds under every rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..actions import LayOff
from ..cards import Card
from ..fast.masks import layoffs_on, runs_in, sets_in
from ..holding import remaining, table_after
from ..laid_melds import Meld
from ..melds import hand_index
from ..rules import bonus_points
from ..scoring import value_tables
from ..variants import variant_of
from .values import layoff_values, meld_values
from .wild import joker_play_points, wild_plays

if TYPE_CHECKING:
    from ..state import State

Laid = tuple[Meld | None, Sequence[Card], str | None, Sequence[int]]
"""What a play lays, for `table_after`: the meld laid on (None: a new meld), the cards as
they count, the end, their values."""


def needs_minimum(state: State, seat: int) -> int:
    """Points the seat's turn must still reach, or 0 when first_meld_min does not apply."""
    minimum = state.rules.first_meld_min
    if not minimum or state.opened[seat] or state.phase == "window":
        return 0
    return max(minimum - state.turn_points, 0)


def minimum_ok(
    state: State, seat: int, rest: list[Card], points: int, power: bool, laid: Laid | None = None
) -> bool:
    """Whether a play of `points` leaving `rest` can still reach first_meld_min this turn.
    `power` is False when the play spends the dealer's joker (RULES 8, dealers_gambit);
    `laid` is what the play lays (None: the table takes nothing new, a doubled meld being
    sealed)."""
    need = needs_minimum(state, seat)
    if not need or points >= need:
        return True
    if not rest:
        return False
    melds = state.melds
    if laid is not None:
        meld, faces, end, values = laid
        melds = table_after(melds, seat, faces, values, meld, end)
    return reachable(state, rest, melds, need - points, power)


def reachable(
    state: State, hand: list[Card], melds: list[Meld], need: int, power: bool = True
) -> bool:
    """Whether plays from the hand can still add `need` points this turn.

    The search is exact: it tries every sequence of plays, each position (the cards left,
    the table, whether the dealer's joker is still there) once with the most points it
    was reached with, and prunes only where even every card left at its highest value
    could not make up the need. A turn can end by a discard (a card must be left, and
    not the kept one) or by going out (unless final_discard=required). `melds` is the
    table as the turn's plays so far left it, the melds laid this turn included: later
    plays may lay off on them.
    """
    go_out = state.rules.final_discard != "required"
    kept = state.kept
    best: dict[tuple[object, ...], int] = {}

    def search(hand: list[Card], melds: list[Meld], got: int, power: bool) -> bool:
        key = (tuple(sorted(card.code for card in hand)), _table_key(melds), power)
        if best.get(key, -1) >= got:
            return False  # reached before with as many points: nothing new from here
        best[key] = got
        if got + _ceiling(state, hand, power) < need:
            return False
        for cards, points, after, spent in _steps(state, hand, melds, power):
            rest = remaining(hand, cards)
            total = got + points
            if not rest:
                if go_out and total >= need:
                    return True
                continue
            if len(rest) == 1 and rest[0] is kept:
                continue
            if total >= need or search(rest, after, total, power and not spent):
                return True
        return False

    return search(hand, melds, 0, power)


def _table_key(melds: list[Meld]) -> tuple[object, ...]:
    """The table as far as later plays can tell: each meld's shape, in any order."""
    return tuple(
        sorted(
            (0, meld.rank, *sorted(card.suit_no for card in meld.cards))
            if meld.kind == "set"
            else (1, meld.cards[0].suit_no, meld.start, len(meld.cards))
            for meld in melds
        )
    )


def _ceiling(state: State, hand: list[Card], power: bool) -> int:
    """The most the hand's cards could still score this turn, for the look-ahead to
    prune on: each card at its highest value (an Ace high, or its share of four_aces,
    RULES 7), and twice that where a meld may count double (persian's fours, the
    dealer's joker with power double, RULES 8)."""
    rules = state.rules
    high = value_tables(rules)[True]
    total = sum(high[card.rank] for card in hand)
    if rules.four_aces:
        share = bonus_points(rules.four_aces, rules) // 4
        total += sum(max(share - high[1], 0) for card in hand if card.rank == 1)
    double = power and variant_of(state.rules).power_problem(state, state.to_move, "double") is None
    if variant_of(rules).fours_double or double:
        total *= 2
    return total


def _steps(
    state: State, hand: list[Card], melds: list[Meld], power: bool = True
) -> Iterator[tuple[Sequence[Card], int, list[Meld], bool]]:
    """The plays of the look-ahead, each a step: (cards from the hand, points, the melds
    after the play, whether the dealer's joker was spent). A new meld joins the melds, so
    that later plays may lay off on it (RULES 6b.4); a doubled one is sealed and does
    not. `power`: whether the dealer's joker is still there to use (RULES 8)."""
    variant = variant_of(state.rules)
    rules, decks = state.rules, state.decks
    seat = state.to_move
    double = power and variant.has_power and variant.power_problem(state, seat, "double") is None
    for kind, found in (
        ("set", sets_in(hand, rules, decks)),
        ("run", (cards for _start, cards in runs_in(hand, rules))),
    ):
        for cards in found:
            values = meld_values(cards, kind, rules)
            points = sum(values)
            yield cards, points, table_after(melds, seat, cards, values), False
            if double:
                yield cards, 2 * points, melds, True
    ranks = hand_index(hand)
    sealed = variant.sealed(state)
    for meld in melds:
        if meld.id in sealed:
            continue
        for cards, end in layoffs_on(meld, hand, ranks, rules, decks):
            values = layoff_values(meld, cards, end, rules)
            yield cards, sum(values), table_after(melds, seat, cards, values, meld, end), False
    sets = variant.set_actions(state, hand, melds) if variant.joker_plays else ()
    for action in sets:  # RULES 8, persian
        if isinstance(action, LayOff):
            meld = melds[action.meld - 1]
            values = layoff_values(meld, action.cards, None, rules)
            after = table_after(melds, seat, action.cards, values, meld)
        else:
            values = meld_values(action.cards, "set", rules)
            after = table_after(melds, seat, action.cards, values)
        yield action.cards, sum(values), after, False
    if power and variant.joker_plays and variant.wild_hand(state, hand) is not None:
        for play in wild_plays(state, hand, melds):
            points = joker_play_points(state, play.action, melds)
            end = play.action.end if isinstance(play.action, LayOff) else None
            after = table_after(melds, seat, play.faces, [0] * len(play.faces), play.meld, end)
            yield (
                variant.own(state, play.action.cards),
                points,
                after,
                variant.spends_power(play.action),
            )
