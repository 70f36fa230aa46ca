"""The JSON-lines protocol: the messages a program exchanges with a game.

Like UCI for chess engines: `rummy500 play --json` speaks it on stdin/stdout, and
external bots (`--seat N=exec:COMMAND`) speak it on theirs. Out: `hello`, `event`,
`prompt`, `error`, `info`, `pong`, `bye`. In: a command line in the text language, a JSON
action object (`{"action": "take", "depth": 2}`), `{"command": "..."}`, or a ping.
Described in man/rummy500-protocol.7.
"""

from __future__ import annotations

from typing import Any

import msgspec

from . import __version__
from .actions import AnyAction
from .cards import Card
from .engine import legal_actions
from .errors import ParseError
from .events import Event
from .render.printable import printable, printable_json
from .state import State
from .view import view, visible_event

PROTOCOL_VERSION = 1
TOO_DEEP = "JSON nested too deeply (a message nests a few levels)"
MAX_LINE = 1 << 16
"""The longest input line read, in characters (a command or an action object is a
few dozen): a longer one is refused without being kept in memory."""


def encode(message: dict[str, Any]) -> str:
    """One protocol line, without its newline (with no control character left raw:
    a program may print what it reads)."""
    try:
        data = msgspec.json.encode(message)
    except UnicodeEncodeError:  # a file name that is not UTF-8 (the log's, in bye)
        data = msgspec.json.encode(_mended(message))
    return printable_json(data.decode())


def _mended(value: Any) -> Any:
    """A message with its lone surrogates escaped, so that it encodes."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {key: _mended(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_mended(item) for item in value]
    return value


def hello(state: State, seats: list[str], you: list[int]) -> dict:
    """The first message: the rules, the players, who plays each seat, and the seats the
    client plays. Neither the seed nor the log's path (whose name holds the seed): with
    the documented shuffle the seed is every hand and the whole stock (RULES 2)."""
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "program": f"rummy500 {__version__}",
        "rules": msgspec.to_builtins(state.rules),
        "players": list(state.players),
        "seats": seats,
        "you": you,
    }


def event_message(event: Event, seq: int, seat: int | None) -> dict:
    return {"type": "event", "seq": seq, "event": visible_event(event, seat)}


def prompt_message(state: State, seat: int) -> dict:
    message: dict[str, Any] = {"type": "prompt", "step": state.phase}
    message.update(msgspec.to_builtins(view(state, seat)))
    message["legal"] = [action.text() for action in legal_actions(state)]
    if state.phase == "window":  # RULES 7: asked out of turn
        message["window"] = {
            "kind": state.window_kind,
            "opened_by": state.window_seat,
            "card": state.pile[-1].ascii if state.window_kind == "rum" else None,
            "next": state.window[1:],
        }
    return message


class Ping(msgspec.Struct, frozen=True):
    id: Any = None


def read_input(line: str) -> str | Ping:
    """What an input line asks: a command in the text language, or a ping.

    Raises ParseError for a JSON line that is neither an action nor a command.
    """
    text = line.strip()
    if not text.startswith("{"):
        words = text.split()
        if words[:1] and words[0].lower() == "ping":
            return Ping(words[1] if len(words) > 1 else None)
        return text
    try:
        message = msgspec.json.decode(text)
    except msgspec.DecodeError as error:
        raise ParseError(f"not JSON: {error}") from None
    except UnicodeEncodeError:
        raise ParseError("not JSON: the line is not UTF-8 text") from None
    except RecursionError:
        raise ParseError(f"not a message: {TOO_DEEP}") from None
    if isinstance(message, dict):
        if message.get("type") == "ping":
            return Ping(message.get("id"))
        if isinstance(message.get("command"), str):
            return message["command"]
    try:
        action = msgspec.convert(message, AnyAction, dec_hook=_card_hook)
    except RecursionError:
        raise ParseError(f"not an action: {TOO_DEEP}") from None
    except (msgspec.ValidationError, ParseError) as error:
        raise ParseError(
            f"not an action: {error}; send a command line or an action object such as "
            '{"action": "discard", "card": "KS"}'
        ) from None
    return action.text()


def _card_hook(kind: type, value: Any) -> Any:
    """Cards in an action object are written as text (`"KS"`, `"10H"`)."""
    if kind is Card:
        if isinstance(value, str):
            return Card.parse(value)
        raise ValueError(f'a card is written as text such as "KS", not {type(value).__name__}')
    raise TypeError(f"{kind.__name__} is not read from JSON")
