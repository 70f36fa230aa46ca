"""The audit's glance at the common moves (`records.glance`) against its full check.

`verify` checks most moves of a plain game at a glance and leaves the rest, and every
refusal, to the full check (each move read back into an action and resolved). The two
must give the same verdict on every log: the same summary, state and line played for a
sound one, the same line and reason for a damaged one. Held here over seeded bot games
under every plain rule set, games with takebacks, every move the rules allow at many
points and damaged copies of each, and logs damaged by the fuzzer's forgers.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import msgspec
import pytest
from helpers import NAMES, act, card, cards, rules_for
from hostile import mutated_logs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace
from rule_sets import RULE_SETS, players_for

from rummy500_cli.actions import Action, LayMeld, LayOff
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.deal import stack
from rummy500_cli.engine import legal_actions, new_game, recorded_action, resolve
from rummy500_cli.errors import LogError, Rummy500Error
from rummy500_cli.events import (
    Discarded,
    Event,
    GameStarted,
    LaidOff,
    Melded,
    PileTaken,
    RoundDealt,
    StockDrawn,
    TakenBack,
)
from rummy500_cli.records import audit as audit_module
from rummy500_cli.records import glance as glance_module
from rummy500_cli.records.audit import audit
from rummy500_cli.records.glance import plain_rules, plain_run
from rummy500_cli.records.log import encode_log, parse_log
from rummy500_cli.state import State, fold
from rummy500_cli.variants import make_rules, variant_of

PLAIN = [
    (options, players_for(options, players))
    for options in RULE_SETS
    for players in (2, 3, 4)
    if plain_rules(make_rules(options), players_for(options, players))
]
"""Every rule set of the property tests that the glance checks, with its players."""


def test_the_plain_rule_sets_are_most_of_the_options() -> None:
    """The glance covers the standard game and most options (so the tests below check
    it at work), and never a game with jokers, two decks, windows or a minimum."""
    assert len({str(options) for options, _ in PLAIN}) >= 12
    assert not plain_rules(make_rules({"rum_call": True}), 2)
    assert not plain_rules(make_rules({"variant": "jokers", "jokers_per_deck": 1}), 2)
    assert not plain_rules(make_rules({}), 5)  # two decks
    assert not plain_rules(make_rules({"first_meld_min": 30}), 2)


def test_the_fields_the_glance_compares_are_every_field() -> None:
    """The glance compares an event with what the rules make field by field: a new
    field on one of these events must be weighed there too."""
    assert Discarded.__struct_fields__ == ("seat", "card")
    assert StockDrawn.__struct_fields__ == ("seat", "cards")
    assert PileTaken.__struct_fields__ == ("seat", "depth", "cards", "split")
    assert Melded.__struct_fields__ == ("seat", "meld", "cards", "values", "jokers", "double")
    assert LaidOff.__struct_fields__ == ("seat", "meld", "cards", "values", "end", "jokers")


@contextlib.contextmanager
def full_check() -> Iterator[None]:
    """The audit with no glance: every move resolved."""
    real = audit_module.plain_rules
    audit_module.plain_rules = lambda rules, players: False
    try:
        yield
    finally:
        audit_module.plain_rules = real


def verdict(data: bytes) -> tuple[object, ...]:
    """What verify says of a log, with all a passed audit hands on."""
    try:
        parsed = parse_log(data, "g.jsonl")
    except LogError as error:
        return ("unreadable", str(error))
    try:
        summary = audit(parsed, "g.jsonl")
    except LogError as error:
        return ("refused", str(error))
    line = summary.played
    assert summary.state is not None and line is not None
    return (
        "passed",
        summary,
        summary.line("g.jsonl"),
        summary.state.fingerprint(),
        summary.state.applied,
        line.walk,
        line.starts,
        line.events,
        line.seqs,
        [line.targets(seat) for seat in range(summary.state.n)],
        line.dealt,
        line.changed,
        [(t.seq, t.position, t.abandoned) for t in line.takebacks],
    )


def same_verdict(data: bytes) -> tuple[object, ...]:
    """The verdict with the glance, checked equal to the full check's."""
    fast = verdict(data)
    with full_check():
        full = verdict(data)
    assert fast == full
    return fast


