"""The strong level's values of cards, shared by the levels that search (the expert, the
judge, the particle filter and the hand reads value positions with them): what a card in
the hand is worth from the live cards that would meld it, what a pile card is worth to
take, and what a discard gives away (`Context`, computed once per decision; the last in
`feeding`). See `bots/strong.py` for how the strong bot plays on them."""

from __future__ import annotations

from ...cards import CARDS, JOKER, Card
from ...rules import Rules
from ...scoring import hand_value, table_value
from ...state import State
from ...variants.persian import plays_jokers
from ..knowledge import Knowledge
from .feeding import Feeding
from .tables import NEAR, RANK_NEAR, RELATED_BITS, SAME_RANK

PILE_WEIGHT = (1.0, 0.5, 0.35)
"""How much a pile card at depth 1, 2, 3+ counts as an out (it costs a take). The
constants here were tuned by 400-game runs against greedy."""
RISK = 1.0
"""Turns left at which a card that will not be melded costs its whole hand value."""
JOKER_WORTH = 40.0
"""RULES 8: what a joker in the hand is worth (15 on the table, 15 against in the hand,
and it completes nearly any meld)."""


_VALUE_TABLES: dict[Rules, tuple[list[int], list[int], list[int]]] = {}


def _values(rules: Rules) -> tuple[list[int], list[int], list[int]]:
    """By card code: its value in the hand, on the table high (an Ace in a set or next to
    a King) and on the table low (RULES 6.1); the joker at code 52."""
    tables = _VALUE_TABLES.get(rules)
    if tables is None:
        cards = CARDS[:53]
        tables = (
            [hand_value(card, rules) for card in cards],
            [table_value(card, rules, True) for card in cards],
            [table_value(card, rules, False) for card in cards],
        )
        _VALUE_TABLES[rules] = tables
    return tables


