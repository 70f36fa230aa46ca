"""The server killed with kill -9 at random moments of 3-client games, started again:
it reopens the table from its log and metadata, the clients reconnect, the game
finishes, no event any client saw is lost or changed, and the log verifies. A few
moments in the suite; 50 behind the soak marker."""

from __future__ import annotations

import random
import subprocess
import time

import msgspec
import pytest
from netkit import Seat, ServerProcess, command, log_of, saves, short_table

from rummy500_cli.online.projection import visible
from rummy500_cli.records.log import read_log


def _crash_game(moment: int, fair: bool) -> None:
    extra = "--pace 0.02 --target 100" + ("" if fair else f" --seed {moment}")
    spec = short_table(3, (0, 1, 2), extra)
    server = ServerProcess(["--table", spec]).start()
    seats = [Seat(server, server.seats[server.table][s], deadline=120) for s in range(3)]
    for seat in seats:
        seat.start()
    deadline = time.monotonic() + 30
    while seats[0].shadow.last < moment and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()
    seen_before = {id(seat): dict(seat.events) for seat in seats}
    again = ServerProcess(["--port", str(server.port)]).start()
    try:
        for seat in seats:
            seat.join(120)
            assert seat.failure is None, seat.failure
            assert seat.done
    finally:
        again.stop()
    events = read_log(log_of(saves())).events
    for index, seat in enumerate(seats):
        assert seat.order == list(range(len(events)))  # none lost, none twice
        for seq, event in enumerate(events):
            assert seat.events[seq] == msgspec.json.decode(
                msgspec.json.encode(visible(event, index))
            )
        for seq, event in seen_before[id(seat)].items():
            assert seat.events[seq] == event  # what it saw before the crash stands
    done = subprocess.run([*command(), "verify", str(log_of(saves()))], capture_output=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("moment", "fair"), [(-1, True), (5, True), (23, False)])
def test_a_server_killed_and_started_again_loses_no_event(moment, fair):
    _crash_game(moment, fair)


@pytest.mark.soak
@pytest.mark.parametrize("case", range(50))
def test_soak_kill_at_50_random_moments(case):
    rng = random.Random(case)
    _crash_game(rng.randrange(-1, 60), rng.random() < 0.5)
