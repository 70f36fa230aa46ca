"""`verify` catches every kind of tampering, even with the hash chain rebuilt."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hostile import encode, first
from hostile import entries as hostile_entries

from rummy500_cli.cards import parse_cards
from rummy500_cli.cli.main import main
from rummy500_cli.deal import stack
from rummy500_cli.engine import new_game, play
from rummy500_cli.errors import LogError
from rummy500_cli.language import parse_action
from rummy500_cli.records.audit import AuditError, audit
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

SAMPLE = Path(__file__).resolve().parents[2] / "replays" / "two-players.jsonl"


def entries() -> list[dict]:
    return hostile_entries(SAMPLE)


def check(data: bytes) -> None:
    audit(parse_log(data, "g.jsonl"), "g.jsonl")


def test_the_untouched_sample_passes() -> None:
    check(SAMPLE.read_bytes())


def edit_hand(items):
    deal = first(items, "round_dealt")
    hands = items[deal]["event"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    return deal


def change_score(items):
    ended = first(items, "round_ended")
    items[ended]["event"]["scores"][0]["score"] += 10
    items[ended]["event"]["scores"][0]["total"] += 10
    return ended


def forge_deal(items):
    deal = first(items, "round_dealt", 3)  # the second round's deal
    stock = items[deal]["event"]["stock"]
    stock[0], stock[-1] = stock[-1], stock[0]
    return deal


def unused_take(items):
    take = first(items, "pile_taken")
    use = take + 1
    assert items[use]["event"]["type"] in ("melded", "laid_off")
    # the taker discards instead of using the chosen card
    card = items[take]["event"]["cards"][0]
    items[use] = {
        **items[use],
        "event": {"type": "discarded", "seat": items[take]["event"]["seat"], "card": card},
    }
    return use


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (edit_hand, "first deal is not the one the seed"),
        (change_score, "this round_ended differs from what the rules give"),
        (forge_deal, "this round_dealt differs from what the rules give"),
        (unused_take, "must be put on the table before you discard"),
    ],
)
@pytest.mark.parametrize("rechain", [False, True], ids=["chain-kept", "chain-rebuilt"])
def test_tampering_is_caught(tamper, reason: str, rechain: bool) -> None:
    items = entries()
    line = tamper(items) + 1
    with pytest.raises(LogError) as caught:
        check(encode(items, rechain))
    if rechain:
        assert isinstance(caught.value, AuditError)
        assert caught.value.line == line
        assert reason in str(caught.value)
    else:  # the chain breaks on the line after the edit, before any replay
        assert f"g.jsonl:{line + 1}: the hash chain is broken" in str(caught.value)


def test_a_refused_move_names_the_seat_whose_hand_it_is() -> None:
    """verify speaks of a seat, not to it: "not in Ana's hand", never "your hand"."""
    items = entries()
    at = first(items, "discarded")
    seat = items[at]["event"]["seat"]
    name = items[0]["event"]["players"][seat]
    items[at]["event"]["card"] = "JK"  # no joker in the standard game's pack
    with pytest.raises(AuditError) as caught:
        check(encode(items, rechain=True))
    message = str(caught.value)
    assert f"is not in {name}'s hand" in message
    assert "your" not in message


def test_changed_rules_in_the_header_are_caught_even_with_a_rebuilt_chain() -> None:
    items = entries()
    items[0]["event"]["rules"]["target"] = 1000
    with pytest.raises(LogError, match=r"g.jsonl:2: the hash chain is broken"):
        check(encode(items, rechain=False))
    with pytest.raises(AuditError) as caught:
        check(encode(items, rechain=True))
    ended = first(items, "game_ended")
    assert caught.value.line == ended + 1  # under target 1000 the game goes on
    assert "differs from what the rules give" in str(caught.value)


@pytest.mark.parametrize("change", ["swap", "delete"])
def test_moved_or_deleted_lines_are_caught(change: str) -> None:
    items = entries()
    if change == "swap":
        items[10], items[11] = items[11], items[10]
    else:
        del items[10]
    with pytest.raises(LogError, match=r"g.jsonl:11: sequence number"):
        check(encode(items, rechain=False))
    with pytest.raises(AuditError, match=r"g.jsonl:11: "):
        check(encode(items, rechain=True))


def test_a_line_after_the_end_is_caught() -> None:
    items = entries()
    items.append(items[-2])
    with pytest.raises(AuditError, match="after the end of the game"):
        check(encode(items, rechain=True))


def test_verify_command_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    good = runner.invoke(main, ["verify", str(SAMPLE)])
    assert good.exit_code == 0
    assert good.output.startswith(f"{SAMPLE}: ok: 262 events, 6 rounds, Ana won")
    items = entries()
    line = change_score(items) + 1
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(encode(items, rechain=True))
    result = runner.invoke(main, ["verify", str(bad)])
    assert result.exit_code == 1
    assert f"bad.jsonl:{line}: this round_ended differs" in result.output
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(SAMPLE.read_bytes() + b'{"seq":262,')
    result = runner.invoke(main, ["verify", str(torn)])
    assert result.exit_code == 1 and "torn" in result.output


def test_a_whole_suit_run_verifies() -> None:
    """RULES 3.4: a logged run of all 13 cards of a suit says by its order whether the
    Ace is high or low, so verify replays it without asking (it was refused as ambiguous)."""
    for end in ("high", "low"):
        hands = [
            parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
            parse_cards("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C"),
        ]
        events = new_game(
            ["Ann", "Bob"],
            make_rules(),
            0,
            deck=[stack(hands, parse_cards("2S")[0], parse_cards("3S"))],
        )
        state = fold(events)
        for command in ("draw", f"meld ah 2h 3h 4h 5h 6h 7h 8h 9h 10h jh qh kh {end}"):
            events += play(state, parse_action(command, state))
        summary = audit(parse_log(encode_log(events), "g.jsonl"), "g.jsonl")
        assert summary.events == len(events)
