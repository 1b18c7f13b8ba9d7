"""Grandseigneur (5-12 players, no teams, a hierarchy): VARIANTS.md part 3."""

import random

import pytest

from app.engine import Game, NotationError, Rules, RulesetError, interpretations, replay, view_for
from app.engine.cards import DOUBLE_DECK
from app.engine.combos import BOMB, KIND
from app.engine.game import hand_sizes
from app.engine.plays import candidate_plays
from app.engine.round import _better_kept
from app.engine.seat_plans import titles
from app.engine.simulate import play_random_round, random_exchange

from .helpers import pass_, play, refused, seated

G = "grandseigneur"


@pytest.mark.parametrize("players", [4, 13, 0, "6", True, 6.0])
def test_players_outside_5_to_12_are_refused(players):
    with pytest.raises(RulesetError) as info:
        Rules.of(G, {"players": players})
    assert "players" in info.value.message and "5 to 12" in info.value.message


def test_six_players_by_default_one_deck_without_the_dog():
    rules = Rules.of(G)
    assert rules.seats == 6 and rules.deck.size == 55 and rules.deck.dog_mask == 0
    assert hand_sizes(rules, 0) == [10, 9, 9, 9, 9, 9]
    assert hand_sizes(Rules.of(G, {"players": 5}), 0) == [11] * 5


@pytest.mark.parametrize("players", [7, 12])
def test_two_decks_from_seven_players_without_dog_and_second_mah_jong(players):
    rules = Rules.of(G, {"players": players})
    deck = rules.deck
    assert deck.size == 109
    assert deck.dragon_mask.bit_count() == 2 and deck.phoenix_mask.bit_count() == 2
    assert deck.mahjong_mask.bit_count() == 1 and deck.dog_mask == 0
    assert sum(hand_sizes(rules, 0)) == 109


def test_the_second_copy_of_a_card_is_written_with_a_prime():
    deck = DOUBLE_DECK
    both = deck.parse_mask("R10 R10' Dr Dr' Ph Ph'")
    assert both.bit_count() == 6
    assert deck.format_cards(both) == "Dr Dr' Ph Ph' R10 R10'"
    assert deck.parse_card("rt'") == deck.parse_card("R10'")
    with pytest.raises(NotationError):
        deck.parse_card("Dg")
    assert Rules.of("standard").deck.format_cards(Rules.of("standard").deck.parse_mask("R10 Dr")) == "Dr R10"


def test_no_teams_no_calls_and_no_exchange_in_the_first_round():
    game = Game(G, seed=1)
    rnd = game.round
    assert rnd.phase == "play"  # no Grand Tichu, no exchange: the Mah Jong leads at once
    assert rnd.turn == next(s for s in range(6) if rnd.hands[s] & game.rules.deck.mahjong_mask)
    geo = view_for(game, 0)["geometry"]
    assert geo["teams"] is None and geo["partners"] == [[]] * 6
    assert geo["tichu"] is False and geo["grand_tichu"] == [False] * 6
    refused(game, {"seat": 2, "act": "tichu"}, "tichu_not_allowed")


def test_the_dragon_trick_is_kept_nobody_gets_a_gift():
    game = seated(G, ["Mj Dr S2", "S3 B3", "S4 B4", "S5 B5", "S6 B6", "S7 B7"])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3, 4, 5)
    assert game.round.gift_from is None and game.round.turn == 0


def _after_first_round(players=6, seed=3):
    game = Game(G, {"players": players}, seed=seed)
    play_random_round(game, random.Random(seed))
    return game


def test_the_first_round_makes_the_hierarchy_and_the_seats_follow_it():
    game = _after_first_round()
    order = list(game.results()[0].out_order)
    assert game.results()[0].extra["titles"][order[0]] == "Grandseigneur"
    seating = game.round.seating
    # The Seigneur at the Grandseigneur's left, the Misérable at his right: counter-clockwise
    # from the Grandseigneur come the Misérable, the Pauvre, ..., the Seigneur.
    assert seating.positions == [order[0], order[5], order[4], order[3], order[2], order[1]]
    assert seating.titles[order[0]] == "Grandseigneur" and seating.titles[order[5]] == "Misérable"
    assert titles(6) == ["Grandseigneur", "Seigneur", "Maître", "Bourgeois", "Pauvre", "Misérable"]
    assert titles(5) == ["Grandseigneur", "Seigneur", "Maître", "Pauvre", "Misérable"]
    assert len(set(titles(12))) == 12


def test_the_bourgeois_gives_his_best_to_the_maitre_at_every_size():
    # The text: "der Misérable schupft dem Grandseigneur seine drei besten Karten zu, der Pauvre
    # dem Seigneur seine zwei besten, der Bourgeois dem Maître seine beste".
    for players in range(6, 13):
        game = _after_first_round(players=players)
        seating = game.round.seating
        title = seating.titles
        given = {(title[giver], title[to]): count for giver in seating.forced_best
                 for to, count in seating.exchange[giver].items()}
        assert given == {("Misérable", "Grandseigneur"): 3, ("Pauvre", "Seigneur"): 2,
                         ("Bourgeois", "Maître"): 1}, players


def test_the_bottom_players_pass_3_2_1_best_cards_up_and_get_as_many_back():
    game = _after_first_round()
    h = list(game.results()[0].out_order)
    seating = game.round.seating
    assert game.round.phase == "exchange"
    assert seating.exchange == {h[5]: {h[0]: 3}, h[0]: {h[5]: 3}, h[4]: {h[1]: 2}, h[1]: {h[4]: 2},
                                h[3]: {h[2]: 1}, h[2]: {h[3]: 1}}
    assert seating.forced_best == {h[5], h[4], h[3]}
    assert sorted(game.round.pending()) == sorted(h)


