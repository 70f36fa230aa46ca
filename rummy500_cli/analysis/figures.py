"""What happened in a game, in figures (`rummy500 analyze`).

Two parts:

- `game_stats(events)`: per round and per seat, read from the log alone: points melded,
  points laid off (and on whose melds), deadwood at the end, pile takes with their depth
  and how many of the taken cards were put on the table, discards the next player took,
  the turn each player went out on, and missed plays (melds or lay-offs that the hand
  left at the end of the round could still have made).
- `judge.judge_decisions(...)`: every decision of a seat weighed against the expert
  bot's moves, from that seat's information only (a module of its own).
- `accuracy(...)` and `summary(...)`: each player's decisions in one score from 0 to 100
  and the counts of each label.
- `costliest(...)`: each player's costliest decisions, labelled or not (what the report,
  the viewer's `c` key and export show, so that a game with any loss points at moves).
- `fortunes.fortunes(...)`: each player's change in the chance of winning over the game,
  split into what the decisions did and what the cards did (gnubg's luck-adjusted
  result; a module of its own).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

import msgspec

from ..cards import JOKER
from ..engine import joker_actions
from ..events import (
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
from ..fast.masks import layoffs_on, runs_in, sets_in
from ..laid_melds import Meld
from ..melds import hand_index
from ..state import State


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
        totals = SeatTotals(len(self.players))
        for round_stats in self.rounds:
            totals.add(round_stats)
        return totals.per_seat()


class SeatTotals:
    """`GameStats.per_seat` counted a round at a time (every figure is a whole number
    until the mean depth, so the sums are exact in any order)."""

    KEYS = (
        "melded",
        "laid_off",
        "deadwood",
        "pile_takes",
        "taken_cards_used",
        "taken_cards",
        "fed_next",
        "went_out",
        "missed_plays",
    )

    def __init__(self, n: int) -> None:
        self.sums = [dict.fromkeys(self.KEYS, 0) for _ in range(n)]

    def add(self, round_stats: RoundStats) -> None:
        for row, sums in zip(round_stats.seats, self.sums, strict=True):
            sums["melded"] += row.melded
            sums["laid_off"] += row.laid_off
            sums["deadwood"] += row.deadwood
            sums["pile_takes"] += len(row.takes)
            sums["taken_cards_used"] += sum(t.used for t in row.takes)
            sums["taken_cards"] += sum(t.depth for t in row.takes)
            sums["fed_next"] += row.fed_next
            sums["went_out"] += row.went_out_on_turn is not None
            sums["missed_plays"] += len(row.missed)

    def per_seat(self) -> list[dict[str, float]]:
        out = []
        for sums in self.sums:
            takes, depth = sums["pile_takes"], sums["taken_cards"]
            out.append(
                {
                    "melded": sums["melded"],
                    "laid_off": sums["laid_off"],
                    "deadwood": sums["deadwood"],
                    "pile_takes": takes,
                    "mean_depth": (depth / takes) if takes else 0.0,
                    "taken_cards_used": sums["taken_cards_used"],
                    "taken_cards": depth,
                    "fed_next": sums["fed_next"],
                    "went_out": sums["went_out"],
                    "missed_plays": sums["missed_plays"],
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


def game_stats(events: Iterable[Event]) -> GameStats:
    """Every figure of the module docstring's first part, from the events alone (read
    once, in order: a long log's as a stream)."""
    stats = GameStats(players=[], rounds=[], totals=[], finished=False)
    stats.rounds = list(each_round(events, stats))
    return stats


def each_round(events: Iterable[Event], end: GameStats) -> Iterator[RoundStats]:
    """`game_stats`' rounds one at a time, as each ends (the round in play last); then
    the game's players, totals and whether it is finished are set in `end`."""
    source = iter(events)
    header = next(source)
    assert isinstance(header, GameStarted)
    state = State(header)
    n = len(header.players)
    seats: list[SeatRound] = []
    told: list[SeatRound] | None = None
    """The seats of the last round told."""
    open_takes: dict[int, list[tuple[int, set[str], list[str]]]] = {}
    last_discard: tuple[int, str] | None = None
    table_before_end: list[Meld] | None = None
    for event in source:
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
            yield RoundStats(
                round=event.round,
                reason=event.reason,
                went_out=None if event.went_out is None else header.players[event.went_out],
                seats=seats,
            )
            told = seats
    if seats and told is not seats:  # the round in play
        for seat in range(n):
            seats[seat].takes = [
                Take(depth, len(set(used))) for depth, _taken, used in open_takes[seat]
            ]
        yield RoundStats(round=state.round, reason="in_play", went_out=None, seats=seats)
    end.players, end.totals, end.finished = list(header.players), list(state.totals), state.over


# --- Accuracy and the per-player summary ------------------------------------------------


