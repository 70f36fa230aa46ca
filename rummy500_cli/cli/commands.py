"""The in-game command language: moves and the table commands around them.

`Interpreter.handle(line, seat)` answers a `Reply`: lines to show, an error (one line),
whether to leave. It knows nothing of terminals: the loop prints the reply.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec

from ..actions import (
    ALIASES,
    USAGE,
    Action,
    AnyAction,
    LayOff,
    NamePower,
    parse_action,
    parse_play_cards,
)
from ..cards import rank_sort_key, sort_key
from ..engine import legal_actions
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
from ..numbers import whole_number
from ..protocol import MAX_LINE
from ..render.analysis import hint_lines
from ..render.command_help import detail
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
from ..sides import partnered
from ..state import State

META = {
    "hint": "hint [--why]: a suggested move and why; --why: what the expert believes of the other hands",
    "hand": "hand: your cards",
    "table": "table: the whole table",
    "pile": "pile: the discard pile, with the numbers to take",
    "melds": "melds: the melds on the table, with their ids",
    "score": "score: running totals, the scorepad so far and the last round's score table",
    "rules": "rules [N.M]: the rules of this game in words, or rule N.M of the rule book",
    "log": "log [N]: the last N events (default 20), in words",
    "sort": "sort [rank|suit]: how your hand is sorted",
    "undo": "undo [N]: take back your last move (or N of them) and the bots' after it",
    "help": "help [COMMAND]: the commands, or one in detail",
    "quit": "quit: leave; the game is saved",
}
"""The table commands: not moves, they take no turn and are not recorded (but for undo,
which takes moves back: the log records the takeback)."""
META_ALIASES = {"?": "table", "q": "quit", "exit": "quit", "h": "help", "s": "score"}
COMMAND_WORDS = sorted({*ALIASES, *META, *META_ALIASES})
KEYS = {"quit": "Ctrl-D"}
"""Keys that do what a table command does, at the interactive prompt."""


def meta_line(word: str) -> str:
    """A table command's line of help, with its aliases: `score (or s): ...`."""
    usage, _, what = META[word].partition(": ")
    others = [alias for alias, target in META_ALIASES.items() if target == word]
    others += [KEYS[word]] if word in KEYS else []
    return f"{usage} (or {', '.join(others)}): {what}" if others else META[word]


def unknown(word: str, kind: str, words: list[str]) -> str:
    """`unknown command 'drwa': did you mean draw? (help lists the commands)` for a typo
    close to one of `words`."""
    close = close_word(word, words)
    guess = f": did you mean {close}?" if close else ""
    return f"{kind} {quoted(word, 40)}{guess} (help lists the commands)"


@dataclass
class Reply:
    lines: list[str] = field(default_factory=list)
    error: str | None = None
    events: list[Event] = field(default_factory=list)
    quit: bool = False


MOVE_ORDER = ("upcard", "power", "draw", "take", "block", "meld", "lay", "rum", "discard", "pass")
"""The order the legal moves are listed in: as a turn goes."""


def action_key(action: Action, by_rank: bool = False) -> tuple:
    """Where a move goes in a list of moves: by kind in the order of a turn, then by its
    cards as the hand is sorted, then by meld and pile position."""
    key = rank_sort_key if by_rank else sort_key
    tag = type(action).__struct_config__.tag
    cards = getattr(action, "cards", None)
    if cards is None:
        card = getattr(action, "card", None)
        cards = () if card is None else (card,)
    return (
        MOVE_ORDER.index(tag) if tag in MOVE_ORDER else len(MOVE_ORDER),
        sorted(key(card) for card in cards),
        getattr(action, "meld", 0),
        getattr(action, "depth", 0),
        ("wild", "double", "split").index(action.power) if isinstance(action, NamePower) else 0,
        action.text(),
    )


def sorted_legal(state, by_rank: bool = False) -> list[AnyAction]:
    """The legal moves now, in the order `action_key` gives."""
    return sorted(legal_actions(state), key=lambda action: action_key(action, by_rank))


def move_text(action: Action, legal: list[AnyAction], ascii: bool = True) -> str:
    """A legal move in the command language, a run's end named only where the same cards
    could go on either end of it (`lay A♥ on 1`, not `lay A♥ on 1 low`, when the ace
    can go only below the 2)."""
    return plain_end(action, legal).text(ascii)


def plain_end(action: Action, legal: list[AnyAction]) -> Action:
    """The move without its run's end when no other legal move puts the same cards on
    the other end of the same meld (the end then goes without saying)."""
    end = getattr(action, "end", None)
    if end is None:
        return action
    both = any(
        type(other) is type(action)
        and getattr(other, "end", None) not in (None, end)
        and getattr(other, "meld", None) == getattr(action, "meld", None)
        and getattr(other, "cards", getattr(other, "card", None))
        == getattr(action, "cards", getattr(action, "card", None))
        for other in legal
    )
    return action if both else msgspec.structs.replace(action, end=None)


def legal_items(state, ascii: bool = True, by_rank: bool = False) -> list[tuple[str, int]]:
    """The legal moves now for the bottom line, each with how many moves it stands for:
    a move alone (1), or the discards as one item `discard any of N` when there are more
    than three; their counts add up to the number of legal moves."""
    actions = sorted_legal(state, by_rank)
    discards = [a for a in actions if type(a).__struct_config__.tag == "discard"]
    items: dict[str, int] = {}
    for action in actions:
        if action in discards and len(discards) > 3:
            items.setdefault(f"discard any of {len(discards)}", len(discards))
            continue
        text = move_text(action, actions, ascii)
        items[text] = items.get(text, 0) + 1
    return list(items.items())


