"""One game boiled down to what records and ratings need (`Game`), from a checked log.

A `Game` is small and plain (it is what the cache keeps for each log): for each seat
the player (a name and a kind), the seat's team, whether it won, its final total, the
sum of its round scores, its go-outs and its takes from the pile with their depth; for
the game its rules (the family it is rated in, and the rule set it is grouped under),
its number of players and rounds, how it ended, and the marks that make it another
contest (tutored, takebacks, branched).

A seat's player is whoever made most of its moves: a `seat_changed` line hands a seat
to another kind of player (a person leaves a bot to finish); a bot's identity is its
level (the simulate run names its seats P0, P1, ...), a person's and a program's their
name.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from ..records.audit import AuditSummary
    from ..records.log import LogData
    from ..rules import Rules

HUMAN = "human"
BOT = "bot"
PROGRAM = "program"
KINDS = (HUMAN, BOT, PROGRAM)
"""The kinds of player a record is kept for: a person, a bot level, an external program."""

LENGTH_RULES = ("target", "max_rounds")
"""Rule options that change how long a game lasts, not how it is played: games under
them are grouped with the same rule set (a game to 300 is still the standard game)."""


class Seat(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One seat of a game, as a record counts it."""

    name: str
    """The player: a person's or a program's name, or a bot's level."""
    kind: str
    """human, bot or program (`KINDS`)."""
    team: int
    """The seat's scoring unit (RULES 8: its side in a partnership game, else the seat)."""
    won: bool
    final: int
    """The seat's total at the end (in a partnership game, its own part of the side's)."""
    round_score: int
    """The sum of its round scores."""
    go_outs: int
    takes: int
    depth: int
    """The sum of the depths of its takes from the pile (RULES 4.1)."""


class Game(msgspec.Struct, frozen=True, gc=False):
    """One checked game log, as records and ratings read it."""

    path: str
    order: str
    """Where the game stands in the order games are rated in (`order_key`)."""
    family: str
    """The rules it is rated under: the variant (`standard`, `jokers`, ...)."""
    rule_set: str
    """The rules it is grouped under: the variant and any option that changes play."""
    players: int
    rounds: int
    finished: bool
    """The game ended (a target reached, the round limit, the deals of persian)."""
    decided: bool
    """It ended with a winner (not stopped by the round limit)."""
    tutored: bool
    takebacks: int
    branched: bool
    seats: tuple[Seat, ...]
    totals: tuple[int, ...] = ()
    """Each team's final total (a side's in a partnership game), by team number."""
    when: int = 0
    """When it was played, in seconds since 1970 (`scan.when_played`)."""
    last: str = ""
    """The hash of its log's last line: with `order`, what tells this game from another."""

    @property
    def ident(self) -> str:
        """What the game is (its place in the order, and its content)."""
        return f"{self.order}\t{self.last}"

    @property
    def apart(self) -> str | None:
        """Why the game is another contest, counted apart from the others (None: it is
        not): a tutor warned before weak moves, a move was taken back, or it began
        from the middle of another game."""
        if self.tutored:
            return "tutored"
        if self.takebacks:
            return "takebacks"
        if self.branched:
            return "branched"
        return None

    @property
    def bracket(self) -> str:
        """2-player and 3-8-player games are different games (RULES 2.3: 13 cards or 7),
        rated apart; a partnership game is played by sides of two."""
        if len(set(seat.team for seat in self.seats)) < len(self.seats):
            return "sides"
        return "2p" if self.players == 2 else "3-8p"


def player_of(name: str, seat_kind: str) -> tuple[str, str]:
    """A seat's player from its name in the game and its recorded kind (`human`,
    `bot:LEVEL`, `exec:COMMAND`): a bot is its level; a person or a program its name."""
    if seat_kind.startswith("bot:"):
        return seat_kind[4:], BOT
    if seat_kind.startswith("exec:"):
        return name, PROGRAM
    return name, HUMAN


