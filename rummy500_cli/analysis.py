"""What happened in a game, in figures (`rummy500 analyze`).

Two parts:

- `game_stats(events)`: per round and per seat, read from the log alone: points melded,
  points laid off (and on whose melds), deadwood at the end, pile takes with their depth
  and how many of the taken cards were put on the table, discards the next player took,
  the turn each player went out on, and missed plays (melds or lay-offs that the hand
  left at the end of the round could still have made).
- `judge_decisions(...)`: every decision of a seat weighed against the expert bot's
  choice, from that seat's information only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from .cards import JOKER
from .engine import joker_actions
from .events import (
    Discarded,
    Event,
    GameStarted,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    RoundEnded,
    RumCalled,
)
from .melds import Meld, hand_index, layoffs_on, runs_in, sets_in
from .sides import side_totals, team_of
from .state import State
from .variants import variant_of


class Take(msgspec.Struct, frozen=True):
    """One take from the pile: how deep, how many cards, how many of them were laid."""

    depth: int
    used: int


class SeatRound(msgspec.Struct, kw_only=True):
    """One seat's round in figures."""

    melded: int = 0
    laid_off: int = 0
    laid_off_on: dict[str, int] = msgspec.field(default_factory=dict)
    deadwood: int = 0
    deadwood_cards: list[str] = msgspec.field(default_factory=list)
    score: int = 0
    takes: list[Take] = msgspec.field(default_factory=list)
    fed_next: int = 0
    """Discards that the next player took from the pile."""
    turns: int = 0
    went_out_on_turn: int | None = None
    missed: list[str] = msgspec.field(default_factory=list)
    """Plays the final hand could still make (command language)."""


class RoundStats(msgspec.Struct, kw_only=True):
    round: int
    reason: str
    went_out: str | None
    seats: list[SeatRound]


class GameStats(msgspec.Struct, kw_only=True):
    players: list[str]
    rounds: list[RoundStats]
    totals: list[int]
    finished: bool

    def per_seat(self) -> list[dict[str, float]]:
        """Game totals per seat, for the summary table."""
        out = []
        for seat in range(len(self.players)):
            rows = [r.seats[seat] for r in self.rounds]
            takes = [t for r in rows for t in r.takes]
            out.append(
                {
                    "melded": sum(r.melded for r in rows),
                    "laid_off": sum(r.laid_off for r in rows),
                    "deadwood": sum(r.deadwood for r in rows),
                    "pile_takes": len(takes),
                    "mean_depth": (sum(t.depth for t in takes) / len(takes)) if takes else 0.0,
                    "taken_cards_used": sum(t.used for t in takes),
                    "taken_cards": sum(t.depth for t in takes),
                    "fed_next": sum(r.fed_next for r in rows),
                    "went_out": sum(r.went_out_on_turn is not None for r in rows),
                    "missed_plays": sum(len(r.missed) for r in rows),
                }
            )
        return out


def missed_plays(state: State, seat: int, melds: Sequence[Meld] | None = None) -> list[str]:
    """Melds and lay-offs that a hand could still make on the table as it is (or on
    `melds`, the table as it was before the move that ended the round)."""
    hand = state.hands[seat]
    plays = [
        f"meld {' '.join(c.ascii for c in cards)}"
        for cards in sets_in(hand, state.rules, state.decks)
    ]
    plays += [f"meld {' '.join(c.ascii for c in cards)}" for _, cards in runs_in(hand, state.rules)]
    index = hand_index(hand)
    table = list(state.melds if melds is None else melds)
    for meld in table:
        for cards, _end in layoffs_on(meld, hand, index, state.rules, state.decks):
            plays.append(f"lay {' '.join(c.ascii for c in cards)} on {meld.id}")
    if JOKER in hand:  # RULES 8: plays with jokers, as the command language writes them
        plays += [action.text() for action in joker_actions(state, list(hand), table)]
    return list(dict.fromkeys(plays))


