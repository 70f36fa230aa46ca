"""The rules at work: which actions are legal, and what events an action makes.

Two entry points carry the whole game:

- `legal_actions(state)`: every legal action of the player to move, exactly;
- `resolve(state, action)`: the events that the action makes, or a typed error (a
  `ValueError` subclass from `errors`) whose message says what was wrong and what would
  be legal. It never changes the state: the caller applies the events it gets.

`new_game` makes the opening events. Comments cite the rule they implement (RULES x.y is
a section of ../shared/RULES.md, kept in the man pages).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec
from msgspec.structs import replace

from . import __version__
from .actions import (
    Action,
    AnyAction,
    BlockJoker,
    CallRum,
    ChooseUpcard,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    NamePower,
    Pass,
    TakePile,
)
from .cards import BY_TEXT, JOKER, Card, format_cards, new_deck, sort_key
from .deal import deal_cards, draw_for_dealer, rebuilt_stock, seed_text, shuffled_deck
from .errors import AmbiguousAction, IllegalAction, RulesError
from .events import (
    FORMAT_VERSION,
    DealerDrawn,
    Discarded,
    DrawSkipped,
    Event,
    GameEnded,
    GameStarted,
    JokerBlocked,
    LaidOff,
    Melded,
    Passed,
    PileTaken,
    PowerNamed,
    RoundDealt,
    RoundEnded,
    RumCalled,
    SeatScore,
    StockDrawn,
    StockRebuilt,
    UpcardChosen,
    WindowOpened,
)
from .gambit import POWERS
from .jokers import Slots, faces_of, joker_layoff, joker_layoffs, joker_melds, joker_shape
from .melds import (
    Meld,
    Shape,
    hand_index,
    layoff_end,
    layoffs_on,
    max_set_size,
    rank_at,
    run_ace_high,
    runs_in,
    sets_in,
    shape_of,
)
from .persian import (
    doubled,
    joker_layoff_end,
    joker_layoffs_on,
    joker_set_shape,
    joker_sets_in,
    plays_jokers,
)
from .rules import STANDARD, Rules
from .scoring import bonus_points, hand_total, hand_value, table_value, value_tables
from .sides import opponents, partnered, side_sums
from .state import State

ROUND_LIMIT = 1000
"""RULES 5.4 (termination): with no `max_rounds`, a game that has not been won after this
many rounds (players who never meld can keep every total below the target) ends
unfinished, as `max_rounds` would end it. A real game is 4 to 15 rounds."""

PERSIAN_DEALS = 2
"""RULES 8 (`persian`): a game is two deals (more only to break a tie, RULES 6.4)."""
PERSIAN_OUT = 25
"""RULES 8 (`persian`): going out scores this for the side."""
PERSIAN_GAME = 50
"""RULES 8 (`persian`): the side with more points after the deals gets this."""

REACH_BUDGET = 4000
"""How many positions the first_meld_min look-ahead may visit before it gives up and
treats the minimum as out of reach (a refusal, never a game that cannot go on)."""


# --- Starting a game -------------------------------------------------------------------


def new_game(
    players: Sequence[str],
    rules: Rules = STANDARD,
    seed: int | str = 0,
    deck: Sequence[Sequence[Card]] = (),
    seats: Sequence[str] = (),
) -> list[Event]:
    """The opening events of a game: header, the draw for the first dealer, first deal.

    `seats` records who plays each seat (`human`, `bot:LEVEL`), for resuming.

    With a stacked `deck` (for each of the first rounds, the top of its deck) the last
    seat deals the first round, so that seat 0 gets the first card and plays first.
    """
    names = tuple(name.strip() for name in players)
    rules.check(len(names))
    if any(not name for name in names):
        raise RulesError("every player needs a name")
    if len(set(names)) != len(names):
        raise RulesError(f"two players share a name ({', '.join(names)}): names must differ")
    _check_stacked(deck, rules, len(names))
    header = GameStarted(
        format=FORMAT_VERSION,
        program=f"rummy500 {__version__}",
        rules=rules,
        players=names,
        seed=seed_text(seed),
        deck=tuple(tuple(card.ascii for card in cards) for cards in deck),
        seats=tuple(seats),
    )
    if deck:  # seat 0 receives the first card and plays first
        first_dealer = 1 % len(names) if rules.variant == "dealers_gambit" else len(names) - 1
        drawn = DealerDrawn(draws=(), dealer=first_dealer)
    else:
        draws, dealer = draw_for_dealer(header.seed, len(names))
        drawn = DealerDrawn(draws=tuple(tuple(row) for row in draws), dealer=dealer)
    return [header, drawn, deal_round(header, 1, drawn.dealer)]


def _check_stacked(deck: Sequence[Sequence[Card]], rules: Rules, players: int) -> None:
    full = new_deck(rules.deck_count(players), rules.jokers_per_deck)
    if rules.variant == "dealers_gambit":
        full.remove(JOKER)  # RULES 8: the dealer's joker is never dealt
    for number, cards in enumerate(deck, 1):
        left = list(full)
        for card in cards:
            if card not in left:
                raise RulesError(
                    f"stacked deck, round {number}: {card} appears more often than the "
                    f"{len(full)}-card deck holds it"
                )
            left.remove(card)


def deal_round(header: GameStarted, round_no: int, dealer: int) -> RoundDealt:
    """RULES 2: the deal of a round, from the stacked deck or the seeded shuffle."""
    rules = header.rules
    n = len(header.players)
    deck = shuffled_deck(header.seed, round_no, rules.deck_count(n), rules.jokers_per_deck)
    if round_no <= len(header.deck):
        top = [Card.parse(text) for text in header.deck[round_no - 1]]
        for card in top:
            deck.remove(card)
        deck = top + deck
    step = 1
    if rules.variant == "dealers_gambit":  # RULES 8: the dealer's joker is taken out
        del deck[len(deck) - 1 - deck[::-1].index(JOKER)]
        step = -1  # and the deal goes counter-clockwise
    hands, upcard, stock = deal_cards(
        deck, n, dealer, rules.cards_dealt(n), extra_to_left=rules.upcard == "chosen", step=step
    )
    return RoundDealt(
        round=round_no,
        dealer=dealer,
        hands=tuple(tuple(card.ascii for card in hand) for hand in hands),
        upcard=None if upcard is None else upcard.ascii,
        stock=tuple(card.ascii for card in stock),
    )


# --- Checks shared by plays ------------------------------------------------------------


def _has(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    if len(cards) == 1:
        return cards[0] in hand
    if len(set(cards)) == len(cards):  # no twin among them: membership is enough
        return all(card in hand for card in cards)
    needed: dict[Card, int] = {}
    for card in cards:
        needed[card] = needed.get(card, 0) + 1
    return all(hand.count(card) >= count for card, count in needed.items())


def _remaining(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def meld_values(cards: Sequence[Card], kind: str, rules: Rules) -> list[int]:
    """The value each card of a new meld scores (RULES 6.1, 6b.1; `four_aces`, RULES 7)."""
    low, high = value_tables(rules)
    if kind == "set":
        if rules.four_aces and len(cards) == 4 and cards[0].rank == 1:
            return [bonus_points(rules.four_aces, rules) // 4] * 4
        return doubled([high[card.rank] for card in cards], rules)
    ranks = [card.rank for card in cards]
    return [
        high[1] if rank == 1 and run_ace_high(ranks, i) else low[rank]
        for i, rank in enumerate(ranks)
    ]


def meld_shape(
    cards: Sequence[Card], rules: Rules, decks: int, ace_high: bool | None = None
) -> Shape:
    """What cards would be as a new meld (`melds.shape_of`), a set of jokers under
    `persian` (RULES 8) included. Raises IllegalAction or AmbiguousAction."""
    if JOKER in cards and plays_jokers(rules):
        return joker_set_shape(cards)
    return shape_of(cards, rules, decks, ace_high)


def layoff_values(meld: Meld, cards: Sequence[Card], end: str | None, rules: Rules) -> list[int]:
    """The value each laid-off card scores: an Ace next to a King is high (RULES 6b.1)."""
    if meld.kind == "set":
        return [table_value(card, rules, True) for card in cards]
    ranks = [card.rank for card in cards]
    if end == "low":
        ranks.append(meld.cards[0].rank)
        offset = 0
    else:
        ranks.insert(0, meld.cards[-1].rank)
        offset = 1
    return [
        table_value(card, rules, card.rank == 1 and run_ace_high(ranks, i + offset))
        for i, card in enumerate(cards)
    ]


def _play_problem(state: State, seat: int, left: int, rest: Sequence[Card] | None) -> str | None:
    """Why a play that leaves `left` cards in hand is refused, or None."""
    rules = state.rules
    if left == 0 and rules.final_discard == "required":
        return "final_discard=required: you may go out only by discarding, so keep a card"
    kept = state.kept
    if kept is not None and left == 1 and rest is not None and rest[0] is kept:
        return (
            f"{kept} was taken from the pile this turn and may not be your discard: "
            "keep another card"
        )
    return None


# --- First meld minimum (RULES 7, 6b.4) -------------------------------------------------


def _needs_minimum(state: State, seat: int) -> int:
    """Points the seat's turn must still reach, or 0 when first_meld_min does not apply."""
    minimum = state.rules.first_meld_min
    if not minimum or state.opened[seat] or state.phase == "window":
        return 0
    return max(minimum - state.turn_points, 0)


