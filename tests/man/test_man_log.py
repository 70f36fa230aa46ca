"""The log format's man page, man/rummy500-log.5, kept true to the code.

- The committed JSON Schema is what `log.schema()` gives now, so that a change to the
  format is always a deliberate diff.
- The page renders without a warning.
- Every event, field and rule option is documented, and nothing that is not there.
- The worked deal is recomputed here by an independent implementation of the algorithm
  as the page states it; the page must show exactly these numbers and cards, and the
  code must deal exactly these cards.
- The example lines are a real, intact log of a legal game.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from rummy500_cli import events as ev
from rummy500_cli.cards import new_deck
from rummy500_cli.deal import draw_for_dealer, shuffled_deck
from rummy500_cli.engine import new_game, recorded_action, resolve
from rummy500_cli.records import log
from rummy500_cli.rules import STANDARD, Rules
from rummy500_cli.state import fold

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "man" / "rummy500-log.5"
SCHEMA = ROOT / "man" / "rummy500-log.schema.json"
REGENERATE = (
    "python -c 'import json, rummy500_cli.records.log as l; "
    "print(json.dumps(l.schema(), indent=2, sort_keys=True))' > man/rummy500-log.schema.json"
)

PLAYERS = ("Ann", "Bob")
SEED = "1"
SHOWN_WORDS = 8
"""How many Fisher-Yates steps the worked deal shows: the words of the first block."""


def page_text() -> str:
    return PAGE.read_text(encoding="utf-8")


def page_lines() -> list[str]:
    return page_text().splitlines()


def section(name: str, macro: str = ".SH") -> list[str]:
    """The source lines of a section (or subsection) of the page, up to the next one."""
    lines = page_lines()
    heading = f"{macro} {name}"
    start = next(
        (i for i, line in enumerate(lines) if line in (heading, f'{macro} "{name}"')), None
    )
    assert start is not None, f"the page has no {heading!r}"
    stops = (".SH",) if macro == ".SH" else (".SH", ".SS")
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].split(" ")[0] in stops),
        len(lines),
    )
    return lines[start + 1 : end]


def tagged_names(lines: list[str]) -> set[str]:
    """The names tagged `.TP` / `.B name` in some page lines: the documented fields."""
    return {
        nxt.split()[1].replace("\\%", "")
        for line, nxt in itertools.pairwise(lines)
        if line == ".TP" and nxt.startswith(".B ")
    }


def unroff(line: str) -> str:
    """The text of a line of an .EX block, for the few escapes the page uses there."""
    return line.replace("\\-", "-").replace("\\(aq", "'").replace("\\e", "\\")


# --- The schema ------------------------------------------------------------------------


def test_committed_schema_is_current() -> None:
    expected = json.dumps(log.schema(), indent=2, sort_keys=True) + "\n"
    committed = SCHEMA.read_text(encoding="utf-8") if SCHEMA.exists() else ""
    assert committed == expected, (
        "the log format changed (man/rummy500-log.schema.json is stale): if that is meant, "
        f"regenerate it with\n    {REGENERATE}\nupdate man/rummy500-log.5, and commit both"
    )


# --- Rendering -------------------------------------------------------------------------


@pytest.mark.parametrize("device", ["utf8", "ascii"])
def test_page_renders_without_warnings(device: str) -> None:
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed")
    result = subprocess.run(
        ["groff", "-man", f"-T{device}", "-ww", "-z", str(PAGE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr


def test_page_source_is_plain_man() -> None:
    """man(7) macros only (no tbl, no mdoc), and a title naming the page."""
    lines = page_lines()
    assert any(line.startswith(".TH RUMMY500-LOG 5 ") for line in lines)
    assert not any(line.startswith((".TS", ".Dd", ".Sh")) for line in lines)
    for number, line in enumerate(lines, 1):
        assert not line.endswith(" "), f"line {number}: trailing space"


# --- Every event, field and option documented ------------------------------------------


def _fields(struct: type[msgspec.Struct]) -> set[str]:
    return {field.encode_name for field in msgspec.structs.fields(struct)}


EVENT_TYPES = ev.AnyEvent.__args__  # type: ignore[attr-defined]


def test_line_format_documents_the_envelope() -> None:
    assert tagged_names(section("LINE FORMAT")) == _fields(log.Entry)


@pytest.mark.parametrize("event", EVENT_TYPES, ids=lambda event: event.__struct_config__.tag)
def test_every_event_and_field_is_documented(event: type[ev.Event]) -> None:
    tag = event.__struct_config__.tag
    documented = tagged_names(section(tag, ".SS"))
    fields = _fields(event)
    if event is ev.RoundEnded:
        fields |= _fields(ev.SeatScore)
    assert documented == fields, (
        f"{tag}: the page documents {sorted(documented - fields)} that the code lacks "
        f"and lacks {sorted(fields - documented)}"
    )


def test_every_event_is_in_the_page_in_schema_order() -> None:
    tags = [event.__struct_config__.tag for event in EVENT_TYPES]
    headings = [line[4:] for line in page_lines() if line.startswith(".SS ")]
    assert [heading for heading in headings if heading in tags] == tags


def test_every_rule_option_is_listed_with_its_default() -> None:
    listed = {}
    for line in section("HEADER AND VERSIONING"):
        words = line.split()
        if len(words) >= 2 and words[0] in Rules.__struct_fields__:
            listed[words[0]] = words[1]
    expected = {name: json.dumps(getattr(STANDARD, name)) for name in Rules.__struct_fields__}
    assert listed == expected


def test_the_page_says_every_option_is_played() -> None:
    assert "Every option here is played by this version." in section("HEADER AND VERSIONING")


def test_unknown_members_are_tolerated_and_format_defaults_to_1() -> None:
    """HEADER AND VERSIONING: what a reader accepts from a newer program."""
    events = new_game(PLAYERS, seed=int(SEED))
    raw = [json.loads(line) for line in log.encode_log(events).splitlines()]
    del raw[0]["event"]["format"]
    raw[0]["new"] = raw[0]["event"]["new"] = raw[0]["event"]["rules"]["new"] = 1
    raw[2]["event"]["new"] = [1, 2]
    lines, prev = [], ""
    for entry in raw:
        entry["prev"] = prev
        line = json.dumps(entry, separators=(",", ":")).encode()
        lines.append(line)
        prev = log.line_hash(line)
    data = log.parse_log(b"\n".join(lines) + b"\n")
    assert data.events == events


def test_format_version_is_the_documented_one() -> None:
    assert ev.FORMAT_VERSION == 1, "a new log format: document it in man/rummy500-log.5"
    assert '"format":1' in page_text()


# --- The worked deal, by an independent implementation of the page's algorithm -------


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CANONICAL = [rank + suit for suit in "CDHS" for rank in RANKS]
"""DEALS step 1: clubs, diamonds, hearts, spades, each Ace to King."""


def key(seed: str, purpose: str) -> bytes:
    return f"rummy500/v1/{purpose}/{seed}".encode()


def block(seed: str, purpose: str, index: int) -> bytes:
    return hashlib.sha256(key(seed, purpose) + index.to_bytes(8, "big")).digest()


def words(seed: str, purpose: str) -> Iterator[int]:
    """The stream as 32-bit big-endian words, block after block."""
    index = 0
    while True:
        data = block(seed, purpose, index)
        for start in range(0, 32, 4):
            yield int.from_bytes(data[start : start + 4], "big")
        index += 1


def shuffle(
    items: list[str], seed: str, purpose: str
) -> tuple[list[str], list[tuple[int, int, int, int, str, str]]]:
    """Fisher-Yates from the top index down, with rejection sampling; and every step
    as (i, n, accepted word, j, card at i, card at j)."""
    deck = list(items)
    stream = words(seed, purpose)
    steps = []
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 2**32 - 2**32 % n
        word = next(stream)
        while word >= limit:
            word = next(stream)
        j = word % n
        steps.append((i, n, word, j, deck[i], deck[j]))
        deck[i], deck[j] = deck[j], deck[i]
    return deck, steps


def rank_of(card: str) -> int:
    return RANKS.index(card[:-1]) + 1


def dealer_draw(seed: str, players: int) -> tuple[list[list[str]], int]:
    drawing = list(range(players))
    rows = []
    attempt = 0
    while len(drawing) > 1 or not rows:
        attempt += 1
        deck, _ = shuffle(CANONICAL, seed, f"dealer/{attempt}")
        row = [""] * players
        for seat, card in zip(drawing, deck, strict=False):
            row[seat] = card
        rows.append(row)
        low = min(rank_of(row[seat]) for seat in drawing)
        drawing = [seat for seat in drawing if rank_of(row[seat]) == low]
    return rows, drawing[0]


def deal(deck: list[str], players: int, dealer: int, size: int):
    hands: list[list[str]] = [[] for _ in range(players)]
    position = 0
    for _ in range(size):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(deck[position])
            position += 1
    return hands, deck[position], deck[position + 1 :]


def cards_row(label: str, cards: list[str]) -> str:
    return f"{label:<9}{' '.join(cards)}".rstrip()


def worked_deal_lines() -> list[str]:
    """The lines of the page's WORKED DEAL examples, exactly as the page must show them."""
    lines = []
    draws, dealer = dealer_draw(SEED, len(PLAYERS))
    lines.append(f"key      {key(SEED, 'dealer/1').decode()}")
    lines.append(f"block 0  {block(SEED, 'dealer/1', 0).hex()}")
    for number, row in enumerate(draws, 1):
        drawn = ", ".join(f"{PLAYERS[s]} {card}" for s, card in enumerate(row) if card)
        lines.append(f"draw {number:<4}{drawn}")
    lines.append(f"dealer   seat {dealer} ({PLAYERS[dealer]})")
    lines.append(f"key      {key(SEED, 'deal/1').decode()}")
    lines.append(f"input    {(key(SEED, 'deal/1') + bytes(8)).hex()}")
    lines.append(f"block 0  {block(SEED, 'deal/1', 0).hex()}")
    deck, steps = shuffle(CANONICAL, SEED, "deal/1")
    for i, n, word, j, at_i, at_j in steps[:SHOWN_WORDS]:
        limit = 2**32 - 2**32 % n
        lines.append(f"{i:>2}  {n:>2}  {word:08x}  {word:>10}  {limit:>10}  {j:>2}  {at_i} {at_j}")
    for row in range(0, len(deck), 13):
        lines.append(cards_row(f"{row:>2}", deck[row : row + 13]))
    hands, upcard, stock = deal(deck, len(PLAYERS), dealer, 13)
    for seat, hand in enumerate(hands):
        lines.append(cards_row(f"{PLAYERS[seat]}", hand))
    lines.append(cards_row("upcard", [upcard]))
    lines.append(cards_row("stock", stock[:13]))
    lines.append(cards_row("", stock[13:]))
    return lines


