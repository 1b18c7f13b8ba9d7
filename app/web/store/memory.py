"""A store in this process's memory: for tests and `TICHU_PERSIST=0` (nothing survives a restart).

It keeps the documents as JSON text, so callers get copies and anything that
is not JSON fails here as it would in a real store.
"""

from __future__ import annotations

import json
import threading

from .base import Change, StoredTable, TableInfo, TableStore, VersionConflict, json_text


class MemoryStore(TableStore):
    kind = "memory"

    def __init__(self):
        self._lock = threading.Lock()
        self._rows: dict[str, dict] = {}  # code -> version, updated, listed, meta, summary, damaged
        self._logs: dict[str, dict[int, list[str]]] = {}  # code -> game -> actions (JSON text)

    def commit(self, code: str, expected: int, change: Change) -> None:
        meta = None if change.meta is None else json_text(change.meta)
        summary = None if change.summary is None else json_text(change.summary)
        actions = [(game, json_text(action)) for game, action in change.actions]
        with self._lock:
            row = self._rows.get(code)
            actual = row["version"] if row else 0
            if actual != expected:
                raise VersionConflict(code, expected, actual)
            if row is None:
                row = self._rows[code] = {"meta": "{}", "summary": "{}", "damaged": None}
                self._logs[code] = {}
            row.update(version=change.version, updated=change.updated, listed=bool(change.listed))
            if meta is not None:
                row["meta"] = meta
            if summary is not None:
                row["summary"] = summary
            log = self._logs[code]
            for game, text in actions:
                log.setdefault(game, []).append(text)

    def load(self, code: str) -> StoredTable | None:
        with self._lock:
            row = self._rows.get(code)
            if row is None:
                return None
            log = self._logs[code]
            game = max(log) if log else None
            actions = list(log[game]) if game is not None else []
            row = dict(row)
        return StoredTable(code, row["version"], row["updated"], row["listed"], json.loads(row["meta"]),
                           json.loads(row["summary"]), game, [json.loads(a) for a in actions],
                           row["damaged"])

    def game_actions(self, code: str, game: int) -> list[dict]:
        with self._lock:
            actions = list(self._logs.get(code, {}).get(game, ()))
        return [json.loads(a) for a in actions]

    def version(self, code: str) -> int:
        with self._lock:
            row = self._rows.get(code)
            return row["version"] if row else 0

    def list_tables(self, *, listed_only: bool = False, limit: int | None = None) -> list[TableInfo]:
        with self._lock:
            rows = [(code, dict(row)) for code, row in self._rows.items()
                    if row["listed"] or not listed_only]
        rows.sort(key=lambda item: -item[1]["updated"])
        if limit is not None:
            rows = rows[:limit]
        return [TableInfo(code, r["version"], r["updated"], r["listed"], json.loads(r["summary"]),
                          r["damaged"]) for code, r in rows]

    def mark_damaged(self, code: str, reason: str) -> None:
        with self._lock:
            if code in self._rows:
                self._rows[code]["damaged"] = str(reason)

    def delete(self, code: str) -> None:
        with self._lock:
            self._rows.pop(code, None)
            self._logs.pop(code, None)

    def drop_game(self, code: str, game: int) -> None:
        with self._lock:
            log = self._logs.get(code, {})
            if log and game < max(log):
                log.pop(game, None)

    def delete_if(self, code: str, version: int) -> bool:
        with self._lock:
            row = self._rows.get(code)
            if row is None or row["version"] != version:
                return False
            del self._rows[code]
            self._logs.pop(code, None)
            return True
