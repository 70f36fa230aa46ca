"""The errors a user can meet, each with a message fit to print as one line.

As python-chess does, errors are ValueError subclasses by kind: the text could not be
read (`ParseError`), the action is not legal now (`IllegalAction`), the action could mean
more than one thing (`AmbiguousAction`). Rules and logs have their own kinds. Every
message says what was wrong and, where it can, what would be right.
"""


class Rummy500Error(ValueError):
    """Base of every error the program reports to a user in one line."""


class ParseError(Rummy500Error):
    """Text that is not a card, a meld, an action or an option."""


class IllegalAction(Rummy500Error):
    """An action that the rules do not allow in this state."""


class AmbiguousAction(Rummy500Error):
    """An action that could be played in more than one way; the message lists them."""


class RulesError(Rummy500Error):
    """An option or variant that does not exist, has a bad value, or is not yet played."""


class LogError(Rummy500Error):
    """A game log that cannot be read or written: corrupt, tampered, newer, or locked."""


def clipped(message: str, limit: int = 300) -> str:
    """A message cut to about `limit` characters: one that quotes what was typed (a
    line of 60,000 characters) stays a line a person can read."""
    return message if len(message) <= limit else f"{message[:limit]}... ({len(message)} characters)"


def quoted(text: str, limit: int = 80) -> str:
    """`text` quoted for an error message, cut to about `limit` characters: an error
    names what was wrong without echoing a 5 MB answer back (repr also escapes any
    control character in it)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"
