"""Takebacks (`undo`) against bots, pinned by stacked deals: after a stock draw, after a
pile take whose chosen card is still to be used, after a meld, after a lay-off on
another's meld, and at a round's end (refused: a scored round stands); `undo N`; the
refusals (--no-undo, hot seat, nothing to take back); what the bots do after a takeback
(the same as on a line never taken back: a function of the seed and the line played);
and the audit of logs with takebacks, genuine and forged (rummy500-play(6), UNDO)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    BOB,
    NAMES,
    bots,
    card,
    human,
    opening,
    played,
    scripted,
    session_of,
)

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.errors import IllegalAction
from rummy500_cli.events import (
    Discarded,
    Event,
    GameStarted,
    RoundDealt,
    SeatChanged,
    StockDrawn,
    TakenBack,
)
from rummy500_cli.fold_steps import NotAStep
from rummy500_cli.line import played_line
from rummy500_cli.records.audit import AuditError, audit, read_checked
from rummy500_cli.records.log import encode_log, parse_log, read_log
from rummy500_cli.session import Session
from rummy500_cli.state import fold


def verified(session: Session):
    data, summary = read_checked(session.path)
    assert summary.state is not None
    assert summary.state.fingerprint() == session.state.fingerprint()
    return data, summary


# --- what a takeback returns to ----------------------------------------------------------


def test_undo_after_a_stock_draw(tmp_path: Path) -> None:
    """The drawn card goes back on the stock; the log keeps the draw, abandoned."""
    session = session_of(tmp_path, opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD"))
    before = session.state.fingerprint()
    human(session, "draw")
    assert session.state.hands[0][-1] == card("KD")
    record = session.undo(0)
    assert session.state.fingerprint() == before
    assert session.state.stock[-1] == card("KD") and session.state.phase == "draw"
    assert [type(event) for event in record.moves] == [StockDrawn]
    data, summary = verified(session)
    assert isinstance(data.events[-1], TakenBack) and data.events[-1].to == 2
    assert isinstance(data.events[-2], StockDrawn)  # append-only: the draw is still there
    assert summary.takebacks == 1
    assert "1 takeback" in summary.line("g")


def test_undo_after_a_pile_take_whose_card_is_still_to_be_used(tmp_path: Path) -> None:
    """RULES 4.1: the chosen card is pending (it must be melded at once); a takeback puts
    it back on the pile, and nothing is pending any more."""
    session = session_of(tmp_path, opening(["7H 7S 2C 9D JC 4S", BOB], "7D", "KD QD"))
    before = session.state.fingerprint()
    human(session, "take 1")
    assert session.state.pending == card("7D")
    session.undo(0)
    assert session.state.fingerprint() == before
    assert session.state.pending is None and session.state.pile == [card("7D")]
    human(session, "draw")  # the other way, this time
    verified(session)


def test_undo_after_a_meld_then_again_after_the_draw(tmp_path: Path) -> None:
    session = session_of(tmp_path, opening(["7H 7S 7D 9D JC 4S", BOB], "2C", "KD QD"))
    at_draw = session.state.fingerprint()
    human(session, "draw")
    at_play = session.state.fingerprint()
    human(session, "meld 7H 7S 7D")
    assert session.state.table_points[0] == 21 and len(session.state.melds) == 1
    session.undo(0)
    assert session.state.fingerprint() == at_play
    assert session.state.melds == [] and session.state.table_points[0] == 0
    session.undo(0)  # and the draw before it
    assert session.state.fingerprint() == at_draw
    _, summary = verified(session)
    assert summary.takebacks == 2


def test_undo_after_a_lay_off_on_another_s_meld(tmp_path: Path) -> None:
    """RULES 4.2: Ann lays KC off on Bob's Kings (scored for Ann); taken back, the meld
    is Bob's three Kings again and Ann holds KC."""
    events = opening(["KC 2S 5H 9S JC 4S", "KS KH KD 3C 8S QS"], "7C", "10D 6D")
    events = scripted(events, "draw", "discard 10D", "draw", "meld KS KH KD", "discard 6D")
    session = session_of(tmp_path, events)
    human(session, "draw")
    before = session.state.fingerprint()
    human(session, "lay KC on 1")
    assert len(session.state.melds[0].cards) == 4 and session.state.table_points[0] == 10
    session.undo(0)
    assert session.state.fingerprint() == before
    assert len(session.state.melds[0].cards) == 3 and card("KC") in session.state.hands[0]
    assert session.state.melds[0].owner == 1
    verified(session)


