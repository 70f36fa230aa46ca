"""An online table's own commands (say, and the host's start, pause, end, replace) join
the prompt's vocabulary through `Interpreter.add`: answered, listed by help, offered by
Tab, and refused with the server's words."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from rummy500_cli.cli.commands import Interpreter
from rummy500_cli.cli.completion import candidates
from rummy500_cli.engine import new_game
from rummy500_cli.errors import IllegalAction
from rummy500_cli.language import VOCABULARY
from rummy500_cli.online.client import RemoteSession
from rummy500_cli.online.wire import TEXT_LIMIT
from rummy500_cli.records.log import encode_log
from rummy500_cli.render.style import PLAIN
from rummy500_cli.session import Session
from rummy500_cli.variants import make_rules


class Seat(SimpleNamespace):
    """What `RemoteSession.console_commands` asks of its session: say, the host's
    command, and whether the invite is the host's."""

    def __init__(self, admin: bool) -> None:
        super().__init__(link=SimpleNamespace(invite=SimpleNamespace(admin=admin)))
        self.said: list[str] = []
        self.commands: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)

    def table_command(self, command: str) -> str:
        if command.startswith("replace 9"):
            raise IllegalAction("no seat 9 at this table")
        self.commands.append(command)
        return "done"


def interpreter(tmp_path: Path, seat: Seat) -> Interpreter:
    path = tmp_path / "g.jsonl"
    events = new_game(["Ana", "Bo"], make_rules({}), "words", seats=["human", "bot:random"])
    path.write_bytes(encode_log(events))
    session, _ = Session.resume(path)
    found = Interpreter(session, PLAIN)
    stub: Any = seat  # (a RemoteSession's few parts)
    for verb, answer in RemoteSession.console_commands(stub):
        found.add(verb, answer)
    return found


def test_a_player_says_a_line_and_help_and_tab_know_say(tmp_path: Path) -> None:
    seat = Seat(admin=False)
    table = interpreter(tmp_path, seat)
    assert table.handle("say good game, all", 0).error is None
    assert seat.said == ["good game, all"]
    assert table.handle("say", 0).error == "say what? write say TEXT"
    too_long = table.handle("say " + "x" * (TEXT_LIMIT + 1), 0).error
    assert too_long == f"say: at most {TEXT_LIMIT} characters"
    assert seat.said == ["good game, all"]
    lines = table.handle("help", 0).lines
    assert "  say TEXT: a line to everyone at the table" in lines
    assert not any(line.startswith("  start") for line in lines)  # not the host
    assert table.handle("help say", 0).lines[0] == "say TEXT: a line to everyone at the table"
    offered = [c.text for c in candidates(table.session.state, 0, "s", vocabulary=table.vocabulary)]
    assert "say" in offered and "start" not in offered
    assert VOCABULARY.find("say") is None  # the game's own vocabulary is unchanged


def test_the_host_has_the_table_commands(tmp_path: Path) -> None:
    seat = Seat(admin=True)
    table = interpreter(tmp_path, seat)
    assert table.handle("start", 0).error is None
    assert table.handle("replace 2 strong", 0).error is None
    assert seat.commands == ["start", "replace 2 strong"]
    assert table.handle("replace 9 human", 0).error == "no seat 9 at this table"
    lines = table.handle("help", 0).lines
    for usage in ("start", "pause", "end", "replace SEAT human|LEVEL"):
        assert any(line.startswith(f"  {usage}: (host) ") for line in lines), usage
    offered = [c.text for c in candidates(table.session.state, 0, "", vocabulary=table.vocabulary)]
    assert {"say", "start", "pause", "end", "replace"} <= set(offered)
