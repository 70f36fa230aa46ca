"""Nothing hidden leaves the host (issue 29, point 3): the redaction property.

Seeded bot games under every rule set the suite plays (every variant: standard,
wikipedia, jokers, dealers_gambit, partnership, persian, and the windows of RULES 7),
dealt fairly (`online.fairness`), each event projected for every seat and for a
spectator (`online.projection`), as a server sends them. The oracle is independent of
the projection: a message may name only cards its receiver may know at that point,
which are the cards the event lays face up (a fixed list per event type, `PUBLIC`,
written from the rules, not from `view`) and, for a seat, the cards in its own hand
just after the event. Counted as multisets, so a second copy of a card (two decks) is
caught too. No message names the seed, the host's secret or a stacked deck before the
reveal. And every seat's record of the game, and a spectator's, verifies.

The suite plays a fast sample (each rule set once, two rounds at most); the soak
(`-m soak`) plays 500+ whole games and prints its figures.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from rule_sets import RULE_SETS, players_for

from rummy500_cli.bots import make_bot
from rummy500_cli.engine import resolve
from rummy500_cli.events import (
    DealerDrawn,
    Discarded,
    DrawSkipped,
    Event,
    GameEnded,
    GameStarted,
    JokerBlocked,
    LaidOff,
    Melded,
    Passed,
    PileTaken,
    PowerNamed,
    RoundDealt,
    RoundEnded,
    RumCalled,
    SeatChanged,
    SeedRevealed,
    StockDrawn,
    StockRebuilt,
    TakenBack,
    UpcardChosen,
    WindowOpened,
)
from rummy500_cli.line import DECISION_PHASES
from rummy500_cli.online import fairness, projection
from rummy500_cli.online.record import SeatRecord, verify_record
from rummy500_cli.protocol import prompt_message
from rummy500_cli.rules import Rules
from rummy500_cli.state import State, fold
from rummy500_cli.variants import make_rules
from rummy500_cli.variants.jokers import physical

CARD = re.compile(r"(?:10|[2-9AJQK])[CDHS]|JK")


def _both(cards: tuple[str, ...], jokers: Any) -> list[str]:
    return [*cards, *(jokers or ())]


PUBLIC: dict[type, Any] = {
    GameStarted: lambda e: [],
    DealerDrawn: lambda e: [card for row in e.draws for card in row if card],
    RoundDealt: lambda e: [e.upcard] if e.upcard else [],
    UpcardChosen: lambda e: [e.card],
    StockDrawn: lambda e: [],
    StockRebuilt: lambda e: [],
    DrawSkipped: lambda e: [],
    PileTaken: lambda e: [*e.cards, *(e.split or ())],
    Melded: lambda e: _both(e.cards, e.jokers),
    LaidOff: lambda e: _both(e.cards, e.jokers),
    PowerNamed: lambda e: [],
    JokerBlocked: lambda e: [],
    Discarded: lambda e: [e.card],
    WindowOpened: lambda e: [],
    Passed: lambda e: [],
    RumCalled: lambda e: [e.card],
    RoundEnded: lambda e: [card for score in e.scores for card in score.deadwood],
    GameEnded: lambda e: [],
    TakenBack: lambda e: [],
    SeatChanged: lambda e: [],
    SeedRevealed: lambda e: [],
}
"""The cards each kind of event lays face up for everyone (RULES: the dealer draw, the
upcard, the pile, melds and lay-offs, discards, the hands shown when a round is scored).
A new kind of event fails here until it is classed."""


def named_cards(value: Any) -> Iterator[str]:
    """Every card a decoded message names, wherever it stands (in a command of the
    text language too, as `meld 5H 6H JK=7H`, where 7H is only what the joker means)."""
    if isinstance(value, str):
        for word in value.split(" "):
            card = word.partition("=")[0]
            if CARD.fullmatch(card):
                yield card
    elif isinstance(value, dict):
        for item in value.values():
            yield from named_cards(item)
    elif isinstance(value, list):
        for item in value:
            yield from named_cards(item)


def texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def contribution(tag: str) -> str:
    return hashlib.sha256(tag.encode()).hexdigest()


def fair_game(
    rules: Rules, players: int, seed: int, rounds: int | None
) -> tuple[fairness.Secret, list[Event]]:
    """A seeded bot game dealt fairly (seat 0 the host's, the others contributing), cut
    after `rounds` rounds (None: whole), with the reveal at its end."""
    secret = fairness.Secret(seed=f"host secret {seed}", salt=f"salt {seed}")
    given = [""] + [contribution(f"{seed}/{seat}") for seat in range(1, players)]
    levels = ("random", "greedy")
    names = [f"P{seat}" for seat in range(players)]
    kinds = [f"bot:{levels[(seed + seat) % 2]}" for seat in range(players)]
    events = fairness.fair_opening(names, rules, secret, given, seats=kinds)
    state = fold(events)
    bots = [make_bot(kind[4:], seed, seat) for seat, kind in enumerate(kinds)]
    while not state.over and (rounds is None or state.round <= rounds):
        action = bots[state.to_move].choose(state)
        for event in resolve(state, action):
            state.apply(event)
            events.append(event)
    events.append(fairness.reveal(secret))
    return secret, events


class Figures(msgspec.Struct):
    games: int = 0
    events: int = 0
    messages: int = 0
    cards: int = 0
    hidden_draws: int = 0
    prompts: int = 0


def check_stream(secret: fairness.Secret, events: list[Event], figures: Figures) -> None:
    """The redaction property over one game's projected streams."""
    header = events[0]
    assert isinstance(header, GameStarted)
    players = len(header.players)
    receivers: list[int | None] = [*range(players), None]
    secrets_ = {header.seed, secret.seed, secret.salt}
    state = fold(events[:1])
    for seq, event in enumerate(events):
        if seq:
            state.apply(event)
        public = Counter(PUBLIC[type(event)](event))
        lines = projection.project_lines(event, seq, receivers)
        for receiver in receivers:
            line = lines[receiver]
            assert line == projection.project_line(event, seq, receiver)
            assert line.endswith(b"\n") and line.count(b"\n") == 1
            message = msgspec.json.decode(line)
            assert message["type"] == "event" and message["seq"] == seq
            known = Counter(public)
            if receiver is not None:
                known.update(card.ascii for card in state.hands[receiver])
            named = Counter(named_cards(message))
            leaked = named - known
            assert not leaked, (
                f"seq {seq}: {type(event).__name__} tells "
                f"{'a spectator' if receiver is None else f'seat {receiver}'} "
                f"{sorted(leaked.elements())}, which it may not know: {line!r}"
            )
            if not isinstance(event, SeedRevealed):
                shown = set(texts(message))
                assert not shown & secrets_, f"seq {seq}: the seed or the secret is sent"
            if isinstance(event, GameStarted):
                assert "seed" not in message["event"] and "deck" not in message["event"]
            if isinstance(event, StockDrawn) and receiver != event.seat:
                assert message["event"]["cards"] == len(event.cards)  # "P1 draws a card"
                figures.hidden_draws += 1
            figures.messages += 1
            figures.cards += sum(named.values())
        if state.phase in DECISION_PHASES and not state.over:
            check_prompt(state)
            figures.prompts += 1
    figures.events += len(events)
    figures.games += 1


def check_prompt(state: State) -> None:
    """The prompt a server sends the seat to move (`protocol.prompt_message`) names
    only its own hand and the cards on the table (the pile, the melds, and under
    dealers_gambit the dealer's joker and the cards out of play)."""
    seat = state.to_move
    message = msgspec.json.decode(msgspec.json.encode(prompt_message(state, seat)))
    known = Counter(card.ascii for card in state.hands[seat])
    known.update(card.ascii for card in state.pile)
    for meld in state.melds:
        known.update(card.ascii for card in physical(meld))
        known.update(card.ascii for card in meld.cards)  # what each joker stands for
    if state.gambit is not None:  # RULES 8: the dealer's joker lies face up, as do the
        known.update(card.ascii for card in state.gambit.aside())  # cards out of play
    named: Counter[str] = Counter()
    for name, value in message.items():  # a card may stand in two members: hand, kept
        if name != "legal":
            named |= Counter(named_cards(value))
    assert not named - known, f"the prompt tells seat {seat} {sorted((named - known).elements())}"
    for command in message["legal"]:  # each names only cards of that seat's hand or table
        assert not Counter(named_cards(command)) - known, command


def check_records(
    secret: fairness.Secret, events: list[Event], folder: Path, name: str
) -> list[str]:
    """Every seat's record of the game, and a spectator's, verifies."""
    header = events[0]
    assert isinstance(header, GameStarted) and isinstance(header.contributions, tuple)
    lines = []
    for seat in [*range(len(header.players)), None]:
        path = folder / f"{name}-{seat}.jsonl"
        given = "" if seat is None else header.contributions[seat]
        with SeatRecord.create(path, seat, secret.commitment, given) as record:
            for seq, event in enumerate(events):
                record.add(projection.project_line(event, seq, seat))
        lines.append(verify_record(path).line(path))
    return lines


RULESETS = [
    pytest.param(make_rules(options), players_for(options, 2 + index % 3), id=f"rules{index}")
    for index, options in enumerate(RULE_SETS)
] + [
    pytest.param(make_rules(preset="wikipedia"), 3, id="wikipedia"),
    pytest.param(make_rules(variant="jokers"), 2, id="jokers"),
    pytest.param(make_rules(variant="dealers_gambit"), 3, id="dealers_gambit"),
    pytest.param(make_rules(variant="partnership"), 4, id="partnership"),
    pytest.param(make_rules(variant="persian"), 4, id="persian"),
]


@pytest.mark.parametrize(("rules", "players"), RULESETS)
def test_each_seat_receives_only_what_it_may_know(
    rules: Rules, players: int, tmp_path: Path
) -> None:
    seed = len(rules.variant) + players
    secret, events = fair_game(rules, players, seed, rounds=1)
    figures = Figures()
    check_stream(secret, events, figures)
    assert figures.hidden_draws > 0
    for summary in check_records(secret, events, tmp_path, "game"):
        assert ": ok: the record of " in summary


def test_the_oracle_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker fails when the projection sends a hidden card (every event whole, as
    the log holds it) or the seed (the header whole), so the property can fail."""
    secret, events = fair_game(Rules(), 2, 1, rounds=1)
    real = projection.visible

    def whole(event: Event, seat: int | None) -> Any:
        return real(event, seat) if isinstance(event, GameStarted) else msgspec.to_builtins(event)

    monkeypatch.setattr(projection, "visible", whole)
    with pytest.raises(AssertionError, match="which it may not know"):
        check_stream(secret, events, Figures())
    monkeypatch.setattr(projection, "visible", lambda event, seat: msgspec.to_builtins(event))
    with pytest.raises(AssertionError, match="the seed or the secret is sent"):
        check_stream(secret, events, Figures())


@pytest.mark.soak
def test_soak_redaction_over_500_whole_games(tmp_path: Path) -> None:
    figures = Figures()
    started = time.perf_counter()
    seeds = range(16)
    records = 0
    for seed in seeds:
        for param in RULESETS:
            rules, players = param.values
            assert isinstance(rules, Rules) and isinstance(players, int)
            secret, events = fair_game(rules, players, seed, rounds=None)
            check_stream(secret, events, figures)
            if seed % 4 == 0:
                records += len(check_records(secret, events, tmp_path, f"{seed}-{param.id}"))
    took = time.perf_counter() - started
    print(
        f"\nredaction soak: {figures.games} whole games ({len(RULESETS)} rule sets x "
        f"{len(seeds)} seeds), {figures.events} events, {figures.messages} messages "
        f"checked, {figures.cards} cards named in them, {figures.hidden_draws} hidden draws, "
        f"{figures.prompts} prompts; "
        f"{records} seat records verified; {took:.1f} s"
    )
    assert figures.games >= 500
