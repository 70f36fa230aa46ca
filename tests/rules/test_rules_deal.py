"""RULES 1 (cards and players) and 2 (the deal), each pinned by a known position."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import NAMES, act, card, cards, one, refused, start

from rummy500_cli import deal
from rummy500_cli.actions import ChooseUpcard, DrawStock
from rummy500_cli.cards import new_deck
from rummy500_cli.deal import ByteStream, shuffled, shuffled_deck
from rummy500_cli.engine import legal_actions, new_game
from rummy500_cli.errors import RulesError
from rummy500_cli.events import DealerDrawn, GameStarted, RoundDealt, RoundEnded, UpcardChosen
from rummy500_cli.state import fold
from rummy500_cli.variants import make_rules


def all_cards(state) -> list:
    """Every card of the round: hands, pile and stock."""
    return [c for hand in state.hands for c in hand] + state.pile + state.stock


# --- 1. Cards and players ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_two_to_eight_players_may_play(players):
    """RULES 1.1: 2 to 8 players."""
    state = fold(new_game(NAMES[:players], seed=3))
    assert state.n == players
    assert state.phase == "draw"


@pytest.mark.parametrize("players", [1, 9])
def test_fewer_than_two_or_more_than_eight_players_are_refused(players):
    """RULES 1.1: not 1 player, not 9."""
    with pytest.raises(RulesError, match="2 to 8 players") as info:
        new_game([f"p{i}" for i in range(players)])
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_deck_for_two_to_four_players(players):
    """RULES 1.2: decks=auto uses one 52-card deck for 2-4 players."""
    state = fold(new_game(NAMES[:players], seed=5))
    every = all_cards(state)
    assert len(every) == 52
    assert Counter(every) == Counter(new_deck(1))


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_two_decks_for_five_to_eight_players(players):
    """RULES 1.2: decks=auto mixes two decks (104 cards) for 5-8 players."""
    state = fold(new_game(NAMES[:players], seed=5))
    every = all_cards(state)
    assert len(every) == 104
    assert Counter(every) == Counter(new_deck(2))
    assert set(Counter(every).values()) == {2}


def test_decks_option_overrides_the_player_count():
    """RULES 1.2: `decks`=2 with 3 players, `decks`=1 with 5 players."""
    three = fold(new_game(NAMES[:3], make_rules({"decks": 2}), seed=1))
    assert len(all_cards(three)) == 104
    five = fold(new_game(NAMES[:5], make_rules({"decks": 1}), seed=1))
    assert len(all_cards(five)) == 52


def test_no_jokers_in_the_standard_game():
    """RULES 1.2: no jokers by default; jokers (section 8) are refused as not yet played."""
    state = fold(new_game(NAMES[:4], seed=9))
    assert not any(c.is_joker for c in all_cards(state))
    with pytest.raises(RulesError, match="jokers_per_deck"):
        new_game(NAMES[:2], make_rules({"jokers_per_deck": 1}))


# --- 2.1 The first dealer ----------------------------------------------------------------------


def test_first_dealer_is_drawn_from_the_seed_lowest_deals():
    """RULES 2.1: the engine draws for the first deal from the seed; the lowest card deals,
    Ace low. The same seed always draws the same way."""
    events = new_game(NAMES[:4], seed=0)
    drawn = one(events, DealerDrawn)
    assert len(drawn.draws) == 1
    row = [card(text) for text in drawn.draws[0]]
    ranks = [c.rank for c in row]
    assert ranks.count(min(ranks)) == 1
    assert drawn.dealer == ranks.index(min(ranks))
    assert one(events, RoundDealt).dealer == drawn.dealer
    assert new_game(NAMES[:4], seed=0)[1:] == events[1:]


def test_the_seed_decides_who_deals():
    """RULES 2.1: different seeds draw different dealers (every seat deals for some seed)."""
    dealers = {one(new_game(NAMES[:4], seed=s), DealerDrawn).dealer for s in range(12)}
    assert dealers == {0, 1, 2, 3}


def test_a_tie_for_lowest_card_redraws_between_the_tied_players():
    """RULES 2.1: ties redraw. Seed 1, 4 players: seats 2 and 3 both draw a 4 (4H, 4D),
    redraw (JC, QC), and seat 2 deals."""
    drawn = one(new_game(NAMES[:4], seed=1), DealerDrawn)
    assert drawn.draws == (("JC", "5D", "4H", "4D"), ("", "", "JC", "QC"))
    assert drawn.dealer == 2


def test_a_tie_can_redraw_more_than_once():
    """RULES 2.1: seed 55, 4 players: 3C and 3D tie, their redraw QS and QC ties again,
    and the third draw 3H against AH goes to seat 3: the Ace is low."""
    drawn = one(new_game(NAMES[:4], seed=55), DealerDrawn)
    assert len(drawn.draws) == 3
    assert drawn.draws[-1] == ("", "3H", "", "AH")
    assert drawn.dealer == 3


def test_ace_is_low_in_the_draw_for_dealer():
    """RULES 2.1: Ace low. Seed 50, 4 players: AD and AH tie lowest (an Ace below the 4S
    and 6S), then 2D beats 8H."""
    drawn = one(new_game(NAMES[:4], seed=50), DealerDrawn)
    assert drawn.draws[0] == ("4S", "AD", "6S", "AH")
    assert drawn.draws[1] == ("", "2D", "", "8H")
    assert drawn.dealer == 1


# --- 2.2-2.5 The deal ----------------------------------------------------------------------------


def test_cards_are_dealt_one_at_a_time_clockwise_from_the_dealers_left():
    """RULES 2.2, 2.4: seed 2, 4 players: seat 1 deals, so seat 2 gets the first card, then
    seats 3, 0, 1, around 7 times; the next card is the upcard, the rest the stock."""
    events = new_game(NAMES[:4], seed=2)
    deal = one(events, RoundDealt)
    assert deal.dealer == 1
    deck = [c.ascii for c in shuffled_deck("2", 1, 1)]
    order = [2, 3, 0, 1]
    for i in range(7):
        for k, seat in enumerate(order):
            assert deal.hands[seat][i] == deck[i * 4 + k]
    assert deal.upcard == deck[28]
    assert deal.stock == tuple(deck[29:])


def test_hands_are_13_cards_with_two_players():
    """RULES 2.3: 13 cards each with 2 players."""
    state = fold(new_game(NAMES[:2], seed=4))
    assert [len(hand) for hand in state.hands] == [13, 13]
    assert len(state.stock) == 52 - 26 - 1


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_hands_are_7_cards_with_three_or_more(players):
    """RULES 2.3: 7 cards each with 3 or more players."""
    state = fold(new_game(NAMES[:players], seed=4))
    assert [len(hand) for hand in state.hands] == [7] * players
    deck = 52 if players <= 4 else 104
    assert len(state.stock) == deck - 7 * players - 1


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 9), (4, 5), (6, 11)])
def test_hand_size_option_deals_n_cards(players, size):
    """RULES 2.3: hand_size=N deals N cards each."""
    state = fold(new_game(NAMES[:players], make_rules({"hand_size": size}), seed=4))
    assert [len(hand) for hand in state.hands] == [size] * players


def test_a_hand_size_the_deck_cannot_deal_is_refused():
    """RULES 2.3: hand_size=N must leave an upcard and a stock."""
    with pytest.raises(RulesError, match="hand_size"):
        new_game(NAMES[:4], make_rules({"hand_size": 13}))


def test_stock_and_upcard_from_a_stacked_deal():
    """RULES 2.4: the card after the hands is turned up to start the pile; the rest is
    the face-down stock, top first."""
    state = start(["2C 3C 4C", "2D 3D 4D"], up="9S", stock="KH QH")
    assert state.pile == [card("9S")]
    assert state.stock[-1] == card("KH")
    assert state.stock[-2] == card("QH")
    assert len(state.stock) == 52 - 6 - 1


def test_the_pile_keeps_every_card_in_order():
    """RULES 2.4: the pile is spread; its order never changes as cards are added."""
    state = start(["2C 3C 4C", "2D 3D 4D"], up="9S", stock="KH QH JH")
    act(state, "draw", "discard 2C", "draw", "discard 4D")
    assert state.pile == cards("9S 2C 4D")


def test_player_left_of_dealer_plays_first_and_play_goes_clockwise():
    """RULES 2.5: seed 2, 4 players: seat 1 deals, seat 2 plays first, then 3, 0, 1."""
    state = fold(new_game(NAMES[:4], seed=2))
    assert state.dealer == 1
    seen = []
    for _ in range(5):
        seen.append(state.to_move)
        act(state, "draw")
        act(state, f"discard {state.hands[state.to_move][0].ascii}")
    assert seen == [2, 3, 0, 1, 2]


def test_acting_out_of_turn_is_refused():
    """RULES 2.5: only the player to move acts."""
    state = start(["2C 3C 4C", "2D 3D 4D"], up="9S")
    message = refused(state, DrawStock(), seat=1)
    assert "Ann" in message


# --- 2.6 The next dealer ---------------------------------------------------------------------


def went_out_in_round_one(**options):
    """3 players, 3 cards each: seat 1 (second to play) goes out in round 1."""
    state = start(
        ["2C 5D 9H", "7H 7S 7D", "3C 6D 10H"],
        up="KS",
        stock="JC 4S QD",
        **options,
    )
    events = act(state, "draw", "discard JC", "draw", "meld 7H 7S 7D", "discard 4S")
    assert one(events, RoundEnded).went_out == 1
    return state, events


def test_the_deal_passes_to_the_left():
    """RULES 2.6: next_dealer=left: the seat after the dealer deals next, and the seat
    after that plays first."""
    state, events = went_out_in_round_one()
    deal = one(events, RoundDealt)
    assert deal.round == 2
    assert deal.dealer == 0  # seat 2 dealt round 1
    assert state.to_move == 1


def test_next_dealer_round_winner_deals_next():
    """RULES 2.6, 6b.3: next_dealer=round_winner: the player who went out deals."""
    state, events = went_out_in_round_one(next_dealer="round_winner")
    deal = one(events, RoundDealt)
    assert deal.dealer == 1
    assert state.to_move == 2


def test_next_dealer_round_winner_after_a_stock_out_passes_left():
    """RULES 6b.3: after a stock-out nobody won the round; the deal passes left."""
    state = start(
        ["2C 5D 9H", "7H 8S JD"],
        up="KS",
        stock="JC",
        next_dealer="round_winner",
    )
    # 52 - 6 - 1 = 45 stock cards: play until the stock is empty, then draw again.
    while state.stock:
        act(state, "draw", f"discard {state.hands[state.to_move][-1].ascii}")
    events = act(state, "draw")
    assert one(events, RoundEnded).reason == "stock_out"
    assert one(events, RoundDealt).dealer == 0  # seat 1 dealt round 1


def test_the_second_round_is_dealt_from_the_seed():
    """RULES 2.8: each round is dealt again from the seed and its number; a stacked deck
    covers only the rounds it lists."""
    _, events = went_out_in_round_one()
    deal = one(events, RoundDealt)
    deck = [c.ascii for c in shuffled_deck("0", 2, 1)]
    # seat 0 deals round 2: seat 1 gets the first card.
    assert deal.hands[1][0] == deck[0]
    assert deal.hands[2][0] == deck[1]
    assert deal.hands[0][0] == deck[2]


# --- 2.7 / 6b.2 upcard=chosen ----------------------------------------------------------------


def test_upcard_chosen_deals_an_extra_card_to_the_dealers_left():
    """RULES 2.7, 6b.2: with upcard=chosen the card that would be turned up goes to the
    player on the dealer's left instead: 8 cards for them, 7 for the others, no pile."""
    state = start(
        ["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D", "2H 3H 4H 5H 6H 7H 8H"],
        "KS",
        "QS JS",
        upcard="chosen",
    )
    assert [len(hand) for hand in state.hands] == [8, 7, 7]
    assert card("KS") in state.hands[0]
    assert state.pile == []
    assert state.stock[-1] == card("QS")
    assert state.phase == "upcard"
    assert state.to_move == 0
    assert legal_actions(state) == [ChooseUpcard(c) for c in state.hands[0]]