def _reachable(
    state: State, hand: list[Card], melds: list[Meld], need: int, power: bool = True
) -> bool:
    """Whether plays from the hand can still add `need` points this turn (bounded search).

    A turn can end by a discard (a card must be left, and not the kept one) or by going
    out (unless final_discard=required).
    """
    rules = state.rules
    budget = [REACH_BUDGET]
    factor = 2 if _power_problem(state, state.to_move, "double") is None else 1

    def search(hand: list[Card], melds: list[Meld], need: int, power: bool = True) -> bool:
        if need <= 0:
            return True
        budget[0] -= 1
        if budget[0] < 0 or factor * sum(hand_value(card, rules) for card in hand) < need:
            return False
        for cards, points, meld_index, new_meld, spent in _plays(state, hand, melds, power):
            rest = _remaining(hand, cards)
            if not rest and (rules.final_discard == "required" or points < need):
                continue
            if len(rest) == 1 and rest[0] is state.kept:
                continue
            if points >= need:
                return True
            if meld_index >= 0:
                melds2 = list(melds)
                melds2[meld_index] = new_meld
            else:
                melds2 = melds
            if search(rest, melds2, need - points, power and not spent):
                return True
        return False

    return search(hand, melds, need, power)


def _plays(
    state: State, hand: list[Card], melds: list[Meld], power: bool = True
) -> Iterator[tuple[Sequence[Card], int, int, Meld | None, bool]]:
    """Plays for the look-ahead: (cards from the hand, points, index of the meld laid on
    or -1, that meld after the lay-off, whether the dealer's joker was spent). `power`:
    whether the dealer's joker is still there to use (RULES 8, dealers_gambit)."""
    rules, decks = state.rules, state.decks
    double = power and _power_problem(state, state.to_move, "double") is None
    for cards in sets_in(hand, rules, decks):
        yield cards, sum(meld_values(cards, "set", rules)), -1, None, False
        if double:
            yield cards, 2 * sum(meld_values(cards, "set", rules)), -1, None, True
    for _start, cards in runs_in(hand, rules):
        yield cards, sum(meld_values(cards, "run", rules)), -1, None, False
        if double:
            yield cards, 2 * sum(meld_values(cards, "run", rules)), -1, None, True
    ranks = hand_index(hand)
    sealed = _sealed(state)
    for index, meld in enumerate(melds):
        if meld.id in sealed:
            continue
        for cards, end in layoffs_on(meld, ranks, rules, decks):
            values = layoff_values(meld, cards, end, rules)
            yield cards, sum(values), index, meld.grown(cards, end), False
    if plays_jokers(rules):  # RULES 8, persian: sets of jokers
        for action in _joker_set_plays(state, hand, melds):
            if isinstance(action, LayOff):
                index = action.meld - 1
                meld = melds[index]
                values = layoff_values(meld, action.cards, None, rules)
                yield action.cards, sum(values), index, meld.grown(action.cards, None), False
            else:
                yield action.cards, sum(meld_values(action.cards, "set", rules)), -1, None, False
    if power and _wild_hand(state, hand) is not None:  # RULES 8
        for action, _faces, index, grown in _joker_plays(state, hand, melds):
            points = joker_play_points(state, action, melds)
            own = _own(state, action.cards)  # type: ignore[union-attr]
            yield own, points, index, grown, state.gambit is not None


def _minimum_ok(
    state: State,
    seat: int,
    rest: list[Card],
    melds: list[Meld],
    points: int,
    power: bool = True,
) -> bool:
    """Whether a play of `points` leaving `rest` can still reach first_meld_min this turn;
    `power` False when the play spends the dealer's joker (RULES 8, dealers_gambit)."""
    need = _needs_minimum(state, seat)
    if not need or points >= need:
        return True
    if not rest:
        return False
    return _reachable(state, rest, melds, need - points, power)


# --- Legal actions -----------------------------------------------------------------------


def legal_actions(state: State) -> list[AnyAction]:
    """Every legal action of the player to move, in a stable order."""
    phase = state.phase
    seat = state.to_move
    if phase == "draw":
        actions: list[AnyAction] = [DrawStock()]
        actions.extend(TakePile(depth) for depth in usable_depths(state))
        actions.extend(_split_takes(state))
        return actions
    if phase == "power":  # RULES 8, dealers_gambit
        return [NamePower(power) for power in POWERS]
    if phase == "play":
        hand = state.hands[seat]
        if state.pending is not None:
            return list(_uses(state, seat, state.pending, hand))
        return _plays_and_discards(state, seat, hand)
    if phase == "upcard":
        return [ChooseUpcard(card) for card in dict.fromkeys(state.hands[seat])]
    if phase == "window":
        if state.window_kind == "rum":
            places = _rum_places(state, state.pile[-1])
            return [*(CallRum(meld, end) for meld, end in places), Pass()]
        return [*_window_plays(state, seat), Pass()]
    return []


def usable_depths(state: State) -> list[int]:
    """RULES 4.1: the pile depths the player to move may take from."""
    rules = state.rules
    pile = state.pile
    if not pile:
        return []
    if rules.top_discard == "only":
        return [1]
    seat = state.to_move
    hand = state.hands[seat]
    plain = rules.final_discard == "optional" and not _needs_minimum(state, seat)
    ranks = hand_index(hand)
    # RULES 8: with a joker held or taken, or the dealer's joker, the exact slow path
    wild = JOKER in hand or state.gambit is not None
    depths = []
    for depth in range(1, len(pile) + 1):
        chosen = pile[-depth]
        if chosen.rank:
            ranks.setdefault(chosen.suit_no, set()).add(chosen.rank)
        else:
            wild = True
        if depth == 1 and rules.top_discard == "keep":
            depths.append(1)
            continue
        if plain and not wild:
            usable = _has_use(state, chosen, ranks, hand, pile[-depth:])
        else:
            held = hand + pile[-depth:]
            usable = next(_uses(state, seat, chosen, held), None) is not None
        if usable:
            depths.append(depth)
    return depths


def _take_usable(state: State, seat: int, depth: int) -> bool:
    """RULES 4.1: whether the chosen card at this depth could be used at once."""
    pile = state.pile
    chosen = pile[-depth]
    hand = state.hands[seat]
    wild = JOKER in hand or JOKER in pile[-depth:] or state.gambit is not None  # RULES 8
    if not wild and state.rules.final_discard == "optional" and not _needs_minimum(state, seat):
        ranks = hand_index(hand + pile[-depth:])
        return _has_use(state, chosen, ranks, hand, pile[-depth:])
    return next(_uses(state, seat, chosen, hand + pile[-depth:]), None) is not None


