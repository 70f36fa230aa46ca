"""Start-up time, printed as figures (run: python tests/benchmarks/startup.py).

The wall time of `rummy500 --help` and `rummy500 play --help` against a minimal click
program's `--help`, run by the same Python, each the median of N runs taken in turn in the
same run (target: rummy500 within 1.2x of bare click). For reference, the time of
`python -c "import prompt_toolkit"`, which `--help` must not pay, and of `python -c pass`.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import installed_env

TARGET = 1.2
MINIMAL = """import click
@click.command()
@click.option("--name", default="x", help="A name.")
def main(name):
    click.echo(name)
main()
"""


def rummy500() -> list[str]:
    """The installed `rummy500` script of this Python (what a user runs), else the module."""
    script = Path(sys.executable).parent / "rummy500"
    if script.exists():
        return [sys.executable, str(script)]
    return [sys.executable, "-m", "rummy500_cli.cli.main"]


def wall(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    env = installed_env(NO_COLOR="1")
    with tempfile.TemporaryDirectory() as folder:
        minimal = Path(folder) / "minimal_click.py"
        minimal.write_text(MINIMAL)
        env.update(XDG_DATA_HOME=folder, XDG_STATE_HOME=folder)
        commands = {
            "click minimal --help": [sys.executable, str(minimal), "--help"],
            "rummy500 --help": [*rummy500(), "--help"],
            "rummy500 play --help": [*rummy500(), "play", "--help"],
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import prompt_toolkit'": [sys.executable, "-c", "import prompt_toolkit"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for command in commands.values():  # warm the file cache and the .pyc files
            wall(command, env)
        for _ in range(runs):  # in turn, so that a busy moment hits every command alike
            for name, command in commands.items():
                times[name].append(wall(command, env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    base = medians["click minimal --help"]
    print(f"{sys.executable} ({sys.version.split()[0]}), median of {runs} runs each")
    for name, value in medians.items():
        print(f"  {name:<36} {value * 1000:7.1f} ms   {value / base:5.2f}x click")
    worst = max(medians["rummy500 --help"], medians["rummy500 play --help"]) / base
    verdict = "ok" if worst <= TARGET else "over target"
    print(f"rummy500 --help vs click: {worst:.2f}x (target {TARGET}x): {verdict}")


if __name__ == "__main__":
    main()
