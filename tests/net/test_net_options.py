"""`--bind` names an address: an empty one (which would listen on every interface
unasked) or text that is no address is a usage error, and nothing listens."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rummy500_cli.cli.main import main


@pytest.mark.parametrize("command", ["serve", "host"])
@pytest.mark.parametrize(
    ("bind", "words"),
    [("", "give an address"), ("  ", "give an address"), ("a\x1bb", "is not an address")],
)
def test_an_address_that_is_none_is_refused(command: str, bind: str, words: str) -> None:
    result = CliRunner().invoke(main, [command, "--bind", bind])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "\x1b" not in result.output
