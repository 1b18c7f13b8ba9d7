"""The course of a round (RULES.md A2-A9, A14, A16-A18, C15, C23).

Hands are written as held after the exchange (see helpers.table); short deals
(fill=False) keep the flow visible where card points do not matter.
"""

import pytest

from app.engine import IllegalAction, view_for

from .helpers import (
    LONG_STRAIGHT,
    TAILENDER_HANDS,
    dealt,
    gift,
    hand,
    pass_,
    play,
    play_to_the_tailender,
    plays_of,
    refused,
    show,
    table,
)


def pile(game, seat):
    return set(show(game.round.piles[seat]).split())


def cards(text):
    return set(text.split())


# -- A3: the deal and the Grand Tichu decision ----------------------------------------------


def test_a3_each_seat_sees_eight_cards_before_the_grand_tichu_decision():
    game = dealt(["S2 B2 G2 R2 S3 B3 G3 R3 S4 B4 G4 R4 S5 B5"] + [""] * 3)
    rnd = game.round
    assert rnd.phase == "grand"
    assert rnd.card_counts() == [8, 8, 8, 8]
    assert hand(game, 0) == "S3 B3 G3 R3 S2 B2 G2 R2"  # the first 8 of the 14 dealt
    assert all(game.legal(s).grand for s in range(4))


def test_a3_grand_decisions_in_any_order_then_all_cards_and_the_exchange():
    game = dealt([""] * 4)
    for seat in (2, 0, 3):
        game.apply({"seat": seat, "act": "grand", "call": seat == 3})
        assert game.round.phase == "grand"
    refused(game, {"seat": 2, "act": "grand", "call": True}, "already_decided")
    game.apply({"seat": 1, "act": "grand", "call": False})
    assert game.round.phase == "exchange"
    assert game.round.card_counts() == [14] * 4
    assert game.round.grand == [False, False, False, True]
    refused(game, {"seat": 1, "act": "grand", "call": True}, "not_now")


# -- A4: the exchange -------------------------------------------------------------------------


def _ready_for_exchange():
    game = dealt(["Mj Dr Ph Dg S2 B2 G2 R2", "S3 B3 G3 R3", "S4 B4 G4 R4", "S5 B5 G5 R5"])
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    return game


def test_a4_cards_change_hands_only_once_all_four_have_chosen():
    game = _ready_for_exchange()
    rnd = game.round
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "Mj", "2": "Dr", "3": "Dg"}})
    game.apply({"seat": 1, "act": "exchange", "give": {"0": "S3", "2": "B3", "3": "G3"}})
    game.apply({"seat": 2, "act": "exchange", "give": {"0": "S4", "1": "B4", "3": "G4"}})
    # Nobody holds a received card yet: givers hold 11, the last seat its 14.
    assert rnd.card_counts() == [11, 11, 11, 14]
    assert rnd.received == [None] * 4
    assert "Mj" not in hand(game, 1).split()
    assert view_for(game, 1)["exchange"]["received"] is None
    game.apply({"seat": 3, "act": "exchange", "give": {"0": "S5", "1": "B5", "2": "G5"}})
    assert rnd.card_counts() == [14] * 4
    assert rnd.phase == "play"
    assert {"Mj", "B4", "B5"} <= set(hand(game, 1).split())
    assert view_for(game, 1)["exchange"]["received"] == {"0": "Mj", "2": "B4", "3": "B5"}


def test_a4_any_card_may_be_given_specials_included():
    game = _ready_for_exchange()
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "Ph", "2": "Dr", "3": "Dg"}})
    assert view_for(game, 0)["exchange"]["given"] == {"1": "Ph", "2": "Dr", "3": "Dg"}
    assert "Ph" not in hand(game, 0).split()


@pytest.mark.parametrize("give", [
    {"1": "Mj", "2": "Dr"},  # a seat is missing
    {"1": "Mj", "2": "Dr", "3": "Dg", "0": "Ph"},  # to itself
    {"0": "Mj", "2": "Dr", "3": "Dg"},  # to itself instead of seat 1
    {"1": "Mj", "2": "Mj", "3": "Dg"},  # the same card twice
    {"1": "Mj", "2": "Dr", "4": "Dg"},  # no seat 4
    {"1": "Mj", "2": "Dr", "x": "Dg"},
    {"1": "Mj", "2": "Dr", "3": 5},
])
def test_a4_an_exchange_gives_exactly_one_card_to_each_other_seat(give):
    game = _ready_for_exchange()
    refused(game, {"seat": 0, "act": "exchange", "give": give}, "bad_exchange")


