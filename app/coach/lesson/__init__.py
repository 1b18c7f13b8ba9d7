"""The guided first game ("Learn to play"): a short deal on fixed hands in which
every lesson happens, as data, and the pure functions that follow it.

- `script.py`: the lesson as data: the deal (each hand, its Grand Tichu eight first), each
  step's text (English message ids; the page translates them), what the player is expected
  to do there, and the bots' actions before it.
- `guide.py`: where a game stands in the script (read from one seat's view alone), whether a
  player's action is the one the step asks for, and `LessonBot`, a bot that plays its seat's
  scripted actions (falling back to a legal move where the script no longer fits).

Pure, like the rest of the coach: it imports the engine and the bots, nothing of the web.
docs/lesson.md describes the lesson and how it is checked.
"""

from .guide import LessonBot, check, lesson_deal, lesson_doc, position
from .script import FIRST_GAME, Lesson, Step

__all__ = ["FIRST_GAME", "Lesson", "LessonBot", "Step", "check", "lesson_deal", "lesson_doc", "position"]
