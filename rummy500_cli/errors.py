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
