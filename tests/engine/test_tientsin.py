"""Tichu Tientsin (six players, two teams of three sitting alternately): VARIANTS.md part 2."""

import pytest

from app.engine import Game, Rules, RulesetError, view_for
from app.engine.game import hand_sizes
from app.engine.scoring import game_winner, score_round

from .helpers import mask, pass_, play, refused, seated

T = "tientsin"


def test_two_teams_of_three_sit_alternately():
    seating = Rules.of(T).seating
    assert seating.seats == 6 and seating.teams == [[0, 2, 4], [1, 3, 5]]
    assert seating.partners[0] == [2, 4] and seating.opponents[0] == [1, 3, 5]
    assert seating.next_seat == [1, 2, 3, 4, 5, 0]  # a player's neighbours are opponents


def test_one_deck_is_dealt_to_the_end_two_hands_of_ten_four_of_nine():
    rules = Rules.of(T)
    assert rules.deck.size == 56
    assert hand_sizes(rules, 0) == [10, 10, 9, 9, 9, 9]
    assert hand_sizes(rules, 1) == [9, 10, 10, 9, 9, 9]  # the extra cards go round
    game = Game(T, seed=3)
    assert sorted(len(h) for h in game.round.dealt) == [9, 9, 9, 9, 10, 10]


def test_grand_tichu_is_called_before_the_seventh_card():
    game = Game(T, seed=4)
    assert game.round.phase == "grand"
    assert [len(view_for(game, s)["hand"]) for s in range(6)] == [6] * 6
    for seat in range(6):
        game.apply({"seat": seat, "act": "grand", "call": seat == 1})
    assert game.round.phase == "exchange"
    assert sorted(len(view_for(game, s)["hand"]) for s in range(6)) == [9, 9, 9, 9, 10, 10]


def _at_exchange(seed=5):
    game = Game(T, {"grand_tichu": False}, seed=seed)
    assert game.round.phase == "exchange"
    return game


def test_each_player_passes_one_card_to_each_of_his_two_partners():
    game = _at_exchange()
    view = view_for(game, 3)
    assert view["legal"]["exchange_to"] == [1, 5]
    assert view["geometry"]["exchange"][3] == {"1": 1, "5": 1}
    cards = view["hand"]
    game.apply({"seat": 3, "act": "exchange", "give": {"1": cards[0], "5": cards[1]}})
    assert view_for(game, 3)["exchange"]["given"] == {"1": cards[0], "5": cards[1]}


@pytest.mark.parametrize("give", [
    {"2": "X"},  # an opponent
    {"1": "X"},  # one card only
    {"1": "X", "5": "X", "2": "X"},  # three cards
])
def test_an_exchange_to_opponents_or_of_the_wrong_size_is_refused(give):
    game = _at_exchange()
    cards = view_for(game, 3)["hand"]
    give = {t: cards[i] for i, t in enumerate(give)}
    err = refused(game, {"seat": 3, "act": "exchange", "give": give}, "bad_exchange")
    assert "seat 1" in err.message and "seat 5" in err.message


def test_the_dog_goes_to_the_partner_of_the_players_choice():
    game = seated(T, ["Mj Dg S2 B9 G9", "S3 B3 G3", "S4 B4 G4", "S5 B5 G5", "S6 B6 G6", "S7 B7 G7"])
    play(game, 0, "Mj")
    pass_(game, 1, 2, 3, 4, 5)
    assert game.legal(0).dog_to == [2, 4]
    refused(game, {"seat": 0, "act": "play", "cards": "Dg"}, "bad_dog")  # which partner?
    refused(game, {"seat": 0, "act": "play", "cards": "Dg", "to": 3}, "bad_dog")  # an opponent
    play(game, 0, "Dg", to=4)
    assert game.round.turn == 4
    assert game.round.last_trick["to"] == 4


