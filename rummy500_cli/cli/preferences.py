"""Preferences that persist: a small TOML file in the user config directory, and
`rummy500 config` that shows where it is and what it holds, or sets one key.

```toml
name = "Ana"           # your name at the table (--name)
bots = "strong"        # the bots' levels, seat by seat (--bots)
pace = 0.3             # seconds after each bot move at a terminal (--pace)
color = "auto"         # true, false or "auto" (--color / --no-color, then NO_COLOR)
four_color = true      # a four-colour deck (--four-color / --no-four-color)
sort = "rank"          # how your hand is sorted: "suit" or "rank" (sort rank|suit)
tutor = true           # ask before a move the judge calls a mistake (--tutor)
```

Flags override the file; the file overrides the defaults (and NO_COLOR, as the
NO_COLOR convention asks of a user's own configuration). `sort rank` in a game is
written back to the file, the one key the program writes; the rest of the file, its
comments included, is left as it is (cli/toml_edit).

The file is read as safely as a game log (safe_read): a regular file of at most
MAX_CONFIG bytes, brackets nested at most MAX_DEPTH deep, each value bounded as its
flag is (a pace of 0 to 60 seconds, a name of at most 40 characters).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

KEYS: dict[str, str] = {
    "name": "your name at the table (--name)",
    "bots": "the bots' levels, seat by seat, e.g. greedy,strong (--bots)",
    "pace": "seconds to pause after each bot move at a terminal (--pace)",
    "color": 'colour: true, false or "auto" (--color/--no-color)',
    "four_color": "a four-colour deck: clubs green, diamonds blue (--four-color)",
    "sort": 'how your hand is sorted: "suit" or "rank" (sort in a game)',
    "tutor": "ask before a move the judge calls a mistake or a blunder (--tutor)",
}
"""Every key of the file, with what it sets."""

DEFAULT_PACE = 0.8
"""The pause after each bot move at a terminal when neither --pace nor the file says."""
PACE_LIMIT = 60.0
"""The longest pause, as --pace takes it (cli/display_options.py: Seconds(0, 60))."""
NAME_LIMIT = 40
"""The longest name, as --name takes it (cli/new_game.py NAME_LIMIT)."""
MAX_CONFIG = 64 << 10
"""The largest config file read, 64 KB: six short keys and their comments."""
MAX_DEPTH = 16
"""How deep the file's arrays and inline tables may nest (none of the keys needs any):
deeper is refused before tomllib, which recurses, reads it."""

DEFAULTS: dict[str, Any] = {
    "name": None,
    "bots": "greedy",
    "pace": DEFAULT_PACE,
    "color": "auto",
    "four_color": False,
    "sort": "suit",
    "tutor": False,
}
"""Each key's value when the file does not set it (name: None, the login name)."""


class PreferencesError(click.ClickException):
    """A config file that cannot be read, or a value it may not hold: `rummy500: ...`."""

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        click.echo(f"rummy500: {self.format_message()}", err=True)


def config_file() -> Path:
    """Where the file lives: the platform's user config directory (on Linux
    $XDG_CONFIG_HOME/rummy500/config.toml, by default ~/.config/rummy500/config.toml)."""
    from platformdirs import user_config_path

    return user_config_path("rummy500", appauthor=False) / "config.toml"


def check(key: str, value: Any) -> Any:
    """A value for a key, as the program uses it; a one-line reason if it cannot be."""
    if key not in KEYS:
        raise ValueError(f"unknown key {key!r}: the keys are {', '.join(KEYS)}")
    if key == "name":
        if not isinstance(value, str) or not value.strip():
            raise ValueError('name is a name in quotes, as name = "Ana"')
        if any(not ch.isprintable() for ch in value):
            raise ValueError("name may not hold control characters")
        if len(value.strip()) > NAME_LIMIT:
            raise ValueError(f"name is at most {NAME_LIMIT} characters, as --name")
        return value.strip()
    if key == "bots":
        from ..bots import BOTS

        if not isinstance(value, str):
            raise ValueError('bots is a list of levels in quotes, as bots = "greedy,strong"')
        levels = [level.strip().lower() for level in value.split(",") if level.strip()]
        wrong = [level for level in levels if level not in BOTS]
        if not levels or wrong:
            raise ValueError(
                f'bots={value!r}: each level is one of {", ".join(BOTS)}, as bots = "strong"'
            )
        return ",".join(levels)
    if key == "pace":  # bounded as --pace is: 0 to 60 seconds, never nan or inf
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not 0 <= value <= PACE_LIMIT
            or (isinstance(value, float) and not math.isfinite(value))
        ):
            raise ValueError(
                f"pace is a number of seconds, 0 or more and at most {PACE_LIMIT:g}, as pace = 0.3"
            )
        return float(value)
    if key == "color":
        if isinstance(value, bool) or value == "auto":
            return value
        raise ValueError('color is true, false or "auto"')
    if key in ("four_color", "tutor"):
        if not isinstance(value, bool):
            raise ValueError(f"{key} is true or false")
        return value
    if value not in ("suit", "rank"):
        raise ValueError('sort is "suit" or "rank"')
    return value


@dataclass
class Preferences:
    """The file's values (checked), over the defaults."""

    values: dict[str, Any]
    path: Path
    found: bool
    warnings: list[str]

    def __getitem__(self, key: str) -> Any:
        return self.values.get(key, DEFAULTS[key])

    def given(self, key: str) -> bool:
        return key in self.values


