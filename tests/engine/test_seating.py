"""Seat geometry as ruleset data (seating.py) and what the views carry of it."""

import pytest

from app.engine import Game, IllegalAction, Rules, view_for

from .helpers import dealt, refused, table


@pytest.mark.parametrize("ruleset", ["standard", "fifty-two"])
def test_the_four_player_geometry_is_two_pairs_opposite(ruleset):
    seating = Rules.of(ruleset).seating
    assert seating.seats == 4
    assert seating.teams == [[0, 2], [1, 3]]
    assert [seating.partners[s] for s in range(4)] == [[2], [3], [0], [1]]
    assert [seating.opponents[s] for s in range(4)] == [[1, 3], [0, 2], [1, 3], [0, 2]]
    assert seating.exchange[0] == {1: 1, 2: 1, 3: 1}
    assert seating.grand_seats == frozenset(range(4)) and seating.sweep == 2
    assert seating.controls == [[0], [1], [2], [3]]


def test_play_order_follows_the_direction_option():
    assert Rules.of("standard").seating.next_seat == [1, 2, 3, 0]
    assert Rules.of("standard", {"direction": "cw"}).seating.next_seat == [3, 0, 1, 2]
    assert Rules.of("fifty-two").seating.next_seat == [3, 0, 1, 2]


def test_views_carry_the_geometry_relative_to_the_viewer():
    game = Game(seed=1)
    view = view_for(game, 1)
    geo = view["geometry"]
    assert geo["teams"] == [[0, 2], [1, 3]]
    assert geo["partners"][1] == [3] and geo["opponents"][1] == [0, 2]
    assert geo["relative"] == [3, 0, 1, 2]  # seat 2 plays right after seat 1
    assert geo["exchange"][1] == {"0": 1, "2": 1, "3": 1}
    assert geo["dealer"] is None and geo["table"] is None
    assert view["controls"] == [1] and view["table"] is None
    assert view_for(game, None)["geometry"]["relative"] == [0, 1, 2, 3]


def test_pending_names_every_seat_the_round_waits_for():
    game = Game(seed=2)
    assert view_for(game, 0)["pending"] == [0, 1, 2, 3]
    game.apply({"seat": 2, "act": "grand", "call": False})
    assert view_for(game, None)["pending"] == [0, 1, 3]
    assert view_for(game, None)["to_act"] == [0, 1, 3]
    for seat in (0, 1, 3):
        game.apply({"seat": seat, "act": "grand", "call": False})
    assert view_for(game, 0)["phase"] == "exchange" and view_for(game, 0)["pending"] == [0, 1, 2, 3]


def test_pending_in_play_is_the_seat_in_turn_or_the_dragon_giver():
    game = table(["Mj Dr", "S3", "S4", "S5"])
    assert view_for(game, None)["pending"] == [0]
    game.apply({"seat": 0, "act": "play", "cards": "Dr"})
    for seat in (1, 2, 3):
        game.apply({"seat": seat, "act": "pass"})
    assert view_for(game, 2)["pending"] == [0]
    assert view_for(game, 0)["legal"]["gift"] == [1, 3]


def test_a_player_acts_only_for_the_seats_it_controls():
    game = dealt([""] * 4)
    with pytest.raises(IllegalAction) as info:
        game.apply({"seat": 1, "act": "grand", "call": False}, by=0)
    assert info.value.code == "not_your_seat" and "seat 0" in info.value.message
    game.apply({"seat": 0, "act": "grand", "call": False}, by=0)
    assert game.round.grand[0] is False


def test_refused_for_another_seat_leaves_the_state_unchanged():
    game = dealt([""] * 4)
    before = view_for(game, None)
    with pytest.raises(IllegalAction) as info:
        game.apply({"seat": 3, "act": "grand", "call": True}, by=2)
    assert info.value.code == "not_your_seat"
    assert view_for(game, None) == before


def test_a_dog_target_that_is_not_a_partner_is_refused():
    game = table(["Mj Dg S2 S7", "S3", "S4", "S5"])
    game.apply({"seat": 0, "act": "play", "cards": "Mj"})
    for seat in (1, 2, 3):
        game.apply({"seat": seat, "act": "pass"})
    err = refused(game, {"seat": 0, "act": "play", "cards": "Dg", "to": 1}, "bad_dog")
    assert "partner" in err.message
    game.apply({"seat": 0, "act": "play", "cards": "Dg", "to": 2})
    assert game.round.turn == 2
    assert game.round.log[-1]["to"] == 2
