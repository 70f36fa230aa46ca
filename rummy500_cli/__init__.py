"""rummy500: Rummy 500 in the terminal, on an event-sourced engine.

The engine (cards, melds, rules, actions, events, state, engine, deal, scoring) is pure:
it knows nothing of terminals, files or clocks. `log` writes and reads game files; `cli`
is the command line.
"""

__version__ = "0.1.0"
