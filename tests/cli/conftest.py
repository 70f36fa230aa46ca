"""Fixtures of tests/cli/: `deck_file`, the stacked deck of tests/cli_helpers.py (Ana goes
out on her first turn), for every test here that asks for it."""

from cli_helpers import deck_file  # noqa: F401 - a fixture
