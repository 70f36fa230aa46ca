"""Fast hand arithmetic for the bots: the most points a hand can put down now.

The engine answers "is this legal"; the bots also need "what is this hand worth",
thousands of times a second. `plan` finds the new melds and lay-offs that put the most
points on the table from a hand (a bounded search over the melds the hand allows, then
lay-offs on the table, run again on what is left), without going through the engine.
It follows RULES 3 and 6 (via `melds` and `engine.meld_values`), but not the turn's
bounds (first_meld_min, final_discard, a kept card): callers play through the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...engine import layoff_values, meld_values
from ...fast.masks import Table, layoffs_onto, mask_of, runs_in, sets_in, takes
from ...laid_melds import Meld
from ...rules import Rules
from ...variants.persian import joker_layoffs_on, joker_sets_in, plays_jokers
from ..budget import TALLY
from .reach import best_values, reach

SEARCH_BUDGET = 600
"""Search nodes per plan: past it the best plan found so far is used."""


class Plan:
    """The plays a hand can make now: new melds (cards), lay-offs (cards, meld index),
    their points, and the cards left."""

    __slots__ = ("layoffs", "melds", "points", "rest")

    def __init__(
        self,
        points: int,
        melds: list[tuple[Card, ...]],
        layoffs: list[tuple[tuple[Card, ...], int]],
        rest: list[Card],
    ) -> None:
        self.points = points
        self.melds = melds
        self.layoffs = layoffs
        self.rest = rest

    @property
    def used(self) -> int:
        return sum(len(cards) for cards in self.melds) + sum(len(c) for c, _ in self.layoffs)


_POINTS: dict[tuple[object, ...], int] = {}
"""The points of new melds met so far, by rules, kind and cards (a rule set allows a
few hundred melds; emptied when it holds `_KEPT`)."""
_KEPT = 8192


def _points(cards: tuple[Card, ...], kind: str, rules: Rules) -> int:
    """The points of a new meld (`engine.meld_values`), worked out once."""
    key = (rules, kind, cards)
    points = _POINTS.get(key)
    if points is None:
        if len(_POINTS) >= _KEPT:
            _POINTS.clear()
        points = _POINTS[key] = sum(meld_values(cards, kind, rules))
    return points


_LAYOFF_POINTS: dict[tuple[object, ...], int] = {}
"""The points of lay-offs met so far, by what `engine.layoff_values` reads: the rules,
the cards, the end, and the rank of the run's card they join (emptied at `_KEPT`)."""


def _layoff_points(meld: Meld, cards: tuple[Card, ...], end: str | None, rules: Rules) -> int:
    """The points of a lay-off (`engine.layoff_values`), worked out once."""
    if meld.kind == "set":
        key: tuple[object, ...] = (rules, cards)
    else:
        key = (rules, cards, end, meld.cards[0 if end == "low" else -1].rank)
    points = _LAYOFF_POINTS.get(key)
    if points is None:
        if len(_LAYOFF_POINTS) >= _KEPT:
            _LAYOFF_POINTS.clear()
        points = _LAYOFF_POINTS[key] = sum(layoff_values(meld, cards, end, rules))
    return points


def new_melds(
    hand: Sequence[Card], rules: Rules, decks: int, mask: int = -1
) -> list[tuple[int, tuple[Card, ...]]]:
    """Every new meld the hand allows, with its points, most points first (`mask`: the
    hand's, when the caller has it)."""
    mask = mask_of(hand) if mask < 0 else mask
    found = [(_points(cards, "set", rules), cards) for cards in sets_in(hand, rules, decks, mask)]
    for _start, cards in runs_in(hand, rules, mask):
        found.append((_points(cards, "run", rules), cards))
    if plays_jokers(rules):  # RULES 8, persian: sets of jokers
        found.extend((_points(c, "set", rules), c) for c in joker_sets_in(hand))
    found.sort(key=lambda item: (-item[0], -len(item[1])))
    return found


