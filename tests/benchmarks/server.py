"""Benchmark of `rummy500 serve`: one server process holding many tables of 4 people's
seats, each seat a scripted client on loopback (asyncio, in this process).

Prints, for each load: tables and connections held at once, moves per second, the
latency from a move sent to its event received by every seat of its table (p50, p99),
and the server's memory per table; each latency as a ratio against one table alone,
measured in the same run. The goal (issue 29): 200 tables x 4 seats with p99 < 100 ms.

    python tests/benchmarks/server.py [--tables 1,50,100,200] [--seconds 20]

Each client plays the simplest legal game (draw, then discard its first card), so
the server's work per move is the real one (parse, resolve, write and fsync the log,
project the events for each seat, send) while the clients spend little. Clients and
server share the machine: on a 2-core machine the figures include the clients' own
CPU, so they understate what the server alone would do.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rummy500_cli.online.invite import Invite, parse_invite
from rummy500_cli.online.shadow import Shadow


def command() -> list[str]:
    script = Path(sys.executable).parent / "rummy500"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rummy500_cli"]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Table:
    def __init__(self) -> None:
        self.sent: dict[int, float] = {}
        """For the move answering event `at`: when it was sent."""
        self.got: dict[int, list[float]] = {}
        self.latencies: list[float] = []
        self.moves = 0


async def seat(
    invite: Invite, table: Table, stop: float, started: asyncio.Event, think: float
) -> None:
    reader, writer = await asyncio.open_connection(invite.host, invite.port, limit=1 << 20)
    hello = {
        "type": "hello", "protocol": 1, "table": invite.table, "seat": invite.seat,
        "key": invite.key, "last": -1,
    }  # fmt: skip
    writer.write(json.dumps(hello).encode() + b"\n")
    shadow = Shadow(invite.seat)
    pending = False
    await started.wait()
    while time.monotonic() < stop:
        try:
            line = await asyncio.wait_for(reader.readline(), max(0.01, stop - time.monotonic()))
        except TimeoutError:
            break
        if not line:
            break
        message = json.loads(line)
        kind = message["type"]
        if kind == "events":
            now = time.perf_counter()
            first = message["events"][0]["seq"]
            for item in message["events"]:
                shadow.add(item["seq"], item["event"])
            at = first - 1
            if at in table.sent:
                arrivals = table.got.setdefault(at, [])
                arrivals.append(now)
                if len(arrivals) == 4:
                    table.latencies.append(max(arrivals) - table.sent.pop(at))
                    del table.got[at]
        elif kind in ("ok", "error"):
            pending = False
        state = shadow.state
        if state is None or state.over or pending or state.to_move != invite.seat:
            continue
        if state.phase == "draw":
            text = "draw"
        elif state.phase == "play":
            text = f"discard {state.hands[invite.seat][0].ascii}"
        else:
            text = "pass"
        if think > 0:  # a person thinks: 0.5 to 1.5 times `think`
            await asyncio.sleep(think * (0.5 + (hash((invite.key, shadow.last)) % 1000) / 1000))
        table.sent[shadow.last] = time.perf_counter()
        table.moves += 1
        writer.write(json.dumps({"type": "move", "text": text, "at": shadow.last}).encode() + b"\n")
        pending = True
    writer.close()


def run(tables: int, seconds: float, folder: Path, think: float) -> dict[str, float]:
    env = dict(os.environ)
    for name in ("DATA", "STATE", "CONFIG", "CACHE"):
        env[f"XDG_{name}_HOME"] = str(folder / f"{tables}-{name.lower()}")
    seats = " ".join(f"--seat {s}=human:P{s}" for s in range(4))
    specs = []
    for index in range(tables):
        spec = f"--players 4 {seats} --seed b{index} --target 100000 --pace 0"
        specs += ["--table", spec]
    begun = time.monotonic()
    proc = subprocess.Popen(
        [*command(), "serve", "--lifetime", str(seconds + 120), *specs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    invites: list[Invite] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"Seat \d \(P\d\): \S+ join '([^']+)'", line)
        if found:
            invites.append(parse_invite(found.group(1)))
        if line.startswith("Serving on"):
            break
    opened = time.monotonic() - begun
    idle = rss_kib(proc.pid)
    by_table: dict[str, Table] = {}

    async def main() -> None:
        started = asyncio.Event()
        stop = time.monotonic() + seconds + 5
        tasks = [
            asyncio.create_task(
                seat(i, by_table.setdefault(i.table, Table()), stop, started, think)
            )
            for i in invites
        ]
        await asyncio.sleep(3)  # every connection made and welcomed
        started.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    busy = rss_kib(proc.pid)
    proc.terminate()
    proc.wait(30)
    latencies = sorted(x for t in by_table.values() for x in t.latencies)
    moves = sum(t.moves for t in by_table.values())
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 2 else [0.0] * 99
    return {
        "tables": tables,
        "connections": len(invites),
        "open_s": opened,
        "moves_per_s": moves / (seconds + 2),
        "p50_ms": q[49] * 1000,
        "p99_ms": q[98] * 1000,
        "rss_idle_mib": idle / 1024,
        "rss_busy_mib": busy / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1,50,100,200")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="seconds a seat thinks before each move (0: as fast as the server answers)",
    )
    args = parser.parse_args()
    loads = [int(n) for n in args.tables.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        results = [run(n, args.seconds, Path(folder), args.think) for n in loads]
    base = results[0]
    print(f"machine: {os.cpu_count()} cores (shared: figures are indicative); think {args.think} s")
    print(
        f"{'tables':>6} {'conns':>6} {'open s':>7} {'moves/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'p99/1':>6} {'RSS MiB':>8} {'MiB/table':>9}"
    )
    for r in results:
        per_table = (
            (r["rss_busy_mib"] - base["rss_busy_mib"]) / (r["tables"] - base["tables"])
            if r["tables"] > base["tables"]
            else 0.0
        )
        ratio = r["p99_ms"] / base["p99_ms"] if base["p99_ms"] else 0.0
        print(
            f"{r['tables']:>6} {r['connections']:>6} {r['open_s']:>7.1f} {r['moves_per_s']:>8.0f} "
            f"{r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f} {ratio:>6.1f} {r['rss_busy_mib']:>8.1f} "
            f"{per_table:>9.2f}"
        )


if __name__ == "__main__":
    main()
