"""The table commands: Verbs that make no Action. They take no turn and are not recorded
(but for undo, which takes moves back: the log records the takeback). The interpreter
(cli/commands.py) answers each with its method `_WORD`; a console may add its own
(`Vocabulary.plus`, as an online table's `say`)."""

from __future__ import annotations

from .verb import Asking, Candidate, Completer, Verb


def table_verb(
    word: str,
    order: int,
    usage: str,
    gloss: str,
    detail: str,
    aliases: tuple[str, ...] = (),
    keys: tuple[str, ...] = (),
    completer: Completer | None = None,
) -> Verb:
    """A table command: its gloss is also its words in Tab's menu."""
    return Verb(
        word=word, order=order, usage=usage, gloss=gloss, hint=gloss, detail=detail,
        aliases=aliases, keys=keys, completer=completer,
    )  # fmt: skip


def _complete_sort(words: list[str], asking: Asking) -> list[Candidate]:
    return (
        []
        if words
        else [Candidate("rank", "rank", "by rank"), Candidate("suit", "suit", "by suit")]
    )


def _complete_help(words: list[str], asking: Asking) -> list[Candidate]:
    return [] if words else [Candidate(v.word, v.word, v.hint) for v in asking.vocabulary]


VERBS = (
    table_verb(
        "hint", 100, "hint [--why]",
        "a suggested move and why; --why: what the expert believes of the other hands",
        "A suggested move and why: the choice of the strongest computer player in your "
        "seat, from what you may see. It takes a moment. hint --why shows what that "
        "player believes about each other hand, from what your seat has seen: the cards "
        "it is sure of (taken from the pile and not played since), the most likely "
        "others with their chance, and why (a card taken from deep in the pile had to go "
        "on the table at once). Examples: hint, hint --why",
    ),
    table_verb(
        "hand", 110, "hand", "your cards",
        "Your hand, sorted as sort says: by suit (the default) or by rank.",
    ),
    table_verb(
        "table", 120, "table", "the whole table",
        "The whole table: the scores, whose turn, the pile, the melds, your hand.",
        aliases=("?",),
    ),
    table_verb(
        "pile", 130, "pile", "the discard pile, with the numbers to take",
        "The discard pile, oldest card first, each with the number that takes it.",
    ),
    table_verb(
        "melds", 140, "melds", "the melds on the table, with their ids",
        "The melds on the table with their numbers (#1), owners, and who laid off what.",
    ),
    table_verb(
        "score", 150, "score",
        "running totals, the scorepad so far and the last round's score table",
        "The running totals, the target, and the score table of the last round.",
        aliases=("s",),
    ),
    table_verb(
        "rules", 160, "rules [N.M]",
        "the rules of this game in words, or rule N.M of the rule book",
        "The rules of this game in words; with a number, that rule of the rule book, as "
        "a refusal cites it (RULES 4.1). Examples: rules, rules 4.1, rules 8",
    ),
    table_verb(
        "log", 170, "log [N]", "the last N events (default 20), in words",
        "The last N events of the game (20 by default), told in words as they happened, "
        "each with its number in the log; what your seat could not see stays hidden. "
        "Example: log 5",
    ),
    table_verb(
        "sort", 180, "sort [rank|suit]", "how your hand is sorted",
        "Sort your hand by rank or by suit (spades, hearts, clubs, diamonds, each from "
        "the Ace up); alone, switch between the two. The choice is remembered for the "
        "next games (rummy500 config). Examples: sort rank, sort",
        completer=_complete_sort,
    ),
    table_verb(
        "undo", 190, "undo [N]",
        "take back your last move (or N of them) and the bots' after it",
        "Take back your last move and everything the bots played after it: the game goes "
        "back to where you were to make that move. undo N goes N of your moves back. "
        "Only against bots (not in a hot-seat game), within the round in play (a scored "
        "round stands), and not in a game started with --no-undo. The log keeps what was "
        "taken back, and analyze counts your takebacks. Examples: undo, undo 2",
    ),
    table_verb(
        "help", 200, "help [COMMAND]", "the commands, or one in detail",
        "The commands, or one of them in detail. Examples: help, help lay",
        aliases=("h",), completer=_complete_help,
    ),
    table_verb(
        "quit", 210, "quit", "leave; the game is saved",
        "Leave the game; every move is saved, and the line that resumes it is printed.",
        aliases=("q", "exit"), keys=("Ctrl-D",),
    ),
)  # fmt: skip