def test_a4_an_exchange_gives_only_cards_the_seat_holds_and_only_once():
    game = _ready_for_exchange()
    refused(game, {"seat": 0, "act": "exchange", "give": {"1": "S3", "2": "Dr", "3": "Dg"}},
            "card_not_in_hand")
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "Mj", "2": "Dr", "3": "Dg"}})
    refused(game, {"seat": 0, "act": "exchange", "give": {"1": "Ph", "2": "S2", "3": "B2"}},
            "already_decided")


def test_a4_no_exchange_before_the_grand_decisions_and_no_play_during_the_exchange():
    game = dealt(["Mj"] + [""] * 3)
    refused(game, {"seat": 0, "act": "exchange", "give": {"1": "Mj", "2": "S2", "3": "B2"}}, "not_now")
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    refused(game, {"seat": 0, "act": "play", "cards": "Mj"}, "not_now")
    refused(game, {"seat": 0, "act": "pass"}, "not_now")


# -- A6: the first lead -----------------------------------------------------------------------


def test_a6_the_mah_jong_holder_after_the_exchange_leads():
    game = _ready_for_exchange()
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "S2", "2": "B2", "3": "Mj"}})
    game.apply({"seat": 1, "act": "exchange", "give": {"0": "S3", "2": "B3", "3": "G3"}})
    game.apply({"seat": 2, "act": "exchange", "give": {"0": "S4", "1": "B4", "3": "G4"}})
    game.apply({"seat": 3, "act": "exchange", "give": {"0": "S5", "1": "B5", "2": "G5"}})
    assert game.round.turn == 3
    assert game.legal(3).lead


def test_a6_the_leader_need_not_play_the_mah_jong_and_may_lead_the_dog_or_a_bomb():
    game = table(["Mj Dg S9 B9 G9 R9 R3"] + [""] * 3)
    options = plays_of(game, 0)
    assert {"Dg", "S9 B9 G9 R9", "R3", "Mj"} <= options
    play(game, 0, "S9 B9 G9 R9")
    assert game.round.top_seat == 0


def test_a6_a_leader_may_never_pass():
    game = table(["Mj"] + [""] * 3)
    refused(game, {"seat": 0, "act": "pass"}, "cannot_pass")
    assert not game.legal(0).can_pass


def test_a2_play_goes_to_the_next_seat_in_play_order_ccw_by_default():
    game = table(["Mj S3", "S4", "S5", "S6"])
    play(game, 0, "S3")
    assert game.round.turn == 1
    refused(game, {"seat": 3, "act": "play", "cards": "S6"}, "not_your_turn")
    refused(game, {"seat": 3, "act": "pass"}, "not_your_turn")


# -- A7: following ---------------------------------------------------------------------------


SHORT = ["Mj R5 G2 B6 G6", "S9 B2 G3", "R7 S2 B3", "G8 R2 R3"]


def test_a7_follow_with_the_same_kind_and_length_strictly_higher():
    game = table(SHORT, fill=False)
    play(game, 0, "R5")
    refused(game, {"seat": 1, "act": "play", "cards": "B2"}, "does_not_beat")
    refused(game, {"seat": 1, "act": "play", "cards": "B2 G3"}, "not_a_combination")
    play(game, 1, "S9")
    assert game.round.turn == 2


def test_a7_a_seat_that_passed_may_play_again_in_the_same_trick():
    game = table(SHORT, fill=False)
    play(game, 0, "R5")
    pass_(game, 1)
    play(game, 2, "R7")
    pass_(game, 3, 0)
    play(game, 1, "S9")
    assert game.round.top_seat == 1


def test_a7_a_pair_is_not_followed_by_a_single():
    game = table(SHORT, fill=False)
    play(game, 0, "B6 G6")
    refused(game, {"seat": 1, "act": "play", "cards": "S9"}, "does_not_beat")


# -- A8: the end of a trick -------------------------------------------------------------------


def test_a8_after_three_passes_the_winner_leads_and_collects_the_trick():
    game = table(SHORT, fill=False)
    play(game, 0, "R5")
    play(game, 1, "S9")
    pass_(game, 2, 3, 0)
    rnd = game.round
    assert rnd.closed and rnd.turn == 1 and rnd.top_seat == 1
    assert rnd.piles == [0, 0, 0, 0]  # not collected yet: the bomb window (A15)
    assert game.legal(1).lead
    play(game, 1, "B2")
    assert pile(game, 1) == cards("S9 R5")
    assert [s for s, _ in rnd.trick] == [1]


