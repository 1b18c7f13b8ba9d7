"""Trichu (three players; the dealer plays solo with the dummy hand "the Table"): VARIANTS.md part 1."""

import random

import pytest

from app.engine import Game, IllegalAction, Rules, RulesetError, view_for
from app.engine.scoring import game_winner, score_round
from app.engine.simulate import play_random_round

from .helpers import mask, pass_, play, refused, seated

T = "trichu"


def test_the_dealer_and_the_table_opposite_him_play_against_the_two_others():
    seating = Rules.of(T).seating
    assert seating.seats == 4 and seating.players == [0, 1, 2]
    assert seating.dealer == 0 and seating.table == 3
    assert seating.teams == [[0, 3], [1, 2]]
    assert seating.positions == [0, 1, 3, 2]  # the Table opposite the dealer
    assert seating.next_seat[0] == 1 and seating.next_seat[1] == 3 and seating.next_seat[3] == 2
    assert seating.controller == [0, 1, 2, 0] and seating.controls[0] == [0, 3]


def test_the_solo_role_passes_to_the_next_player_after_every_round():
    rules = Rules.of(T)
    assert [rules.seating_for(i, []).dealer for i in range(4)] == [0, 1, 2, 0]
    cw = Rules.of(T, {"direction": "cw"})
    assert [cw.seating_for(i, []).dealer for i in range(3)] == [0, 2, 1]
    assert rules.seating_for(1, []).teams == [[1, 3], [2, 0]]


def test_it_is_dealt_as_for_four_and_only_the_opponents_may_call_grand_tichu():
    game = Game(T, seed=1)
    assert [len(h) for h in game.round.dealt] == [14] * 4
    assert game.round.pending() == [1, 2]
    assert view_for(game, 0)["to_act"] == [1, 2]
    refused(game, {"seat": 0, "act": "grand", "call": True}, "grand_not_allowed")
    refused(game, {"seat": 3, "act": "grand", "call": False}, "grand_not_allowed")
    game.apply({"seat": 1, "act": "grand", "call": True})
    game.apply({"seat": 2, "act": "grand", "call": False})
    assert game.round.phase == "exchange"


def _dealt(seed=2):
    game = Game(T, seed=seed)
    for seat in (1, 2):
        game.apply({"seat": seat, "act": "grand", "call": False})
    return game


def test_nobody_sees_the_table_before_all_cards_are_dealt():
    game = Game(T, seed=2)
    for seat in (None, 0, 1, 2):
        assert view_for(game, seat)["table"]["hand"] is None


def test_the_dealer_sees_the_table_once_dealt_everybody_after_the_exchange():
    game = _dealt()
    table_hand = game.rules.deck.format_cards(game.round.hands[3]).split()
    assert view_for(game, 0)["table"]["hand"] == table_hand
    assert view_for(game, 0)["table"]["legal"]["exchange_to"] == [1, 2]
    for seat in (None, 1, 2):
        view = view_for(game, seat)
        assert view["table"]["hand"] is None and view["table"]["legal"] is None
        assert not set(table_hand) & set(str(view).replace("'", " ").replace(",", " ").split())
    for seat in (0, 3, 1, 2):
        cards = game.rules.deck.format_cards(game.round.hands[seat]).split()
        game.apply({"seat": seat, "act": "exchange", "give": {str(t): cards[i] for i, t in
                                                             enumerate(view_for(game, 0)["geometry"]
                                                                       ["exchange"][seat])}})
    assert game.round.phase == "play"
    shown = game.rules.deck.format_cards(game.round.hands[3]).split()
    for seat in (None, 0, 1, 2):
        assert view_for(game, seat)["table"]["hand"] == shown


def test_the_exchange_is_only_between_the_teams():
    seating = Rules.of(T).seating
    assert seating.exchange == {0: {1: 1, 2: 1}, 3: {1: 1, 2: 1}, 1: {0: 1, 3: 1}, 2: {0: 1, 3: 1}}
    game = _dealt()
    cards = game.rules.deck.format_cards(game.round.hands[0]).split()
    refused(game, {"seat": 0, "act": "exchange", "give": {"1": cards[0], "3": cards[1]}},
            "bad_exchange")


