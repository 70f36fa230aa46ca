"""The rules in effect, in plain words (`rummy500 rules`, the in-game `rules`)."""

from __future__ import annotations

from ..rules import Rules, format_value
from ..variants import variant_of
from ..variants.partnership import partnered
from .words import count


def rules_text(rules: Rules, players: int | None = None) -> str:
    """Every rule of the game in force, one short paragraph per topic."""
    r = rules
    lines = []
    variant = variant_of(r)
    opening = variant.players_paragraph(r)  # RULES 8: sides and their pack
    if opening:
        lines.extend(opening)
    elif players:
        decks = r.deck_count(players)
        lines.append(
            f"Players: {players}, each for themself; {r.cards_dealt(players)} cards each from "
            f"{'one 52-card deck' if decks == 1 else 'two decks mixed (104 cards)'}."
        )
    else:
        lines.append(
            "Players: 2 to 8. 13 cards each with 2 players, 7 with 3 or more"
            + ("" if r.hand_size == "auto" else f" (here {r.hand_size})")
            + "; one deck for 2-4 players, two for 5-8"
            + ("" if r.decks == "auto" else f" (here {r.decks})")
            + "."
        )
    lines.append(
        "Deal: the lowest card drawn deals first; the deal then passes "
        + (
            ("to the left." if variant.step == 1 else "to the right.")
            if r.next_dealer == "left"
            else "to the player who went out."
        )
        + (
            " The top of the stock starts the discard pile."
            if r.upcard == "stock"
            else " The player left of the dealer gets an extra card and starts the pile with "
            "a card of their choice."
        )
    )
    lines.append(
        "Melds: a set is 3 or 4 cards of one rank"
        + (
            " (two of a suit allowed with two decks, up to 8)"
            if r.set_duplicate_suits
            else ", all of different suits"
        )
        + f"; a run is {r.min_new_run} or more consecutive cards of one suit. Aces are low "
        "(A-2-3) or high (Q-K-A)"
        + (
            ", and runs may turn the corner (K-A-2)."
            if r.around_the_corner
            else ", never both (no K-A-2)."
        )
    )
    draw = "the top card of the stock" if r.stock_draw == 1 else "two cards from the stock"
    use = "in a new meld only" if r.pile_use == "meld_only" else "in a new meld or a lay-off"
    kept = "may not be discarded again that turn nor left alone in your hand"  # RULES 6b.8
    take = {
        "must_use": "any card of the pile with every card above it; the chosen card must "
        f"be put on the table at once ({use})",
        "keep": "any card of the pile with every card above it, using the chosen card at "
        f"once ({use}); the top card alone may be taken and kept: it need not be used, "
        f"but {kept}",
        "only": f"only the top card of the pile (RULES 4.1): it need not be used, but {kept}",
    }[r.top_discard]
    lines.append(
        f"Turn: draw {draw}, or take {take}. Then meld and lay off on anyone's melds as "
        "you like (lay-offs score for you), and discard one card."
    )
    out = (
        "Going out: by melding, laying off or discarding your last card."
        if r.final_discard == "optional"
        else "Going out: only by discarding your last card (keep one to discard)."
    )
    lines.append(out)
    stock = {
        "end": "the round ends when the stock is empty and the player to draw will not take from the pile",
        "reshuffle": "when the stock is empty the pile but its top card becomes a new shuffled stock (at most 3 times)",
        "discard_only": "when the stock is empty play goes on without drawing until someone goes out",
    }[r.stock_out]
    penalty = "" if r.stock_out_hand_penalty else "; after a stock-out nobody deducts their hand"
    lines.append(
        f"Stock: {stock}{penalty}. A round with no draw from the stock for 4 full rotations ends as a stock-out."
    )
    values = (
        "2-9 face value; 10, J, Q, K 10; Ace 15, but 1 when played low in a run"
        if r.card_values == "face"
        else "A-9 count 5 (an Ace 15 when high or in a set); 10, J, Q, K 10"
    )
    goal = variant.goal_words(r)
    lines.append(
        f"Scoring: {values}; an Ace left in hand counts 15. Each round you score the cards you "
        f"put on the table minus the cards left in your hand. {goal}"
    )
    extras = []
    if r.ace_value:
        extras.append(f"Aces always count {r.ace_value}, high or low, and in the hand")
    if r.other_cards:
        extras.append(f"every card but the Aces counts {r.other_cards}")
    if r.four_aces:
        extras.append(f"four Aces laid at once by one player score {r.four_aces}")
    if r.go_out_bonus:
        extras.append(f"going out on one's first turn of the round scores {r.go_out_bonus} more")
    if r.master_run:
        extras.append(
            "laying a run of 7 or more and then discarding one's last card in the same turn scores 500 more"
        )
    if r.divide_by_five:
        extras.append("every value (and bonus) is divided by five")
    if extras:
        lines.append("Scoring options: " + "; ".join(extras) + ".")
    if r.first_meld_min:
        lines.append(
            "First meld: your first turn with plays in a round must put at least "
            f"{r.first_meld_min} points on the table."
        )
    lines.extend(_out_of_turn(r))
    lines.extend(variant.rules_paragraph(r))  # RULES 8: the variant's own rules
    if r.max_rounds:
        rounds = count(r.max_rounds, "round")
        lines.append(f"The game stops unfinished after {rounds} if nobody has won.")
    lines = [_cite(line, r) for line in lines]
    changes = r.changes()
    lines.append(
        "Options changed from the standard game: "
        + (", ".join(f"{k}={format_value(v)}" for k, v in changes.items()) if changes else "none")
        + "."
    )
    return "\n".join(lines)


CITES = {
    "Players:": "1.1-1.2, 2.3",
    "Pack:": "1.2, 2.3",
    "Deal:": "2",
    "Melds:": "3",
    "Turn:": "4",
    "Going out:": "5.1",
    "Stock:": "5.2-5.4",
    "Scoring:": "6",
    "Scoring options:": "7",
    "First meld:": "7.1",
    "Rum!:": "7.8",
    "Out of turn:": "7.9",
    "Opponents' hands:": "7.10",
}
"""The rules of the numbered rule book (rummy500-rules(7)) each paragraph tells."""


def _cite(line: str, r: Rules) -> str:
    """A paragraph with the rules it tells cited at its end, as messages cite them."""
    if "RULES " in line:
        return line
    for label, numbers in CITES.items():
        if line.startswith(label):
            if label == "Players:" and partnered(r):
                numbers = "8.2-8.3"
            return f"{line} (RULES {numbers})"
    return line


def _out_of_turn(r: Rules) -> list[str]:
    """RULES 7: rum_call, out_of_turn, opponents_hand, and the order of the windows."""
    lines = []
    if r.rum_call:
        lines.append(
            "Rum!: when a discard could be laid off on a meld, the other players, asked in "
            "turn from the discarder's left, may call Rum! (rum) or pass; the first caller "
            "lays the card off alone and it scores for them. Play goes on after the discarder."
        )
    if r.out_of_turn:
        lines.append(
            "Out of turn: after each discard, each other player with a play (from the "
            "discarder's left) may meld and lay off as in a turn, then pass; emptying the hand "
            "this way goes out."
        )
    if r.opponents_hand:
        lines.append(
            "Opponents' hands: the player who goes out adds the others' hands to their score "
            "and nobody subtracts a hand; first, each other player may lay off cards on the "
            "melds of the player who went out (they score nothing). When the stock runs out, "
            "with 2 players each adds the other's hand; with more, each subtracts their own."
        )
    return lines
