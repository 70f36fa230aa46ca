"""The front room's tests: the check that the suite leaves the real folders alone
(front_hermetic), active whenever this folder is collected (the whole suite)."""

from front_hermetic import pytest_sessionfinish  # noqa: F401  (a pytest hook)
