"""The expert at a table of four: its games are the same whatever the number of jobs, and
its playouts play the random and greedy seats as those levels; and how far its playouts
look ahead (`turns`)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import act, cards, start

from rummy500_cli.actions import Discard, DrawStock, LayMeld, LayOff
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import ExpertBot, GreedyBot, RandomBot
from rummy500_cli.bots.expert import HOLDS, TURNS
from rummy500_cli.bots.heuristics.values import Context
from rummy500_cli.bots.knowledge import Knowledge
from rummy500_cli.bots.strong import StrongBot
from rummy500_cli.cli.main import main
from rummy500_cli.engine import legal_actions, new_game
from rummy500_cli.state import State, fold
from rummy500_cli.variants import make_rules


def test_four_player_expert_games_are_the_same_over_any_number_of_jobs() -> None:
    args = ["simulate", "--games", "4", "--bots", "random,greedy,strong,expert"]
    args += ["--think", "20", "--seed", "four", "--rule", "max_rounds=2", "--json"]
    summaries = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(main, [*args, "--jobs", jobs], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        data.pop("timing")
        summaries.append(data)
    assert summaries[0] == summaries[1]
    assert summaries[0]["levels"]["expert"]["seat_games"] == 4


def test_the_playouts_play_a_random_or_greedy_seat_as_its_level(monkeypatch) -> None:
    """The header names each seat's player: in the expert's sampled deals (their seed is
    made up, `masked/...`), the random and greedy seats are played by bots of those
    levels, and no other seat is."""
    played: dict[str, set[int]] = {"random": set(), "greedy": set()}

    def spy(cls, level):
        real = cls.explain

        def explain(self, state, legal=None):
            if state.header.seed.startswith("masked/"):
                played[level].add(state.to_move)
            return real(self, state, legal)

        monkeypatch.setattr(cls, "explain", explain)

    spy(RandomBot, "random")
    spy(GreedyBot, "greedy")
    levels = ["random", "greedy", "strong", "expert"]
    state, _ = bot_game(4, make_rules({"max_rounds": 2}), "modelled", levels, think=30)
    # (the header records the expert's effort where it is not the default: bot:expert:30)
    assert state.header.seats == ("bot:random", "bot:greedy", "bot:strong", "bot:expert:30")
    assert played == {"random": {0}, "greedy": {1}}


def test_only_other_seats_named_random_or_greedy_are_modelled() -> None:
    """A person, a program, a strong or an expert seat is played by the strong bot; the
    expert's own seat never by another level."""
    from rummy500_cli.events import GameStarted
    from rummy500_cli.state import State

    seats = ("bot:random", "human", "bot:greedy", "exec:./mine", "bot:strong", "bot:greedy")
    header = GameStarted(
        format=1,
        program="test",
        rules=make_rules({}),
        players=tuple(f"P{i}" for i in range(6)),
        seed="s",
        seats=seats,
    )
    modelled = ExpertBot("s", 5)._modelled(State(header))
    assert {seat: type(bot) for seat, bot in modelled.items()} == {0: RandomBot, 2: GreedyBot}


def _playout(turns: int) -> tuple[list[int], list[bool], float, int, bool]:
    """A playout of a first draw of a heads-up game with `turns`: the events applied
    before each of this seat's draws, whether each move ended the round, the value and
    moves answered, and whether it stopped with this seat to draw."""
    state = fold(new_game(["Ann", "Bob"], make_rules({}), "turns"))
    me = state.to_move
    bot = ExpertBot("turns", me, turns=turns)
    draws: list[int] = []
    ended: list[bool] = []
    real = bot._apply

    def apply(world, action, seen=None):
        if world.to_move == me and world.phase == "draw":
            draws.append(world.applied)
        found = real(world, action, seen)
        ended.append(found is not None)
        return found

    bot._apply = apply  # type: ignore[method-assign]
    world = state.copy()
    value, moves = bot._playout(world, DrawStock())
    return draws, ended, value, moves, world.to_move == me and world.phase == "draw"


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_a_playout_plays_as_many_of_the_seats_turns_as_asked(turns: int) -> None:
    """`turns` of this seat's turns are played, its draw first, and the playout stops at
    its next draw after them, the round not over."""
    draws, ended, _, _, at_draw = _playout(turns)
    assert len(draws) == turns and not any(ended) and at_draw


def test_a_playout_of_no_turns_plays_to_the_rounds_end_and_counts_each_turn() -> None:
    draws, ended, _, everything, _ = _playout(0)
    assert len(draws) > 3 and ended[-1] and not any(ended[:-1])
    counted = [_playout(turns)[3] for turns in (1, 2, 3)]
    assert counted[0] < counted[1] < counted[2] < everything  # each turn's moves count


def test_the_expert_looks_two_of_its_turns_ahead_by_default() -> None:
    assert TURNS == 2 and ExpertBot("s", 0).turns == 2


def _after_draw(hand: str, other: str, up: str, stock: str, **options: object) -> State:
    """Seat 0 of a stacked two-player game (rule `options`), its stock draw made."""
    state = start([hand, other], up, stock, **options)
    act(state, "draw")
    return state


