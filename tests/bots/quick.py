"""Bot options for tests about rules and legality, not strength.

Hard bounded by deal counts, never by time: each of its searches (the play, the calls, the
exchange) runs to the end of two deals, so it takes its own decisions (not Normal's
fallback of a search cut short), the same on a busy machine as on a quiet one, and quickly.
"""

from __future__ import annotations

import random

from app.bots import LEVELS

#: Options per level (levels not named take none).
QUICK = {"hard": {"budget_ms": 60_000, "max_worlds": 2, "call_budget_ms": 60_000, "call_worlds": 2,
                  "exchange_worlds": 2}}


def quick_bot(level: str, seat: int, rng: random.Random | None = None):
    """The bot of `level` at `seat` with the options above."""
    return LEVELS[level](seat, rng=rng, **QUICK.get(level, {}))
