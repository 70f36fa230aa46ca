"""The players' figures counted one decision at a time (`analysis.tally`, what `analyze`
keeps of a long log) are those of the whole list (`figures.summary`,
`figures.costliest`), to the last bit: over any decisions hypothesis makes (ties in the
costliest order, labels among the worst, no decision at all), and with luck and skill
from a real game's end."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rummy500_cli.analysis.figures import costliest, summary
from rummy500_cli.analysis.tally import Tally
from rummy500_cli.analysis.verdicts import Decision, Move
from rummy500_cli.bots import GreedyBot
from rummy500_cli.engine import new_game, play
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules

MOVES = ["draw", "take 1", "discard 5H", "discard KS", "meld 7C 8C 9C"]
# a few values, so that ties in the costliest order are common
AMOUNTS = st.sampled_from([0.0, 0.0, 0.01, 0.05, 0.1, -0.02, 3.0, 12.5])
LABEL = st.sampled_from([None, None, None, "inaccuracy", "mistake", "blunder", "unclear"])


@st.composite
def decisions(draw: st.DrawFn) -> list[Decision]:
    out = []
    for seq in range(1, draw(st.integers(0, 40)) + 1):
        played, best = draw(st.sampled_from(MOVES)), draw(st.sampled_from(MOVES))
        moves = [
            Move(move=move, points=draw(AMOUNTS), win_chance=draw(st.floats(0, 1)))
            for move in draw(st.lists(st.sampled_from(MOVES), unique=True, max_size=4))
        ]
        out.append(
            Decision(
                seq=seq,
                round=1 + seq // 10,
                seat=draw(st.integers(0, 2)),
                step="play",
                played=played,
                best=best,
                points_lost=draw(AMOUNTS),
                win_chance=draw(st.floats(0, 1)),
                win_drop=draw(AMOUNTS),
                drop_low=0.0,
                drop_high=0.2,
                label=draw(LABEL),
                samples=8,
                moves=moves,
                expert=draw(st.sampled_from(["", *MOVES])),
            )
        )
    return out


def tallied(made: list[Decision], seats: list[int], least: int = 3) -> Tally:
    tally = Tally(seats, least)
    for decision in made:
        if decision.seat in seats:
            tally.add(decision)
    return tally


@given(decisions(), st.integers(1, 5))
def test_the_tally_gives_the_whole_list_s_figures(made: list[Decision], least: int) -> None:
    seats = [0, 1, 2]
    tally = tallied(made, seats, least)
    assert tally.summaries(None) == summary(made, seats)
    for seat in seats:
        assert costliest(tally.kept(), seat, least) == costliest(made, seat, least)
    kept = tally.kept()
    assert [d.seq for d in kept] == sorted({d.seq for d in kept})  # once each, in order


@given(decisions())
def test_luck_and_skill_from_a_game_s_end(made: list[Decision]) -> None:
    rules = make_rules({"target": 120})
    events = new_game(["A", "B", "C"], rules, "tally")
    state = fold(events)
    bots = [GreedyBot("tally", seat) for seat in range(3)]
    for _ in range(60):
        events.extend(play(state, bots[state.to_move].choose(state)))
    assert tallied(made, [0, 2]).summaries(state) == summary(made, [0, 2], final=state)