def _has_use(
    state: State, chosen: Card, ranks: dict[int, set[int]], hand: list[Card], taken: list[Card]
) -> bool:
    """Whether the chosen card could go on the table at once: the fast form of `_uses`
    when no rule limits which use may be made."""
    rules = state.rules
    if chosen is JOKER:
        return _joker_usable(state, hand, taken)
    rank, suit = chosen.rank, chosen.suit_no
    held_suits = [s for s in range(4) if rank in ranks.get(s, ())]
    if rules.set_duplicate_suits:
        copies = sum(1 for card in hand if card.rank == rank)
        copies += sum(1 for card in taken if card.rank == rank)
        if copies >= 3:
            return True
    elif len(held_suits) >= 3:
        return True
    in_suit = ranks[suit]
    around = rules.around_the_corner
    for position in (rank, 14) if rank == 1 and not around else (rank,):
        length = 1
        step = position - 1
        while length < 13 and rank_at(step) in in_suit and (around or step >= 1):
            length += 1
            step -= 1
        step = position + 1
        while length < 13 and rank_at(step) in in_suit and (around or step <= 14):
            if not around and position == 1 and step == 14:
                break
            length += 1
            step += 1
        if length >= rules.min_new_run:
            return True
    if rules.pile_use != "meld_or_layoff":
        return False
    limit = max_set_size(rules, state.decks)
    for meld in state.melds:
        if meld.kind == "set":
            if (
                meld.rank == rank
                and len(meld.cards) < limit
                and (rules.set_duplicate_suits or all(c.suit_no != suit for c in meld.cards))
            ):
                return True
            continue
        if meld.cards[0].suit_no != suit:
            continue
        room = 13 - len(meld.cards)
        for step, position in ((-1, meld.start - 1), (1, meld.end + 1)):
            for _ in range(room):
                if not around and not 1 <= position <= 14:
                    break
                held = rank_at(position)
                if held not in in_suit:
                    break
                if held == rank:
                    return True
                position += step
    return False


def _uses(
    state: State, seat: int, chosen: Card, hand: list[Card], unbounded: bool = False
) -> Iterator[AnyAction]:
    """RULES 4.1: the melds and lay-offs that would put the chosen pile card on the table
    with the cards held, under the rules that bound a play (none when `unbounded`)."""
    if chosen is JOKER and state.gambit is not None:
        return  # RULES 8, dealers_gambit: a dealt joker is never wild, so has no use
    rules = state.rules
    size = len(hand)
    need = 0 if unbounded else _needs_minimum(state, seat)
    double = _power_problem(state, seat, "double") is None  # RULES 8, dealers_gambit
    candidates: list[tuple[AnyAction, Sequence[Card], int, int, Sequence[Card]]] = []
    same_rank = [card for card in hand if card.rank == chosen.rank]
    for cards in sets_in(same_rank, rules, state.decks):
        if chosen in cards:
            points = sum(meld_values(cards, "set", rules)) if need else 0
            candidates.append((LayMeld(cards), cards, points, -1, cards))
            if double:
                candidates.append((LayMeld(cards, double=True), cards, 2 * points, -1, cards))
    same_suit = [card for card in hand if card.suit is chosen.suit]
    for start, cards in runs_in(same_suit, rules):
        if chosen in cards:
            points = sum(meld_values(cards, "run", rules)) if need else 0
            action = _run_action(cards, start, rules)
            candidates.append((action, cards, points, -1, cards))
            if double:
                action = LayMeld(cards, action.ace_high, double=True)
                candidates.append((action, cards, 2 * points, -1, cards))
    sealed = _sealed(state)
    if rules.pile_use == "meld_or_layoff":
        ranks = hand_index(hand)
        for index, meld in enumerate(state.melds):
            if meld.id in sealed:
                continue
            for cards, end in layoffs_on(meld, ranks, rules, state.decks):
                if chosen in cards:
                    points = sum(layoff_values(meld, cards, end, rules)) if need else 0
                    action = LayOff(cards, meld.id, end)
                    candidates.append((action, cards, points, index, cards))
    if chosen is JOKER and plays_jokers(rules):  # RULES 8, persian: sets of jokers
        for action in _joker_set_plays(state, hand, state.melds):
            if isinstance(action, LayOff) and rules.pile_use != "meld_or_layoff":
                continue
            points = play_value(state, action) if need else 0
            index = action.meld - 1 if isinstance(action, LayOff) else -1
            candidates.append((action, action.cards, points, index, action.cards))
    if _wild_hand(state, hand) is not None:  # RULES 8
        near = hand
        if chosen is not JOKER:  # only cards of its rank or suit can share a play with it
            near = [c for c in hand if c is JOKER or c.rank == chosen.rank or c.suit is chosen.suit]
        for action, faces, index, _grown_meld in _joker_plays(state, near, state.melds):
            if chosen not in action.cards:  # type: ignore[union-attr]
                continue
            if index >= 0 and rules.pile_use != "meld_or_layoff":
                continue
            points = joker_play_points(state, action, state.melds) if need else 0
            own = _own(state, action.cards)  # type: ignore[union-attr]
            candidates.append((action, own, points, index, faces))
    for action, cards, points, index, faces in candidates:
        if not unbounded and _play_problem(state, seat, size - len(cards), None) is not None:
            continue
        if need and points < need:
            rest = _remaining(hand, cards)
            laid_on = (state.melds[index], list(faces), action.end) if index >= 0 else None  # type: ignore[union-attr]
            melds = _with_meld(state.melds, laid_on)
            power = state.gambit is None or not (
                JOKER in action.cards or getattr(action, "double", False)  # type: ignore[union-attr]
            )
            if not rest or not _reachable(state, rest, melds, need - points, power):
                continue
        yield action


def _joker_usable(state: State, hand: list[Card], taken: list[Card]) -> bool:
    """RULES 4.1 with RULES 8 (`persian`): a joker taken from the pile is usable when the
    hand and the cards taken hold three jokers, or a set of jokers has room for it."""
    if not plays_jokers(state.rules):
        return False
    if hand.count(JOKER) + taken.count(JOKER) >= 3:
        return True
    return state.rules.pile_use == "meld_or_layoff" and any(
        joker_layoffs_on(meld, [JOKER]) for meld in state.melds
    )


def _joker_set_plays(state: State, hand: list[Card], melds: Sequence[Meld]) -> list[AnyAction]:
    """RULES 8 (`persian`): the sets of jokers the hand can lay, and its jokers' lay-offs
    on sets of jokers."""
    plays: list[AnyAction] = [LayMeld(cards) for cards in joker_sets_in(hand)]
    for meld in melds:
        plays.extend(LayOff(cards, meld.id, None) for cards in joker_layoffs_on(meld, hand))
    return plays


def play_value(state: State, action: AnyAction) -> int:
    """The points a meld or lay-off would put on the table now (0 for other actions)."""
    rules = state.rules
    if isinstance(action, LayMeld):
        shape = meld_shape(action.cards, rules, state.decks, action.ace_high)
        return sum(meld_values(shape.cards, shape.kind, rules))
    if isinstance(action, LayOff):
        meld = state.meld(action.meld)
        return sum(layoff_values(meld, action.cards, action.end, rules))
    return 0


def _run_action(cards: tuple[Card, ...], start: int, rules: Rules) -> LayMeld:
    """A run as an action, naming the Ace's end only where A-K and 2-A are both runs."""
    if len(cards) == 13 and not rules.around_the_corner:
        return LayMeld(cards, start == 2)
    return LayMeld(cards)


def _plays_and_discards(state: State, seat: int, hand: list[Card]) -> list[AnyAction]:
    rules = state.rules
    need = _needs_minimum(state, seat)
    checked = rules.final_discard == "required" or state.kept is not None or need
    ranks = hand_index(hand)
    plays: list[AnyAction] = list(_new_melds(state, hand, ranks))
    if _power_problem(state, seat, "double") is None:  # RULES 8, dealers_gambit
        plays += [LayMeld(a.cards, a.ace_high, double=True) for a in plays]  # type: ignore[union-attr]
    plays += _table_plays(state, hand, ranks)
    if _block_problem(state, seat) is None:
        plays.append(BlockJoker())
    if checked:
        plays = [action for action in plays if _play_allowed(state, seat, action)]
    discards: list[AnyAction] = []
    if not need or state.turn_points == 0 or state.turn_points >= rules.first_meld_min:
        kept = state.kept
        discards = [
            Discard(card)
            for card in dict.fromkeys(hand)
            if card is not kept or hand.count(card) > 1  # a twin from two decks may go
        ]
    return plays + discards


