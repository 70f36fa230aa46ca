"""`rummy500 stats`: records and ratings, rebuilt from the saved game logs.

The command is thin: it finds and checks the logs (`stats.scan`, through the cache),
adds them up (`stats.records`), rates them (`stats.ratings`) and prints (`stats.present`,
`stats.charts`). Only click is imported at module level.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .failure import Failure, warn

if TYPE_CHECKING:
    from ..stats.games import Game
    from ..stats.ratings import Ladder


def _aliases(items: tuple[str, ...]) -> dict[str, str]:
    from ..errors import quoted

    out: dict[str, str] = {}
    for item in items:
        old, sep, new = item.partition("=")
        if not sep or not old.strip() or not new.strip():
            raise click.BadParameter(
                f"{quoted(item, 40)}: write OLD=NEW, e.g. --alias ana=Ana", param_hint="--alias"
            )
        out[old.strip()] = new.strip()
    return out


@click.command()
@click.argument(
    "paths", nargs=-1, type=click.Path(exists=True, path_type=Path), metavar="[PATH]..."
)
@click.option("--no-saves", is_flag=True, help="Leave out the saves folder (read only PATHs).")
@click.option(
    "--player",
    metavar="NAME",
    default=None,
    help="One player's page: record, ratings, head-to-head, by rules and players, charts.",
)
@click.option("--ratings", "show_ratings", is_flag=True, help="The ladder, bots included.")
@click.option(
    "--by",
    type=click.Choice(["rules", "players"]),
    default=None,
    help="One records table per rule set or per number of players.",
)
@click.option(
    "--since",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    metavar="YYYY-MM-DD",
    help="Count only games played on or after this day.",
)
@click.option(
    "--last", type=click.IntRange(1), default=None, metavar="N", help="Each player's last N games."
)
@click.option(
    "--alias",
    "alias_items",
    multiple=True,
    metavar="OLD=NEW",
    help="Count games played under the name OLD as NEW's (repeatable).",
)
@click.option(
    "--free-bots",
    is_flag=True,
    help="Rate the bots like everyone instead of as fixed anchors (how the anchors were measured).",
)
@click.option("--json", "json_mode", is_flag=True, help="Print every figure as one JSON object.")
@click.option("--csv", "csv_mode", is_flag=True, help="Print the table as CSV.")
@click.option("--ascii", "ascii_text", is_flag=True, help="Charts and marks in ASCII only.")
@click.option(
    "--jobs",
    type=click.IntRange(1, 256),
    default=None,
    metavar="N",
    help="Processes that check new logs (default: one per core).",
)
def stats(
    paths: tuple[Path, ...],
    no_saves: bool,
    player: str | None,
    show_ratings: bool,
    by: str | None,
    since: dt.datetime | None,
    last: int | None,
    alias_items: tuple[str, ...],
    free_bots: bool,
    json_mode: bool,
    csv_mode: bool,
    ascii_text: bool,
    jobs: int | None,
) -> None:
    """Records and ratings of every player, from the saved game logs.

    Reads every game log in the saves folder and in each PATH (a log, or a folder of
    them), checks each as verify does (one that fails is skipped with a warning), and
    prints each player's record: games, wins with a 95% interval, mean scores, go-outs,
    pile takes, best and worst game, streaks, and rating. Tutored games, games with
    takebacks and branched games are counted apart. Ratings are OpenSkill, per rule
    family and table size, with the bots as fixed anchors.
    """
    if json_mode and csv_mode:
        raise click.UsageError("choose --json or --csv, not both")
    aliases = _aliases(alias_items)
    from ..stats.ratings import ladder_for
    from ..stats.records import alias
    from ..stats.scan import CACHE_NAME, data_dir, scan
    from .paths import saves_dir

    folders = list(paths)
    saves = saves_dir()
    if not no_saves and saves.is_dir():
        folders.insert(0, saves)
    found = scan(folders, warn, data_dir() / CACHE_NAME, jobs)
    games = alias(found.games, aliases)
    cache = found.cache
    assert cache is not None
    try:
        ladder, changed = ladder_for(games, free_bots, aliases, cache.memos)
    except ImportError as error:
        raise Failure(
            f"ratings need the openskill package ({error}); pip install openskill"
        ) from None
    cache.dirty |= changed
    cache.save()
    moment = None if since is None else int(since.timestamp())
    from ..stats.records import since as since_games

    chosen = since_games(games, moment)
    context = _Context(games, chosen, ladder, last, free_bots, ascii_text)
    if player is not None:
        _player(context, player, json_mode, csv_mode)
    elif show_ratings:
        _ladder(context, json_mode, csv_mode)
    else:
        _records(context, by, json_mode, csv_mode, len(found.games))


class _Context:
    """What every view of the command works from."""

    def __init__(
        self,
        games: list[Game],
        chosen: list[Game],
        ladder: Ladder,
        last: int | None,
        free_bots: bool,
        ascii_text: bool,
    ) -> None:
        from ..stats.present import terminal_width

        self.games = games
        """Every game found (for the ratings)."""
        self.chosen = chosen
        """The games the records count (after --since)."""
        self.ladder = ladder
        self.last = last
        self.free_bots = free_bots
        self.ascii = ascii_text
        self.width = terminal_width()

    def echo(self, lines: list[str]) -> None:
        from ..render.style import Style

        click.echo(Style(ascii=self.ascii).text("\n".join(lines)))


def _json(value: Any) -> None:
    import msgspec

    from ..render.printable import printable_json

    click.echo(printable_json(msgspec.json.encode(value).decode()))


def _csv(heads: list[str], rows: list[list[object]]) -> None:
    import csv
    import io

    from ..render.printable import printable

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(heads)
    writer.writerows(rows)
    click.echo(printable(out.getvalue(), ("\n",)), nl=False)


def _ladder_json(context: _Context) -> dict[str, list[dict[str, object]]]:
    from ..stats.games import BOT
    from ..stats.present import ladder_rows
    from ..stats.ratings import split_key

    out = {}
    for pool in sorted(context.ladder.pools):
        rows = []
        for key, rating in ladder_rows(context.ladder.pools[pool]):
            name, kind = split_key(key)
            rows.append(
                {
                    "name": name,
                    "kind": kind,
                    "rating": rating.shown,
                    "spread": rating.spread,
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "games": rating.games,
                    "provisional": rating.provisional,
                    "anchor": kind == BOT and not context.free_bots,
                }
            )
        out[pool] = rows
    return out


def _records(
    context: _Context, by: str | None, json_mode: bool, csv_mode: bool, found: int
) -> None:
    from ..stats.present import apart_lines, main_rating, records_table
    from ..stats.records import apart, counted, records

    games = context.chosen
    groups: list[tuple[str, list[Any]]] = [("", games)]
    if by is not None:
        labels: dict[str, list[Any]] = {}
        for game in games:
            label = game.rule_set if by == "rules" else f"{game.players} players"
            labels.setdefault(label, []).append(game)
        groups = sorted(labels.items())
    tables = [(label, records(part, context.last)) for label, part in groups]
    unfinished = sum(1 for game in games if not game.finished)
    parts = apart(games)
    if json_mode:
        _json(
            {
                "games": found,
                "counted": sum(1 for game in games if counted(game)),
                "unfinished": unfinished,
                "players": [
                    dict(r.figures(), rating=_rating_json(context, r.key), **_group(by, label))
                    for label, table in tables
                    for r in table
                ],
                "apart": [
                    {"why": part.why, "games": part.games, "wins": part.wins, "played": part.played}
                    for part in parts
                ],
                "ratings": _ladder_json(context),
            }
        )
        return
    if csv_mode:
        heads = ["name", "kind", "games", "wins", "win_rate", "win_low", "win_high"]
        heads += ["mean_final", "mean_round", "go_outs", "takes", "mean_depth", "best", "worst"]
        heads += ["longest_streak", "streak", "rating"] + ([by] if by else [])
        rows: list[list[object]] = []
        for label, table in tables:
            for r in table:
                f = r.figures()
                low, high = r.interval
                best = r.best[0] if r.best else ""
                worst = r.worst[0] if r.worst else ""
                rows.append(
                    [f["name"], f["kind"], f["games"], f["wins"], f["win_rate"], low, high]
                    + [f["mean_final"], f["mean_round"], f["go_outs"], f["takes"]]
                    + [f["mean_depth"], best, worst, f["longest_streak"], f["streak"]]
                    + [main_rating(context.ladder, r.key)]
                    + ([label] if by else [])
                )
        _csv(heads, rows)
        return
    counted_games = sum(1 for game in games if counted(game))
    lines = [f"{counted_games} games counted, of {found} found."]
    for label, table in tables:
        if label:
            lines += ["", f"{label}:"]
        if table:
            lines += records_table(table, context.ladder, context.width)
    if not any(table for _label, table in tables):
        lines.append("No finished games yet: play one with rummy500 play.")
    notes = apart_lines(parts, unfinished)
    if notes:
        lines += ["", *notes]
    context.echo(lines)


def _group(by: str | None, label: str) -> dict[str, str]:
    return {by: label} if by else {}


def _rating_json(context: _Context, key: str) -> dict[str, object]:
    return {
        pool: {
            "rating": table[key].shown,
            "spread": table[key].spread,
            "games": table[key].games,
            "provisional": table[key].provisional,
        }
        for pool, table in sorted(context.ladder.pools.items())
        if key in table
    }


def _ladder(context: _Context, json_mode: bool, csv_mode: bool) -> None:
    from ..stats.present import ladder_lines

    if json_mode:
        _json({"ratings": _ladder_json(context)})
        return
    if csv_mode:
        rows: list[list[object]] = []
        for pool, entries in _ladder_json(context).items():
            for place, row in enumerate(entries, 1):
                rows.append([pool, place, *row.values()])
        heads = ["pool", "place", "name", "kind", "rating", "spread", "mu", "sigma"]
        _csv([*heads, "games", "provisional", "anchor"], rows)
        return
    context.echo(ladder_lines(context.ladder, context.width, context.free_bots))


def _player(context: _Context, text: str, json_mode: bool, csv_mode: bool) -> None:
    from ..render.printable import printable
    from ..stats import charts, present
    from ..stats.games import BOT
    from ..stats.records import find_player, grouped, head_to_head, records, wilson

    key = find_player(context.games, text)
    if key is None:
        raise Failure(f"no player named {printable(text)!r} in the games found")
    from ..stats.ratings import points as rating_points
    from ..stats.ratings import split_key

    name, kind = split_key(key)
    mine = [r for r in records(context.chosen, context.last) if r.key == key]
    record = mine[0] if mine else None
    meetings = head_to_head(context.chosen, key, context.last)
    by_rules = grouped(context.chosen, key, "rules", context.last)
    by_players = grouped(context.chosen, key, "players", context.last)
    if json_mode:
        _json(
            {
                "player": {"name": name, "kind": kind},
                "record": None if record is None else record.figures(),
                "ratings": _rating_json(context, key),
                "history": {
                    pool: [
                        [point.game, round(point.mu, 4), round(point.sigma, 4)] for point in points
                    ]
                    for pool, table in sorted(context.ladder.history.items())
                    for player, points in table.items()
                    if player == key
                },
                "head_to_head": [m.figures() for m in meetings],
                "by_rules": {label: r.figures() for label, r in by_rules},
                "by_players": {label: r.figures() for label, r in by_players},
            }
        )
        return
    if csv_mode:
        heads = ["opponent", "kind", "games", "wins", "opponent_wins", "ahead", "win_rate"]
        rows: list[list[object]] = []
        for m in meetings:
            f = m.figures()
            low, high = wilson(m.wins, m.games)
            rows.append([*list(f.values())[:7], low, high])
        _csv([*heads, "win_low", "win_high"], rows)
        return
    width = context.width
    lines = [present.who(name, kind)]
    if record is None or not record.games:
        lines.append("No finished games counted.")
    else:
        f = record.figures()
        low, high = record.interval
        lines.append(
            f"{record.games} games, {record.wins} wins: {present.pct(record.win_rate)}% "
            f"(95% CI {present.pct(low)}-{present.pct(high)})"
        )
        lines.append(
            f"mean final {f['mean_final']} · mean round {f['mean_round']} · go-outs "
            f"{record.go_outs} · pile takes {record.takes} (mean depth {f['mean_depth']})"
        )
        best, worst = record.best, record.worst
        assert best is not None and worst is not None
        lines.append(f"best game {best[0]} ({best[1]})")
        lines.append(f"worst game {worst[0]} ({worst[1]})")
        lines.append(f"streak now {present.streak_text(record).replace(' (', '; longest ')[:-1]}")
    pools = present.profile_pools(context.ladder, key)
    if pools:
        lines += ["", "Ratings:"]
        anchored = kind == BOT and not context.free_bots
        lines += [f"  {present.rating_words(pool, r, anchored)}" for pool, r in pools]
    if meetings:
        lines += ["", "Head to head:", *present.meeting_lines(meetings, width)]
    if len(by_rules) > 1 or (by_rules and by_rules[0][0] != "standard"):
        lines += ["", "By rules:", *present.group_lines(by_rules, width)]
    if len(by_players) > 1:
        lines += ["", "By number of players:", *present.group_lines(by_players, width)]
    levels = present.level_rows(meetings)
    if levels:
        lines += ["", "Win rate against each bot level:"]
        lines += charts.bar_chart(levels, width, context.ascii)
    for pool, _rating in pools:
        points = context.ladder.history.get(pool, {}).get(key, [])
        if len(points) >= 2:
            values = [float(rating_points(point.mu)) for point in points]
            lines += [""]
            lines += charts.history_chart(
                values, width, ascii=context.ascii, label=f"Rating history, {pool}:"
            )
    context.echo(lines)
