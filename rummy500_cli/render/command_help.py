"""The in-game `help COMMAND`: a paragraph for each command, with examples, fitted to
the game's rules (jokers are mentioned only where there are some).

`help` alone lists one line a command (actions.USAGE for the moves, META in cli/commands
for the others); these paragraphs are the detail behind each line.
"""

from __future__ import annotations

from ..rules import Rules
from ..variants import variant_of

DETAIL: dict[str, str] = {
    "draw": (
        "Draw the top card of the stock (two cards under stock_draw=2): the first step of "
        "a turn, unless you take from the pile instead (RULES 4.1). Example: draw"
    ),
    "take": (
        "Take a card of the discard pile and every card above it. N counts from the top "
        "of the pile, 1 being the top card: the table's Pile line numbers each card, as "
        "Pile (take N): 3:7♥ 2:K♠ 1:5♦. You may name the card instead. The chosen card "
        "must go on the table in this same turn: your next move melds it or lays it off, "
        "and a take that could not do so is refused (RULES 4.1); the cards above it join "
        "your hand. Examples: take 1, take 3, take 7h"
    ),
    "meld": (
        "Lay a new meld from your hand: a set, 3 or 4 cards of one rank each of a "
        "different suit, or a run, 3 or more cards of one suit in sequence (RULES 3.1-3.2, "
        "4.2). Its cards score for you. low or high says where an Ace goes when the cards "
        "allow both (A-2-3 or Q-K-A). Examples: meld 7h 7s 7d, meld 5c 6c 7c 8c, "
        "meld qh kh ah"
    ),
    "lay": (
        "Lay cards from your hand off on a meld on the table, yours or anyone's: at an "
        "end of a run, or to fill a set; they score for you (RULES 4.2). MELD is the "
        "meld's number, shown as #2 on the table. low or high picks the end of a run when "
        "the cards could go to either. Without on MELD the cards go on the one meld they "
        "fit, when only one fits. Examples: lay 8h on 2, lay 10s js on 1 high, lay 3s"
    ),
    "discard": (
        "Discard a card face up on the pile: the last step of a turn (RULES 4.3). "
        "Discarding, melding or laying off your last card goes out and ends the round "
        "(RULES 5.1). Example: discard ks (or x ks)"
    ),
    "upcard": (
        "Under upcard=chosen only: begin the discard pile with a card of your hand, the "
        "first move of a round for the player left of the dealer (RULES 2.7). "
        "Example: upcard 9c"
    ),
    "pass": (
        "In a window (a Rum! call, play out of turn, or laying off on the melds of the "
        "player who went out, RULES 7): do nothing more; the next player is asked. "
        "Example: pass"
    ),
    "rum": (
        "In a Rum! window (rum_call, RULES 7.8): take the discard just made and lay it off "
        "on a meld, alone; it scores for you. Name the meld, and the end of a run, when "
        "it fits more than one place. Examples: rum, rum 2, rum 3 high"
    ),
    "power": (
        "Under dealers_gambit only: the dealer names the power of the dealer's joker for "
        "the round, before anyone plays (RULES 8.4): wild (a wild card worth 0), double "
        "(laid on a new meld, it doubles and seals it) or split (a take that leaves some "
        "cards above the chosen one out of the game: take 5 split 2). Example: power double"
    ),
    "block": (
        "Under dealers_gambit only: lay a joker of your hand face down on the dealer's "
        "joker, which the dealer then cannot use this round (RULES 8.4). Example: block"
    ),
    "hint": (
        "A suggested move and why: the choice of the strongest computer player in your "
        "seat, from what you may see. It takes a moment. hint --why shows what that "
        "player believes about each other hand, from what your seat has seen: the cards "
        "it is sure of (taken from the pile and not played since), the most likely "
        "others with their chance, and why (a card taken from deep in the pile had to go "
        "on the table at once). Examples: hint, hint --why"
    ),
    "hand": "Your hand, sorted as sort says: by suit (the default) or by rank.",
    "table": "The whole table: the scores, whose turn, the pile, the melds, your hand.",
    "pile": "The discard pile, oldest card first, each with the number that takes it.",
    "melds": "The melds on the table with their numbers (#1), owners, and who laid off what.",
    "score": "The running totals, the target, and the score table of the last round.",
    "rules": (
        "The rules of this game in words; with a number, that rule of the rule book, as "
        "a refusal cites it (RULES 4.1). Examples: rules, rules 4.1, rules 8"
    ),
    "log": (
        "The last N events of the game (20 by default), told in words as they happened, "
        "each with its number in the log; what your seat could not see stays hidden. "
        "Example: log 5"
    ),
    "sort": (
        "Sort your hand by rank or by suit (spades, hearts, clubs, diamonds, each from "
        "the Ace up); alone, switch between the two. The choice is remembered for the "
        "next games (rummy500 config). Examples: sort rank, sort"
    ),
    "undo": (
        "Take back your last move and everything the bots played after it: the game goes "
        "back to where you were to make that move. undo N goes N of your moves back. "
        "Only against bots (not in a hot-seat game), within the round in play (a scored "
        "round stands), and not in a game started with --no-undo. The log keeps what was "
        "taken back, and analyze counts your takebacks. Examples: undo, undo 2"
    ),
    "help": "The commands, or one of them in detail. Examples: help, help lay",
    "quit": "Leave the game; every move is saved, and the line that resumes it is printed.",
}


def detail(word: str, rules: Rules) -> str:
    """The paragraph of one command under these rules."""
    text = DETAIL[word]
    if word == "meld" and rules.jokers_per_deck:
        text += (
            ". A joker is jk; jk=7h names the card it stands for where it could be two "
            "(the end of a run): meld 5h 6h jk=7h"
        )
        if variant_of(rules).has_power:  # RULES 8: the dealer's joker
            text += "; double after the cards lays the dealer's joker on the meld (power double)"
    return text
