"""The in-game interpreter: a line of the command language, acted on for a seat.

`Interpreter.handle(line, seat)` answers a `Reply`: lines to show, an error (one line),
whether to leave. It knows nothing of terminals: the loop prints the reply. The words
themselves (each command's forms, aliases, help and parser) are the vocabulary's
(rummy500_cli/language); this module submits the moves and answers the table commands,
each with its method `_WORD` (a console adds its own with `Interpreter.add`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..actions import AnyAction, LayOff
from ..errors import (
    AmbiguousAction,
    IllegalAction,
    LogError,
    ParseError,
    Rummy500Error,
    clipped,
    quoted,
)
from ..events import META_EVENTS, Event, GameStarted, Passed, RoundEnded, WindowOpened
from ..language import VOCABULARY, Verb, Vocabulary, parse_play_cards
from ..language.listing import legal_summary, move_text, plain_end, sorted_legal
from ..language.plays import LAY
from ..numbers import whole_number
from ..protocol import MAX_LINE
from ..render.analysis import hint_lines
from ..render.command_help import command_lines, help_lines
from ..render.narrate import Narrator, takeback_lines
from ..render.printable import names
from ..render.rules_text import rules_text
from ..render.scores import caught_line, score_table, scorepad
from ..render.style import Style
from ..render.table import (
    hand_line,
    meld_lines,
    pile_line,
    recent,
    sides_line,
    table_view,
    tagged_names,
)
from ..render.words import close_word
from ..session import Session
from ..state import State
from ..variants.partnership import partnered


def unknown(word: str, kind: str, words: list[str]) -> str:
    """`unknown command 'drwa': did you mean draw? (help lists the commands)` for a typo
    close to one of `words`."""
    close = close_word(word, words)
    guess = f": did you mean {close}?" if close else ""
    return f"{kind} {quoted(word, 40)}{guess} (help lists the commands)"


OnEvent = Callable[[Event, int], None]
"""Told of each event a command makes, with its number in the log (the loop's printer)."""


@dataclass
class Reply:
    lines: list[str] = field(default_factory=list)
    error: str | None = None
    events: list[Event] = field(default_factory=list)
    quit: bool = False


class Interpreter:
    """Reads one line of the command language for a seat and acts on the session."""

    def __init__(
        self, session: Session, style: Style, by_rank: bool = False, windows: str = "ask"
    ) -> None:
        self.session = session
        self.style = style
        self.by_rank = by_rank
        """The hand sorted by rank (`sort rank`, remembered in the config file)."""
        self.vet: Callable[[AnyAction, int], bool] | None = None
        """The tutor's check of a move before it is committed (`play --tutor`): False
        keeps it uncommitted."""
        self.windows = windows
        """`pass`: the loop passes for the humans in rum_call and out_of_turn windows, so
        those passes are not theirs to take back (`undo` skips them)."""
        self.screen: Callable[[], tuple[int, int] | None] = lambda: None
        """The console's room for the table (columns, rows); None: lines unbounded."""
        self.vocabulary: Vocabulary = VOCABULARY
        """The commands of this table: the game's, and those a console adds (`add`)."""
        self.answers: dict[str, Callable[[list[str], int], Reply]] = {
            verb.word: getattr(self, f"_{verb.word}") for verb in VOCABULARY.table
        }
        """Each table command's answer, by its word."""

    def add(self, verb: Verb, answer: Callable[[list[str], int], Reply]) -> None:
        """A table command of the console's own (an online table's `say`): its Verb
        joins this table's vocabulary (help, Tab) and `answer(args, seat)` answers it."""
        self.vocabulary = self.vocabulary.plus(verb)
        self.answers[verb.word] = answer

    def handle(self, line: str, seat: int, on_event: OnEvent | None = None) -> Reply:
        words = line.split()
        if not words:
            return Reply()
        verb = self.vocabulary.find(words[0])
        if verb is not None and verb.makes is None:  # a table command: no turn taken
            if verb.word == "undo":
                return self._undo(words[1:], seat, on_event)
            return self.answers[verb.word](words[1:], seat)
        state = self.session.state
        if verb is None:
            legal = legal_summary(self.session, ascii=self.style.ascii, by_rank=self.by_rank)
            known = [*sorted(v.word for v in self.vocabulary.moves), *self._table_words()]
            return Reply(error=f"{unknown(words[0], 'unknown command', known)}; legal now: {legal}")
        if state.to_move != seat:
            return Reply(error=f"it is {names(state.players)[state.to_move]}'s turn")
        if len(line) > MAX_LINE:
            return Reply(error=f"a line of {len(line)} characters is too long for a command")
        try:
            if verb.word == "lay" and "on" not in (w.lower() for w in words[1:]):
                action = self._lay_where(words[1:])
            else:
                action = self.vocabulary.parse(line, state)
            if self.vet is not None and not self.vet(action, seat):
                return Reply(lines=["Not played: your move?"])
            events = self.session.submit(action, seat, on_event)
        except LogError:
            raise  # the move could not be saved: that stops the game, it is no refusal
        except Rummy500Error as error:
            legal = legal_summary(self.session, ascii=self.style.ascii, by_rank=self.by_rank)
            return Reply(error=f"{_without_usable(clipped(str(error)))}; legal now: {legal}")
        return Reply(events=events)

    def _table_words(self) -> list[str]:
        return [verb.word for verb in self.vocabulary.table]

    def _lay_where(self, words: list[str]) -> AnyAction:
        """`lay 3S` without `on MELD`: the one lay-off of those cards that is legal now
        (issue: infer the meld when only one fits); else say which to choose."""
        from collections import Counter

        end = words.pop().lower() if words and words[-1].lower() in ("low", "high") else None
        if not words:
            raise ParseError(f"usage: {LAY.line()}")
        cards, jokers = parse_play_cards(words)
        typed = " ".join(words)
        fits = [
            action
            for action in sorted_legal(self.session.state, self.by_rank)
            if isinstance(action, LayOff)
            and Counter(action.cards) == Counter(cards)
            and (not jokers or action.jokers == jokers)
            and (end is None or action.end == end)
        ]
        if len(fits) == 1:
            return fits[0]
        if not fits:
            raise IllegalAction(f"lay {typed}: those cards fit no meld on the table now")
        legal = sorted_legal(self.session.state, self.by_rank)
        choices = " or ".join(move_text(action, legal, self.style.ascii) for action in fits)
        raise AmbiguousAction(f"lay {typed}: the cards fit more than one place; say {choices}")

    def table(self, seat: int) -> str:
        """The table as this seat sees it, each seat's kind beside its name and what just
        happened marked, fitted to the console's room."""
        size = self.screen()
        width, rows = (None, None) if size is None else size
        return table_view(
            self.session.state, seat, self.style, self.by_rank, kinds=self.session.kinds,
            last=recent(self.session.events, seat), width=width, rows=rows,
        )  # fmt: skip

    # --- meta commands -------------------------------------------------------------------

    def _hint(self, args: list[str], seat: int) -> Reply:
        state = self.session.state
        if args and args[0].lower() in ("--why", "why"):
            return self._reads(seat)
        if args:
            return Reply(error=f"hint takes --why or nothing, not {quoted(args[0], 20)}")
        if state.to_move != seat:
            return Reply(error="no hint now: it is not your turn")
        legal = sorted_legal(state)
        try:
            hint = self.session.judged_hint(seat)
            if hint is not None:
                ranked = [
                    (plain_end(action, legal), move.points, move.win_chance)
                    for action, move in zip(hint.actions, hint.decision.moves, strict=True)
                ]
                lines = hint_lines(ranked, self.style, hint.gaps, hint.decision.samples)
                return Reply(lines=lines)
            action, why = self.session.advice(seat)
        except LogError:
            raise
        except Rummy500Error as error:  # online: hints are off at the table
            return Reply(error=str(error))
        return Reply(lines=[f"hint: {move_text(action, legal, self.style.ascii)} — {why}"])

    def _reads(self, seat: int) -> Reply:
        """`hint --why`: the expert's reads of the other hands, from this seat's view."""
        from ..analysis.reads import read_hands
        from ..render.reads import reads_lines

        reads = read_hands(self.session.events, seat)
        return Reply(lines=reads_lines(reads, names(self.session.state.players), self.style))

    def _hand(self, args: list[str], seat: int) -> Reply:
        fresh = recent(self.session.events, seat).fresh  # the card just drawn, marked
        return Reply(lines=[hand_line(self.session.state, seat, self.style, self.by_rank, fresh)])

    def _table(self, args: list[str], seat: int) -> Reply:
        return Reply(lines=[self.table(seat)])

    def _pile(self, args: list[str], seat: int) -> Reply:
        return Reply(lines=[pile_line(self.session.state, self.style)])

    def _melds(self, args: list[str], seat: int) -> Reply:
        last = recent(self.session.events, seat)  # the last play, marked
        return Reply(lines=meld_lines(self.session.state, self.style, last))

    def _score(self, args: list[str], seat: int) -> Reply:
        state = self.session.state
        tagged = tagged_names(state.players, self.session.kinds)
        lines = [
            "Totals: "
            + " · ".join(f"{n} {t}" for n, t in zip(tagged, state.totals, strict=True))
            + f" (playing to {state.rules.target})"
        ]
        if partnered(state.rules):  # RULES 8: the sides decide; each seat's own part
            seats = " · ".join(
                f"{n} {t}" for n, t in zip(names(state.players), state.totals, strict=True)
            )
            lines = [sides_line(state), f"Seats: {seats}"]
        ended = [e for e in self.session.events if isinstance(e, RoundEnded)]
        if ended:  # the scorepad so far, then the last round in detail
            size = self.screen()
            lines += scorepad(tagged, ended, None if size is None else size[0])
            lines.append(score_table(names(state.players), ended[-1]))
            caught = caught_line(names(state.players), ended[-1], self.style)
            if caught:
                lines.append(caught)
        return Reply(lines=lines)

    def _rules(self, args: list[str], seat: int) -> Reply:
        state = self.session.state
        if args:  # a rule of the book, as a message cites it: rules 4.1
            from .info import rule_book_text
            from .manual import text_width

            try:
                return Reply(lines=[rule_book_text(args[0], text_width()).rstrip("\n")])
            except Rummy500Error as error:
                return Reply(error=str(error))
        footer = "A number as (RULES 4) is a rule of the rule book: rules 4.1 prints it."
        return Reply(lines=[rules_text(state.rules, state.n), footer])

    def _log(self, args: list[str], seat: int) -> Reply:
        """The last N events of the line played told in words, as this seat saw them,
        each line with the number of its event in the log (a take and the play that
        uses it: the take's); a takeback or a change of seats is a line of its own."""
        count = whole_number(args[0]) if args else 20
        if count is None:
            return Reply(error=f"log {clipped(args[0], 20)}: write log N, as log 5, or log alone")
        walk = self.session.line.walk
        start = max(1, len(walk) - count)
        narrator = Narrator(self.style, viewer=seat)
        header = walk[0][1]
        assert isinstance(header, GameStarted)
        state = State(header)
        lines: list[str] = []
        waiting: int | None = None
        for index, (number, event, _position) in enumerate(walk[1:], 1):
            if not isinstance(event, META_EVENTS):  # (the walk holds the line played)
                state.apply(event)
            if index < start:
                continue
            told = narrator.feed(event, state)
            if not told:
                waiting = number if waiting is None and narrator.waiting else waiting
                continue
            first, waiting = (waiting or number), None
            lines.extend(f"{first:>5}  {line}" for line in told)
        lines.extend(f"{waiting:>5}  {line}" for line in narrator.flush())
        return Reply(lines=lines or ["(nothing yet)"])

    def _undo(self, args: list[str], seat: int, on_event: OnEvent | None = None) -> Reply:
        """Take back the seat's last move (or N), and what the bots played after it."""
        count = whole_number(args[0]) if args else 1
        if count is None or count < 1 or len(args) > 1:
            shown = clipped(" ".join(args), 20)
            return Reply(error=f"undo {shown}: write undo, or undo N for your last N moves")
        session = self.session
        try:
            record = session.undo(seat, count, self._asked, on_event)
        except LogError:
            raise  # the takeback could not be saved: that stops the game
        except Rummy500Error as error:
            return Reply(error=f"undo: {error}")
        lines = takeback_lines(record, session.state, self.style, viewer=seat)
        return Reply(lines=lines, events=[session.line.walk[-1][1]])

    def _asked(self, position: int) -> bool:
        """Whether the move that began at this position of the line was asked of the
        player (a pass made for it by `--windows pass` was not)."""
        if self.windows != "pass":
            return True
        events = self.session.events
        if not isinstance(events[position + 1], Passed):
            return True
        opened = next(e for e in reversed(events[: position + 1]) if isinstance(e, WindowOpened))
        return opened.kind == "deadwood"

    def _sort(self, args: list[str], seat: int) -> Reply:
        if args and args[0].lower() in ("rank", "suit"):
            self.by_rank = args[0].lower() == "rank"
        elif args:
            return Reply(error=f"sort {args[0]}: write sort rank, sort suit, or sort alone")
        else:
            self.by_rank = not self.by_rank
        from .preferences import remember

        reply = self._hand([], seat)
        problem = remember("sort", "rank" if self.by_rank else "suit")
        if problem:
            reply.lines.append(f"warning: {problem}")
        return reply

    def _help(self, args: list[str], seat: int) -> Reply:
        rules = self.session.state.rules
        if args:
            verb = self.vocabulary.find(args[0])
            if verb is None:
                known = [*(v.word for v in self.vocabulary.moves), *self._table_words()]
                return Reply(error=unknown(args[0], "no command", known))
            return Reply(lines=command_lines(verb, rules, _width(), self.vocabulary))
        legal = legal_summary(self.session, ascii=self.style.ascii, by_rank=self.by_rank)
        return Reply(lines=help_lines(rules, legal, self.vocabulary))

    def _quit(self, args: list[str], seat: int) -> Reply:
        return Reply(quit=True)


USABLE = re.compile(r"; usable now: take \d+(?:, \d+)*")


def _without_usable(message: str) -> str:
    """A refusal without its own list of the takes usable now: the `legal now` list that
    follows it says the same, and more."""
    return USABLE.sub("", message)


def _width() -> int:
    import shutil

    return shutil.get_terminal_size((80, 24)).columns