def game_stats(events: Sequence[Event]) -> GameStats:
    """Every figure of the module docstring's first part, from the events alone."""
    header = events[0]
    assert isinstance(header, GameStarted)
    state = State(header)
    n = len(header.players)
    rounds: list[RoundStats] = []
    seats: list[SeatRound] = []
    open_takes: dict[int, list[tuple[int, set[str], list[str]]]] = {}
    last_discard: tuple[int, str] | None = None
    table_before_end: list[Meld] | None = None
    for event in events[1:]:
        if isinstance(event, Melded | LaidOff | Discarded):
            cards = event.cards if isinstance(event, Melded | LaidOff) else (event.card,)
            if len(state.hands[event.seat]) == len(cards):  # this move ends the round
                table_before_end = [meld.copy() for meld in state.melds]
        if isinstance(event, RoundEnded):
            for seat in range(n):
                # missed plays: what the hand at the end could still have put down on
                # the table as it was before the move that ended the round
                seats[seat].missed = missed_plays(state, seat, table_before_end)
            table_before_end = None
        state.apply(event)
        if isinstance(event, RoundDealt):
            seats = [SeatRound() for _ in range(n)]
            open_takes = {seat: [] for seat in range(n)}
            last_discard = None
        elif isinstance(event, Melded | LaidOff | RumCalled):
            row = seats[event.seat]
            points = sum(event.values)
            if isinstance(event, Melded):
                row.melded += points
            else:  # a Rum! call (RULES 7) is a lay-off of the discard
                row.laid_off += points
                owner = header.players[state.melds[event.meld - 1].owner]
                row.laid_off_on[owner] = row.laid_off_on.get(owner, 0) + points
            played = (event.card,) if isinstance(event, RumCalled) else event.cards
            for _depth, taken, used in open_takes[event.seat]:
                used.extend(card for card in played if card in taken)
        elif isinstance(event, PileTaken):
            open_takes[event.seat].append((event.depth, set(event.cards), []))
            if (
                last_discard is not None
                and last_discard[1] in event.cards
                and (last_discard[0] + 1) % n == event.seat
            ):
                seats[last_discard[0]].fed_next += 1
        elif isinstance(event, Discarded):
            seats[event.seat].turns += 1
            last_discard = (event.seat, event.card)
        elif isinstance(event, RoundEnded):
            for seat, score in enumerate(event.scores):
                row = seats[seat]
                row.deadwood = score.hand
                row.deadwood_cards = list(score.deadwood)
                row.score = score.score
                row.takes = [
                    Take(depth, len(set(used))) for depth, _taken, used in open_takes[seat]
                ]
            if event.went_out is not None:
                mover = seats[event.went_out]
                ended_by_discard = (
                    isinstance(last_discard, tuple) and last_discard[0] == event.went_out
                )
                mover.went_out_on_turn = mover.turns + (0 if ended_by_discard else 1)
            rounds.append(
                RoundStats(
                    round=event.round,
                    reason=event.reason,
                    went_out=None if event.went_out is None else header.players[event.went_out],
                    seats=seats,
                )
            )
    if seats and (not rounds or rounds[-1].seats is not seats):  # the round in play
        for seat in range(n):
            seats[seat].takes = [
                Take(depth, len(set(used))) for depth, _taken, used in open_takes[seat]
            ]
        rounds.append(RoundStats(round=state.round, reason="in_play", went_out=None, seats=seats))
    return GameStats(
        players=list(header.players),
        rounds=rounds,
        totals=list(state.totals),
        finished=state.over,
    )


# --- Judging decisions ------------------------------------------------------------------

LABELS = (("blunder", 0.15), ("mistake", 0.08), ("inaccuracy", 0.03))
"""A decision's label by the drop in the estimated chance of winning the game."""
MIN_POINTS = 2.0
"""Below this many expected points lost, no label: noise of the sampling."""


class Decision(msgspec.Struct, kw_only=True):
    """One decision of a seat, weighed against the expert's best."""

    seq: int
    """The log line (sequence number) of the event that records the decision."""
    round: int
    seat: int
    step: str
    played: str
    best: str
    points_lost: float
    win_chance: float
    """The estimated chance of winning the game after the best move."""
    win_drop: float
    """How much lower that chance is after the move played."""
    label: str | None
    samples: int


