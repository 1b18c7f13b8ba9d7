"""The options table of RULES.md: each option is a switch with its official default."""

import pytest

from app.engine import Game, Rules, RulesetError, view_for

from .helpers import dealt, gift, pass_, play, plays_of, refused, show, table


def test_defaults_are_the_official_rules():
    assert Rules.of("standard").options == {
        "direction": "ccw", "target": 1000, "stairs_min_pairs": 2, "grand_tichu": True,
        "double_victory_points": 200, "tie_rule": "continue", "wish_bomb_escape": "follow_only",
        "dragon_gift_on_final_trick": True, "one_call_per_team": False,
    }
    fifty_two = Rules.of("fifty-two").options
    assert fifty_two["direction"] == "cw"
    assert fifty_two["target_lead"] == 400 and fifty_two["max_rounds"] == 10
    assert "target" not in fifty_two


@pytest.mark.parametrize("options", [
    {"direction": "left"},
    {"target": 0}, {"target": -50}, {"target": 75}, {"target": "1000"}, {"target": 1000.0},
    {"target": True},
    {"stairs_min_pairs": 4}, {"stairs_min_pairs": True}, {"stairs_min_pairs": "2"},
    {"grand_tichu": 1}, {"grand_tichu": "true"},
    {"double_victory_points": 150},
    {"tie_rule": "replay"},
    {"wish_bomb_escape": "sometimes"},
    {"dragon_gift_on_final_trick": None},
    {"one_call_per_team": 0},
    {"speed": "fast"},  # unknown
    {"target_lead": 400},  # belongs to fifty-two
    {"max_rounds": 10},
])
def test_options_outside_their_values_are_refused(options):
    with pytest.raises(RulesetError):
        Game("standard", options, seed=1)


@pytest.mark.parametrize("options", [
    {"target": 1000}, {"target": 1200}, {"stairs_min_pairs": "3"},
    {"target_lead": 0}, {"target_lead": 401}, {"max_rounds": 0}, {"max_rounds": 2.5},
])
def test_fifty_two_refuses_standard_only_options_and_bad_values(options):
    with pytest.raises(RulesetError):
        Game("fifty-two", options, seed=1)


def test_fifty_two_takes_its_own_options():
    game = Game("fifty-two", {"direction": "ccw", "target_lead": 200, "max_rounds": 3}, seed=1)
    assert game.rules.options["direction"] == "ccw"
    assert game.rules.next_seat == [1, 2, 3, 0]


def test_unknown_ruleset_is_refused():
    with pytest.raises(RulesetError):
        Game("fourty", None, seed=1)


# -- direction --------------------------------------------------------------------------------


def test_a2_c2_clockwise_play_goes_0_3_2_1():
    game = table(["Mj S3", "S4", "S5", "S6"], options={"direction": "cw"})
    play(game, 0, "S3")
    assert game.round.turn == 3
    refused(game, {"seat": 1, "act": "play", "cards": "S4"}, "not_your_turn")
    play(game, 3, "S6")
    assert game.round.turn == 2
    pass_(game, 2, 1, 0)
    assert game.round.closed and game.round.turn == 3


def test_c2_c15_clockwise_dog_with_the_partner_out_goes_to_the_seat_after_the_partner():
    # cw order: 0 -> 3 -> 2 -> 1. Seat 2 is out; after 2 comes 1.
    game = table(["Mj Dg SA B4", "B5 G6 R7", "S7 S8 S9 S10 SJ", "R10 RJ RQ RK"],
                 options={"direction": "cw"}, fill=False)
    play(game, 0, "Mj")
    pass_(game, 3)
    play(game, 2, "S7 S8 S9 S10 SJ")  # out
    pass_(game, 1, 0, 3)
    assert game.round.turn == 1  # next after seat 2 in cw order
    play(game, 1, "B5")
    play(game, 0, "SA")
    pass_(game, 3, 1)
    play(game, 0, "Dg")
    assert game.round.turn == 1


# -- stairs_min_pairs ---------------------------------------------------------------------------


def test_c1_stairs_min_pairs_3_refuses_two_pair_stairs():
    hands = ["Mj R5 G5 S6 B6 G7 S7", "", "", ""]
    game = table(hands, options={"stairs_min_pairs": 3})
    assert "S6 B6 G5 R5" not in plays_of(game, 0)
    assert "S7 G7 S6 B6 G5 R5" in plays_of(game, 0)
    refused(game, {"seat": 0, "act": "play", "cards": "R5 G5 S6 B6"}, "not_a_combination")
    default = table(hands)
    assert "S6 B6 G5 R5" in plays_of(default, 0)


# -- grand_tichu -------------------------------------------------------------------------------


