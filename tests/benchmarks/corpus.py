"""A corpus of seeded bot games and one SHA-256 over their logs (run from the repository
root: python tests/benchmarks/corpus.py).

A refactor of the engine proves itself by leaving every log byte-identical: run this on
the commit before and the commit after, and compare the printed hash. The corpus covers
every rule set of the property tests and of the variant audits (tests/rule_sets.py), each
with every number of players it allows (2 to 8; 4 for the partnership variants), between
random, greedy and strong bots (not the expert, whose search is budgeted by time). Game i
is the same game on every machine: its rule set, player count, line-up and seed follow
from i alone.

With --check each log is also replayed through verify's audit.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rule_sets import RULE_SETS as PROPERTY_SETS
from rule_sets import VARIANT_SETS

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.errors import RulesError
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.rules import Rules
from rummy500_cli.variants import VARIANTS, check_rules, make_rules

LINEUPS = [("random", "greedy"), ("greedy", "strong"), ("strong", "random", "greedy")]
LIMITS = {"target": 300, "max_rounds": 3}
"""Every game is played to 300 or for 3 rounds, whichever ends first: short games, many
rule sets."""


def rule_sets() -> list[dict[str, object]]:
    """The rule sets of both test files, each once, in a fixed order."""
    found: list[dict[str, object]] = []
    for options in [*PROPERTY_SETS, *(options for options, _ in VARIANT_SETS.values())]:
        if options not in found:
            found.append(dict(options))
    return found


def plan(index: int, sets: list[dict[str, object]]) -> tuple[Rules, int, tuple[str, ...], str]:
    """Game `index`: its rules, number of players, line-up and seed. Raises RulesError
    for a pairing of rule set and player count that cannot be played."""
    options = sets[index % len(sets)]
    turn = index // len(sets)
    players = VARIANTS[str(options.get("variant", "none"))].players or 2 + turn % 7
    options = dict(options)
    if options.get("hand_size") == 10 and players > 4:
        options["decks"] = 2  # ten cards each for 5+ players need the second deck
    rules = make_rules({**LIMITS, **options})
    check_rules(rules, players)
    return rules, players, LINEUPS[turn % len(LINEUPS)], f"corpus-{index}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="how many games to play")
    parser.add_argument("--check", action="store_true", help="verify every log as well")
    args = parser.parse_args()
    sets = rule_sets()
    digest = hashlib.sha256()
    games = events = rounds = skipped = 0
    started = time.perf_counter()
    index = 0
    while games < args.games:
        try:
            rules, players, lineup, seed = plan(index, sets)
        except RulesError:
            skipped += 1
            index += 1
            continue
        state, log = bot_game(players, rules, seed, lineup)
        data = encode_log(log)
        if args.check:
            audit(parse_log(data), seed)
        digest.update(data)
        games += 1
        events += len(log)
        rounds += state.round
        index += 1
    elapsed = time.perf_counter() - started
    print(
        f"corpus: {games} games ({len(sets)} rule sets, 2-8 players, {skipped} pairings "
        f"that cannot be played skipped), {rounds} rounds, {events} events, {elapsed:.0f} s"
    )
    print(f"sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
