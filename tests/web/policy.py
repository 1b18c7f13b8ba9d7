"""A deterministic way to play a whole round from the seats' own views.

The socket tests and the browser tests both use it: each seat decides only
from its view (as a bot or a person would); the table's first change in each
round to a situation where a seat may bomb out of turn is taken, so rounds
contain bombs; the Mah Jong always wishes; seat 3 calls Grand Tichu when it
may and seat 0 calls Tichu during the exchange.
"""

from __future__ import annotations

from app.bots import GreedyBot

WISH = "7"


def seat_decision(view: dict, bombed: bool) -> dict | None:
    """The action `view`'s seat takes now, or None."""
    legal = view["legal"]
    seat = view["viewer"]
    if legal is None:
        return None
    if legal["grand"]:
        return {"act": "grand", "call": bool(seat == 3 and legal["grand_call"])}
    if legal["tichu"] and seat == 0 and view["phase"] == "exchange":
        return {"act": "tichu"}
    if legal["bombs"] and not bombed:
        play = legal["bombs"][0]
        return {"act": "play", "cards": play["cards"]}
    action = GreedyBot(seat).decide(view)
    if action and action["act"] == "play" and "Mj" in action["cards"].split():
        action["wish"] = WISH
    return action


def next_action(views: list[dict], bombed: bool) -> tuple[int, dict] | None:
    """Which seat acts next and how: out-of-turn bombs first, then seats in order."""
    if not bombed:
        for seat, view in enumerate(views):
            legal = view["legal"]
            if legal and legal["bombs"]:
                return seat, seat_decision(view, bombed)
    for seat, view in enumerate(views):
        action = seat_decision(view, bombed=True)
        if action is not None:
            return seat, action
    return None
