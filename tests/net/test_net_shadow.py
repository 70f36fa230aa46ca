"""The client's seam: a seat's shadow, folded from the events projected for it, is the
game as the seat sees it: its hand, every hand's size, the pile, the stock's size,
the melds, the scores, whose turn and which step, and the legal moves at its turn, all
exactly the server's, in every variant. Invites round-trip and refuse what is not one."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.engine import legal_actions
from rummy500_cli.online.invite import Invite, InviteError, parse_invite, parse_ssh_user
from rummy500_cli.online.projection import visible
from rummy500_cli.online.shadow import Shadow
from rummy500_cli.state import State
from rummy500_cli.variants import make_rules

GAMES = [
    (2, {}, None),
    (3, {"rum_call": True, "out_of_turn": True}, None),
    (4, {}, "partnership"),
    (2, {}, "jokers"),
    (4, {}, "persian"),
    (2, {}, "dealers_gambit"),
]


def _same(shadow: State, real: State, seat: int | None) -> None:
    if seat is not None:
        assert Counter(shadow.hands[seat]) == Counter(real.hands[seat])
    assert [len(h) for h in shadow.hands] == [len(h) for h in real.hands]
    assert shadow.pile == real.pile
    assert len(shadow.stock) == len(real.stock)
    assert [m.cards for m in shadow.melds] == [m.cards for m in real.melds]
    assert shadow.totals == real.totals
    assert (shadow.to_move, shadow.phase, shadow.round) == (real.to_move, real.phase, real.round)
    if seat is not None and real.to_move == seat and not real.over:
        assert sorted(a.text() for a in legal_actions(shadow)) == sorted(
            a.text() for a in legal_actions(real)
        )


@pytest.mark.parametrize(("players", "options", "variant"), GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_seats_shadow_is_the_game_as_it_sees_it(players, options, variant, seed):
    rules = make_rules({**options, "target": 150}, variant=variant)
    states: list[State] = []
    _final, events = bot_game(
        players, rules, seed, ("random",), on_event=lambda s, e: states.append(s.copy())
    )
    for seat in [*range(players), None]:
        shadow = Shadow(seat)
        header_and_deal = len(events) - len(states)
        for seq, event in enumerate(events):
            wire = msgspec.json.decode(msgspec.json.encode(visible(event, seat)))
            shadow.add(seq, wire)
            if seq >= header_and_deal:
                assert shadow.state is not None
                _same(shadow.state, states[seq - header_and_deal], seat)


def test_invites_round_trip_and_refuse_what_is_not_one():
    invite = Invite("127.0.0.1", 4000, "ab12cd34", 2, "00ff" * 6, "ab" * 32, "cd" * 12)
    assert parse_invite(invite.text()) == invite
    watch = Invite("::1", 5, "t1", None, "0a" * 12)
    assert parse_invite(watch.text()) == watch
    assert parse_ssh_user(invite.ssh_user()) == ("ab12cd34", 2, "00ff" * 6)
    assert parse_ssh_user("root") is None
    for text in [
        "http://x:1/t/0?key=00",
        "rummy500://x/t/0?key=00",
        "rummy500://x:1/t?key=00",
        "rummy500://x:1/t/seat?key=00",
        "rummy500://x:1/t/0?key=zz",
        "rummy500://x:1/t/0",
        "rummy500://x:99999/t/0?key=00",
        "x" * 2000,
    ]:
        with pytest.raises(InviteError):
            parse_invite(text)


@pytest.mark.soak
@pytest.mark.parametrize(("players", "options", "variant"), GAMES)
def test_soak_shadows_over_many_games(players, options, variant):
    for seed in range(100, 300):
        test_each_seats_shadow_is_the_game_as_it_sees_it(players, options, variant, seed)
