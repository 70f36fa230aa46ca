"""Fixtures of the stats tests: a folder of people's games."""

from __future__ import annotations

from pathlib import Path

import pytest
from stats_games import play_game, write_game

from rummy500_cli.events import Event


@pytest.fixture
def people(tmp_path: Path) -> tuple[Path, list[list[Event]]]:
    """A folder of six 2-player games of Ana (a person; the strong bot's moves) against
    the greedy bot, named in the order played (as the saves folder names them)."""
    folder = tmp_path / "people"
    games = []
    for number in range(6):
        events = play_game(
            ["Ana", "Bot"], ["human", "bot:greedy"], ["strong", "greedy"], f"ana-{number}"
        )
        write_game(folder / f"20260101-1200{number:02d}-seed{number}.jsonl", events)
        games.append(events)
    return folder, games
