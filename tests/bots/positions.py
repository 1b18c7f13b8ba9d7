"""Helpers for bot tests: positions built with the engine test helpers, and a bot's answer."""

from __future__ import annotations

from app.bots import LEVELS
from app.bots.normal import NormalBot
from app.engine import view_for

from ..engine.helpers import dealt, gift, mask, pass_, play, show, table  # noqa: F401 (re-exported)


def decide(level: str, game, seat: int, **config) -> dict | None:
    """What a fresh bot of `level` at `seat` answers to the seat's view now.

    The Hard bot searches a few deals here, counted, not timed: tests check what it does, not
    how well."""
    if level == "hard":
        # Counted deals, never the clock: a few per search.
        for name, value in (("budget_ms", 1e7), ("max_worlds", 40), ("seed", 1), ("call_budget_ms", 1e7),
                            ("call_worlds", 24), ("exchange_worlds", 8)):
            config.setdefault(name, value)
    bot = LEVELS[level](seat, **config)
    return bot.decide(view_for(game, seat))


def cards_of(action: dict) -> set[str]:
    return set(action["cards"].split())


class TurnRecorder(NormalBot):
    """Normal, noting the views of its turns."""

    def __init__(self, seat, rng, turns):
        super().__init__(seat, rng)
        self.turns = turns

    def decide(self, view):
        if view["legal"] and view["legal"]["plays"] and not view.get("game_over"):
            self.turns.append(view)
        return super().decide(view)
