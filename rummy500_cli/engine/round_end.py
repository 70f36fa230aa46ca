"""The end of a round (RULES 5, 6.2, 7) and what follows it: the game's end (RULES 6.4,
and each variant's own, `variants`) or the next deal (RULES 2.6, 6b.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from ..events import Event, RoundDealt, RoundEnded, SeatScore
from ..rules import bonus_points
from ..scoring import hand_total
from ..variants import variant_of
from ..variants.partnership import opponents, partnered
from .setup import deal_round

if TYPE_CHECKING:
    from ..state import State

ROUND_LIMIT = 1000
"""RULES 5.4 (termination): with no `max_rounds`, a game that has not been won after this
many rounds (players who never meld can keep every total below the target) ends
unfinished, as `max_rounds` would end it. A real game is 4 to 15 rounds."""
MASTER_RUN = 500
"""RULES 7 (`master_run`): a 7-card run laid, then the last card discarded: 500."""


def end_round(
    state: State, reason: str, seat: int, bonus: int = 0, scratch: bool = False
) -> list[Event]:
    """The round's end as the state stands (the last play or discard applied): its
    RoundEnded, then what follows it. `seat` went out (or was to draw, at a stock-out);
    `bonus` is what it earned by going out (RULES 7). `scratch`: the state is a copy of
    the caller's own, which may take the RoundEnded itself."""
    rules = state.rules
    n = state.n
    penalty = reason == "went_out" or rules.stock_out_hand_penalty  # RULES 5.3
    hands = state.hands
    in_hands = [hand_total(hand, rules) for hand in hands]
    collected = _collected(state, reason, seat, in_hands) if penalty else [0] * n
    subtract = penalty and (
        not rules.opponents_hand or (reason == "stock_out" and not _two_sided(state))
    )
    scores = []
    for s in range(n):  # RULES 6.2, 7
        table = state.table_points[s]
        extra = bonus if s == seat else 0
        score = table - (in_hands[s] if subtract else 0) + extra + collected[s]
        scores.append(
            SeatScore(
                table=table,
                hand=in_hands[s],
                score=score,
                total=state.totals[s] + score,
                deadwood=tuple(card.ascii for card in hands[s]),
                bonus=extra,
                collected=collected[s] if rules.opponents_hand else msgspec.UNSET,
            )
        )
    ended = RoundEnded(
        round=state.round,
        reason="went_out" if reason == "went_out" else "stock_out",
        went_out=seat if reason == "went_out" else None,
        scores=tuple(scores),
    )
    ended = variant_of(state.rules).round_ended(state, ended)
    after = state if scratch else state.copy()
    after.apply(ended)
    return [ended, *after_round_end(after)]


def after_round_end(state: State) -> list[Event]:
    """The events that follow a round's end, computed from the state it left (its
    round_ended applied): the game's end (won, or stopped by the round limit), or the
    next round's deal."""
    variant = variant_of(state.rules)
    won = variant.game_won(state)
    if won is not None:
        return [won]
    if state.round >= (state.rules.max_rounds or ROUND_LIMIT):  # RULES 5.4
        return [variant.game_unfinished(state)]
    return [_next_deal(state, state.went_out)]


def _next_deal(state: State, went_out: int | None) -> RoundDealt:
    """The next round's deal: the deal passes on in the order of play (RULES 2.6, 8), or
    to the round's winner (RULES 6b.3)."""
    dealer = (state.dealer + state.step) % state.n
    if state.rules.next_dealer == "round_winner" and went_out is not None:
        dealer = went_out
    return deal_round(state.header, state.round + 1, dealer)


def _two_sided(state: State) -> bool:
    """Whether the table is two opponents or two sides (RULES 7, opponents_hand at a
    stock-out)."""
    return state.n == 2 or partnered(state.rules)


def _collected(state: State, reason: str, seat: int, in_hands: list[int]) -> list[int]:
    """RULES 7 (`opponents_hand`): the hand points each seat adds from the others' hands.

    The seat that went out adds the hands of its opponents (every other player; with
    sides, the other side: a partner's hand counts for no one). At a stock-out between
    two players each adds the other's hand; between two sides, each seat adds the hand
    of the opponent after it, so each side adds each opponent's hand once. Otherwise
    nobody adds (each subtracts their own)."""
    n, rules = state.n, state.rules
    if not rules.opponents_hand:
        return [0] * n
    if reason == "went_out":
        total = sum(in_hands[other] for other in opponents(seat, rules, n))
        return [total if s == seat else 0 for s in range(n)]
    if _two_sided(state):
        return [in_hands[(s + 1) % n] for s in range(n)]
    return [0] * n


def out_bonus(state: State, seat: int, by_discard: bool) -> int:
    """What the seat earns by going out now (state: before its last play): RULES 7
    `go_out_bonus` on its first turn of the round, `master_run` with a run of 7 or more
    laid this turn and the last card discarded; and the variant's bonus (RULES 8)."""
    rules = state.rules
    bonus = 0
    if rules.go_out_bonus and state.turns[seat] == 0:
        bonus += bonus_points(rules.go_out_bonus, rules)
    if rules.master_run and state.long_run and by_discard:
        bonus += bonus_points(MASTER_RUN, rules)
    variant = variant_of(rules)
    if variant.out_bonus:  # RULES 8, persian: going out, +25 to the side
        bonus += bonus_points(variant.out_bonus, rules)
    return bonus