def _new_melds(state: State, hand: list[Card], ranks: dict[int, set[int]]) -> list[LayMeld]:
    """Every set and run the hand can lay (RULES 3)."""
    rules = state.rules
    melds = [LayMeld(cards) for cards in sets_in(hand, rules, state.decks)]
    melds.extend(_run_action(cards, start, rules) for start, cards in runs_in(hand, rules, ranks))
    return melds


def _table_plays(state: State, hand: list[Card], ranks: dict[int, set[int]]) -> list[AnyAction]:
    """Every lay-off of the hand on the melds that take cards, then every play with
    jokers (RULES 8), each once."""
    rules, decks = state.rules, state.decks
    melds = _open_melds(state)
    plays: list[AnyAction] = [
        LayOff(cards, meld.id, end)
        for meld in melds
        for cards, end in layoffs_on(meld, ranks, rules, decks)
    ]
    return plays + joker_plays_in(state, hand, melds)


def _play_allowed(state: State, seat: int, action: AnyAction) -> bool:
    try:
        _resolve_play(state, seat, action)
    except IllegalAction:
        return False
    return True


# --- Resolving an action into events ----------------------------------------------------


def resolve(state: State, action: Action, seat: int | None = None) -> list[Event]:
    """The events that an action of the player to move makes.

    `seat`, when given, is who is asking: acting out of turn is refused. Raises
    IllegalAction (or AmbiguousAction) and changes nothing when the action is refused.
    """
    phase = state.phase
    if phase == "over":
        raise IllegalAction("the game is over")
    if phase in ("start", "between"):
        raise IllegalAction("no round is in play")
    mover = state.to_move
    if seat is not None and seat != mover:
        raise IllegalAction(f"it is {state.players[mover]}'s turn, not {state.players[seat]}'s")
    if phase == "power":
        return _resolve_power(state, mover, action)
    if phase == "upcard":
        return _resolve_upcard(state, mover, action)
    if phase == "window":
        return _resolve_window(state, mover, action)
    if isinstance(action, (Pass, CallRum)):
        raise IllegalAction(
            f"{action.text()} is for the windows of rum_call and out_of_turn; it is your turn: "
            + ("draw or take from the pile" if phase == "draw" else "meld, lay off or discard")
        )
    if phase == "draw":
        if isinstance(action, DrawStock):
            return _resolve_draw(state, mover)
        if isinstance(action, TakePile):
            return _resolve_take(state, mover, action)
        raise IllegalAction(
            f"{_verb(action)} before drawing: draw from the stock (draw) or take from the "
            "pile (take N)"
        )
    if isinstance(action, (DrawStock, TakePile)):
        raise IllegalAction("you have already drawn this turn: meld, lay off or discard")
    return _resolve_play(state, mover, action)


def _verb(action: Action) -> str:
    return {LayMeld: "melding", LayOff: "laying off", Discard: "discarding"}.get(
        type(action), str(action)
    )


def _resolve_upcard(state: State, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, ChooseUpcard):
        raise IllegalAction(
            "upcard=chosen: first start the pile with a card of your hand (upcard CARD)"
        )
    if action.card not in state.hands[seat]:
        raise IllegalAction(f"{action.card} is not in your hand")
    return [UpcardChosen(seat=seat, card=action.card.ascii)]


def _resolve_draw(state: State, seat: int) -> list[Event]:
    rules = state.rules
    stock = state.stock
    if stock:
        count = min(rules.stock_draw, len(stock))  # RULES 6b.10
        return [StockDrawn(seat=seat, cards=tuple(card.ascii for card in stock[-count:][::-1]))]
    # RULES 5.2: the stock is empty and the player will not (or cannot) take from the pile.
    if rules.stock_out == "discard_only":
        return [DrawSkipped(seat=seat)]
    if rules.stock_out == "reshuffle" and state.rebuilt < 3 and len(state.pile) >= 2:
        count = state.rebuilt + 1
        header = state.header
        fresh = rebuilt_stock(state.pile[:-1], header.seed, state.round, count)  # RULES 6b.6
        drawn = fresh[: min(rules.stock_draw, len(fresh))]
        return [
            StockRebuilt(seat=seat, count=count, stock=tuple(card.ascii for card in fresh)),
            StockDrawn(seat=seat, cards=tuple(card.ascii for card in drawn)),
        ]
    return _end_round(state, "stock_out", seat, 0, None)


def _resolve_take(state: State, seat: int, action: TakePile) -> list[Event]:
    rules = state.rules
    pile = state.pile
    depth = action.depth
    if not pile:
        raise IllegalAction("the discard pile is empty: draw from the stock")
    if not 1 <= depth <= len(pile):
        raise IllegalAction(f"take {depth}: the pile has {len(pile)} cards; take 1 to {len(pile)}")
    if rules.top_discard == "only" and depth != 1:
        raise IllegalAction("top_discard=only: only the top card of the pile may be taken (take 1)")
    chosen = pile[-depth]
    if action.split:  # RULES 8, dealers_gambit
        problem = _power_problem(state, seat, "split")
        if problem:
            raise IllegalAction(f"split: {problem}")
        if not 1 <= action.split < depth or rules.top_discard == "only":
            raise IllegalAction(
                f"take {depth} split {action.split}: the split leaves 1 to {depth - 1} of the "
                "cards above the chosen one out of the game"
            )
        held, inside = _split_parts(pile, depth, action.split)
        if next(_uses(state, seat, chosen, state.hands[seat] + held), None) is None:
            raise IllegalAction(
                f"take {depth} split {action.split}: you could not use {chosen} at once with "
                "your cards and the cards outside the split (RULES 4.1)"
            )
        return [
            PileTaken(
                seat=seat,
                depth=depth,
                cards=tuple(card.ascii for card in held),
                split=tuple(card.ascii for card in inside),
            )
        ]
    keeps = depth == 1 and rules.top_discard != "must_use"
    if not keeps and not _take_usable(state, seat, depth):
        usable = [d for d in usable_depths(state) if d != depth]
        hint = f"usable now: take {', '.join(map(str, usable))}" if usable else "draw instead"
        how = "meld" if rules.pile_use == "meld_only" else "meld or lay off"
        taken = pile[-depth:]
        held = hand_index(state.hands[seat] + taken)
        wild = JOKER in state.hands[seat] or JOKER in taken or state.gambit is not None
        if wild and next(_uses(state, seat, chosen, state.hands[seat] + taken, True), None):
            raise IllegalAction(f"take {depth}: {_limit_reason(state, seat, chosen)}; {hint}")
        if not wild and _has_use(state, chosen, held, state.hands[seat], taken):
            raise IllegalAction(f"take {depth}: {_limit_reason(state, seat, chosen)}; {hint}")
        raise IllegalAction(
            f"take {depth}: you could not {how} {chosen} at once with your cards, and the "
            f"chosen card must be used this turn (RULES 4.1); {hint}"
        )
    cards = tuple(card.ascii for card in pile[-depth:])
    return [PileTaken(seat=seat, depth=depth, cards=cards)]


def _limit_reason(state: State, seat: int, chosen: Card) -> str:
    """Why a pile card that could go on the table may not be taken: a rule bounds it."""
    rules = state.rules
    if _needs_minimum(state, seat):
        return (
            f"first_meld_min={rules.first_meld_min}: no use of {chosen} would let your "
            f"first plays this round reach {rules.first_meld_min}"
        )
    return f"final_discard=required: every use of {chosen} would empty your hand"


