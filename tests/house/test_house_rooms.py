"""The house keeps its shape (issue 26): no module of the package over 400 lines, so a
newcomer can read any one of them in a sitting; and every test lives in the folder of the
room it guards, beside the shared kits at the top of tests/ (tests/README.md)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rummy500_cli"
TESTS = ROOT / "tests"
LONGEST = 400
KITS = {"conftest.py", "helpers.py", "hostile.py", "cli_helpers.py", "pty_helpers.py"}
KITS |= {"rule_sets.py"}


def test_no_module_of_the_package_is_over_400_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): count
        for path in sorted(PACKAGE.rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert not long, f"split these by idea (at most {LONGEST} lines each): {long}"


def test_tests_live_in_the_folder_of_their_room() -> None:
    loose = sorted(p.name for p in TESTS.glob("*.py") if p.name not in KITS)
    assert not loose, f"move these into the folder of the room they guard: {loose}"
    assert (TESTS / "README.md").is_file()


def test_test_file_names_are_unique_across_the_tree() -> None:
    """pytest imports test modules by their base name (no __init__.py in tests/)."""
    names = [p.name for p in TESTS.rglob("test_*.py") if "benchmarks" not in p.parts]
    twice = sorted({name for name in names if names.count(name) > 1})
    assert not twice, f"test file names used twice: {twice}"
