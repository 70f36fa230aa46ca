"""A game's figures (`figures.game_stats`) counted as its log is read and kept, round by
round, in a temporary file rather than in memory: what `rummy500 analyze` reports of a
log of any length (issue 31: a million events hold 6,600 rounds of eight seats, some
55 MB of figures in memory). It reads as a `figures.GameStats` does, its rounds read
back from the file in order each time they are asked for.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Iterator

import msgspec

from ..events import Event
from .figures import GameStats, RoundStats, SeatTotals, each_round


class SpilledStats:
    """`figures.game_stats(events)`, its rounds in a temporary file (`close` removes it;
    a context manager)."""

    def __init__(self, events: Iterable[Event]) -> None:
        self.file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        end = GameStats(players=[], rounds=[], totals=[], finished=False)
        totals: SeatTotals | None = None
        encode = msgspec.json.Encoder().encode
        try:
            for round_stats in each_round(events, end):
                if totals is None:
                    totals = SeatTotals(len(round_stats.seats))
                totals.add(round_stats)
                self.file.write(encode(round_stats) + b"\n")
        except BaseException:  # (a log that fails while read, Ctrl-C)
            self.close()
            raise
        self.players = end.players
        self.totals = end.totals
        self.finished = end.finished
        self._per_seat = (totals or SeatTotals(len(end.players))).per_seat()

    def __enter__(self) -> SpilledStats:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def per_seat(self) -> list[dict[str, float]]:
        """`GameStats.per_seat`, counted as the rounds were."""
        return self._per_seat

    @property
    def rounds(self) -> Iterator[RoundStats]:
        """Each round's figures, in order, read back."""
        decode = msgspec.json.Decoder(RoundStats).decode
        for line in self.rounds_json():
            yield decode(line)

    def rounds_json(self) -> Iterator[bytes]:
        """Each round's figures as `msgspec.json.encode` writes them."""
        self.file.flush()
        self.file.seek(0)
        for line in self.file:
            yield line.rstrip(b"\n")

    def close(self) -> None:
        self.file.close()
