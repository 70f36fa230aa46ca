"""Commit-reveal seeds (`online.fairness`) and the host's log of a fair game.

The encodings are checked against an independent implementation written from the
log page's FAIR DEALS section, so that anyone can check a deal in any language.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import msgspec
import pytest

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.engine import new_game
from rummy500_cli.errors import LogError
from rummy500_cli.events import GameStarted, SeedRevealed
from rummy500_cli.online import fairness
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.rules import Rules
from rummy500_cli.variants import make_rules

PAGE = Path(__file__).resolve().parents[2] / "man" / "rummy500-log.5"


def lp(text: str) -> bytes:
    """FAIR DEALS: the UTF-8 bytes preceded by their length, 8 bytes big-endian."""
    data = text.encode()
    return len(data).to_bytes(8, "big") + data


def page_commitment(seed: str, salt: str) -> str:
    return hashlib.sha256(b"rummy500/fair/v1/commit" + lp(seed) + lp(salt)).hexdigest()


def page_seed(seed: str, contributions: list[str]) -> str:
    data = b"rummy500/fair/v1/seed" + lp(seed) + len(contributions).to_bytes(8, "big")
    return hashlib.sha256(data + b"".join(lp(c) for c in contributions)).hexdigest()


C1, C2 = "a" * 64, "0123456789abcdef" * 4


def test_the_page_states_the_encodings() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert 'commitment = hex(SHA\\-256("rummy500/fair/v1/commit" + lp(seed) + lp(salt)))' in text
    assert 'seed = hex(SHA\\-256("rummy500/fair/v1/seed" + lp(secret seed)' in text


@pytest.mark.parametrize(
    ("seed", "salt", "contributions"),
    [("s", "t", ["", C1]), ("ünï", "", [C1, C2, ""]), ("x" * 300, "y", []), ("1", "2", ["", ""])],
)
def test_the_code_computes_what_the_page_says(
    seed: str, salt: str, contributions: list[str]
) -> None:
    assert fairness.commitment(seed, salt) == page_commitment(seed, salt)
    assert fairness.derive_seed(seed, contributions) == page_seed(seed, contributions)
    assert re.fullmatch(r"[0-9a-f]{64}", fairness.derive_seed(seed, contributions))


def test_commitment_and_derivation_round_trip() -> None:
    secret = fairness.new_secret()
    assert re.fullmatch(r"[0-9a-f]{64}", secret.seed) and re.fullmatch(r"[0-9a-f]{32}", secret.salt)
    fairness.check_reveal(secret.commitment, secret.seed, secret.salt)  # no error
    ours = fairness.new_contribution()
    assert fairness.check_contribution(ours) == ours
    assert ours != fairness.new_contribution()
    seed = fairness.derive_seed(secret.seed, ["", ours])
    assert seed == fairness.derive_seed(secret.seed, ["", ours])


def test_every_part_changes_the_seed() -> None:
    """No two inputs derive alike: the order, a moved boundary, a seat without one."""
    seeds = {
        fairness.derive_seed("s", [C1, C2]),
        fairness.derive_seed("s", [C2, C1]),
        fairness.derive_seed("s", [C1, C2, ""]),
        fairness.derive_seed("s", [C1 + C2]),
        fairness.derive_seed("s" + C1, [C2]),
        fairness.derive_seed("t", [C1, C2]),
        fairness.derive_seed("s", [C1, C2.replace("0", "1", 1)]),
    }
    assert len(seeds) == 7
    assert fairness.commitment("ab", "c") != fairness.commitment("a", "bc")


@pytest.mark.parametrize(
    ("seed", "salt"), [("s", "u"), ("t", "salt"), ("s ", "salt"), ("", "")], ids=str
)
def test_a_reveal_that_does_not_match_is_refused(seed: str, salt: str) -> None:
    commitment = fairness.commitment("s", "salt")
    with pytest.raises(fairness.FairnessError, match="do not match the commitment"):
        fairness.check_reveal(commitment, seed, salt)


@pytest.mark.parametrize("text", ["", "A" * 64, "a" * 63, "a" * 65, "g" * 64, " " + "a" * 63])
def test_a_contribution_is_64_lowercase_hex_digits(text: str) -> None:
    with pytest.raises(fairness.FairnessError, match="64 lowercase hex digits"):
        fairness.check_contribution(text)


def test_a_contribution_that_is_not_text_is_refused_by_name() -> None:
    with pytest.raises(fairness.FairnessError, match="not list"):
        fairness.check_contribution([1])  # type: ignore[arg-type]


def fair_log(rules: Rules | None = None) -> tuple[fairness.Secret, list]:
    rules = rules or Rules()
    secret = fairness.Secret(seed="host", salt="pepper")
    events = fairness.fair_opening(
        ["Ann", "Bob", "Cy"], rules, secret, ["", C1, C2], seats=["human", "human", "bot:greedy"]
    )
    return secret, events


def test_the_fair_opening_deals_from_the_derived_seed() -> None:
    secret, events = fair_log()
    header = events[0]
    assert isinstance(header, GameStarted)
    assert header.seed == fairness.derive_seed("host", ["", C1, C2])
    assert (header.commitment, header.contributions) == (secret.commitment, ("", C1, C2))
    plain = new_game(["Ann", "Bob", "Cy"], Rules(), header.seed, seats=header.seats)
    assert events[1:] == plain[1:]
    assert (
        msgspec.structs.replace(header, commitment=msgspec.UNSET, contributions=msgspec.UNSET)
        == plain[0]
    )


def test_the_fair_opening_refuses_a_wrong_count_or_contribution() -> None:
    secret = fairness.new_secret()
    with pytest.raises(fairness.FairnessError, match="one contribution a seat"):
        fairness.fair_opening(["A", "B"], Rules(), secret, [C1])
    with pytest.raises(fairness.FairnessError, match="64 lowercase hex"):
        fairness.fair_opening(["A", "B"], Rules(), secret, [C1, "nope"])


def test_other_headers_are_unchanged() -> None:
    """Additive: a header of a game not dealt online writes neither new field."""
    line = encode_log(new_game(["Ann", "Bob"], seed=1)[:1])
    assert b"commitment" not in line and b"contributions" not in line


def whole_fair_game(rules: Rules | None = None) -> tuple[fairness.Secret, list]:
    """A whole game between bots, dealt fairly, with its reveal."""
    rules = rules or Rules()
    secret, opening = fair_log(rules)
    header = opening[0]
    _, events = bot_game(header.players, rules, header.seed, ("greedy", "random"))
    events[0] = header
    return secret, [*events, fairness.reveal(secret)]


def test_the_hosts_log_of_a_fair_game_verifies() -> None:
    _, events = whole_fair_game()
    summary = audit(parse_log(encode_log(events)))
    assert summary.finished
    assert events[-1] == SeedRevealed(seed="host", salt="pepper")
    fairness.check_revealed(events[0], events[-1])


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"salt": "salt"}, "do not match the commitment"),
        ({"seed": "other"}, "do not match the commitment"),
    ],
)
def test_the_hosts_log_with_a_wrong_reveal_is_refused(change: dict, why: str) -> None:
    _, events = whole_fair_game()
    events[-1] = msgspec.structs.replace(events[-1], **change)
    with pytest.raises(LogError, match=why) as error:
        audit(parse_log(encode_log(events)))
    assert f":{len(events)}:" in str(error.value)


def test_the_hosts_log_with_a_swapped_contribution_is_refused() -> None:
    """The reveal matches, but the contributions no longer derive the seed."""
    _, events = whole_fair_game()
    events[0] = msgspec.structs.replace(events[0], contributions=("", C2, C1))
    with pytest.raises(LogError, match="derive the seed"):
        audit(parse_log(encode_log(events)))


def test_nothing_follows_the_reveal_and_a_reveal_needs_a_commitment() -> None:
    secret, events = whole_fair_game()
    with pytest.raises(LogError, match="a line after the seed_revealed"):
        audit(parse_log(encode_log([*events, events[-1]])))
    plain = new_game(["Ann", "Bob"], seed=4)
    with pytest.raises(LogError, match="header has no commitment"):
        audit(parse_log(encode_log([*plain, fairness.reveal(secret)])))


def test_an_unfinished_game_may_be_revealed() -> None:
    """The host ended the table: the reveal stands after the last move."""
    secret, events = fair_log(make_rules(variant="jokers"))
    summary = audit(parse_log(encode_log([*events, fairness.reveal(secret)])))
    assert not summary.finished


def test_the_reveal_is_told_in_words() -> None:
    from rummy500_cli.render.narrate import Narrator
    from rummy500_cli.render.style import Style
    from rummy500_cli.state import fold

    _, events = whole_fair_game()
    (line,) = Narrator(Style()).feed(events[-1], fold(events))
    assert line == "The host reveals the seed it committed to: every deal can be checked."


def test_a_fair_header_with_a_stacked_deck_is_refused() -> None:
    from rummy500_cli.cards import parse_cards

    secret, events = fair_log()
    header = events[0]
    plain = new_game(header.players, Rules(), header.seed, [parse_cards("AS 2S AH")])
    rigged = [
        msgspec.structs.replace(
            plain[0], commitment=header.commitment, contributions=header.contributions
        ),
        *plain[1:],
        fairness.reveal(secret),
    ]
    with pytest.raises(LogError, match="no stacked deck"):
        audit(parse_log(encode_log(rigged)))


def test_the_secret_is_kept_for_its_owner_until_the_reveal(tmp_path: Path) -> None:
    import stat

    from rummy500_cli.online import vault

    log = tmp_path / "table.jsonl"
    assert vault.read_secret(log) is None
    secret = fairness.new_secret()
    path = vault.keep_secret(log, secret)
    assert path == tmp_path / "table.secret"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert vault.read_secret(log) == secret
    assert [p.name for p in tmp_path.iterdir()] == ["table.secret"]  # no temporary left
    path.write_text("[1]")
    with pytest.raises(LogError, match="not a table's secret"):
        vault.read_secret(log)
    vault.forget_secret(log)
    vault.forget_secret(log)
    assert vault.read_secret(log) is None
