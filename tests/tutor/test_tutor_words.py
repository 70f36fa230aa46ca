"""The tutor's question in words, on Ann's game of tests/drill/test_drill_cli.py: her
discard of J♥ (log line 10) lays off on her own run, and the judge calls it a mistake;
the question says so, what it costs and what is better."""

from __future__ import annotations

from helpers import ann_loses as game

from rummy500_cli.analysis.tutor import Lookahead, warns
from rummy500_cli.language import parse_action
from rummy500_cli.render.style import Style
from rummy500_cli.render.tutor import question
from rummy500_cli.state import fold


def test_the_question_says_what_the_discard_feeds_and_what_is_better() -> None:
    events = game()[:10]
    state = fold(events)
    ahead = Lookahead(events, state)
    verdict = ahead.verdict(parse_action("discard JH", state))
    assert warns(verdict)
    text = question(verdict, state, Style(), ahead.knowledge.known)
    assert text.startswith("discard J♥ fits Ann's run on the table (#1): about ")
    assert "points worse than lay J♥ on 1 high" in text
    assert text.endswith("Play it anyway? [y/N] ")
    assert "a mistake" in text or "a blunder" in text


def test_a_good_move_gets_no_question() -> None:
    events = game()[:10]
    state = fold(events)
    ahead = Lookahead(events, state)
    assert not warns(ahead.verdict(parse_action("lay JH on 1", state)))