def _resolve_play(state: State, seat: int, action: Action) -> list[Event]:
    rules = state.rules
    hand = state.hands[seat]
    pending = state.pending
    if isinstance(action, Discard):
        return _resolve_discard(state, seat, action)
    if isinstance(action, BlockJoker):
        return _resolve_block(state, seat)
    if isinstance(action, LayMeld):
        cards = action.cards
        own = _own_checked(state, seat, cards)
        if not _has(hand, own):
            raise IllegalAction(_missing(hand, own))
        if action.double:  # RULES 8, dealers_gambit
            return _resolve_double(state, seat, action, own)
        if JOKER in cards and not plays_jokers(rules):  # RULES 8: wild jokers
            event, values = _joker_meld(state, seat, action)
            laid_on = None
        else:  # (a set of jokers under persian is a plain shape: meld_shape)
            shape = meld_shape(cards, rules, state.decks, action.ace_high)
            values = meld_values(shape.cards, shape.kind, rules)
            event: Event = Melded(
                seat=seat,
                meld=len(state.melds) + 1,
                cards=tuple(card.ascii for card in shape.cards),
                values=tuple(values),
            )
            laid_on: tuple[Meld, list[Card], str | None] | None = None
    elif isinstance(action, LayOff):
        cards = action.cards
        own = _own_checked(state, seat, cards)
        if not _has(hand, own):
            raise IllegalAction(_missing(hand, own))
        if state.gambit is not None and action.meld in state.gambit.sealed:
            raise IllegalAction(
                f"meld {action.meld} is sealed by the dealer's joker (double, RULES 8): "
                "nothing more may be laid off on it"
            )
        if pending is not None and rules.pile_use == "meld_only":
            raise IllegalAction(
                f"pile_use=meld_only: {pending} from the pile must go into a new meld of 3 or more"
            )
        meld = state.meld(action.meld)
        if JOKER in cards and not plays_jokers(rules):  # RULES 8: wild jokers
            event, values, laid_on = _joker_layoff(state, seat, meld, action)
        else:
            if JOKER in cards:  # RULES 8, persian: a joker on a set of jokers
                end = joker_layoff_end(meld, cards)
            else:
                end = layoff_end(meld, cards, rules, state.decks, action.end)
            ordered = _layoff_order(meld, cards, end)
            values = layoff_values(meld, ordered, end, rules)
            event = LaidOff(
                seat=seat,
                meld=meld.id,
                cards=tuple(card.ascii for card in ordered),
                values=tuple(values),
                end=end,
            )
            laid_on = (meld, ordered, end)  # grown only if the first-meld check needs to know
        if state.window_kind == "deadwood":  # RULES 7 opponents_hand: it only leaves the hand
            values = [0] * len(values)
            event = replace(event, values=tuple(values))
    else:
        raise IllegalAction(f"{action} is not a move now: meld, lay off or discard")
    if pending is not None and pending not in cards:
        raise IllegalAction(
            f"{pending} taken from the pile must be put on the table first (RULES 4.1): "
            "meld it or lay it off now"
        )
    rest = _remaining(hand, own)
    problem = (
        None if state.window_kind == "deadwood" else _play_problem(state, seat, len(rest), rest)
    )
    if problem:
        raise IllegalAction(problem)
    points = sum(values)
    if _needs_minimum(state, seat) and not _minimum_ok(
        state, seat, rest, _with_meld(state.melds, laid_on), points, len(own) == len(cards)
    ):
        minimum = rules.first_meld_min
        raise IllegalAction(
            f"first_meld_min={minimum}: your first plays this round must total {minimum}; "
            f"this play makes {state.turn_points + points} and your other cards cannot "
            "bring it there this turn"
        )
    if not rest:
        return [event, *_going_out(state, seat, [event], points, rest)]
    if state.phase == "window":
        return [event, *_after_window_play(state, seat, [event])]
    return [event]


# --- Jokers (RULES 8; the decisions are in `jokers`) -------------------------------------


def _wild_hand(state: State, hand: Sequence[Card]) -> list[Card] | None:
    """The cards the player to move may lay with wild cards among them, or None when no
    joker is wild for them: under jokers, the hand with its jokers; under
    dealers_gambit, the dealer's natural cards and the dealer's joker (power wild)."""
    if state.gambit is None:  # wild only under jokers (persian's jokers are not wild)
        return list(hand) if JOKER in hand and state.rules.variant == "jokers" else None
    if _power_problem(state, state.to_move, "wild") is not None:
        return None
    return [card for card in hand if card is not JOKER] + [JOKER]


def _own(state: State, cards: Sequence[Card]) -> Sequence[Card]:
    """The cards of a play that come from the hand (dealers_gambit: a joker in a play is
    the dealer's joker, from beside the pack)."""
    if state.gambit is None or JOKER not in cards:
        return cards
    return [card for card in cards if card is not JOKER]


def _own_checked(state: State, seat: int, cards: Sequence[Card]) -> Sequence[Card]:
    """`_own`, refusing a joker that may not be played (RULES 8, dealers_gambit)."""
    if state.gambit is None or JOKER not in cards:
        return cards
    if cards.count(JOKER) > 1:
        raise IllegalAction(
            "dealers_gambit: only the dealer's joker is wild, and there is one (RULES 8)"
        )
    problem = _power_problem(state, seat, "wild")
    if problem:
        if seat != state.dealer and JOKER in state.hands[seat]:
            problem = (
                "a dealt joker is not wild under dealers_gambit (RULES 8): it can only "
                "block the dealer's joker (block)"
            )
        raise IllegalAction(problem)
    return _own(state, cards)


# --- Dealer's gambit (RULES 8; the decisions are in `gambit`) ----------------------------


def _power_problem(state: State, seat: int, power: str) -> str | None:
    """Why the seat may not use the dealer's joker with this power now, or None."""
    gambit = state.gambit
    if gambit is None:
        return "there is no dealer's joker in this game (variant dealers_gambit)"
    if seat != state.dealer:
        return f"only the dealer, {state.players[state.dealer]}, may use the dealer's joker"
    if gambit.power != power:
        return f"the dealer's joker is {gambit.power} this round, not {power}"
    if gambit.status == "blocked":
        assert gambit.blocked_by is not None
        return f"the dealer's joker is blocked by {state.players[gambit.blocked_by]}"
    if gambit.status == "used":
        return "the dealer's joker has been used this round"
    return None


def _block_problem(state: State, seat: int) -> str | None:
    """Why the seat may not block the dealer's joker now, or None."""
    gambit = state.gambit
    if gambit is None:
        return "there is no dealer's joker to block (variant dealers_gambit)"
    if seat == state.dealer:
        return "the dealer's own joker cannot be blocked by the dealer"
    if gambit.status != "ready":
        return f"the dealer's joker is already {gambit.status}"
    hand = state.hands[seat]
    if JOKER not in hand:
        return "blocking needs a joker in your hand"
    if state.pending is not None:
        return f"{state.pending} taken from the pile must be put on the table first (RULES 4.1)"
    if len(hand) == 1:  # a block is not a way out: the round would stop with no one out
        return "the joker is your last card: a block may not empty your hand; discard it"
    return _play_problem(state, seat, len(hand) - 1, _remaining(hand, [JOKER]))


def _resolve_power(state: State, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, NamePower) or action.power not in POWERS:
        raise IllegalAction(
            "dealers_gambit: the dealer first names the power of the dealer's joker: "
            "power wild, power double or power split (RULES 8)"
        )
    return [PowerNamed(seat=seat, power=action.power)]


def _resolve_block(state: State, seat: int) -> list[Event]:
    problem = _block_problem(state, seat)
    if problem:
        raise IllegalAction(f"block: {problem}")
    return [JokerBlocked(seat=seat)]


def _resolve_double(state: State, seat: int, action: LayMeld, own: Sequence[Card]) -> list[Event]:
    """A new meld with the dealer's joker laid on it: values doubled, the meld sealed."""
    problem = _power_problem(state, seat, "double")
    if problem:
        raise IllegalAction(f"double: {problem}")
    if JOKER in action.cards:
        raise IllegalAction("double: the dealer's joker goes on the meld, not in it")
    if state.pending is not None and state.pending not in action.cards:
        raise IllegalAction(
            f"{state.pending} taken from the pile must be put on the table first (RULES 4.1)"
        )
    rules = state.rules
    shape = shape_of(action.cards, rules, state.decks, action.ace_high)
    values = [2 * value for value in meld_values(shape.cards, shape.kind, rules)]
    rest = _remaining(state.hands[seat], own)
    problem = _play_problem(state, seat, len(rest), rest)
    if problem:
        raise IllegalAction(problem)
    points = sum(values)
    if _needs_minimum(state, seat) and not _minimum_ok(
        state, seat, rest, state.melds, points, power=False
    ):
        minimum = rules.first_meld_min
        raise IllegalAction(
            f"first_meld_min={minimum}: your first plays this round must total {minimum}; "
            f"this play makes {state.turn_points + points} and your other cards cannot "
            "bring it there this turn"
        )
    event = Melded(
        seat=seat,
        meld=len(state.melds) + 1,
        cards=tuple(card.ascii for card in shape.cards),
        values=tuple(values),
        double=True,
    )
    if not rest:
        return [event, *_end_round(state, "went_out", seat, points, rest)]
    return [event]


