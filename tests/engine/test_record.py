"""Game records (RECORD_FORMAT.md): export, replay, refused actions and malformed documents."""

import copy
import json
import random

import pytest

from app.engine import Game, MalformedRecord, replay, view_for
from app.engine.record import parse_record
from app.engine.simulate import play_random_round

from .helpers import dealt, play, table


def finished_game(seed, ruleset="standard", options=None, rounds=2):
    """A game played at random for `rounds` rounds (or to its end)."""
    game = Game(ruleset, options, seed=seed)
    rng = random.Random(seed)
    while len(game.results()) < rounds and not game.over:
        play_random_round(game, rng)
    return game


def rebuilt(doc):
    """The game a record describes, rebuilt action by action, exported again."""
    ruleset, options, hands, actions = parse_record(doc)
    game = Game(ruleset, options, deal=lambda i: hands[i] if i < len(hands) else None)
    for round_actions in actions:
        for action in round_actions:
            game.apply(action)
    return game


@pytest.mark.parametrize("ruleset, options", [
    ("standard", None),
    ("standard", {"direction": "cw", "grand_tichu": False, "stairs_min_pairs": 3}),
    ("fifty-two", None),
])
def test_an_exported_record_replays_to_the_same_scores(ruleset, options):
    game = finished_game(11, ruleset, options, rounds=3)
    doc = json.loads(json.dumps(game.record()))  # through JSON, as a file would be
    result = replay(doc)
    assert result["ok"] and result["error"] is None
    assert result["applied"] == game.version
    complete = [r for r in result["rounds"] if r["complete"]]
    assert [r["scores"] for r in complete] == [list(res.scores) for res in game.results()]
    assert [r["out_order"] for r in complete] == [list(res.out_order) for res in game.results()]
    assert result["totals"] == game.totals
    assert result["winner"] == game.winner
    assert rebuilt(doc).record() == doc


def test_record_shape():
    game = finished_game(5, rounds=1)
    doc = game.record()
    assert doc["format"] == "tichu-record/1"
    assert doc["ruleset"] == "standard"
    assert set(doc["options"]) == set(game.rules.options)
    rnd = doc["rounds"][0]
    assert set(rnd) == {"hands", "actions"}
    assert all(len(h.split()) == 14 for h in rnd["hands"])
    assert {a["act"] for a in rnd["actions"]} >= {"grand", "exchange", "play", "pass"}
    for action in rnd["actions"]:
        assert set(action) <= {"seat", "act", "call", "give", "cards", "wish", "phoenix", "to"}


def test_a3_a_records_first_eight_cards_are_the_ones_seen_before_grand_tichu():
    game = Game("standard", seed=21)
    doc = game.record()
    for seat in range(4):
        first = doc["rounds"][0]["hands"][seat].split()[:8]
        assert sorted(first) == sorted(view_for(game, seat)["hand"])


def test_replay_result_shape():
    result = replay(finished_game(3, rounds=1).record())
    assert set(result) == {"ok", "applied", "error", "rounds", "totals", "winner"}
    assert set(result["rounds"][0]) == {"scores", "card_points", "out_order", "double_victory", "complete"}


def test_a_record_that_stops_mid_round_replays_with_an_incomplete_round():
    game = Game("standard", seed=4)
    rng = random.Random(4)
    from app.engine.simulate import random_action
    for _ in range(30):
        game.apply(random_action(game.round, rng))
    result = replay(game.record())
    assert result["ok"] and result["applied"] == 30
    assert result["rounds"] == [{"scores": None, "card_points": None, "out_order": list(game.round.out),
                                 "double_victory": False, "complete": False}]
    assert result["totals"] == [0, 0] and result["winner"] is None


def test_a_record_without_grand_tichu_has_no_grand_actions():
    game = finished_game(8, options={"grand_tichu": False}, rounds=1)
    doc = game.record()
    assert all(a["act"] != "grand" for r in doc["rounds"] for a in r["actions"])
    assert replay(doc)["ok"]


# -- refused actions (exit 1) -------------------------------------------------------------------


PLAY_POSITION = ["Mj Ph R7 S3", "S4", "", ""]


