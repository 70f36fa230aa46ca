"""The expert at a table of four: its games are the same whatever the number of jobs, and
its playouts play the random and greedy seats as those levels."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.bots import ExpertBot, GreedyBot, RandomBot
from rummy500_cli.cli.main import main
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
