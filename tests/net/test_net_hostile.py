"""Hostile clients: each refused in one line (or cut off), nothing changed, the server
alive and answering the others at once, every log verifying. The hypothesis family
of garbage lines runs 10,000 cases behind the soak marker."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from netkit import Raw, ServerProcess, command, log_of, saves, short_table


@pytest.fixture
def server():
    spec = short_table(3, (0, 1), "--seed 11 --pace 0 --seat-wait 60")
    process = ServerProcess(["--hello-timeout", "1", "--table", spec]).start()
    yield process
    process.stop()
    done = subprocess.run([*command(), "verify", str(log_of(saves()))], capture_output=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _seated(server) -> tuple[Raw, Raw, dict]:
    """Both people at the table, the game on: (the seat to move, the other, welcome)."""
    invites = server.seats[server.table]
    a, b = Raw(server.port), Raw(server.port)
    wa, wb = a.hello(invites[0]), b.hello(invites[1])
    assert wa["type"] == wb["type"] == "welcome"
    return a, b, wa


def _responsive(server, within: float = 2.0) -> None:
    """Another client is answered (a ping) within `within` seconds."""
    probe = Raw(server.port)
    start = time.monotonic()
    welcome = probe.hello(server.watch[server.table])
    assert welcome is not None and welcome["type"] == "welcome"
    probe.send({"type": "ping", "id": 7})
    assert probe.until("pong", within)["id"] == 7
    assert time.monotonic() - start < within
    probe.close()


def _last_event(raw: Raw, timeout: float = 5.0) -> int:
    """Read until the game waits for a person; the last event's number."""
    last = -1
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            message = raw.recv(0.3)
        except TimeoutError:
            return last
        assert message is not None
        if message["type"] == "events":
            last = message["events"][-1]["seq"]
    return last


GARBAGE = [
    b"\x00\xff\xfe garbage\n",
    b"{}\n",
    b"[1, 2]\n",
    b'{"type": 5}\n',
    b'{"type": "move"}\n',
    b'{"type": "move", "text": 7, "at": 0}\n',
    b'{"type": "move", "text": "draw", "at": "x"}\n',
    b'{"type": "undo", "count": 1e999}\n',
    b'{"type": "say", "text": "' + b"x" * 500 + b'"}\n',
    b'{"type": "table", "command": "end"}\n',
    b'{"type": "hello", "protocol": 1}\n',
    b'{"type": "contribute", "contribution": "nope"}\n',
    b'"just a string"\n',
    b"\n",
]


def test_garbage_and_near_valid_lines_each_get_a_one_line_error(server):
    a, _b, _ = _seated(server)
    for line in GARBAGE:
        a.send(line)
        reply = a.until("error", 5)
        assert reply["message"] and "\n" not in reply["message"]
    a.send({"type": "ping", "id": 1})
    assert a.until("pong")["id"] == 1
    _responsive(server)


