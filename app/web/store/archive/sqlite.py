"""The archive in SQLite: by default in the live tables' own database file, in tables of
its own, on a connection of its own (WAL lets it write beside the live store)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from . import schema
from .base import Archive, StoreUnavailable


class SQLiteArchive(Archive):
    kind = "sqlite"

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout = 5000")
        self._db.execute("PRAGMA journal_mode = WAL")
        self.migrate()

    def migrate(self) -> list[int]:
        """Apply the schema's missing steps (each in its own transaction); their numbers."""
        done = []
        with self._lock:
            self._db.execute(schema.CREATE_VERSIONS)
            while True:
                self._db.execute("BEGIN IMMEDIATE")  # one migrating process at a time
                try:
                    applied = {r[0] for r in self._db.execute("SELECT step FROM archive_schema")}
                    steps = schema.missing(applied)
                    if not steps:
                        self._db.execute("COMMIT")
                        return done
                    number, what, statements = steps[0]
                    for sql in statements:
                        self._db.execute(sql)
                    self._db.execute("INSERT INTO archive_schema VALUES (?, ?, ?)",
                                     (number, what, time.time()))
                    self._db.execute("COMMIT")
                    done.append(number)
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise

    def _execute(self, statements: list[tuple[str, tuple]]) -> None:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for sql, params in statements:
                        self._db.execute(sql, params)
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"archive (SQLite): {exc}") from None

    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"archive (SQLite): {exc}") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()