def move_accuracy(before: float, after: float) -> float:
    """lichess's accuracy of one move from its value after the best move and after the
    move played (for lichess, the chance of winning in %): 100 for no loss, falling fast
    with the loss, with its bonus of 1 for the imperfect analysis; within 0 and 100."""
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def accuracy(decisions: Sequence) -> float | None:
    """A player's accuracy from 0 to 100 over its judged decisions, as lichess computes
    a game's, with a Rummy 500 measure of loss: each decision's accuracy is lichess's
    curve of its expected points lost (a point lost counting as lichess counts a point
    of winning chance lost: the curve halves by about 16), and the game's is the mean
    of their volatility-weighted mean and their harmonic mean, a decision weighing by
    how much the player's chance of winning moved around it (the standard deviation
    over a window of its decisions, held within 0.5 and 12 points of %). None without
    decisions."""
    return accuracy_of([d.win_chance for d in decisions], [d.points_lost for d in decisions])


def accuracy_of(win_chances: Sequence[float], points_lost: Sequence[float]) -> float | None:
    """`accuracy` from the decisions' chances of winning after the best move and their
    expected points lost, in the order played (what `tally.Tally` keeps of each)."""
    if not win_chances:
        return None
    chances = [100.0 * chance for chance in win_chances]
    values = [move_accuracy(0.0, -max(0.0, lost)) for lost in points_lost]
    size = max(2, min(8, len(chances) // 10))
    weights = []
    for index in range(len(chances)):
        start = max(0, min(index - size // 2, len(chances) - size))
        window = chances[start : start + size]
        mean = sum(window) / len(window)
        deviation = math.sqrt(sum((x - mean) ** 2 for x in window) / len(window))
        weights.append(max(0.5, min(12.0, deviation)))
    weighted = sum(v * w for v, w in zip(values, weights, strict=True)) / sum(weights)
    harmonic = len(values) / sum(1.0 / max(v, 1e-3) for v in values)
    return round((weighted + harmonic) / 2, 1)


class PlayerSummary(msgspec.Struct, kw_only=True):
    """One player's decisions in figures."""

    seat: int
    decisions: int
    accuracy: float | None
    points_lost: float
    inaccuracies: int
    mistakes: int
    blunders: int
    unclear: int
    change: float | None = None
    """The player's chance of winning at the end less at the start (`fortunes`); None
    in an analysis saved before this field."""
    skill: float | None = None
    """The part of `change` the player's decisions made: their chance of winning after
    each move played less after the expert's first candidate, added up."""
    luck: float | None = None
    """The rest of `change`: the deals, the stock draws, the other players' moves."""


def summary(
    decisions: Sequence,
    seats: Sequence[int],
    events: Sequence[Event] | None = None,
    *,
    final: State | None = None,
) -> list[PlayerSummary]:
    """Each judged seat's accuracy, expected points lost and counts of each label; with
    the game's `events` (the line played), or the `final` state they fold to, its luck
    and skill too (`fortunes`)."""
    from .fortunes import fortunes

    out = []
    known = events is not None or final is not None
    split = fortunes(events or [], decisions, seats, final) if known else {}
    for seat in seats:
        mine = [d for d in decisions if d.seat == seat]

        def count(label: str, mine=mine) -> int:
            return sum(d.label == label for d in mine)

        out.append(
            PlayerSummary(
                seat=seat,
                decisions=len(mine),
                accuracy=accuracy(mine),
                points_lost=round(sum(max(0.0, d.points_lost) for d in mine), 1),
                inaccuracies=count("inaccuracy"),
                mistakes=count("mistake"),
                blunders=count("blunder"),
                unclear=count("unclear"),
                **split.get(seat, {}),
            )
        )
    return out


COSTLIEST = 3
"""At least this many of a player's decisions are shown as its costliest (every
labelled one too), whatever their size: a game with any loss points at its moves."""


def costliest(decisions: Sequence, seat: int, least: int = COSTLIEST) -> list:
    """A player's costliest decisions, the worst first: the `least` largest drops in the
    chance of winning (the expected points lost breaking ties) among the decisions that
    lost anything, and every labelled one. Labelled or not; the labels stay as strict
    as the judge makes them."""
    mine = [d for d in decisions if d.seat == seat and (d.costly or d.label)]
    mine.sort(key=lambda d: (-d.win_drop, -d.points_lost, d.seq))
    return [d for rank, d in enumerate(mine) if rank < least or d.label]


def costliest_marks(decisions: Sequence, seats: Sequence[int] | None = None) -> list:
    """Every judged player's costliest decisions together, the worst first (the order
    the viewer's `c` key visits them in)."""
    chosen = sorted({d.seat for d in decisions}) if seats is None else list(seats)
    found = [d for seat in chosen for d in costliest(decisions, seat)]
    found.sort(key=lambda d: (-d.win_drop, -d.points_lost, d.seq))
    return found


def win_curve(events: Sequence[Event], blind: bool = False) -> list[list[float]]:
    """Each seat's chance of winning the game (`win_model`) after every event: the
    evaluation graph of the replay. Index 0 is the header (everyone level). `blind`:
    without seeing the hands (for an onlooker or a seat's eyes)."""
    from .win_model import win_chances

    header = events[0]
    assert isinstance(header, GameStarted)
    state = State(header)
    n = len(header.players)
    curve = [[1.0 / n] * n]
    for event in events[1:]:
        state.apply(event)
        chances = win_chances(state, blind) if state.round else curve[-1]
        curve.append([round(c, 4) for c in chances])
    return curve
