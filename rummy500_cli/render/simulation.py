"""The summary of `rummy500 simulate` as a table, one row per level (plain text)."""

from __future__ import annotations

from typing import Any

from ..rules import format_value
from ..variants import find_variant


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def summary_table(summary: dict[str, Any]) -> str:
    """The summary as a table, one row per level (plain text)."""
    config = summary["config"]
    rules = config["rules"]
    described = ", ".join(f"{k}={format_value(v)}" for k, v in rules.items()) or "standard rules"
    slices = summary.get("slices")
    part = (
        ""
        if slices is None
        else f" (slices {','.join(map(str, slices['done']))} of {slices['of']})"
    )
    lines = [
        f"{summary['played']} games{part} · {config['players']} players · bots "
        f"{','.join(config['bots'])} · seed {config['seed']} · {described}"
    ]
    header = (
        "level",
        "games",
        "wins",
        "win%",
        "95% CI",
        "final",
        "round",
        "rounds/g",
        "outs/g",
        "takes/g",
        "depth",
    )
    rows = [header]
    for level, f in summary["levels"].items():
        low, high = f["win_ci"]
        rows.append(
            (
                level,
                str(f["seat_games"]),
                str(f["wins"]),
                _pct(f["win_rate"]),
                f"{_pct(low)}-{_pct(high)}",
                f"{f['mean_final']:.1f}",
                f"{f['mean_round']:.1f}",
                f"{f['rounds_per_game']:.2f}",
                f"{f['go_outs_per_game']:.2f}",
                f"{f['takes_per_game']:.2f}",
                f"{f['mean_depth']:.2f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        cells = [
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    variant = find_variant(str(rules.get("variant", "none")))
    if variant is not None and variant.sides:
        lines.append(
            "sides: partners play the same level (seats 0+2, 1+3); a side's win counts as a "
            "win for both partners, so wins are per side"
        )
    if summary["unfinished"]:
        lines.append(
            f"unfinished: {summary['unfinished']} games stopped by max_rounds without a winner"
        )
    timing = summary.get("timing") or {}
    if timing:
        lines.append(
            "decision time: "
            + ", ".join(
                f"{level} {t['mean_ms']:.2f} ms/move (max {t['max_ms']:.1f})"
                for level, t in timing.items()
            )
        )
    program = summary.get("program") or {}
    games = summary.get("games_sha256")
    lines.append(
        f"program rummy500 {program.get('version', '?')} (code {str(program.get('code', '?'))[:12]})"
        + (
            f" · games sha256 {games[:16]}"
            if games
            else " · games unchecked (merged without their manifests)"
        )
    )
    return "\n".join(lines)
