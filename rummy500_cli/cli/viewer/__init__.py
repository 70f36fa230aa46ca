"""The interactive replay viewer (prompt-toolkit), for `rummy500 replay` on a terminal.

Keys: → ← (l h) one event; ↓ ↑ one turn; ] [ one rotation of turns; PgDn PgUp one
round; Home End; g then a number (an event) or a card (the next event that moves it)
and Enter; b m i the next blunder, mistake, inaccuracy once the game is analysed (B M I
the previous one), and before a judged decision the move played against the better
ones; c C the next and previous of the players' costliest decisions, the worst first
(labelled or not, going round: in a game with any loss there is always one to visit);
e the evaluation graph (each seat's chance of winning over the game) with the
players' accuracy; r the expert's reads of the other hands from the seat seen (--as;
with --as all, from the seat to move); u U the next and previous takeback (where a
player took moves back: the position shows what was taken back); t takes over: asks
which seat is yours (Enter: the seat seen with --as, else seat 0), then branches the
game here with that seat played by you and the others as recorded, and plays it; ? the
keys; q quits.

Stepping follows the line played: past what a takeback took back, to the takeback
itself; g N shows any line of the log, one taken back too (the game as it stood then),
and stepping from there goes through the log line by line.

The package in four rooms: `model` (the state and its moves, pure), `keys` (the one key
table: bindings, help line), `screen` (the text for a state) and `app` (prompt-toolkit's
wiring, imported only when the viewer opens).
"""

from .app import view_replay
from .model import CostlyTour, ViewerState

__all__ = ["CostlyTour", "ViewerState", "view_replay"]
