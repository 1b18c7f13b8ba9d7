"""Cards and the record notation (RECORD_FORMAT.md "Card notation", RULES.md A1 and D1/D11)."""

import pytest

from app.engine import FIFTY_TWO_DECK, STANDARD_DECK, NotationError, mask_cards
from app.engine.cards import DOG, DRAGON, MAHJONG, NORMAL, PHOENIX, parse_rank, rank_name

DECKS = [STANDARD_DECK, FIFTY_TWO_DECK]


def test_a1_standard_deck_has_56_cards_four_suits_thirteen_ranks_and_four_specials():
    deck = STANDARD_DECK
    assert deck.size == 56
    normal = [c for c in range(deck.size) if deck.role_of[c] == NORMAL]
    assert len(normal) == 52
    assert {deck.rank_of[c] for c in normal} == set(range(2, 15))
    assert {deck.codes[c][0] for c in normal} == set("SBGR")
    assert [deck.codes[getattr(deck, role)] for role in (MAHJONG, DOG, PHOENIX, DRAGON)] == \
        ["Mj", "Dg", "Ph", "Dr"]


def test_a1_card_points_total_100():
    deck = STANDARD_DECK
    points = {deck.codes[c]: deck.points_of[c] for c in range(deck.size) if deck.points_of[c]}
    assert sum(points.values()) == 100
    assert points["Dr"] == 25 and points["Ph"] == -25
    assert all(points[f"{s}{r}"] == v for s in "SBGR" for r, v in (("5", 5), ("10", 10), ("K", 10)))
    assert len(points) == 14  # four 5s, four 10s, four kings, Dragon, Phoenix


def test_d1_fifty_two_deck_gives_the_special_roles_to_the_aces():
    deck = FIFTY_TWO_DECK
    assert deck.size == 52
    assert deck.codes[deck.mahjong] == "CA"
    assert deck.codes[deck.dragon] == "SA"
    assert deck.codes[deck.phoenix] == "DA"
    assert deck.codes[deck.dog] == "HA"
    normal = [c for c in range(deck.size) if deck.role_of[c] == NORMAL]
    assert {deck.rank_of[c] for c in normal} == set(range(2, 14))  # 2..K, King high
    assert {deck.codes[c][0] for c in normal} == set("SHDC")


def test_d11_fifty_two_points_queens_ten_kings_zero_total_100():
    deck = FIFTY_TWO_DECK
    by_code = {deck.codes[c]: deck.points_of[c] for c in range(deck.size)}
    assert sum(by_code.values()) == 100
    assert by_code["SQ"] == 10 and by_code["SK"] == 0
    assert by_code["SA"] == 25 and by_code["DA"] == -25
    assert by_code["H5"] == 5 and by_code["C10"] == 10
    assert by_code["HA"] == 0 and by_code["CA"] == 0


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_every_card_prints_and_parses_back(deck):
    for card in range(deck.size):
        code = deck.format_card(card)
        assert deck.parse_card(code) == card
        assert deck.parse_card(code.lower()) == card
    everything = deck.format_cards(deck.full_mask)
    assert deck.parse_mask(everything) == deck.full_mask
    assert deck.format_cards(deck.parse_mask(everything)) == everything


def test_parsing_is_case_insensitive_and_accepts_t_commas_and_whitespace():
    deck = STANDARD_DECK
    expected = deck.parse_mask("R10 GJ Ph Mj")
    for text in ("r10 gj ph mj", "RT,GJ,PH,MJ", "  rt ,\tGj\n pH, mJ  ", "R10,,GJ  Ph,Mj"):
        assert deck.parse_mask(text) == expected
    assert deck.parse_mask(["rt", "gj", "PH", "Mj"]) == expected


def test_fifty_two_notation_uses_spades_hearts_diamonds_clubs():
    deck = FIFTY_TWO_DECK
    assert deck.format_cards(deck.parse_mask("ht c10 da sk ca s2")) == "DA SK H10 C10 S2 CA"
    with pytest.raises(NotationError):
        deck.parse_card("B5")  # Pagoda belongs to the standard deck
    with pytest.raises(NotationError):
        deck.parse_card("Ph")
    with pytest.raises(NotationError):
        STANDARD_DECK.parse_card("H5")


def test_printing_is_canonical_high_to_low():
    deck = STANDARD_DECK
    assert deck.format_cards(deck.parse_mask("mj s2 dr gA bA Dg ph r10")) == "Dr Ph BA GA R10 S2 Mj Dg"
    # A list of ids prints the same as the bitmask.
    m = deck.parse_mask("G5 R5 S5")
    assert deck.format_cards(mask_cards(m)) == deck.format_cards(m) == "S5 G5 R5"


@pytest.mark.parametrize("text", ["X5", "R1", "R11", "R0", "Ph2", "R 10x", "Mjj", "G"])
def test_unknown_cards_are_refused(text):
    with pytest.raises(NotationError):
        STANDARD_DECK.parse_mask(text)


def test_a_card_named_twice_is_refused_in_a_set():
    with pytest.raises(NotationError, match="twice"):
        STANDARD_DECK.parse_mask("R5 r5")
    with pytest.raises(NotationError, match="twice"):
        STANDARD_DECK.parse_mask("R10 RT")


def test_cards_must_be_text_or_a_list():
    with pytest.raises(NotationError):
        STANDARD_DECK.parse_cards(5)
    with pytest.raises(NotationError):
        STANDARD_DECK.parse_cards(None)


def test_ranks_parse_and_print_2_to_a_with_t_for_ten():
    assert [parse_rank(t) for t in ("2", "9", "10", "t", "T", "j", "Q", "k", "a")] == \
        [2, 9, 10, 10, 10, 11, 12, 13, 14]
    assert [rank_name(r) for r in (2, 10, 11, 12, 13, 14)] == ["2", "10", "J", "Q", "K", "A"]
    for bad in ("1", "0", "11", "02", "X", "", "Mj", "10.0"):
        with pytest.raises(NotationError):
            parse_rank(bad)


def test_d5_fifty_two_ranks_stop_at_the_king():
    assert FIFTY_TWO_DECK.parse_rank("K") == 13
    with pytest.raises(NotationError):
        FIFTY_TWO_DECK.parse_rank("A")
    assert STANDARD_DECK.parse_rank("A") == 14
