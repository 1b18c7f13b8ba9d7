"""Combinations and comparison (RULES.md A10, A11, A12, A13 Mah Jong, A15 bomb order, A16 Dragon)."""

import pytest

from app.engine import STANDARD_DECK, IllegalAction, beats, describe, interpretations
from app.engine.combos import BOMB, KIND_NAMES, choose_reading

DECK = STANDARD_DECK


def read(text, on=None, stairs_min_pairs=2, led=1.5):
    """The readings of a card set as (kind, length, value, phoenix rank)."""
    return [(KIND_NAMES[p[0]], p[1], p[2], p[4])
            for p in interpretations(DECK.parse_mask(text), DECK, stairs_min_pairs, on, led)]


def play(text, on=None, phoenix=None):
    """The (first, or the named Phoenix rank's) reading of a card set as a play tuple."""
    readings = interpretations(DECK.parse_mask(text), DECK, 2, on)
    assert readings, f"{text} is no combination"
    return choose_reading(readings, phoenix, DECK)[0]


def beats_text(a, b):
    on = play(b)
    return any(beats(p, on) for p in interpretations(DECK.parse_mask(a), DECK, 2, on))


# -- A10: the combinations ----------------------------------------------------------------


def test_a10a_any_single_card_is_a_single():
    assert read("R7") == [("single", 1, 7, None)]
    assert read("SA") == [("single", 1, 14, None)]
    assert read("Mj") == [("single", 1, 1, None)]
    assert read("Dr") == [("single", 1, 20, None)]
    assert read("Dg") == [("dog", 1, 0, None)]


def test_a10b_pair_is_two_cards_of_equal_rank():
    assert read("R7 G7") == [("pair", 2, 7, None)]
    assert read("R7 G8") == []


def test_a10c_stairs_are_two_or_more_pairs_of_adjacent_ranks():
    assert read("R5 G5 S6 B6") == [("stairs", 4, 6, None)]
    assert read("SJ GJ SQ RQ BK GK") == [("stairs", 6, 13, None)]
    assert read("R5 G5 S7 B7") == []  # not adjacent
    assert read("R5 G5 S6 B6 G6") == [("full_house", 5, 6, None)]  # a full house, not stairs
    assert read("R5 G5 S6 B6 G7 S7 B7 R7") == []  # stairs are pairs only


def test_a10d_triple_is_three_of_a_rank():
    assert read("R9 G9 B9") == [("triple", 3, 9, None)]


def test_a10e_full_house_is_a_triple_and_a_pair_of_different_rank():
    assert read("R9 G9 B9 S4 G4") == [("full_house", 5, 9, None)]
    assert read("R9 G9 B9 S9 G4") == []


def test_a10f_straight_is_five_or_more_consecutive_ranks_in_any_suits():
    assert read("S3 R4 G5 B6 S7") == [("straight", 5, 7, None)]
    assert read("S3 R4 G5 B6") == []  # four cards are too few
    assert read("S10 RJ GQ BK SA") == [("straight", 5, 14, None)]


def test_a10f_ace_is_only_high_no_wrap_around():
    assert read("SA R2 G3 B4 S5") == []
    assert read("SQ RK GA B2 S3") == []


def test_a10f_longest_straight_is_mah_jong_to_ace():
    assert read("Mj S2 B3 G4 R5 S6 B7 G8 R9 S10 BJ GQ RK SA") == [("straight", 14, 14, None)]


def test_a10g_four_of_a_kind_is_a_bomb():
    assert read("R9 G9 B9 S9") == [("bomb", 4, 9, None)]


def test_a10g_straight_flush_is_a_bomb_never_a_straight():
    (kind, length, _, ph), = read("G3 G4 G5 G6 G7")
    assert (kind, length, ph) == ("bomb", 5, None)


def test_a10_there_is_no_sequence_of_triples_and_no_other_shape():
    assert read("R5 G5 B5 S6 R6 G6") == []
    assert read("R5 G5 S6") == []
    assert read("R5 G7") == []


def test_a10g_no_special_card_is_part_of_a_bomb():
    # Mah Jong below a same-suit run: an ordinary straight (A10g, C25).
    assert read("Mj G2 G3 G4 G5") == [("straight", 5, 5, None)]
    assert read("Dr R9 G9 B9 S9") == []
    assert read("Dg G3 G4 G5 G6 G7") == []


def test_a16_dragon_and_dog_only_go_alone():
    assert read("Dr SA") == []
    assert read("Dr Ph") == []
    assert read("S10 RJ GQ BK Dr") == []
    assert read("Dg Mj") == []
    assert read("Dg S2") == []


