"""Takebacks and seats at a real terminal (pexpect): `undo` against a bot at the
interactive prompt; the replay viewer's take over (t), which asks which seat is yours
and plays the branch on; and the question a resume asks before it runs a program that
a log names, with the command's control characters escaped."""

from __future__ import annotations

import sys

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("pseudo-terminal tests run on Linux", allow_module_level=True)
pexpect = pytest.importorskip("pexpect")

from pty_helpers import (  # noqa: E402, F401
    Terminal,
    deck,
    env,
    expect_prompt,
    finish,
    plain,
    spawn,
)

from rummy500_cli.events import SeatChanged, StockDrawn, TakenBack  # noqa: E402
from rummy500_cli.records.log import encode_log, read_log  # noqa: E402


def test_undo_against_a_bot_at_the_prompt(tmp_path, env, deck) -> None:  # noqa: F811
    save = tmp_path / "g.jsonl"
    args = ["play", "--seed", "7", "--name", "Ana", "--pace", "0", "--save", str(save)]
    child = spawn([*args, "--deck", str(deck), "--seat", "1=greedy"], env)
    try:
        expect_prompt(child)
        child.sendline("draw")
        child.expect(r"You draw K♥ from the stock\.")
        expect_prompt(child)
        child.sendline("discard 2s")
        child.expect(r"You discard 2♠\.")
        table = expect_prompt(child)  # Ada has played her turn
        assert "Ana to draw" in table
        child.sendline("undo")
        child.expect(r"You take back the moves after event 3\.")
        told = expect_prompt(child)
        assert "  You discard 2♠." in told
        assert "Ada" in told.split("You discard 2♠.")[1]  # her turn, taken back too
        assert "Ana to meld, lay off or discard" in told
        assert "Hand (Ana, 14):" in told
        child.sendline("undo 2")
        child.expect(r"error: undo: undo 2: you have made 1 move since the deal")
        expect_prompt(child)
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    events = read_log(save).events
    assert events[-1] == TakenBack(seat=0, to=3) and isinstance(events[3], StockDrawn)


def test_the_viewer_s_take_over_asks_which_seat(tmp_path, env) -> None:  # noqa: F811
    from helpers import opening, scripted

    log = tmp_path / "bots.jsonl"
    events = opening(["2S 5H 9S JC 10H 4S", "3C 4D 6S 8S 10D QS"], "7C", "KD QD JD")
    events[0] = type(events[0])(
        **{**{f: getattr(events[0], f) for f in events[0].__struct_fields__},
           "seats": ("bot:greedy", "bot:strong")}
    )  # fmt: skip
    log.write_bytes(encode_log(scripted(events, "draw", "discard KD", "draw")))
    screen = Terminal(["replay", str(log)], env)
    try:
        screen.shows("Press ? for the keys.")  # on the first deal, event 2
        for _ in range(2):
            screen.press("l")
        screen.shows("event 4/5")
        screen.press("t")
        screen.shows("Take over which seat? 0 Ann, 1 Bob (Enter: 0):")
        screen.press("7\r")
        screen.shows("no seat '7'")
        screen.press("t")
        screen.press("bob\r")
        child = screen.child
        child.expect(r"you play Bob's seat\.")
        table = expect_prompt_of(child, "Bob")
        assert "Bob to draw" in table
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        screen.child.close(force=True)
    branch = tmp_path / "bots-branch-4.jsonl"
    assert read_log(branch).events[-1] == SeatChanged(seat=1, kind="human")
    assert read_log(branch).events[0].seats == ("bot:greedy", "bot:strong")  # as recorded


def expect_prompt_of(child, name: str) -> str:
    child.expect(rf"{name}>")
    return plain(child.before)


def test_a_resume_asks_before_it_runs_a_program_the_log_names(tmp_path, env) -> None:  # noqa: F811
    """The command is shown with its escape character escaped; no runs nothing and
    leaves the log alone; yes plays on."""
    from helpers import opening

    log = tmp_path / "x.jsonl"
    sneaky = "exec:rummy500 example-bot \x1b]0;pwned\x07"
    events = opening(["2S 5H 9S JC 10H 4S", "3C 4D 6S 8S 10D QS"], "7C", "KD QD JD")
    header = events[0]
    fields = {f: getattr(header, f) for f in header.__struct_fields__}
    events[0] = type(header)(**{**fields, "players": ("Ana", "Bob"), "seats": ("human", sneaky)})
    log.write_bytes(encode_log(events))
    before = log.read_bytes()
    child = spawn(["resume", str(log), "--pace", "0"], env)
    try:
        child.expect(r"Seat 1 is played by a program that the log names\. It would run:")
        child.expect(r"Run it\? \[y/N\]")
        shown = [line.strip() for line in plain(child.before).splitlines() if line.strip()]
        assert shown == [
            "program:  “rummy500”  (this rummy500)",
            "argument 1: “example-bot”",
            "argument 2: “\\x1b]0;pwned\\x07”",
        ]
        child.sendline("n")
        child.expect(r"rummy500: .*seat 1 is played by a program the log names")
        assert finish(child) == 1
    finally:
        child.close(force=True)
    assert log.read_bytes() == before

    events[0] = type(header)(**{**fields, "players": ("Ana", "Bob"),
                                "seats": ("human", "exec:rummy500 example-bot")})  # fmt: skip
    log.write_bytes(encode_log(events))
    child = spawn(["resume", str(log), "--pace", "0"], env)
    try:
        child.expect(r"Run it\? \[y/N\]")
        child.sendline("y")
        expect_prompt_of(child, "Ana")
        child.sendcontrol("d")
        assert finish(child) == 0
    finally:
        child.close(force=True)


def test_the_viewer_jumps_to_a_takeback_and_shows_what_it_took_back(tmp_path, env) -> None:  # noqa: F811
    from helpers import played

    events, at = played(tmp_path)
    screen = Terminal(["replay", "--as", "0", str(tmp_path / "g.jsonl")], env)
    try:
        screen.shows("Press ? for the keys.")
        screen.press("u")
        shown = screen.shows("takeback 1 of 1")
        assert f"event {at}/{len(events) - 1}" in shown
        assert "You take back the moves after event" in shown
        assert "  You draw " in shown  # the draw taken back, as it was told
        screen.press("u")
        screen.shows("no takeback after this position (1 in the game)")
        screen.press("h")  # back along the line played: past what was taken back
        assert f"event {events[at].to}/" in screen.shows(f"event {events[at].to}/")
        screen.press("g")
        screen.press(f"{at - 1}\r")  # a position taken back: the game as it stood then
        screen.shows(f"taken back at event {at}]")
        screen.quit()
    finally:
        screen.child.close(force=True)