def _split_parts(pile: list[Card], depth: int, split: int) -> tuple[list[Card], list[Card]]:
    """A split take: (the chosen card and the cards outside the split, inside cards)."""
    taken = pile[-depth:]
    return [taken[0], *taken[1 + split :]], taken[1 : 1 + split]


def _split_takes(state: State) -> list[AnyAction]:
    """RULES 8 (dealers_gambit, split): every split take the dealer may make now."""
    seat = state.to_move
    if _power_problem(state, seat, "split") is not None or state.rules.top_discard == "only":
        return []
    pile, hand = state.pile, state.hands[seat]
    out: list[AnyAction] = []
    for depth in range(2, len(pile) + 1):
        for split in range(1, depth):
            held, _inside = _split_parts(pile, depth, split)
            if next(_uses(state, seat, held[0], hand + held), None) is not None:
                out.append(TakePile(depth, split))
    return out


def _joker_values(slots: Slots, values: list[int], rules: Rules) -> list[int]:
    """RULES 6.1, 8: a joker scores 15 wherever it lies (3 under divide_by_five)."""
    joker = value_tables(rules)[True][0]
    return [joker if wild else value for (_, wild), value in zip(slots, values, strict=True)]


def _joker_meld(state: State, seat: int, action: LayMeld) -> tuple[Event, list[int]]:
    """The Melded event of a new meld holding jokers, and the values it scores."""
    rules = state.rules

    def example(naturals: list[Card], meanings: list[Card]) -> str:
        words = [card.ascii.lower() for card in naturals]
        return "meld " + " ".join(words + [f"jk={card.ascii.lower()}" for card in meanings])

    shape, slots = joker_shape(
        action.cards, action.jokers, rules, state.decks, action.ace_high, example
    )
    if shape.kind == "set":  # four_aces needs four natural Aces
        high = value_tables(rules)[True]
        values = [high[card.rank] for card in shape.cards]
    else:
        values = meld_values(shape.cards, "run", rules)
    values = _joker_values(slots, values, rules)
    event = Melded(
        seat=seat,
        meld=len(state.melds) + 1,
        cards=tuple("JK" if wild else face.ascii for face, wild in slots),
        values=tuple(values),
        jokers=tuple(face.ascii for face, wild in slots if wild),
    )
    return event, values


def _joker_layoff(
    state: State, seat: int, meld: Meld, action: LayOff
) -> tuple[Event, list[int], tuple[Meld, list[Card], str | None]]:
    """The LaidOff event of a lay-off holding jokers, its values, and what it lays."""
    rules = state.rules

    def example(meanings: list[Card]) -> str:
        words = [card.ascii.lower() for card in action.cards if card is not JOKER]
        words += [f"jk={card.ascii.lower()}" for card in meanings]
        return f"lay {' '.join(words)} on {meld.id}"

    end, slots = joker_layoff(
        meld, action.cards, action.jokers, rules, state.decks, action.end, example
    )
    faces = [face for face, _ in slots]
    values = _joker_values(slots, layoff_values(meld, faces, end, rules), rules)
    event = LaidOff(
        seat=seat,
        meld=meld.id,
        cards=tuple("JK" if wild else face.ascii for face, wild in slots),
        values=tuple(values),
        end=end,  # type: ignore[arg-type]
        jokers=tuple(face.ascii for face, wild in slots if wild),
    )
    return event, values, (meld, faces, end)


def _joker_plays(
    state: State, hand: Sequence[Card], melds: Sequence[Meld]
) -> Iterator[tuple[AnyAction, list[Card], int, Meld | None]]:
    """Every meld and lay-off holding a joker that the hand allows (RULES 8), each with
    the cards it lays as faces, the index of the meld laid on (-1: a new meld) and that
    meld grown. Lay-offs are on `melds` (the look-ahead passes grown ones)."""
    rules, decks = state.rules, state.decks
    wild = _wild_hand(state, hand)
    if wild is None:
        return
    for cards, meanings, ace_high in joker_melds(wild, rules, decks):
        action = LayMeld(cards, ace_high, meanings)
        yield action, faces_of(cards, meanings), -1, None
    sealed = _sealed(state)
    for index, meld in enumerate(melds):
        if meld.id in sealed:
            continue
        for cards, meanings, end in joker_layoffs(meld, wild, rules, decks):
            faces = faces_of(cards, meanings)
            yield LayOff(cards, meld.id, end, meanings), faces, index, meld.grown(faces, end)


def joker_play_points(state: State, action: AnyAction, melds: Sequence[Meld] = ()) -> int:
    """What a play holding jokers scores, on the state's melds or on `melds` (the
    first-meld look-ahead passes grown ones); the bots ask it too."""
    melds = melds or state.melds
    if isinstance(action, LayMeld):
        return sum(_joker_meld(state, 0, action)[1])
    assert isinstance(action, LayOff)
    meld = next(m for m in melds if m.id == action.meld)
    return sum(_joker_layoff(state, 0, meld, action)[1])


def _with_meld(
    melds: list[Meld], laid_on: tuple[Meld, list[Card], str | None] | None
) -> list[Meld]:
    """The melds with one of them grown by a lay-off (a new list; the state's is kept)."""
    if laid_on is None:
        return melds
    meld, ordered, end = laid_on
    after = list(melds)
    after[meld.id - 1] = meld.grown(ordered, end)
    return after


def _layoff_order(meld: Meld, cards: Sequence[Card], end: str | None) -> list[Card]:
    if meld.kind == "set":
        return sorted(cards, key=lambda card: card.suit_no)
    first = meld.start - len(cards) if end == "low" else meld.end + 1
    by_rank = {card.rank: card for card in cards}
    return [by_rank[rank_at(first + i)] for i in range(len(cards))]


def _missing(hand: Sequence[Card], cards: Sequence[Card]) -> str:
    for card in cards:
        if cards.count(card) > hand.count(card):
            return f"{card} is not in your hand (hand: {format_cards(sorted(hand, key=sort_key))})"
    return "those cards are not in your hand"


def _resolve_discard(state: State, seat: int, action: Discard) -> list[Event]:
    rules = state.rules
    hand = state.hands[seat]
    card = action.card
    if state.pending is not None:
        raise IllegalAction(
            f"{state.pending} taken from the pile must be put on the table before you discard "
            "(RULES 4.1)"
        )
    if card not in hand:
        raise IllegalAction(_missing(hand, [card]))
    if card is state.kept and hand.count(card) == 1:
        raise IllegalAction(f"{card} was taken from the pile this turn: discard another card")
    need = _needs_minimum(state, seat)
    if need and state.turn_points:
        raise IllegalAction(
            f"first_meld_min={rules.first_meld_min}: your plays this turn total "
            f"{state.turn_points}; play {need} more points before you discard"
        )
    event = Discarded(seat=seat, card=card.ascii)
    if len(hand) == 1:
        return [event, *_going_out(state, seat, [event], 0, [], by_discard=True)]
    idle = 0 if state.drew_stock else state.idle_turns + 1
    if idle >= 4 * state.n:  # RULES 5.4, 6b.5: no draw from the stock in 4 rotations
        return [event, *_end_round(state, "stock_out", seat, 0, _remaining(hand, [card]))]
    if rules.rum_call or rules.out_of_turn:
        return [event, *_next_window(_after(state, [event]), seat, ("rum", "play"))]
    return [event]


# --- Windows: acting out of turn (RULES 7: rum_call, out_of_turn, opponents_hand) ---------
#
# Decisions: a window is offered after a turn's discard (and, for opponents_hand, after a
# player goes out) to the other seats one at a time, in the order of play from the seat
# that opened it (clockwise, or to the right under dealers_gambit); a seat is asked only
# when it has something it may do. The Rum! window comes first (the first seat to call
# takes the card), then the out_of_turn window (each seat plays as much as it likes, then
# passes). Each decision is an event of the log.


