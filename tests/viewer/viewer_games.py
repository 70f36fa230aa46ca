"""The games the viewer's tests look at: Ann's lost game (tests/helpers.py `ann_loses`),
with a saved analysis of four decisions (three labelled, one only costly, one of them
Bob's) and with a takeback (Ann's second draw taken back, then played again).

Ann's game, by log line: 2 the deal; 3-5 Ann draws, melds, discards 2C; 6-8 Bob draws,
melds, discards 8D; 9 Ann draws; 10 Ann discards JH; 11-14 Bob takes it and goes out;
15 the round ends; 16 the game ends.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
from helpers import ann_loses, judged

from rummy500_cli.analysis.figures import summary
from rummy500_cli.analysis.judge import Decision
from rummy500_cli.analysis.sidecar import Analysis, Settings, read_sidecar, write_sidecar
from rummy500_cli.language import parse_action
from rummy500_cli.records.log import encode_log, read_log
from rummy500_cli.records.replay import Replay
from rummy500_cli.session import Session

MISSING = "no analysis saved: run rummy500 analyze on this game first"


DECISIONS = [
    judged(3, 0, None, "draw", "draw", 0.0),  # the best move: not costly
    judged(5, 0, "inaccuracy", "discard 2C", "discard 4S", 0.04),
    judged(8, 1, None, "discard 8D", "discard 6D", 0.01),  # costly, below every label
    judged(9, 0, "mistake", "draw", "take 1", 0.1),
    judged(10, 0, "blunder", "discard JH", "discard 4S", 0.2),
]
COSTLIEST = [10, 9, 5, 8]
"""The log lines of the costliest decisions, the worst first (what `c` visits)."""


def ann_game() -> Replay:
    return Replay(ann_loses())


def analysed(folder: Path, decisions: list[Decision] = DECISIONS) -> tuple[Path, Analysis]:
    """Ann's game saved with an analysis of `decisions`, and the analysis read back."""
    log = folder / "ann.jsonl"
    log.write_bytes(encode_log(ann_loses()))
    data = read_log(log)
    settings = Settings(think=100, seats=[0, 1], judge=1, model=1)
    write_sidecar(log, data, settings, decisions, summary(decisions, [0, 1]))
    analysis = read_sidecar(log)
    assert analysis is not None
    return log, analysis


def taken_back(folder: Path) -> Replay:
    """Ann's game where Ann's draw at line 9 is taken back (line 10) and played again:
    the game goes on from line 11 as it went from line 9."""
    log = folder / "undone.jsonl"
    events = ann_loses(moves_before=7)
    events[0] = msgspec.structs.replace(events[0], seats=("human", "bot:greedy"))  # no hot seat
    log.write_bytes(encode_log(events))
    session, warnings = Session.resume(log)
    assert warnings == []
    session.undo(0)
    for move in ("draw", "discard JH", "take 1", "lay JH on 1", "meld AC AD AH", "discard 6D"):
        session.submit(parse_action(move, session.state))
    session.close()
    return Replay(read_log(log).events)