def test_undo_n_goes_back_n_moves_and_drops_the_bots_moves_between(tmp_path: Path) -> None:
    session = session_of(tmp_path, opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD JD"))
    human(session, "draw")
    before_discard = session.state.fingerprint()
    human(session, "discard KD")
    bots(session)
    human(session, "draw")
    lines = len(read_log(session.path).events)
    record = session.undo(0, 2)  # the draw, and the discard before it
    assert session.state.fingerprint() == before_discard
    assert sum(getattr(event, "seat", 0) == 1 for event in record.moves) >= 2  # Bob's turn
    assert len(read_log(session.path).events) == lines + 1  # one line: the takeback
    with pytest.raises(IllegalAction, match="undo 5: you have made 1 move since the deal"):
        session.undo(0, 5)
    verified(session)


def test_undo_does_not_cross_a_round_s_end(tmp_path: Path) -> None:
    """A scored round stands: after Ann goes out, the next round's deal is the floor,
    and a log that takes back past it does not verify."""
    hands = ["7H 7S 7D 7C 8C 8D 8H", "3C 4D 6S 8S 10D QS 2H"]
    session = session_of(tmp_path, opening(hands, "2C", "JC", target=1000))
    human(session, "draw", "meld 7H 7S 7D 7C", "meld 8C 8D 8H", "discard JC")
    assert session.state.round == 2
    bots(session)
    with pytest.raises(
        IllegalAction, match="since the deal of round 2 \\(a scored round stands\\)"
    ):
        session.undo(0)
    session.close()
    data = read_log(tmp_path / "g.jsonl")
    went_out = next(seq for seq, e in enumerate(data.events) if isinstance(e, Discarded))
    forged = [*data.events, TakenBack(seat=0, to=went_out - 1)]
    with pytest.raises(AuditError, match="before the deal of round 2") as caught:
        audit(parse_log(encode_log(forged)))
    assert caught.value.line == len(forged)


def test_the_refusals_leave_the_game_and_the_log_alone(tmp_path: Path) -> None:
    session = session_of(tmp_path, opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD"))
    with pytest.raises(IllegalAction, match="nothing to take back: you have not moved since"):
        session.undo(0)
    session.close()
    no_undo = opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD", undo=False)
    assert no_undo[0].undo is False
    assert b'"undo":false' in encode_log(no_undo).splitlines()[0]
    session = session_of(tmp_path, scripted(no_undo, "draw"))
    size = session.path.stat().st_size
    with pytest.raises(IllegalAction, match="started with --no-undo"):
        session.undo(0)
    assert session.path.stat().st_size == size
    session.close()
    hot = opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD", kinds=("human", "human"))
    session = session_of(tmp_path, scripted(hot, "draw"))
    with pytest.raises(IllegalAction, match="Bob also plays here: a hot-seat game allows"):
        session.undo(0)
    session.close()


def test_a_header_is_unchanged_unless_the_game_forbids_undo() -> None:
    """The header's `undo` is written only as false: every other log stays as it was."""
    events = opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD")
    assert b'"undo":' not in encode_log(events)


# --- the bots after a takeback -------------------------------------------------------------


def test_after_a_takeback_the_bots_play_as_on_a_line_never_taken_back(tmp_path: Path) -> None:
    """A bot's choice is a function of the seed, its seat and the line played (its
    random stream keyed by the position on the line, its memory learnt from the line):
    Ann discards QD, takes it back and discards QD again, and Bob answers as he did; a
    game in which she never took back gives the same line."""
    deal = opening(["2S 5H 9S JC 10H 4S", "3C 4D 6S 8S 10D QS"], "7C", "QD 8C 7S 2D 9C 4H")

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    taken = session_of(tmp_path / "a", deal)
    human(taken, "draw", "discard QD")
    bots(taken)
    first = taken.events[len(deal) + 2 :]
    taken.undo(0)
    human(taken, "discard QD")
    bots(taken)
    assert taken.events[len(deal) + 2 :] == first

    straight = session_of(tmp_path / "b", deal)
    human(straight, "draw", "discard QD")
    bots(straight)
    human(straight, "draw", "discard 2S")
    bots(straight)
    human(taken, "draw", "discard 2S")
    bots(taken)
    assert taken.events == straight.events
    assert taken.state.fingerprint() == straight.state.fingerprint()
    taken.close()
    straight.close()
    resumed, _ = Session.resume(tmp_path / "a" / "g.jsonl")  # and a resumed one too
    assert resumed.events == straight.events
    resumed.close()


def test_bot_games_never_take_back() -> None:
    """simulate and the bots never make a takeback (undo is no action of the engine)."""
    from rummy500_cli.variants import make_rules

    for seed in range(3):
        _state, log = bot_game(3, make_rules({"max_rounds": 1}), f"u{seed}", ("greedy",))
        assert not any(isinstance(event, TakenBack | SeatChanged) for event in log)


# --- the audit of takebacks ----------------------------------------------------------------


def bob_draws(events: list[Event], at: int) -> int:
    """Bob's last draw before line `at`: after it, Bob was to move."""
    return max(s for s, e in enumerate(events[:at]) if isinstance(e, StockDrawn) and e.seat == 1)


def test_a_log_with_takebacks_verifies_and_folds_to_the_line_played(tmp_path: Path) -> None:
    events, at = played(tmp_path)
    summary = audit(parse_log(encode_log(events)))
    line = played_line(events)
    assert summary.state is not None
    assert summary.state.fingerprint() == fold(line.events).fingerprint()
    assert fold(events).fingerprint() == summary.state.fingerprint()
    with pytest.raises(NotAStep):  # a takeback is no step of the state: the line is folded
        fold(events[:at]).apply(events[at])
    record = line.takebacks[0]
    assert record.seq == at and all(seq < at for seq, _ in record.abandoned)
    assert [seq for seq, _, _ in line.walk if seq in range(record.to + 1, at)] == []
    assert line.seqs[-1] == len(events) - 1


@pytest.mark.parametrize(
    ("forge", "reason"),
    [
        (lambda e, at: e[0].__class__(**{**_fields(e[0]), "undo": False}), "--no-undo"),
        (lambda e, at: TakenBack(seat=1, to=e[at].to), "Bob's seat is not a person's"),
        (lambda e, at: TakenBack(seat=0, to=bob_draws(e, at)), "not a point where Ann was to"),
        (lambda e, at: TakenBack(seat=0, to=at - 1), "nothing after it to take back"),
        (lambda e, at: TakenBack(seat=0, to=999), "event 999 is not on the line played"),
    ],
    ids=["no-undo", "a-bot-s-seat", "a-bot-was-to-move", "the-point-it-is-at", "no-such-event"],
)
def test_a_forged_takeback_is_caught_with_its_line(tmp_path: Path, forge, reason: str) -> None:
    """The hash chain rebuilt (encode_log), only the rules catch these."""
    events, at = played(tmp_path)
    events = list(events)
    forged = forge(events, at)
    where = 0 if isinstance(forged, GameStarted) else at
    events[where] = forged
    with pytest.raises(AuditError, match=reason) as caught:
        audit(parse_log(encode_log(events)))
    assert caught.value.line == at + 1


def _fields(header: GameStarted) -> dict:
    return {name: getattr(header, name) for name in header.__struct_fields__}


def test_a_takeback_when_the_person_is_not_to_move_is_caught(tmp_path: Path) -> None:
    """Against bots a person types undo only at the prompt: Bob to move, no takeback."""
    events, at = played(tmp_path)
    line = bob_draws(events, at)
    forged = [*events[: line + 1], TakenBack(seat=0, to=events[at].to)]
    with pytest.raises(AuditError, match="Ann is not to move") as caught:
        audit(parse_log(encode_log(forged)))
    assert caught.value.line == line + 2


def test_a_takeback_to_an_abandoned_event_is_caught(tmp_path: Path) -> None:
    """Once taken back, an event is off the line: no later takeback returns to it."""
    events, at = played(tmp_path)
    abandoned = at - 1  # Bob's discard, taken back
    forged = [*events, TakenBack(seat=0, to=abandoned)]
    with pytest.raises(AuditError, match=f"event {abandoned} is not on the line played"):
        audit(parse_log(encode_log(forged)))


def test_events_after_a_takeback_must_follow_from_the_point_it_returns_to(tmp_path: Path) -> None:
    """After the takeback Ann is to draw again: a discard does not follow."""
    events, at = played(tmp_path)
    record = played_line(events).takebacks[0]
    assert isinstance(record.moves[0], StockDrawn)  # Ann's draw, taken back: now a discard
    forged = [*events[: at + 1], Discarded(seat=0, card="9S")]
    with pytest.raises(AuditError, match="Ann could not play discard 9♠") as caught:
        audit(parse_log(encode_log(forged)))
    assert caught.value.line == at + 2


def test_a_takeback_does_not_cross_a_change_of_seats(tmp_path: Path) -> None:
    deal = opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD")
    events = [*scripted(deal, "draw"), SeatChanged(seat=1, kind="bot:strong")]
    session = session_of(tmp_path, events)
    assert session.kinds == ["human", "bot:strong"]
    with pytest.raises(IllegalAction, match="since the change of seats at event 4"):
        session.undo(0)
    session.close()
    forged = [*events, TakenBack(seat=0, to=2)]
    with pytest.raises(AuditError, match="before the change of seats at event 4"):
        audit(parse_log(encode_log(forged)))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (SeatChanged(seat=2, kind="human"), "there is no seat 2"),
        (SeatChanged(seat=1, kind="bot:grandmaster"), "unknown player kind"),
        (SeatChanged(seat=1, kind="strong"), "not written as a seat kind is"),
    ],
)
def test_a_seat_change_must_name_a_seat_and_a_kind(change: SeatChanged, reason: str) -> None:
    deal = opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD")
    with pytest.raises(AuditError, match=reason) as caught:
        audit(parse_log(encode_log([*deal, change])))
    assert caught.value.line == len(deal) + 1