def test_a8_the_winner_cannot_pass_on_its_own_closed_trick():
    game = table(SHORT, fill=False)
    play(game, 0, "R5")
    pass_(game, 1, 2, 3)
    refused(game, {"seat": 0, "act": "pass"}, "cannot_pass")


def test_c24_after_everybody_passed_the_winner_cannot_overplay_himself_he_leads_anew():
    game = table(SHORT, fill=False)
    play(game, 0, "R5")
    pass_(game, 1, 2, 3)
    play(game, 0, "B6 G6")  # a pair: only a new lead allows it
    rnd = game.round
    assert [show(p[3]) for _, p in rnd.trick] == ["B6 G6"]
    assert pile(game, 0) == {"R5"}


OUT = ["Mj S3 B3 G3 S4", "S9 B10 GJ", "R8 G8 B8", "R9 G10 RJ"]


def test_a17_a_player_who_played_his_last_card_is_out_and_skipped():
    game = table(OUT, fill=False)
    play(game, 0, "S3 B3 G3")
    pass_(game, 1)
    play(game, 2, "R8 G8 B8")
    assert game.round.out == [2]
    assert view_for(game, 0)["players"][2]["out"] == 1
    pass_(game, 3, 0, 1)
    play(game, 3, "R9")
    pass_(game, 0)
    assert game.round.turn == 1
    pass_(game, 1)
    assert game.round.turn == 3  # seat 2 is skipped


def test_a8_c23_when_the_last_player_to_play_is_out_every_player_holding_cards_must_pass():
    game = table(OUT, fill=False)
    play(game, 0, "S3 B3 G3")
    pass_(game, 1)
    play(game, 2, "R8 G8 B8")  # out
    pass_(game, 3, 0)
    assert not game.round.closed
    pass_(game, 1)
    assert game.round.closed


def test_a9_an_out_winner_still_collects_and_the_lead_passes_to_the_next_seat():
    game = table(OUT, fill=False)
    play(game, 0, "S3 B3 G3")
    pass_(game, 1)
    play(game, 2, "R8 G8 B8")
    pass_(game, 3, 0, 1)
    assert game.round.turn == 3
    play(game, 3, "R9")
    assert pile(game, 2) == cards("R8 G8 B8 S3 B3 G3")


def test_c23_with_a_player_out_the_trick_ends_when_every_other_active_player_passed():
    game = table(OUT, fill=False)
    play(game, 0, "S3 B3 G3")
    pass_(game, 1)
    play(game, 2, "R8 G8 B8")
    pass_(game, 3, 0, 1)
    play(game, 3, "R9")
    pass_(game, 0, 1)  # only two other seats hold cards
    assert game.round.closed and game.round.turn == 3


def test_a9_the_lead_passes_on_further_when_the_next_seat_is_out_too():
    # Seats 2 and 3 are out and seat 3 won the trick: its lead passes on to seat 0.
    game = table(["Mj B5 G5 S4", "B6 G7 R8", "S7 S8 S9 S10 SJ", "R10 RJ RQ RK RA"], fill=False)
    play(game, 0, "Mj")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")
    play(game, 3, "R10 RJ RQ RK RA")
    assert game.round.out == [2, 3]
    pass_(game, 0)
    assert not game.round.closed
    pass_(game, 1)
    assert game.round.closed
    assert game.round.turn == 0  # after seat 3 (out) comes seat 0
    play(game, 0, "S4")
    assert pile(game, 3) == cards("RA RK RQ RJ R10 SJ S10 S9 S8 S7 Mj")


# -- A14: the Dog -----------------------------------------------------------------------------


def test_a14_the_dog_passes_the_lead_to_the_partner():
    game = table(["Mj Dg S3", "S4", "S5", "S6"])
    play(game, 0, "Dg")
    rnd = game.round
    assert rnd.turn == 2 and rnd.trick == []
    assert game.legal(2).lead
    assert rnd.last_trick["to"] == 2


def test_a14_the_dog_is_only_played_as_a_lead():
    game = table(["Mj S3", "Dg S4", "S5", "S6"])
    play(game, 0, "S3")
    refused(game, {"seat": 1, "act": "play", "cards": "Dg"}, "does_not_beat")
    assert "Dg" not in plays_of(game, 1)


def test_a14_c4_nothing_is_played_on_the_dog_not_even_a_bomb():
    game = table(["Mj Dg S3", "S9 B9 G9 R9", "S5", "S6"])
    play(game, 0, "Dg")
    assert game.legal(1).bombs == []
    refused(game, {"seat": 1, "act": "play", "cards": "S9 B9 G9 R9"}, "not_your_turn")


