"""Calls, scoring and the end of the game (RULES.md A3, A5, A18-A21, C21, C22)."""

import pytest

from app.engine import Rules, view_for
from app.engine.scoring import card_points, game_winner, score_round

from .helpers import (
    TAILENDER_HANDS,
    begin_round,
    dealt,
    mask,
    pass_,
    play,
    play_to_the_tailender,
    refused,
    table,
)

STD = Rules.of("standard")




def piles(*texts):
    return [mask(t) for t in texts]


NO_CALLS = ([False] * 4, [False] * 4)


# -- A5: when Tichu may be called ------------------------------------------------------------


def test_a5_no_tichu_before_the_grand_tichu_decisions_are_over():
    game = dealt([""] * 4)
    refused(game, {"seat": 0, "act": "tichu"}, "tichu_not_allowed")
    game.apply({"seat": 0, "act": "grand", "call": False})
    refused(game, {"seat": 0, "act": "tichu"}, "tichu_not_allowed")  # the others still decide


def test_a5_tichu_before_the_exchange():
    game = dealt(["Mj"] + [""] * 3)
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    assert game.legal(0).tichu
    game.apply({"seat": 0, "act": "tichu"})
    assert game.round.tichu == [True, False, False, False]


def test_a5_c21_tichu_during_the_exchange_after_giving_cards():
    game = dealt(["Mj S2 B2 G2", "R2", "", ""])
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "S2", "2": "B2", "3": "G2"}})
    assert game.legal(0).tichu
    game.apply({"seat": 0, "act": "tichu"})
    assert game.round.tichu[0]


def test_a5_tichu_in_play_before_the_first_card_even_after_passing():
    game = table(["Mj S3", "S4 B6", "S5", "S6"])
    play(game, 0, "S3")
    pass_(game, 1)
    assert game.legal(1).tichu
    game.apply({"seat": 1, "act": "tichu"})
    refused(game, {"seat": 1, "act": "tichu"}, "tichu_not_allowed")  # once is enough


def test_a5_no_tichu_after_the_first_card():
    game = table(["Mj S3", "S4", "S5", "S6"])
    play(game, 0, "S3")
    assert not game.legal(0).tichu
    refused(game, {"seat": 0, "act": "tichu"}, "tichu_not_allowed")


@pytest.mark.parametrize("first", ["Dg", "S9 B9 G9 R9"])
def test_a5_the_dog_and_a_bomb_are_cards(first):
    game = table(["Mj Dg S9 B9 G9 R9 S3", "S4", "S5", "S6"])
    play(game, 0, first)
    refused(game, {"seat": 0, "act": "tichu"}, "tichu_not_allowed")


def test_a5_a_grand_tichu_caller_cannot_call_tichu():
    game = table(["Mj"] + [""] * 3, grand=(2,))
    assert not game.legal(2).tichu
    refused(game, {"seat": 2, "act": "tichu"}, "tichu_not_allowed")


def test_a5_c20_both_partners_may_call():
    game = table(["Mj"] + [""] * 3, tichu=(0, 2))
    assert game.round.tichu == [True, False, True, False]


# -- A18-A20: scoring a round -----------------------------------------------------------------


def test_a18_card_points_by_team_the_tailenders_hand_to_the_opponents():
    # Seat 3 is last with R5 RK (15) in hand: they go to team 0.
    p = piles("Dr S10", "Ph SK", "G10 GK", "B5")
    res = score_round(STD, p, [0, 1, 2, 3], mask("R5 RK"), *NO_CALLS)
    # Team 0: 25 + 10 + 10 + 10 + 15 (hand) + 5 (seat 3's pile to seat 0) = 75; team 1: -25 + 10 = -15.
    assert res.card_points == (75, -15)
    assert res.scores == (75, -15)
    assert res.out_order == (0, 1, 2, 3) and not res.double_victory


def test_a18_the_tailenders_tricks_go_to_the_first_out_even_his_partner():
    p = piles("", "S10", "", "GK Dr")
    res = score_round(STD, p, [1, 0, 2, 3], 0, *NO_CALLS)
    assert res.card_points == (0, 45)  # seat 3's tricks to seat 1, his partner


def test_a18_card_points_sum_to_100_over_a_whole_deck():
    deck = STD.deck
    cards = list(range(deck.size))
    p = [sum(1 << c for c in cards[i::5]) for i in range(4)]
    tail = sum(1 << c for c in cards[4::5])
    res = score_round(STD, p, [2, 0, 3, 1], tail, *NO_CALLS)
    assert sum(res.card_points) == 100
    assert card_points(deck, deck.full_mask) == 100


def test_a19_double_victory_scores_200_and_no_card_points():
    p = piles("Dr", "SK S10 R10", "", "")
    res = score_round(STD, p, [0, 2], 0, *NO_CALLS)
    assert res.double_victory and res.card_points is None
    assert res.scores == (200, 0)
    res = score_round(STD, p, [3, 1], 0, *NO_CALLS)
    assert res.scores == (0, 200)


