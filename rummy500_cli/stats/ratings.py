"""Ratings: an OpenSkill rating (Plackett-Luce) for every player, game by game.

Each game counted (finished with a winner, and not another contest: `Game.apart`)
updates the ratings of its players in one pool: its rule family (the variant) and its
kind of table, 2 players, 3 to 8, or sides of two (`Game.bracket`), since these are
different games. Partners are a team (RULES 8). The winner's team ranks first and the
others by their final totals (equal totals, equal ranks).

Games are rated in the order of `Game.order`: by file name (the saves folder names each
game by the date and time it began, so saved games go in the order played), then by
the hash of the log's first line. So the ratings never depend on the order in which
the files are found, or on where they are.

The bot levels are fixed anchors: each level's rating was measured once, by a
`rummy500 simulate` run shipped with the package (`data/anchors.json`, the command in
rummy500-stats(6)), and a bot's rating never moves, so a person's rating says from the
first game how they compare with the levels ("about as strong as strong"). With
`free_bots` the bots are rated like everyone: that is how the anchors were measured.

A rating is shown on the Elo scale (`points`): 1,500 for a newcomer (mu 25), and
`SCALE` points a unit of mu, so that, as in Elo, two players 200 points apart win about
three games in four against each other. Its uncertainty is twice its sigma in points,
and it is provisional while that sigma is wider than `PROVISIONAL` points (lichess's
rule).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import msgspec

from .games import BOT, Game

SCALE = 30
"""Rating points per unit of OpenSkill's mu. Plackett-Luce says a player beats another
with the chance 1 / (1 + exp(-d / c)), d their difference in mu and c about sqrt(2) *
beta = 5.9 when both are well known; Elo says 1 / (1 + 10^(-D / 400)): D = d * 400 /
(c * ln 10), 29.5 points a unit of mu."""
BASE = 1500
"""The rating of a newcomer (OpenSkill's mu 25)."""
PROVISIONAL = 110
"""A rating is provisional while its sigma, in rating points, is wider than this."""
MU = 25.0
SIGMA = 25.0 / 3.0
"""OpenSkill's prior for a player never seen: mu 25, sigma 25/3."""
RATING_VERSION = 1
"""Raise when the way games are rated changes: every cached ladder is worked out again."""


class Rating(msgspec.Struct, array_like=True, gc=False):
    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> int:
        return points(self.mu)

    @property
    def spread(self) -> int:
        """Twice the sigma, in rating points (about a 95% interval)."""
        return round(2 * self.sigma * SCALE)

    @property
    def provisional(self) -> bool:
        return self.sigma * SCALE > PROVISIONAL


class Point(msgspec.Struct, array_like=True, gc=False):
    """A player's rating after a game (`game`: the game's index in the games rated)."""

    game: int
    mu: float
    sigma: float


class Ladder(msgspec.Struct, gc=False):
    """Every pool's ratings after the games, and each player's history in it."""

    pools: dict[str, dict[str, Rating]] = {}
    """Pool (`pool_of`) -> player key (`key_of`) -> rating; anchors included."""
    history: dict[str, dict[str, list[Point]]] = {}
    """Pool -> player key -> the rating after each of their games (not for anchors)."""
    count: int = 0
    """How many games (rated or not) it has seen."""
    digest: str = ""
    """The hash of those games' identities, in order (to continue it when games are added)."""


def points(mu: float) -> int:
    """OpenSkill's mu as rating points (see the module docstring)."""
    return round(BASE + (mu - MU) * SCALE)


def key_of(name: str, kind: str) -> str:
    """A player's key: kind and name (`bot:strong`, `human:Ana`, `program:mybot`)."""
    return f"{kind}:{name}"


def split_key(key: str) -> tuple[str, str]:
    """(name, kind) of a player's key."""
    kind, _, name = key.partition(":")
    return name, kind


def pool_of(game: Game) -> str:
    """The pool a game is rated in: its rule family and its kind of table."""
    return f"{game.family} {game.bracket}"


def rated(game: Game) -> bool:
    """Whether a game changes ratings: it ended with a winner, and is the plain contest."""
    return game.decided and game.apart is None


def ranks(game: Game) -> list[int]:
    """Each team's rank (1 first): the winner, then the others by their totals."""
    winners = {seat.team for seat in game.seats if seat.won}
    totals = list(game.totals)
    out = []
    for team, total in enumerate(totals):
        if team in winners:
            out.append(1)
        else:
            above = sum(
                1 for other, value in enumerate(totals) if other not in winners and value > total
            )
            out.append(2 + above)
    return out


@lru_cache(maxsize=1)
def anchors() -> dict[str, Any]:
    """The shipped anchors (`data/anchors.json`): per table kind, each level's mu and
    sigma, and the commands that measured them."""
    from importlib.resources import files

    text = files("rummy500_cli").joinpath("data/anchors.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def anchor(level: str, bracket: str) -> Rating | None:
    """A bot level's fixed rating at a kind of table (sides play as 3-8 player tables;
    the anchors measured under the standard rules serve every family)."""
    table = anchors()["anchors"].get("3-8p" if bracket == "sides" else bracket, {})
    value = table.get(level)
    return None if value is None else Rating(mu=value[0], sigma=value[1])


def _identity_digest(games: Sequence[Game], upto: int) -> str:
    digest = hashlib.sha256()
    for game in games[:upto]:
        digest.update(game.ident.encode("utf-8", "surrogateescape"))
        digest.update(b"\n")
    return digest.hexdigest()


def settings_key(free_bots: bool, aliases: dict[str, str]) -> str:
    """What a cached ladder depends on besides the games."""
    blob = json.dumps(
        [RATING_VERSION, free_bots, sorted(aliases.items()), anchors()["anchors"]], sort_keys=True
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def rate(games: Sequence[Game], free_bots: bool = False, start: Ladder | None = None) -> Ladder:
    """The ladder after `games` (in the order given), continuing `start` if given (the
    ladder of the games before them)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=MU, sigma=SIGMA)
    ladder = start if start is not None else Ladder(pools={}, history={})
    first = ladder.count
    for index, game in enumerate(games, start=first):
        if not rated(game):
            continue
        pool = pool_of(game)
        table = ladder.pools.setdefault(pool, {})
        keys = [key_of(seat.name, seat.kind) for seat in game.seats]
        fixed: list[bool] = []
        current: list[Rating] = []
        for seat, key in zip(game.seats, keys, strict=True):
            pinned = None if free_bots or seat.kind != BOT else anchor(seat.name, game.bracket)
            fixed.append(pinned is not None)
            if pinned is not None:
                table.setdefault(key, Rating(mu=pinned.mu, sigma=pinned.sigma))
                current.append(pinned)
            else:
                current.append(table.get(key) or Rating(mu=MU, sigma=SIGMA))
        if all(fixed):
            for key in keys:
                table[key].games += 1
            continue
        team_count = max(seat.team for seat in game.seats) + 1
        teams: list[list[Any]] = [[] for _ in range(team_count)]
        where: list[tuple[int, int]] = []
        for seat, rating in zip(game.seats, current, strict=True):
            where.append((seat.team, len(teams[seat.team])))
            teams[seat.team].append(model.rating(mu=rating.mu, sigma=rating.sigma))
        result = model.rate(teams, ranks=[float(rank) for rank in ranks(game)])
        updates: dict[str, list[Any]] = {}
        for key, (team, member), anchored in zip(keys, where, fixed, strict=True):
            if not anchored:
                updates.setdefault(key, []).append(result[team][member])
        history = ladder.history.setdefault(pool, {})
        for key, anchored, old in zip(keys, fixed, current, strict=True):
            if anchored:
                if key not in updates:
                    updates[key] = []
                    table[key].games += 1
                continue
            seats = updates.pop(key, None)
            if seats is None:  # (done: a player at several seats is updated once)
                continue
            # a player at several seats (a bot level, rated free): the mean of their updates
            mu = sum(new.mu for new in seats) / len(seats)
            sigma = sum(new.sigma for new in seats) / len(seats)
            table[key] = Rating(mu=mu, sigma=sigma, games=old.games + 1)
            history.setdefault(key, []).append(Point(game=index, mu=mu, sigma=sigma))
    ladder.count = first + len(games)
    return ladder


_ladder_encoder = msgspec.msgpack.Encoder()
_ladder_decoder = msgspec.msgpack.Decoder(Ladder)


def ladder_for(
    games: Sequence[Game], free_bots: bool, aliases: dict[str, str], memos: dict[str, Any]
) -> tuple[Ladder, bool]:
    """The ladder of `games`, from `memos` (the cache's) where it holds the ladder of
    these games or of the first of them (then only the games added are rated); answer
    it and whether `memos` was changed."""
    from .scan import Memo

    key = settings_key(free_bots, aliases)
    name = "ratings-free" if free_bots else "ratings"
    memo = memos.get(name)
    start = None
    if memo is not None and memo.key == key and memo.count <= len(games):
        try:
            saved = _ladder_decoder.decode(memo.value)
        except (msgspec.DecodeError, msgspec.ValidationError):
            saved = None
        if saved is not None and saved.digest == _identity_digest(games, saved.count):
            if saved.count == len(games):
                return saved, False
            start = saved
    first = start.count if start is not None else 0
    ladder = rate(games[first:], free_bots, start)
    ladder.digest = _identity_digest(games, len(games))
    memos[name] = Memo(key=key, count=len(games), value=_ladder_encoder.encode(ladder))
    return ladder, True


def shown(rating: Rating) -> str:
    """A rating as the tables show it: `1,412 ± 96`, with `?` while provisional."""
    mark = "?" if rating.provisional else ""
    return f"{rating.shown:,}{mark} ± {rating.spread}"