def test_a_meld_nothing_forces_is_weighed_against_holding_the_cards() -> None:
    """Where the strong bot would lay down a meld and a discard is legal, the expert's own
    search weighs that play against the discard the strong bot would make instead; the
    candidates it offers the hint, the tutor and the judge do not."""
    state = _after_draw("7H 7S 7D 2C 9S KD 4H", "3C 4D 6S 8S 10D QS JC", "5C", "AS 6D")
    knowledge = Knowledge.build(state, 0)
    ctx = Context(state, knowledge)
    legal = legal_actions(state)
    bot = ExpertBot("hold", 0)
    strong = StrongBot("hold", 0)
    play = strong.play(state, legal, ctx)[0]
    assert isinstance(play, LayMeld) and set(play.cards) == set(cards("7H 7S 7D"))
    discards = [a for a in legal if isinstance(a, Discard)]
    keep = strong.discard_costs(state, discards, ctx)[0][1]
    assert bot._candidates(state, legal, ctx, holds=True) == [play, keep]
    assert bot._candidates(state, legal, ctx, holds=False) is None
    assert bot.candidates(state, legal, knowledge) is None
    assert HOLDS and bot.holds and not ExpertBot("hold", 0, holds=False).holds


@pytest.mark.parametrize("power", ["wild", "double", "split"])
def test_under_the_dealers_gambit_nothing_is_held(power: str) -> None:
    """RULES 8, dealers_gambit: the same meld as above, the dealer's power named and no
    gambit move due to seat 0, is still the strong bot's call: holding back was measured
    only where no dealer's joker times the melds."""
    state = start(
        ["7H 7S 7D 2C 9S KD 4H", "3C 4D 6S 8S 10D QS JC"],
        "5C",
        "AS 6D",
        variant="dealers_gambit",
        jokers_per_deck=2,
    )
    act(state, f"power {power}", "draw")
    ctx = Context(state, Knowledge.build(state, 0))
    legal = legal_actions(state)
    assert isinstance(StrongBot("hold", 0).play(state, legal, ctx)[0], LayMeld)
    assert ExpertBot("hold", 0)._candidates(state, legal, ctx, holds=True) is None


def test_a_pile_card_that_must_be_used_is_never_held() -> None:
    """A take from the pile must be used at once (RULES 3.2): nothing to weigh."""
    state = start(["7H 7S 2C 9S KD 4H 3D", "3C 4D 6S 8S 10D QS JC"], "7D", "AS 6D")
    act(state, "take 1")
    assert state.pending is not None
    knowledge = Knowledge.build(state, 0)
    legal = legal_actions(state)
    ctx = Context(state, knowledge)
    assert ExpertBot("hold", 0)._candidates(state, legal, ctx, holds=True) is None


def test_the_expert_holds_back_at_times_and_says_so(monkeypatch) -> None:
    """In a seeded heads-up round against strong at the default effort, the expert keeps
    cards in hand that the strong bot would lay down (three times in this one); each time
    its move is the discard it weighed against laying them down, and its reason says so."""
    held: list[tuple[object, object]] = []
    real = ExpertBot.decide

    def decide(self, state, legal, knowledge):
        action, why = real(self, state, legal, knowledge)
        if why.startswith("holds its cards back"):
            held.append((action, self.strong.play(state, legal, Context(state, knowledge))[0]))
        return action, why

    monkeypatch.setattr(ExpertBot, "decide", decide)
    bot_game(2, make_rules({"max_rounds": 1}), "hold-5", ["expert", "strong"])
    assert len(held) == 3
    for action, play in held:
        assert isinstance(action, Discard) and isinstance(play, LayMeld | LayOff)


@pytest.mark.parametrize(
    ("hand", "other"),
    [("7H 7S 7D 8H 9H", "3C 4D 6S 8S 10D"), ("7H 7S 7D 7C", "3C 4D 6S 8S")],
    ids=["all laid down", "the last card discarded"],
)
def test_plays_that_go_out_are_never_held(hand: str, other: str) -> None:
    """Going out (every card laid down, or all but the one discarded) stays the strong
    bot's call: a playout values a game won within its horizon far above a round won by as
    much, so weighed it would hold back a sure going out for a chance at the target."""
    state = _after_draw(hand, other, "5C", "10H AS")
    knowledge = Knowledge.build(state, 0)
    ctx = Context(state, knowledge)
    legal = legal_actions(state)
    assert isinstance(StrongBot("out", 0).play(state, legal, ctx)[0], LayMeld)
    assert ExpertBot("out", 0)._candidates(state, legal, ctx, holds=True) is None


def test_a_final_discard_due_leaves_a_hold_where_laying_all_would_go_out() -> None:
    """RULES' `final_discard=required`: a card must be kept for the last discard, so the
    two melds of six cards cannot both go down and the strong bot's plays do not go out:
    the hold is weighed (the plan it is judged by is the strong bot's, `turn_plan`);
    four of a kind and one card left still goes out, and is not weighed."""
    for hand, other, weighed in (
        ("7H 7S 7D 8H 9H", "3C 4D 6S 8S 10D", True),
        ("7H 7S 7D 7C", "3C 4D 6S 8S", False),
    ):
        state = _after_draw(hand, other, "5C", "10H AS", final_discard="required")
        knowledge = Knowledge.build(state, 0)
        ctx = Context(state, knowledge)
        found = ExpertBot("out", 0)._candidates(state, legal_actions(state), ctx, holds=True)
        assert (found is not None) == weighed, (hand, found)
