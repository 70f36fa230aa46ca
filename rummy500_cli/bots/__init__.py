"""Computer players. Each bot is a pure function of what its seat may see and its own
random stream, so games replay exactly and bots are tested without a terminal."""

from __future__ import annotations

from .greedy import GreedyBot
from .random_bot import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot}
"""Bot levels by name (the `--bots` option)."""

__all__ = ["BOTS", "GreedyBot", "RandomBot"]
