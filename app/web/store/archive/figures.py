"""Figures counted once and read many times: a player's statistics, a club's standings.

Counting a heavy player's statistics reads every row of theirs (thousands); asking for them
should not. So the counted document is kept (table `figures`) with how many rows it was
counted from, and dropped in the same transaction as any change to those rows (a game's
results, a membership, forgetting a player); the next ask, or the archiver right after it
archives a game, counts it again. A document counted from fewer rows never replaces one
counted from more, so a slow count that lost a race does not undo a newer one.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ..base import json_text

PLAYER, CLUB = "player", "club"


def kept(archive, kind: str, key: str, count: Callable[[], int], compute: Callable[[], dict]) -> dict:
    """The figures of `kind` for `key` in `archive` (an Archive: base.py, which imports this
    module): as kept, else counted now (and kept)."""
    rows = archive._query("SELECT doc FROM figures WHERE kind = ? AND id = ?", (kind, key))
    if rows:
        return json.loads(rows[0][0])
    return recount(archive, kind, key, count, compute)


def recount(archive, kind: str, key: str, count: Callable[[], int], compute: Callable[[], dict]) -> dict:
    """Count the figures again from the rows and keep them."""
    counted = count()
    doc = compute()
    if not counted:
        return doc  # nothing to count from: nothing kept (a forgotten player's id stays out)
    archive._execute([(
        "INSERT INTO figures (kind, id, rows_counted, doc) VALUES (?, ?, ?, ?) ON CONFLICT (kind, id)"
        " DO UPDATE SET rows_counted = excluded.rows_counted, doc = excluded.doc"
        " WHERE figures.rows_counted <= excluded.rows_counted",
        (kind, key, counted, json_text(doc)))])
    return doc


def dropped(kind: str, key: str) -> tuple[str, tuple]:
    """The statement dropping kept figures (they are counted again when next asked for)."""
    return ("DELETE FROM figures WHERE kind = ? AND id = ?", (kind, key))


def dropped_for_game(code: str, game: int) -> list[tuple[str, tuple]]:
    """Statements dropping the figures of the players and club of a game's results as kept
    (before those results are replaced)."""
    return [("DELETE FROM figures WHERE kind = ? AND id IN"
             " (SELECT player FROM seat_results WHERE code = ? AND game = ? AND player IS NOT NULL)",
             (PLAYER, code, int(game))),
            ("DELETE FROM figures WHERE kind = ? AND id IN"
             " (SELECT club FROM seat_results WHERE code = ? AND game = ? AND club IS NOT NULL)",
             (CLUB, code, int(game)))]
