"""Records: each player's games added up, and the same against each opponent.

A record counts the games that are the plain contest: finished, and not tutored, with no
takeback, and not branched from another game (`Game.apart`); those are counted apart,
by why. A game stopped by the round limit counts as played, won by no one. Partners
(RULES 8) share their side's win.

Everything here is plain arithmetic over `games.Game`s, so that the command, the JSON,
the CSV and the line at the end of a game all say the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .games import BOT, HUMAN, PROGRAM, Game, Seat
from .ratings import key_of

Z95 = 1.959964


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95%), as `simulate` gives its levels'."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Record:
    """One player's sums over a set of games."""

    name: str
    kind: str
    games: int = 0
    wins: int = 0
    final: int = 0
    round_score: int = 0
    rounds: int = 0
    go_outs: int = 0
    takes: int = 0
    depth: int = 0
    best: tuple[int, str] | None = None
    """The highest final total and its game's file."""
    worst: tuple[int, str] | None = None
    results: list[bool] = field(default_factory=list, repr=False)
    """Won or not, game by game in order (for the streaks)."""

    @property
    def key(self) -> str:
        return key_of(self.name, self.kind)

    def add(self, game: Game, seat: Seat) -> None:
        self.games += 1
        self.wins += seat.won
        self.final += seat.final
        self.round_score += seat.round_score
        self.rounds += game.rounds
        self.go_outs += seat.go_outs
        self.takes += seat.takes
        self.depth += seat.depth
        if self.best is None or seat.final > self.best[0]:
            self.best = (seat.final, game.path)
        if self.worst is None or seat.final < self.worst[0]:
            self.worst = (seat.final, game.path)
        self.results.append(seat.won)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def longest_streak(self) -> int:
        """The most wins in a row."""
        best = run = 0
        for won in self.results:
            run = run + 1 if won else 0
            best = max(best, run)
        return best

    @property
    def streak(self) -> int:
        """The current streak: wins in a row (positive) or games without a win (negative)."""
        if not self.results:
            return 0
        last = self.results[-1]
        run = 0
        for won in reversed(self.results):
            if won != last:
                break
            run += 1
        return run if last else -run

    def figures(self) -> dict[str, object]:
        """Every figure, by name (the JSON and CSV members; see rummy500-stats(6))."""
        low, high = self.interval
        games = self.games or 1
        return {
            "name": self.name,
            "kind": self.kind,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_ci": [round(low, 4), round(high, 4)],
            "mean_final": round(self.final / games, 1),
            "mean_round": round(self.round_score / self.rounds, 1) if self.rounds else 0.0,
            "go_outs": self.go_outs,
            "takes": self.takes,
            "mean_depth": round(self.depth / self.takes, 2) if self.takes else 0.0,
            "best": None if self.best is None else {"final": self.best[0], "log": self.best[1]},
            "worst": None if self.worst is None else {"final": self.worst[0], "log": self.worst[1]},
            "longest_streak": self.longest_streak,
            "streak": self.streak,
        }


def counted(game: Game) -> bool:
    """Whether a game is in the records: finished, and the plain contest."""
    return game.finished and game.apart is None


def alias(games: Iterable[Game], aliases: dict[str, str]) -> list[Game]:
    """The games with each person's or program's name joined to another (`--alias
    OLD=NEW`: games played under OLD count as NEW's). Bot levels are not renamed."""
    import msgspec

    if not aliases:
        return list(games)
    out = []
    for game in games:
        if any(seat.kind != BOT and seat.name in aliases for seat in game.seats):
            seats = tuple(
                msgspec.structs.replace(seat, name=aliases[seat.name])
                if seat.kind != BOT and seat.name in aliases
                else seat
                for seat in game.seats
            )
            game = msgspec.structs.replace(game, seats=seats)
        out.append(game)
    return out


def since(games: Iterable[Game], moment: int | None) -> list[Game]:
    """The games played at `moment` (seconds since 1970) or later (`Game.when`)."""
    return [game for game in games if moment is None or game.when >= moment]


_KIND_ORDER = {HUMAN: 0, PROGRAM: 1, BOT: 2}


def records(games: Sequence[Game], last: int | None = None) -> list[Record]:
    """Each player's record over the counted games, in order (`last`: each player's last
    N of them only): people first, then programs, then bots, most games first."""
    order: dict[tuple[str, str], list[tuple[Game, Seat]]] = {}
    for game in games:
        if not game.finished or game.tutored or game.takebacks or game.branched:
            continue  # (`counted`, inline: a warm run adds up ten thousand games)
        for seat in game.seats:
            played = order.get((seat.name, seat.kind))
            if played is None:
                played = order[seat.name, seat.kind] = []
            played.append((game, seat))
    table: dict[tuple[str, str], Record] = {}
    for (name, kind), played in order.items():
        if last is not None:
            played = played[-last:]
        record = table[name, kind] = Record(name=name, kind=kind)
        for game, seat in played:
            record.add(game, seat)
    return sorted(table.values(), key=lambda r: (_KIND_ORDER.get(r.kind, 3), -r.games, r.name))


