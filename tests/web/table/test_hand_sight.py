"""The consent rules of spectators who see the hands (app/web/table/hand_sight.py), on their own."""

from __future__ import annotations

import pytest

from app.web.errors import Refused
from app.web.table.hand_sight import ALWAYS, ASK, ASKS_MAX, NEVER, NO, WITHDRAWN, YES, HandSight

ANNA, BEN = "anna-hash", "ben-hash"
PEOPLE = [(ANNA, "Anna"), (BEN, "Ben")]


def asked(*prefs: tuple[str, str]) -> tuple[HandSight, object]:
    sight = HandSight()
    for person, pref in prefs:
        sight.set_pref(person, pref)
    return sight, sight.ask("zoe-hash", "Zoe")


def test_a_watcher_sees_the_hands_only_once_every_person_agrees():
    sight, zoe = asked()
    assert not sight.sees(zoe, [ANNA, BEN])
    sight.answer(ANNA, zoe, True)
    assert not sight.sees(zoe, [ANNA, BEN])
    assert sight.status(zoe, PEOPLE)["waiting"] == ["Ben"]
    sight.answer(BEN, zoe, True)
    assert sight.sees(zoe, [ANNA, BEN])
    assert sight.status(zoe, PEOPLE) == {"id": zoe.id, "sees": True, "waiting": [], "declined": [],
                                         "withdrawn": []}


def test_a_person_who_sits_down_without_agreeing_stops_it():
    sight, zoe = asked()
    sight.answer(ANNA, zoe, True)
    assert sight.sees(zoe, [ANNA])
    assert not sight.sees(zoe, [ANNA, BEN])


def test_a_no_after_a_yes_is_a_withdrawal_and_said_so():
    sight, zoe = asked()
    sight.answer(ANNA, zoe, False)
    sight.answer(BEN, zoe, True)
    sight.answer(BEN, zoe, False)
    assert zoe.answers == {ANNA: NO, BEN: WITHDRAWN}
    status = sight.status(zoe, PEOPLE)
    assert status["declined"] == ["Anna"] and status["withdrawn"] == ["Ben"] and not status["sees"]


def test_withdrawing_ends_every_yes_of_that_person_only():
    sight, zoe = asked()
    max_ = sight.ask("max-hash", "Max")
    for watch in (zoe, max_):
        sight.answer(ANNA, watch, True)
        sight.answer(BEN, watch, True)
    assert sight.withdraw_all(ANNA)
    assert not sight.sees(zoe, [ANNA, BEN]) and not sight.sees(max_, [ANNA, BEN])
    assert sight.answer_of(zoe, BEN) == YES
    assert not sight.withdraw_all(ANNA), "nothing left to withdraw"


def test_the_preference_answers_for_all():
    sight, zoe = asked((ANNA, ALWAYS), (BEN, NEVER))
    assert sight.answer_of(zoe, ANNA) == YES and sight.answer_of(zoe, BEN) == NO
    assert sight.answer_of(zoe, "cleo-hash") is None  # ask me: not answered yet


def test_always_allows_where_one_said_no_and_never_withdraws_a_yes():
    sight, zoe = asked()
    sight.answer(ANNA, zoe, False)
    sight.set_pref(ANNA, ALWAYS)
    assert sight.answer_of(zoe, ANNA) == YES
    sight.set_pref(ANNA, NEVER)
    assert sight.answer_of(zoe, ANNA) == WITHDRAWN
    later = sight.ask("max-hash", "Max")
    assert sight.answer_of(later, ANNA) == NO


def test_back_to_ask_me_keeps_the_answers_as_they_stand():
    sight, zoe = asked((ANNA, ALWAYS))
    sight.set_pref(ANNA, ASK)
    assert sight.answer_of(zoe, ANNA) == YES, "an earlier yes stays until withdrawn"
    assert sight.answer_of(sight.ask("max-hash", "Max"), ANNA) is None, "a new ask is asked"
    assert ANNA not in sight.prefs


def test_asking_again_forgets_the_answers():
    sight, zoe = asked()
    sight.answer(ANNA, zoe, False)
    again = sight.ask("zoe-hash", "Zoe")
    assert again.id != zoe.id and sight.answer_of(again, ANNA) is None


def test_people_who_left_are_forgotten():
    sight, zoe = asked((BEN, ALWAYS))
    sight.answer(ANNA, zoe, True)
    sight.keep_only({BEN})
    assert zoe.answers == {} and sight.prefs == {BEN: ALWAYS}


def test_asks_and_answers_survive_a_dump():
    sight, zoe = asked((BEN, NEVER))
    sight.answer(ANNA, zoe, True)
    again = HandSight(sight.dump())
    kept = again.watch_of("zoe-hash")
    assert (kept.id, kept.name, kept.answers) == (zoe.id, "Zoe", {ANNA: YES})
    assert again.prefs == {BEN: NEVER} and again.seq == sight.seq
    assert again.by_id(zoe.id) is kept and again.watch_of(None) is None


def test_the_number_of_asks_is_bounded():
    sight = HandSight()
    for i in range(ASKS_MAX):
        sight.ask(f"watcher-{i}", f"W{i}")
    with pytest.raises(Refused) as refused:
        sight.ask("one-more", "X")
    assert refused.value.code == "hands_full"
    sight.ask("watcher-0", "W0")  # asking again is no new ask
