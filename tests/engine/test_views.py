"""Per-seat views (views.py): a seat sees only what it may know; a spectator sees no hand."""

import json
import random

import pytest

from app.engine import Game, view_for
from app.engine.simulate import random_action

from .helpers import (
    TAILENDER_HANDS,
    dealt,
    exchanged_cards,
    pass_,
    play,
    play_to_the_tailender,
    table,
    view_leaks,
)

KEYS = {"ruleset", "options", "seats", "viewer", "ranks", "round", "phase", "game_over", "winner",
        "players", "hand", "exchange", "trick", "last_trick", "turn", "lead", "gift_from", "wish",
        "scores", "history", "legal"}


def all_views(game):
    return {seat: view_for(game, seat) for seat in (None, 0, 1, 2, 3)}


def assert_private(game):
    for seat, view in all_views(game).items():
        json.dumps(view)  # JSON-ready
        assert set(view) >= KEYS
        assert not view_leaks(game, seat, view), (seat, view_leaks(game, seat, view))


def test_a_spectator_gets_no_hand_no_exchange_and_no_legal_actions():
    game = table(["Mj S3"] + [""] * 3)
    view = view_for(game, None)
    assert view["viewer"] is None
    assert view["hand"] is None and view["exchange"] is None and view["legal"] is None
    assert [p["cards"] for p in view["players"]] == [14] * 4


def test_grand_phase_views_show_only_the_own_eight_cards():
    game = dealt(["Mj Dr Ph Dg S2 B2 G2 R2 SA BA GA RA SK BK"] + [""] * 3)
    view = view_for(game, 0)
    assert view["phase"] == "grand"
    assert view["hand"] == ["Dr", "Ph", "S2", "B2", "G2", "R2", "Mj", "Dg"]
    assert view["legal"]["grand"] and view["legal"]["grand_call"]
    assert_private(game)  # the six cards still to come are nobody's knowledge


def test_exchange_choices_are_private_until_and_after_the_hand_over():
    game = dealt(["Mj Dr Ph Dg S2 B2 G2 R2"] + [""] * 3)
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "Dr", "2": "Ph", "3": "Mj"}})
    assert view_for(game, 0)["exchange"] == {"given": {"1": "Dr", "2": "Ph", "3": "Mj"}, "received": None}
    for seat in (1, 2, 3):
        assert view_for(game, seat)["exchange"] == {"given": None, "received": None}
        assert view_for(game, seat)["players"][0]["deciding"] is False
    assert_private(game)
    rng = random.Random(1)
    while game.round.phase == "exchange":
        game.apply(random_action(game.round, rng, tichu_rate=0))
    assert view_for(game, 1)["exchange"]["received"]["0"] == "Dr"
    assert "Dr" in view_for(game, 1)["hand"]
    assert "Dr" not in json.dumps(view_for(game, 2))
    assert "Dr" not in json.dumps(view_for(game, None))
    assert_private(game)


def test_legal_actions_are_those_of_the_viewer_only():
    game = table(["Mj S3 S9 B9 G9 R9", "S4", "S5", "S6"])
    view = view_for(game, 0)
    assert view["legal"]["lead"] and not view["legal"]["pass"]
    assert {"cards": "S9 B9 G9 R9", "kind": "bomb", "rank": "9", "phoenix": None} in view["legal"]["plays"]
    other = view_for(game, 1)["legal"]
    assert other["plays"] == [] and other["bombs"] == [] and not other["pass"]
    play(game, 0, "S3")
    assert view_for(game, 0)["legal"]["bombs"] == [
        {"cards": "S9 B9 G9 R9", "kind": "bomb", "rank": "9", "phoenix": None}]
    assert view_for(game, 1)["legal"]["pass"]


def test_the_table_is_public():
    game = table(["Mj S3", "S4", "S5", "S6"])
    play(game, 0, "S3")
    pass_(game, 1)
    for seat in (None, 0, 2):
        view = view_for(game, seat)
        assert view["trick"]["plays"] == [{"seat": 0, "cards": "S3", "kind": "single", "rank": "3",
                                           "phoenix": None}]
        assert view["players"][1]["passed"] is True
        assert view["turn"] == 2
        assert {"seat": 0, "act": "play", "cards": "S3", "kind": "single", "rank": "3",
                "phoenix": None} in view["history"]


def test_the_tailenders_hand_is_not_shown_at_the_end_of_the_round():
    game = table(TAILENDER_HANDS, fill=False)
    play_to_the_tailender(game)
    assert game.round.phase == "over"
    r5 = game.rules.deck.parse_card("R5")
    giver = next(s for s in range(4) if r5 in exchanged_cards(game.round.exchange[s]))
    for seat in {None, 0, 1, 2} - {giver}:  # the seat that passed R5 over knows it
        assert "R5" not in json.dumps(view_for(game, seat))
    assert view_for(game, 3)["hand"] == ["R5"]
    assert_private(game)


def test_game_over_views_offer_no_action():
    game = table(["Mj S2 B3 G4 R5", "R9 G9 B9", "S7 S8 S9 S10 SJ", "RJ GJ BJ"],
                 options={"target": 200}, fill=False)
    play(game, 0, "Mj S2 B3 G4 R5")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")
    view = view_for(game, 1)
    assert view["game_over"] and view["winner"] == 0
    assert not any(v for v in view["legal"].values())
    assert view["scores"]["totals"] == [200, 0]
    assert view["scores"]["rounds"][0]["double_victory"]


@pytest.mark.parametrize("ruleset", ["standard", "fifty-two"])
def test_views_of_a_random_round_never_leak(ruleset):
    rng = random.Random(7)
    game = Game(ruleset, seed=7)
    for _ in range(400):
        if game.round.phase == "over" or game.over:
            break
        assert_private(game)
        game.apply(random_action(game.round, rng))
