"""Whole games over the network: scripted seats through the wire and a bot at the
table, to the end; the log verifies and every seat received every event exactly once,
in order, each as its projection for that seat."""

from __future__ import annotations

import subprocess

import msgspec
from netkit import Seat, ServerProcess, command, log_of, saves, short_table

from rummy500_cli.online.projection import visible
from rummy500_cli.online.record import verify_record
from rummy500_cli.records.log import read_log


def test_two_scripted_seats_and_a_bot_play_a_fair_game_to_its_end():
    server = ServerProcess(["--table", short_table(3, (0, 1), "--pace 0")]).start()
    try:
        table = server.table
        seats = [Seat(server, server.seats[table][s]) for s in (0, 1)]
        for seat in seats:
            seat.start()
        for seat in seats:
            seat.join(60)
        for seat in seats:
            assert seat.failure is None, seat.failure
            assert seat.done
    finally:
        server.stop()
    log = log_of(saves())
    events = read_log(log).events
    assert events[-1].__class__.__name__ == "SeedRevealed"
    assert events[0].commitment  # a fair deal: committed before the cards
    for seat in seats:
        assert seat.order == list(range(len(events)))  # every event once, in order
        for seq, event in enumerate(events):
            assert seat.events[seq] == msgspec.json.decode(
                msgspec.json.encode(visible(event, seat.invite.seat))
            )
    done = subprocess.run([*command(), "verify", str(log)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_stacked_game_is_not_fair_dealt_and_starts_at_once():
    server = ServerProcess(["--table", short_table(2, (0,), "--seed 7 --pace 0")]).start()
    try:
        seat = Seat(server, server.seats[server.table][0])
        seat.start()
        seat.join(60)
        assert seat.failure is None, seat.failure
        assert seat.done
    finally:
        server.stop()
    events = read_log(log_of(saves())).events
    assert not events[0].commitment
    assert events[-1].__class__.__name__ == "GameEnded"
    _ = verify_record  # (the records of join are checked in test_net_join)


def test_a_program_plays_a_seat_through_join_json_to_the_end():
    """A bot program joins a seat with `rummy500 join --json INVITE`, speaking the
    protocol of rummy500-protocol(7): hello (no seed), prompts with the legal moves."""
    import json

    server = ServerProcess(["--table", short_table(2, (0,), "--pace 0")]).start()
    try:
        invite = server.seats[server.table][0]
        proc = subprocess.Popen(
            [*command(), "join", "--json", invite.text()],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None
        kinds = []
        for _ in range(5000):
            line = proc.stdout.readline()
            if not line:
                break
            message = json.loads(line)
            kinds.append(message["type"])
            if message["type"] == "hello":
                assert "seed" not in message and "log" not in message
            if message["type"] == "prompt":
                proc.stdin.write(message["legal"][0] + "\n")
                proc.stdin.flush()
            if message["type"] == "bye":
                break
        proc.stdin.close()
        assert proc.wait(20) == 0, proc.stderr.read()
    finally:
        server.stop()
    assert kinds[0] == "hello" and kinds[-1] == "bye" and "prompt" in kinds
    assert read_log(log_of(saves())).events[-1].__class__.__name__ == "SeedRevealed"
