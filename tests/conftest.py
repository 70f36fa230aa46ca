"""Shared test settings: hypothesis profiles, the soak marker, a config of one's own.

`HYPOTHESIS_PROFILE=soak python -m pytest -m soak` runs the long soaks (tens of
thousands of games); CI runs the default profile and skips them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings


@pytest.fixture(autouse=True)
def _own_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """No test reads or writes the user's own files: each has empty data (saves, stats),
    state (prompt history), config (preferences) and cache folders of its own, unless it
    sets one. Programs the tests start inherit them through the environment."""
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        folder = name.removeprefix("XDG_").removesuffix("_HOME").lower()
        monkeypatch.setenv(name, str(tmp_path_factory.mktemp(folder)))


settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "soak",
    max_examples=int(os.environ.get("SOAK_EXAMPLES", "20000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
