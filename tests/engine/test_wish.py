"""The Mah Jong's wish (RULES.md A13, C7-C12; option wish_bomb_escape).

All deals are short (fill=False) so that every card of the wished rank is named.
"""

import pytest

from app.engine import view_for

from .helpers import begin_round, bombs_of, pass_, play, plays_of, refused, table


def wish(game):
    return view_for(game, None)["wish"]


BASIC = ["Mj S3 B4", "R8 S9 B2", "G5 G6 G7", "S10 B10 GJ"]


def test_c9_the_wish_is_optional():
    game = table(BASIC, fill=False)
    play(game, 0, "Mj")
    assert wish(game) is None
    pass_(game, 1)  # nothing to fulfil


def test_a13_the_next_player_who_can_play_the_wished_rank_must():
    game = table(BASIC, fill=False)
    play(game, 0, "Mj", wish="8")
    assert wish(game) == "8"
    assert plays_of(game, 1) == {"R8"}
    assert not game.legal(1).can_pass
    refused(game, {"seat": 1, "act": "play", "cards": "S9"}, "must_fulfil_wish")
    refused(game, {"seat": 1, "act": "pass"}, "must_fulfil_wish")
    play(game, 1, "R8")
    assert wish(game) is None  # fulfilled by a natural 8
    pass_(game, 2)