def glanced(data: bytes) -> tuple[int, int]:
    """How many events of a sound log the glance checked, of how many."""
    counted = [0]
    real = glance_module.plain_run

    def counting(state: State, events: list[Event], start: int) -> int:
        stop = real(state, events, start)
        counted[0] += stop - start
        return stop

    audit_module.plain_run = counting
    try:
        summary = audit(parse_log(data))
    finally:
        audit_module.plain_run = real
    return counted[0], summary.events


@pytest.mark.parametrize(("options", "players"), PLAIN, ids=str)
def test_the_glance_and_the_full_check_agree_on_bot_games(options, players) -> None:
    for seed, levels in ((1, ("random",)), (2, ("greedy", "random")), (3, ("strong", "random"))):
        rules = make_rules({"max_rounds": 4, "target": 10**6, **options})
        _, events = bot_game(players, rules, seed, levels)
        data = encode_log(events)
        assert same_verdict(data)[0] == "passed"
        checked, total = glanced(data)
        assert checked >= 0.6 * total, (checked, total)  # the glance is at work


def with_takebacks(players: int, options: dict, seed: int) -> list[Event]:
    """A bot game with seat 0 a person who takes back moves now and then: before one of
    its stock draws, back to before an earlier one of the same round, after which the
    same moves are played again (the seed deals the same cards)."""
    rules = make_rules({"max_rounds": 2, "target": 10**6, **options})
    _, events = bot_game(players, rules, seed)
    header = events[0]
    assert isinstance(header, GameStarted)
    events[0] = replace(header, seats=("human",) + ("bot:random",) * (players - 1))
    draws = [i for i, e in enumerate(events) if isinstance(e, StockDrawn) and e.seat == 0]
    out = list(events)
    shift = 0  # where the game's event i stands in the forged log: i + shift
    done = 0
    for earlier, later in zip(draws, draws[2:], strict=False):
        same_round = not any(isinstance(e, RoundDealt) for e in events[earlier:later])
        if earlier < done or not same_round or earlier % 4:
            continue
        at = later + shift
        back = TakenBack(seat=0, to=earlier + shift - 1)
        out[at:at] = [back, *out[earlier + shift : at]]
        shift += 1 + later - earlier
        done = later
    return out


@pytest.mark.parametrize("seed", range(3))
def test_the_glance_and_the_full_check_agree_on_takebacks(seed: int) -> None:
    events = with_takebacks(2, {}, seed)
    data = encode_log(events)
    found = same_verdict(data)
    assert found[0] == "passed", found
    assert found[1].takebacks >= 1


def _near(event: Event, state: State) -> list[Event]:
    """Events near a real one, most of them wrong: another seat, another card, depth,
    meld, end, values or card order, a card written otherwise, an empty optional field."""
    if not isinstance(event, Discarded | StockDrawn | PileTaken | Melded | LaidOff):
        return []
    out: list[Event] = [replace(event, seat=(event.seat + 1) % state.n)]
    hand = state.hands[state.to_move]
    if isinstance(event, Discarded):
        out += [replace(event, card=card.ascii) for card in set(state.stock[-3:] + hand)]
        out.append(replace(event, card=event.card.lower()))
    elif isinstance(event, StockDrawn):
        out += [replace(event, cards=()), replace(event, cards=event.cards * 2)]
        if len(state.stock) > 1:
            out.append(replace(event, cards=(state.stock[-2].ascii,)))
    elif isinstance(event, PileTaken):
        out += [replace(event, depth=event.depth + 1), replace(event, split=())]
        out.append(replace(event, cards=event.cards[::-1]))
        if event.depth > 1:
            out.append(replace(event, depth=event.depth - 1, cards=event.cards[1:]))
        pile = state.pile
        for depth in range(1, len(pile) + 1):  # every depth, usable or not
            out.append(replace(event, depth=depth, cards=tuple(c.ascii for c in pile[-depth:])))
    elif isinstance(event, Melded | LaidOff):
        values = event.values
        out += [
            replace(event, meld=event.meld + 1),
            replace(event, meld=event.meld - 1),
            replace(event, values=(values[0] + 1, *values[1:])),
            replace(event, cards=event.cards[::-1]),
            replace(event, jokers=()),
            replace(event, cards=(event.cards[0].lower(), *event.cards[1:])),
        ]
        if isinstance(event, Melded):
            out.append(replace(event, double=False))
        else:
            out += [replace(event, end=end) for end in ("low", "high", None)]
    return out


