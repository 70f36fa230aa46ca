"""The text report of `rummy500 analyze`: the judged decisions, then the game in figures."""

from __future__ import annotations


def _plural(word: str, count: int) -> str:
    if count == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def analysis_text(players, chosen, decisions, stats) -> str:
    lines = [f"Decisions judged against the expert bot ({', '.join(players[s] for s in chosen)}):"]
    marked = [d for d in decisions if d.label]
    for decision in marked:
        lines.append(
            f"  event {decision.seq:>4} round {decision.round} {players[decision.seat]}: "
            f"{decision.label}: {decision.played}; better {decision.best} "
            f"(-{decision.points_lost:g} points, -{decision.win_drop * 100:.0f}% to win)"
        )
    if not marked:
        lines.append("  no inaccuracy, mistake or blunder found")
    for seat in chosen:
        mine = [d for d in decisions if d.seat == seat]
        counts = {
            label: sum(d.label == label for d in mine)
            for label in ("inaccuracy", "mistake", "blunder")
        }
        lost = sum(d.points_lost for d in mine)
        lines.append(
            f"  {players[seat]}: {len(mine)} decisions weighed, {lost:.0f} expected points lost; "
            + ", ".join(f"{count} {_plural(label, count)}" for label, count in counts.items())
        )
    lines.append("")
    header = [
        "player",
        "melded",
        "laid off",
        "deadwood",
        "takes",
        "depth",
        "used",
        "fed",
        "out",
        "missed",
    ]
    rows = []
    for seat, figures in enumerate(stats.per_seat()):
        rows.append(
            [
                players[seat],
                str(figures["melded"]),
                str(figures["laid_off"]),
                str(figures["deadwood"]),
                str(figures["pile_takes"]),
                f"{figures['mean_depth']:.1f}",
                f"{figures['taken_cards_used']}/{figures['taken_cards']}",
                str(figures["fed_next"]),
                str(figures["went_out"]),
                str(figures["missed_plays"]),
            ]
        )
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines.append("The game in figures (fed: discards the next player took; out: rounds gone out):")
    for row in [header, *rows]:
        lines.append(
            "  "
            + "  ".join(
                cell.rjust(width) if i else cell.ljust(width)
                for i, (cell, width) in enumerate(zip(row, widths, strict=True))
            )
        )
    lines.append("")
    lines.append("Per round:")
    for round_stats in stats.rounds:
        end = {"went_out": f"{round_stats.went_out} went out", "in_play": "still in play"}.get(
            round_stats.reason, "the stock ran out"
        )
        lines.append(f"  round {round_stats.round} ({end}):")
        for seat, row in enumerate(round_stats.seats):
            takes = ", ".join(f"{t.depth} deep, {t.used} used" for t in row.takes) or "none"
            on = ", ".join(f"{points} on {owner}'s" for owner, points in row.laid_off_on.items())
            extra = f" ({on})" if on else ""
            out = f", out on turn {row.went_out_on_turn}" if row.went_out_on_turn else ""
            missed = f", missed: {'; '.join(row.missed)}" if row.missed else ""
            lines.append(
                f"    {players[seat]}: score {row.score}, melded {row.melded}, laid off "
                f"{row.laid_off}{extra}, deadwood {row.deadwood}, takes: {takes}, fed next "
                f"{row.fed_next}{out}{missed}"
            )
    totals = ", ".join(f"{name} {total}" for name, total in zip(players, stats.totals, strict=True))
    lines.append(f"Totals: {totals}" + ("" if stats.finished else " (unfinished)"))
    return "\n".join(lines)
