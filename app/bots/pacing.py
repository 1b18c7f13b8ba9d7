"""How long a table lets a bot's answer wait before applying it, so people can follow the play.

The web table asks a bot (`decide(view)`) after every change and applies the
answer after `pause_for(action, pause)` seconds; `pause` is the table's setting
(the host may choose it; `DEFAULT_PAUSE` otherwise). Plays get the whole pause,
passes and decisions that nobody watches closely get less, nothing waits for
a bot that has nothing to do. Arenas and tests apply answers at once.
"""

from __future__ import annotations

#: Seconds a bot's play waits at a table with people, unless the table says otherwise.
DEFAULT_PAUSE = 1.0
#: The range a host may choose from.
MIN_PAUSE, MAX_PAUSE = 0.0, 5.0

_SHARE = {"play": 1.0, "gift": 0.8, "pass": 0.5, "tichu": 0.3, "exchange": 0.3, "grand": 0.3}


def pause_for(action: dict | None, pause: float = DEFAULT_PAUSE) -> float:
    """Seconds to wait before applying `action` (0 for None)."""
    if not action:
        return 0.0
    pause = min(MAX_PAUSE, max(MIN_PAUSE, float(pause)))
    return pause * _SHARE.get(action.get("act"), 1.0)