@pytest.mark.parametrize(("options", "players"), PLAIN, ids=str)
def test_the_glance_accepts_only_what_resolve_makes(options, players) -> None:
    """At many points of seeded games, every move the rules allow and events near each:
    whatever the glance accepts is exactly the one event resolving its move makes; and
    it accepts most of the real ones."""
    rules = make_rules({"max_rounds": 2, "target": 10**6, **options})
    seen = accepted = 0

    def probe(state: State) -> None:
        nonlocal seen, accepted
        for twin in [state, *_loosened(state)]:
            for action in legal_actions(twin):
                try:
                    made = resolve(twin, action)
                except Rummy500Error:
                    continue
                for event in [made[0], *_near(made[0], state)] if made else []:
                    if type(event) not in (Discarded, StockDrawn, PileTaken, Melded, LaidOff):
                        continue
                    took = plain_run(state.copy(), [event], 0) == 1
                    real = twin is state and event is made[0] and len(made) == 1
                    seen += real
                    accepted += took and real
                    if took:
                        assert _resolved(state, event) == [event], event

    for seed in range(2):
        bot_game(players, rules, seed, ("random", "greedy"), before_move=probe)
    assert accepted >= 0.75 * seen and seen > 200, (accepted, seen)


def _loosened(state: State) -> list[State]:
    """Copies of a state with one bound of the move lifted (no card chosen from the pile
    or kept, the other phase of the turn, lay-offs of the chosen card allowed): their
    moves are moves the state itself may refuse."""
    free = state.copy()
    free.pending = free.kept = None
    other = state.copy()
    other.phase = {"draw": "play", "play": "draw"}.get(state.phase, state.phase)
    loose = state.copy()
    loose.rules = replace(state.rules, pile_use="meld_or_layoff")
    return [free, other, loose]


def _resolved(state: State, event: Event) -> list[Event] | str:
    try:
        action = recorded_action(state, event)
        return resolve(state, action) if action is not None else "no action"
    except Rummy500Error as error:
        return str(error)