def test_a14_c15_partner_out_the_dog_leads_to_the_next_seat_after_the_partner():
    game = table(["Mj Dg SA B4", "B5 G6 R7", "S7 S8 S9 S10 SJ", "R10 RJ RQ RK"], fill=False)
    play(game, 0, "Mj")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")  # seat 2 is out
    pass_(game, 3, 0, 1)
    play(game, 3, "R10")
    play(game, 0, "SA")
    pass_(game, 1, 3)
    play(game, 0, "Dg")
    assert game.round.turn == 3  # the partner (2) is out: the next seat after him


def test_a14_the_dog_lead_returns_to_its_player_when_the_seats_after_the_partner_are_out():
    game = table(["Mj Dg S4 B4", "B5 G6 R7", "S7 S8 S9 S10 SJ", "R10 RJ RQ RK RA"], fill=False)
    play(game, 0, "Mj")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")
    play(game, 3, "R10 RJ RQ RK RA")  # seats 2 and 3 are out
    pass_(game, 0, 1)
    play(game, 0, "Dg")
    assert game.round.turn == 0


# -- A16: the Dragon --------------------------------------------------------------------------


DRAGON = ["Mj Dr S3", "S4 B4", "S5 B5", "S6 B6"]


def test_a16_a_dragon_trick_is_given_to_an_opponent_of_the_winners_choice():
    game = table(DRAGON)
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    rnd = game.round
    assert rnd.gift_from == 0 and rnd.turn is None
    assert game.legal(0).gift == [1, 3]
    refused(game, {"seat": 0, "act": "gift", "to": 2}, "bad_gift")  # the partner
    refused(game, {"seat": 0, "act": "gift", "to": 0}, "bad_gift")
    refused(game, {"seat": 1, "act": "gift", "to": 3}, "not_your_turn")
    refused(game, {"seat": 0, "act": "play", "cards": "S3"}, "not_your_turn")
    refused(game, {"seat": 0, "act": "pass"}, "not_now")
    gift(game, 0, 3)
    assert pile(game, 3) == {"Dr"}
    assert rnd.turn == 0  # the Dragon's player still leads


def test_a16_the_gift_is_the_whole_trick_with_every_card_in_it():
    game = table(["Mj Dr S3", "S4 B4", "S5 B5", "RK B6"])
    play(game, 0, "S3")
    play(game, 1, "S4")
    play(game, 2, "S5")
    play(game, 3, "RK")
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    gift(game, 0, 1)
    assert pile(game, 1) == cards("Dr RK S5 S4 S3")
    assert game.round.log[-1] == {"act": "trick", "to": 1, "points": 40}


def test_a16_no_gift_without_a_dragon_trick():
    game = table(DRAGON)
    refused(game, {"seat": 0, "act": "gift", "to": 1}, "not_now")


def test_a16_a_bombed_dragon_is_kept_by_the_bomber():
    game = table(["Mj Dr S3", "S9 B9 G9 R9", "S5 B5", "S6 B6"])
    play(game, 0, "Dr")
    play(game, 1, "S9 B9 G9 R9")
    pass_(game, 2, 3, 0)
    assert game.round.gift_from is None and game.round.turn == 1
    play(game, 1, hand(game, 1).split()[-1])
    assert "Dr" in pile(game, 1)


def test_a16_a_dragon_trick_waiting_for_its_gift_can_be_bombed_by_another_seat():
    game = table(["Mj Dr S3", "S4 B4", "S9 B9 G9 R9", "S6 B6"])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    assert game.legal(2).bombs
    play(game, 2, "S9 B9 G9 R9")
    assert game.round.gift_from is None and game.round.turn == 3
    pass_(game, 3, 0, 1)
    assert game.round.turn == 2


def test_a16_the_dragons_player_may_bomb_his_own_dragon_trick_while_the_gift_waits():
    game = table(["Mj Dr S9 B9 G9 R9 S3", "S4 B4", "S5 B5", "S6 B6"])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    assert game.legal(0).bombs
    play(game, 0, "S9 B9 G9 R9")
    rnd = game.round
    assert rnd.gift_from is None and rnd.turn == 1
    pass_(game, 1, 2, 3)
    assert rnd.gift_from is None and rnd.turn == 0
    play(game, 0, "S3")
    assert pile(game, 0) == cards("Dr S9 B9 G9 R9")


