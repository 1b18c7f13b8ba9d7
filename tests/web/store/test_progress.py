"""A player's progress with the coach (store/archive/progress.py) on SQLite and PostgreSQL:
reviewed rounds counted once, flagged decisions grouped by kind, the trend ten rounds a
point, lessons done, and forgetting."""

from __future__ import annotations

from app.web.store.archive.players import PlayerRecords
from app.web.store.archive.progress import TREND_ROUNDS, CoachProgress

ANNA = "a" * 64
NOW = 1_800_000_000.0
KINDS = {"tichu": 1, "lead": 3, "follow": 5}  # decisions compared in a round, by kind


def review(flags: list[str], kinds: dict) -> dict:
    return {"decisions": sum(kinds.values()), "kinds": kinds, "flags": [{"kind": k} for k in flags]}


def test_reviews_are_counted_by_group_and_once_per_round(archive):
    progress = CoachProgress(archive)
    for r in range(12):
        flags = ["tichu", "lead"] if r < TREND_ROUNDS else []
        progress.note_review(ANNA, "AAAAA", 0, r, 0, review(flags, KINDS), NOW + r)
    progress.note_review(ANNA, "AAAAA", 0, 0, 0, review(["tichu", "lead"], KINDS), NOW + 99)  # asked again
    seen = progress.progress(ANNA)
    assert seen["rounds"] == 12 and seen["flagged"] == 2 * TREND_ROUNDS
    assert seen["groups"]["calls"] == {"decisions": 12, "flagged": TREND_ROUNDS}
    assert seen["groups"]["leads"] == {"decisions": 36, "flagged": TREND_ROUNDS}
    assert seen["groups"]["follows"] == {"decisions": 60, "flagged": 0}
    assert [(p["first"], p["rounds"], p["flagged_per_round"]) for p in seen["trend"]] == [
        (1, TREND_ROUNDS, 2.0), (TREND_ROUNDS + 1, 2, 0.0)]
    assert CoachProgress(archive).progress("b" * 64)["rounds"] == 0


def test_a_lesson_is_done_once_and_forgetting_removes_the_progress(archive):
    progress = CoachProgress(archive)
    progress.note_lesson(ANNA, "first-game", NOW)
    progress.note_lesson(ANNA, "first-game", NOW + 5)
    progress.note_review(ANNA, "AAAAA", 0, 0, 0, review(["bomb"], {"bomb": 1}), NOW)
    assert progress.progress(ANNA)["lessons"] == [{"lesson": "first-game", "done": NOW}]
    PlayerRecords(archive).forget(ANNA, NOW)
    groups = ("calls", "exchange", "leads", "follows", "bombs", "gifts")
    assert progress.progress(ANNA) == {"lessons": [], "rounds": 0, "flagged": 0, "trend": [],
                                       "groups": {g: {"decisions": 0, "flagged": 0} for g in groups}}
