"""The bots a table can seat: the levels on offer, the one chosen by default, and a bot made
for a seat (never failing: a level that cannot be built gives GreedyBot)."""

from __future__ import annotations

import random

from app.bots import LEVELS, GreedyBot
from app.coach.lesson import LessonBot

LESSON = "lesson"  # the scripted seats of a lesson table (lesson.py), never offered in the lobby

BOT_PREFERENCE = ("hard", "normal", "easy", "greedy")  # the best level first


def bot_levels() -> list[str]:
    """The bot levels available now (read each time: levels are added as bots improve)."""
    return list(LEVELS)


def default_level() -> str:
    levels = bot_levels()
    for level in BOT_PREFERENCE:
        if level in levels:
            return level
    return levels[-1]


def make_bot(level: str, seat: int, rng: random.Random):
    cls = LessonBot if level == LESSON else LEVELS.get(level, GreedyBot)
    try:
        return cls(seat, rng=rng)
    except Exception:  # a bot that cannot be built must not stop the table
        return GreedyBot(seat, rng=rng)
