"""The sample games in replays/ still verify, replay and end as recorded: they freeze
the log format (replays/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy500_cli.events import (
    GameEnded,
    JokerBlocked,
    LaidOff,
    Melded,
    PileTaken,
    PowerNamed,
    RoundDealt,
    RoundEnded,
    RumCalled,
    WindowOpened,
)
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import read_log
from rummy500_cli.records.replay import Replay

REPLAYS = Path(__file__).resolve().parents[2] / "replays"

EXPECTED = {
    "two-players.jsonl": ((619, 459), "Ana", 6),
    "four-players.jsonl": ((377, -133, 535, 176), "Cy", 12),
    "six-players-two-decks.jsonl": ((248, 297, 317, 151, 263, 315), "Cy", 8),
    "around-the-corner-five.jsonl": ((375, 290, 535), "Cy", 10),
    "stacked-deep-take.jsonl": ((129, 163, 160), "Bob", 2),
    "unfinished.jsonl": ((71, 116), None, 2),
    "windows-three-players.jsonl": ((576, 244, 245), "Ana", 4),
    # RULES 8: a side's win is named by its partners
    "partnership-sides.jsonl": ((105, 354, 174, 192), "Bob & Dee", 6),
    "persian-two-deals.jsonl": ((132, 161, 243, 19), "Ana & Cy", 2),
    "jokers-three-players.jsonl": ((323, 151, 179), "Ana", 5),
    "dealers-gambit-four-players.jsonl": ((145, 198, 288, -19), "Cy", 5),
}
SIDES = {
    "partnership-sides.jsonl": (279, 546),
    "persian-two-deals.jsonl": (375 + 50, 180),
}
"""The final side totals (RULES 8; persian's with the +50 of the side with more)."""


def test_every_sample_is_listed() -> None:
    logs = [path for path in REPLAYS.glob("*.jsonl") if not path.name.endswith(".analysis.jsonl")]
    assert sorted(path.name for path in logs) == sorted(EXPECTED)  # (analyses are not samples)
    readme = (REPLAYS / "README.md").read_text(encoding="utf-8")
    for name in EXPECTED:
        assert f"`{name}`" in readme


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_verifies_and_ends_as_recorded(name: str) -> None:
    totals, winner, rounds = EXPECTED[name]
    data = read_log(REPLAYS / name)
    assert data.warnings == []
    summary = audit(data, name)
    assert summary.totals == totals
    assert summary.winner == winner
    assert summary.rounds == rounds
    assert summary.finished == (winner is not None)
    game = Replay(data.events)
    assert tuple(game.state_at(game.last).totals) == totals
    assert summary.sides == SIDES.get(name, ())


def test_the_samples_show_what_they_claim() -> None:
    two_decks = read_log(REPLAYS / "six-players-two-decks.jsonl").events[0]
    assert two_decks.rules.deck_count(len(two_decks.players)) == 2
    corner = read_log(REPLAYS / "around-the-corner-five.jsonl")
    rules = corner.events[0].rules
    assert rules.around_the_corner and rules.card_values == "five"
    assert b'"cards":["KS","AS","2S"]' in (REPLAYS / "around-the-corner-five.jsonl").read_bytes()
    stacked = read_log(REPLAYS / "stacked-deep-take.jsonl").events
    assert stacked[0].deck
    assert max(e.depth for e in stacked if isinstance(e, PileTaken)) >= 5
    wild = read_log(REPLAYS / "jokers-three-players.jsonl").events  # RULES 8
    assert wild[0].rules.variant == "jokers" and wild[0].rules.jokers_per_deck == 2
    assert any(isinstance(e, Melded) and e.jokers == ("9H",) for e in wild)
    assert any(isinstance(e, LaidOff) and e.jokers for e in wild)
    gambit = read_log(REPLAYS / "dealers-gambit-four-players.jsonl").events  # RULES 8
    assert gambit[0].rules.variant == "dealers_gambit"
    assert {e.power for e in gambit if isinstance(e, PowerNamed)} == {"double", "wild"}
    assert any(isinstance(e, JokerBlocked) for e in gambit)
    assert any(isinstance(e, Melded) and e.double for e in gambit)
    assert [e.dealer for e in gambit if isinstance(e, RoundDealt)] == [2, 1, 0, 3, 2]


def test_the_windows_sample_has_every_kind_of_window() -> None:
    """RULES 7 rum_call, out_of_turn, opponents_hand: Rum! calls, out-of-turn plays and a
    deadwood window, all in one verified game."""
    events = read_log(REPLAYS / "windows-three-players.jsonl").events
    rules = events[0].rules
    assert rules.rum_call and rules.out_of_turn and rules.opponents_hand
    assert {e.kind for e in events if isinstance(e, WindowOpened)} == {"rum", "play", "deadwood"}
    assert sum(isinstance(e, RumCalled) for e in events) == 2


def test_the_partnership_samples_show_what_they_claim() -> None:
    """RULES 8: Ana went out of the last round of the partnership sample, yet Bob & Dee
    won on the side totals; the persian sample has four jokers laid at once (160), three
    jokers (60), and ends after two deals with a margin of 245."""
    sides = read_log(REPLAYS / "partnership-sides.jsonl").events
    last = [e for e in sides if isinstance(e, RoundEnded)][-1]
    assert last.went_out == 0 and sides[-1].side == 1
    persian = read_log(REPLAYS / "persian-two-deals.jsonl").events
    jokers = [e.values for e in persian if isinstance(e, Melded) and "JK" in e.cards]
    assert jokers == [(40, 40, 40, 40), (20, 20, 20)]
    game = persian[-1]
    assert isinstance(game, GameEnded)
    assert (game.reason, game.side, game.margin) == ("deals", 0, 245)


def test_the_windows_sample_exports_each_answer_on_its_own_line() -> None:
    """RULES 7 in a transcript: a window is a line of its own, a Rum! call and the
    caller's own turn are two lines."""
    from rummy500_cli.render.style import Style
    from rummy500_cli.render.transcript import transcript

    events = read_log(REPLAYS / "windows-three-players.jsonl").events
    lines = transcript(events, Style(ascii=True)).splitlines()
    at = lines.index("  JS could be laid off: Rum? (Ana, Bo)")
    assert lines[at + 1] == "  Ana: calls Rum! and lays JS off on #4 (10)."
    assert lines[at + 2].startswith("  Ana: takes AD and the 5 cards above it")
    assert "  Out of turn, Ana may meld or lay off." in lines


def test_every_sample_records_its_seats_and_random_seats_replay_exactly() -> None:
    """replays/README.md (Seat kinds): each sample says who played each seat; the random
    bot is unchanged since the samples were played, so a seat recorded as random must
    agree with it on every decision."""
    from rummy500_cli.bots import RandomBot
    from rummy500_cli.engine import legal_actions, recorded_action
    from rummy500_cli.state import State

    checked = 0
    for name in sorted(EXPECTED):
        data = read_log(REPLAYS / name)
        header = data.events[0]
        assert len(header.seats) == len(header.players), name
        assert all(kind.startswith("bot:") for kind in header.seats), name
        line = audit(data, name).played
        assert line is not None
        state = State(header)
        for position in range(1, len(line.events)):
            seat = line.starts.get(position - 1)
            if seat is not None and header.seats[seat] == "bot:random":
                legal = legal_actions(state)
                if len(legal) > 1:
                    played = recorded_action(state, line.events[position])
                    assert RandomBot(header.seed, seat).choose(state, legal) == played, name
                    checked += 1
            state.apply(line.events[position])
    assert checked > 200  # four-players' two random seats, and the others
