"""`rummy500 host`: a server, one table, an invite for each seat left to people, and
seat 0 played at the host's own console; table manners (say, hints off by default)."""

from __future__ import annotations

import re
import subprocess
import time

from netkit import Seat, command

from rummy500_cli.online.invite import parse_invite


class Printed:
    """What `host` printed, read until its invites are out."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.lines: list[str] = []

    def until(self, pattern: str, timeout: float = 20) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.lines.append(line.rstrip("\n"))
            found = re.search(pattern, line)
            if found:
                return found
        raise AssertionError(f"no {pattern!r} in {self.lines}")


def test_host_prints_the_invites_plays_seat_0_and_talks_to_the_table(tmp_path):
    script = tmp_path / "host.txt"
    script.write_text("say hello, table\nhint\ndraw\n")
    proc = subprocess.Popen(
        [*command(), "host", "--players", "2", "--seat", "1=human:Ana", "--seed", "3",
         "--pace", "0", "--commands", str(script), "--rule", "hand_size=3"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        printed = Printed(proc)
        where = printed.until(r"^Serving on")
        assert "loopback only" in where.string
        invite = parse_invite(printed.until(r"Seat 1 \(Ana\): \S+ join '([^']+)'").group(1))
        assert printed.until(r"^Watch: ")
        ana = Seat(type("S", (), {"port": invite.port})(), invite, deadline=30)  # type: ignore[arg-type]
        ana.start()
        out, err = proc.communicate(timeout=40)
        ana.deadline = 0  # stop it
        ana.join(10)
    finally:
        proc.kill()
    text = "\n".join(printed.lines) + out
    assert "Table settings: hints off · undo off" in text or "hints off" in text
    assert "error: hints are off at this table" in err
    assert "Resume with:" in text and "join 'rummy500://" in text
    says = [m for m in ana.messages if m["type"] == "say"]
    assert says and says[0]["name"] == "You" and says[0]["text"] == "hello, table"