def rule_set(rules: Rules) -> str:
    """The rules a game is grouped under: its variant, then the options beyond the
    variant's own that change play (`LENGTH_RULES` left out), e.g. `standard`,
    `jokers`, `standard (wikipedia)`, `standard (around_the_corner=true)`."""
    from ..rules import PRESETS, format_value
    from ..variants import BUNDLES

    family = family_of(rules)
    own = BUNDLES.get(rules.variant, {})
    changes = {
        key: value
        for key, value in rules.changes().items()
        if key != "variant" and key not in LENGTH_RULES and own.get(key, object()) != value
    }
    if not changes:
        return family
    for preset, options in PRESETS.items():
        if options and options == changes:
            return f"{family} ({preset})"
    words = ", ".join(f"{key}={format_value(value)}" for key, value in sorted(changes.items()))
    return f"{family} ({words})"


def family_of(rules: Rules) -> str:
    """The variant a game is rated under (`standard` for none)."""
    return "standard" if rules.variant == "none" else rules.variant


_MOVES = (
    "stock_drawn",
    "pile_taken",
    "melded",
    "laid_off",
    "discarded",
    "passed",
    "rum_called",
    "upcard_chosen",
    "power_named",
    "joker_blocked",
)
"""The events a player's decision makes (a move counts for who held the seat)."""


def summarize(path: str, order: str, data: LogData, summary: AuditSummary) -> Game:
    """The `Game` of a log that passed the audit (`records.audit.read_checked`)."""
    from ..events import GameEnded, GameStarted, PileTaken, RoundEnded, SeatChanged
    from ..line import recorded_kinds
    from ..variants.partnership import team_of

    header = data.events[0]
    assert isinstance(header, GameStarted)
    line = summary.played
    assert line is not None
    n = len(header.players)
    rules = header.rules
    current = list(recorded_kinds(header))
    held: list[Counter[str]] = [Counter() for _ in range(n)]
    round_score = [0] * n
    go_outs = [0] * n
    takes = [0] * n
    depth = [0] * n
    rounds = 0
    ended: GameEnded | None = None
    for _seq, event, _position in line.walk:
        kind = type(event).__struct_config__.tag
        if kind in _MOVES:
            # every event of _MOVES has the seat that made the move
            seat = event.seat  # type: ignore[attr-defined]
            held[seat][current[seat]] += 1
            if isinstance(event, PileTaken):
                takes[seat] += 1
                depth[seat] += event.depth
        elif isinstance(event, SeatChanged):
            current[event.seat] = event.kind
        elif isinstance(event, RoundEnded):
            rounds += 1
            for seat, score in enumerate(event.scores):
                round_score[seat] += score.score
            if event.went_out is not None:
                go_outs[event.went_out] += 1
        elif isinstance(event, GameEnded):
            ended = event
    teams = [team_of(seat, rules) for seat in range(n)]
    winner = None if ended is None else ended.winner
    winning = None if winner is None else teams[winner]
    finals = list(ended.totals) if ended is not None else list(summary.totals)
    seats = []
    for seat in range(n):
        # who held the seat for most of its moves (the latest, on a tie); the header's
        # kind for a seat that never moved
        kinds = held[seat]
        seat_kind = (
            max(reversed(list(kinds)), key=kinds.__getitem__)
            if kinds
            else recorded_kinds(header)[seat]
        )
        name, kind = player_of(header.players[seat], seat_kind)
        seats.append(
            Seat(
                name=name,
                kind=kind,
                team=teams[seat],
                won=winning is not None and teams[seat] == winning,
                final=finals[seat],
                round_score=round_score[seat],
                go_outs=go_outs[seat],
                takes=takes[seat],
                depth=depth[seat],
            )
        )
    team_count = max(teams) + 1
    totals = [0] * team_count
    if ended is not None and isinstance(ended.sides, tuple):
        totals = list(ended.sides)
    else:
        for seat in range(n):
            totals[teams[seat]] += finals[seat]
    return Game(
        path=path,
        order=order,
        family=family_of(rules),
        rule_set=rule_set(rules),
        players=n,
        rounds=rounds,
        finished=ended is not None,
        decided=winner is not None,
        tutored=header.tutored is True,
        takebacks=len(line.takebacks),
        branched=bool(header.parent),
        seats=tuple(seats),
        totals=tuple(totals),
    )