def test_with_one_partner_left_the_dog_needs_no_choice():
    game = seated(T, ["Mj Dg S2 SA B9 G9", "S3 B3 G3", "R10 G10", "S5 B5 G5", "S6 B6 G6",
                      "S7 B7 G7"])
    play(game, 0, "B9 G9")
    pass_(game, 1)
    play(game, 2, "R10 G10")  # seat 2 is out
    pass_(game, 3, 4, 5, 0, 1)
    play(game, 3, "S5")  # the lead passed on to the next seat holding cards
    pass_(game, 4, 5)
    play(game, 0, "SA")
    pass_(game, 1, 3, 4, 5)
    assert game.legal(0).dog_to == []
    refused(game, {"seat": 0, "act": "play", "cards": "Dg", "to": 2}, "bad_dog")  # out
    play(game, 0, "Dg")
    assert game.round.turn == 4


def test_a_trick_closes_when_all_five_others_passed():
    game = seated(T, ["Mj S2 S9", "S3 B3", "S4 B4", "S5 B5", "S6 B6", "S7 B7"])
    play(game, 0, "S9")
    pass_(game, 1, 2, 3, 4)
    assert not game.round.closed
    pass_(game, 5)
    assert game.round.closed and game.round.turn == 0


def test_the_dragon_trick_goes_to_a_chosen_opponent_of_three():
    game = seated(T, ["Mj Dr S9", "S3 B3", "S4 B4", "S5 B5", "S6 B6", "S7 B7"])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3, 4, 5)
    assert game.legal(0).gift == [1, 3, 5]
    refused(game, {"seat": 0, "act": "gift", "to": 2}, "bad_gift")
    game.apply({"seat": 0, "act": "gift", "to": 5})
    assert game.round.piles[5] == mask("Dr")


def test_a_triple_victory_ends_the_round_at_once_and_scores_300():
    game = seated(T, ["Mj G2 B3 G4 R5", "S3 R3", "S6 B7 G8 R9 S10", "S4 B4", "G7 R8 B9 G10 BJ",
                      "S5 B5"])
    play(game, 0, "Mj G2 B3 G4 R5")  # out first
    pass_(game, 1)
    play(game, 2, "S6 B7 G8 R9 S10")  # out second: a double victory is nothing special
    assert game.round.phase == "play"
    pass_(game, 3)
    play(game, 4, "G7 R8 B9 G10 BJ")  # out third: all three of team 0 before any opponent
    rnd = game.round
    assert rnd.phase == "over"
    assert rnd.result.scores == (300, 0) and rnd.result.card_points is None
    assert rnd.result.extra["triple_victory"] is True and rnd.result.double_victory is False


def test_the_last_gives_hand_and_tricks_to_the_opponents_the_fifth_his_tricks_to_the_winner():
    rules = Rules.of(T)
    piles = [mask("S5"), mask("SK"), 0, mask("S10"), mask("B10 BK"), mask("G5")]
    # Out: 0, 2, 1, 3, 4 (fifth), 5 last holding R10 RK.
    res = score_round(rules, piles, [0, 2, 1, 3, 4, 5], mask("R10 RK"), [False] * 6, [False] * 6)
    # Team 0 (0, 2, 4): S5, the fifth's B10 BK (moved to the winner, seat 0), and the last's
    # (seat 5, team 1) hand R10 RK and tricks G5. Team 1: SK, S10.
    assert res.card_points == (5 + 20 + 20 + 5, 10 + 10)
    assert res.scores == res.card_points


def test_calls_score_plus_minus_100_and_200_for_the_callers_team():
    rules = Rules.of(T)
    piles = [0] * 6
    res = score_round(rules, piles, [1, 0, 2, 3, 4, 5], 0, [False, True, False, False, False, False],
                      [True, False, False, False, False, False])
    assert res.scores == (-100, 200)


def test_the_game_is_won_at_1000_by_default():
    rules = Rules.of(T)
    assert rules.options["target"] == 1000 and rules.options["triple_victory_points"] == 300
    assert game_winner(rules, [950, 990], 5) is None
    assert game_winner(rules, [1000, 990], 6) == 0


def test_options_of_other_rulesets_are_refused():
    with pytest.raises(RulesetError) as info:
        Rules.of(T, {"double_victory_points": 100})
    assert "unknown option" in str(info.value)
