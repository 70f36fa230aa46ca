"""`rummy500 join` in pseudo-terminals: two people and a bot play a whole game with the
prompt of local play; each person's own record of the game verifies."""

from __future__ import annotations

import os
import re
import subprocess
import time

import pexpect
from netkit import ServerProcess, command, log_of, saves, short_table

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return env


def _spawn(invite: str) -> pexpect.spawn:
    program, *rest = [*command(), "join", invite, "--ascii"]
    return pexpect.spawn(program, rest, env=_env(), dimensions=(40, 120), encoding="utf-8")


def _move(table: str, name: str) -> str:
    """draw when the table says so, else discard the first card of the hand shown."""
    if f"{name} to draw" in table:
        return "draw"
    hand = re.findall(rf"Hand \({name}, \d+\): (.*)", table)
    return f"discard {hand[-1].split()[0]}"


def test_two_people_join_in_terminals_and_play_a_whole_game_with_a_bot():
    server = ServerProcess(["--table", short_table(3, (0, 1), "--pace 0")]).start()
    children = {}
    try:
        table = server.table
        for seat in (0, 1):
            children[seat] = _spawn(server.seats[table][seat].text())
        screens = {seat: "" for seat in children}
        over = set()
        deadline = time.monotonic() + 90
        while len(over) < 2 and time.monotonic() < deadline:
            for seat, child in children.items():
                if seat in over:
                    continue
                name = f"P{seat}"
                table_then_prompt = (
                    rf"Round \d+ \|[^\n]*\n{name} to [\s\S]*?Hand \({name}, [^\n]*\n[\s\S]*?{name}>"
                )
                index = child.expect(
                    [
                        table_then_prompt,
                        "The game is over",
                        pexpect.EOF,
                        pexpect.TIMEOUT,
                        "Press Enter for the next deal",
                    ],
                    timeout=0.3,
                )
                if index == 3:
                    continue
                if index == 4:  # a round's end waits for Enter, as in local play
                    child.sendline("")
                    continue
                screens[seat] = ANSI.sub("", (child.before or "") + (child.after or ""))
                if index == 0:
                    child.sendline(_move(ANSI.sub("", child.after), name))
                elif index in (1, 2):
                    over.add(seat)
        assert over == {0, 1}, screens
        for child in children.values():
            child.expect(pexpect.EOF, timeout=20)
            child.close()
            assert child.exitstatus == 0
    except pexpect.TIMEOUT:
        raise AssertionError(f"no end of game: {screens}") from None
    finally:
        for child in children.values():
            child.close(force=True)
        server.stop()
    log = log_of(saves())
    done = subprocess.run([*command(), "verify", str(log)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    for seat in (0, 1):
        record = saves() / "online" / f"{server.table}-seat{seat}.jsonl"
        done = subprocess.run([*command(), "verify", str(record)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
