"""A readable transcript of a game (`rummy500 export`): header, each round's deal, each
turn on one line, the score table after each round, and the result."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..cards import Card
from ..events import (
    META_EVENTS,
    Discarded,
    Event,
    GameEnded,
    GameStarted,
    Passed,
    RoundDealt,
    RoundEnded,
    RumCalled,
    WindowOpened,
)
from ..line import Takeback, played_line
from ..rules import format_value
from ..state import State
from .analysis import fortune_line, move_words, pct, signed_points, summary_line
from .narrate import Narrator, takeback_lines
from .printable import names
from .scores import score_table
from .style import Style
from .table import hand_cards


def transcript(events: Sequence[Event], style: Style, markdown: bool = False, analysis=None) -> str:
    """The whole game in words, as text or Markdown: the line played, each takeback
    marked where it was made with the moves it took back, each change of seats where it
    stands. With `analysis` (a saved analysis, `analysis.sidecar.Analysis`), each marked
    decision and each player's costliest ones carry a comment in braces beside the move,
    as PGN does, and the players' summary (with their luck and skill) follows the result."""
    header = events[0]
    assert isinstance(header, GameStarted)
    played = played_line(events)
    takebacks = {record.seq: record for record in played.takebacks}
    walk = ((seq, event, takebacks.get(seq)) for seq, event, _ in played.walk[1:])
    lines = transcript_lines(header, walk, style, markdown, analysis)
    return "".join(line + "\n" for line in lines)


def transcript_lines(
    header: GameStarted,
    walk: Iterable[tuple[int, Event, Takeback | None]],
    style: Style,
    markdown: bool = False,
    analysis=None,
) -> Iterator[str]:
    """`transcript`'s lines, one at a time, from the walk of the line played (each line
    of the log that stands on it, the header left out, a takeback with its record): what
    `export` writes as it reads a long log (issue 31)."""
    from ..analysis.figures import costliest_marks

    judged = analysis.decisions if analysis else []
    costly = {d.seq for d in costliest_marks(judged)}
    comments = {d.seq: comment(d, style) for d in judged if d.label or d.seq in costly}
    state = State(header)
    narrator = Narrator(style, viewer=None, reveal=True)
    h1, h2 = ("# ", "## ") if markdown else ("", "")
    yield f"{h1}Rummy 500: {', '.join(names(header.players))}"
    changes = header.rules.changes()
    rules = ", ".join(f"{k}={format_value(v)}" for k, v in changes.items()) or "standard"
    yield ""
    yield (
        f"- Players: {', '.join(names(header.players))}"
        if markdown
        else f"Players: {', '.join(names(header.players))}"
    )
    yield f"- Rules: {rules}" if markdown else f"Rules: {rules}"
    source = "stacked deck, then seed " if header.deck else "seed "
    yield f"- Deal: {source}{header.seed}" if markdown else f"Deal: {source}{header.seed}"
    if header.parent:
        note = f"Branched from {header.parent} after event {header.parent_at}"
        yield f"- {note}" if markdown else note
    turn: list[str] = []
    mover: int | None = None

    waiting: list[str] = []

    def flush() -> list[str]:
        nonlocal turn, mover
        turn.extend(waiting)
        waiting.clear()
        told = []
        if turn and mover is not None:
            prefix = f"{names(state.players)[mover]}: "
            line = prefix + " ".join(
                _strip_name(text, names(state.players)[mover]) for text in turn
            )
            told.append(f"- {line}" if markdown else f"  {line}")
        turn, mover = [], None
        return told

    for seq, event, record in walk:
        if isinstance(event, META_EVENTS):  # not a move: a line of its own
            yield from flush()
            heading = narrator.feed(event, state)[0]
            if record is not None:
                heading = f"{heading.removesuffix('.')} (event {seq})."
            yield f"- {heading}" if markdown else f"  {heading}"
            if record is not None:  # the moves it took back, beneath it
                moves = takeback_lines(record, state, style, None, True)
                yield from (f"  - {text.strip()}" if markdown else f"  {text}" for text in moves)
            continue
        state.apply(event)
        if isinstance(event, RoundDealt):
            yield from flush()
            yield ""
            yield f"{h2}Round {event.round}: {names(state.players)[event.dealer]} deals"
            if markdown:
                yield ""
            for seat, hand in enumerate(event.hands):
                cards = hand_cards((Card.parse(text) for text in hand), style)
                line = f"{names(state.players)[seat]}: {cards}"
                yield f"- {line}" if markdown else f"  {line}"
            upcard = event.upcard and style.card(Card.parse(event.upcard))
            line = f"Upcard: {upcard or '(chosen by the first player)'}"
            yield f"- {line}" if markdown else f"  {line}"
            if markdown:
                yield ""
            continue
        if isinstance(event, RoundEnded):
            yield from flush()
            yield from (["", *narrator.feed(event, state)])
            yield from (["", score_table(names(state.players), event, markdown)])
            continue
        if isinstance(event, GameEnded):
            yield from flush()
            yield from (
                ["", f"{h2}Result" if markdown else "Result:", *narrator.feed(event, state)]
            )
            continue
        if isinstance(event, WindowOpened):  # RULES 7: a line of its own, no one's turn
            yield from flush()
            lines = narrator.feed(event, state)
            yield from (f"- {line}" if markdown else f"  {line}" for line in lines)
            continue
        who = getattr(event, "seat", None)
        if who is not None and who != mover:
            yield from flush()
            mover = who
        said = narrator.feed(event, state)
        turn.extend(said)
        if seq in comments:
            waiting.append(comments[seq])
        if said and waiting:  # beside the words of the move (a take is told with its meld)
            turn.extend(waiting)
            waiting.clear()
        if isinstance(event, Discarded | RumCalled | Passed):
            yield from flush()  # a turn ends; so does an answer in a window (RULES 7)
    yield from flush()
    if not state.over:
        yield from (["", "(The game is unfinished.)"])
    if analysis is not None:
        settings = analysis.header.settings
        yield from (["", f"{h2}Analysis" if markdown else "Analysis:"])
        if markdown:
            yield ""
        yield (
            f"{'- ' if markdown else '  '}Decisions judged against the expert bot "
            f"(--think {settings.think}{_quick(settings)}); comments in braces mark each "
            "player's costliest decisions (points: the expected score of the round against "
            "the others' mean)."
        )
        for player in analysis.players:
            shown = names(header.players)[player.seat]
            told: list[str | None] = [
                summary_line(player, shown, settings.quick is True),
                fortune_line(player, shown),
            ]
            for summary_text in told:
                if summary_text is not None:
                    yield f"- {summary_text}" if markdown else f"  {summary_text}"


def _quick(settings) -> str:
    """The judge's quick form named, if the analysis was judged by it."""
    if settings.quick is not True:
        return ""
    from ..analysis.screen import QUICK_WORDS

    return f": {QUICK_WORDS}"


def comment(decision, style: Style) -> str:
    """A judged decision as a comment beside its move: the label, the better move, the
    expected points and the drop in the chance of winning."""
    return style.text(
        f"{{{decision.label or 'costly'}: better {move_words(decision.best, style)}, "
        f"{signed_points(-decision.points_lost)}, -{pct(decision.win_drop)} to win}}"
    )


def _strip_name(text: str, name: str) -> str:
    """'Ana discards K♠.' -> 'discards K♠.' within a turn line that names Ana once."""
    return text[len(name) + 1 :] if text.startswith(name + " ") else text
