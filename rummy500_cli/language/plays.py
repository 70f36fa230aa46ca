"""The plays of cards, each Verb beside the Action it makes: meld (a new set or run) and
lay (cards laid off on a meld), RULES 4.2, with the jokers' `jk=7h` of RULES 8."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..actions import LayMeld, LayOff
from ..cards import rank_sort_key, sort_key
from ..melds import parse_meld_id
from .card_words import (
    ENDS,
    card_of,
    end_word,
    ends,
    meld_words,
    next_cards,
    parse_play_cards,
    split_cards,
)
from .verb import Asking, Candidate, Misused, Verb

if TYPE_CHECKING:
    from ..rules import Rules
    from ..state import State


def _parse_meld(words: list[str], state: State | None) -> LayMeld:
    """`meld 7h 7s 7d`, `meld qh kh ah high`, `meld 5h 6h jk=7h double`."""
    double = bool(words and words[-1].lower() == "double" and words.pop())
    ace_high = None
    if words and words[-1].lower() in ("high", "low"):
        ace_high = words.pop().lower() == "high"
    if not words:
        raise Misused()
    cards, jokers = parse_play_cards(words)
    return LayMeld(cards, ace_high, jokers, double)


def _complete_meld(words: list[str], asking: Asking) -> list[Candidate]:
    melds = [a for a in asking.legal if isinstance(a, LayMeld)]
    key = rank_sort_key if asking.by_rank else sort_key
    typed, rest = split_cards(words)
    exact = [m for m in melds if Counter(m.cards) == Counter(typed)]
    found: list[Candidate] = []
    if exact and not rest:
        extras = []
        for m in exact:
            if m.ace_high is not None:
                extras.append("high" if m.ace_high else "low")
            if m.double:
                extras.append("double")
        found += [
            Candidate(e, e, ENDS.get(e, "with the dealer's joker")) for e in dict.fromkeys(extras)
        ]
    if rest:
        return found
    style = asking.style
    options = [(m.cards, f"makes {style.cards(sorted(m.cards, key=key))}") for m in melds]
    return found + next_cards(options, typed, key, style, "meld")


def _jokers_words(rules: Rules) -> str:
    """RULES 8: the jokers' forms, in games with jokers only."""
    if not rules.jokers_per_deck:
        return ""
    return (
        ". A joker is jk; jk=7h names the card it stands for where it could be two "
        "(the end of a run): meld 5h 6h jk=7h"
    )


def _parse_lay(words: list[str], state: State | None) -> LayOff:
    """`lay 8h on 2`, `lay 10s js on 1 high`."""
    lowered = [word.lower() for word in words]
    if "on" not in lowered:
        raise Misused("say which meld: ")
    at = lowered.index("on")
    laid, target = words[:at], words[at + 1 :]
    end = end_word(target)
    if not laid or len(target) != 1:
        raise Misused()
    cards, jokers = parse_play_cards(laid)
    return LayOff(cards, parse_meld_id(target[0]), end, jokers)


def _complete_lay(words: list[str], asking: Asking) -> list[Candidate]:
    offs = [a for a in asking.legal if isinstance(a, LayOff)]
    state, style = asking.state, asking.style
    lowered = [w.lower() for w in words]
    if "on" in lowered:
        at = lowered.index("on")
        typed = [c for c in map(card_of, words[:at]) if c is not None]
        after = lowered[at + 1 :]
        fitting = [a for a in offs if Counter(a.cards) == Counter(typed)]
        if not after:
            ids = dict.fromkeys(a.meld for a in fitting)
            return [Candidate(str(i), str(i), meld_words(state, i, style)) for i in ids]
        if len(after) == 1:
            return ends([a.end for a in fitting if str(a.meld) == after[0] and a.end])
        return []
    typed, rest = split_cards(words)
    if rest:
        return []
    found = []
    if typed and any(Counter(a.cards) == Counter(typed) for a in offs):
        melds = dict.fromkeys(a.meld for a in offs if Counter(a.cards) == Counter(typed))
        found.append(Candidate("on", "on", "on #" + ", #".join(map(str, melds))))
    either = {(a.cards, a.meld) for a in offs if a.end == "low"} & {
        (a.cards, a.meld) for a in offs if a.end == "high"
    }
    options = [
        (a.cards, f"on #{a.meld}" + (f" {a.end}" if a.end and (a.cards, a.meld) in either else ""))
        for a in offs
    ]
    key = rank_sort_key if asking.by_rank else sort_key
    return found + next_cards(options, typed, key, style, "lay-off")


MELD = Verb(
    word="meld", order=40, aliases=("m",), makes=LayMeld,
    usage="meld CARDS [low|high]", gloss="e.g. meld 7H 7S 7D", hint="lay a new set or run",
    parser=_parse_meld, completer=_complete_meld, more=_jokers_words,
    detail=(
        "Lay a new meld from your hand: a set, 3 or 4 cards of one rank each of a "
        "different suit, or a run, 3 or more cards of one suit in sequence (RULES 3.1-3.2, "
        "4.2). Its cards score for you. low or high says where an Ace goes when the cards "
        "allow both (A-2-3 or Q-K-A). Examples: meld 7h 7s 7d, meld 5c 6c 7c 8c, "
        "meld qh kh ah"
    ),
)  # fmt: skip
LAY = Verb(
    word="lay", order=50, aliases=("l",), makes=LayOff,
    usage="lay CARDS [on MELD] [low|high]", gloss="e.g. lay 8H on 2",
    hint="lay cards off on a meld",
    parser=_parse_lay, completer=_complete_lay,
    detail=(
        "Lay cards from your hand off on a meld on the table, yours or anyone's: at an "
        "end of a run, or to fill a set; they score for you (RULES 4.2). MELD is the "
        "meld's number, shown as #2 on the table. low or high picks the end of a run when "
        "the cards could go to either. Without on MELD the cards go on the one meld they "
        "fit, when only one fits. Examples: lay 8h on 2, lay 10s js on 1 high, lay 3s"
    ),
)  # fmt: skip

VERBS = (MELD, LAY)