def test_a13_mah_jong_is_rank_1_and_the_bottom_of_a_straight():
    assert read("Mj S2 B3 G4 R5") == [("straight", 5, 5, None)]
    assert read("Mj S2") == []  # no pair with the Mah Jong
    assert read("Mj S3 B4 G5 R6") == []  # the 2 is missing


def test_c1_stairs_minimum_three_pairs_option():
    assert read("R5 G5 S6 B6", stairs_min_pairs=3) == []
    assert read("R5 G5 S6 B6 G7 S7", stairs_min_pairs=3) == [("stairs", 6, 7, None)]


# -- A12: the Phoenix as a wildcard --------------------------------------------------------


def test_a12_phoenix_completes_pair_triple_stairs_full_house_straight():
    assert read("Ph R7") == [("pair", 2, 7, 7)]
    assert read("Ph R7 G7") == [("triple", 3, 7, 7)]
    assert read("Ph R5 G5 S6") == [("stairs", 4, 6, 6)]
    assert read("Ph R5 S6 G6") == [("stairs", 4, 6, 5)]
    assert read("Ph R9 G9 B9 S4") == [("full_house", 5, 9, 4)]
    assert read("Ph S3 R4 B6 S7") == [("straight", 5, 7, 5)]


def test_a12_ambiguous_phoenix_gives_every_rank_it_can_stand_for_higher_first():
    # 9-9-5-5-Ph: a full house of nines or of fives (C13).
    assert read("Ph R9 G9 S5 B5") == [("full_house", 5, 9, 9), ("full_house", 5, 5, 5)]
    # 10-J-Q-K-Ph: the Phoenix is the Ace or the 9.
    assert read("Ph S10 RJ GQ BK") == [("straight", 5, 14, 14), ("straight", 5, 13, 9)]


def test_a12_phoenix_is_never_above_the_ace_nor_a_1():
    assert read("Ph S10 RJ GQ BK SA") == [("straight", 6, 14, 9)]
    assert read("Ph Mj S2 B3 G4") == [("straight", 5, 5, 5)]  # never the 1 below the Mah Jong
    assert read("Ph Mj") == []  # no pair of Mah Jongs


def test_a12_phoenix_never_makes_a_bomb():
    # Three of a kind + Phoenix is no combination at all.
    assert read("Ph R9 G9 B9") == []
    # A same-suit run with the Phoenix is an ordinary straight.
    assert read("Ph G3 G4 G6 G7") == [("straight", 5, 7, 5)]
    assert read("Ph G3 G4 G5 G6") == [("straight", 5, 7, 7), ("straight", 5, 6, 2)]


def test_a12_four_threes_and_phoenix_is_not_a_full_house():
    assert read("Ph S3 B3 G3 R3") == []


def test_a12_phoenix_never_stands_for_dragon_or_dog():
    assert read("Ph Dr") == []
    assert read("Ph Dg") == []


def test_a12_single_phoenix_is_half_a_rank_above_the_single_it_beats():
    assert read("Ph", on=play("R8")) == [("single", 1, 8.5, None)]
    assert read("Ph", on=play("SA")) == [("single", 1, 14.5, None)]
    assert read("Ph", on=play("Mj")) == [("single", 1, 1.5, None)]


def test_a12_single_phoenix_can_never_go_on_the_dragon():
    assert read("Ph", on=play("Dr")) == []


def test_a12_single_phoenix_goes_only_on_a_single():
    assert read("Ph", on=play("R8 G8")) == []


def test_a12_led_phoenix_is_one_and_a_half():
    led = play("Ph")
    assert led[2] == 1.5
    assert beats(play("S2"), led)
    assert not beats(play("Mj"), led)


def test_a12_phoenix_on_eight_is_beaten_by_nine_not_by_eight():
    ph = play("Ph", on=play("R8"))
    assert beats(play("G9"), ph)
    assert not beats(play("G8"), ph)


def test_a12_phoenix_beats_an_ace_dragon_beats_the_phoenix():
    ace = play("SA")
    ph = play("Ph", on=ace)
    assert beats(ph, ace)
    assert beats(play("Dr"), ph)


def test_choose_reading_takes_the_named_phoenix_rank_and_refuses_others():
    readings = interpretations(DECK.parse_mask("Ph R9 G9 S5 B5"), DECK)
    assert choose_reading(readings, 5, DECK)[0][2] == 5
    assert choose_reading(readings, None, DECK) == readings
    with pytest.raises(IllegalAction) as err:
        choose_reading(readings, 7, DECK)
    assert err.value.code == "bad_phoenix"
    single = interpretations(DECK.parse_mask("Ph"), DECK)
    with pytest.raises(IllegalAction) as err:
        choose_reading(single, 7, DECK)
    assert err.value.code == "bad_phoenix"
    natural = interpretations(DECK.parse_mask("R9 G9"), DECK)
    with pytest.raises(IllegalAction):
        choose_reading(natural, 9, DECK)


