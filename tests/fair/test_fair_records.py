"""A player's own record of an online game (`online.record`) and `rummy500 verify
RECORD`: an honest record proves its deal; a tampered reveal, a swapped contribution,
a changed card, a changed commitment, a gap, are each refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.cli.main import main
from rummy500_cli.engine import new_game
from rummy500_cli.events import GameStarted, RoundDealt, StockDrawn
from rummy500_cli.online import fairness, projection
from rummy500_cli.online.record import (
    RecordError,
    SeatRecord,
    is_record,
    read_record,
    verify_record,
)
from rummy500_cli.rules import Rules

C1, C2 = "1" * 64, "2" * 64
SECRET = fairness.Secret(seed="the host's seed", salt="salt")


def fair_events() -> list:
    """A whole game of three bots, dealt fairly, seats 1 and 2 contributing."""
    opening = fairness.fair_opening(["Ann", "Bob", "Cy"], Rules(), SECRET, ["", C1, C2])
    header = opening[0]
    assert isinstance(header, GameStarted)
    _, events = bot_game(header.players, Rules(), header.seed, ("greedy", "random"))
    return [header, *events[1:], fairness.reveal(SECRET)]


EVENTS = fair_events()


def write(path: Path, seat: int | None = 1, events: list | None = None) -> Path:
    given = "" if seat is None else ["", C1, C2][seat]
    with SeatRecord.create(path, seat, SECRET.commitment, given) as record:
        record.add({"type": "welcome", "note": "a server message, not an event"})
        for seq, event in enumerate(EVENTS if events is None else events):
            record.add(projection.project_line(event, seq, seat))
    return path


def verify(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["verify", str(path)], catch_exceptions=False)
    return result.exit_code, result.output


def rewrite(path: Path, change) -> None:
    """Apply `change(message)` to every decoded line after the first, in place."""
    lines = path.read_text().splitlines()
    out = [lines[0]]
    for text in lines[1:]:
        message = json.loads(text)
        change(message)
        out.append(json.dumps(message, separators=(",", ":")))
    path.write_text("\n".join(out) + "\n")


def refused(path: Path, *needles: str) -> str:
    code, output = verify(path)
    assert code == 1, output
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_an_honest_record_proves_its_deal(tmp_path: Path, seat: int | None) -> None:
    path = write(tmp_path / "mine.record", seat)
    assert is_record(path)
    code, output = verify(path)
    assert code == 0, output
    who = "a spectator" if seat is None else f"seat {seat} ({['Ann', 'Bob', 'Cy'][seat]})"
    assert output.startswith(f"{path}: ok: the record of {who}, {len(EVENTS)} events; ")
    assert "the seed was committed" in output and "every card seen comes from it" in output
    assert output.strip().endswith("won")


def test_a_record_is_every_message_as_received(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")
    lines = path.read_bytes().splitlines(keepends=True)
    assert json.loads(lines[0]) == {
        "type": "record",
        "format": 1,
        "program": json.loads(lines[0])["program"],
        "seat": 1,
        "commitment": SECRET.commitment,
        "contribution": C1,
    }
    assert lines[2:] == [projection.project_line(e, seq, 1) for seq, e in enumerate(EVENTS)]


def test_a_tampered_reveal_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")

    def salt(message: dict) -> None:
        if message.get("event", {}).get("type") == "seed_revealed":
            message["event"]["salt"] = "pepper"

    rewrite(path, salt)
    refused(path, "do not match the commitment published before the first deal")


def test_a_reveal_of_another_seed_is_refused_even_if_it_derives(tmp_path: Path) -> None:
    """A host that dealt from a seed of its choosing cannot reveal one that matches."""
    chosen = fairness.Secret(seed="a seed the host liked", salt="salt")
    events = fairness.fair_opening(["Ann", "Bob", "Cy"], Rules(), chosen, ["", C1, C2])
    header = events[0]
    events[0] = type(header)(**{**_fields(header), "commitment": SECRET.commitment})
    path = write(tmp_path / "mine.record", 1, [*events, fairness.reveal(chosen)])
    refused(path, "do not match the commitment")


def _fields(struct) -> dict:
    return {name: getattr(struct, name) for name in struct.__struct_fields__}


@pytest.mark.parametrize(
    ("swap", "needle"),
    [
        (("", C2, C1), "did not use this seat's contribution"),  # its own, replaced
        (("", C1, "3" * 64), "dealer_drawn is not what the revealed seed"),  # another's
    ],
    ids=["own", "other"],
)
def test_a_swapped_contribution_is_refused(tmp_path: Path, swap: tuple, needle: str) -> None:
    path = write(tmp_path / "mine.record")

    def contributions(message: dict) -> None:
        if message.get("event", {}).get("type") == "game_started":
            message["event"]["contributions"] = list(swap)

    rewrite(path, contributions)
    refused(path, needle)


def test_a_game_dealt_from_other_contributions_is_refused(tmp_path: Path) -> None:
    """The host left a player's contribution out of the seed, but shows it."""
    events = fairness.fair_opening(["Ann", "Bob", "Cy"], Rules(), SECRET, ["", C1, "4" * 64])
    events[0] = type(events[0])(**{**_fields(events[0]), "contributions": ("", C1, C2)})
    path = write(tmp_path / "mine.record", 1, [*events, fairness.reveal(SECRET)])
    line = refused(path, "this dealer_drawn is not what the revealed seed and the moves give")
    assert f"{path}:4:" in line  # the record's line: its first, a server message, the header


