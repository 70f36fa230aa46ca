"""The rules at work: which actions are legal, and what events an action makes.

Two entry points carry the whole game:

- `legal_actions(state)`: every legal action of the player to move, exactly;
- `resolve(state, action)`: the events that the action makes, or a typed error (a
  `ValueError` subclass from `errors`) whose message says what was wrong and what would
  be legal. It never changes the state: the caller applies the events it gets.

`new_game` makes the opening events; `play` resolves and applies; `recorded_action`
reads a log's event back into the action it records. Comments cite the rule they
implement (RULES x.y is rule y of section x of the rule book, rummy500-rules(7)).

The package is split by idea: `phases` (the entry points over the phases), `setup`,
`draw`, `uses`, `turn`, `windows`, `flow` (what follows a move), `round_end`,
`lookahead` (first_meld_min), `plays`, `wild`, `values` and `record`. The variants of
RULES 8 plug in from the `variants` package above (`variant_of(state.rules)`: one object
each, whose hooks the turn logic calls); the cards of a play are `holding`'s.
"""

from __future__ import annotations

from .draw import usable_depths
from .phases import legal_actions, play, resolve
from .plays import joker_actions, play_value
from .record import recorded_action
from .round_end import ROUND_LIMIT, after_round_end
from .setup import deal_round, new_game
from .uses import chosen_uses
from .values import layoff_values, meld_shape, meld_values
from .wild import joker_play_points

__all__ = [
    "ROUND_LIMIT",
    "after_round_end",
    "chosen_uses",
    "deal_round",
    "joker_actions",
    "joker_play_points",
    "layoff_values",
    "legal_actions",
    "meld_shape",
    "meld_values",
    "new_game",
    "play",
    "play_value",
    "recorded_action",
    "resolve",
    "usable_depths",
]