def test_a_seat_change_in_the_middle_of_a_move_is_caught() -> None:
    """Between a discard and the deal it ends a round with, no line may stand."""
    hands = ["7H 7S 7D 7C 8C 8D 8H", "3C 4D 6S 8S 10D QS 2H"]
    events = scripted(opening(hands, "2C", "JC"), "draw", "meld 7H 7S 7D 7C", "meld 8C 8D 8H")
    events = scripted(events, "discard JC")
    deal = max(seq for seq, e in enumerate(events) if isinstance(e, RoundDealt))
    forged = [*events[:deal], SeatChanged(seat=1, kind="bot:strong"), *events[deal:]]
    with pytest.raises(AuditError, match="differs from what the rules give"):
        audit(parse_log(encode_log(forged)))


# --- takebacks at random, under every rule set ------------------------------------------------


def random_takebacks(tmp_path: Path, options: dict, players: int, seed: int) -> Session:
    """Seat 0 is a person who plays the random bot's moves and, now and then, takes back
    one to three moves; the other seats are greedy and random bots. Short games."""
    from rule_sets import players_for

    from rummy500_cli.bots import RandomBot
    from rummy500_cli.bots.base import stream
    from rummy500_cli.variants import make_rules

    players = players_for(options, players)
    rules = make_rules({"max_rounds": 2, "target": 300, **options})
    kinds = ["human", *(("bot:greedy", "bot:random")[i % 2] for i in range(players - 1))]
    names = NAMES[:players]
    path = tmp_path / f"r{seed}.jsonl"
    session = Session.start(path, names, kinds, rules, f"takeback-{seed}")
    me = RandomBot(f"me-{seed}", 0)
    rng = stream(seed, "takebacks")
    undone = moves = 0
    while not session.state.over and moves < 400:
        bots(session)
        if session.state.over:
            break
        targets = session.line.targets(0)
        if targets and rng.below(5) == 0:
            count = 1 + rng.below(min(3, len(targets)))
            position = targets[-count]
            session.undo(0, count)
            undone += 1
            assert session.line.last == position and session.state.to_move == 0
            continue
        session.submit(me.choose(session.state), 0)
        moves += 1
    assert undone
    return session


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"rum_call": True, "out_of_turn": True, "opponents_hand": True},
        {"variant": "dealers_gambit", "jokers_per_deck": 2, "opponents_hand": True},
        {"upcard": "chosen", "stock_out": "reshuffle", "top_discard": "keep"},
        {"variant": "jokers", "jokers_per_deck": 2, "rum_call": True},
    ],
    ids=["standard", "windows", "dealers-gambit", "upcard-chosen", "jokers"],
)
def test_random_takebacks_give_logs_that_verify_replay_and_resume(tmp_path: Path, options) -> None:
    """Whatever is taken back, whenever: the log verifies, its fold and its replay are
    the live game, and the game resumed from it is the same game."""
    from rummy500_cli.records.replay import Replay

    for seed in range(3):
        session = random_takebacks(tmp_path, options, 3, seed)
        state = session.state.fingerprint()
        line = list(session.events)
        session.close()
        data, summary = read_checked(session.path)
        assert summary.state is not None and summary.state.fingerprint() == state
        assert summary.takebacks == sum(isinstance(e, TakenBack) for e in data.events)
        assert fold(data.events).fingerprint() == state
        game = Replay(data.events)
        assert game.state_at(game.last).fingerprint() == state
        for seq in range(0, game.last + 1, 7):  # every position shows, taken back or not
            assert game.state_at(seq).fingerprint() == fold(data.events[: seq + 1]).fingerprint()
        resumed, _ = Session.resume(session.path)
        assert resumed.events == line and resumed.state.fingerprint() == state
        resumed.close()


