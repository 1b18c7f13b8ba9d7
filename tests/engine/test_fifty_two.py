"""The `fifty-two` ruleset (RULES.md "The fifty-two ruleset", D1-D23; RECORD_FORMAT.md)."""


from app.engine import FIFTY_TWO_DECK, Game, Rules, candidate_plays, view_for
from app.engine.combos import BOMB, SINGLE, STRAIGHT
from app.engine.scoring import game_winner

from .helpers import begin_round, gift, pass_, play, plays_of, refused, show, table

R52 = "fifty-two"


def t52(hands, options=None, **kw):
    return table(hands, R52, options, fill=False, **kw)


def test_d3_thirteen_cards_eight_seen_before_grand_tichu():
    game = Game(R52, seed=3)
    assert game.round.card_counts() == [8] * 4
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    assert game.round.card_counts() == [13] * 4
    assert view_for(game, 0)["ranks"] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_d4_the_club_ace_leads_first_and_is_the_1_of_a_straight():
    game = t52(["S3 H4 S8", "CA S2 H3 D4 C5", "S6 H6 S9", "S7 H7 H9"])
    assert game.round.turn == 1
    assert "C5 D4 H3 S2 CA" in plays_of(game, 1)
    play(game, 1, "CA S2 H3 D4 C5", wish="9")
    assert game.round.trick[-1][1][2] == 5


def test_d15_fifty_two_plays_clockwise_by_default():
    game = t52(["CA S3 H3", "S4 H4 D4", "S5 H5 D5", "S6 H6 D6"])
    play(game, 0, "S3")
    assert game.round.turn == 3


LED_PHOENIX = ["CA S4 H6", "S9 H9 D9", "S8 H8 D8", "SK DA C7"]


def test_d9_a_led_diamond_ace_is_worth_a_half_the_club_ace_beats_it():
    game = t52(LED_PHOENIX)
    play(game, 0, "S4")
    play(game, 3, "SK")
    pass_(game, 2, 1, 0)
    play(game, 3, "DA")
    assert game.round.trick[-1][1][2] == 0.5
    pass_(game, 2, 1)
    assert "CA" in plays_of(game, 0)
    play(game, 0, "CA")


def test_d9_the_diamond_ace_is_king_and_a_half_on_a_king_and_beaten_by_the_spade_ace():
    hand = FIFTY_TWO_DECK.parse_mask("DA SA")
    king = (SINGLE, 1, 13, FIFTY_TWO_DECK.parse_mask("SK"), None)
    got = {(FIFTY_TWO_DECK.format_cards(p[3]), p[2]) for p in candidate_plays(hand, FIFTY_TWO_DECK, king)}
    assert got == {("DA", 13.5), ("SA", 20)}
    dragon = (SINGLE, 1, 20, FIFTY_TWO_DECK.parse_mask("SA"), None)
    assert candidate_plays(FIFTY_TWO_DECK.parse_mask("DA"), FIFTY_TWO_DECK, dragon) == []


def test_d9_the_diamond_ace_is_a_wildcard_2_to_k_and_never_in_a_bomb():
    deck = FIFTY_TWO_DECK
    hand = deck.parse_mask("DA S5 H5 D5")
    plays = candidate_plays(hand, deck, None)
    assert not any(p[0] == BOMB for p in plays)
    assert "DA H5 D5" in {deck.format_cards(p[3]) for p in plays}
    top = candidate_plays(deck.parse_mask("DA S9 H10 DJ CQ"), deck, None)
    straights = {(p[2], p[4]) for p in top if p[0] == STRAIGHT}
    assert straights == {(13, 13), (12, 8)}  # never above the King


def test_d10_the_heart_ace_passes_the_lead_to_the_partner():
    game = t52(["CA HA S3", "S4 H4 D4", "S5 H5 D5", "S6 H6 D6"])
    play(game, 0, "HA")
    assert game.round.turn == 2
    assert "HA" in show(game.round.piles[2], R52)


def test_d8_the_spade_ace_trick_is_given_to_an_opponent():
    game = t52(["CA SA S3", "S4 H4 D4", "S5 H5 D5", "S6 H6 D6"])
    play(game, 0, "SA")
    pass_(game, 3, 2, 1)
    assert game.legal(0).gift == [1, 3]
    gift(game, 0, 1)
    assert "SA" in show(game.round.piles[1], R52)


