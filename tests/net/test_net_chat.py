"""say: a chat line reaches everyone at the table, shown escaped, above the prompt of
a player who is typing (without waiting for Enter)."""

from __future__ import annotations

import os

import pexpect
from netkit import Raw, ServerProcess, command

from rummy500_cli.engine import new_game
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules


def _seed_where_seat_0_starts() -> str:
    rules = make_rules({"hand_size": 3})
    for seed in range(100):
        if fold(new_game(["P0", "P1"], rules, str(seed))).to_move == 0:
            return str(seed)
    raise AssertionError("no seed")


def test_a_say_line_shows_above_the_prompt_of_a_player_who_is_typing():
    seed = _seed_where_seat_0_starts()
    spec = f"--players 2 --seat 0=human:P0 --seat 1=human:P1 --seed {seed} --rule hand_size=3"
    server = ServerProcess(["--table", spec]).start()
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1")
    child = None
    try:
        invites = server.seats[server.table]
        friend = Raw(server.port)
        assert friend.hello(invites[1])["type"] == "welcome"
        program, *rest = [*command(), "join", invites[0].text(), "--ascii"]
        child = pexpect.spawn(program, rest, env=env, dimensions=(40, 120), encoding="utf-8")
        child.expect("P0>", timeout=20)
        child.send("dra")  # typing, not yet sent
        friend.send({"type": "say", "text": "hi there \x1b[31mred\x07"})
        child.expect(r"P1 says: hi there \\x1b\[31mred\\x07", timeout=10)
        child.send("w\r")  # the line typed is still there
        child.expect(r"draw \S+ from the stock", timeout=10)
        child.expect("P0>", timeout=10)  # (Ctrl-D is read at the prompt)
        child.sendcontrol("d")
        child.expect(pexpect.EOF, timeout=20)
    finally:
        if child is not None:
            child.close(force=True)
        server.stop()
