"""Drills from your own games (`rummy500 drill`): each of your costliest decisions of an
analysed game, put to you again as you saw it.

A drill is one decision of a saved analysis (`analysis.sidecar`) among a player's
costliest (`figures.costliest`: at least the three worst, and every labelled one). An
answer is right when it is within the analysis's inaccuracy threshold of the best move
(`judge.LABELS`: 3% of the chance of winning) by the judge's figures: the figures of the
analysis for the moves it weighed, and for any other move the judge's verdict on it
now, over the same sampled deals and at the same settings (`tutor.Lookahead`), so that
the tolerance means the same as in the analysis. A drill answered right twice is
retired.

Progress is one small JSON file in the user data folder (`progress_file`), written whole
or not at all (a temporary file renamed over it).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import msgspec

from ..actions import AnyAction, LayOff
from ..engine import legal_actions
from ..errors import AmbiguousAction, IllegalAction, LogError, ParseError
from ..events import Event, GameStarted
from ..language import parse_action, parse_play_cards
from ..state import State, fold
from .figures import costliest
from .judge import LABELS, Decision
from .tutor import legal_form

TOLERANCE = dict(LABELS)["inaccuracy"]
"""How much lower than the best move's chance of winning an answer may be and still be
right: the analysis's inaccuracy threshold."""
RETIRED = 2
"""Right answers that retire a drill."""
PROGRESS_FORMAT = 1


class Drill(msgspec.Struct, kw_only=True):
    """One decision to drill."""

    key: str
    """`GAME:SEQ`: the game's identity (the SHA-256 of its first log line, the header,
    so a game keeps it as it goes on) and the log line of the decision."""
    log: str
    seq: int
    index: int
    """Its place in the line played (the judge's numbering)."""
    seat: int
    decision: Decision
    solved: int = 0


class Record(msgspec.Struct, kw_only=True):
    solved: int = 0
    tried: int = 0


class Progress(msgspec.Struct, kw_only=True):
    format: int = PROGRESS_FORMAT
    drills: dict[str, Record] = msgspec.field(default_factory=dict)


class Answer(msgspec.Struct, kw_only=True):
    """A move put to the judge: its figures against the best one."""

    move: str
    right: bool
    win_chance: float
    best: str
    best_chance: float
    points_behind: float
    """How many points the best move is expected to bring more (0 for the best)."""
    played: str
    """The move played in the game."""
    weighed_now: bool
    """Whether the move was weighed now (not one the analysis had weighed)."""


def game_key(first_line: bytes) -> str:
    """A game's identity: the first 16 hex digits of the SHA-256 of its header line."""
    return hashlib.sha256(first_line.rstrip(b"\n")).hexdigest()[:16]


def drills_of(
    log: str, first_line: bytes, seqs: Sequence[int], decisions: Sequence[Decision], seats
) -> list[Drill]:
    """The drills of one analysed game: each seat's costliest decisions (`seqs`: the log
    line of each event of the line played, to find each decision's place there)."""
    game = game_key(first_line)
    place = {seq: index for index, seq in enumerate(seqs)}
    found = []
    for seat in seats:
        for decision in costliest(decisions, seat):
            index = place.get(decision.seq)
            if index is None:
                continue
            found.append(
                Drill(
                    key=f"{game}:{decision.seq}",
                    log=log,
                    seq=decision.seq,
                    index=index,
                    seat=seat,
                    decision=decision,
                )
            )
    return found


def pending(drills: Sequence[Drill], progress: Progress) -> list[Drill]:
    """The drills not retired, the costliest first, each with its count of right answers."""
    out = []
    for drill in drills:
        record = progress.drills.get(drill.key)
        solved = record.solved if record is not None else 0
        if solved < RETIRED:
            out.append(msgspec.structs.replace(drill, solved=solved))
    out.sort(key=lambda d: (-d.decision.win_drop, -d.decision.points_lost, d.key))
    return out


def position(events: Sequence[Event], drill: Drill) -> State:
    """The state before the decision (the line played up to it)."""
    return fold(list(events[: drill.index]))


