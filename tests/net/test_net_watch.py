"""Spectators: a watch invite sees only what is public, --delay N moves late, and
makes no move."""

from __future__ import annotations

import msgspec
from netkit import Raw, Seat, ServerProcess, log_of, saves, short_table

from rummy500_cli.events import RoundDealt, StockDrawn
from rummy500_cli.online.projection import visible
from rummy500_cli.records.log import read_log


def test_a_spectator_sees_only_public_events_some_moves_late_and_cannot_move():
    spec = short_table(3, (0,), "--seed 9 --pace 0.05 --delay 3")
    server = ServerProcess(["--table", spec]).start()
    try:
        table = server.table
        watcher = Raw(server.port)
        welcome = watcher.hello(server.watch[table])
        assert welcome is not None and welcome["type"] == "welcome" and welcome["seat"] is None
        other = Raw(server.port)
        assert other.hello(server.watch[table])["type"] == "welcome"
        other.send({"type": "move", "text": "draw", "at": 0})
        assert "spectator" in other.until("error")["message"]
        other.close()
        player = Seat(server, server.seats[table][0])
        player.start()
        seen: dict[int, dict] = {}
        behind = []
        while True:
            message = watcher.recv(60)
            assert message is not None
            if message["type"] == "events":
                for item in message["events"]:
                    seen[item["seq"]] = item["event"]
                behind.append(player.shadow.last - max(seen))
            if message["type"] == "bye":
                break
        player.join(30)
        assert player.failure is None, player.failure
    finally:
        server.stop()
    events = read_log(log_of(saves())).events
    assert sorted(seen) == list(range(len(events)))  # all of it, once the game is over
    for seq, event in enumerate(events):
        assert seen[seq] == msgspec.json.decode(msgspec.json.encode(visible(event, None)))
        if isinstance(event, RoundDealt):
            assert all(isinstance(hand, int) for hand in seen[seq]["hands"])
        if isinstance(event, StockDrawn):
            assert seen[seq]["cards"] == len(event.cards)
    assert max(behind) >= 1  # the spectator was some moves behind the player