def _after(state: State, events: Sequence[Event]) -> State:
    """A copy of the state with events applied: what the rules look at next."""
    after = state.copy()
    for event in events:
        after.apply(event)
    return after


def _others(state: State, seat: int) -> list[int]:
    """The other seats in the order of play from `seat` (the order of every window)."""
    return [(seat + step * state.step) % state.n for step in range(1, state.n)]


def _next_window(state: State, seat: int, kinds: Sequence[str]) -> list[Event]:
    """The window that opens now after the turn of `seat`, if any (state: after the turn)."""
    rules = state.rules
    if "rum" in kinds and rules.rum_call and state.pile and _rum_places(state, state.pile[-1]):
        return [WindowOpened(kind="rum", seat=seat, seats=tuple(_others(state, seat)))]
    if "play" in kinds and rules.out_of_turn:
        seats = tuple(s for s in _others(state, seat) if _window_plays(state, s, "play"))
        if seats:
            return [WindowOpened(kind="play", seat=seat, seats=seats)]
    return []


def _rum_places(state: State, card: Card) -> list[tuple[int, str | None]]:
    """RULES 7 (`rum_call`): where the card alone could be laid off: (meld id, end)."""
    places: list[tuple[int, str | None]] = []
    if card is JOKER:
        return places  # Decision: a discarded joker is not called (it stands for no card)
    for meld in _open_melds(state):
        ends: tuple[str | None, ...] = (None,) if meld.kind == "set" else ("low", "high")
        for end in ends:
            try:
                layoff_end(meld, [card], state.rules, state.decks, end)  # type: ignore[arg-type]
            except IllegalAction:
                continue
            places.append((meld.id, end))
    return places


def _window_plays(state: State, seat: int, kind: str | None = None) -> list[AnyAction]:
    """The plays the seat may make in a window: under `out_of_turn` any meld or lay-off
    (not one that empties the hand under final_discard=required; and not before the
    seat's first plays of the round under first_meld_min, which belong to its own turn);
    under `opponents_hand` lay-offs on the melds of the seat that went out."""
    rules = state.rules
    kind = kind or state.window_kind
    hand = state.hands[seat]
    ranks = hand_index(hand)
    if kind == "deadwood":
        owner = state.window_seat
        return [
            play
            for play in _table_plays(state, hand, ranks)
            if isinstance(play, LayOff) and state.meld(play.meld).owner == owner
        ]
    if rules.first_meld_min and not state.opened[seat]:
        return []
    plays = [*_new_melds(state, hand, ranks), *_table_plays(state, hand, ranks)]
    if rules.final_discard == "required":
        size = len(hand)
        plays = [play for play in plays if len(play.cards) < size]  # type: ignore[union-attr]
    return plays


def _sealed(state: State) -> set[int] | tuple[()]:
    """Ids of the melds nothing may be laid off on (RULES 8 dealers_gambit, double)."""
    return state.gambit.sealed if state.gambit is not None else ()


def _open_melds(state: State) -> list[Meld]:
    """The melds that still take cards (RULES 8 dealers_gambit: not a sealed one)."""
    sealed = _sealed(state)
    return [meld for meld in state.melds if meld.id not in sealed] if sealed else state.melds


def joker_plays_in(state: State, hand: list[Card], melds: list[Meld]) -> list[AnyAction]:
    """The plays with jokers that a hand could make on these melds (RULES 8): sets of
    jokers under persian, wild jokers under jokers (and the dealer's wild joker under
    dealers_gambit, for the player to move). For the windows and for analyze."""
    plays: list[AnyAction] = []
    if plays_jokers(state.rules):
        plays.extend(_joker_set_plays(state, hand, melds))
    if _wild_hand(state, hand) is not None:
        plays.extend(action for action, _, _, _ in _joker_plays(state, hand, melds))
    return plays


def _resolve_window(state: State, seat: int, action: Action) -> list[Event]:
    kind = state.window_kind
    if isinstance(action, Pass):
        passed: list[Event] = [Passed(seat=seat)]
        return passed + _window_moves_on(state, passed)
    if kind == "rum":
        return _resolve_rum(state, seat, action)
    if isinstance(action, LayOff) and kind == "deadwood":
        meld = state.meld(action.meld)
        if meld.owner != state.window_seat:
            out = state.players[state.window_seat]
            raise IllegalAction(
                f"meld {meld.id} is not {out}'s: deadwood may be laid off only on the melds "
                f"of the player who went out ({out}), or pass"
            )
        return _resolve_play(state, seat, action)
    if isinstance(action, LayMeld | LayOff) and kind == "play":
        return _resolve_play(state, seat, action)
    what = (
        "lay off cards on the melds of the player who went out, or pass"
        if kind == "deadwood"
        else "meld or lay off out of turn, or pass"
    )
    raise IllegalAction(f"{action} is not a move in this window: {what}")


def _resolve_rum(state: State, seat: int, action: Action) -> list[Event]:
    card = state.pile[-1]
    if not isinstance(action, CallRum):
        raise IllegalAction(
            f"Rum! window: {card} could be laid off; call it (rum, or rum MELD) or pass"
        )
    places = _rum_places(state, card)
    fits = [
        (meld, end)
        for meld, end in places
        if action.meld in (0, meld) and (action.end is None or action.end == end)
    ]
    where = ", ".join(f"rum {m}" + (f" {e}" if e else "") for m, e in places)
    if not fits:
        raise IllegalAction(f"{card} cannot go there; it can go: {where}")
    if len(fits) > 1:
        choices = ", ".join(f"rum {m}" + (f" {e}" if e else "") for m, e in fits)
        raise AmbiguousAction(f"{card} fits more than one place: say which ({choices})")
    meld_id, end = fits[0]
    meld = state.meld(meld_id)
    values = layoff_values(meld, [card], end, state.rules)
    called: list[Event] = [
        RumCalled(seat=seat, meld=meld_id, card=card.ascii, values=tuple(values), end=end)  # type: ignore[arg-type]
    ]
    return called + _next_window(_after(state, called), state.window_seat, ("play",))


def _after_window_play(state: State, seat: int, events: list[Event]) -> list[Event]:
    """After a play in a window: the seat's window closes by itself when it has nothing
    more it may play."""
    after = _after(state, events)
    if _window_plays(after, seat):
        return []
    passed: list[Event] = [Passed(seat=seat)]
    return passed + _window_moves_on(after, passed)


def _window_moves_on(state: State, passed: list[Event]) -> list[Event]:
    """What follows a pass: the next seat is asked, or the window closes and the game goes
    on (the next window, the next player's draw, or the scoring of the round)."""
    after = _after(state, passed)
    if after.phase == "window":
        return []
    opener = state.window_seat
    if state.window_kind == "deadwood":
        return _end_round(after, "went_out", opener, 0, None, state.window_bonus)
    if state.window_kind == "rum":
        return _next_window(after, opener, ("play",))
    return []


def _going_out(
    state: State,
    seat: int,
    events: list[Event],
    points: int,
    rest: list[Card],
    by_discard: bool = False,
) -> list[Event]:
    """What follows the play that empties a hand: under `opponents_hand` the others may
    first lay off deadwood on the melds of the seat that went out; then the round ends.
    Going out in a window earns no bonus (the bonuses are for going out in one's turn)."""
    bonus = 0 if state.phase == "window" else _bonus(state, seat, by_discard)
    if state.rules.opponents_hand:
        after = _after(state, events)
        after.window_seat = seat
        seats = tuple(s for s in _others(state, seat) if _window_plays(after, s, "deadwood"))
        if seats:
            return [WindowOpened(kind="deadwood", seat=seat, seats=seats, bonus=bonus)]
    return _end_round(state, "went_out", seat, points, rest, bonus)


# --- The end of a round and of the game ----------------------------------------------------