def test_a_changed_card_is_refused_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")
    seq = next(seq for seq, e in enumerate(EVENTS) if isinstance(e, StockDrawn) and e.seat == 1)
    drawn = EVENTS[seq].cards[0]
    other = "2C" if drawn != "2C" else "3C"

    def card(message: dict) -> None:
        if message.get("seq") == seq:
            message["event"]["cards"] = [other]

    rewrite(path, card)
    line = refused(path, f"{path}:{seq + 3}:", "stock_drawn is not what the revealed seed")
    assert drawn in line


def test_a_changed_deal_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")

    def hand(message: dict) -> None:
        if message.get("seq") == 2:
            hand = message["event"]["hands"][1]
            hand[0], hand[1] = hand[1], hand[0]

    rewrite(path, hand)
    refused(path, f"{path}:5:", "round_dealt is not what the revealed seed")


def test_a_header_with_another_commitment_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")

    def commitment(message: dict) -> None:
        if message.get("event", {}).get("type") == "game_started":
            message["event"]["commitment"] = "f" * 64

    rewrite(path, commitment)
    refused(path, "not to the commitment shown when this seat joined")


def test_a_record_without_the_reveal_cannot_be_checked_yet(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record", 1, EVENTS[:-1])
    refused(path, "no seed_revealed", "cannot be checked")


def test_a_gap_and_a_changed_repeat_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")
    lines = path.read_text().splitlines()
    (tmp_path / "gap.record").write_text("\n".join(lines[:10] + lines[11:]) + "\n")
    refused(tmp_path / "gap.record", "event 9 follows event 7")
    again = json.loads(lines[10])
    again["event"]["seat"] = 1 - again["event"]["seat"]
    changed = [*lines[:12], json.dumps(again), *lines[12:]]
    (tmp_path / "changed.record").write_text("\n".join(changed) + "\n")
    refused(tmp_path / "changed.record", "received again, and different")


def test_events_received_again_after_a_reconnect_are_kept_once(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")
    lines = path.read_text().splitlines()
    again = [*lines[:30], *lines[20:]]  # events 18 to 27 received twice
    (tmp_path / "again.record").write_text("\n".join(again) + "\n")
    code, output = verify(tmp_path / "again.record")
    assert code == 0, output
    assert len(read_record(tmp_path / "again.record").events) == len(EVENTS)


def test_a_record_goes_on_after_the_client_restarts(tmp_path: Path) -> None:
    path = tmp_path / "mine.record"
    with SeatRecord.create(path, 1, SECRET.commitment, C1) as record:
        for seq, event in enumerate(EVENTS[:40]):
            record.add(projection.project_line(event, seq, 1))
        assert record.last_seq == 39
    with SeatRecord.reopen(path) as record:
        assert record.last_seq == 39
        for seq, event in enumerate(EVENTS[40:], 40):
            record.add(projection.project(event, seq, 1))
    assert verify_record(path).events == len(EVENTS)


def test_a_record_is_not_overwritten(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.record")
    with pytest.raises(RecordError, match="cannot write the record"):
        SeatRecord.create(path, 1, SECRET.commitment, C1)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b'{"type":"record","seat":"x"}\n', ":1: not a record's first line"),
        (b'{"type":"record","format":9,"seat":1,"commitment":"c"}\n', "record format 9"),
        (b'{"type":"record","seat":1,"commitment":"c"}\nnot json\n', ":2: not JSON"),
        (
            b'{"type":"record","seat":1,"commitment":"c"}\n{"type":"event","seq":"1"}\n',
            ":2: an event",
        ),
        (b'{"type":"record","seat":1,"commitment":"c"}\n', "does not begin with the game's header"),
    ],
    ids=["header", "newer", "json", "event", "empty"],
)
def test_a_broken_record_is_refused_in_one_line(
    tmp_path: Path, content: bytes, needle: str
) -> None:
    path = tmp_path / "broken.record"
    path.write_bytes(content)
    line = refused(path, needle)
    assert "\x1b" not in line


