"""Who held each seat in each round of a table's game: what players' statistics count.

A round counts for the person whose seat it was when the round ended (a stand-in bot
playing for a person who is away plays that person's seat); a bot's seat counts for no
person, and is named by its level. Kept with the table (its `extra`, so a restart or
another process keeps it) for the last few games only: the archive copies an ended game
within a minute (live/archiving.py) and keeps its holders with its results from then on.
"""

from __future__ import annotations

KEPT_GAMES = 3  # far more than the archive needs: it copies an ended game at its next sweep


def holder(seat) -> list:
    """[player id, name, bot level] of a seat: a person's id (None where their browser sent
    no key) and name, or a bot's level."""
    if seat.owner is not None:
        return [seat.player, seat.name, None]
    return [None, None, seat.bot]


def noted(lineups: dict, number: int, game, seats: list, dummy: int | None, now: float) -> dict:
    """`lineups` ({game number as text: {"rounds": [holders per seat, per round], "ended"}})
    with the rounds of game `number` that are over noted, and its end once it is over. The
    same dict where nothing changed, else a new one (the stored meta shares the old one)."""
    key = str(number)
    entry = lineups.get(key) or {"rounds": []}
    over = len(game.results())
    if len(entry["rounds"]) >= over and (not game.over or "ended" in entry):
        return lineups
    holders = [None if i == dummy else holder(seat) for i, seat in enumerate(seats)]
    changed = {"rounds": entry["rounds"] + [holders] * (over - len(entry["rounds"]))}
    if game.over:
        changed["ended"] = entry.get("ended", now)
    kept = {k: v for k, v in lineups.items() if int(k) > number - KEPT_GAMES}
    return {**kept, key: changed}