def test_upcard_chosen_extra_card_follows_the_dealer():
    """RULES 2.7: the extra card goes to the dealer's left wherever the dealer sits:
    seed 2, 4 players, seat 1 deals, so seat 2 holds 8 cards and chooses first."""
    state = fold(new_game(NAMES[:4], make_rules({"upcard": "chosen"}), seed=2))
    assert state.dealer == 1
    assert [len(hand) for hand in state.hands] == [7, 7, 8, 7]
    assert state.to_move == 2 and state.phase == "upcard"
    deck = [c.ascii for c in shuffled_deck("2", 1, 1)]
    assert state.hands[2][-1] == card(deck[28])


def test_upcard_chosen_first_action_starts_the_pile_then_a_normal_turn():
    """RULES 6b.2: the round's first action is that player's choice of a card to start
    the pile; then they play a normal turn, draw first."""
    state = start(
        ["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D", "2H 3H 4H 5H 6H 7H 8H"],
        "KS",
        "QS JS",
        upcard="chosen",
    )
    refused(state, "draw", match="upcard")
    refused(state, "discard 8C")
    refused(state, "upcard 9S", match="not in your hand")
    events = act(state, "upcard 5C")
    assert one(events, UpcardChosen).card == "5C"
    assert state.pile == [card("5C")]
    assert len(state.hands[0]) == 7
    assert state.to_move == 0 and state.phase == "draw"
    refused(state, "discard 8C", match="before drawing")
    act(state, "draw", "discard KS")
    assert state.to_move == 1
    assert state.pile == cards("5C KS")


