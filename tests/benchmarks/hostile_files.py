"""Every file rummy500 reads, given every hostile thing a path can name: how many cases
were tried and how many failed (a hang, a traceback, an exit status other than 0 or 1
(or 2 for an argument click itself refuses), or more than one line on standard error
for a file refused with status 1).

The files: the config file (read by every command; here `config` and a scripted
`play`), a game's analysis sidecar (read by `export`), and the game log itself (read by
`verify`). The prompt history is read only at a terminal: tests/safety/
test_safety_history_pty.py plays through each of its cases there.

    .venv/bin/python tests/benchmarks/hostile_files.py

Not collected by pytest (no test_ prefix); each case is a fresh process with its own
XDG folders, bounded by a timeout.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

TIMEOUT = 30.0


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link(target: str) -> Callable[[Path], None]:
    return lambda path: path.symlink_to(target)


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _sparse(size: int) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        with open(path, "wb") as out:
            out.truncate(size)

    return make


CASES: dict[str, Callable[[Path], None]] = {
    "named pipe": _fifo,
    "/dev/zero": _link("/dev/zero"),
    "/dev/full": _link("/dev/full"),
    "/dev/urandom": _link("/dev/urandom"),
    "directory": lambda path: path.mkdir(),
    "dangling link": _link("/nonexistent/rummy500"),
    "link loop": lambda path: path.symlink_to(path),
    "empty": _bytes(b""),
    "300 MB sparse": _sparse(300 << 20),
    "not UTF-8": _bytes(b"\xff\xfe\x00name = 1\n"),
    "nested 5,000": _bytes(b"a = " + b"[" * 5000 + b"\n"),
    "json nested 100,000": _bytes(b"[" * 100_000 + b"\n"),
    "one long line": _bytes(b"x" * (2 << 20)),
    "escape codes": _bytes(b'name = "\x1b]0;pwned\x07"\n'),
    "400-digit number": _bytes(b"pace = " + b"9" * 400 + b"\n"),
    "pace = inf": _bytes(b"pace = inf\n"),
}


def run(args: list[str], env: dict[str, str], stdin: str = "") -> tuple[str, float]:
    """A failure's description ("" when the run was sound) and its time."""
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rummy500_cli", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f"hung more than {TIMEOUT:.0f} s", TIMEOUT
    took = time.perf_counter() - started
    if "Traceback" in done.stderr:
        return "a traceback: " + done.stderr.strip().splitlines()[-1], took
    if done.returncode == 2 and "Error: Invalid value" in done.stderr:
        return "", took  # refused by the argument's own check (click), a usage error
    if done.returncode not in (0, 1):
        return f"exit status {done.returncode}", took
    if done.returncode == 1 and len(done.stderr.strip().splitlines()) != 1:
        return f"{len(done.stderr.splitlines())} lines of error", took
    return "", took


def main() -> int:
    tried = failed = 0
    slowest = 0.0
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        seed_env = dict(os.environ)
        for name in ("DATA", "STATE", "CONFIG", "CACHE"):
            seed_env[f"XDG_{name}_HOME"] = str(root / "base" / name.lower())
        log = root / "game.jsonl"
        subprocess.run(
            [sys.executable, "-m", "rummy500_cli", "play", "--seed", "3", "-q", "--save",
             str(log), "--seat", "1=greedy"],
            input="draw\nquit\n", capture_output=True, text=True, env=seed_env, check=True,
        )  # fmt: skip
        for number, (case, make) in enumerate(CASES.items()):
            for reader in ("config", "config (play)", "sidecar", "log"):
                env = dict(seed_env)
                home = root / f"{number}-{reader.replace(' ', '_')}"
                for name in ("DATA", "STATE", "CONFIG", "CACHE"):
                    env[f"XDG_{name}_HOME"] = str(home / name.lower())
                if reader.startswith("config"):
                    target = home / "config" / "rummy500" / "config.toml"
                    target.parent.mkdir(parents=True)
                    make(target)
                    args = ["config"] if reader == "config" else ["play", "--seed", "1", "-q"]
                elif reader == "sidecar":
                    copy = home / "g.jsonl"
                    home.mkdir(parents=True)
                    copy.write_bytes(log.read_bytes())
                    make(home / "g.analysis.jsonl")
                    args = ["export", str(copy)]
                else:
                    home.mkdir(parents=True)
                    target = home / "bad.jsonl"
                    make(target)
                    args = ["verify", str(target)]
                problem, took = run(args, env, "quit\n")
                slowest = max(slowest, took)
                tried += 1
                if problem:
                    failed += 1
                    print(f"FAIL {reader:<14} {case:<20} {problem}")
    print(f"hostile files: {tried} cases tried, {failed} failed; slowest {slowest:.2f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