def test_the_dealer_acts_for_the_table_and_nobody_else_does():
    game = _dealt()
    deck = game.rules.deck
    table_cards = deck.format_cards(game.round.hands[3]).split()
    mine = deck.format_cards(game.round.hands[1]).split()
    give = {"1": table_cards[0], "2": table_cards[1]}
    refused_by = [(1, 3, give), (0, 1, {"0": mine[0], "3": mine[1]})]
    for by, seat, gift in refused_by:
        before = view_for(game, None)
        with pytest.raises(IllegalAction) as info:
            game.apply({"seat": seat, "act": "exchange", "give": gift}, by=by)
        assert info.value.code == "not_your_seat"
        assert view_for(game, None) == before
    game.apply({"seat": 3, "act": "exchange", "give": give}, by=0)
    assert view_for(game, 0)["table"]["exchange"]["given"] == give


def test_the_dealer_may_call_tichu_for_the_table_until_its_first_card():
    game = seated(T, ["Mj S2 B2", "S3 B3 G3", "S4 B4 G4", "S9 B9 G9"])
    game.apply({"seat": 3, "act": "tichu"}, by=0)
    assert game.round.tichu[3] is True
    game2 = seated(T, ["Mj S2 B2", "S3 B3 G3", "S4 B4 G4", "S9 B9 G9"])
    play(game2, 0, "Mj")
    pass_(game2, 1)
    play(game2, 3, "S9")
    refused(game2, {"seat": 3, "act": "tichu"}, "tichu_not_allowed")


def test_the_table_need_not_follow_the_wish():
    game = seated(T, ["Mj S2 B2", "S3 B3 G3", "S4 B4 G4", "S9 B9 G9 R8"])
    play(game, 0, "Mj", wish="9")
    pass_(game, 1)
    assert game.legal(3).can_pass  # holds three 9s and may still pass
    play(game, 3, "R8")
    assert game.round.wish == 9
    pass_(game, 2)  # seat 2 holds no 9
    # A player (not the Table) holding the wished rank must play it.
    game3 = seated(T, ["Mj S2 B2", "S3 B3 G3", "S9 B4 G4", "R9 B9 G9 R8"])
    play(game3, 0, "Mj", wish="9")
    pass_(game3, 1)
    pass_(game3, 3)
    refused(game3, {"seat": 2, "act": "pass"}, "must_fulfil_wish")


def test_each_player_and_the_table_get_their_teams_score_in_a_column():
    rules = Rules.of(T)
    piles = [mask("S10 SK Dr"), mask("B10 BK"), mask("G5"), mask("Ph")]
    res = score_round(rules, piles, [0, 1, 3, 2], mask("GK R5 R10 RK"), [False] * 4, [False] * 4)
    # Out: 0, 1, the Table; seat 2 is last: his tricks (G5) go to seat 0, his hand (35) to the
    # dealer's team. Dealer's team (0, 3): 45 + 5 - 25 + 35 = 60; opponents: B10 BK = 20
    # (a short deal: only these cards count).
    assert res.card_points == (60, 20)
    assert res.extra["team_scores"] == [60, 20] and res.extra["teams"] == [[0, 3], [1, 2]]
    assert res.scores == (res.card_points[0], res.card_points[1], res.card_points[1],
                          res.card_points[0])


def test_nine_rounds_by_default_the_highest_column_wins():
    rules = Rules.of(T)
    assert rules.options["rounds"] == 9 and rules.options["table_can_win"] is True
    assert game_winner(rules, [100, 50, 50, 100], 8) is None
    assert game_winner(rules, [100, 50, 60, 90], 9) == 0
    assert game_winner(rules, [100, 50, 60, 200], 9) == 3  # Ms Table
    assert game_winner(rules, [100, 100, 60, 90], 9) == "draw"
    no_table = Rules.of(T, {"table_can_win": False})
    assert game_winner(no_table, [100, 50, 60, 200], 9) == 0


def test_rounds_must_be_a_multiple_of_three():
    assert Rules.of(T, {"rounds": 6}).options["rounds"] == 6
    with pytest.raises(RulesetError) as info:
        Rules.of(T, {"rounds": 4})
    assert "multiple of 3" in info.value.message


def test_a_whole_trichu_game_rotates_the_dealer_and_keeps_four_columns():
    game = Game(T, {"rounds": 3}, seed=9)
    rng = random.Random(9)
    dealers = []
    while not game.over:
        dealers.append(game.round.seating.dealer)
        play_random_round(game, rng)
    assert dealers == [0, 1, 2]
    assert len(game.totals) == 4
    assert game.totals == [sum(r.scores[s] for r in game.results()) for s in range(4)]
