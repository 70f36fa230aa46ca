"""The viewer's one key table (cli/viewer/keys.py): the help line `?` shows is written
from it, every key it binds is named in its row's help, no key is bound twice, and the
terminal binds exactly the table (the man page's check reads the same table:
tests/test_man_pages.py)."""

from __future__ import annotations

from rummy500_cli.cli.viewer.keys import ROWS, TYPED, UNLISTED, bindings, help_line

NAMED = {
    "right": "→",
    "left": "←",
    "down": "↓",
    "up": "↑",
    "pagedown": "PgDn",
    "pageup": "PgUp",
    "home": "Home",
    "end": "End",
}
"""How the help line names the keys prompt-toolkit names otherwise."""


def test_the_help_line_is_the_table_s() -> None:
    assert help_line() == (
        "→/l next event · ←/h previous · ↓/↑ next/previous turn · ]/[ one rotation · "
        "PgDn/PgUp round · Home/End · g N or g CARD then Enter · b/m/i next blunder/mistake/"
        "inaccuracy, B/M/I previous (after analyze) · c/C next/previous costliest decision · "
        "e evaluation graph · r reads of the other hands · u/U next/previous "
        "takeback · t take over a seat from here · ? keys · q quit"
    )


def test_every_row_names_its_keys_in_its_help() -> None:
    for row in ROWS:
        words = row.help.replace("/", " ").replace(",", " ").split()
        for key in row.moves:
            assert NAMED.get(key, key) in words, (key, row.help)


def test_no_key_is_bound_twice_and_the_typing_key_is_apart() -> None:
    keys = [key for key, _when, _move in bindings()]
    assert len(keys) == len(set(keys)) >= 30
    assert TYPED not in keys
    assert {key for key, when, _move in bindings() if when == "always"} == set(UNLISTED.moves)
    assert set(UNLISTED.moves) == {"backspace", "enter", "escape", "c-c", "c-d"}
