"""The words online play adds to the local prompt: `say` for everyone, and the host's
commands (start, pause, end, replace); and how chat and the table's news are shown.

They join the prompt's vocabulary through `Interpreter.add` (`console_commands`), so
help lists them and Tab offers them as it does the game's own verbs; a host's command
is sent to the server, whose refusal is the answer shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..errors import IllegalAction
from ..language import Verb
from ..language.table_words import table_verb
from .link import Link
from .wire import TEXT_LIMIT


class Speaking(Protocol):
    """What the words need of an online session (`client.RemoteSession`): its link (whose
    invite says whether this is the host) and the two requests they send."""

    link: Link

    def say(self, text: str) -> None: ...

    def table_command(self, command: str) -> str: ...


SAY = table_verb(
    "say", 220, "say TEXT", "a line to everyone at the table",
    "Say a line to everyone at the online table, players and spectators. "
    "Example: say good game",
)  # fmt: skip
"""An online table's own command (`Session.console_commands`)."""
HOST_COMMANDS = (
    table_verb(
        "start", 230, "start", "(host) start the game without waiting for every seat",
        "Host only: start the game now, without waiting for every seat to be taken. "
        "Example: start",
    ),
    table_verb(
        "pause", 240, "pause", "(host) pause the game; start goes on",
        "Host only: pause the game; start goes on with it. Example: pause",
    ),
    table_verb(
        "end", 250, "end", "(host) end the table (the log keeps the game)",
        "Host only: end the table; the log keeps the game. Example: end",
    ),
    table_verb(
        "replace", 260, "replace SEAT human|LEVEL",
        "(host) give a seat to a bot, or a new invite",
        "Host only: give a seat to a bot of a level, or to a person with a new invite. "
        "Examples: replace 2 strong, replace 2 human",
    ),
)  # fmt: skip
"""The host's commands, which the host's prompt adds."""


def chat_line(message: dict[str, Any]) -> str:
    """A chat line or the table's news, as shown: escaped, length-capped."""
    from ..render.printable import printable

    if message.get("type") == "say":
        name = printable(str(message.get("name", "?")))[:40]
        return f"{name} says: {printable(str(message.get('text', '')))[:200]}"
    return printable(str(message.get("text", "")))[:400]


def console_commands(
    session: Speaking,
) -> list[tuple[Verb, Callable[[list[str], int], Any]]]:
    """The commands online play adds to the prompt's (`Interpreter.add`, so help and
    Tab know them): say, and the host's (an invite of the host's)."""
    from ..cli.commands import Reply

    def say(args: list[str], seat: int) -> Reply:
        rest = " ".join(args)
        if not rest:
            return Reply(error="say what? write say TEXT")
        if len(rest) > TEXT_LIMIT:
            return Reply(error=f"say: at most {TEXT_LIMIT} characters")
        session.say(rest)
        return Reply()

    def admin(word: str) -> Callable[[list[str], int], Reply]:
        def command(args: list[str], seat: int) -> Reply:
            try:
                session.table_command(" ".join([word, *args]))
            except IllegalAction as error:
                return Reply(error=str(error))
            return Reply()

        return command

    commands: list[tuple[Verb, Callable[[list[str], int], Any]]] = [(SAY, say)]
    if session.link.invite.admin:
        commands += [(verb, admin(verb.word)) for verb in HOST_COMMANDS]
    return commands