class Context(Feeding):
    """What the strong bot computes once per decision: the round's likely length, the
    live cards and the table, and from them each card's value."""

    __slots__ = (
        "around",
        "counts",
        "decks",
        "dup",
        "gap",
        "joker_sets",
        "k",
        "layable",
        "live",
        "melds",
        "n",
        "outs",
        "pile",
        "q",
        "risk",
        "rules",
        "seat",
        "stock",
        "turns",
        "unseen",
        "values",
    )

    def __init__(self, state: State, k: Knowledge) -> None:
        self._shared(state)
        self._table()
        self._seat(k)

    @classmethod
    def each(cls, state: State, ks: list[Knowledge]) -> list[Context]:
        """The Context of every seat (`ks`: their knowledge), the table's part once: the
        first seat's, with the seat's part (`_seat`) set again for each other seat."""
        first = cls(state, ks[0])
        found = [first]
        for k in ks[1:]:
            ctx = cls.__new__(cls)
            for name in cls.__slots__:
                setattr(ctx, name, getattr(first, name))
            ctx._seat(k)
            found.append(ctx)
        return found

    def _shared(self, state: State) -> None:
        rules = self.rules = state.rules
        self.n = state.n
        self.decks = state.decks
        self.around = rules.around_the_corner
        self.dup = rules.set_duplicate_suits
        self.melds = state.melds
        self.values = _values(rules)
        self.joker_sets = plays_jokers(rules)
        self.pile = state.pile

    def _seat(self, k: Knowledge) -> None:
        """Every field that depends on the seat (`k`), the rest set."""
        self.k = k
        self.seat = k.seat
        self.counts = k.counts
        self.stock = k.stock
        live = k.live
        outs = list(map(float, live))
        pile = self.pile
        self.pile_mask = -1  # `fast.masks.mask_of(pile)`, once asked for
        self.seats = None
        only_top = self.rules.top_discard == "only"
        for depth in range(1, min(len(pile), 12) + 1):
            if only_top and depth > 1:
                break
            outs[pile[-depth].code] += PILE_WEIGHT[min(depth, 3) - 1]
        self.live = live
        self.outs = outs
        self.unseen = max(len(k.unseen), 1)
        self.turns = self.turns_left()
        self.q = min(0.6, self.turns / self.unseen)
        self.risk = min(1.0, max(0.15, RISK / self.turns))

    def _table(self) -> None:
        """The cards that lay off on the table now (with the value they would score), and
        the cards one gap away from a run's end (with the card that fills the gap)."""
        layable: dict[int, int] = {}
        gap: dict[int, int] = {}
        rules = self.rules
        high, low = self.values[1], self.values[2]
        limit = 4 * self.decks if self.dup else 4
        for meld in self.melds:
            if meld.kind == "set":
                if len(meld.cards) >= limit:
                    continue
                if meld.rank == 0:  # RULES 8, persian: a set of jokers takes a joker
                    layable[JOKER.code] = high[JOKER.code]
                    continue
                suits = {c.suit_no for c in meld.cards}
                for suit in range(4):
                    if self.dup or suit not in suits:
                        code = suit * 13 + meld.rank - 1
                        layable[code] = high[code]
                continue
            if len(meld.cards) >= 13:
                continue
            base = meld.cards[0].suit_no * 13 - 1
            first, last = meld.cards[0].rank, meld.cards[-1].rank
            below, above = RANK_NEAR[first][1], RANK_NEAR[last][0]
            if rules.around_the_corner or meld.start > 1:
                layable[base + below] = (high if below == 1 and first == 13 else low)[base + below]
            if rules.around_the_corner or meld.end < 14:
                layable[base + above] = (high if above == 1 else low)[base + above]
                gap[base + RANK_NEAR[last][2]] = base + above
            if rules.around_the_corner or meld.start > 2:
                gap[base + RANK_NEAR[first][3]] = base + below
        self.layable = layable
        self.gap = gap

    def turns_left(self) -> float:
        """The seat's likely number of turns before the round ends."""
        stock_turns = (self.stock + 1) / self.n * 1.3
        if self.rules.stock_out != "end":
            stock_turns += 6
        counts, seat = self.counts, self.seat
        closest = 20.0  # (no other seat)
        first = True
        for j in range(self.n):
            if j != seat:
                turns = 1.0 + 0.9 * counts[j]
                if first or turns < closest:
                    closest, first = turns, False
        return max(1.0, min(stock_turns, closest))

    # --- the value of a card in a hand ------------------------------------------------

    def card_value(self, card: Card, have: list[int]) -> float:
        """The expected net points of keeping this card, with `have` the hand's copies
        by code (the card included): its chance of a meld times its table value, less
        the chance of being caught with it times its hand value."""
        code = card.code
        if code == 52 and not self.joker_sets:  # RULES 8: a wild joker fits nearly any
            return JOKER_WORTH  # meld; it is kept above all (persian's: `joker_value`)
        hand_values, high, low = self.values
        laid = self.layable.get(code)
        if laid is not None:
            return laid
        if card is JOKER:
            return self.joker_value(have)
        outs = self.outs
        # sets: the other suits of the rank
        one = 0.0
        held = 0
        for other in SAME_RANK[code]:
            if have[other]:
                held += 1
            else:
                one += outs[other]
        if self.dup:
            held += have[code] - 1
            one += outs[code]
        if held >= 2:
            return high[code]
        two = 0.0
        if held == 0:
            two, one = one, 0.0
        # runs: the neighbours in the suit
        up1, dn1, up2, dn2 = NEAR[code]
        run_one = 0.0
        run_two = 0.0
        has_up1, has_dn1 = have[up1], have[dn1]
        if has_up1 and has_dn1:
            return high[code] if card.rank == 1 and have[dn1] and dn1 % 13 == 12 else low[code]
        if has_up1:
            run_one = outs[dn1] + outs[up2]
        elif has_dn1:
            run_one = outs[up1] + outs[dn2]
        else:
            has_up2, has_dn2 = have[up2], have[dn2]
            if has_up2:
                run_one = outs[up1]
            if has_dn2:
                run_one += outs[dn1]
            if not has_up2 and not has_dn2:
                run_two = outs[up1] + outs[dn1]
        filler = self.gap.get(code)
        if filler is not None:
            run_one += outs[filler]
        if self.rules.min_new_run > 3:
            run_two += run_one * 0.5
            run_one *= 0.5
        q = self.q
        total_one = one + run_one
        p_one = 1.0 - (1.0 - q) ** total_one if total_one else 0.0
        outs_two = two + run_two
        p_two = (1.0 - (1.0 - q) ** outs_two) ** 2 * 0.5 if outs_two else 0.0
        p = p_one + (1.0 - p_one) * p_two
        # an Ace next to the King scores high
        ace_high = card.rank == 1 and (have[dn1] or have[dn2])
        tv = high[code] if one + two >= run_one + run_two or ace_high else low[code]
        return p * tv - (1.0 - p) * self.risk * hand_values[code]

    def joker_value(self, have: list[int]) -> float:
        """RULES 8 (`persian`): a joker melds only in a set of jokers. Its worth: its
        table value if the hand holds three jokers, else its chance of meeting the
        jokers it lacks (live jokers, and pile jokers at a discount) less the risk of
        being caught with it."""
        code = JOKER.code
        held = have[code]
        value = self.values[1][code]
        if held >= 3 or not plays_jokers(self.rules):
            return value if held >= 3 else -self.risk * self.values[0][code]
        outs = self.outs[code]
        p = 1.0 - (1.0 - self.q) ** outs if outs else 0.0
        if held < 2:
            p = p * p * 0.5
        return p * value - (1.0 - p) * self.risk * self.values[0][code]

    def hand_worth(self, cards: list[Card]) -> float:
        have = [0] * 53
        for card in cards:
            have[card.code] += 1
        return sum(self.card_value(card, have) for card in cards)

    def marginals(self, cards: list[Card]) -> dict[Card, float]:
        """What each card adds to the hand's worth (its loss costs this much)."""
        return self.marginals_and_worth(cards)[0]

    def marginals_and_worth(self, cards: list[Card]) -> tuple[dict[Card, float], float]:
        """`marginals`, and the hand's worth (`hand_worth`) from the same card values."""
        have = [0] * 53
        held = 0  # the hand's cards, bit by card code
        for card in cards:
            have[card.code] += 1
            held |= 1 << card.code
        card_value = self.card_value
        values = {card: card_value(card, have) for card in cards}
        out: dict[Card, float] = {}
        for card, total in values.items():
            code = card.code
            others = RELATED_BITS[code] & held & ~(1 << code)  # the cards its loss changes
            if others:
                have[code] -= 1
                if others & (others - 1):  # two or more: added in the hand's order
                    for other, value in values.items():
                        if others >> other.code & 1:
                            total += value - card_value(other, have)
                else:
                    other = CARDS[others.bit_length() - 1]
                    total += values[other] - card_value(other, have)
                have[code] += 1
            out[card] = total
        return out, sum([values[card] for card in cards])
