"""The text report of `rummy500 analyze`: the judged decisions, then the game in figures."""

from __future__ import annotations

from ..analysis.judge import band
from ..cards import Card
from ..errors import ParseError
from .printable import printable

BLOCKS = " ▁▂▃▄▅▆▇█"
ASCII_LEVELS = " .:-=+*#@"
"""The nine heights of a graph cell, from empty to full, in Unicode blocks and in ASCII."""


def _plural(word: str, count: int) -> str:
    if count == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def signed_points(points: float) -> str:
    """Points with their sign and the right number: "+1 point", "-13.5 points"."""
    return f"{points:+g} point{'' if abs(points) == 1 else 's'}"


def _about(points: float) -> str:
    whole = round(abs(points))
    return f"about {whole} point{'s' if whole != 1 else ''}"


HINT_POINTS = (
    "points: your expected score this round against the other players' mean, up to your "
    "next turn (below 0: behind them); win chance: of winning the game"
)


def hint_lines(ranked, style, gaps=None, samples: int | None = None) -> list[str]:
    """The prompt's hint: the best moves (three at most) as the analysis's judge ranks
    them, the likeliest to win first, each with its chance of winning and its expected
    points, and from the second on how much less likely to win it is than the first
    (with the judge's interval, from `gaps`); what the figures mean said below."""
    ranked = ranked[:3]
    lines = []
    for index, (action, points, chance) in enumerate(ranked):
        name = action.text(ascii=style.ascii)
        text = f"{index + 1}. {name}: win chance {pct(chance)}, {_about_signed(points)}"
        if index and gaps is not None and index < len(gaps):
            mean, low, high = gaps[index]
            than = (
                f"{pct(mean)} less likely to win than 1."
                if round(100 * mean)
                else "about as likely to win as 1."
            )
            text += f" ({than}, between {pct(low)} and {pct(high)} with the noise)"
        lines.append(text)
    deals = f" ({samples} sampled deals)" if samples else ""
    head = (
        f"hint: the expert's best moves as rummy500 analyze judges them{deals}, "
        "the likeliest to win first:"
    )
    return [head] + ["  " + line for line in lines] + [f"  ({HINT_POINTS})"]


def _about_signed(points: float) -> str:
    whole = round(points)
    return f"about {whole:+d} point{'s' if abs(whole) != 1 else ''}"


def _article(label: str) -> str:
    return label if label == "no mark" else ("an " if label[0] in "aeiou" else "a ") + label


def pct(x: float) -> str:
    """A chance as a whole percentage."""
    return f"{100 * x:.0f}%"


POINTS_MEANING = (
    "points: a move's expected score this round against the other players' mean, up to "
    "the player's next turn; win chance: of winning the game"
)
"""What the figures of a judged move are, said once where they first appear."""


def verdict_text(decision, name: str, style=None) -> str:
    """One judged decision in a line: the label, the move played, the best one, the
    expected points lost and the drop in the chance of winning with its interval."""
    between = f"{pct(decision.drop_low)}-{pct(decision.drop_high)}"
    unclear = ""
    if decision.label == "unclear":
        low = band(decision.drop_low) or "no mark"
        high = band(decision.drop_high) or "no mark"
        unclear = f": {_article(low)} or {_article(high)}, within the noise of the samples"
    played, best = _moves(decision, style)
    return (
        f"{name}: {decision.label}: {played}; better {best} "
        f"({signed_points(-decision.points_lost)}, -{pct(decision.win_drop)} to win, "
        f"{between}{unclear})"
    )


def _moves(decision, style) -> tuple[str, str]:
    if style is None:
        return decision.played, decision.best
    return move_words(decision.played, style), move_words(decision.best, style)


def costly_text(decision, style=None) -> str:
    """One of a player's costliest decisions: where, what was played, what was better,
    the points and the chance of winning lost with its interval, and its label if any."""
    played, best = _moves(decision, style)
    label = decision.label or "no mark"
    if decision.label == "unclear":
        low = band(decision.drop_low) or "no mark"
        high = band(decision.drop_high) or "no mark"
        label = f"unclear ({_article(low)} or {_article(high)})"
    between = f"{pct(decision.drop_low)}-{pct(decision.drop_high)}; {label}"
    if decision.quick is True:
        between = QUICK_SHORT
    return (
        f"event {decision.seq} round {decision.round}: {played}; better {best}: "
        f"{_about(decision.points_lost)} and {pct(decision.win_drop)} win chance lost "
        f"({between})"
    )


QUICK_SHORT = "a quick screen on one deal: no interval, no label"
"""Where a decision weighed by the judge's quick form would give its interval."""