def legal_words(state, limit: int = 6, ascii: bool = True, by_rank: bool = False) -> list[str]:
    """The legal moves now, each in the command language, the discards as one
    `discard CARD` when there are more than `limit` moves."""
    actions = sorted_legal(state, by_rank)
    words = []
    for action in actions:
        text = move_text(action, actions, ascii)
        if text.startswith("discard") and len(actions) > limit:
            words.append("discard CARD")
            break
        words.append(text)
    return list(dict.fromkeys(words))


def legal_summary(
    session: Session, limit: int = 6, ascii: bool = True, by_rank: bool = False
) -> str:
    """The legal moves now, in the command language, shortened for one line, in the
    order of a turn and of the hand."""
    shown = legal_words(session.state, limit, ascii, by_rank)
    more = len(shown) - limit
    text = ", ".join(shown[:limit])
    return text + (f" (+{more} more)" if more > 0 else "")


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

    def handle(self, line: str, seat: int, on_event=None) -> Reply:
        words = line.split()
        if not words:
            return Reply()
        word = words[0].lower()
        word = META_ALIASES.get(word, word)
        if word == "undo":
            return self._undo(words[1:], seat, on_event)
        if word in META:
            return getattr(self, f"_{word}")(words[1:], seat)
        state = self.session.state
        legal = legal_summary(self.session, ascii=self.style.ascii, by_rank=self.by_rank)
        if word not in ALIASES:
            known = [*sorted(set(ALIASES.values())), *META]
            return Reply(error=f"{unknown(words[0], 'unknown command', known)}; legal now: {legal}")
        if state.to_move != seat:
            return Reply(error=f"it is {names(state.players)[state.to_move]}'s turn")
        if len(line) > MAX_LINE:
            return Reply(error=f"a line of {len(line)} characters is too long for a command")
        try:
            if ALIASES[word] == "lay" and "on" not in (w.lower() for w in words[1:]):
                action = self._lay_where(words[1:])
            else:
                action = parse_action(line, state)
            if self.vet is not None and not self.vet(action, seat):
                return Reply(lines=["Not played: your move?"])
            events = self.session.submit(action, seat, on_event)
        except LogError:
            raise  # the move could not be saved: that stops the game, it is no refusal
        except Rummy500Error as error:
            legal = legal_summary(self.session, ascii=self.style.ascii, by_rank=self.by_rank)
            return Reply(error=f"{_without_usable(clipped(str(error)))}; legal now: {legal}")
        return Reply(events=events)

    def _lay_where(self, words: list[str]) -> AnyAction:
        """`lay 3S` without `on MELD`: the one lay-off of those cards that is legal now
        (issue: infer the meld when only one fits); else say which to choose."""
        from collections import Counter

        end = words.pop().lower() if words and words[-1].lower() in ("low", "high") else None
        if not words:
            raise ParseError(f"usage: {USAGE['lay']}")
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
        hint = self.session.judged_hint(seat)
        if hint is not None:
            ranked = [
                (plain_end(action, legal), move.points, move.win_chance)
                for action, move in zip(hint.actions, hint.decision.moves, strict=True)
            ]
            return Reply(lines=hint_lines(ranked, self.style, hint.gaps, hint.decision.samples))
        action, why = self.session.advice(seat)
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

    def _undo(self, args: list[str], seat: int, on_event=None) -> Reply:
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
            word = args[0].lower()
            word = ALIASES.get(word, META_ALIASES.get(word, word))
            line = USAGE.get(word) or (meta_line(word) if word in META else None)
            if line is None:
                return Reply(error=unknown(args[0], "no command", [*USAGE, *META]))
            paragraph = textwrap.fill(
                detail(word, rules), width=max(40, min(_width(), 100) - 1), initial_indent="  ",
                subsequent_indent="  ", break_on_hyphens=False,
            )  # fmt: skip
            if not _in_game(word, rules):
                paragraph += "\n  (Not a move in this game.)"
            return Reply(lines=[line, paragraph])
        shown = {word for word in USAGE if _in_game(word, rules)}
        lines = ["Moves:"] + [f"  {text}" for word, text in USAGE.items() if word in shown]
        lines += ["Table:"] + [f"  {meta_line(word)}" for word in META]
        lines.append("help COMMAND tells one in detail, with examples: help lay")
        lines.append(
            f"Legal now: {legal_summary(self.session, ascii=self.style.ascii, by_rank=self.by_rank)}"
        )
        return Reply(lines=lines)

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


def _in_game(word: str, rules) -> bool:
    """Whether a move of the command language can be played under these rules: the
    first pile card (upcard=chosen), the windows (RULES 7), the dealer's joker (RULES 8)."""
    if word == "upcard":
        return rules.upcard == "chosen"
    if word == "rum":
        return rules.rum_call
    if word == "pass":
        return rules.rum_call or rules.out_of_turn or rules.opponents_hand
    if word in ("power", "block"):
        return rules.variant == "dealers_gambit"
    return True
