"""What sending a table's events costs, and what checking a player's record costs
(run: python tests/benchmarks/projection.py), each against a baseline measured in the
same run, in CPU time:

1. Projection: `projection.project_lines` of every event of 4-player games for the 4
   seats and the spectators (what a server does for each event of a table), against
   encoding each event once as the log writes it (`records.log.encode_line`). Also in
   events per second, for a server's budget.
2. The proof: `verify` of a seat's record (`online.record.check_record`) against the
   audit of the host's log of the same game (`records.audit.audit`).
"""

from __future__ import annotations

import statistics
import time

import msgspec

from rummy500_cli.bots import make_bot
from rummy500_cli.engine import resolve
from rummy500_cli.events import Event
from rummy500_cli.online import fairness, projection
from rummy500_cli.online.record import RecordData, RecordHeader, check_record
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_line, encode_log, parse_log
from rummy500_cli.rules import Rules
from rummy500_cli.state import fold


def game(seed: int) -> tuple[fairness.Secret, list[Event]]:
    secret = fairness.Secret(seed=f"bench {seed}", salt="salt")
    given = ["", *(f"{seat:064x}" for seat in range(1, 4))]
    events = fairness.fair_opening([f"P{i}" for i in range(4)], Rules(), secret, given)
    state = fold(events)
    bots = [make_bot("greedy", seed, seat) for seat in range(4)]
    while not state.over:
        for event in resolve(state, bots[state.to_move].choose(state)):
            state.apply(event)
            events.append(event)
    return secret, [*events, fairness.reveal(secret)]


def cpu(work) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def main() -> None:
    games = [game(seed) for seed in range(12)]
    events = sum(len(e) for _, e in games)
    receivers: list[int | None] = [0, 1, 2, 3, None]

    def encode_once() -> None:
        for _, evs in games:
            for seq, event in enumerate(evs):
                encode_line(seq, event, "")

    def project_all() -> None:
        for _, evs in games:
            for seq, event in enumerate(evs):
                projection.project_lines(event, seq, receivers)

    ratios, rates = [], []
    for _ in range(5):
        base = cpu(encode_once)
        took = cpu(project_all)
        ratios.append(took / base)
        rates.append(events / took)
    print(
        f"projection: {len(games)} 4-player games, {events} events, 5 receivers each: "
        f"{statistics.median(rates):,.0f} events/s projected for a whole table "
        f"({1e6 / statistics.median(rates):.1f} us an event); "
        f"{statistics.median(ratios):.1f}x the log's own encoding of each event once "
        f"(runs: {', '.join(f'{r:.1f}' for r in ratios)})"
    )

    records = []
    for secret, evs in games:
        header = RecordHeader(seat=1, commitment=secret.commitment, contribution=f"{1:064x}")
        seen = [
            (seq, msgspec.json.decode(projection.project_line(e, seq, 1))["event"])
            for seq, e in enumerate(evs)
        ]
        records.append(RecordData(header, seen, list(range(2, len(seen) + 2))))
    logs = [parse_log(encode_log(evs)) for _, evs in games]

    ratios = []
    for _ in range(3):
        base = cpu(lambda: [audit(data) for data in logs])
        took = cpu(lambda: [check_record(data) for data in records])
        ratios.append(took / base)
    print(
        f"proof: verify of a seat's record {statistics.median(ratios):.1f}x the audit of "
        f"the host's log of the same games (runs: {', '.join(f'{r:.1f}' for r in ratios)}); "
        f"{took / events * 1e6:.0f} us an event"
    )


if __name__ == "__main__":
    main()