def test_d5_wishes_are_ranks_2_to_k():
    game = t52(["CA S3 H3", "S4 H4 D4", "S5 H5 D5", "S6 H6 D6"])
    refused(game, {"seat": 0, "act": "play", "cards": "CA", "wish": "A"}, "bad_wish")
    play(game, 0, "CA", wish="K")
    assert view_for(game, 0)["wish"] == "K"


# Seat 0 out first (C5: 5), seat 3 second (SQ HQ DQ S10 H10: 50), seat 2 third (S5 H5 D5: 15);
# seat 1 is last with D10 C10 CQ (30).
EVEN = ["CA S2 H3 D4 C5", "D10 C10 CQ", "S5 H5 D5", "SQ HQ DQ S10 H10"]
# Seats 1 and 3 go out first and second: a skunk for team 1.
SKUNK_ONE = ["CA S3 H3", "S4 S5 S6 S7 S8 S9", "H4 D4 C4", "H9 H10 HJ HQ HK"]


def play_even(game, wish=None):
    rnd = game.round
    play(game, 0, "CA S2 H3 D4 C5", **({"wish": wish} if wish else {}))
    pass_(game, 3, 2, 1)
    play(game, 3, "SQ HQ DQ S10 H10")
    pass_(game, 2, 1)
    play(game, 2, "S5 H5 D5")
    assert rnd.phase == "over"
    return rnd.result


def test_d19_the_tailenders_hand_and_pile_go_to_the_first_out_d11_queens_score():
    game = t52(EVEN)
    res = play_even(game)
    # Team 0: 5 + 15 + seat 1's hand (30) -> 50. Team 1: the full house of queens and tens, 50.
    assert res.card_points == (50, 50)
    assert res.scores == (50, 50)


def test_d11_kings_score_nothing():
    game = t52(["CA S2 H3 D4 C5", "D10 C10 SK", "S5 H5 D5", "SQ HQ DQ S10 H10"])
    res = play_even(game)
    assert res.card_points == (40, 50)


def test_d17_a_broken_bet_scores_for_the_opponents_a_made_one_for_the_caller():
    game = t52(EVEN, grand=(0,), tichu=(1,))
    res = play_even(game)
    # Team 0: 50 + Grand Tichu made 200 + seat 1's broken Tichu 100. Team 1: 50.
    assert res.scores == (350, 50)
    assert min(res.scores) >= 0


def test_d18_skunk_scores_200_and_the_piles_are_not_counted():
    game = t52(SKUNK_ONE)
    rnd = game.round
    play(game, 0, "S3")
    play(game, 3, "H9 H10 HJ HQ HK")  # a straight flush: out first
    pass_(game, 2)
    play(game, 1, "S4 S5 S6 S7 S8 S9")  # his partner, second
    assert rnd.result.double_victory and rnd.result.card_points is None
    assert rnd.result.scores == (0, 200)


def test_d21_the_game_ends_when_a_team_leads_by_the_target_lead():
    game = t52(EVEN, options={"target_lead": 300}, tichu=(1,), grand=(0,))
    play_even(game)
    assert game.totals == [350, 50] and game.winner == 0


def test_d21_the_game_ends_after_max_rounds_if_not_tied():
    game = t52(EVEN, options={"max_rounds": 1}, tichu=(1,))
    play_even(game)
    assert game.totals == [150, 50] and game.winner == 0


def test_d21_a_tie_after_max_rounds_continues():
    game = t52(EVEN, options={"max_rounds": 1}, later=[SKUNK_ONE])
    play_even(game)
    assert game.totals == [50, 50] and game.winner is None
    assert len(game.rounds) == 2


def test_d21_game_winner_by_lead_or_rounds():
    rules = Rules.of(R52)
    assert game_winner(rules, [400, 0], 1) == 0
    assert game_winner(rules, [100, 500], 2) == 1
    assert game_winner(rules, [390, 0], 9) is None
    assert game_winner(rules, [10, 0], 10) == 0
    assert game_winner(rules, [10, 10], 10) is None
    assert game_winner(rules, [10, 10], 11) is None
    assert game_winner(Rules.of(R52, {"tie_rule": "draw"}), [10, 10], 10) == "draw"


def test_d6_the_wish_persists_into_the_next_round():
    game = t52(EVEN, later=[["CA S9 H2", "S3 H3 D3", "S4 H4 D4", "S6 H6 D6"]])
    play_even(game, wish="9")
    assert game.rounds[0].wish == 9
    begin_round(game)
    assert view_for(game, 0)["wish"] == "9"
    assert plays_of(game, 0) == {"S9"}
    play(game, 0, "S9")
    assert view_for(game, 0)["wish"] is None