def with_action(doc, action, round_index=0):
    doc = copy.deepcopy(doc)
    doc["rounds"][round_index]["actions"].append(action)
    return doc


def refused_result(doc, code, round_index=0):
    result = replay(doc)
    assert result["ok"] is False
    error = result["error"]
    assert set(error) == {"round", "index", "code", "message"}
    assert error["round"] == round_index
    assert error["index"] == len(doc["rounds"][round_index]["actions"]) - 1
    assert error["code"] == code, error["message"]
    assert error["message"]
    return result


@pytest.mark.parametrize("action, code", [
    ({"seat": 0, "act": "play", "cards": "S4"}, "card_not_in_hand"),
    ({"seat": 0, "act": "play", "cards": "Mj", "wish": "1"}, "bad_wish"),
    ({"seat": 0, "act": "play", "cards": "Mj", "wish": "Dr"}, "bad_wish"),
    ({"seat": 0, "act": "play", "cards": "S3", "wish": "8"}, "bad_wish"),
    ({"seat": 0, "act": "play", "cards": "Ph R7", "phoenix": "8"}, "bad_phoenix"),
    ({"seat": 0, "act": "play", "cards": "Ph", "phoenix": "8"}, "bad_phoenix"),
    ({"seat": 0, "act": "play", "cards": "S3", "phoenix": "3"}, "bad_phoenix"),
    ({"seat": 0, "act": "dance"}, "bad_action"),
    ({"seat": 0, "act": "play"}, "bad_action"),
    ({"act": "pass"}, "bad_action"),
    ({"seat": 0}, "bad_action"),
    ({"seat": 4, "act": "pass"}, "bad_action"),
    ({"seat": 0, "act": "grand"}, "bad_action"),
    ({"seat": 0, "act": "gift"}, "bad_action"),
    ({"seat": 0, "act": "play", "cards": "Xx"}, "bad_action"),
    ("pass", "bad_action"),
    ({"seat": 1, "act": "pass"}, "not_your_turn"),
    ({"seat": 0, "act": "pass"}, "cannot_pass"),
    ({"seat": 0, "act": "exchange", "give": {"1": "S3", "2": "R7", "3": "Ph"}}, "not_now"),
])
def test_a_refused_action_stops_the_replay_with_its_code(action, code):
    base = table(PLAY_POSITION).record()
    result = refused_result(with_action(base, action), code)
    assert result["applied"] == len(base["rounds"][0]["actions"])
    assert result["rounds"][0]["complete"] is False and result["rounds"][0]["scores"] is None


@pytest.mark.parametrize("give", [
    {"1": "S2"},
    {"1": "S2", "2": "B2", "3": "G2", "0": "R2"},
    {"1": "S2", "2": "S2", "3": "G2"},
    "S2 B2 G2",
])
def test_a_bad_exchange_is_a_refused_action(give):
    game = dealt(["S2 B2 G2 R2"] + [""] * 3)
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    refused_result(with_action(game.record(), {"seat": 0, "act": "exchange", "give": give}), "bad_exchange")


def test_actions_after_the_game_is_over_are_refused():
    game = finished_game(1, options={"target": 50}, rounds=1)
    assert game.over
    doc = game.record()
    assert len(doc["rounds"]) == 1
    refused_result(with_action(doc, {"seat": 0, "act": "pass"}), "game_over")
    extra = copy.deepcopy(doc)
    extra["rounds"].append(copy.deepcopy(doc["rounds"][0]))
    result = replay(extra)
    assert result["error"]["round"] == 1 and result["error"]["index"] == 0
    assert result["error"]["code"] == "game_over"
    assert result["winner"] == game.winner
    assert [r["complete"] for r in result["rounds"]] == [True, False]


def test_an_action_after_the_end_of_its_round_is_refused():
    game = finished_game(2, rounds=1)
    doc = game.record()
    doc["rounds"] = doc["rounds"][:1]
    result = refused_result(with_action(doc, {"seat": 0, "act": "pass"}), "round_over")
    assert result["rounds"][0]["complete"] is True
    assert result["totals"] == game.totals


