"""The lobby's list of tables worth joining, read from the store (every table, in memory or not)."""

from __future__ import annotations

import time

from ..store import TableStore
from ..table.table import PLAYING, WAITING

LOBBY_SCAN = 1000  # the most recently updated tables the lobby's list is chosen from
LISTED_IDLE = 1800  # seconds: a table without a change for longer leaves the lobby's list
LOBBY_FRESH = 1.0  # seconds the lobby's list is served from memory


class Lobby:
    def __init__(self, store: TableStore):
        self.store = store
        self._cached: tuple | None = None  # (fresh until, limit, rows)

    def listed(self, limit: int = 50, now: float | None = None) -> list[dict]:
        """Tables worth joining, for the lobby: open tables (free seats, somebody sitting)
        and games being played, each with a change in the last `LISTED_IDLE` seconds; open
        ones first, the most recently active first. Tables nobody sat down at (however many
        one client creates), full or finished ones and quiet ones cannot push real ones out.

        Read from the store again once a line changed, else at most every LOBBY_FRESH seconds
        (every open lobby asks every few seconds). `now` (epoch seconds): as of then, uncached."""
        if now is not None:
            return self._lobby_rows(limit, now)
        fresh = time.monotonic()
        cached = self._cached
        if cached is not None and cached[0] > fresh and cached[1] == limit:
            return cached[2]
        rows = self._lobby_rows(limit, time.time())
        self._cached = (fresh + LOBBY_FRESH, limit, rows)
        return rows

    def changed(self) -> None:
        """A table's lobby line changed: the next list is read anew."""
        self._cached = None

    def _lobby_rows(self, limit: int, now: float) -> list[dict]:
        rows = []
        for info in self.store.list_tables(listed_only=True, limit=LOBBY_SCAN):
            summary = info.summary
            if info.damaged or now - info.updated >= LISTED_IDLE:
                continue
            status = summary.get("status")
            if status == WAITING:
                people = summary.get("people", sum(1 for p in summary.get("players", ())
                                                   if p and not p.startswith("bot (")))
                if not (summary.get("free") and people):
                    continue
            elif status != PLAYING:
                continue
            rows.append({**summary, "updated": info.updated})
        rank = {WAITING: 0, PLAYING: 1}
        rows.sort(key=lambda row: (rank[row["status"]], -row["updated"]))
        return rows[:limit]