def signed_pct(x: float) -> str:
    """A change in a chance as a signed whole percentage."""
    value = round(100 * x)
    return f"{value:+d}%" if value else "0%"


def fortune_words(skill: float, luck: float) -> str:
    """The luck-and-skill split of a game in words: how lucky the cards were and how the
    decisions compared with the expert's."""
    cards = "a lucky" if luck > 0.1 else "an unlucky" if luck < -0.1 else "an even"
    if skill > 0.03:
        play = "played better than the expert"
    elif skill >= -0.03:
        play = "played about as the expert would"
    elif skill >= -0.25:
        play = "played a little worse than the expert"
    else:
        play = "played worse than the expert"
    return f"{cards} game {play}"


def fortune_line(player, name: str) -> str | None:
    """A player's luck against skill in a line ("Ana: decisions -18% win chance, cards
    -22%: an unlucky game played a little worse than the expert"); None in an analysis
    saved without them."""
    if player.change is None or player.skill is None or player.luck is None:
        return None
    return (
        f"{name}: decisions {signed_pct(player.skill)} win chance, cards "
        f"{signed_pct(player.luck)} (in all {signed_pct(player.change)}): "
        f"{fortune_words(player.skill, player.luck)}"
    )


FORTUNE_MEANING = (
    "Luck and skill (each player's chance of winning, from an even share to won or lost, "
    "split into what the decisions did against the expert's first choice and what the "
    "cards did; the two add up)"
)


QUICK_NONE = "no labels: the quick screen gives none (the costliest decisions are below)"


def summary_line(player, name: str, quick: bool = False) -> str:
    """A player's accuracy, expected points lost and counts (`quick`: judged by the
    judge's quick form, which labels nothing: no counts)."""
    counts = [
        ("inaccuracy", player.inaccuracies),
        ("mistake", player.mistakes),
        ("blunder", player.blunders),
    ]
    accuracy = "-" if player.accuracy is None else f"{player.accuracy:.0f}"
    text = (
        f"{name}: accuracy {accuracy}, {player.decisions} decisions weighed, "
        f"{player.points_lost:.0f} expected points lost"
    )
    if quick:
        return text + " (a quick screen: no labels)"
    text += "; " + ", ".join(f"{count} {_plural(label, count)}" for label, count in counts)
    return text + (f", {player.unclear} unclear" if player.unclear else "")


