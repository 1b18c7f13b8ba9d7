"""A lesson table: the guided first game ("Learn to play") is a stored table like any other,
with `extra["lesson"]` naming its script (app/coach/lesson/).

What makes it a lesson, all read from that one stored field: its first game is dealt the
script's hands (also when its log is replayed after a restart, so it resumes at the same
step); its bots are the script's (`LessonBot`, level "lesson"); the learner's moves are
checked against the step before the engine sees them (a wrong one is refused in words,
changing nothing); nobody stands in for the learner who leaves; and the learner's
document carries the lesson's step (`doc["lesson"]`, built from the learner's view only).
"""

from __future__ import annotations

from app.coach.lesson import FIRST_GAME, check, lesson_deal, lesson_doc
from app.coach.lesson.script import LESSONS, Lesson

from ..errors import Refused
from .bot_seats import LESSON as LESSON_BOT

__all__ = ["FIRST_GAME", "lesson_of", "deal_for", "check_move", "lesson_part", "set_up"]


def lesson_of(table) -> Lesson | None:
    """The table's lesson script, or None for an ordinary table."""
    extra = table.extra.get("lesson")
    return LESSONS.get(extra.get("id")) if isinstance(extra, dict) else None


def deal_for(table, number: int):
    """The deal of the table's game `number`: the lesson's for its first game, else None (the
    seeded deal)."""
    lesson = lesson_of(table)
    if lesson is None or number != 0:
        return None
    return lesson_deal(lesson, table.game_seed(number))


def check_move(table, seat: int, action) -> None:
    """Refused, in words, unless the learner's `action` is what the lesson's step asks for
    (or the lesson asks nothing now). Other seats and ordinary tables pass unchecked."""
    lesson = lesson_of(table)
    if lesson is None or seat != lesson.seat or table.game is None or table.game_no != 1:
        return
    wrong = check(lesson, table.view(seat), action)
    if wrong is not None:
        raise Refused(*wrong)


def lesson_part(table, seat: int | None) -> dict | None:
    """The lesson as the learner's page shows it (None for anybody else)."""
    lesson = lesson_of(table)
    if lesson is None or seat != lesson.seat or table.game is None or table.game_no != 1:
        return None
    return lesson_doc(lesson, table.view(seat))


def set_up(table, learner_hash: str, name: str, player: str | None = None) -> None:
    """Make a new table the lesson: the learner (`player`: their player id, where known) at the
    script's seat, its bots named, the game started on the lesson's deal (lock held)."""
    lesson = FIRST_GAME
    table.extra = {**table.extra, "lesson": {"id": lesson.id}}
    table.start_for_one(lesson.seat, name, learner_hash, dict.fromkeys(lesson.names, LESSON_BOT),
                        bot_names=lesson.names, player=player)
