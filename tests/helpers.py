"""Builders for the rule scenarios (tests/rules/, tests/variants/): stacked deals, actions
in the command language, refusals that must leave the state alone, and an independent
card-value table (RULES 6.1) to check scores against; and the few games and histories
that tests of several folders build alike (imported from here, never from a test module).

A scenario deals known hands with `start`: seat 0 is dealt first and plays first, the
last seat deals. Turns are then played with `act(state, "draw", "meld 7H 7S 7D", ...)`.
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
import pytest

from rummy500_cli.actions import Action
from rummy500_cli.cards import Card, new_deck, parse_cards
from rummy500_cli.deal import stack
from rummy500_cli.engine import legal_actions, new_game, play
from rummy500_cli.errors import IllegalAction, Rummy500Error
from rummy500_cli.events import (
    Discarded,
    Event,
    GameStarted,
    JokerBlocked,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    StockDrawn,
    StockRebuilt,
    TakenBack,
    UpcardChosen,
)
from rummy500_cli.language import parse_action
from rummy500_cli.records.log import encode_log, read_log
from rummy500_cli.rules import Rules
from rummy500_cli.session import Session
from rummy500_cli.state import State, fold
from rummy500_cli.variants import make_rules, variant_of

if TYPE_CHECKING:
    from rummy500_cli.analysis.judge import Decision

NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal")


def cards(text: str) -> list[Card]:
    """Cards from text: `cards("7H 7S 7D")`."""
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def rules_for(players: int, size: int, options: dict[str, object]) -> Rules:
    """Rules with these options; hand_size set to `size` unless that is the auto size."""
    options = dict(options)
    auto = 13 if players == 2 else 7
    if "hand_size" not in options and size != auto:
        options["hand_size"] = size
    return make_rules(options)


def start(
    hands: Sequence[str | Sequence[Card]],
    up: str | None = None,
    stock: str = "",
    *,
    later: Sequence[Sequence[Card]] = (),
    seed: int | str = 0,
    **options: object,
) -> State:
    """A game dealt from a stacked deck: these hands to seats 0..n-1 (the last seat
    deals, seat 0 plays first), the upcard `up` (with upcard=chosen: seat 0's extra
    card), then these cards on top of the stock (top first).

    Keyword options are rule options (`start(..., card_values="five")`). The hand size is
    the size of the given hands. `later` stacks the decks of the following rounds.
    """
    dealt = [cards(hand) if isinstance(hand, str) else list(hand) for hand in hands]
    rules = rules_for(len(dealt), len(dealt[0]), options)
    top = stack(dealt, None if up is None else card(up), cards(stock), variant_of(rules).step)
    return fold(new_game(NAMES[: len(dealt)], rules, seed=seed, deck=[top, *later]))


def act(state: State, *commands: str | Action) -> list[Event]:
    """Play commands (`"draw"`, `"meld 7H 7S 7D"`, `"discard 2C"`, or Action objects) in
    order for whoever is to move; answer every event they made."""
    events: list[Event] = []
    for command in commands:
        action = parse_action(command, state) if isinstance(command, str) else command
        events.extend(play(state, action))
    return events


def refused(
    state: State,
    command: str | Action,
    *,
    seat: int | None = None,
    error: type[Rummy500Error] = IllegalAction,
    match: str | None = None,
) -> str:
    """Assert that the command is refused with `error` (a one-line message, matching
    `match` if given) and that the state is exactly as it was; answer the message."""
    before = state.fingerprint()
    action = parse_action(command, state) if isinstance(command, str) else command
    with pytest.raises(error, match=match) as info:
        play(state, action, seat)
    message = str(info.value)
    assert isinstance(info.value, Rummy500Error)
    assert message.strip() and "\n" not in message, message
    assert state.fingerprint() == before
    return message


def of_type(events: Iterable[Event], kind: type) -> list:
    """The events of one type, in order."""
    return [event for event in events if isinstance(event, kind)]


def one(events: Iterable[Event], kind: type):
    """The single event of this type (fails when there is not exactly one)."""
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def is_legal(state: State, command: str | Action) -> bool:
    """Whether legal_actions offers the command (parsed in the command language)."""
    action = parse_action(command, state) if isinstance(command, str) else command
    return action in legal_actions(state)


def fill(hands: Sequence[str], size: int, reserved: str = "", decks: int = 1) -> list[list[Card]]:
    """Complete each hand to `size` cards with the cards no hand holds and `reserved`
    does not name, taken in the canonical deck order (clubs, diamonds, hearts, spades,
    each A-K): big hands whose every card is known."""
    pool = new_deck(decks)
    named = [cards(hand) for hand in hands]
    for used in [*named, cards(reserved)]:
        for c in used:
            pool.remove(c)
    out = []
    for hand in named:
        extra = size - len(hand)
        out.append(hand + pool[:extra])
        del pool[:extra]
    return out


# --- An independent table of RULES 6.1, to check the engine's scores ---------------------


def face_in_hand(c: Card) -> int:
    """RULES 6.1, `face`, a card left in the hand: 2-9 face, 10-K 10, Ace 15."""
    if c.rank == 1:
        return 15
    return 10 if c.rank >= 10 else c.rank


def five_in_hand(c: Card) -> int:
    """RULES 6.1, `five`, a card left in the hand: A-9 5 (Ace 15), 10-K 10."""
    if c.rank == 1:
        return 15
    return 10 if c.rank >= 10 else 5


def deadwood(hand: Iterable[Card], values: str = "face") -> int:
    value = face_in_hand if values == "face" else five_in_hand
    return sum(value(c) for c in hand)


def deck_file(path: Path, hands: Sequence[str], up: str, stock: str = "") -> Path:
    """A stacked deck file for `--deck`: these hands to seats 0.. (seat 0 dealt first),
    the upcard, then these cards on top of the stock; one line, top first."""
    top = stack([cards(hand) for hand in hands], card(up), cards(stock))
    path.write_text(" ".join(c.ascii for c in top) + "\n")
    return path


def in_shell(
    command: str, cwd: Path, env: dict[str, str], stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """Run a command line as a user types it, in `/bin/sh` with this environment (a
    command that hangs fails after two minutes)."""
    return subprocess.run(
        ["/bin/sh", "-c", command],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )


# --- A game lost through three named bad decisions (the analysis and the drills) ----

ANN_BAD = {
    3: "draw",  # turn 1: the upcard K♠ makes three Kings (30 points) at once
    9: "draw",  # turn 2: take 3 still brings K♠ for the Kings
    10: "discard JH",  # J♥ lays off on her own run 7-10♥; Bob lays it off instead
}
"""Ann's three bad decisions: the log line of each and the move played."""