def win_chance(totals: Sequence[int], seat: int, gain: float, target: int) -> float:
    """A rough model of the chance that a seat wins the game: a logistic curve of its
    lead over the best other total after this round's expected gain, scaled by how far
    the game is from its end (a lead matters more near the target), starting from a
    fair share 1/n when all are level."""
    import math

    others = [total for index, total in enumerate(totals) if index != seat]
    lead = totals[seat] + gain - max(others)
    remaining = max(0, target - max(totals))
    scale = 10.0 + 0.25 * remaining
    fair = 1 / len(totals)
    logit = lead / scale + math.log(fair / (1 - fair))
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, logit))))


def race(state: State) -> tuple[Sequence[int], int, int]:
    """What `win_chance` compares for the player to move: the totals, its place among
    them and the target. RULES 8: in a partnership game the sides' totals and its side;
    under persian, which ends after two deals whatever the scores, a target as far ahead
    of the leading side as about 150 points a deal still to play."""
    rules = state.rules
    sides = side_totals(state)
    if not sides:
        return state.totals, state.to_move, rules.target
    side = team_of(state.to_move, rules)
    deals = variant_of(rules).deals
    if deals is not None:
        deals_left = max(1, deals - state.round + 1)
        return sides, side, max(sides) + 150 * deals_left
    return sides, side, rules.target


def label_for(drop: float, points_lost: float) -> str | None:
    if points_lost < MIN_POINTS:
        return None
    for name, threshold in LABELS:
        if drop >= threshold:
            return name
    return None


def judge_decisions(
    events: Sequence[Event],
    seats: Sequence[int],
    think: int = 100,
    progress: Callable[[int, int], None] | None = None,
) -> list[Decision]:
    """Weigh every decision of the seats against the expert bot's best move.

    At each decision with a real choice, the expert (which sees only what the seat saw)
    names its candidate moves; the move played is added to them; each is played out over
    the same sampled deals of the unseen cards, as the expert does when it plays; the
    difference of the means is the expected points lost, and `win_chance` turns each
    mean into a chance of winning the game. `think` (ms, counted in simulated moves as
    the expert counts it) bounds the work per decision; at least 4 deals are sampled.
    """
    from .bots.expert import ExpertBot
    from .bots.knowledge import masked_state
    from .engine import legal_actions, recorded_action

    header = events[0]
    assert isinstance(header, GameStarted)
    state = State(header)
    experts = {seat: ExpertBot(header.seed, seat, think) for seat in seats}
    decisions: list[Decision] = []
    total = len(events)
    for index in range(1, total):
        event = events[index]
        seat = state.to_move
        action = recorded_action(state, event) if state.phase in ("draw", "play") else None
        if action is not None and seat in experts:
            legal = legal_actions(state)
            if len(legal) > 1:
                bot = experts[seat]
                bot.catch_up(events[:index])
                knowledge = bot.knowledge(state)
                masked = masked_state(state, knowledge)
                candidates = bot.candidates(masked, legal, knowledge) or []
                if not candidates:
                    candidates = [bot.strong.decide(masked, legal, knowledge)[0]]
                played = next((a for a in legal if a == action), action)
                if played not in candidates:
                    candidates.append(played)
                if len(candidates) > 1:
                    decisions.append(
                        _weigh(bot, state, masked, knowledge, candidates, played, index)
                    )
        state.apply(event)
        if progress is not None:
            progress(index, total - 1)
    return decisions


def _weigh(bot, state, masked, knowledge, candidates, played, seq) -> Decision:
    means, samples = bot.weigh(
        masked,
        knowledge,
        candidates,
        bot.rng(state, "/analyze"),
        "/analyze",
        min_samples=4,
        max_samples=200,
    )
    best = max(range(len(candidates)), key=lambda i: means[i])
    mine = candidates.index(played)
    totals, me, target = race(state)
    chance_best = win_chance(totals, me, means[best], target)
    chance_mine = win_chance(totals, me, means[mine], target)
    lost = max(0.0, means[best] - means[mine])
    drop = max(0.0, chance_best - chance_mine)
    return Decision(
        seq=seq,
        round=state.round,
        seat=state.to_move,
        step=state.phase,
        played=played.text(),
        best=candidates[best].text(),
        points_lost=round(lost, 1),
        win_chance=round(chance_best, 3),
        win_drop=round(drop, 3),
        label=label_for(drop, lost) if best != mine else None,
        samples=samples,
    )
