"""What a discard gives away, for the strong level's values (`values.Context` inherits it):
what a card on the pile gives whoever takes from it, and what it gives the next player
(and, less, the others) from what each of them is known to hold, took or refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import JOKER, Card
from ...fast.masks import lane, mask_of, suits_of
from ...variants.partnership import partner_of
from .tables import BITS, NEAR, RANK_NEAR, RELATED, SAME_RANK, related_mask

if TYPE_CHECKING:
    from ...rules import Rules
    from ..knowledge import Knowledge

FEED = 1.0
"""Weight of what a discard gives to the next player."""


class Feeding:
    """The part of `values.Context` that weighs what a discard gives away (its fields are
    the Context's)."""

    __slots__ = ("pile_mask", "seats")

    pile_mask: int
    """`fast.masks.mask_of(pile)`, once asked for (-1 before)."""
    seats: list[tuple[float, list[Card], float, int, int]] | None
    """What `_seats` answers, once asked for (None before)."""

    k: Knowledge
    seat: int
    n: int
    rules: Rules
    pile: list[Card]
    values: tuple[list[int], list[int], list[int]]
    layable: dict[int, int]
    live: list[int]
    counts: list[int]
    unseen: int

    def pile_gain(self, card: Card) -> float:
        """What the card gives whoever takes from the pile after it (RULES 4.1: the cards
        above the chosen one come along): with pile cards it makes a meld (anyone can
        take the deepest of them and lay it at once) or a near meld (a taker needs one
        card of its own)."""
        if not self.pile:
            return 0.0
        mask = self.pile_mask
        if mask < 0:
            mask = self.pile_mask = mask_of(self.pile)  # each card once: as the sets were
        rank, suit = card.rank, card.suit_no
        same = BITS[suits_of(mask, rank) & ~(1 << suit)]  # the rank in other suits
        suited = lane(mask, suit)  # the suit's ranks, bit r for rank r
        r_up1, r_dn1, r_up2, r_dn2 = RANK_NEAR[rank]
        up1, dn1 = suited >> r_up1 & 1, suited >> r_dn1 & 1
        up2, dn2 = suited >> r_up2 & 1, suited >> r_dn2 & 1
        tv = self.values[1][card.code]
        if same >= 2 or (up1 and (dn1 or up2)) or (dn1 and dn2):
            return 2.5 * tv + 10
        near = same + up1 + dn1 + up2 + dn2
        return min(near, 2) * 0.3 * (tv + 8)

    def feed(self, card: Card) -> float:
        """What putting this card on the pile gives the next player (and, less, the
        others), in points."""
        code = card.code
        tv = self.values[1][code]  # table_value(card, rules, True)
        layable = self.rules.pile_use == "meld_or_layoff" and code in self.layable
        if card is JOKER:
            return FEED * self.joker_feed(layable, tv)
        pile_gain = self.pile_gain(card)
        live = self.live
        rank_live = 0
        for other in SAME_RANK[code]:
            rank_live += live[other]
        near = NEAR[code]
        run_live = live[near[1]] + live[near[0]]
        pairs = rank_live * (rank_live - 1) / 2 + run_live * 1.2
        seats = self.seats
        if seats is None:
            seats = self.seats = self._seats()
        total = 0.0
        for weight, known, share2, quiet, took in seats:
            gain = tv + 2 if layable else 0.0
            if known:
                partners = 0
                for held in known:
                    if _fits(held, card):
                        partners += 1
                if partners >= 2:
                    gain = max(gain, tv + 15)
                elif partners == 1:
                    gain = max(gain, 0.35 * (tv + 10))
            signal = 1.0
            if quiet >> code & 1:
                signal = 0.5
            if took >> code & 1:
                signal = 1.6
            gain = max(gain, min(0.8, share2 * pairs * signal) * (tv + 10), pile_gain)
            total += weight * gain
        return FEED * total

    def _seats(self) -> list[tuple[float, list[Card], float, int, int]]:
        """For `feed`, once per decision: each seat a discard may feed, in the order of
        play from this one (the partner left out, RULES 8), with its weight, its known
        cards, its share of the unseen cards squared, and the cards related to what it
        refused or discarded, and to what it took (as masks by card code)."""
        k = self.k
        partner = partner_of(self.seat, self.rules)
        found = []
        for step in range(1, self.n):
            other = (self.seat + step) % self.n
            if other == partner:
                continue  # RULES 8: what the partner takes scores for the side
            weight = 1.0 if step == 1 else 0.35 / (step - 1)
            known = k.known[other]
            hidden = max(self.counts[other] - len(known), 0)
            share = hidden / self.unseen
            quiet = related_mask(k.refused[other]) | related_mask(k.discarded[other])
            found.append((weight, known, share * share, quiet, related_mask(k.took[other])))
        return found

    def joker_feed(self, layable: bool, tv: int) -> float:
        """What a discarded joker gives the next player (RULES 8, `persian`): a lay-off on
        a set of jokers, or a set with the jokers it took before or the pile's."""
        if layable:
            return tv + 2
        following = (self.seat + 1) % self.n
        near = sum(1 for card in self.k.took[following] if card is JOKER)
        near += sum(1 for card in self.pile if card is JOKER)
        return 0.0 if near < 2 else tv + 15


def _fits(a: Card, b: Card) -> bool:
    """Whether two cards could be in one meld: same rank, other suit; or near in a suit."""
    return a.code != b.code and RELATED[a.code][b.code]