def lay_off_all(
    rest: list[Card],
    melds: Sequence[Meld],
    rules: Rules,
    decks: int,
    limit: int = 0,
    wanted: int = -1,
    jokers: bool | None = None,
    held: int = -1,
) -> tuple[int, list[tuple[tuple[Card, ...], int]], list[Card]]:
    """Lay off on the table melds, best first, until nothing more fits (at most `limit`
    cards when limit > 0). Answers the points, the lay-offs and the cards left.
    `wanted`: the cards the melds take as a lay-off's first card (`fast.masks.Table.wants`), when
    the caller has them (-1: not known); `jokers`: `plays_jokers(rules)`, when the
    caller has it; `held`: `mask_of(rest)`, when the caller has it (-1: not known)."""
    points = 0
    done: list[tuple[tuple[Card, ...], int]] = []
    if not melds or not rest:
        return 0, done, rest
    TALLY.nodes += len(melds)
    if jokers is None:
        jokers = plays_jokers(rules)
    mask = mask_of(rest) if held < 0 else held  # once for every meld of the table
    if not (jokers or wanted & mask):
        return 0, done, list(rest)  # no card is a first card any meld takes
    table = list(melds)
    wants = [meld.takes if meld.takes is not None else takes(meld, rules, decks) for meld in table]
    rest = list(rest)
    laid = 0
    while rest:
        best = None
        best_key = (0, 0)
        for index, wanted in enumerate(wants):
            if not (jokers or wanted & mask):
                continue  # none of the cards is a first card it takes: no lay-off on it
            meld = table[index]
            found = layoffs_onto(meld, rest, mask, rules, decks)
            if jokers:  # RULES 8, persian: a joker on a set of jokers
                found.extend((cards, None) for cards in joker_layoffs_on(meld, rest))
            for cards, end in found:
                if limit and len(cards) > limit - laid:
                    continue
                value = _layoff_points(meld, cards, end, rules)
                key = (value, len(cards))
                if key > best_key:
                    best, best_key = (index, cards, end), key
        if best is None:
            break
        index, cards, end = best
        grown = table[index] = table[index].grown(cards, end)
        wants[index] = takes(grown, rules, decks)
        for card in cards:
            rest.remove(card)
        mask = mask_of(rest)
        points += best_key[0]
        laid += len(cards)
        done.append((cards, index))
    return points, done, rest


_PLANS: dict[tuple[object, ...], tuple[Plan | None, int]] = {}
"""Plans found lately, with the work each took: a search weighs its candidate moves on
the same sampled deals, where the same hand often meets the same table again (in copies
of one world too: each candidate plays out on its own copy). The key holds what a plan
reads of each meld (kind, rank, start and cards in order: a meld may grow in place), so
that equal tables share their plans. Emptied when it holds `_KEPT_PLANS`."""
_KEPT_PLANS = 4096


def plan(
    hand: Sequence[Card],
    melds: Sequence[Meld],
    rules: Rules,
    decks: int,
    must: Card | None = None,
    keep_one: bool = False,
) -> Plan | None:
    """The plays that put the most points down from the hand now (ties: more cards).

    `must`: a card that must be among the plays (a card taken from the pile); None is
    answered when it cannot be. `keep_one`: leave at least one card (to discard).
    The answer is shared: do not change it. A plan found before counts its work again
    (on `budget.TALLY`), so that the effort measured is the same whether or not it was kept.
    """
    key = (
        *hand,
        None,
        *[(meld.kind, meld.rank, meld.start, *meld.cards) for meld in melds],
        rules,
        decks,
        must,
        keep_one,
    )
    kept = _PLANS.get(key)
    if kept is not None:
        TALLY.nodes += kept[1]
        return kept[0]
    work = TALLY.nodes
    found = _plan(hand, melds, rules, decks, must, keep_one)
    if len(_PLANS) >= _KEPT_PLANS:
        _PLANS.clear()
    _PLANS[key] = (found, TALLY.nodes - work)
    return found


def _plan(
    hand: Sequence[Card],
    melds: Sequence[Meld],
    rules: Rules,
    decks: int,
    must: Card | None,
    keep_one: bool,
) -> Plan | None:
    search = _Search(list(hand), melds, rules, decks, must, keep_one)
    hand_mask = search.mask
    if hand_mask.bit_count() == len(hand):  # distinct cards, no joker (its bit is 0)
        search.needs = [mask_of(cards) for _value, cards in search.options]
        search.distinct(0, [], search.hand, hand_mask, 0)
    else:
        search.any(0, [], search.hand, 0)
    return search.best