def test_at_five_players_one_card_fewer_the_middle_player_passes_nothing():
    game = _after_first_round(players=5)
    h = list(game.results()[0].out_order)
    seating = game.round.seating
    assert seating.exchange == {h[4]: {h[0]: 2}, h[0]: {h[4]: 2}, h[3]: {h[1]: 1}, h[1]: {h[3]: 1}}
    assert h[2] not in game.round.pending()
    refused(game, {"seat": h[2], "act": "exchange", "give": {str(h[1]): "S2"}}, "bad_exchange")


def test_passing_anything_but_the_best_cards_is_refused():
    game = _after_first_round(seed=4)
    rnd = game.round
    deck = game.rules.deck
    h = list(game.results()[0].out_order)
    low, top = h[5], h[0]
    cards = deck.sorted_cards([c for c in range(deck.size) if rnd.hands[low] >> c & 1])
    best, worst = cards[:3], cards[-3:]
    refused(game, {"seat": low, "act": "exchange", "give": {str(top): deck.format_cards(worst)}},
            "must_give_best")
    refused(game, {"seat": low, "act": "exchange", "give": {str(top): deck.format_cards(best[:2])}},
            "bad_exchange")
    game.apply({"seat": low, "act": "exchange", "give": {str(top): deck.format_cards(best)}})
    # The upper player gives cards of his own choice: his three worst are accepted.
    mine = deck.sorted_cards([c for c in range(deck.size) if rnd.hands[top] >> c & 1])
    game.apply({"seat": top, "act": "exchange", "give": {str(low): deck.format_cards(mine[-3:])}})


def test_special_cards_are_passed_first_dragon_phoenix_mah_jong():
    deck = Rules.of(G).deck
    hand = deck.parse_mask("Dr Ph Mj SA BA S2")
    assert _better_kept(deck, deck.parse_mask("Dr Ph Mj"), hand & ~deck.parse_mask("Dr Ph Mj")) == 0
    assert _better_kept(deck, deck.parse_mask("Dr Ph SA"), hand & ~deck.parse_mask("Dr Ph SA")) == \
        deck.parse_mask("Mj")
    assert _better_kept(deck, deck.parse_mask("Dr SA BA"), hand & ~deck.parse_mask("Dr SA BA")) == \
        deck.parse_mask("Ph Mj")


def test_random_exchange_gives_the_best_cards_where_forced():
    game = _after_first_round(seed=5)
    rnd = game.round
    h = list(game.results()[0].out_order)
    give = random_exchange(rnd, h[5], random.Random(1))
    game.apply({"seat": h[5], "act": "exchange",
                "give": {str(t): game.rules.deck.format_cards(cs) for t, cs in give.items()}})
    assert rnd.exchange[h[5]] is not None


def test_two_decks_the_second_dragon_beats_the_first():
    deck = DOUBLE_DECK
    dragon = interpretations(deck.parse_mask("Dr"), deck)[0]
    second = interpretations(deck.parse_mask("Dr'"), deck, on=dragon)
    assert second and second[0][2] > dragon[2]
    plays = candidate_plays(deck.parse_mask("Dr' Ph S3"), deck, dragon)
    assert [deck.format_cards(p[3]) for p in plays] == ["Dr'"]  # not the Phoenix


def test_two_decks_four_of_a_kind_bombs_need_four_different_suits():
    deck = DOUBLE_DECK
    assert interpretations(deck.parse_mask("S9 S9' B9 G9"), deck) == []
    assert interpretations(deck.parse_mask("S9 B9 G9 R9'"), deck)[0][KIND] == BOMB
    bombs = [p for p in candidate_plays(deck.parse_mask("S9 S9' B9 G9 R9"), deck, None)
             if p[KIND] == BOMB]
    assert sorted(deck.format_cards(p[3]) for p in bombs) == ["S9 B9 G9 R9", "S9' B9 G9 R9"]


def test_two_decks_an_equal_card_does_not_beat():
    deck = DOUBLE_DECK
    on = interpretations(deck.parse_mask("RK"), deck)[0]
    plays = candidate_plays(deck.parse_mask("RK' SA"), deck, on)
    assert [deck.format_cards(p[3]) for p in plays] == ["SA"]
    pair = interpretations(deck.parse_mask("R10 R10'"), deck)
    assert pair and pair[0][0] == 1  # two copies make a pair


def test_a_two_deck_game_is_played_and_replayed_with_primes_in_the_record():
    game = Game(G, {"players": 8, "rounds": 2}, seed=6)
    rng = random.Random(6)
    while not game.over:
        play_random_round(game, rng)
    record = game.record()
    assert any("'" in hand for hand in record["rounds"][0]["hands"])
    result = replay(record)
    assert result["ok"] and result["winner"] == game.winner == game.results()[-1].out_order[0]
    assert result["totals"] is None


def test_the_game_ends_after_its_rounds_default_ten():
    assert Rules.of(G).options["rounds"] == 10
    game = Game(G, {"rounds": 2, "players": 5}, seed=7)
    rng = random.Random(7)
    while not game.over:
        play_random_round(game, rng)
    assert len(game.results()) == 2


def test_two_decks_a_straight_flush_takes_either_copy_of_a_card():
    deck = DOUBLE_DECK
    bombs = [p for p in candidate_plays(deck.parse_mask("S5 S6 S7 S8 S9 S9' B9"), deck, None)
             if p[KIND] == BOMB]
    assert sorted(deck.format_cards(p[3]) for p in bombs) == ["S9 S8 S7 S6 S5", "S9' S8 S7 S6 S5"]