def ann_loses(moves_before: int | None = None, instead: str | None = None) -> list:
    """Ann (7 cards) holds K♥ K♦ and the run 7-9♥ with K♠ up; Bob holds three Aces and
    10♣ J♣. Ann draws twice where taking K♠ makes three Kings, then throws J♥ where it
    lays off on her run; Bob takes it, lays it off, melds his Aces and goes out with 85
    points: a game to 80 that Ann loses 10-85. `moves_before`/`instead`: play only that
    many moves, then `instead` (a branch from one of her positions)."""
    hands = [cards("KH KD 7H 8H 9H 4S 2C"), cards("AC AD AH 10C JC 8D 6D")]
    top = stack(hands, card("KS"), cards("10H QC JH 3D 6S 9C"))
    rules = make_rules({"target": 80, "hand_size": 7})
    events = new_game(["Ann", "Bob"], rules, seed=3, deck=[top], seats=["human", "human"])
    state = fold(events)
    moves = [
        "draw", "meld 7H 8H 9H 10H", "discard 2C",  # Ann
        "draw", "meld 10C JC QC", "discard 8D",  # Bob
        "draw", "discard JH",  # Ann
        "take 1", "lay JH on 1", "meld AC AD AH", "discard 6D",  # Bob goes out
    ]  # fmt: skip
    if moves_before is not None:
        moves = moves[:moves_before] + ([instead] if instead else [])
    for move in moves:
        events += play(state, parse_action(move, state))
    return events


