"""Presenters: game states and events as plain strings, with no terminal in sight.

The table view, the narration of events, score tables and the rules in words are all
strings here, so that they are tested without a terminal. Colour and ASCII come in
through one `Style`, decided once at start-up.
"""

from .style import Style

__all__ = ["Style"]
