"""What a bot would do in a seat's place, named as that bot's: the hint's suggestion.

The bot is given exactly the seat's view (never more: it sees what the player sees) and
decides as it would at the table; its answer is made structured data for `words.say`:
{"kind": "suggestion", "bot", "seat", "act", ...} with, for a play, the play as the facts
read it (`play_fact`: whether anybody can beat it), for the exchange the cards to each
seat, for the Dragon's gift the seat given to, for calls whether it calls; under `reasons`
what the bot itself weighed (`reasons.py`). It is a suggestion, not a fact: the words say
whose it is.
"""

from __future__ import annotations

import random

from app.bots import LEVELS
from app.bots.base import hand_views

from .facts import play_fact, who
from .position import position_of
from .reasons import bot_reasons


def suggest(view: dict, level: str = "hard", seed=0, **options) -> dict | None:
    """The bot `level`'s decision for the view's player (or the seat it acts for), or None
    when it would do nothing now. `options` go to the bot (the Hard bot's `budget_ms`)."""
    viewer = view.get("viewer")
    if viewer is None or view.get("legal") is None or level not in LEVELS:
        return None
    bot = LEVELS[level](viewer, rng=random.Random(seed), **options)
    decision = bot.decide_explained(view)
    action = decision.action
    if action is None and decision.call is not None:
        action = {"act": "no_call"}  # it weighed a Tichu call and has nothing else to do now
    if not isinstance(action, dict) or "act" not in action:
        return None
    seat = action.get("seat", viewer)
    pos = position_of(view, seat)
    if pos is None:
        return None
    asker = position_of(view) or pos  # the seat as the asking player knows it ("table": the Trichu Table)
    out = {"kind": "suggestion", "bot": level, "seat": who(asker, seat), "act": action["act"],
           "teams": view["geometry"]["teams"] is not None, "ruleset": view["ruleset"]}
    if action["act"] == "play":
        out["fact"] = play_fact(view, action["cards"], seat=seat, phoenix=action.get("phoenix"))
        out["cards"] = action["cards"]
        if action.get("wish") is not None:
            out["wish"] = str(action["wish"])
    elif action["act"] == "grand":
        out["call"] = bool(action.get("call"))
    elif action["act"] == "exchange":
        out["give"] = [{"to": who(pos, int(target)), "cards": cards}
                       for target, cards in sorted(action["give"].items(), key=lambda kv: int(kv[0]))]
    elif action["act"] == "gift":
        out["to"] = who(pos, action["to"])
    out["reasons"] = bot_reasons(view, action, bot.name, decision)
    return out


def seats_played(view: dict) -> list[int]:
    """The seats whose hands the view's player plays (its own; the Table for Trichu's dealer)."""
    return [hv["viewer"] for hv in hand_views(view)]