def test_a_game_log_is_still_verified_as_a_log(tmp_path: Path) -> None:
    from rummy500_cli.records.log import encode_log

    path = tmp_path / "game.jsonl"
    path.write_bytes(encode_log(new_game(["Ann", "Bob"], seed=3)))
    assert not is_record(path)
    code, output = verify(path)
    assert code == 0 and "every deal, move and score checked" in output


def test_projection_keeps_the_seed_and_the_stacked_deck_at_the_host() -> None:
    from rummy500_cli.cards import parse_cards

    events = new_game(
        ["Ann", "Bob"],
        seed="secret seed",
        deck=[parse_cards("AS 2S AH")],
        seats=["human", "exec:/home/ann/bots/mine --key 123"],
    )
    shown = projection.visible(events[0], 0)
    assert "seed" not in shown and "deck" not in shown
    assert shown["seats"] == ["human", "exec"]
    assert set(shown) <= {"type", *projection.HEADER_FIELDS}
    dealt = projection.visible(events[2], 0)
    assert dealt["hands"][1] == 13 and dealt["stock"] == len(events[2].stock)
    assert all(isinstance(hand, int) for hand in projection.visible(events[2], None)["hands"])
    assert b"secret seed" not in projection.project_line(events[0], 0, None)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from(["", "JK", "10H", "x", "seed_revealed"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
HONEST = None


def _honest(tmp: Path) -> list[str]:
    """An honest record of the game's first round (the host ended the table then)."""
    global HONEST
    if HONEST is None:
        deals = [seq for seq, event in enumerate(EVENTS) if isinstance(event, RoundDealt)]
        events = [*EVENTS[: deals[1] + 1], EVENTS[-1]]
        HONEST = write(tmp / "honest.record", 1, events).read_text().splitlines()
        assert verify_record(tmp / "honest.record").result == "the host ended it unfinished"
    return HONEST


@given(data=st.data())
def test_a_damaged_record_is_refused_in_one_line_or_verifies(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Any member of any line replaced by any JSON value: verify answers RecordError or
    its summary, never anything else."""
    folder = tmp_path_factory.mktemp("damaged")
    lines = list(_honest(folder))
    index = data.draw(st.integers(0, len(lines) - 1))
    message = json.loads(lines[index])
    target = message
    while isinstance(target, dict) and target and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(target)))
        if not isinstance(target[key], dict):
            break
        target = target[key]
    if isinstance(target, dict) and target:
        target[data.draw(st.sampled_from(sorted(target)))] = data.draw(JSON)
    lines[index] = json.dumps(message)
    path = folder / "damaged.record"
    path.write_text("\n".join(lines) + "\n")
    try:
        verify_record(path)
    except RecordError as error:
        assert "\n" not in str(error)


def test_a_record_with_takebacks_verifies(tmp_path: Path) -> None:
    """A person against bots online may take moves back (when the host allows it): the
    record holds the abandoned events and the taken_back lines, in the log's order, and
    verifies from the state each takeback returns to; a changed card after it is refused."""
    from rummy500_cli.bots import RandomBot
    from rummy500_cli.bots.base import stream
    from rummy500_cli.events import TakenBack
    from rummy500_cli.records.log import read_log
    from rummy500_cli.session import Session
    from rummy500_cli.variants import make_rules

    names, kinds = ["Ann", "Bob", "Cy"], ["human", "bot:greedy", "bot:random"]
    given = ["", C1, C2]
    rules = make_rules({"max_rounds": 2, "rum_call": True})
    seed = fairness.derive_seed(SECRET.seed, given)
    session = Session.start(tmp_path / "host.jsonl", names, kinds, rules, seed)
    me, rng, moves = RandomBot("me", 0), stream(1, "takebacks"), 0
    while not session.state.over and moves < 300:
        while not session.state.over and not session.is_human(session.state.to_move):
            session.submit(session.bot_move())
        if session.state.over:
            break
        targets = session.line.targets(0)
        if targets and rng.below(4) == 0:
            session.undo(0, 1 + rng.below(min(2, len(targets))))
            continue
        session.submit(me.choose(session.state), 0)
        moves += 1
    session.close()
    events = read_log(tmp_path / "host.jsonl").events  # the whole log, abandoned lines too
    assert sum(isinstance(e, TakenBack) for e in events) >= 3
    header = events[0]
    events[0] = type(header)(
        **{**_fields(header), "commitment": SECRET.commitment, "contributions": tuple(given)}
    )
    events.append(fairness.reveal(SECRET))
    for seat in (0, 1, None):
        path = write(tmp_path / f"{seat}.record", seat, events)
        assert verify_record(path).events == len(events)
    last_back = max(seq for seq, e in enumerate(events) if isinstance(e, TakenBack))
    seq = next(
        seq
        for seq, e in enumerate(events)
        if seq > last_back and isinstance(e, StockDrawn) and e.seat == 0
    )
    path = tmp_path / "0.record"

    def card(message: dict) -> None:
        if message.get("seq") == seq:
            message["event"]["cards"] = ["JK"]

    rewrite(path, card)
    refused(path, f"{path}:{seq + 3}:", "stock_drawn is not what the revealed seed")


def test_a_stacked_deck_slipped_into_the_header_deals_nothing(tmp_path: Path) -> None:
    """A host that sends a stacked deck for round 2 in the header it shows (and deals
    it) is refused: the record's deals are checked against the seed alone."""
    from rummy500_cli.cards import new_deck

    opening = fairness.fair_opening(["Ann", "Bob", "Cy"], Rules(), SECRET, ["", C1, C2])
    header = opening[0]
    stacked = tuple(card.ascii for card in new_deck()[:22])
    rigged = type(header)(**{**_fields(header), "deck": ((), stacked)})
    _, events = bot_game(header.players, Rules(), header.seed, ("greedy", "random"))
    from rummy500_cli.engine.setup import deal_round

    # the same game but for round 2, dealt from the rigged header
    second = next(i for i, e in enumerate(events) if isinstance(e, RoundDealt) and e.round == 2)
    events = [rigged, *events[1:second], deal_round(rigged, 2, events[second].dealer)]
    path = write(tmp_path / "mine.record", 1, [*events, fairness.reveal(SECRET)])

    def deck(message: dict) -> None:
        if message.get("seq") == 0:
            message["event"]["deck"] = [[], list(stacked)]

    rewrite(path, deck)
    refused(path, f"{path}:{second + 3}:", "round_dealt is not what the revealed seed")