# --- A stacked game with takebacks, resumed as a session (the undo tests) -------------

KINDS = ("human", "bot:greedy")
BOB = "3C 4D 6S 8S 10D QS"
"""Seat 1's hand where it plays no part."""


def opening(hands, up, stock, kinds=KINDS, undo=True, **options) -> list[Event]:
    """The opening events of a stacked two-player game (seat 0 plays first)."""
    rules = rules_for(len(hands), len(cards(hands[0])), options)
    top = stack([cards(hand) for hand in hands], card(up), cards(stock), variant_of(rules).step)
    return new_game(NAMES[: len(hands)], rules, "undo", [top], seats=kinds, undo=undo)


def session_of(tmp_path: Path, events: list[Event]) -> Session:
    """A session resumed from a log holding these events (moves scripted for any seat:
    the audit checks the rules, not who chose the moves)."""
    path = tmp_path / "g.jsonl"
    path.write_bytes(encode_log(events))
    session, warnings = Session.resume(path)
    assert warnings == []
    return session


def scripted(events: list[Event], *commands: str) -> list[Event]:
    """The events with these commands played after them, for whoever is to move."""
    state = fold(events)
    return [*events, *act(state, *commands)]


def human(session: Session, *commands: str) -> None:
    for command in commands:
        session.submit(parse_action(command, session.state), 0)


def bots(session: Session) -> None:
    """The bots play until a person is to move (or the game ends)."""
    while not session.state.over and not session.is_human(session.state.to_move):
        session.submit(session.bot_move())


def played(tmp_path: Path) -> tuple[list[Event], int]:
    """A log with one takeback: Ann plays two turns, Bob answers each, Ann draws and
    takes the draw back, then plays on; and the line of that takeback."""
    session = session_of(tmp_path, opening(["2S 5H 9S JC 10H 4S", BOB], "7C", "KD QD JD"))
    human(session, "draw", "discard KD")
    bots(session)
    human(session, "draw", "discard 2S")
    bots(session)
    human(session, "draw")
    session.undo(0)
    human(session, "draw", "discard 5H")
    bots(session)
    session.close()
    events = read_log(tmp_path / "g.jsonl").events
    return events, next(seq for seq, e in enumerate(events) if isinstance(e, TakenBack))


# --- The same history with the hidden cards dealt otherwise (no peeking) -------------


def _round_start(events: list) -> int:
    return max(i for i, event in enumerate(events) if isinstance(event, RoundDealt))


def hidden_cards(events: list, seat: int) -> list:
    """The cards of the current round that the seat has never seen: dealt to another
    hand or into the stock, and never shown since (played, taken, discarded, drawn by
    the seat)."""
    start = _round_start(events)
    deal = events[start]
    pool = [c for j, hand in enumerate(deal.hands) if j != seat for c in hand] + list(deal.stock)
    seen = set(deal.hands[seat])
    if deal.upcard:
        seen.add(deal.upcard)
    for event in events[start + 1 :]:
        if isinstance(event, PileTaken | Melded | LaidOff):
            seen.update(event.cards)
        elif isinstance(event, Discarded | UpcardChosen):
            seen.add(event.card)
        elif isinstance(event, StockDrawn) and event.seat == seat:
            seen.update(event.cards)
        elif isinstance(event, StockRebuilt):
            seen.update(event.stock)  # pile cards: every seat saw them
        elif isinstance(event, JokerBlocked):
            seen.add("JK")  # RULES 8: a block shows that its seat held a joker
    return sorted(set(pool) - seen)


def other_deal(events: list, seat: int, rng: random.Random, seed: str) -> list:
    """The same history as the seat saw it, with the hidden cards dealt otherwise and
    another seed in the header."""
    hidden = hidden_cards(events, seat)
    order = list(hidden)
    rng.shuffle(order)
    mapping = dict(zip(order, order[1:] + order[:1], strict=True))  # no card stays put

    def swap(cards):
        return tuple(mapping.get(card, card) for card in cards)

    start = _round_start(events)
    out = []
    for index, event in enumerate(events):
        if isinstance(event, GameStarted):
            event = msgspec.structs.replace(event, seed=seed)
        elif index >= start:
            if isinstance(event, RoundDealt):
                hands = tuple(h if j == seat else swap(h) for j, h in enumerate(event.hands))
                event = msgspec.structs.replace(event, hands=hands, stock=swap(event.stock))
            elif isinstance(event, StockDrawn) and event.seat != seat:
                event = msgspec.structs.replace(event, cards=swap(event.cards))
        out.append(event)
    return out