def test_the_page_states_the_canonical_deck_order() -> None:
    assert [card.ascii for card in new_deck()] == CANONICAL


@pytest.mark.parametrize(
    ("seed", "round_no", "decks"), [("1", 1, 1), ("1", 2, 1), ("7", 3, 2), ("ünïcode seed", 1, 1)]
)
def test_the_pages_algorithm_is_the_codes(seed: str, round_no: int, decks: int) -> None:
    deck, _ = shuffle(CANONICAL * decks, seed, f"deal/{round_no}")
    assert [card.ascii for card in shuffled_deck(seed, round_no, decks)] == deck


@pytest.mark.parametrize("seed", ["1", "2", "3", "4", "5", "42", "x"])
@pytest.mark.parametrize("players", [2, 3, 8])
def test_the_pages_dealer_draw_is_the_codes(seed: str, players: int) -> None:
    assert dealer_draw(seed, players) == draw_for_dealer(seed, players)


def test_integer_seeds_are_their_decimal_text() -> None:
    assert new_game(PLAYERS, seed=1) == new_game(PLAYERS, seed="1")


def test_worked_deal_is_in_the_page() -> None:
    lines = set(page_lines())
    missing = [line for line in worked_deal_lines() if line not in lines]
    assert not missing, (
        "man/rummy500-log.5 WORKED DEAL is stale; it must show these lines:\n" + "\n".join(missing)
    )