def _end_round(
    state: State,
    reason: str,
    seat: int,
    points: int,
    rest: list[Card] | None,
    bonus: int = 0,
) -> list[Event]:
    """RoundEnded, then GameEnded or the next deal. `points` and `rest` are the last
    play's points and the hand it leaves (None: the hand is unchanged); `bonus` is what
    the seat that went out earned by going out (RULES 7)."""
    rules = state.rules
    penalty = reason == "went_out" or rules.stock_out_hand_penalty  # RULES 5.3
    hands = [rest if (s == seat and rest is not None) else state.hands[s] for s in range(state.n)]
    in_hands = [hand_total(hand, rules) for hand in hands]
    collected = _collected(state, reason, seat, in_hands) if penalty else [0] * state.n
    scores = []
    for s in range(state.n):  # RULES 6.2, 7
        table = state.table_points[s] + (points if s == seat else 0)
        extra = bonus if s == seat else 0
        subtract = penalty and (
            not rules.opponents_hand or (reason == "stock_out" and not _two_sided(state))
        )
        score = table - (in_hands[s] if subtract else 0) + extra + collected[s]
        scores.append(
            SeatScore(
                table=table,
                hand=in_hands[s],
                score=score,
                total=state.totals[s] + score,
                deadwood=tuple(card.ascii for card in hands[s]),
                bonus=extra,
                collected=collected[s] if rules.opponents_hand else msgspec.UNSET,
            )
        )
    went_out = seat if reason == "went_out" else None
    ended = RoundEnded(
        round=state.round,
        reason=reason,
        went_out=went_out,
        scores=tuple(scores),  # type: ignore[arg-type]
    )
    if partnered(rules):
        return _end_sides(state, ended)  # RULES 8: the sides score as one
    totals = tuple(score.total for score in scores)
    best = max(totals)
    if best >= rules.target:  # RULES 6.4
        leaders = [s for s, total in enumerate(totals) if total == best]
        if len(leaders) == 1:
            return [ended, GameEnded(winner=leaders[0], totals=totals)]
    if state.round >= (rules.max_rounds or ROUND_LIMIT):  # RULES 5.4
        return [ended, GameEnded(winner=None, totals=totals, reason="max_rounds")]
    return [ended, _next_deal(state, went_out)]


def _next_deal(state: State, went_out: int | None) -> RoundDealt:
    """The next round's deal: the deal passes left (RULES 2.6, 6b.3; right under
    dealers_gambit, RULES 8)."""
    dealer = (state.dealer + state.step) % state.n
    if state.rules.next_dealer == "round_winner" and went_out is not None:  # RULES 6b.3
        dealer = went_out
    return deal_round(state.header, state.round + 1, dealer)


def _end_sides(state: State, ended: RoundEnded) -> list[Event]:
    """RULES 8: the end of a round in a partnership game. The round's event records the
    side totals (the sums of the partners' totals). `partnership`: the game ends when a
    side reaches the target, and the highest side wins, whoever went out. `persian`: the
    game is two deals, then the side with more points gets +50 and wins the difference.
    An exact tie for the highest side plays another round (RULES 6.4 Decision)."""
    rules = state.rules
    totals = tuple(score.total for score in ended.scores)
    sides = side_sums(totals)
    ended = replace(ended, sides=sides)
    best = max(sides)
    leaders = [side for side, total in enumerate(sides) if total == best]
    persian = rules.variant == "persian"
    done = state.round >= PERSIAN_DEALS if persian else best >= rules.target
    if done and len(leaders) == 1:
        side = leaders[0]
        if not persian:
            return [ended, GameEnded(winner=side, totals=totals, sides=sides, side=side)]
        bonus = bonus_points(PERSIAN_GAME, rules)
        final = tuple(total + (bonus if s == side else 0) for s, total in enumerate(sides))
        margin = final[side] - min(final)
        return [
            ended,
            GameEnded(
                winner=side, totals=totals, reason="deals", sides=final, side=side, margin=margin
            ),
        ]
    if state.round >= (rules.max_rounds or ROUND_LIMIT):  # RULES 5.4
        return [
            ended,
            GameEnded(winner=None, totals=totals, reason="max_rounds", sides=sides, side=None),
        ]
    return [ended, _next_deal(state, ended.went_out)]


def _two_sided(state: State) -> bool:
    """Whether the table is two opponents or two sides (RULES 7, opponents_hand at a
    stock-out)."""
    return state.n == 2 or partnered(state.rules)


def _collected(state: State, reason: str, seat: int, in_hands: list[int]) -> list[int]:
    """RULES 7 (`opponents_hand`): the hand points each seat adds from the others' hands.

    The seat that went out adds the hands of its opponents (every other player; with
    sides, the other side: a partner's hand counts for no one). At a stock-out between
    two players each adds the other's hand; between two sides, each seat adds the hand
    of the opponent after it, so each side adds each opponent's hand once. Otherwise
    nobody adds (each subtracts their own)."""
    n, rules = state.n, state.rules
    if not rules.opponents_hand:
        return [0] * n
    if reason == "went_out":
        total = sum(in_hands[other] for other in opponents(seat, rules, n))
        return [total if s == seat else 0 for s in range(n)]
    if _two_sided(state):
        return [in_hands[(s + 1) % n] for s in range(n)]
    return [0] * n


def _bonus(state: State, seat: int, by_discard: bool) -> int:
    """RULES 7 bonuses for going out: on one's first turn of the round (`go_out_bonus`);
    with a run of 7 or more laid this turn and then the last card discarded
    (`master_run`)."""
    rules = state.rules
    bonus = 0
    if rules.go_out_bonus and state.turns[seat] == 0:
        bonus += bonus_points(rules.go_out_bonus, rules)
    if rules.master_run and state.long_run and by_discard:
        bonus += bonus_points(500, rules)
    if rules.variant == "persian":  # RULES 8: going out, +25 to the side
        bonus += bonus_points(PERSIAN_OUT, rules)
    return bonus


# --- Convenience -------------------------------------------------------------------------


def play(state: State, action: Action, seat: int | None = None) -> list[Event]:
    """Resolve an action and apply its events to the state; return the events."""
    events = resolve(state, action, seat)
    for event in events:
        state.apply(event)
    return events


def recorded_action(state: State, event: Event) -> AnyAction | None:
    """The player action that an event records, given the state before it; None for an
    event that follows from the rules alone (a deal, a score, a rebuilt stock)."""
    make = _RECORDED.get(type(event))
    if make is not None:
        return make(event)
    if isinstance(event, RoundEnded) and state.phase == "draw":
        return DrawStock()  # RULES 5.2: the stock was empty and the player drew no card
    return None


def _recorded_meld(event: Melded) -> LayMeld:
    cards = tuple(_card(c) for c in event.cards)
    if event.double:  # RULES 8, dealers_gambit
        return LayMeld(cards, _whole_suit_ace(cards), double=True)
    if not event.jokers:  # a whole suit's order says where its Ace lies (RULES 3.4)
        return LayMeld(cards, _whole_suit_ace(cards))
    meanings = tuple(_card(c) for c in event.jokers)
    ace_high = None
    if len(cards) == 13:  # a whole suit with jokers: its order says where the Ace lies
        ace_high = faces_of(cards, meanings)[0].rank != 1
    return LayMeld(cards, ace_high, meanings)


def _whole_suit_ace(cards: Sequence[Card]) -> bool | None:
    if len(cards) == 13 and len({card.rank for card in cards}) == 13:
        return cards[0].rank != 1
    return None


def _card(text: str) -> Card:
    card = BY_TEXT.get(text)
    return card if card is not None else Card.parse(text)


_RECORDED = {
    StockDrawn: lambda e: DrawStock(),
    StockRebuilt: lambda e: DrawStock(),  # RULES 6b.6: the draw that rebuilt the stock
    DrawSkipped: lambda e: DrawStock(),
    PileTaken: lambda e: TakePile(e.depth, len(e.split or ())),
    Melded: lambda e: _recorded_meld(e),
    LaidOff: lambda e: LayOff(
        tuple(_card(c) for c in e.cards), e.meld, e.end, tuple(_card(c) for c in e.jokers or ())
    ),
    Discarded: lambda e: Discard(_card(e.card)),
    UpcardChosen: lambda e: ChooseUpcard(_card(e.card)),
    Passed: lambda e: Pass(),
    RumCalled: lambda e: CallRum(e.meld, e.end),
    PowerNamed: lambda e: NamePower(e.power),
    JokerBlocked: lambda e: BlockJoker(),
}
