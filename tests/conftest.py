"""Shared test settings: hypothesis profiles, the soak marker, a config of one's own.

`HYPOTHESIS_PROFILE=soak python -m pytest -m soak` runs the long soaks (tens of
thousands of games); CI runs the default profile and skips them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings


@pytest.fixture(autouse=True)
def _own_config(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """No test reads or writes the real preferences (rummy500 config): each has an
    empty config directory of its own, unless it sets one."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))


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