@pytest.mark.parametrize("grand, tichu, order, expected", [
    ([False] * 4, [True, False, False, False], [0, 1, 2, 3], 100),  # made
    ([False] * 4, [False, False, True, False], [0, 1, 2, 3], -100),  # partner out first: failed
    ([True, False, False, False], [False] * 4, [0, 1, 2, 3], 200),
    ([False, False, True, False], [False] * 4, [0, 1, 2, 3], -200),
    ([False] * 4, [True, False, True, False], [0, 1, 2, 3], 0),  # +100 and -100, both scored
])
def test_a20_calls_add_to_the_callers_team_independently_of_card_points(grand, tichu, order, expected):
    p = piles("S10", "", "", "")
    res = score_round(STD, p, order, 0, grand, tichu)
    assert res.card_points == (10, 0)
    assert res.scores == (10 + expected, 0)


def test_a20_calls_on_top_of_a_double_victory_and_for_both_teams():
    res = score_round(STD, piles("", "", "", ""), [0, 2], 0,
                      [False, True, False, False], [True, False, False, True])
    # Team 0: 200 + Tichu 100. Team 1: GT failed -200, Tichu failed -100.
    assert res.scores == (300, -300)
    assert res.calls == ("tichu", "grand", None, "tichu")
    assert res.call_made == (True, False, None, False)


def test_a20_a_made_tichu_at_the_table():
    game = table(TAILENDER_HANDS, fill=False, tichu=(0, 1), grand=(2,))
    play_to_the_tailender(game)  # seat 0 out first: his Tichu is made
    res = game.round.result
    assert res.card_points == (25, 0)
    # Team 0: 25 + 100 (seat 0) - 200 (seat 2's Grand Tichu); team 1: -100.
    assert res.scores == (-75, -100)
    assert game.totals == [-75, -100]
    rounds = view_for(game, None)["scores"]["rounds"]
    assert rounds[0]["calls"] == ["tichu", "tichu", "grand", None]
    assert rounds[0]["call_made"] == [True, False, False, None]


# -- A21: the end of the game -----------------------------------------------------------------

# A short round that ends 50 : 50 (seat 0 out first, then 1, then 2; seat 3 last with 30 in hand).
EVEN = ["Mj S2 B3 G4 R5", "SK BK GK S10 B10", "S5 B5 G5", "RK G10 R10"]
# A short round won 1-2 by seats 1 and 3.
TEAM_ONE_DOUBLE = ["Mj S2 B2 G2", "S3 S4 S5 S6 S7", "R2 R3 R4", "R8 R9 R10 RJ RQ"]


def play_even(game):
    rnd = game.round
    play(game, 0, "Mj S2 B3 G4 R5")
    pass_(game, 1, 2, 3)
    play(game, 1, "SK BK GK S10 B10")
    pass_(game, 2, 3)
    play(game, 2, "S5 B5 G5")
    assert rnd.result.card_points == (50, 50)


def play_team_one_double(game):
    rnd = game.round
    play(game, 0, "Mj")
    play(game, 1, "S3 S4 S5 S6 S7")
    play(game, 3, "R8 R9 R10 RJ RQ")
    assert rnd.result.double_victory


def test_a21_the_game_goes_on_below_the_target():
    game = table(EVEN, fill=False, later=[TEAM_ONE_DOUBLE])
    play_even(game)
    assert game.totals == [50, 50] and game.winner is None
    assert len(game.rounds) == 2  # the next round has started by itself


def test_a21_a_team_reaching_the_target_wins():
    game = table(EVEN, options={"target": 50}, fill=False, tichu=(0,))
    play_even(game)
    assert game.totals == [150, 50]
    assert game.winner == 0 and game.over
    assert len(game.rounds) == 1


def test_a21_c22_a_tie_at_the_target_continues_by_default():
    game = table(EVEN, options={"target": 50}, fill=False, later=[TEAM_ONE_DOUBLE])
    play_even(game)
    assert game.totals == [50, 50] and game.winner is None
    begin_round(game)
    play_team_one_double(game)
    assert game.totals == [50, 250]
    assert game.winner == 1


def test_c22_tie_rule_draw_ends_the_game_drawn():
    game = table(EVEN, options={"target": 50, "tie_rule": "draw"}, fill=False, later=[TEAM_ONE_DOUBLE])
    play_even(game)
    assert game.winner == "draw" and game.over
    assert len(game.rounds) == 1
    refused(game, {"seat": 0, "act": "grand", "call": False}, "game_over")
    assert game.legal(0).any() is False


def test_a21_the_higher_total_wins_when_both_reach_the_target():
    assert game_winner(STD, [1050, 1000], 7) == 0
    assert game_winner(STD, [1000, 1250], 7) == 1
    assert game_winner(STD, [1000, 1000], 7) is None
    assert game_winner(STD, [995, 990], 30) is None
    assert game_winner(Rules.of("standard", {"tie_rule": "draw"}), [1000, 1000], 7) == "draw"


def test_a21_no_action_after_the_game_is_over():
    game = table(EVEN, options={"target": 50}, fill=False, tichu=(0,), later=[TEAM_ONE_DOUBLE])
    play_even(game)
    assert game.over
    assert len(game.rounds) == 1
    refused(game, {"seat": 0, "act": "grand", "call": False}, "game_over")
    refused(game, {"seat": 3, "act": "play", "cards": "RK"}, "game_over")