# -- A11: comparison ------------------------------------------------------------------------


def test_a11_same_kind_same_length_strictly_higher():
    assert beats_text("G9", "R8")
    assert not beats_text("G8", "R8")
    assert not beats_text("G7", "R8")
    assert beats_text("G9 R9", "S8 B8")
    assert not beats_text("G9 R9", "S8 B8 G8")  # another kind
    assert not beats_text("G9", "S8 B8")


def test_a11_stairs_compare_by_highest_pair_and_length():
    assert beats_text("R6 G6 S7 B7", "R5 G5 S6 B6")
    assert not beats_text("R6 G6 S7 B7 R8 G8", "R5 G5 S6 B6")  # different length


def test_a11_full_house_compares_by_the_triple_only():
    assert beats_text("R9 G9 B9 S2 G2", "S8 B8 G8 RA SA")
    # Twos full of eights lose to eights full of twos: the pair is irrelevant.
    assert not beats_text("R8 G8 R2 S2 B2", "S8 B8 G8 RA SA")
    assert beats_text("S8 B8 G8 R2 S2", "R7 G7 B7 RA SA")


def test_a11_straights_compare_by_top_card_and_need_the_same_length():
    assert beats_text("S4 R5 G6 B7 S8", "S3 R4 G5 B6 S7")
    assert not beats_text("S3 R4 G5 B6 S7 R8", "S2 R3 G4 B5 S6")


def test_a16_dragon_is_the_highest_single():
    assert beats_text("Dr", "SA")
    assert not beats_text("SA", "Dr")


def test_a13_mah_jong_is_the_lowest_single():
    assert beats_text("S2", "Mj")
    assert not beats_text("Mj", "S2")


def test_a14_the_dog_beats_nothing():
    dog = play("Dg")
    assert not beats(dog, play("S2"))
    assert not beats(dog, play("Mj"))


# -- A15: bombs -----------------------------------------------------------------------------


def test_a15_bombs_beat_every_non_bomb():
    for on in ("Dr", "SA", "S10 RJ GQ BK SA", "R9 G9 B9 S4 G4", "RA GA"):
        assert beats_text("S2 B2 G2 R2", on)


def test_a15_bomb_order_fours_by_rank_then_straight_flushes_by_length_then_top():
    ordered = [
        "S4 B4 G4 R4",
        "S5 B5 G5 R5",
        "GA RA SA BA",
        "R4 R5 R6 R7 R8",
        "G5 G6 G7 G8 G9",
        "S2 S3 S4 S5 S6 S7",
        "B2 B3 B4 B5 B6 B7 B8",
    ]
    bombs = [play(b) for b in ordered]
    assert all(b[0] == BOMB for b in bombs)
    for i, low in enumerate(bombs):
        for high in bombs[i + 1:]:
            assert beats(high, low)
            assert not beats(low, high)


def test_a15_an_equal_bomb_does_not_beat():
    assert not beats(play("S4 S5 S6 S7 S8"), play("G4 G5 G6 G7 G8"))


def test_a15_a_non_bomb_never_beats_a_bomb():
    assert not beats_text("Dr", "S4 B4 G4 R4")


def test_describe_prints_kind_rank_and_phoenix_as_the_plays_command():
    assert describe(play("Ph S10 RJ GQ BK"), DECK) == {
        "cards": "Ph BK GQ RJ S10", "kind": "straight", "rank": "A", "phoenix": "A"}
    assert describe(play("Ph S10 RJ GQ BK", phoenix=9), DECK)["rank"] == "K"
    assert describe(play("Ph", on=play("R8")), DECK) == {
        "cards": "Ph", "kind": "single", "rank": "8.5", "phoenix": None}
    assert describe(play("Ph"), DECK)["rank"] == "1.5"
    assert describe(play("Dr"), DECK)["rank"] == "Dr"
    assert describe(play("Dg"), DECK)["kind"] == "dog"
    assert describe(play("G5 G6 G7 G8 G9"), DECK) == {
        "cards": "G9 G8 G7 G6 G5", "kind": "bomb", "rank": "9", "phoenix": None}
    assert describe(play("S10 B10 G10 R10"), DECK)["rank"] == "10"
