"""The `strong` bot: a heuristic player that values its hand by what may still come.

Every card left in the hand is worth its chance of being melded times its table value,
less the chance that it is still in the hand when the round ends times its hand value
(`Context.card_value`). The chance of a meld counts the *live* cards that complete it:
unseen cards (not in any hand the seat can see, the pile or a meld), and shallow pile
cards at a discount. The chance of being caught grows as the round's likely end comes
closer: the stock running out, or an opponent with few cards.

- Draw: a pile take is worth the points it lays down this turn plus the value of the
  hand it leaves (deadwood brought in included) against the hand as it is now; it is
  taken when that beats a stock draw.
- Play: the plays that put the most points down (`hand.plan`), one by one; going out
  is held back when it would end the game lost.
- Discard: the card whose loss costs the hand least, plus what it would give away: a
  card the next player can lay off, one that makes a meld with cards already in the
  pile (a deep take gets them all), or one that fits what that player took from the
  pile (its known cards), weighed down when it refused or discarded such cards.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import AnyAction, ChooseUpcard, Discard, DrawStock, LayMeld, LayOff, TakePile
from ..cards import JOKER, Card
from ..render.words import count
from ..scoring import hand_total
from ..state import State
from ..variants import variant_of
from ..variants.partnership import opponents, partner_of, partnered
from .base import Bot
from .heuristics.hand import Plan, plan
from .heuristics.plays import best_play, gambit_move, keep_jokers, play_points, window_choice
from .heuristics.values import Context
from .knowledge import Knowledge

TAKE_MARGIN = 2.0
"""Points a pile take must gain over a stock draw (it spends the turn's draw)."""
_PLAYS = frozenset({LayMeld, LayOff})
"""The plays among the actions, by type: the actions' classes are never subclassed
(tests/bots/test_bots_planner.py), and checked as `type(a) in _PLAYS` a move's dozen
actions are sorted in a third of the time `isinstance` takes with msgspec's classes."""


class StrongBot(Bot):
    """A heuristic player: hand values from live cards, pile takes weighed against the
    round's length, safe discards, and going out timed by the score."""

    level = "strong"

    def decide(
        self, state: State, legal: list[AnyAction], knowledge: Knowledge | None
    ) -> tuple[AnyAction, str]:
        assert knowledge is not None  # needs_knowledge: it is always given
        return self.decide_for(state, legal, knowledge.seat, lambda: knowledge)

    def decide_for(
        self,
        state: State,
        legal: list[AnyAction],
        seat: int,
        knowledge: Callable[[], Knowledge],
        why: bool = True,
    ) -> tuple[AnyAction, str]:
        """`decide` for `seat`, its knowledge asked for only when the move needs it (a
        play the hand's plan finds needs none): the same move, for less work. Without
        `why` (a playout), a play's reason is left empty rather than counted."""
        phase = state.phase
        if phase == "window":
            return window_choice(state, legal)
        if state.gambit is not None:  # RULES 8, dealers_gambit: its actions come first
            gambit = gambit_move(legal)
            if gambit is not None:
                return gambit
        if phase == "draw":
            return self.draw(state, legal, Context(state, knowledge()))
        if phase == "upcard":
            choices = [a for a in legal if isinstance(a, ChooseUpcard)]
            ctx = Context(state, knowledge())
            return self._cheapest(state, choices, ctx, "starts the pile with")
        made: list[Context] = []

        def context() -> Context:
            if not made:
                made.append(Context(state, knowledge()))
            return made[0]

        return self._play(state, legal, seat, context, why)

    # --- draw -------------------------------------------------------------------------

    def take_values(self, state: State, legal: list[AnyAction], ctx: Context):
        """(gain over a stock draw, action, points now) for each pile take."""
        rules = state.rules
        hand = state.hands[ctx.seat]
        keep_one = rules.final_discard == "required"
        now = plan(hand, state.melds, rules, state.decks, None, keep_one)
        base_rest = now.rest if now is not None else hand
        base = (now.points if now is not None else 0) + self._after_discard(base_rest, ctx)
        found = []
        for action in legal:
            if type(action) is not TakePile:
                continue
            taken = state.pile[-action.depth :]
            chosen = taken[0]
            kept = rules.keeps(action.depth)
            result = plan(
                hand + taken, state.melds, rules, state.decks, None if kept else chosen, keep_one
            )
            if result is None:
                continue
            rest = result.rest
            if kept and chosen in rest and len(rest) > 1:
                rest_value = self._after_discard([c for c in rest if c is not chosen], ctx)
                rest_value += ctx.card_value(chosen, _have(rest))
            else:
                rest_value = self._after_discard(rest, ctx)
            gain = result.points + rest_value - base - TAKE_MARGIN
            found.append((gain, action, result.points))
        return found

    def draw(self, state: State, legal: list[AnyAction], ctx: Context) -> tuple[AnyAction, str]:
        best = None
        for gain, action, points in self.take_values(state, legal, ctx):
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, action, points)
        if best is None:
            return DrawStock(), "no pile take is worth more than a stock draw"
        gain, action, points = best
        chosen = state.pile[-action.depth]
        extra = action.depth - 1
        why = f"takes {chosen} for {count(points, 'point')} this turn"
        if extra:
            why += f" with {extra} more card{'s' if extra > 1 else ''}"
        return action, f"{why}; worth about {gain:.0f} more than a stock draw"

    def _after_discard(self, cards: list[Card], ctx: Context) -> float:
        """The hand's worth once its least useful card is discarded."""
        if len(cards) <= 1:
            return 0.0
        marg, worth = ctx.marginals_and_worth(cards)
        return worth - min(marg.values())

    # --- play -------------------------------------------------------------------------

    def play(self, state: State, legal: list[AnyAction], ctx: Context) -> tuple[AnyAction, str]:
        return self._play(state, legal, ctx.seat, lambda: ctx)

    def _play(
        self,
        state: State,
        legal: list[AnyAction],
        seat: int,
        context: Callable[[], Context],
        why: bool = True,
    ) -> tuple[AnyAction, str]:
        """`play`, the seat's Context asked for (`context`) only when the move needs it."""
        plays: list[AnyAction] = [a for a in legal if type(a) in _PLAYS]
        if plays:
            found = turn_plan(state, seat)
            action = _first_play(found, plays, state) if found is not None else None
            if action is None and state.pending is not None:
                action = best_play(state, plays)
            if action is None:
                action = _joker_play(state, plays, context)
            if isinstance(action, LayMeld) and not action.double:  # RULES 8, dealers_gambit
                doubled = LayMeld(action.cards, action.ace_high, action.jokers, True)
                if doubled in plays:
                    action = doubled
            if action is not None:
                if any(type(a) is Discard for a in legal) and self._holds_back(
                    state, found, context
                ):
                    action = None
                elif not why:
                    return action, ""
                else:
                    return action, f"puts {count(play_points(state, action), 'point')} on the table"
        discards = [a for a in legal if type(a) is Discard]
        if not discards:
            action = best_play(state, plays) or legal[0]
            return action, "the play the rules ask for"
        return self._cheapest(state, discards, context(), "discards")

    def _holds_back(self, state: State, found, context: Callable[[], Context]) -> bool:
        """Whether to keep the cards rather than go out: going out would end the game
        with this seat behind (RULES 6.4), and a discard is possible instead."""
        if found is None or found.rest or state.pending is not None:
            return False
        return self._loses_by_ending(state, context(), [])

    def _loses_by_ending(self, state: State, ctx: Context, rest: list[Card]) -> bool:
        rules = state.rules
        if partnered(rules):
            return self._side_loses_by_ending(state, ctx, rest)
        me = ctx.seat
        mine = state.totals[me] + state.table_points[me]
        mine -= hand_total(rest, rules)
        best_other = -(10**9)
        for j in range(state.n):
            if j == me:
                continue
            guess = state.totals[j] + state.table_points[j] - 7 * ctx.counts[j]
            best_other = max(best_other, guess)
        ends = max(mine, best_other) >= rules.target
        return ends and best_other >= mine

    def _side_loses_by_ending(self, state: State, ctx: Context, rest: list[Card]) -> bool:
        """RULES 8: going out would end the game with this seat's side behind. The sides
        are compared by their totals: this seat's (its hand known), its partner's and the
        opponents' (their hands guessed at 7 a card). Under `persian` the game ends with
        the second deal, and going out adds 25 to the side."""
        rules = state.rules
        me = ctx.seat

        def guess(seat: int) -> int:
            return state.totals[seat] + state.table_points[seat] - 7 * ctx.counts[seat]

        partner = partner_of(me, rules)
        assert partner is not None
        mine = state.totals[me] + state.table_points[me] - hand_total(rest, rules)
        mine += guess(partner)
        theirs = sum(guess(seat) for seat in opponents(me, rules, state.n))
        variant = variant_of(rules)
        if variant.deals is not None:  # RULES 8, persian: a game of two deals
            mine += variant.out_bonus
            ends = state.round >= variant.deals
        else:
            ends = max(mine, theirs) >= rules.target
        return ends and theirs >= mine

    def discard_costs(
        self, state: State, choices: list, ctx: Context
    ) -> list[tuple[float, AnyAction]]:
        """(what it costs to let the card go, action) for each discard (or upcard), the
        cheapest first: the card's worth to the hand plus what it gives away."""
        hand = state.hands[ctx.seat]
        marg = ctx.marginals(hand)
        if not ctx.joker_sets:  # RULES 8: persian's jokers are not wild: weighed as any card
            choices = keep_jokers(choices)
        ranked = []
        for action in choices:
            card = action.card
            ranked.append((marg.get(card, 0.0) + ctx.feed(card), -card.code, action))
        ranked.sort(key=lambda item: (item[0], item[1]))
        return [(cost, action) for cost, _, action in ranked]

    def _cheapest(
        self, state: State, choices: list, ctx: Context, verb: str
    ) -> tuple[AnyAction, str]:
        action = self.discard_costs(state, choices, ctx)[0][1]
        assert isinstance(action, Discard | ChooseUpcard)
        return (
            action,
            f"{verb} {action.card}: the card the hand misses least, and gives away little",
        )


