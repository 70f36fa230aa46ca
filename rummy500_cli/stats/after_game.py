"""One line at the end of a game on each person's record and rating change:
"Ana: 12 wins in 30 against strong; rating 1,412 → 1,431".

`record_line` is the pure part (from the games and the ladder); `after_game` reads the
saved games through the cache (as `rummy500 stats` does, silently) and answers the
lines for the people of the game just ended. It never fails a game: anything wrong is
no line.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .games import HUMAN, Game
from .ratings import MU, SIGMA, Ladder, Rating, key_of, pool_of, rated


def _opponents(game: Game, key: str) -> tuple[str, ...]:
    teams = {seat.team for seat in game.seats if key_of(seat.name, seat.kind) == key}
    return tuple(
        sorted(
            {
                key_of(seat.name, seat.kind)
                for seat in game.seats
                if seat.team not in teams and key_of(seat.name, seat.kind) != key
            }
        )
    )


def _names(keys: Sequence[str]) -> str:
    names = [key.partition(":")[2] for key in keys]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def record_line(name: str, kind: str, games: Sequence[Game], ladder: Ladder, index: int) -> str:
    """The line for the player `name` (of `kind`) after the game `games[index]`: their
    wins and games against the same opponents (counted games, this one included), and
    their rating before and after it in its pool (or why it is not rated)."""
    from .records import counted

    key = key_of(name, kind)
    game = games[index]
    rivals = _opponents(game, key)
    played = wins = 0
    for other in games[: index + 1]:
        seats = [s for s in other.seats if key_of(s.name, s.kind) == key]
        if seats and counted(other) and _opponents(other, key) == rivals:
            played += 1
            wins += any(s.won for s in seats)
    against = f" against {_names(rivals)}" if rivals else ""
    win_words = "1 win" if wins == 1 else f"{wins} wins"
    text = f"{name}: {win_words} in {played}{against}"
    if game.apart is not None:
        return f"{name}: this game is counted apart ({game.apart}); {text[len(name) + 2 :]}"
    if not rated(game):
        return f"{text}; not rated (no winner)"
    points = ladder.history.get(pool_of(game), {}).get(key, [])
    at = next((i for i, point in enumerate(points) if point.game == index), None)
    if at is None:
        return text
    before = Rating(MU, SIGMA) if at == 0 else Rating(points[at - 1].mu, points[at - 1].sigma)
    after = Rating(points[at].mu, points[at].sigma)
    mark = " (provisional)" if after.provisional else ""
    return f"{text}; rating {before.shown:,} → {after.shown:,}{mark}"


def after_game(path: Path) -> list[str]:
    """The lines for each person of the game saved at `path`, from every saved game (the
    saves folder, and `path` wherever it is); none if anything cannot be read."""
    from ..cli.paths import saves_dir
    from .ratings import ladder_for
    from .scan import CACHE_NAME, data_dir, scan

    try:
        target = str(Path(path).absolute())
        folders = [saves_dir(), Path(target)]
        found = scan(
            [f for f in folders if f.exists()], lambda _text: None, data_dir() / CACHE_NAME
        )
        games = found.games
        index = next((i for i, game in enumerate(games) if game.path == target), None)
        if index is None:
            return []
        cache = found.cache
        assert cache is not None
        ladder, changed = ladder_for(games, False, {}, cache.memos)
        cache.dirty |= changed
        cache.save()
        people = []
        for seat in games[index].seats:
            if seat.kind == HUMAN and seat.name not in people:
                people.append(seat.name)
        return [record_line(name, HUMAN, games, ladder, index) for name in people]
    except Exception:  # a record is a bonus: never a reason for a game to fail
        return []
