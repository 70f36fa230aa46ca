"""The win model's fitting script lives out of the shipped package (tools/fit_win_model.py)
and stays runnable: it plays games, writes their positions, and fits a model that the
analysis reads as it reads the shipped one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rummy500_cli.analysis.win_model import FEATURES, Model, model

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "fit_win_model.py"


def run(*args: object) -> str:
    done = subprocess.run(
        [sys.executable, str(TOOL), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_the_fitting_script_is_not_shipped_and_still_fits(tmp_path: Path) -> None:
    assert not (ROOT / "rummy500_cli" / "win_model_fit.py").exists()
    positions = tmp_path / "positions.jsonl"
    assert "done: 1 games" in run("simulate", positions, "--games", 1, "--seed", "tool")
    fitted = tmp_path / "model.json"
    assert "wrote" in run("fit", positions, "--out", fitted, "--sample", 40)
    data = json.loads(fitted.read_text())
    assert set(data["weights"]) == set(FEATURES) and data["fitted_on"]["games"] == 1
    fitted_model = Model(
        data["version"], [data["weights"][n] for n in FEATURES], data["spread"], data["late"]
    )
    assert len(fitted_model.weights) == len(model().weights)  # read as the shipped one is
