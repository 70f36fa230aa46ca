"""`rummy500 stats --player NAME`: one player's page (record, ratings, head-to-head, by
rules and by players, charts), as text, JSON or CSV."""

from __future__ import annotations

from .failure import Failure
from .stats_views import Context, rating_json, write_csv, write_json


def player_page(context: Context, text: str, json_mode: bool, csv_mode: bool) -> None:
    """`stats --player TEXT`: the page of the player TEXT names (a name in any case, or a
    bot level; a person first where a name is both)."""
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
        write_json(
            {
                "player": {"name": name, "kind": kind},
                "record": None if record is None else record.figures(),
                "ratings": rating_json(context, key),
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
        write_csv([*heads, "win_low", "win_high"], rows)
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
