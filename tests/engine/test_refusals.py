"""Bad input: every refused action raises IllegalAction with a code and a readable message,
and leaves the game exactly as it was (a full snapshot of the round's and the game's fields)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import Action, EngineError, IllegalAction

from .helpers import dealt, pass_, play, snapshot, table


def at_grand():
    game = dealt(["Mj S2 B2 G2 S3 B3 G3 S4", "R2 R3 B4 G4", "", ""])
    game.apply({"seat": 0, "act": "grand", "call": False})
    return game


def at_exchange():
    game = at_grand()
    for seat in (1, 2, 3):
        game.apply({"seat": seat, "act": "grand", "call": seat == 1})
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "S2", "2": "B2", "3": "G2"}})
    return game


def at_lead():
    return table(["Mj Ph R7 S3 Dg S9 B9 G9 R9", "S4 Dr", "S5", "S6"], tichu=(3,))


def at_follow():
    game = at_lead()
    play(game, 0, "S3")
    return game


def at_gift():
    game = table(["Mj S3", "S4 Dr", "S5", "S6 B6 G6 R6"])
    play(game, 0, "S3")
    play(game, 1, "Dr")
    pass_(game, 2, 3, 0)
    return game


def at_over():
    game = table(["Mj S2 B3 G4 R5", "R9 G9 B9", "S7 S8 S9 S10 SJ", "RJ GJ BJ"], fill=False)
    play(game, 0, "Mj S2 B3 G4 R5")
    pass_(game, 1)
    play(game, 2, "S7 S8 S9 S10 SJ")
    return game


ANY_TIME = [
    (None, "bad_action"), ([], "bad_action"), ("pass", "bad_action"), ({}, "bad_action"),
    ({"seat": -1, "act": "pass"}, "bad_action"), ({"seat": 1.0, "act": "pass"}, "bad_action"),
    ({"seat": True, "act": "pass"}, "bad_action"), ({"seat": None, "act": "pass"}, "bad_action"),
    ({"seat": 0, "act": None}, "bad_action"), ({"seat": 0, "act": "PASS"}, "bad_action"),
    ({"seat": 0, "act": ["pass"]}, "bad_action"),
    ({"seat": 0, "act": "play", "cards": None}, "bad_action"),
    ({"seat": 0, "act": "play", "cards": ""}, "bad_action"),
    ({"seat": 0, "act": "play", "cards": "S3 s3"}, "bad_action"),
    ({"seat": 0, "act": "play", "cards": {"S3": 1}}, "bad_action"),
    ({"seat": 0, "act": "grand", "call": "yes"}, "bad_action"),
    ({"seat": 0, "act": "gift", "to": "left"}, "bad_action"),
    # Digits to str.isdigit that int() cannot read, and numbers too long to be seats.
    ({"seat": 0, "act": "gift", "to": "\u00b2"}, "bad_action"),
    ({"seat": "\u0663", "act": "pass"}, "bad_action"),
    ({"seat": 0, "act": "gift", "to": "1" * 5000}, "bad_action"),
    ({"seat": 0, "act": "exchange", "give": {"\u00b9": "R2", "2": "B4", "3": "G4"}}, "bad_exchange"),
    ({"seat": 0, "act": "exchange", "give": None}, "bad_exchange"),
]

CASES = [
    *[(at_grand, a, c) for a, c in ANY_TIME],
    (at_grand, {"seat": 0, "act": "grand", "call": True}, "already_decided"),
    (at_grand, {"seat": 1, "act": "tichu"}, "tichu_not_allowed"),
    (at_grand, {"seat": 1, "act": "exchange", "give": {"0": "R2", "2": "B4", "3": "G4"}}, "not_now"),
    (at_grand, {"seat": 0, "act": "play", "cards": "Mj"}, "not_now"),
    (at_grand, {"seat": 0, "act": "pass"}, "not_now"),
    (at_grand, {"seat": 0, "act": "gift", "to": 1}, "not_now"),
    *[(at_exchange, a, c) for a, c in ANY_TIME],
    (at_exchange, {"seat": 0, "act": "exchange", "give": {"1": "S3", "2": "B3", "3": "G3"}},
     "already_decided"),
    (at_exchange, {"seat": 1, "act": "exchange", "give": {"0": "Mj", "2": "B4", "3": "G4"}},
     "card_not_in_hand"),
    (at_exchange, {"seat": 1, "act": "exchange", "give": {"0": "B4", "2": "B4", "3": "G4"}}, "bad_exchange"),
    (at_exchange, {"seat": 1, "act": "tichu"}, "tichu_not_allowed"),  # called Grand Tichu
    (at_exchange, {"seat": 2, "act": "grand", "call": True}, "not_now"),
    (at_exchange, {"seat": 0, "act": "play", "cards": "Mj"}, "not_now"),
    *[(at_lead, a, c) for a, c in ANY_TIME],
    (at_lead, {"seat": 0, "act": "pass"}, "cannot_pass"),
    (at_lead, {"seat": 0, "act": "play", "cards": "S4"}, "card_not_in_hand"),
    (at_lead, {"seat": 0, "act": "play", "cards": "S3 R7"}, "not_a_combination"),
    (at_lead, {"seat": 0, "act": "play", "cards": "Ph R7 S3"}, "not_a_combination"),
    (at_lead, {"seat": 0, "act": "play", "cards": "Ph R9 G9 B9"}, "not_a_combination"),
    (at_lead, {"seat": 0, "act": "play", "cards": "Ph R7", "phoenix": "8"}, "bad_phoenix"),
    (at_lead, {"seat": 0, "act": "play", "cards": "Ph", "phoenix": "7"}, "bad_phoenix"),
    (at_lead, {"seat": 0, "act": "play", "cards": "Ph R7", "phoenix": "Z"}, "bad_phoenix"),
    (at_lead, {"seat": 0, "act": "play", "cards": "Mj", "wish": "Dr"}, "bad_wish"),
    (at_lead, {"seat": 0, "act": "play", "cards": "S3", "wish": "8"}, "bad_wish"),
    (at_lead, {"seat": 1, "act": "play", "cards": "S4"}, "not_your_turn"),
    (at_lead, {"seat": 1, "act": "pass"}, "not_your_turn"),
    (at_lead, {"seat": 0, "act": "gift", "to": 1}, "not_now"),
    (at_lead, {"seat": 0, "act": "exchange", "give": {"1": "S3", "2": "R7", "3": "Ph"}}, "not_now"),
    (at_lead, {"seat": 3, "act": "tichu"}, "tichu_not_allowed"),
    (at_lead, {"seat": 0, "act": "grand", "call": False}, "not_now"),
    *[(at_follow, a, c) for a, c in ANY_TIME],
    (at_follow, {"seat": 1, "act": "play", "cards": "Dr S4"}, "not_a_combination"),
    (at_follow, {"seat": 0, "act": "play", "cards": "R7"}, "not_your_turn"),
    (at_follow, {"seat": 0, "act": "play", "cards": "Dg"}, "not_your_turn"),
    (at_follow, {"seat": 2, "act": "play", "cards": "S5"}, "not_your_turn"),
    (at_follow, {"seat": 0, "act": "tichu"}, "tichu_not_allowed"),
    *[(at_gift, a, c) for a, c in ANY_TIME],
    (at_gift, {"seat": 1, "act": "gift", "to": 3}, "bad_gift"),
    (at_gift, {"seat": 0, "act": "gift", "to": 1}, "not_your_turn"),
    (at_gift, {"seat": 1, "act": "pass"}, "not_now"),
    (at_gift, {"seat": 2, "act": "play", "cards": "S5"}, "not_your_turn"),
    (at_gift, {"seat": 1, "act": "play", "cards": "S4"}, "not_your_turn"),
    *[(at_over, a, "round_over") for a, _ in ANY_TIME],  # the round's end is checked first
    (at_over, {"seat": 1, "act": "pass"}, "round_over"),
    (at_over, {"seat": 1, "act": "play", "cards": "R9 G9 B9"}, "round_over"),
    (at_over, {"seat": 1, "act": "tichu"}, "round_over"),
]


@pytest.mark.parametrize("setup, action, code", CASES,
                         ids=[f"{s.__name__}-{i}-{c}" for i, (s, _, c) in enumerate(CASES)])
def test_a_refused_action_changes_nothing(setup, action, code):
    game = setup()
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.code == code, err.value.message
    assert isinstance(err.value.message, str) and len(err.value.message) > 5
    assert err.value.as_dict() == {"code": code, "message": err.value.message}
    assert snapshot(game) == before


def test_after_refusals_the_same_game_goes_on_normally():
    game = at_follow()
    for action, _ in ANY_TIME:
        with pytest.raises(IllegalAction):
            game.apply(action)
    pass_(game, 1)
    play(game, 2, "S5")
    assert game.round.top_seat == 2


def test_a12_the_phoenix_on_a_pair_is_refused_with_a_message_about_singles():
    game = table(["Mj S3 B3", "Ph S4", "S5", "S6"])
    play(game, 0, "S3 B3")
    with pytest.raises(IllegalAction) as err:
        play(game, 1, "Ph")
    assert err.value.code == "does_not_beat"
    assert "Dragon" not in err.value.message and "single" in err.value.message


def test_a12_the_phoenix_on_the_dragon_is_refused_with_a_message_about_the_dragon():
    game = table(["Mj S3 Dr", "Ph S4", "S5", "S6"])
    play(game, 0, "Dr")
    with pytest.raises(IllegalAction) as err:
        play(game, 1, "Ph")
    assert err.value.code == "does_not_beat" and "Dragon" in err.value.message


@pytest.mark.parametrize("seat", [4, -1, "0", None])
def test_an_action_object_with_a_seat_that_does_not_exist_is_refused(seat):
    game = at_lead()
    before = snapshot(game)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action(seat, "pass"))
    assert refused.value.code == "bad_action"
    assert snapshot(game) == before


# Any JSON in any field of an action: refused with the engine's error, or applied; never a crash.
_odd_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.lists(st.characters() | st.sampled_from(["\u00b2", "\ud800", "\x00"]), max_size=6).map("".join),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["0", "1", "2", "3", "\u00b9"]) | st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)
# Seat numbers as they might come: digits of other scripts, endless digits, padded.
_seatish = st.sampled_from(["\u00b2", "\u0663", "1" * 5000, "02", " 1", "1.0", "3"]) | st.integers(-1, 4)
_odd_actions = st.fixed_dictionaries(
    {"act": st.sampled_from(["grand", "tichu", "exchange", "play", "pass", "gift"]) | _odd_values},
    optional={"seat": _seatish | _odd_values, "to": _seatish | _odd_values,
              **{key: _odd_values for key in ("cards", "give", "call", "wish", "phoenix")}})
SETUPS = [at_grand, at_exchange, at_lead, at_follow, at_gift, at_over]


@settings(max_examples=400, deadline=None)
@given(setup=st.sampled_from(SETUPS), action=_odd_actions)
def test_any_odd_action_is_refused_cleanly_or_applied(setup, action):
    game = setup()
    before = snapshot(game)
    action.setdefault("seat", 0)
    try:
        game.apply(action)
    except EngineError as refused:
        assert isinstance(refused.code, str) and isinstance(refused.message, str)
        assert snapshot(game) == before