QUICK = settings(
    max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
PLAIN_GAMES: dict[int, list[Event]] = {}


def plain_game(number: int) -> list[Event]:
    """One of a few bot games under the plain rule sets, played once."""
    if number not in PLAIN_GAMES:
        options, players = PLAIN[number % len(PLAIN)]
        rules = make_rules({"max_rounds": 2, "target": 10**6, **options})
        PLAIN_GAMES[number] = bot_game(players, rules, number, ("random", "greedy"))[1]
    return PLAIN_GAMES[number]


@st.composite
def damaged_games(draw) -> bytes:
    """A plain game with one event replaced by one near it (the chain rebuilt: only the
    audit can tell), or a line dropped, repeated or moved."""
    events = list(plain_game(draw(st.integers(0, 2 * len(PLAIN) - 1))))
    index = draw(st.integers(3, len(events) - 1))
    how = draw(st.sampled_from(["near", "near", "near", "drop", "repeat", "swap"]))
    if how == "near":
        state = fold(events[:index])
        near = _near(events[index], state)
        if near:
            events[index] = draw(st.sampled_from(near))
    elif how == "drop":
        del events[index]
    elif how == "repeat":
        events.insert(index, events[index])
    else:
        other = draw(st.integers(3, len(events) - 1))
        events[index], events[other] = events[other], events[index]
    return encode_log(events)


@QUICK
@given(data=damaged_games())
def test_the_glance_and_the_full_check_agree_on_damaged_games(data: bytes) -> None:
    same_verdict(data)


@QUICK
@given(data=mutated_logs())
def test_the_glance_and_the_full_check_agree_on_the_fuzzers_logs(data: bytes) -> None:
    same_verdict(data)


def test_a_damaged_plain_game_is_refused_with_the_line_and_reason() -> None:
    """The glance words no refusal: a discard of a card not held is the full check's."""
    events = list(plain_game(0))
    index = next(i for i, e in enumerate(events) if isinstance(e, Discarded))
    state = fold(events[:index])
    absent = next(c for c in state.stock if c not in state.hands[state.to_move])
    events[index] = replace(events[index], card=absent.ascii)
    found = same_verdict(encode_log(events))
    assert found[0] == "refused"
    assert found[1].startswith(f"g.jsonl:{index + 1}: ")
    assert f"could not play discard {absent}" in str(found[1])


def test_events_are_plain_structs() -> None:
    """(msgspec equality is what both checks compare with.)"""
    assert msgspec.structs.asdict(StockDrawn(seat=0, cards=("7H",)))["cards"] == ("7H",)


def stacked(hands: list[str], up: str, stock: str, *commands: str, **options) -> list[Event]:
    """A stacked two-player game, these commands played from the start."""
    rules = rules_for(len(hands), len(cards(hands[0])), options)
    top = stack([cards(hand) for hand in hands], card(up), cards(stock), variant_of(rules).step)
    events = new_game(NAMES[: len(hands)], rules, "glance", [top])
    state = fold(events)
    return [*events, *act(state, *commands)]


def forged(events: list[Event], action: Action, **lifted: object) -> list[Event]:
    """The events with one more: what `action` makes where a bound of the rules is
    lifted (`lifted`: attributes of the state set otherwise), the real rules refuse."""
    twin = fold(events)
    for name, value in lifted.items():
        setattr(twin, name, value)
    return [*events, resolve(twin, action)[0]]


def test_a_lay_off_of_the_chosen_card_under_meld_only_is_refused() -> None:
    """RULES 4.1 (pile_use=meld_only): the card taken goes into a new meld, never onto
    one of the table, though it fits there."""
    events = stacked(
        ["5S 6S 7S 8H 8D 2C 3D", "3C 4D 8S 10D QS KH 9C"],
        "9S",
        "JD 4H",
        *("draw", "meld 5S 6S 7S", "discard 2C", "draw", "discard 8S", "take 1"),
        pile_use="meld_only",
    )
    loose = replace(fold(events).rules, pile_use="meld_or_layoff")
    found = same_verdict(encode_log(forged(events, LayOff(cards("8S"), 1, "high"), rules=loose)))
    assert found[0] == "refused" and "pile_use=meld_only" in str(found[1])


def test_a_play_that_leaves_only_the_kept_card_is_refused() -> None:
    """RULES 6b.8 (top_discard=keep): the top card kept may not be left to discard."""
    events = stacked(["5S 6S 7S 8S", "3C 4D 10D QS"], "KD", "JD 4H", "take 1", top_discard="keep")
    found = same_verdict(encode_log(forged(events, LayMeld(cards("5S 6S 7S 8S")), kept=None)))
    assert found[0] == "refused" and "may not be Ann's discard" in str(found[1])


SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"


@pytest.mark.parametrize(
    ("order", "around"),
    [
        (f"AS {SPADES}", False),
        (f"{SPADES} AS", False),
        (f"AS {SPADES}", True),
        ("KS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", True),
        ("5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3S 4S", True),
    ],
)
def test_a_whole_suit_is_checked_whole(order: str, around: bool) -> None:
    """RULES 3.4: a run of a whole suit, its Ace low or high as its order says (around
    the corner, any order of the suit)."""
    events = stacked(
        [order, "3C 4D 10D QD 2H 3H 4H 5H 6H 7H 8H 9H 10H"],
        "KD",
        "JD",
        "draw",
        around_the_corner=around,
    )
    state = fold(events)
    for ace_high in (None, True, False):
        try:
            made = resolve(state, LayMeld(cards(order), ace_high))
        except Rummy500Error:
            continue
        for event in [made[0], *_near(made[0], state)]:
            same_verdict(encode_log([*events, event]))


def test_a_take_of_a_card_without_a_use_is_refused_at_the_take() -> None:
    """RULES 4.1: the glance folds a take before it looks for the chosen card's use, and
    looks only when the event after it is not a play it accepts (a play holding that
    card, of cards held, is the use). A take without one, whatever follows it, is
    refused at its own line, as the full check refuses it."""
    events = stacked(
        ["5S 6S 7S 8H 8D 2C 3D", "3C 4D 8S 10D QS KH 9C"], "KD", "JD 4H", top_discard="must_use"
    )
    take = PileTaken(seat=0, depth=1, cards=("KD",))
    meld = Melded(seat=0, meld=1, cards=("5S", "6S", "7S", "KD"), values=(5, 5, 5, 10))
    for after in ([], [meld], [Discarded(seat=0, card="KD")]):
        found = same_verdict(encode_log([*events, take, *after]))
        assert found[0] == "refused", found
        assert str(found[1]).startswith(f"g.jsonl:{len(events) + 1}: "), found
        assert "must be used this turn (RULES 4.1)" in str(found[1]), found