def test_c18_without_grand_tichu_all_cards_are_dealt_at_once():
    game = dealt([""] * 4, options={"grand_tichu": False})
    rnd = game.round
    assert rnd.phase == "exchange"
    assert rnd.card_counts() == [14] * 4
    assert rnd.grand == [False] * 4
    assert not game.legal(0).grand
    refused(game, {"seat": 0, "act": "grand", "call": False}, "not_now")
    assert game.legal(0).tichu
    game.apply({"seat": 0, "act": "tichu"})


# -- double_victory_points ---------------------------------------------------------------------


@pytest.mark.parametrize("points", [200, 100])
def test_c17_double_victory_points(points):
    game = table(["Mj S2 B3 G4 R5", "R9 G9 B9", "S7 S8 S9 S10 SJ", "RJ GJ BJ"],
                 options={"double_victory_points": points}, fill=False)
    play(game, 0, "Mj S2 B3 G4 R5")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")
    assert game.round.result.scores == (points, 0)


# -- dragon_gift_on_final_trick -----------------------------------------------------------------


FINAL_DRAGON = ["Mj S3 Dr", "S4 B4 G4 R4", "S7 S8 S9 S10 SJ", "R10 RJ RQ RK RA"]


def _to_the_final_dragon(game):
    play(game, 0, "Mj")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")
    play(game, 3, "R10 RJ RQ RK RA")
    pass_(game, 0, 1)
    play(game, 0, "S3")
    pass_(game, 1)
    play(game, 0, "Dr")  # seat 0 goes out third with the Dragon


def test_c16_a_round_ending_dragon_trick_is_still_given_away_by_default():
    game = table(FINAL_DRAGON, fill=False)
    _to_the_final_dragon(game)
    rnd = game.round
    assert rnd.phase == "play" and rnd.gift_from == 0 and rnd.result is None
    assert game.legal(0).gift == [1, 3]
    refused(game, {"seat": 1, "act": "pass"}, "not_now")
    refused(game, {"seat": 0, "act": "gift", "to": 2}, "bad_gift")
    gift(game, 0, 3)
    assert rnd.phase == "over"
    # Seat 3 got the Dragon (25); seat 1 (tailender, S4 B4 G4 R4: 0 points) gives his hand to
    # team 0 and his tricks to seat 2, the first out.
    assert "Dr" in show(rnd.piles[3])
    # Seat 3 won S10, R10 and RK (30) and was given the Dragon (25); seat 0 only won S3.
    assert rnd.result.card_points == (0, 55)


def test_c16_without_the_final_gift_the_dragons_player_keeps_the_last_trick():
    game = table(FINAL_DRAGON, options={"dragon_gift_on_final_trick": False}, fill=False)
    _to_the_final_dragon(game)
    rnd = game.round
    assert rnd.phase == "over" and rnd.gift_from is None
    assert "Dr" in show(rnd.piles[0])
    assert rnd.result.out_order == (2, 3, 0, 1)
    assert rnd.result.card_points == (25, 30)


def test_c16_a_dragon_trick_during_the_round_is_always_given():
    game = table(["Mj Dr S3", "S4 B4", "S5 B5", "S6 B6"], options={"dragon_gift_on_final_trick": False})
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    assert game.round.gift_from == 0


# -- one_call_per_team -------------------------------------------------------------------------


def test_c20_one_call_per_team_blocks_the_partners_grand_tichu():
    game = dealt([""] * 4, options={"one_call_per_team": True})
    game.apply({"seat": 0, "act": "grand", "call": True})
    assert game.legal(2).grand and not game.legal(2).grand_call
    assert game.legal(1).grand_call
    refused(game, {"seat": 2, "act": "grand", "call": True}, "one_call_per_team")
    game.apply({"seat": 2, "act": "grand", "call": False})
    game.apply({"seat": 1, "act": "grand", "call": True})
    game.apply({"seat": 3, "act": "grand", "call": False})
    assert not game.legal(2).tichu and not game.legal(3).tichu
    refused(game, {"seat": 2, "act": "tichu"}, "tichu_not_allowed")


def test_c20_one_call_per_team_blocks_the_partners_tichu():
    game = table(["Mj"] + [""] * 3, options={"one_call_per_team": True}, tichu=(1,))
    assert not game.legal(3).tichu
    refused(game, {"seat": 3, "act": "tichu"}, "tichu_not_allowed")
    game.apply({"seat": 0, "act": "tichu"})  # the other team may still call


def test_c20_by_default_partners_may_both_call():
    game = dealt([""] * 4)
    game.apply({"seat": 0, "act": "grand", "call": True})
    assert game.legal(2).grand_call
    game.apply({"seat": 2, "act": "grand", "call": True})


def test_options_are_shown_in_views_and_records():
    game = table(["Mj"] + [""] * 3, options={"direction": "cw", "target": 500})
    assert view_for(game, 0)["options"]["direction"] == "cw"
    assert game.record()["options"]["target"] == 500