def analysis_text(
    players, chosen, decisions, summaries, stats, takebacks=(), style=None, *, quick=False
) -> str:
    """The report of `rummy500 analyze`: the judged decisions, each player's summary,
    each player's costliest decisions (labelled or not), luck against skill, the
    takebacks each player used (when any), and the game in figures. `style`: how cards
    are drawn (None: as the command language writes them); `quick`: judged by the
    judge's quick form (`analysis.screen`), which is said."""
    from ..analysis.figures import costliest
    from ..analysis.screen import QUICK_WORDS

    lines = [f"Decisions judged against the expert bot ({', '.join(players[s] for s in chosen)}):"]
    if quick:
        lines.append(f"  (judged by {QUICK_WORDS})")
    lines.append(f"  ({POINTS_MEANING})")
    marked = [d for d in decisions if d.label]
    for decision in marked:
        lines.append(
            f"  event {decision.seq:>4} round {decision.round} "
            + verdict_text(decision, players[decision.seat], style)
        )
    if not marked:
        lines.append(f"  {QUICK_NONE if quick else 'no inaccuracy, mistake or blunder found'}")
    for player in summaries:
        lines.append("  " + summary_line(player, players[player.seat], quick))
    lines.append("")
    lines.append("Costliest decisions (labelled or not, the worst first):")
    for seat in chosen:
        worst = costliest(decisions, seat)
        if not worst:
            lines.append(f"  {players[seat]}: none: every decision was the best on the samples")
            continue
        lines.append(f"  {players[seat]}:")
        for rank, decision in enumerate(worst, 1):
            lines.append(f"    {rank}. {costly_text(decision, style)}")
    fortunes = [line for p in summaries if (line := fortune_line(p, players[p.seat])) is not None]
    if fortunes:
        lines.append("")
        lines.append(f"{FORTUNE_MEANING}:")
        lines.extend(f"  {line}" for line in fortunes)
    if any(takebacks):
        used = ", ".join(f"{players[seat]} {count}" for seat, count in enumerate(takebacks))
        lines.append(
            f"  Takebacks used: {used} (the line played is judged, not what was taken back)"
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
        out_name = printable(round_stats.went_out or "")  # names in the figures come from the log
        end = {"went_out": f"{out_name} went out", "in_play": "still in play"}.get(
            round_stats.reason, "the stock ran out"
        )
        lines.append(f"  round {round_stats.round} ({end}):")
        for seat, row in enumerate(round_stats.seats):
            takes = ", ".join(f"{t.depth} deep, {t.used} used" for t in row.takes) or "none"
            on = ", ".join(
                f"{points} on {printable(owner)}'s" for owner, points in row.laid_off_on.items()
            )
            extra = f" ({on})" if on else ""
            out = f", out on turn {row.went_out_on_turn}" if row.went_out_on_turn else ""
            shown = [move_words(play, style) if style else play for play in row.missed]
            missed = f", missed: {'; '.join(shown)}" if shown else ""
            lines.append(
                f"    {players[seat]}: score {row.score}, melded {row.melded}, laid off "
                f"{row.laid_off}{extra}, deadwood {row.deadwood}, takes: {takes}, fed next "
                f"{row.fed_next}{out}{missed}"
            )
    totals = ", ".join(f"{name} {total}" for name, total in zip(players, stats.totals, strict=True))
    lines.append(f"Totals: {totals}" + ("" if stats.finished else " (unfinished)"))
    return "\n".join(lines)


# --- The replay viewer's analysis -------------------------------------------------------


def move_words(text: str, style) -> str:
    """A move in the command language with its cards drawn in the style (7H -> 7♥)."""
    words = []
    for word in text.split(" "):
        try:
            words.append(style.card(Card.parse(word)) if any(c.isalpha() for c in word) else word)
        except ParseError:
            words.append(word)
    return " ".join(words)


def decision_panel(decision, players, style, shown: bool = True) -> list[str]:
    """What the viewer shows before a judged decision: the verdict, the move played and
    the better moves with their expected points and chances of winning. Not `shown`
    (the moves would tell the cards of a hand the viewer may not see): the verdict."""
    name = players[decision.seat]
    label = decision.label or "no mark"
    if not shown:
        return [
            f"Analysis of event {decision.seq} ({name}): {label} (the moves weighed hide {name}'s hand)"
        ]
    lines = [
        f"Analysis of event {decision.seq} ({name}): {label}; played "
        f"{move_words(decision.played, style)}"
    ]
    played = next((m for m in decision.moves if m.move == decision.played), None)
    for move in decision.moves:
        tag = " (played)" if move.move == decision.played else ""
        lines.append(
            f"  {move_words(move.move, style)}{tag}: about {move.points:+.0f} points, "
            f"win chance {pct(move.win_chance)}"
        )
    if played is not None and decision.best != decision.played:
        between = (
            f"({pct(decision.drop_low)}-{pct(decision.drop_high)}) over {decision.samples} deals"
        )
        if decision.quick is True:
            between = f"({QUICK_SHORT})"
        lines.append(f"  drop in the chance of winning: {pct(decision.win_drop)} {between}")
    lines.append(
        f"  (points: {name}'s expected score this round against the others' mean, up to "
        f"{name}'s next turn; below 0: behind them)"
    )
    return [style.text(line) for line in lines]


def win_graph(curve, players, cursor: int, width: int, style, height: int = 3) -> list[str]:
    """Each seat's chance of winning over the game, `height` rows of cells a seat (each
    cell the chance at its slice of the events, in nine heights), and a caret under the
    cell that holds the cursor's position."""
    levels = ASCII_LEVELS if style.ascii else BLOCKS
    last = len(curve) - 1
    columns = max(1, min(width, last + 1))
    at = [round(i * last / max(columns - 1, 1)) for i in range(columns)]
    mark = min(range(columns), key=lambda i: abs(at[i] - cursor))
    label = max(len(name) for name in players) + 1
    lines = []
    for seat, name in enumerate(players):
        values = [curve[i][seat] for i in at]
        now = curve[max(0, min(cursor, last))][seat]
        for row in range(height - 1, -1, -1):
            cells = []
            for value in values:
                fill = max(0.0, min(1.0, value * height - row))
                cells.append(levels[round(fill * (len(levels) - 1))])
            title = f"{name} {pct(now)}" if row == height - 1 else ""
            lines.append(f"{title:<{label + 5}}|{''.join(cells)}|")
    lines.append(" " * (label + 6) + " " * mark + "^")
    return lines


def summary_panel(summaries, players, quick: bool = False) -> list[str]:
    """The per-player lines of the viewer's graph page: the summary (`quick`: judged by
    the judge's quick form, said), then luck against skill (when the analysis has them)."""
    lines = [summary_line(player, players[player.seat], quick) for player in summaries]
    fortunes = [fortune_line(player, players[player.seat]) for player in summaries]
    if any(fortunes):
        lines.append("Luck and skill (the change in win chance, split; they add up to it):")
        lines += [f"  {line}" for line in fortunes if line is not None]
    return lines