def test_a_round_whose_predecessor_did_not_end_is_refused():
    game = table(PLAY_POSITION)
    doc = game.record()
    doc["rounds"].append(copy.deepcopy(doc["rounds"][0]))
    result = replay(doc)
    assert result["ok"] is False
    assert result["error"]["round"] == 1 and result["error"]["index"] == 0


def test_a_replay_applies_nothing_after_a_refused_action():
    base = table(PLAY_POSITION).record()
    doc = with_action(base, {"seat": 0, "act": "play", "cards": "S4"})
    doc["rounds"][0]["actions"].append({"seat": 0, "act": "play", "cards": "S3"})
    result = replay(doc)
    assert result["error"]["index"] == len(base["rounds"][0]["actions"])
    assert result["applied"] == len(base["rounds"][0]["actions"])


# -- malformed documents (exit 2) ---------------------------------------------------------------


def valid_doc():
    return finished_game(9, rounds=1).record()


def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        return doc
    return change


_DELETE = object()


@pytest.mark.parametrize("change", [
    lambda d: [],
    lambda d: "record",
    lambda d: None,
    _set(["format"], _DELETE),
    _set(["format"], "tichu-record/2"),
    _set(["ruleset"], "fourty"),
    _set(["ruleset"], _DELETE),
    _set(["options"], {"colour": "red"}),
    _set(["options"], {"target_lead": 400}),
    _set(["options"], {"direction": "up"}),
    _set(["options"], {"target": 1001}),
    _set(["options"], ["direction"]),
    _set(["rounds"], {"0": {}}),
    _set(["rounds"], _DELETE),
    _set(["rounds", 0, "hands"], _DELETE),
    _set(["rounds", 0, "actions"], _DELETE),
    _set(["rounds", 0, "actions"], "pass"),
    _set(["rounds", 0], "round"),
    _set(["rounds", 0, "hands", 0], "Mj Mj"),
    _set(["rounds", 0, "hands", 0], "S2 B2 G2 R2 S3 B3 G3 R3 S4 B4 G4 R4 S5 B5 X9"),
    _set(["rounds", 0, "hands", 1], "S2 B2 G2 R2 S3 B3 G3 R3 S4 B4 G4 R4 S5 B5"),
    _set(["rounds", 0, "hands", 2], "S2"),
    _set(["rounds", 0, "hands", 3], 42),
    _set(["rounds", 0, "hands"], ["a", "b", "c"]),
], ids=lambda c: getattr(c, "__name__", "change"))
def test_malformed_documents_raise(change):
    doc = change(valid_doc())
    with pytest.raises(MalformedRecord) as err:
        replay(doc)
    assert err.value.code == "malformed" and err.value.message


def test_a_fifty_two_record_has_thirteen_card_hands():
    doc = finished_game(2, "fifty-two", rounds=1).record()
    assert all(len(h.split()) == 13 for h in doc["rounds"][0]["hands"])
    assert replay(doc)["ok"]
    bad = copy.deepcopy(doc)
    bad["ruleset"] = "standard"
    with pytest.raises(MalformedRecord):
        replay(bad)


def test_record_notation_is_read_case_insensitively_with_t_for_ten():
    game = table(["Mj R10 S3", "", "", ""])
    doc = game.record()
    doc["rounds"][0]["hands"] = [h.lower().replace("10", "t") for h in doc["rounds"][0]["hands"]]
    doc["rounds"][0]["actions"].append({"seat": 0, "act": "play", "cards": "rt"})
    result = replay(doc)
    assert result["ok"], result["error"]
    play(game, 0, "R10")
    assert result["applied"] == game.version


def test_after_a_refused_action_rounds_end_with_the_refused_ones_round():
    """RECORD_FORMAT.md: "After a refused action, `rounds` holds every round up to the refused one"."""
    game = finished_game(2, rounds=2)
    doc = game.record()
    assert len(doc["rounds"]) == 3
    result = refused_result(with_action(doc, {"seat": 0, "act": "pass"}, round_index=0), "round_over")
    assert len(result["rounds"]) == 1
    assert result["totals"] == list(game.results()[0].scores)
    result = refused_result(with_action(doc, {"seat": 0, "act": "pass"}, round_index=1), "round_over", 1)
    assert len(result["rounds"]) == 2