# --- 2.8 Determinism and stacked decks ---------------------------------------------------------


def test_the_same_seed_deals_the_same_round_and_rounds_differ():
    """RULES 2.8: a round's shuffle comes from the seed and the round number."""
    first = one(new_game(NAMES[:3], seed="abc"), RoundDealt)
    again = one(new_game(NAMES[:3], seed="abc"), RoundDealt)
    other = one(new_game(NAMES[:3], seed="abd"), RoundDealt)
    assert first == again
    assert first.hands != other.hands
    assert shuffled_deck("abc", 1, 1) != shuffled_deck("abc", 2, 1)


def test_a_stacked_deck_is_recorded_and_deals_as_given():
    """RULES 2.8: a game may start from a stacked deck; the header records it."""
    state = start(["AS 2S 3S", "AH 2H 3H"], up="9C", stock="4S")
    assert isinstance(state.header, GameStarted)
    assert state.header.deck[0][:8] == ("AS", "AH", "2S", "2H", "3S", "3H", "9C", "4S")
    assert state.hands == [cards("AS 2S 3S"), cards("AH 2H 3H")]


def test_a_stacked_deck_with_a_card_twice_in_one_deck_is_refused():
    """RULES 2.8, 1.2: a stacked deck must be a real deck (one of each card with one deck)."""
    with pytest.raises(RulesError, match="appears more often"):
        new_game(NAMES[:2], deck=[cards("AS AS")])