def test_a13_a_player_who_cannot_lawfully_play_the_rank_is_free():
    game = table(["Mj S2 B3 G4 R5 B7", "R8 S9 G2", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5", wish="8")
    assert game.legal(1).can_pass
    pass_(game, 1)
    assert wish(game) == "8"


def test_a13_the_wish_is_fulfilled_through_a_phoenix_completed_pair():
    game = table(["Mj S3 B4", "SA S5 B5 S6", "R8 Ph G2", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj", wish="8")
    play(game, 1, "SA")
    assert game.legal(2).can_pass  # an 8 cannot beat the Ace; the Phoenix is no 8
    pass_(game, 2, 3, 0)
    play(game, 1, "S5 B5")
    assert plays_of(game, 2) == {"Ph R8"}
    refused(game, {"seat": 2, "act": "pass"}, "must_fulfil_wish")
    play(game, 2, "Ph R8")
    assert wish(game) is None


def test_a13_the_wish_is_fulfilled_through_a_phoenix_completed_straight():
    game = table(["Mj S2 B3 G4 R5", "S4 B5 G6 R8 Ph", "G7 G9 GJ", "S10 B10 GQ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5", wish="8")
    assert plays_of(game, 1) == {"Ph R8 G6 B5 S4"}
    refused(game, {"seat": 1, "act": "pass"}, "must_fulfil_wish")
    play(game, 1, "Ph R8 G6 B5 S4", phoenix="7")
    assert wish(game) is None


def test_a13_the_wish_must_be_fulfilled_with_a_bomb_if_that_is_the_only_way():
    game = table(["Mj S2 B3 G4 R5", "S8 B8 G8 R8 S9", "G7 G9 GJ", "S10 B10 GQ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5", wish="8")
    assert plays_of(game, 1) == {"S8 B8 G8 R8"}
    refused(game, {"seat": 1, "act": "pass"}, "must_fulfil_wish")
    play(game, 1, "S8 B8 G8 R8")
    assert wish(game) is None


def test_a13_a_straight_flush_holding_the_wished_rank_must_be_played():
    game = table(["Mj S2 B3 G4 R5", "R6 R7 R8 R9 R10", "G7 G9 GJ", "S10 B10 GQ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5", wish="8")
    assert plays_of(game, 1) == {"R10 R9 R8 R7 R6"}
    assert not game.legal(1).can_pass


def test_a13_the_phoenix_standing_for_the_wished_rank_does_not_fulfil_it():
    game = table(["Mj S3 B4", "SA S6 S7 S9 S10 Ph", "G5 G6 G2", "B10 GJ R3"], fill=False)
    play(game, 0, "Mj", wish="8")
    play(game, 1, "SA")
    pass_(game, 2, 3, 0)
    play(game, 1, "S6 S7 Ph S9 S10", phoenix="8")
    assert wish(game) == "8"


def test_a13_holding_only_the_phoenix_creates_no_obligation():
    game = table(["Mj S3 B4", "Ph S9 B2", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj", wish="8")
    assert game.legal(1).can_pass
    assert {"Ph", "S9", "B2"} == plays_of(game, 1)


def test_a13_c7_the_wish_binds_the_leader_and_the_wisher_himself():
    game = table(["Mj R8 S3 Dg", "S4 B4 G4", "S5 B5 G5", "S6 B6 G6"], fill=False)
    play(game, 0, "Mj", wish="8")
    pass_(game, 1, 2, 3)
    assert game.legal(0).lead
    assert plays_of(game, 0) == {"R8"}
    refused(game, {"seat": 0, "act": "play", "cards": "S3"}, "must_fulfil_wish")


def test_c10_no_dog_lead_while_the_wished_rank_can_be_led():
    game = table(["Mj R8 S3 Dg", "S4 B4 G4", "S5 B5 G5", "S6 B6 G6"], fill=False)
    play(game, 0, "Mj", wish="8")
    pass_(game, 1, 2, 3)
    refused(game, {"seat": 0, "act": "play", "cards": "Dg"}, "must_fulfil_wish")


ESCAPE = ["Mj S3 B3", "S4 B4 G4", "R8 S9 B9 G9 R9 S10 B10 G10 R10", "S5 B5 G5"]


@pytest.mark.parametrize("escape", ["follow_only", "always", "never"])
def test_a13_c8_a_bomb_out_of_turn_need_not_honour_the_wish(escape):
    game = table(ESCAPE, options={"wish_bomb_escape": escape}, fill=False)
    play(game, 0, "Mj", wish="8")
    assert game.round.turn == 1
    assert "S9 B9 G9 R9" in bombs_of(game, 2)
    play(game, 2, "S9 B9 G9 R9")
    assert wish(game) == "8"


@pytest.mark.parametrize("escape, leads", [
    ("follow_only", {"R8"}),
    ("never", {"R8"}),
    ("always", {"R8", "S10 B10 G10 R10"}),
])
def test_a13_c8_the_bomber_who_wins_the_trick_must_lead_the_wished_rank(escape, leads):
    game = table(ESCAPE, options={"wish_bomb_escape": escape}, fill=False)
    play(game, 0, "Mj", wish="8")
    play(game, 2, "S9 B9 G9 R9")  # out of turn
    pass_(game, 3, 0, 1)
    assert game.round.turn == 2 and game.legal(2).lead
    assert plays_of(game, 2) == leads
    if escape == "always":
        play(game, 2, "S10 B10 G10 R10")
        assert wish(game) == "8"
    else:
        refused(game, {"seat": 2, "act": "play", "cards": "S10 B10 G10 R10"}, "must_fulfil_wish")


FOLLOW = ["Mj S3 B3", "R8 S9 B9 G9 R9", "S4 B4 G4", "S5 B5 G5"]


@pytest.mark.parametrize("escape, follows", [
    ("follow_only", {"R8", "S9 B9 G9 R9"}),
    ("always", {"R8", "S9 B9 G9 R9"}),
    ("never", {"R8"}),
])
def test_c8_wish_bomb_escape_when_following_in_turn(escape, follows):
    game = table(FOLLOW, options={"wish_bomb_escape": escape}, fill=False)
    play(game, 0, "Mj", wish="8")
    assert plays_of(game, 1) == follows
    assert not game.legal(1).can_pass
    if escape == "never":
        refused(game, {"seat": 1, "act": "play", "cards": "S9 B9 G9 R9"}, "must_fulfil_wish")
    else:
        play(game, 1, "S9 B9 G9 R9")
        assert wish(game) == "8"


def test_a13_the_wish_lasts_over_tricks_until_a_natural_card_of_the_rank_is_played():
    game = table(["Mj S3 B4", "SA S5 B5", "R8 G6 G7", "S10 B10 GJ G4"], fill=False)
    play(game, 0, "Mj", wish="8")
    play(game, 1, "SA")  # no 8 can beat the Ace
    pass_(game, 2, 3, 0)
    play(game, 1, "S5 B5")  # a new trick: the wish is still open
    assert wish(game) == "8"
    pass_(game, 2)  # a single 8 cannot follow a pair
    play(game, 3, "S10 B10")
    pass_(game, 0, 2)  # seat 1 is out
    play(game, 3, "GJ")
    assert wish(game) == "8"
    pass_(game, 0)
    assert game.legal(2).can_pass  # its 8 cannot beat the Jack


def test_a13_a_bomb_out_of_turn_holding_the_wished_rank_fulfils_the_wish():
    game = table(["Mj S3 B4", "SA S5 B5", "G2 G6 G7", "S8 B8 G8 R8 S10"], fill=False)
    play(game, 0, "Mj", wish="8")
    play(game, 1, "SA")
    assert game.round.turn == 2
    play(game, 3, "S8 B8 G8 R8")
    assert wish(game) is None


def test_c11_the_mah_jong_play_does_not_fulfil_its_own_wish():
    game = table(["Mj S2 B3 G4 R5", "S3 S9 G2", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5", wish="3")
    assert wish(game) == "3"


def test_a13_c12_the_wish_lapses_at_the_end_of_the_round():
    first = ["Mj S2 B3 G4 R5", "R9 G9 B9", "S10 SJ SQ SK SA", "RJ GJ BJ"]
    game = table(first, fill=False, later=[["Mj S9 B9", "S2 B2 G2", "S3 B3 G3", "S4 B4 G4"]])
    play(game, 0, "Mj S2 B3 G4 R5", wish="9")
    pass_(game, 1)
    play(game, 2, "S10 SJ SQ SK SA")  # double victory while the wish is open
    assert len(game.rounds) == 2
    assert game.round.wish is None
    begin_round(game)
    assert wish(game) is None
    assert plays_of(game, 0) >= {"Mj", "S9"}  # no 9 is due


@pytest.mark.parametrize("value", ["1", "15", "Dr", "Mj", "X", "", "0", "11"])
def test_a13_a_wish_is_a_rank_2_to_a(value):
    game = table(BASIC, fill=False)
    refused(game, {"seat": 0, "act": "play", "cards": "Mj", "wish": value}, "bad_wish")


@pytest.mark.parametrize("value", [1.5, True, [8], {"r": 8}])
def test_a13_a_wish_of_the_wrong_type_is_refused(value):
    game = table(BASIC, fill=False)
    refused(game, {"seat": 0, "act": "play", "cards": "Mj", "wish": value}, "bad_action")


def test_a13_only_the_player_of_the_mah_jong_may_wish():
    game = table(BASIC, fill=False)
    play(game, 0, "Mj")
    refused(game, {"seat": 1, "act": "play", "cards": "S9", "wish": "8"}, "bad_wish")


def test_a13_wishing_an_ace_or_ten_in_any_notation():
    for text in ("A", "a", "10", "T", 10, "t"):
        game = table(BASIC, fill=False)
        play(game, 0, "Mj", wish=text)
        assert wish(game) in ("A", "10")
