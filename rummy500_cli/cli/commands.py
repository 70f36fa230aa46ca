"""The in-game command language: moves and the table commands around them.

`Interpreter.handle(line, seat)` answers a `Reply`: lines to show, an error (one line),
whether to leave. It knows nothing of terminals: the loop prints the reply.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from ..actions import ALIASES, USAGE, parse_action
from ..engine import legal_actions
from ..errors import LogError, Rummy500Error, clipped, quoted
from ..events import Event, RoundEnded
from ..numbers import whole_number
from ..protocol import MAX_LINE
from ..render.rules_text import rules_text
from ..render.scores import score_table
from ..render.style import Style
from ..render.table import hand_line, meld_lines, pile_line, sides_line, table_view
from ..session import Session
from ..sides import partnered
from ..view import visible_event

META = {
    "hint": "hint: a suggested move and why",
    "hand": "hand: your cards",
    "table": "table (or ?): the whole table",
    "pile": "pile: the discard pile, with the numbers to take",
    "melds": "melds: the melds on the table, with their ids",
    "score": "score: running totals and the last round's score table",
    "rules": "rules: the rules of this game in words",
    "log": "log [N]: the last N events (default 20) as recorded",
    "sort": "sort rank|suit: how your hand is sorted",
    "help": "help [COMMAND]: the commands, or one in detail",
    "quit": "quit (or q, Ctrl-D): leave; the game is saved",
}
META_ALIASES = {"?": "table", "q": "quit", "exit": "quit", "h": "help", "s": "score"}
COMMAND_WORDS = sorted({*ALIASES, *META, *META_ALIASES})


@dataclass
class Reply:
    lines: list[str] = field(default_factory=list)
    error: str | None = None
    events: list[Event] = field(default_factory=list)
    quit: bool = False


def legal_summary(session: Session, limit: int = 6, ascii: bool = True) -> str:
    """The legal moves now, in the command language, shortened for one line."""
    actions = legal_actions(session.state)
    words = []
    for action in actions:
        text = action.text(ascii)
        if text.startswith("discard") and len(actions) > limit:
            words.append("discard CARD")
            break
        words.append(text)
    shown = list(dict.fromkeys(words))
    more = len(shown) - limit
    text = ", ".join(shown[:limit])
    return text + (f" (+{more} more)" if more > 0 else "")


class Interpreter:
    """Reads one line of the command language for a seat and acts on the session."""

    def __init__(self, session: Session, style: Style) -> None:
        self.session = session
        self.style = style
        self.by_rank = False

    def handle(self, line: str, seat: int, on_event=None) -> Reply:
        words = line.split()
        if not words:
            return Reply()
        word = words[0].lower()
        word = META_ALIASES.get(word, word)
        if word in META:
            return getattr(self, f"_{word}")(words[1:], seat)
        state = self.session.state
        if state.to_move != seat:
            return Reply(error=f"it is {state.players[state.to_move]}'s turn")
        if len(line) > MAX_LINE:
            return Reply(error=f"a line of {len(line)} characters is too long for a command")
        try:
            action = parse_action(line, state)
            events = self.session.submit(action, seat, on_event)
        except LogError:
            raise  # the move could not be saved: that stops the game, it is no refusal
        except Rummy500Error as error:
            legal = legal_summary(self.session, ascii=self.style.ascii)
            return Reply(error=f"{clipped(str(error))}; legal now: {legal}")
        return Reply(events=events)

    def table(self, seat: int) -> str:
        return table_view(self.session.state, seat, self.style, self.by_rank)

    # --- meta commands -------------------------------------------------------------------

    def _hint(self, args: list[str], seat: int) -> Reply:
        state = self.session.state
        if state.to_move != seat:
            return Reply(error="no hint now: it is not your turn")
        action, why = self.session.advice(seat)
        return Reply(lines=[f"hint: {action.text(ascii=self.style.ascii)} — {why}"])

    def _hand(self, args: list[str], seat: int) -> Reply:
        return Reply(lines=[hand_line(self.session.state, seat, self.style, self.by_rank)])

    def _table(self, args: list[str], seat: int) -> Reply:
        return Reply(lines=[self.table(seat)])

    def _pile(self, args: list[str], seat: int) -> Reply:
        return Reply(lines=[pile_line(self.session.state, self.style)])

    def _melds(self, args: list[str], seat: int) -> Reply:
        return Reply(lines=meld_lines(self.session.state, self.style))

    def _score(self, args: list[str], seat: int) -> Reply:
        state = self.session.state
        lines = [
            "Totals: "
            + " · ".join(f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True))
            + f" (playing to {state.rules.target})"
        ]
        if partnered(state.rules):  # RULES 8: the sides decide; each seat's own part
            seats = " · ".join(f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True))
            lines = [sides_line(state), f"Seats: {seats}"]
        ended = [e for e in self.session.events if isinstance(e, RoundEnded)]
        if ended:
            lines.append(score_table(state.players, ended[-1]))
        return Reply(lines=lines)

    def _rules(self, args: list[str], seat: int) -> Reply:
        state = self.session.state
        return Reply(lines=[rules_text(state.rules, state.n)])

    def _log(self, args: list[str], seat: int) -> Reply:
        count = (whole_number(args[0]) if args else None) or 20
        events = self.session.events
        start = max(0, len(events) - count)
        lines = []
        for number in range(start, len(events)):
            data = visible_event(events[number], seat)
            lines.append(f"{number:>5} {msgspec.json.encode(data).decode()}")
        return Reply(lines=lines)

    def _sort(self, args: list[str], seat: int) -> Reply:
        if args and args[0].lower() in ("rank", "suit"):
            self.by_rank = args[0].lower() == "rank"
        else:
            self.by_rank = not self.by_rank
        return self._hand([], seat)

    def _help(self, args: list[str], seat: int) -> Reply:
        if args:
            word = args[0].lower()
            word = ALIASES.get(word, META_ALIASES.get(word, word))
            text = USAGE.get(word) or META.get(word)
            if text is None:
                return Reply(error=f"no command {quoted(args[0], 40)}; try help")
            return Reply(lines=[text])
        rules = self.session.state.rules
        shown = {word for word in USAGE if _in_game(word, rules)}
        lines = ["Moves:"] + [f"  {text}" for word, text in USAGE.items() if word in shown]
        lines += ["Table:"] + [f"  {text}" for text in META.values()]
        lines.append(f"Legal now: {legal_summary(self.session, ascii=self.style.ascii)}")
        return Reply(lines=lines)

    def _quit(self, args: list[str], seat: int) -> Reply:
        return Reply(quit=True)


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
