"""`rummy500 stats`: records and ratings, rebuilt from the saved game logs.

The command is thin: it finds and checks the logs (`stats.scan`, through the cache),
adds them up (`stats.records`), rates them (`stats.ratings`) and hands them to a view
(`cli.stats_views`: the records table and the ladder; `cli.stats_player`: one player's
page). Only click is imported at module level.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from .failure import Failure, warn


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
    from .stats_views import Context, ladder_view, records_view

    chosen = since_games(games, moment)
    context = Context(games, chosen, ladder, last, free_bots, ascii_text)
    if player is not None:
        from .stats_player import player_page

        player_page(context, player, json_mode, csv_mode)
    elif show_ratings:
        ladder_view(context, json_mode, csv_mode)
    else:
        records_view(context, by, json_mode, csv_mode, len(found.games))
