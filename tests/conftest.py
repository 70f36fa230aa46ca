"""Shared test settings: hypothesis profiles and the soak marker.

`HYPOTHESIS_PROFILE=soak python -m pytest -m soak` runs the long soaks (tens of
thousands of games); CI runs the default profile and skips them.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