def test_a9_a16_an_out_dragon_player_still_gives_the_trick_and_the_lead_passes_on():
    game = table(["Mj Dr S3 B3", "S4 B4 G4", "S5 B5 G5", "S6 B6 G6"], fill=False)
    play(game, 0, "S3 B3")
    pass_(game, 1, 2, 3)
    play(game, 0, "Mj")
    pass_(game, 1, 2, 3)
    play(game, 0, "Dr")  # seat 0 is out
    pass_(game, 1, 2, 3)
    assert game.round.gift_from == 0
    gift(game, 0, 1)
    assert game.round.turn == 1
    assert pile(game, 1) == {"Dr"}


# -- A17/A19: double victory; A18: the tailender -----------------------------------------------


def test_a17_a19_the_round_ends_at_once_when_partners_go_out_first_and_second():
    game = table(["Mj S2 B3 G4 R5", "R9 G9 B9", "S7 S8 S9 S10 SJ", "RJ GJ BJ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")
    rnd = game.round
    assert rnd.phase == "over"
    res = rnd.result
    assert res.double_victory and res.out_order == (0, 2) and res.card_points is None
    assert res.scores == (200, 0)
    assert game.totals == [200, 0]
    refused(game, {"seat": 3, "act": "play", "cards": "RJ GJ BJ"}, "round_over")


def test_a17_going_out_second_is_no_double_victory_for_opponents():
    game = table(["Mj S2 B3 G4 R5", "S7 S8 S9 S10 SJ", "R9 G9 B9", "RJ GJ BJ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5")
    play(game, 1, "S7 S8 S9 S10 SJ")
    assert game.round.phase == "play" and game.round.out == [0, 1]


def test_a17_a18_three_out_ends_the_round_the_last_trick_goes_to_the_third():
    game = table(TAILENDER_HANDS, fill=False)
    play_to_the_tailender(game)
    rnd = game.round
    assert rnd.phase == "over"
    assert rnd.result.out_order == (0, 1, 2, 3)
    assert pile(game, 2) == cards("S6 B6 G6 S3 B3 G3")


def test_a18_tailender_hand_to_the_opponents_and_his_tricks_to_the_first_out():
    game = table(TAILENDER_HANDS, fill=False)
    play_to_the_tailender(game)
    res = game.round.result
    # Seat 3's tricks (G10 GK: 20) go to seat 0, his hand (R5: 5) to team 0.
    assert res.card_points == (25, 0)
    assert res.scores == (25, 0)


def test_a18_a_finished_round_refuses_everything():
    game = table(TAILENDER_HANDS, fill=False)
    play_to_the_tailender(game)
    refused(game, {"seat": 3, "act": "play", "cards": "R5"}, "round_over")
    refused(game, {"seat": 3, "act": "tichu"}, "round_over")


def test_a17_one_play_of_fourteen_cards_goes_out():
    game = table([LONG_STRAIGHT, "", "", ""])
    play(game, 0, LONG_STRAIGHT)
    assert game.round.out == [0]
    assert game.round.turn == 1


# -- A12/C13: the Phoenix in an ambiguous position ---------------------------------------------


def test_c13_an_undeclared_ambiguous_phoenix_takes_the_higher_rank():
    game = table(["Mj Ph S10 RJ GQ BK"] + [""] * 3)
    play(game, 0, "Ph S10 RJ GQ BK")
    top = view_for(game, None)["trick"]["plays"][-1]
    assert (top["kind"], top["rank"], top["phoenix"]) == ("straight", "A", "A")


def test_c13_the_player_may_declare_the_lower_rank():
    game = table(["Mj Ph S10 RJ GQ BK", "S9 R10 GJ BQ RK", "", ""])
    play(game, 0, "Ph S10 RJ GQ BK", phoenix="9")
    top = view_for(game, None)["trick"]["plays"][-1]
    assert (top["rank"], top["phoenix"]) == ("K", "9")
    assert "RK BQ GJ R10 S9" not in plays_of(game, 1)  # 9..K does not beat 9..K


def test_c13_on_a_trick_the_phoenix_reading_must_beat_it():
    game = table(["Mj S7 B7 G7 S2 B2", "Ph R9 G9 S5 G5 R2 R7", "", ""])
    play(game, 0, "S7 B7 G7 S2 B2")
    with pytest.raises(IllegalAction) as err:
        play(game, 1, "Ph R9 G9 S5 G5", phoenix="5")  # fives full of nines: below the sevens
    assert err.value.code == "does_not_beat"
    play(game, 1, "Ph R9 G9 S5 G5")
    top = view_for(game, None)["trick"]["plays"][-1]
    assert (top["kind"], top["rank"], top["phoenix"]) == ("full_house", "9", "9")