class _Search:
    """One plan's search (`plan`): the melds the hand allows, tried in every compatible
    combination (at most `SEARCH_BUDGET` nodes), each finished by its lay-offs. (A class,
    not closures: a closure that calls itself is a reference cycle, which would keep
    every list of the search alive until the garbage collector found it.)"""

    __slots__ = (
        "best",
        "best_key",
        "best_of",
        "budget",
        "decks",
        "hand",
        "jokers",
        "keep_one",
        "mask",
        "melds",
        "must",
        "must_bit",
        "needs",
        "options",
        "reached",
        "rules",
        "wanted",
    )

    def __init__(
        self,
        hand: list[Card],
        melds: Sequence[Meld],
        rules: Rules,
        decks: int,
        must: Card | None,
        keep_one: bool,
    ) -> None:
        self.hand = hand
        self.melds = melds
        self.rules = rules
        self.decks = decks
        self.must = must
        self.must_bit = must.bit if must is not None else 0
        self.keep_one = keep_one
        self.mask = mask_of(hand)
        self.options = new_melds(hand, rules, decks, self.mask)
        self.needs: list[int] = []
        """The mask of each option's cards (a hand of distinct cards)."""
        self.best: Plan | None = None
        self.best_key = (-1, -1)
        self.budget = SEARCH_BUDGET
        self.wanted = Table(melds, rules, decks).wants
        self.jokers = plays_jokers(rules)
        self.reached = -1
        """The cards of the hand lay-offs could use (`reach`), once asked for."""
        self.best_of = best_values(rules)

    def finish(
        self, chosen: list[tuple[Card, ...]], rest: list[Card], points: int, held: int = -1
    ) -> None:
        melds = self.melds
        jokers = self.jokers
        keep_one = self.keep_one
        distinct = held >= 0 and bool(melds) and bool(rest)  # (a hand of distinct cards)
        if distinct and not (jokers or self.wanted & held):
            # no card of the rest (`held`: its mask) starts a lay-off: as `lay_off_all`
            TALLY.nodes += len(melds)
            none: list[tuple[tuple[Card, ...], int]] = []
            lay_points, layoffs, left = 0, none, list(rest)
        else:
            if distinct and not jokers and self._hopeless(rest, held, points):
                TALLY.nodes += len(melds)  # `lay_off_all` skipped, its work counted
                return
            lay_points, layoffs, left = lay_off_all(
                rest,
                melds,
                self.rules,
                self.decks,
                len(rest) - 1 if keep_one else 0,
                self.wanted,
                jokers,
                held,
            )
        if keep_one and not left:
            return
        if self.must is not None and self.must in left:
            return
        total = points + lay_points
        key = (total, len(self.hand) - len(left))
        if key > self.best_key:
            self.best = Plan(total, list(chosen), layoffs, left)
            self.best_key = key

    def _hopeless(self, rest: list[Card], held: int, points: int) -> bool:
        """Whether no lay-off of `rest` (`held`: its mask) can make this plan the best:
        the card that must be used cannot be laid off and would be left, or the most the
        rest's cards within reach (`reach`) could score leaves it short of the best."""
        within = self.reached
        if within < 0:
            within = self.reached = reach(self.melds, self.mask, self.rules, self.decks)
        if self.must_bit & held & ~within:
            return True
        best_of = self.best_of
        bound = sum([best_of[card.code] for card in rest if card.bit & within])
        return points + bound < self.best_key[0]

    def any(
        self, start: int, chosen: list[tuple[Card, ...]], rest: list[Card], points: int
    ) -> None:
        """Every combination of melds from `start` on that the rest holds, then its finish."""
        self.budget -= 1
        TALLY.nodes += 1
        options = self.options
        for index in range(start, len(options)):
            if self.budget <= 0:
                break
            value, cards = options[index]
            if not _has_all(rest, cards):
                continue
            left = list(rest)
            for card in cards:
                left.remove(card)
            if self.keep_one and not left:
                continue
            chosen.append(cards)
            self.any(index + 1, chosen, left, points + value)
            chosen.pop()
        self.finish(chosen, rest, points)

    def distinct(
        self, start: int, chosen: list[tuple[Card, ...]], rest: list[Card], held: int, points: int
    ) -> None:
        """`any` for a hand of distinct cards without jokers (`held`: the mask of `rest`):
        whether the rest holds a meld's cards, and what is left, by masks."""
        self.budget -= 1
        TALLY.nodes += 1
        needs = self.needs
        for index in range(start, len(needs)):
            if self.budget <= 0:
                break
            need = needs[index]
            if need & ~held:
                continue
            left = [card for card in rest if not card.bit & need]
            if self.keep_one and not left:
                continue
            chosen.append(self.options[index][1])
            self.distinct(index + 1, chosen, left, held & ~need, points + self.options[index][0])
            chosen.pop()
        self.finish(chosen, rest, points, held)


def _has_all(hand: list[Card], cards: tuple[Card, ...]) -> bool:
    for card in cards:
        if card not in hand:
            return False
    if len(set(cards)) == len(cards):
        return True
    return all(hand.count(card) >= cards.count(card) for card in cards)
