"""What `rummy500 stats` prints: the context every view works from, the three ways out
(text through the style, one JSON object, CSV), the records table and the ladder.

The player's page is `cli.stats_player`; the command that chooses between them is
`cli.stats`. Only click is imported at module level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from ..stats.games import Game
    from ..stats.ratings import Ladder


class Context:
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


def write_json(value: Any) -> None:
    """Print one JSON object, text from the logs escaped."""
    import msgspec

    from ..render.printable import printable_json

    click.echo(printable_json(msgspec.json.encode(value).decode()))


def write_csv(heads: list[str], rows: list[list[object]]) -> None:
    """Print a CSV table, text from the logs escaped."""
    import csv
    import io

    from ..render.printable import printable

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(heads)
    writer.writerows(rows)
    click.echo(printable(out.getvalue(), ("\n",)), nl=False)


def ladder_json(context: Context) -> dict[str, list[dict[str, object]]]:
    """Each rating pool's ladder, best first, as JSON members."""
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


def records_view(
    context: Context, by: str | None, json_mode: bool, csv_mode: bool, found: int
) -> None:
    """`stats` (and `--by`): every player's record, in one table or one per group."""
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
        write_json(
            {
                "games": found,
                "counted": sum(1 for game in games if counted(game)),
                "unfinished": unfinished,
                "players": [
                    dict(r.figures(), rating=rating_json(context, r.key), **group(by, label))
                    for label, table in tables
                    for r in table
                ],
                "apart": [
                    {"why": part.why, "games": part.games, "wins": part.wins, "played": part.played}
                    for part in parts
                ],
                "ratings": ladder_json(context),
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
        write_csv(heads, rows)
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


def group(by: str | None, label: str) -> dict[str, str]:
    """The `--by` member of a records row (none without --by)."""
    return {by: label} if by else {}


def rating_json(context: Context, key: str) -> dict[str, object]:
    """A player's rating in each pool they played in."""
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


def ladder_view(context: Context, json_mode: bool, csv_mode: bool) -> None:
    """`stats --ratings`: the ladder of every pool, bots included."""
    from ..stats.present import ladder_lines

    if json_mode:
        write_json({"ratings": ladder_json(context)})
        return
    if csv_mode:
        rows: list[list[object]] = []
        for pool, entries in ladder_json(context).items():
            for place, row in enumerate(entries, 1):
                rows.append([pool, place, *row.values()])
        heads = ["pool", "place", "name", "kind", "rating", "spread", "mu", "sigma"]
        write_csv([*heads, "games", "provisional", "anchor"], rows)
        return
    context.echo(ladder_lines(context.ladder, context.width, context.free_bots))