def takebacks_game(path: Path, seed: int, kinds: Sequence[str], name: str, one_in: int = 4) -> Path:
    """A three-round game saved at `path` in which seat 0 is a person who plays a random
    bot's moves and, one turn in `one_in`, takes back one to three of them; the other
    seats are the bots `kinds` names (after seat 0's "human"); seed `f"{name}-{seed}"`."""
    from rummy500_cli.bots import RandomBot
    from rummy500_cli.bots.base import stream

    rules = make_rules({"max_rounds": 3, "target": 10**6})
    names = ["Ann", "Bob", "Cy", "Dee"][: len(kinds)]
    session = Session.start(path, names, list(kinds), rules, f"{name}-{seed}")
    me = RandomBot(f"me-{seed}", 0)
    rng = stream(seed, "takebacks")
    while not session.state.over:
        while not session.state.over and not session.is_human(session.state.to_move):
            session.submit(session.bot_move())
        if session.state.over:
            break
        targets = session.line.targets(0)
        if targets and rng.below(one_in) == 0:
            session.undo(0, 1 + rng.below(min(3, len(targets))))
            continue
        session.submit(me.choose(session.state), 0)
    return path


def judged(seq: int, seat: int, label: str | None, played: str, best: str, drop: float) -> Decision:
    """A decision as `analyze` saves it, the drop chosen by the test."""
    from rummy500_cli.analysis.judge import Decision, Move

    return Decision(
        seq=seq,
        round=1,
        seat=seat,
        step="play",
        played=played,
        best=best,
        points_lost=round(drop * 150, 1),
        win_chance=0.5,
        win_drop=drop,
        drop_low=max(0.0, drop - 0.02),
        drop_high=drop + 0.02,
        label=label,
        samples=24,
        moves=[
            Move(move=best, points=12.0, win_chance=0.5),
            Move(move=played, points=12.0 - drop * 150, win_chance=0.5 - drop),
        ],
    )


def endless_random_game(names: Sequence[str], seed: str, length: int) -> list[Event]:
    """A game of random bots that no one wins (no target, no round limit) played to
    `length` events: a long log for the flat-memory tests."""
    from rummy500_cli.bots import RandomBot

    events = new_game(list(names), make_rules({"target": 10**9, "max_rounds": 10**6}), seed)
    state = fold(events)
    players = [RandomBot(seed, seat) for seat in range(len(names))]
    while len(events) < length:
        events.extend(play(state, players[state.to_move].choose(state)))
    return events


def discard_decisions(events: Sequence[Event], seats: Sequence[int]) -> list[Decision]:
    """A judged decision (an inaccuracy, its one move the discard played) at each
    discard of the `seats`, named as the judge names it."""
    from rummy500_cli.analysis.judge import Decision, Move
    from rummy500_cli.engine.record import recorded_action

    header = events[0]
    assert isinstance(header, GameStarted)
    state = State(header)
    found = []
    for seq, event in enumerate(events[1:], 1):
        if isinstance(event, Discarded) and event.seat in seats:
            action = recorded_action(state, event)
            assert action is not None
            text = action.text()
            found.append(
                Decision(
                    seq=seq,
                    round=state.round,
                    seat=event.seat,
                    step=state.phase,
                    played=text,
                    best=text,
                    points_lost=0.0,
                    win_chance=0.5,
                    win_drop=0.05,
                    drop_low=0.04,
                    drop_high=0.06,
                    label="inaccuracy",
                    samples=24,
                    moves=[Move(move=text, points=1.0, win_chance=0.5)],
                )
            )
        state.apply(event)
    return found
