"""Drops: a client that leaves and comes back with the number of the last event it
saw gets exactly what it missed; its seat waits, then a bot plays it (seat_changed,
the others told) until the player comes back and takes it again."""

from __future__ import annotations

import time

import msgspec
from netkit import Raw, Seat, ServerProcess, log_of, saves, short_table

from rummy500_cli.events import SeatChanged
from rummy500_cli.online.projection import visible
from rummy500_cli.records.log import read_log


def _projected(event, seat):
    return msgspec.json.decode(msgspec.json.encode(visible(event, seat)))


def test_a_dropped_seat_waits_is_played_by_a_bot_and_is_taken_back_with_what_it_missed():
    spec = short_table(3, (0, 1), "--seed 3 --pace 0.05 --seat-wait 0.5 --target 150")
    server = ServerProcess(["--table", spec]).start()
    try:
        invites = server.seats[server.table]
        first, second = Seat(server, invites[0]), Seat(server, invites[1])
        second.stop_after = 8  # it leaves without a word after 8 events
        first.start()
        second.start()
        second.join(30)
        assert second.failure is None, second.failure
        left_at = second.shadow.last
        time.sleep(2.0)  # its seat waits 0.5 s, then a bot plays it
        back = Seat(server, invites[1])
        back.shadow, back.events, back.order = (
            second.shadow,
            dict(second.events),
            list(second.order),
        )
        back.start()
        first.join(90)
        back.join(90)
        for seat in (first, back):
            assert seat.failure is None, seat.failure
            assert seat.done
    finally:
        server.stop()
    events = read_log(log_of(saves())).events
    changes = [(e.seat, e.kind) for e in events if isinstance(e, SeatChanged)]
    assert changes[:2] == [(1, "bot:strong"), (1, "human")]
    # exactly what it missed: every event once, in order, the first after the drop next
    assert back.order == list(range(len(events)))
    assert back.order[left_at + 1] == left_at + 1
    for seq, event in enumerate(events):
        assert back.events[seq] == _projected(event, 1)
        assert first.events[seq] == _projected(event, 0)


def test_the_others_are_told_when_a_seat_leaves_and_when_a_bot_takes_it():
    spec = short_table(3, (0, 1), "--seed 4 --pace 0 --seat-wait 0.3")
    server = ServerProcess(["--table", spec]).start()
    try:
        invites = server.seats[server.table]
        stay, leave = Raw(server.port), Raw(server.port)
        assert stay.hello(invites[0])["type"] == "welcome"
        assert leave.hello(invites[1])["type"] == "welcome"
        leave.close()
        told = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any("is away" in t for t in told):
            message = stay.recv(5)
            assert message is not None
            if message["type"] == "info":
                told.append(message["text"])
        assert any("has left the table" in t for t in told), told
        assert any("is away: a strong bot plays the seat" in t for t in told), told
        stay.close()
    finally:
        server.stop()


def test_a_closed_link_leaves_no_thread_behind():
    """`Link.close` ends its reading and pinging threads before it returns: a thread
    left sleeping until its next ping (30 s) made every later fork of the process (an
    analysis's workers, the tests after it) a fork of a process with threads."""
    import threading

    from rummy500_cli.online.link import Link

    server = ServerProcess(["--table", short_table(2, (0,), "--pace 0")]).start(lifetime=60)
    try:
        before = set(threading.enumerate())
        link = Link(server.seats[server.table][0])
        assert link.open()["type"] == "welcome"
        assert len(set(threading.enumerate()) - before) == 2  # reading, pinging
        started = time.monotonic()
        link.close()
        assert time.monotonic() - started < 2.0
        assert set(threading.enumerate()) - before == set()
    finally:
        server.stop()
