"""Table manners: the host (the admin invite) pauses, starts and ends a table and
replaces a seat; others cannot; hints and undo follow the host's settings (off by
default); the settings are shown to every seat on joining."""

from __future__ import annotations

import time

from netkit import Raw, ServerProcess, short_table

from rummy500_cli.online.shadow import Shadow


def _until_turn(raw: Raw, shadow: Shadow, seat: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = shadow.state
        if state is not None and state.to_move == seat and shadow.last >= 0:
            try:
                message = raw.recv(0.3)
            except TimeoutError:
                return
        else:
            message = raw.recv(5)
        assert message is not None
        if message["type"] == "events":
            for item in message["events"]:
                shadow.add(item["seq"], item["event"])
    raise AssertionError("not our turn in time")


def test_the_host_pauses_starts_replaces_and_ends_and_no_one_else_can():
    server = ServerProcess(["--table", short_table(3, (0, 1), "--seed 21 --pace 0")]).start()
    try:
        table = server.table
        host, guest = Raw(server.port), Raw(server.port)
        welcome = host.hello(server.admin[table])
        assert welcome["admin"] is True and "hints off" in welcome["settings_words"]
        assert guest.hello(server.seats[table][1])["admin"] is False
        guest.send({"type": "table", "command": "pause", "id": 1})
        assert "only the host" in guest.until("error")["message"]
        host.send({"type": "table", "command": "pause", "id": 2})
        assert host.until("ok")["id"] == 2
        assert guest.until("status")["status"] == "paused"
        guest.send({"type": "move", "text": "draw", "at": 0})
        reply = guest.until("error")["message"]
        assert "paused" in reply or "event" in reply
        host.send({"type": "table", "command": "start", "id": 3})
        assert host.until("ok")["id"] == 3
        host.send({"type": "table", "command": "replace 1 greedy", "id": 4})
        assert host.until("ok")["id"] == 4
        assert guest.until("bye")["reason"] == "replaced"
        host.send({"type": "table", "command": "end", "id": 5})
        assert host.until("bye")["reason"] == "ended"
    finally:
        server.stop()


def test_hints_and_undo_follow_the_tables_settings():
    spec = short_table(2, (0,), "--seed 8 --pace 0 --allow-hints --allow-undo")
    server = ServerProcess(["--table", spec]).start()
    try:
        raw = Raw(server.port)
        welcome = raw.hello(server.seats[server.table][0])
        assert "hints on · undo on" in welcome["settings_words"]
        shadow = Shadow(0)
        _until_turn(raw, shadow, 0)
        raw.send({"type": "hint", "id": 1})
        hint = raw.until("hint")
        assert hint["id"] == 1 and hint["move"] and hint["why"]
        raw.send({"type": "move", "text": "draw", "at": shadow.last, "id": 2})
        while True:
            message = raw.recv()
            assert message is not None
            if message["type"] == "events":
                for item in message["events"]:
                    shadow.add(item["seq"], item["event"])
            if message["type"] == "ok":
                break
        assert shadow.state is not None and shadow.state.phase == "play"
        raw.send({"type": "undo", "count": 1, "id": 3})
        while True:
            message = raw.recv()
            assert message is not None
            if message["type"] == "events":
                for item in message["events"]:
                    shadow.add(item["seq"], item["event"])
            if message["type"] in ("ok", "error"):
                assert message["type"] == "ok", message
                break
        assert shadow.takeback is not None and shadow.state.phase == "draw"
    finally:
        server.stop()


def test_hints_and_undo_are_off_by_default():
    server = ServerProcess(["--table", short_table(2, (0,), "--seed 8 --pace 0")]).start()
    try:
        raw = Raw(server.port)
        raw.hello(server.seats[server.table][0])
        raw.send({"type": "hint", "id": 1})
        assert "hints are off" in raw.until("error")["message"]
        raw.send({"type": "undo", "id": 2})
        assert "undo is off" in raw.until("error")["message"]
    finally:
        server.stop()