def load(path: Path | None = None) -> Preferences:
    """Read the file (a missing one is no preferences); PreferencesError for a file that
    is not TOML or holds a value the program cannot use; unknown keys are warnings."""
    from ..safe_read import nesting_depth, read_regular

    path = config_file() if path is None else path
    # a regular file only, never a pipe's wait nor a device's endless bytes
    raw = read_regular(path, MAX_CONFIG, "a config file", PreferencesError, missing_ok=True)
    if raw is None:
        return Preferences({}, path, False, [])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PreferencesError(
            f"{path}: not UTF-8 (byte {error.start + 1}); a config file is TOML text"
        ) from None
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise PreferencesError(
            f"{path}: brackets nested {depth} deep (at most {MAX_DEPTH}); fix the file or remove it"
        )
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        raise PreferencesError(f"{path}: not TOML: {error}; fix the file or remove it") from None
    values: dict[str, Any] = {}
    warnings: list[str] = []
    for key, value in data.items():
        if key not in KEYS:
            warnings.append(f"{path}: unknown key {key!r} ignored; the keys are {', '.join(KEYS)}")
            continue
        try:
            values[key] = check(key, value)
        except ValueError as error:
            raise PreferencesError(f"{path}: {error}") from None
    return Preferences(values, path, True, warnings)


def toml_value(value: Any) -> str:
    """A value as TOML writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def parse_typed(key: str, text: str) -> Any:
    """A value typed on the command line (`rummy500 config pace 0.3`), read as TOML
    would read it, else as text."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def write(path: Path, key: str, value: Any | None) -> None:
    """Set (or, with None, remove) one top-level key, leaving every other line of the
    file as it was (cli/toml_edit: the file stays valid TOML, holds the same data but
    that key, and is replaced atomically, through a link). PreferencesError when that
    cannot be done; the file is then untouched."""
    from .toml_edit import EditError, set_key

    load(path)  # the file as it stands must be one the program can read
    line = None if value is None else f"{key} = {toml_value(value)}"
    try:
        set_key(path, key, value, line)
    except EditError as error:
        raise PreferencesError(str(error)) from None
    except OSError as error:
        raise PreferencesError(f"{path}: cannot write it: {error.strerror}") from None


def pace(flag: float | None, prefs: Preferences | None, interactive: bool) -> float:
    """The pause after each bot move: the flag, else at a terminal the file's pace or
    0.8 s; off a terminal none (a script wants no waiting)."""
    if flag is not None:
        return flag
    if not interactive:
        return 0.0
    chosen = prefs["pace"] if prefs is not None else None
    return DEFAULT_PACE if chosen is None else float(chosen)


def remember(key: str, value: Any) -> str | None:
    """Write one preference the game learnt (`sort rank`); a warning instead of an error
    when the file cannot be written: the game goes on."""
    try:
        path = config_file()
        load(path)
        write(path, key, check(key, value))
    except (OSError, ValueError, PreferencesError, RecursionError) as error:
        message = error.format_message() if isinstance(error, PreferencesError) else error
        return f"could not remember {key}={value}: {message}"
    return None


def default_name() -> str:
    """What `name` is when the file does not set it, as `play` chooses it: the login
    name ($USER) when it is fit for a table, else "You"."""
    from ..render.printable import printable
    from .environment import current
    from .options import plain_text_problem

    user = current().user
    if user and not plain_text_problem(user, NAME_LIMIT):
        return f"{toml_value(printable(user))} ($USER)"
    return '"You"'


@click.command()
@click.argument("key", required=False)
@click.argument("value", required=False)
@click.option("--unset", is_flag=True, help="Remove KEY from the file.")
def config(key: str | None, value: str | None, unset: bool) -> None:
    """Show the config file's place and what it holds, or set one KEY to VALUE.

    Keys: name, bots, pace, color, four_color, sort, tutor. Flags given to a command override
    the file. Examples: rummy500 config pace 0.3; rummy500 config name Ana;
    rummy500 config --unset name.
    """
    path = config_file()
    if key is not None and key not in KEYS:
        raise click.BadParameter(
            f"unknown key {key!r}: the keys are {', '.join(KEYS)}", param_hint="KEY"
        )
    if unset or value is not None:
        if key is None or (unset and value is not None):
            raise click.UsageError("write rummy500 config KEY VALUE, or --unset KEY")
        load(path)  # a broken file is reported, not overwritten
        if unset:
            write(path, key, None)
            click.echo(f"{key} removed from {path}")
            return
        assert value is not None
        try:
            checked = check(key, parse_typed(key, value))
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="VALUE") from None
        write(path, key, checked)
        click.echo(f"{key} = {toml_value(checked)} in {path}")
        return
    preferences = load(path)
    for warning in preferences.warnings:
        click.echo(f"warning: {warning}", err=True)
    state = "" if preferences.found else " (not there yet: every key has its default)"
    click.echo(f"Config file: {path}{state}")
    shown = [key] if key is not None else list(KEYS)
    width = max(len(name) for name in shown)
    for name in shown:
        where = "set in the file" if preferences.given(name) else "default"
        current = preferences[name]
        text = default_name() if current is None else toml_value(current)
        click.echo(f"  {name:<{width}} = {text:<10}  {where}: {KEYS[name]}")
    if key is None:
        click.echo("Set one with: rummy500 config KEY VALUE (flags override the file).")