def turn_plan(state: State, seat: int) -> Plan | None:
    """The plays that put the most points down from `seat`'s hand now (`hand.plan`), as
    the strong bot makes them: one card kept back where a final discard is due."""
    rules = state.rules
    keep_one = rules.final_discard == "required" or state.kept is not None
    return plan(state.hands[seat], state.melds, rules, state.decks, state.pending, keep_one)


def _have(cards: list[Card]) -> list[int]:
    have = [0] * 53
    for card in cards:
        have[card.code] += 1
    return have


def _first_play(found, plays: list[AnyAction], state: State) -> AnyAction | None:
    """The legal action for the first play of a plan: its melds first, then lay-offs."""
    if found is None:
        return None
    for cards in found.melds:
        wanted = sorted(cards, key=_code)
        for action in plays:
            if type(action) is LayMeld and sorted(action.cards, key=_code) == wanted:
                return action
    for cards, index in found.layoffs:
        meld_id = state.melds[index].id
        wanted = sorted(cards, key=_code)
        for action in plays:
            if (
                type(action) is LayOff
                and action.meld == meld_id
                and sorted(action.cards, key=_code) == wanted
            ):
                return action
    return None


def _joker_play(
    state: State, plays: list[AnyAction], context: Callable[[], Context]
) -> AnyAction | None:
    """RULES 8: when the hand has no play of its own, a play with a joker: a new meld
    (it turns two or more cards of the hand into points), the one laying most cards,
    then most points; a joker laid off alone only near the round's end or to go out."""
    melds = [a for a in plays if isinstance(a, LayMeld) and JOKER in a.cards]
    if melds:
        return max(melds, key=lambda a: (len(a.cards), play_points(state, a)))
    hand = state.hands[state.to_move]
    if context().turns > 2 and len(hand) > 2:
        return None
    layoffs = [a for a in plays if isinstance(a, LayOff) and JOKER in a.cards]
    if not layoffs:
        return None
    return max(layoffs, key=lambda a: (len(a.cards), play_points(state, a)))


def _code(card: Card) -> int:
    return card.code
