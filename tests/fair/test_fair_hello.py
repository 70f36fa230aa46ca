"""Nothing hidden goes to a local program either (issue 29, point 3): an `exec:` seat's
whole stream, from `hello` to `bye`, holds neither the seed nor the log's path (whose
default name holds the seed), and names no card its seat could not know."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from test_fair_redaction import PUBLIC, named_cards

from rummy500_cli.records.log import read_log
from rummy500_cli.state import fold

SPY = """
import json, random, sys
rng = random.Random(5)
with open(sys.argv[1], "w") as heard:
    for line in sys.stdin:
        heard.write(line)
        heard.flush()
        message = json.loads(line)
        if message["type"] == "prompt":
            print(rng.choice(message["legal"]), flush=True)
        elif message["type"] == "bye":
            break
"""
SEED = "sekrit-seed-4242"


def test_an_exec_seat_hears_neither_the_seed_nor_the_log(tmp_path: Path) -> None:
    spy = tmp_path / "spy.py"
    spy.write_text(SPY)
    heard = tmp_path / "heard.jsonl"
    command = [
        sys.executable,
        "-m",
        "rummy500_cli.cli.main",
        "play",
        "--seed",
        SEED,
        "--seat",
        f"1=exec:{sys.executable} {spy} {heard}",
        "--bots",
        "greedy",
        "--seat",
        "0=bot:greedy",
        "--target",
        "150",
        "-q",
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    lines = heard.read_text().splitlines()
    messages = [json.loads(line) for line in lines]
    hello, bye = messages[0], messages[-1]
    assert hello["type"] == "hello" and hello["you"] == [1]
    assert "seed" not in hello and "log" not in hello
    assert bye == {"type": "bye", "reason": "game_over"}
    assert not [line for line in lines if SEED in line]
    # the save was made under its default name, which holds the seed
    (log,) = Path(os.environ["XDG_DATA_HOME"]).rglob("*.jsonl")  # (conftest's folder)
    assert SEED in log.name
    assert not [line for line in lines if log.name in line]
    # every event is as seat 1 may see it: the cards laid face up, and its own hand
    events = read_log(log).events
    seen = [m for m in messages if m["type"] == "event"]
    assert [m["seq"] for m in seen] == list(range(2, len(events)))  # from the deal on
    for message in seen:
        seq = message["seq"]
        state = fold(events[: seq + 1])
        known = Counter(PUBLIC[type(events[seq])](events[seq]))
        known.update(card.ascii for card in state.hands[1])
        assert not Counter(named_cards(message)) - known, message
