"""The one colour and symbol decision of a command, made from its options, the config
file and the environment (cli/environment.py), in that order."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..render.style import Style
    from .environment import Environment
    from .preferences import Preferences


def choose_style(
    color: bool | None,
    ascii_cards: bool,
    four_color: bool | None,
    prefs: Preferences | None = None,
    env: Environment | None = None,
) -> Style:
    """The one colour and symbol decision: flag, then the config file, then NO_COLOR,
    then the terminal (TERM=dumb takes no colour); cards in letters when asked, or
    when the output cannot write the suits' symbols."""
    from ..render.style import Style
    from .environment import current

    env = current() if env is None else env
    if color is None and prefs is not None and prefs["color"] != "auto":
        color = prefs["color"]
    if color is None:
        color = not env.no_color and env.stdout_isatty and not env.dumb_terminal
    if four_color is None:
        four_color = bool(prefs["four_color"]) if prefs is not None else False
    ascii_cards = ascii_cards or not env.utf8
    return Style(color=bool(color), ascii=ascii_cards, four_color=four_color)


__all__ = ["choose_style"]