@dataclass
class Apart:
    """The games counted apart from the records, by why (`Game.apart`)."""

    why: str
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    """Player key -> wins in these games (people and programs only)."""
    played: dict[str, int] = field(default_factory=dict)


def apart(games: Sequence[Game]) -> list[Apart]:
    """The finished games counted apart, by why: tutored, takebacks, branched."""
    found: dict[str, Apart] = {}
    for game in games:
        why = game.apart
        if why is None or not game.finished:
            continue
        entry = found.setdefault(why, Apart(why))
        entry.games += 1
        for seat in game.seats:
            if seat.kind == BOT:
                continue
            key = key_of(seat.name, seat.kind)
            entry.played[key] = entry.played.get(key, 0) + 1
            entry.wins[key] = entry.wins.get(key, 0) + seat.won
    return [found[why] for why in ("tutored", "takebacks", "branched") if why in found]


@dataclass
class Meeting:
    """A player against one opponent: the games they both played, the games each won,
    and how often the player finished ahead (a higher final total of their team)."""

    opponent: str
    kind: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    """Games the opponent won."""
    ahead: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def figures(self) -> dict[str, object]:
        low, high = wilson(self.wins, self.games)
        return {
            "opponent": self.opponent,
            "kind": self.kind,
            "games": self.games,
            "wins": self.wins,
            "opponent_wins": self.losses,
            "ahead": self.ahead,
            "win_rate": round(self.win_rate, 4),
            "win_ci": [round(low, 4), round(high, 4)],
        }


def head_to_head(games: Sequence[Game], key: str, last: int | None = None) -> list[Meeting]:
    """The player `key` against each opponent (a partner is no opponent), over the
    counted games: people first, then programs, then bots, most games first."""
    played = [
        game
        for game in games
        if counted(game) and any(key_of(s.name, s.kind) == key for s in game.seats)
    ]
    if last is not None:
        played = played[-last:] if last > 0 else []
    table: dict[str, Meeting] = {}
    for game in played:
        # a bot level may sit at several seats: it won if any of them did, and its best
        # team total is the one compared
        mine = [s for s in game.seats if key_of(s.name, s.kind) == key]
        teams = {s.team for s in mine}
        won = any(s.won for s in mine)
        total = max(game.totals[team] for team in teams)
        theirs: dict[str, list[Seat]] = {}
        for seat in game.seats:
            other = key_of(seat.name, seat.kind)
            if other != key and seat.team not in teams:
                theirs.setdefault(other, []).append(seat)
        for other, seats in theirs.items():
            meeting = table.setdefault(other, Meeting(seats[0].name, seats[0].kind))
            meeting.games += 1
            meeting.wins += won
            meeting.losses += any(s.won for s in seats)
            meeting.ahead += total > max(game.totals[s.team] for s in seats)
    return sorted(table.values(), key=lambda m: (_KIND_ORDER.get(m.kind, 3), -m.games, m.opponent))


def grouped(
    games: Sequence[Game], key: str, by: str, last: int | None = None
) -> list[tuple[str, Record]]:
    """The player `key`'s record per rule set (`by="rules"`) or per number of players
    (`by="players"`), in the order of the groups' names."""
    mine = [g for g in games if any(key_of(s.name, s.kind) == key for s in g.seats)]
    groups: dict[str, list[Game]] = {}
    for game in mine:
        label = game.rule_set if by == "rules" else f"{game.players} players"
        groups.setdefault(label, []).append(game)
    out = []
    for label in sorted(groups):
        found = [r for r in records(groups[label], last) if r.key == key]
        if found:
            out.append((label, found[0]))
    return out


def find_player(games: Sequence[Game], text: str) -> str | None:
    """The key of the player a user names: a name (any case) or a bot level; a person
    first where a name is both."""
    wanted = text.strip().casefold()
    best: tuple[int, str] | None = None
    for game in games:
        for seat in game.seats:
            if seat.name.casefold() == wanted:
                rank = _KIND_ORDER.get(seat.kind, 3)
                if best is None or rank < best[0]:
                    best = (rank, key_of(seat.name, seat.kind))
    return None if best is None else best[1]