def parse_move(line: str, state: State) -> AnyAction:
    """A move in the command language of the game's prompt; `lay CARDS` without `on`
    goes where the cards alone fit, as at the prompt. ParseError, IllegalAction or
    AmbiguousAction when it is none."""
    words = line.split()
    if words and words[0].lower() in ("lay", "l") and "on" not in (w.lower() for w in words):
        rest = words[1:]
        end = rest.pop().lower() if rest and rest[-1].lower() in ("low", "high") else None
        if not rest:
            raise ParseError("lay what? write lay CARDS [on MELD], e.g. lay 7H on 2")
        cards, jokers = parse_play_cards(rest)
        fits = [
            action
            for action in legal_actions(state)
            if isinstance(action, LayOff)
            and Counter(action.cards) == Counter(cards)
            and (not jokers or action.jokers == jokers)
            and (end is None or action.end == end)
        ]
        if len(fits) == 1:
            return fits[0]
        if not fits:
            raise IllegalAction(f"lay {' '.join(rest)}: those cards fit no meld on the table")
        choices = " or ".join(action.text() for action in fits)
        raise AmbiguousAction(f"lay {' '.join(rest)}: they fit more than one place; say {choices}")
    return legal_form(parse_action(line, state), state)


def judge_answer(
    events: Sequence[Event], drill: Drill, action: AnyAction, think: int, sample_seed: str = ""
) -> Answer:
    """The judge's figures on a move at the drill's decision: from the analysis when it
    weighed the move, else weighed now at the analysis's settings."""
    decision = drill.decision
    text = action.text()
    chances = {m.move: m for m in decision.moves}
    if text not in chances and isinstance(action, LayOff) and action.end is not None:
        plain = msgspec.structs.replace(action, end=None).text()
        text = plain if plain in chances else text  # the judge may name it without its end
    best = max(decision.moves, key=lambda m: m.win_chance) if decision.moves else None
    mine = chances.get(text)
    weighed_now = False
    if mine is None or best is None:
        from .tutor import Lookahead

        state = position(events, drill)
        ahead = Lookahead(events[: drill.index], state, think, sample_seed)
        judged = ahead.verdict(action)
        weighed_now = True
        if not isinstance(judged, Decision) or not judged.moves:  # the only sensible move
            return Answer(
                move=text, right=True, win_chance=decision.win_chance, best=text,
                best_chance=decision.win_chance, points_behind=0.0,
                played=decision.played, weighed_now=True,
            )  # fmt: skip
        moves = {m.move: m for m in judged.moves}
        mine = moves[text]
        best = max(judged.moves, key=lambda m: m.win_chance)
    drop = best.win_chance - mine.win_chance
    return Answer(
        move=text,
        right=drop < TOLERANCE,
        win_chance=mine.win_chance,
        best=best.move,
        best_chance=best.win_chance,
        points_behind=round(best.points - mine.points, 1),
        played=decision.played,
        weighed_now=weighed_now,
    )


def progress_file() -> Path:
    """Where the drills' progress is kept: the user data folder (on Linux
    $XDG_DATA_HOME/rummy500/drills.json)."""
    from platformdirs import user_data_path

    return user_data_path("rummy500", appauthor=False) / "drills.json"


def read_progress(path: Path) -> Progress:
    """The progress so far (none yet: empty); LogError for a file that is not one."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Progress()
    except OSError as error:
        raise LogError(f"{path}: cannot read: {error.strerror}") from None
    try:
        progress = msgspec.json.decode(data, type=Progress)
    except msgspec.DecodeError as error:
        raise LogError(f"{path}: not the drills' progress ({error}); move it away") from None
    if progress.format > PROGRESS_FORMAT:
        raise LogError(f"{path}: written by a newer rummy500 (format {progress.format})")
    return progress


def write_progress(path: Path, progress: Progress) -> None:
    """Write the progress whole or not at all (a temporary file renamed over it)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(msgspec.json.format(msgspec.json.encode(progress)) + b"\n")
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise LogError(f"{path}: cannot save the drills' progress: {error.strerror}") from None


def record(progress: Progress, drill: Drill, right: bool) -> Record:
    """Count an answer; the drill's record after it."""
    entry = progress.drills.setdefault(drill.key, Record())
    entry.tried += 1
    entry.solved += right
    return entry


def header_of(events: Sequence[Event]) -> GameStarted:
    header = events[0]
    assert isinstance(header, GameStarted)
    return header
