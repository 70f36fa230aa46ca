"""A table's metadata file (`NAME.table.json`, beside its log): what the log does not keep.

The log holds the game; this small file holds the rest a restarted server needs: the
table's name, the seats' secrets (the invites' capabilities), the host's settings, the
table's status and, for a fair deal not dealt yet, the commitment, the contributions
so far and the game to deal. It is written atomically (a temporary file, fsynced,
renamed) with mode 0600, as it holds secrets.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import msgspec

from ..rules import Rules

META_SUFFIX = ".table.json"


class Settings(msgspec.Struct, kw_only=True):
    """What the host decides for a table (table manners, issue 29 point 7)."""

    hints: bool = False
    """`hint` allowed: off by default where more than one person plays, so that no one
    gets help the others do not know of."""
    undo: bool = False
    """`undo` allowed (it takes back the other players' moves after it too)."""
    seat_wait: float = 120.0
    """Seconds a person's seat waits for its player before a bot plays it."""
    delay: int = 0
    """Spectators see the game this many moves late."""
    pace: float = 0.0
    """Seconds a bot waits before it moves (so people can follow)."""
    level: str = "strong"
    """The bot that plays a seat whose person is away."""
    windows: str = "ask"
    """`pass`: the table passes for people in the rum and out-of-turn windows."""

    def words(self) -> str:
        on = {True: "on", False: "off"}
        return (
            f"hints {on[self.hints]} · undo {on[self.undo]} · an empty seat waits "
            f"{self.seat_wait:g} s, then a {self.level} bot plays it · spectators "
            f"{'see every move at once' if not self.delay else f'see {self.delay} moves late'}"
        )


class Game(msgspec.Struct, kw_only=True):
    """A fairly dealt game not yet dealt: what `fairness.fair_opening` needs."""

    players: list[str]
    kinds: list[str]
    rules: Rules
    undo: bool = True
    bot_timeout: float = 10.0


class Meta(msgspec.Struct, kw_only=True):
    """The metadata file of a table (beside its log)."""

    table: str
    log: str
    secrets: list[str | None]
    """Each seat's secret; None for a seat a bot or a program plays from the start."""
    watch: str
    admin: str
    settings: Settings
    status: str = "waiting"
    """waiting (for its people or the host's start), playing, paused, ended, over."""
    away: list[int] = []
    """The people's seats a bot plays now, until their people come back."""
    commitment: str | None = None
    """A fair deal's commitment to the host's secret seed and salt, which are kept
    beside the log (`vault`) until the game ends and they are revealed."""
    contributions: list[str] = []
    """Each seat's contribution to the seed so far ("" for none yet, or a bot's)."""
    game: Game | None = None
    """The game to deal once every person has contributed (None once it is dealt)."""


def meta_path(log: Path) -> Path:
    return log.with_name(log.stem + META_SUFFIX)


def write_meta(path: Path, meta: Meta) -> None:
    """Write the metadata atomically: a temporary file beside it, fsynced, renamed."""
    data = msgspec.json.format(msgspec.json.encode(meta)) + b"\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=META_SUFFIX)
    try:
        os.fchmod(handle, 0o600)
        os.write(handle, data)
        os.fsync(handle)
        os.close(handle)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def read_meta(path: Path) -> Meta:
    return msgspec.json.decode(path.read_bytes(), type=Meta)
