"""Room 5's seams: the `Player` protocol's defaults, the `Budget` that turns an effort into
work, and the one playout loop, whose policy is told the seat it plays (no bot's seat is
changed from outside)."""

from __future__ import annotations

import re

import pytest

from rummy500_cli.actions import AnyAction
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import BOTS, make_bot
from rummy500_cli.bots.budget import PLANNER_WEIGHT, UNITS_PER_EFFORT, Budget, Tally
from rummy500_cli.bots.expert import ExpertBot
from rummy500_cli.bots.player import Player
from rummy500_cli.bots.search.playout import StrongPolicy, play_out
from rummy500_cli.bots.strong import StrongBot
from rummy500_cli.effort import SEARCHING
from rummy500_cli.engine import legal_actions, resolve
from rummy500_cli.events import RoundEnded
from rummy500_cli.state import State
from rummy500_cli.variants import make_rules


def test_a_budget_turns_an_effort_into_work_and_counts_what_is_spent() -> None:
    tally = Tally()
    tally.nodes = 1000  # work done before the budget was opened is not its own
    budget = Budget(4, tally)
    assert budget.limit == 4 * UNITS_PER_EFFORT and budget.spent == 0.0
    budget.spend(10)
    tally.nodes += 5
    budget.charge_planner()
    assert budget.spent == 10 + 5 * PLANNER_WEIGHT
    budget.charge_planner()  # charged once only
    assert budget.spent == 10 + 5 * PLANNER_WEIGHT and not budget.exhausted
    budget.spend(budget.left())
    assert budget.exhausted and not budget.past(2.0)
    budget.spend(budget.limit)
    assert budget.past(2.0) and budget.left() < 0


class FirstMove(Player):
    """A Player that writes only `choose`: the protocol gives it the rest."""

    level = "first"

    def choose(self, state: State, legal: list[AnyAction] | None = None) -> AnyAction:
        return (legal_actions(state) if legal is None else legal)[0]


def test_the_player_protocol_gives_no_op_defaults() -> None:
    _, events = bot_game(2, make_rules({"max_rounds": 1}), "proto", ["strong"], think=1)
    state = State(events[0])
    seen = 1
    while state.phase != "draw":
        state.apply(events[seen])
        seen += 1
    player = FirstMove()
    player.observe(events[1])
    player.catch_up(events[:seen])
    action, reason = player.explain(state)
    assert action == legal_actions(state)[0] and reason == ""
    assert isinstance(player, Player)
    for level in BOTS:  # every level is a Player, and explains itself
        bot = make_bot(level, "proto", state.to_move, 1)
        assert isinstance(bot, Player)
        bot.catch_up(events[:seen])
        assert bot.explain(state)[1]


def test_only_the_searching_levels_take_the_effort_to_heart() -> None:
    assert {level for level, cls in BOTS.items() if issubclass(cls, ExpertBot)} == SEARCHING
    expert = make_bot("expert", 1, 0, 77)
    assert isinstance(expert, ExpertBot) and expert.effort == 77


def _deals(effort: int, events: list, positions: list[int]) -> int:
    """The deals the expert sampled at these positions of the game at this effort."""
    total = 0
    for index in positions:
        state = State(events[0])
        for event in events[1:index]:
            state.apply(event)
        bot = ExpertBot(events[0].seed, state.to_move, effort)
        bot.catch_up(events[:index])
        found = re.search(r"over (\d+) sampled deals", bot.explain(state)[1])
        total += int(found.group(1)) if found else 0
    return total


def test_a_greater_effort_buys_more_deals() -> None:
    _, events = bot_game(2, make_rules({"max_rounds": 1}), "effort", ["expert", "strong"], think=1)
    state = State(events[0])
    positions = []
    for index in range(1, len(events)):
        if state.to_move == 0 and state.phase in ("draw", "play") and len(positions) < 6:
            positions.append(index)
        state.apply(events[index])
    small, large = _deals(1, events, positions), _deals(40, events, positions)
    assert 0 < small < large


@pytest.mark.parametrize("players", [2, 3])
def test_the_playout_asks_the_policy_for_each_seat_and_stops_at_the_next_draw(
    players: int,
) -> None:
    _, events = bot_game(players, make_rules({"max_rounds": 1}), "loop", ["strong"])
    state = State(events[0])
    for event in events[1:]:
        state.apply(event)
        if state.phase == "draw" and state.applied > 12:
            break
    me = state.to_move
    strong = StrongBot(events[0].seed, me)
    policy = StrongPolicy(strong)
    asked: list[tuple[int, int]] = []

    def move(world: State, legal: list[AnyAction], seat: int) -> AnyAction:
        asked.append((seat, world.to_move))
        return policy.move(world, legal, seat)

    def apply(world: State, action: AnyAction) -> float | None:
        ended = None
        for event in resolve(world, action):
            world.apply(event)
            if isinstance(event, RoundEnded):
                ended = 1.0
        return ended

    world = state.copy()
    first = legal_actions(world)[0]
    value, moves = play_out(world, first, me, move, apply)
    assert asked and all(seat == to_move for seat, to_move in asked)
    assert {seat for seat, _ in asked} - {me}  # the other seats were played too
    assert strong.seat == me  # the policy's bot was never moved to another seat
    assert moves == 1 + len(asked)
    if value is None:  # stopped: this seat is to draw again
        assert world.to_move == me and world.phase == "draw"