def _flood(server, lines: int) -> None:
    """`lines` nonsense lines from a seated client: each gets its error, in order, and
    another client is answered in the middle of the flood and after it."""
    a, _b, _ = _seated(server)
    flood = b'{"type": "nonsense"}\n' * lines
    a.sock.setblocking(True)
    a.sock.sendall(flood[: len(flood) // 2])
    _responsive(server)
    a.sock.sendall(flood[len(flood) // 2 :])
    errors = 0
    while errors < lines:
        message = a.recv(20)
        assert message is not None
        errors += message["type"] == "error"
    _responsive(server)


def test_a_flood_of_lines_is_answered_and_slows_no_one(server):
    _flood(server, 20_000)


@pytest.mark.soak
def test_soak_a_flood_of_100000_lines(server):
    _flood(server, 100_000)


def test_half_a_line_then_silence_is_closed_after_the_hello_timeout(server):
    slow = Raw(server.port)
    slow.send(b'{"type": "hel')
    _responsive(server)
    start = time.monotonic()
    reply = slow.recv(5)
    assert reply is not None and "no hello in 1 s" in reply["message"]
    assert slow.recv(5) is None
    assert time.monotonic() - start < 3


def test_a_10_mb_line_is_refused_and_its_connection_closed(server):
    big = Raw(server.port)
    with contextlib.suppress(ConnectionResetError, BrokenPipeError):  # cut off mid-send
        big.send(b'{"type": "hello", "x": "' + b"y" * (10 << 20) + b'"}\n')
    reply = big.recv(10)
    if reply is not None:  # (the refusal may be lost with the reset)
        assert "longer than 65536 bytes" in reply["message"]
        assert big.recv(5) is None
    _responsive(server)


def test_deep_json_is_refused_before_it_is_parsed(server):
    a, _b, _ = _seated(server)
    a.send(b"[" * 20_000 + b"]" * 1_000 + b"\n")
    assert "nested" in a.until("error")["message"]
    deep = Raw(server.port)
    deep.send(b'{"type": "hello", "x": ' + b"[" * 50 + b"]" * 50 + b"}\n")
    assert "nested" in deep.recv()["message"]
    _responsive(server)


def test_wrong_invites_are_refused_ever_more_slowly(server):
    invite = server.seats[server.table][0]
    times = []
    for attempt in range(7):
        raw = Raw(server.port)
        start = time.monotonic()
        key = f"{attempt:024x}"
        raw.send({"type": "hello", "protocol": 1, "table": invite.table, "seat": 0, "key": key})
        reply = raw.recv(10)
        times.append(time.monotonic() - start)
        assert reply is not None and "wrong key" in reply["message"]
        raw.close()
    assert max(times[:3]) < 0.5
    assert times[-1] > 0.5  # slowed down: 0.05 s doubled with each try past the third
    good = Raw(server.port)
    assert good.hello(invite)["type"] == "welcome"  # the right key is not slowed


def test_moves_for_another_seat_out_of_turn_or_replayed_change_nothing(server):
    a, b, _ = _seated(server)
    last = max(_last_event(a), _last_event(b))
    # who is to move: ask each to draw; exactly one is refused for being out of turn
    mover, other = (a, b)
    other.send({"type": "move", "text": "draw", "at": last, "id": 1})
    reply = other.until("error")
    if "turn" not in reply["message"]:  # b was to move and drew: swap the roles
        raise AssertionError(reply)
    other.send({"type": "move", "seat": 0 if other is b else 1, "text": "draw", "at": last})
    assert "another seat" in other.until("error")["message"]
    mover.send({"type": "move", "text": "draw", "at": last, "id": 2})
    assert mover.until("ok")["id"] == 2
    mover.send({"type": "move", "text": "draw", "at": last, "id": 3})  # the same, again
    assert "sent twice or too late" in mover.until("error")["message"]


def test_a_client_that_never_reads_is_cut_off_and_slows_no_one(server):
    greedy = socket.socket()
    greedy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before the handshake
    greedy.connect(("127.0.0.1", server.port))
    invite = server.watch[server.table]
    hello = (
        f'{{"type": "hello", "protocol": 1, "table": "{invite.table}", "seat": null, '
        f'"key": "{invite.key}"}}\n'
    ).encode()
    greedy.sendall(hello)
    greedy.settimeout(10)
    ping = b'{"type": "ping", "id": "' + b"p" * 500 + b'"}\n'
    cut = False
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            greedy.sendall(ping * 200)
        except OSError:
            cut = True
            break
    assert cut, "a client that never reads is cut off"
    _responsive(server)


@pytest.fixture(scope="module")
def soak_server():
    spec = short_table(3, (0, 1), "--seed 11 --pace 0")
    process = ServerProcess(["--table", spec]).start(lifetime=900)
    yield process
    process.stop()


def _probe(server: ServerProcess, line: bytes) -> None:
    """Send a line, then a ping: the server answers (or closes), and lives."""
    raw = Raw(server.port)
    raw.send(line.replace(b"\n", b" ") + b"\n")
    raw.send(b'{"type": "ping"}\n')
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        message = raw.recv(5)
        if message is None or message["type"] == "pong":
            break
    raw.close()
    assert server.alive()


@pytest.mark.soak
@settings(max_examples=10_000, deadline=None)
@given(line=st.binary(max_size=300))
def test_soak_garbage_never_harms_the_server(soak_server, line):
    _probe(soak_server, line)


FIELDS = st.dictionaries(
    st.sampled_from(["type", "text", "at", "seat", "key", "table", "count", "id", "command"]),
    st.one_of(
        st.sampled_from(["hello", "move", "undo", "hint", "say", "table", "ping", "contribute"]),
        st.integers(-(2**70), 2**70),
        st.text(max_size=50),
        st.none(),
        st.booleans(),
        st.lists(st.integers(), max_size=3),
    ),
    max_size=6,
)


@pytest.mark.soak
@settings(max_examples=10_000, deadline=None)
@given(message=FIELDS)
def test_soak_near_valid_messages_never_harm_the_server(soak_server, message):
    import json

    _probe(soak_server, json.dumps(message).encode())


@pytest.mark.soak
def test_soak_10000_wrong_invites_refused_and_others_served(soak_server):
    """10,000 wrong invites from one address, 500 at a time (each waits its slowed
    refusal), while another client is answered at once."""
    import asyncio

    invite = soak_server.seats[soak_server.table][0]

    async def wrong(index: int) -> bool:
        reader, writer = await asyncio.open_connection("127.0.0.1", soak_server.port)
        hello = {"type": "hello", "protocol": 1, "table": invite.table, "seat": 0,
                 "key": f"{index:024x}"}  # fmt: skip
        import json

        writer.write(json.dumps(hello).encode() + b"\n")
        line = await asyncio.wait_for(reader.readline(), 30)
        writer.close()
        return b"wrong key" in line

    async def main() -> int:
        refused = 0
        for start in range(0, 10_000, 500):
            results = await asyncio.gather(*(wrong(i) for i in range(start, start + 500)))
            refused += sum(results)
            _responsive(soak_server)
        return refused

    assert asyncio.run(main()) == 10_000
