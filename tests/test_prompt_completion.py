"""The prompt's Tab completion (cli/prompt.py), without a terminal: what follows each
command word in a given state."""

from __future__ import annotations

from types import SimpleNamespace

from helpers import act, start
from prompt_toolkit.document import Document

from rummy500_cli.cli.prompt import GameCompleter


def completions(state, text: str, seat: int = 0) -> list[str]:
    console = SimpleNamespace(session=SimpleNamespace(state=state), seat=seat)
    found = GameCompleter(console).get_completions(Document(text), None)  # type: ignore[arg-type]
    return [completion.text for completion in found]


def test_command_words_cards_and_melds_complete() -> None:
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD")
    assert "draw" in completions(state, "dr") and "discard" in completions(state, "di")
    assert completions(state, "discard 7") == ["7H"]
    assert completions(state, "take ") == ["1", "KD"]
    act(state, "draw", "meld 7H 8H 9H")
    assert completions(state, "lay 2C on ") == ["1"]


def test_window_and_gambit_words_complete() -> None:
    """RULES 7 rum: the melds and ends; RULES 8 dealers_gambit power: its three powers."""
    state = start(["7H 8H 9H 2C", "KS 3D 4C 5S"], "KD", "JD", rum_call=True)
    act(state, "draw", "meld 7H 8H 9H")
    assert completions(state, "rum ") == ["1", "low", "high"]
    assert completions(state, "power ") == ["wild", "double", "split"]
    assert "pass" in completions(state, "pa") and "block" in completions(state, "bl")
