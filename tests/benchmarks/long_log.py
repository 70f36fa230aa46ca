"""Time and peak memory per command on a log of a million events (issue 31, item 5).

Run: python tests/benchmarks/long_log.py CACHE [--before REV] [--analyze-seconds S]

The log is made once with the engine (`rummy500 simulate`: eight random bots, a target
no one reaches and `max_rounds` high enough for about 1,000,000 events, some 160 MB) and
kept in CACHE for the next run. Each command (`verify`, `export`, `replay --at`,
`branch`, `analyze --think 1`) runs as a child process; its wall time and peak resident
memory (`os.wait4`'s ru_maxrss, that child's alone) are printed for the code of this
checkout ("after") and, with --before, for the code of an earlier commit ("before",
unpacked from git into CACHE with `git archive`), in the same run, with their ratios.

`analyze` is stopped with SIGINT (what Ctrl-C sends) once --analyze-seconds have passed
without its finishing: the row then says how far its progress lines had gone, and
whether it saved what it had judged (what a user's Ctrl-C keeps).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 6600
"""About 154 events a round at eight random bots: some 1,015,000 events."""


def make_log(cache: Path) -> Path:
    """The long log, made once (about a minute) and kept in `cache`."""
    log = cache / "long.jsonl"
    if log.exists():
        return log
    out = cache / "made"
    shutil.rmtree(out, ignore_errors=True)
    command = [
        *program(ROOT),
        "simulate",
        "--games=1",
        "--players=8",
        "--bots=random",
        "--target=1000000000",
        f"--rule=max_rounds={ROUNDS}",
        "--seed=long",
        f"--out={out}",
    ]
    print("making the log (about a minute) ...", flush=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=environment(ROOT), cwd=cache)
    (out / "game-000000.jsonl").rename(log)
    shutil.rmtree(out)
    return log


def program(tree: Path) -> list[str]:
    """The program of `tree`, run by this Python without its site hooks (`-S`): an
    editable install's import hook would otherwise load this checkout's package
    whatever the path says (see `environment`)."""
    return [sys.executable, "-S", "-m", "rummy500_cli"]


def environment(tree: Path) -> dict[str, str]:
    """This environment with the package of `tree` first on the path, then this
    Python's installed packages (the dependencies), and no colour."""
    packages = sysconfig.get_paths()["purelib"]
    path = os.pathsep.join([str(tree), packages])
    return dict(os.environ, PYTHONPATH=path, NO_COLOR="1", COLUMNS="100")


def unpack(revision: str, cache: Path) -> Path:
    """The tree of `revision`, unpacked once into `cache`."""
    commit = (
        subprocess.run(
            ["git", "rev-parse", "--short", revision], cwd=ROOT, check=True, capture_output=True
        )
        .stdout.decode()
        .strip()
    )
    tree = cache / f"tree-{commit}"
    if not tree.exists():
        archive = cache / f"{commit}.tar"
        with archive.open("wb") as out:
            subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, stdout=out)
        with tarfile.open(archive) as tar:
            tar.extractall(tree, filter="data")
        archive.unlink()
    return tree