def test_worked_deal_is_what_the_game_deals() -> None:
    _, drawn, dealt = new_game(PLAYERS, seed=int(SEED))
    draws, dealer = dealer_draw(SEED, len(PLAYERS))
    assert drawn == ev.DealerDrawn(draws=tuple(map(tuple, draws)), dealer=dealer)
    deck, _ = shuffle(CANONICAL, SEED, "deal/1")
    hands, upcard, stock = deal(deck, len(PLAYERS), dealer, 13)
    assert dealt == ev.RoundDealt(
        round=1,
        dealer=dealer,
        hands=tuple(map(tuple, hands)),
        upcard=upcard,
        stock=tuple(stock),
    )


def test_stacked_deck_goes_on_top_and_the_last_seat_deals() -> None:
    """DEALS, stacked decks: the given cards on top, the rest in the seeded order."""
    from rummy500_cli.cards import parse_cards

    top = parse_cards("AS 2S AH 2H AD 2D")
    _, drawn, dealt = new_game(("Ann", "Bob", "Cy"), seed=5, deck=[top])
    assert drawn == ev.DealerDrawn(draws=(), dealer=2)
    rest, _ = shuffle(CANONICAL, "5", "deal/1")
    for card in top:
        rest.remove(card.ascii)
    hands, upcard, stock = deal([c.ascii for c in top] + rest, 3, 2, 7)
    assert dealt.hands == tuple(map(tuple, hands))
    assert dealt.hands[0][:2] == ("AS", "2H")
    assert (dealt.upcard, dealt.stock) == (upcard, tuple(stock))


# --- The example lines -----------------------------------------------------------------


def example_blocks() -> list[list[bytes]]:
    """The log lines shown in EXAMPLES, split where the sequence numbers jump."""
    blocks: list[list[bytes]] = []
    last = None
    for line in section("EXAMPLES"):
        if not line.startswith('{"seq":'):
            continue
        seq = json.loads(line)["seq"]
        if last is None or seq != last + 1:
            blocks.append([])
        blocks[-1].append(line.encode())
        last = seq
    return blocks


