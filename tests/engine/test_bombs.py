"""Bombs at the table (RULES.md A15, C3-C6, C26; RECORD_FORMAT.md on closed tricks)."""

import pytest

from app.engine import IllegalAction
from app.engine.combos import BOMB

from .helpers import bombs_of, gift, pass_, play, plays_of, refused, show, table

FOUR_NINES = "S9 B9 G9 R9"
FOUR_TENS = "S10 B10 G10 R10"
FLUSH = "G2 G3 G4 G5 G6"


def test_a15_a_bomb_may_be_played_out_of_turn():
    game = table(["Mj S3", "S4", FOUR_NINES, "S6"])
    play(game, 0, "S3")
    assert game.round.turn == 1
    assert bombs_of(game, 2) == {FOUR_NINES}
    play(game, 2, FOUR_NINES)
    assert game.round.top_seat == 2


def test_a15_after_a_bomb_play_continues_with_the_player_after_the_bomber():
    game = table(["Mj S3", "S4", FOUR_NINES, "S6"])
    play(game, 0, "S3")
    play(game, 2, FOUR_NINES)
    assert game.round.turn == 3


def test_a15_after_a_bomb_the_next_seat_is_skipped_if_out():
    game = table(["Mj S2 B3 G4 R5", "S6 B6 G6", FOUR_NINES + " S7", "R8 G8 B8"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5")  # seat 0 is out
    play(game, 2, FOUR_NINES)  # out of turn (seat 1 was to play)
    assert game.round.turn == 3
    pass_(game, 3)
    assert game.round.turn == 1  # seat 0 is skipped


def test_a15_c6_a_player_may_bomb_his_own_play():
    game = table(["Mj S3 " + FOUR_NINES, "S4", "S5", "S6"])
    play(game, 0, "S3")
    assert bombs_of(game, 0) == {FOUR_NINES}
    play(game, 0, FOUR_NINES)
    assert game.round.turn == 1 and game.round.top_seat == 0


def test_a15_a_seat_in_turn_may_bomb_instead_of_following():
    game = table(["Mj S3", FOUR_NINES + " S4", "S5", "S6"])
    play(game, 0, "S3")
    assert FOUR_NINES in plays_of(game, 1)
    play(game, 1, FOUR_NINES)
    assert game.round.turn == 2


def test_a15_c5_bomb_window_after_everybody_passed_until_the_trick_is_collected():
    game = table(["Mj S3 G7", "S4", FOUR_NINES + " S5", "S6"])
    play(game, 0, "S3")
    pass_(game, 1, 2, 3)
    rnd = game.round
    assert rnd.closed and rnd.turn == 0
    assert bombs_of(game, 2) == {FOUR_NINES}
    play(game, 2, FOUR_NINES)
    assert not rnd.closed and rnd.turn == 3 and rnd.top_seat == 2
    pass_(game, 3, 0, 1)
    play(game, 2, "S5")
    assert set(show(rnd.piles[2]).split()) == {"S3", "S9", "B9", "G9", "R9"}


def test_a15_once_the_winner_leads_again_the_old_trick_is_collected():
    game = table(["Mj S3 G7", "S4", FOUR_NINES + " S5", "S6"])
    play(game, 0, "S3")
    pass_(game, 1, 2, 3)
    play(game, 0, "G7")  # a new lead: collects S3 to seat 0
    assert show(game.round.piles[0]) == "S3"
    play(game, 2, FOUR_NINES)  # goes onto the new trick
    assert [show(p[3]) for _, p in game.round.trick] == ["G7", "S9 B9 G9 R9"]


def test_a15_c3_no_bomb_on_an_empty_table_before_the_first_lead():
    game = table(["Mj S3", "S4", FOUR_NINES, "S6"])
    assert bombs_of(game, 2) == set()
    refused(game, {"seat": 2, "act": "play", "cards": FOUR_NINES}, "not_your_turn")


def test_a15_c4_no_bomb_on_the_dog():
    game = table(["Mj Dg S3", FOUR_NINES, "S5", "S6"])
    play(game, 0, "Dg")
    refused(game, {"seat": 1, "act": "play", "cards": FOUR_NINES}, "not_your_turn")


def test_a15_only_a_bomb_may_be_played_out_of_turn():
    game = table(["Mj S3", "S4", "S5 B5", "S6"])
    play(game, 0, "S3")
    refused(game, {"seat": 2, "act": "play", "cards": "S5"}, "not_your_turn")


def test_a15_a_bomb_must_beat_a_bomb_on_the_table():
    game = table(["Mj S3 G7", FOUR_TENS, FOUR_NINES, FLUSH])
    play(game, 0, "S3")
    play(game, 1, FOUR_TENS)
    assert bombs_of(game, 2) == set()
    refused(game, {"seat": 2, "act": "play", "cards": FOUR_NINES}, "does_not_beat")
    assert bombs_of(game, 3) == {show(game.rules.deck.parse_mask(FLUSH))}
    play(game, 3, FLUSH)
    refused(game, {"seat": 2, "act": "play", "cards": FOUR_NINES}, "does_not_beat")


def test_a15_a_four_of_a_kind_never_beats_a_straight_flush():
    game = table(["Mj S3", "S4", "SA BA GA RA", FLUSH])
    play(game, 0, "S3")
    play(game, 3, FLUSH)
    refused(game, {"seat": 2, "act": "play", "cards": "SA BA GA RA"}, "does_not_beat")


def test_a15_a_longer_straight_flush_beats_a_higher_shorter_one():
    game = table(["Mj S3", "S4", "R9 R10 RJ RQ RK", "G2 G3 G4 G5 G6 G7"])
    play(game, 0, "S3")
    play(game, 2, "R9 R10 RJ RQ RK")
    play(game, 3, "G2 G3 G4 G5 G6 G7")
    assert game.round.top_seat == 3


def test_a15_bombs_beat_any_combination_even_the_dragon():
    game = table(["Mj Dr", "S4", FOUR_NINES, "S6"])
    play(game, 0, "Dr")
    play(game, 2, FOUR_NINES)
    assert game.round.top_seat == 2


def test_a15_a_straight_flush_goes_on_a_straight_as_a_bomb():
    game = table(["Mj S2 B3 G4 R5", "S4", "S6 S7 S8 S9 S10", "S5"])
    play(game, 0, "Mj S2 B3 G4 R5")
    play(game, 2, "S6 S7 S8 S9 S10")
    assert game.round.trick[-1][1][0] == BOMB


def test_a15_no_bomb_after_the_round_ending_play():
    game = table(["Mj S2 B3 G4 R5", "R9 G9 B9", "S7 S8 S9 S10 SJ", FOUR_TENS], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")  # double victory
    assert bombs_of(game, 3) == set()
    refused(game, {"seat": 3, "act": "play", "cards": FOUR_TENS}, "round_over")


FINAL_DRAGON = ["Mj S3 Dr", "S4 B4 G4 R4", "S7 S8 S9 S10 SJ", "R10 RJ RQ RK RA"]


def test_a15_a16_no_bomb_on_a_round_ending_dragon_trick_waiting_for_its_gift():
    game = table(FINAL_DRAGON, fill=False)
    play(game, 0, "Mj")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")  # out first
    play(game, 3, "R10 RJ RQ RK RA")  # out second
    pass_(game, 0, 1)
    play(game, 0, "S3")
    pass_(game, 1)
    play(game, 0, "Dr")  # out third: the round is over once the Dragon's trick is given
    rnd = game.round
    assert rnd.phase == "play" and rnd.gift_from == 0 and rnd.turn is None
    assert bombs_of(game, 1) == set()
    refused(game, {"seat": 1, "act": "play", "cards": "S4 B4 G4 R4"}, "round_over")
    gift(game, 0, 1)
    assert rnd.phase == "over"


def test_c26_several_bombs_in_a_row_each_on_the_previous():
    game = table(["Mj S3", FOUR_NINES, FOUR_TENS, "SJ BJ GJ RJ"])
    play(game, 0, "S3")
    play(game, 1, FOUR_NINES)
    play(game, 2, FOUR_TENS)
    play(game, 3, "SJ BJ GJ RJ")
    assert game.round.turn == 0
    pass_(game, 0, 1, 2)
    assert game.round.closed and game.round.turn == 3


def test_a15_a_bomb_onto_a_dragon_trick_needs_no_gift_afterwards():
    game = table(["Mj Dr S3", "S4 B4", FOUR_NINES + " S5", "S6 B6"])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    play(game, 2, FOUR_NINES)
    pass_(game, 3, 0, 1)
    assert game.round.gift_from is None
    with pytest.raises(IllegalAction):
        gift(game, 0, 1)