def branch_point(log: Path) -> int:
    """An event near the middle after which someone is to draw: a discard that did not
    end its round."""
    size = log.stat().st_size
    with log.open("rb") as handle:
        handle.seek(size // 2)
        handle.readline()
        previous = b""
        for line in handle:
            if b'"type":"discarded"' in previous and b'"type":"round_ended"' not in line:
                seq = re.search(rb'"seq":(\d+)', previous)
                assert seq is not None
                return int(seq.group(1))
            previous = line
    raise SystemExit("no branch point found")


def run(
    command: list[str], env: dict[str, str], cwd: Path, limit: float | None = None
) -> dict[str, object]:
    """Run a command; its wall time, peak memory (MB), exit status and standard error."""
    started = time.perf_counter()
    child = subprocess.Popen(
        command,
        env=env,
        cwd=cwd,  # (not a checkout: the current folder comes first on the path)
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        # Ctrl-C as a terminal delivers it, even when this script runs in the background
        # (where a shell without job control has its children ignore SIGINT)
        preexec_fn=_default_sigint,
    )
    assert child.stderr is not None
    os.set_blocking(child.stderr.fileno(), False)
    errors = b""
    stopped = False
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        errors += child.stderr.read() or b""
        if pid:
            break
        now = time.perf_counter() - started
        if limit is not None and not stopped and now > limit:
            child.send_signal(signal.SIGINT)  # what Ctrl-C sends
            stopped = True
        elif stopped and now > limit + 120:  # (not stopped by it in two minutes)
            child.kill()
        time.sleep(0.05)
    child.returncode = os.waitstatus_to_exitcode(status)
    return {
        "seconds": time.perf_counter() - started,
        "mb": usage.ru_maxrss / 1024,
        "status": child.returncode,
        "stderr": errors.decode(errors="replace"),
        "stopped": stopped,
    }


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def commands(log: Path, work: Path, at: int, think: int) -> dict[str, list[str]]:
    return {
        "verify": ["verify", str(log)],
        "export": ["export", str(log)],
        "replay --at": ["replay", f"--at={at}", str(log)],
        "branch": ["branch", f"--at={at}", "-o", str(work / "branch.jsonl"), str(log)],
        f"analyze --think {think}": ["analyze", f"--think={think}", str(log)],
    }


def measure(
    tree: Path, log: Path, work: Path, at: int, limit: float, only: str | None
) -> dict[str, dict]:
    env = environment(tree)
    env.update(XDG_DATA_HOME=str(work), XDG_STATE_HOME=str(work), XDG_CONFIG_HOME=str(work))
    figures = {}
    for name, args in commands(log, work, at, 1).items():
        if only and not any(name.startswith(wanted) for wanted in only.split(",")):
            continue
        (work / "branch.jsonl").unlink(missing_ok=True)
        sidecar = log.with_suffix(".analysis.jsonl")
        sidecar.unlink(missing_ok=True)
        analysing = name.startswith("analyze")
        result = run([*program(tree), *args], env, work, limit if analysing else None)
        if analysing:
            progress = re.findall(r"(\d+) of (\d+) positions", str(result["stderr"]))
            result["progress"] = progress[-1] if progress else None
            result["saved"] = sidecar.exists()
            sidecar.unlink(missing_ok=True)
        figures[name] = result
        print(f"  {name}: {describe(result)}", flush=True)
    return figures


def describe(result: dict) -> str:
    text = f"{result['seconds']:7.1f} s {result['mb']:7.0f} MB  exit {result['status']}"
    if result.get("stopped"):
        done = result.get("progress")
        how_far = f"{done[0]} of {done[1]} positions" if done else "no progress line"
        text += f" (stopped by SIGINT: {how_far}; saved: {result.get('saved')})"
    elif result["status"] not in (0, None):
        text += " " + str(result["stderr"]).strip().splitlines()[-1][:100]
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cache", type=Path, help="a folder that keeps the log between runs")
    parser.add_argument("--before", default=None, metavar="REV", help="also measure this commit")
    parser.add_argument("--analyze-seconds", type=float, default=600.0)
    parser.add_argument("--only", choices=["before", "after"], default=None)
    parser.add_argument("--commands", default=None, metavar="A,B", help="only these (e.g. analyze)")
    options = parser.parse_args()
    cache = options.cache.resolve()
    cache.mkdir(parents=True, exist_ok=True)
    log = make_log(cache)
    lines = sum(1 for _ in log.open("rb"))
    at = branch_point(log)
    print(f"log: {lines} events, {log.stat().st_size / 1e6:.0f} MB; replay and branch at {at}")
    trees = {"after": ROOT}
    if options.before:
        trees = {"before": unpack(options.before, cache), **trees}
    if options.only:
        trees = {options.only: trees[options.only]}
    results = {}
    for label, tree in trees.items():
        work = cache / f"work-{label}"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        print(f"{label} ({tree}):", flush=True)
        results[label] = measure(tree, log, work, at, options.analyze_seconds, options.commands)
    print()
    print(f"{'command':<18} " + "  ".join(f"{label:>22}" for label in results) + "   ratio")
    for name in next(iter(results.values())):
        cells = [f"{r[name]['seconds']:7.1f} s {r[name]['mb']:6.0f} MB" for r in results.values()]
        ratio = ""
        if len(results) == 2:
            b, a = results["before"][name], results["after"][name]
            ratio = f"time x{a['seconds'] / b['seconds']:.2f}, memory x{a['mb'] / b['mb']:.2f}"
        print(f"{name:<18} " + "  ".join(f"{cell:>22}" for cell in cells) + f"   {ratio}")
    print("(the machine is shared: times are indicative; analyze rows stopped by SIGINT")
    print(" at the limit say so above)")


if __name__ == "__main__":
    main()