def test_example_lines_are_an_intact_log_of_a_legal_game() -> None:
    blocks = example_blocks()
    assert len(blocks) == 2, "EXAMPLES shows a game's first lines and its last lines"
    head, tail = blocks
    data = log.parse_log(b"\n".join(head) + b"\n", "EXAMPLES")
    assert not data.warnings
    opening = new_game(PLAYERS, seed=int(SEED))
    program = data.events[0].program  # type: ignore[attr-defined]
    assert data.events[:3] == [msgspec.structs.replace(opening[0], program=program), *opening[1:]]
    state = fold(data.events[:3])
    index = 3
    while index < len(data.events):
        event = data.events[index]
        action = recorded_action(state, event)
        assert action is not None, f"EXAMPLES line {index}: {event} is not a player's action"
        made = resolve(state, action)
        shown = data.events[index : index + len(made)]
        assert made[: len(shown)] == shown, f"EXAMPLES line {index} is not what the engine makes"
        for made_event in made:
            state.apply(made_event)
        index += len(made)
    decode = msgspec.json.Decoder(log.Entry).decode
    for line in head + tail:
        entry = decode(line)
        assert log.encode_line(entry.seq, entry.event, entry.prev) == line, (
            f"EXAMPLES line {entry.seq + 1} is not what rummy500 writes now; regenerate the "
            "examples with: python tests/man/test_man_log.py"
        )
    for before, line in itertools.pairwise(tail):
        assert decode(line).prev == log.line_hash(before)
    assert isinstance(decode(tail[-1]).event, ev.GameEnded)
    assert isinstance(decode(tail[-2]).event, ev.RoundEnded)


def example_command(start: str) -> str:
    """The shell command of EXAMPLES that begins with `start`, as text."""
    lines = [unroff(line) for line in section("EXAMPLES")]
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    last = next(i for i in range(first, len(lines)) if lines[i].endswith("game.jsonl"))
    return "\n".join(lines[first : last + 1])


def test_example_chain_check_works(tmp_path: Path) -> None:
    head = example_blocks()[0]
    game = tmp_path / "game.jsonl"
    game.write_bytes(b"\n".join(head) + b"\n")
    command = example_command("python3 -c").replace("python3", shlex.quote(sys.executable), 1)
    run = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True)
    assert (run.returncode, run.stdout) == (0, "intact\n"), run.stderr
    game.write_bytes(b"\n".join(head).replace(b'"card":"KC"', b'"card":"KD"') + b"\n")
    run = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode != 0
    assert "line 8" in run.stderr


def test_example_jq_select_works(tmp_path: Path) -> None:
    if shutil.which("jq") is None:
        pytest.skip("jq is not installed")
    head = example_blocks()[0]
    (tmp_path / "game.jsonl").write_bytes(b"\n".join(head) + b"\n")
    command = example_command("jq -c '.event | select")
    run = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    melds = [json.loads(line) for line in run.stdout.splitlines()]
    assert [meld["cards"] for meld in melds] == [["JS", "JH", "JC"], ["AS", "AH", "AD"]]


# --- Regenerating the examples ---------------------------------------------------------


def example_game() -> list[ev.Event]:
    """The game of EXAMPLES: seed 1, Ann and Bob, standard rules, and a simple player
    who takes from the pile when it can, lays every meld and lay-off it can, and else
    discards its most valuable card."""
    from rummy500_cli.actions import Discard, DrawStock, LayMeld, LayOff, TakePile
    from rummy500_cli.engine import legal_actions, play
    from rummy500_cli.scoring import hand_value

    events = new_game(PLAYERS, seed=int(SEED))
    state = fold(events)
    while not state.over:
        actions = legal_actions(state)
        if state.phase == "draw":
            takes = [a for a in actions if isinstance(a, TakePile)]
            action = takes[0] if takes else DrawStock()
        else:
            plays = [a for a in actions if isinstance(a, LayMeld | LayOff)]
            discards = [a for a in actions if isinstance(a, Discard)]
            action = (
                plays[0]
                if plays
                else max(discards, key=lambda d: (hand_value(d.card, state.rules), d.card.code))
            )
        events += play(state, action)
    return events


def regenerate_examples() -> None:
    """Write the lines of example_game() into EXAMPLES: its first and its last lines,
    as many as the page shows now."""
    lines = log.encode_log(example_game()).decode().splitlines()
    head, tail = (len(block) for block in example_blocks())
    fresh = iter(lines[:head] + lines[-tail:])
    out = page_lines()
    start = out.index(".SH EXAMPLES")
    for index in range(start, len(out)):
        if out[index].startswith('{"seq":'):
            out[index] = next(fresh)
    PAGE.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{PAGE}: EXAMPLES rewritten; check the prose around them (git diff)")


if __name__ == "__main__":
    regenerate_examples()