def test_undo_skips_the_passes_made_for_a_player(tmp_path: Path) -> None:
    """With --windows pass the loop passes for the person in a Rum! window (RULES 7): that
    pass was not asked of them, so undo neither counts it nor returns to it."""
    from rummy500_cli.actions import Pass
    from rummy500_cli.cli.commands import Interpreter
    from rummy500_cli.render.style import PLAIN

    deal = opening(["7H 8H 9H 2C 5S JD", "KS 3D 4C 5C QS QC"], "6D", "JC 10H 4D", rum_call=True)
    events = scripted(deal, "draw", "meld 7H 8H 9H", "discard 2C", "draw", "discard 10H")
    for windows, back_to in (("pass", "discard 2C"), ("ask", "pass")):
        session = session_of(tmp_path, events)
        assert session.state.window_kind == "rum" and session.state.to_move == 0
        session.submit(Pass(), 0)  # as the loop does under --windows pass
        human(session, "draw")
        interpreter = Interpreter(session, PLAIN, windows=windows)
        assert interpreter.handle("undo", 0).error is None  # the draw
        assert session.state.phase == "draw"
        reply = interpreter.handle("undo", 0)
        assert reply.error is None
        assert session.state.phase == ("play" if back_to == "discard 2C" else "window")
        session.close()