def _stream_shuffle(items, seed, purpose):
    """The shuffle as man/rummy500-log.5 states it, each swap index read one at a time
    from the documented stream (`deal.ByteStream.below`)."""
    out = list(items)
    stream = ByteStream(seed, purpose)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("size", [0, 1, 2, 3, 9, 52, 53, 104, 108, 256, 257, 300, 1024, 1025, 1026])
def test_the_shuffle_is_the_documented_stream_read_word_by_word(size):
    """The deal's shuffle reads its words ahead, a block at a time: the same swaps as
    the documented algorithm, word by word, for every size of pack and pile."""
    items = list(range(size))
    for seed in ("a", 7, "long", "ünï"):
        for purpose in ("deal/1", "reshuffle/3/2", "dealer/1"):
            assert shuffled(items, seed, purpose) == _stream_shuffle(items, seed, purpose)


def _rigged(digest):
    """A stand-in for hashlib.sha256 whose digest of the data hashed is `digest(data)`."""

    class Rigged:
        def __init__(self, data=b""):
            self.data = data

        def copy(self):
            return Rigged(self.data)

        def update(self, more):
            self.data += more

        def digest(self):
            return digest(self.data)

    return Rigged


def test_the_shuffle_reads_on_past_rejected_words(monkeypatch):
    """A rejected word (RULES' stream: at least 2**32 - 2**32 % n) is read past: the
    shuffle that read its words at once is done again from the stream, a number at a
    time. Forced here by a stream whose every other block holds words that are all
    rejected."""
    real = deal.sha256

    def digest(data: bytes) -> bytes:
        block = int.from_bytes(data[-8:], "big")
        return b"\xff" * 32 if block % 2 else real(data).digest()

    monkeypatch.setattr(deal, "sha256", _rigged(digest))
    items = list(range(52))
    assert shuffled(items, "s", "deal/1") == _stream_shuffle(items, "s", "deal/1")
    assert sorted(shuffled(items, "s", "deal/1")) == items


@pytest.mark.parametrize(
    ("at", "near"),
    [
        (0, b"\x00\xff\xff\xff"),
        (0, b"\xff\xff\xff\x00"),
        (6, b"\xff\xff\xff\xff"),
        (0, b"\xff" * 4),
    ],
)
def test_the_shuffle_looks_at_each_word_when_its_bytes_come_near_a_rejection(monkeypatch, at, near):
    """Three 0xff bytes in a row in the stream may be a rejected word (at least 2**32 -
    255): the shuffle then looks at each word, and swaps as the documented stream does,
    whether the first word is rejected (0xffffffff) or not (a word that holds them, or
    two words that straddle them)."""
    real = deal.sha256

    def digest(data: bytes) -> bytes:
        block = real(data).digest()
        return block[:at] + near + block[at + 4 :] if data.endswith(bytes(8)) else block

    monkeypatch.setattr(deal, "sha256", _rigged(digest))
    for size in (52, 104):
        items = list(range(size))
        assert shuffled(items, "s", "deal/1") == _stream_shuffle(items, "s", "deal/1")
