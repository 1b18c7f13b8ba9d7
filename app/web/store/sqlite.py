"""The embedded default: every table in one SQLite database file (WAL mode).

Durability: each commit is one transaction (`BEGIN IMMEDIATE` ... `COMMIT`)
that returns only once SQLite has written it to the write-ahead log.

- `synchronous=NORMAL` (the default): the commit has been written to the log
  file (in the OS's page cache) when it returns, so an acknowledged change
  survives `kill -9` or any crash of the server process. A power loss or an
  OS crash may lose the last changes (the log is fsync'd at checkpoints); the
  database stays consistent, at an earlier version.
- `synchronous=FULL` (`TICHU_SQLITE_SYNC=full`): the log is fsync'd at every
  commit, so an acknowledged change survives a power loss too, as far as the
  disk honours fsync. It costs one fsync per accepted change, measured here
  (a shared virtual disk) at 9.7 ms on average and 163 ms at p99 against
  1.1 ms / 38 ms with NORMAL; as commits are serialised, that caps a process
  near 100 changes per second.

One connection, used under a lock: writes are serialised by SQLite anyway,
and each is short (a row update and a few small inserts).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from contextlib import contextmanager
from itertools import groupby
from pathlib import Path

from .base import Change, StoredTable, StoreUnavailable, TableInfo, TableStore, VersionConflict, json_text
from .wal_checkpoints import BACKSTOP_PAGES, WalCheckpointer
from .wal_checkpoints import INTERVAL as CHECKPOINT_SECONDS

log = logging.getLogger(__name__)

FILE_NAME = "tables.sqlite3"
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    updated REAL NOT NULL,
    listed INTEGER NOT NULL,
    meta TEXT NOT NULL,
    summary TEXT NOT NULL,
    damaged TEXT
);
CREATE INDEX IF NOT EXISTS tables_by_update ON tables (updated);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    game INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
SYNC_MODES = ("full", "normal", "extra")


class _RolledBack(Exception):
    """Ends the readiness check's transaction without keeping its write."""


class SQLiteStore(TableStore):
    kind = "sqlite"

    def __init__(self, path: str | Path, *, synchronous: str = "normal", max_pages: int | None = None,
                 checkpoint_seconds: float = CHECKPOINT_SECONDS):
        """`path`: the database file (made with its folder if missing). `max_pages`: a size
        limit in pages (for tests of a full disk). `checkpoint_seconds`: how often the
        write-ahead log is copied into the database (wal_checkpoints.py)."""
        if synchronous not in SYNC_MODES:
            raise ValueError(f"synchronous is one of {', '.join(SYNC_MODES)}")
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        # code -> (version, game, next seq): where the action log of a table this store committed
        # last goes on, so a commit needs no query for it (valid only at that version).
        self._log_end: dict[str, tuple[int, int, int]] = {}
        self._checkpointer = None
        # Autocommit mode: transactions are begun and ended explicitly below.
        self._db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout = 5000")  # another process with the file open
        self._db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        if max_pages is not None:
            self._db.execute(f"PRAGMA max_page_count = {int(max_pages)}")
        try:
            mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode.lower() != "wal":
                log.warning("SQLite at %s runs in journal mode %s, not WAL", self.path, mode)
            self._db.executescript(SCHEMA)
            self._db.execute("INSERT OR IGNORE INTO store_info VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            if mode.lower() == "wal":  # checkpoints off the commits' path (wal_checkpoints.py)
                self._db.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")
                self._checkpointer = WalCheckpointer(self.path, checkpoint_seconds)
        except sqlite3.OperationalError as exc:
            if not self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables'").fetchone():
                raise
            # A read-only disk: tables can be shown, every change is refused until it is writable.
            log.error("the database %s cannot be written (%s): every change will be refused", self.path, exc)

    # -- the contract --------------------------------------------------------------------------

    def commit(self, code: str, expected: int, change: Change) -> None:
        meta = None if change.meta is None else json_text(change.meta)
        summary = None if change.summary is None else json_text(change.summary)
        actions = [(game, json_text(action)) for game, action in change.actions]
        with self._lock:
            db = self._db
            # Where this table's log goes on, as this store's last commit of it left it.
            known = self._log_end.pop(code, None)
            if known is not None and known[0] != expected:
                known = None
            with self._transaction("BEGIN IMMEDIATE", f"cannot write table {code}"):
                if expected == 0:
                    row = db.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
                    if row is not None:
                        raise VersionConflict(code, expected, row[0])
                    db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, NULL)",
                               (code, change.version, change.updated, int(bool(change.listed)),
                                meta or "{}", summary or "{}"))
                else:
                    # The version check and the update in one statement: it updates nothing
                    # unless the stored version is the expected one.
                    updated = db.execute(
                        "UPDATE tables SET version = ?, updated = ?, listed = ?, meta = COALESCE(?, meta), "
                        "summary = COALESCE(?, summary) WHERE code = ? AND version = ?",
                        (change.version, change.updated, int(bool(change.listed)), meta, summary, code,
                         expected)).rowcount
                    if updated != 1:
                        row = db.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
                        raise VersionConflict(code, expected, row[0] if row else 0)
                end = known[1:] if known is not None else None  # (game, its next seq)
                for game, items in groupby(actions, key=lambda item: item[0]):
                    if end is not None and end[0] == game:
                        start = end[1]
                    else:
                        start = db.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions "
                                           "WHERE code = ? AND game = ?", (code, game)).fetchone()[0]
                    rows = [(code, game, start + i, text) for i, (_, text) in enumerate(items)]
                    db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)", rows)
                    end = (game, start + len(rows))
            if end is not None:
                self._log_end[code] = (change.version, *end)

    def load(self, code: str) -> StoredTable | None:
        with self._lock:
            # One read transaction, so the row and its log belong together.
            with self._transaction("BEGIN", f"cannot read table {code}"):
                row = self._db.execute("SELECT version, updated, listed, meta, summary, damaged FROM tables "
                                       "WHERE code = ?", (code,)).fetchone()
                game = actions = None
                if row is not None:
                    game = self._db.execute("SELECT MAX(game) FROM actions WHERE code = ?",
                                            (code,)).fetchone()[0]
                    actions = [] if game is None else self._actions(code, game)
        if row is None:
            return None
        version, updated, listed, meta, summary, damaged = row
        return StoredTable(code, version, updated, bool(listed), json.loads(meta), json.loads(summary),
                           game, [json.loads(a) for a in actions], damaged)

    def game_actions(self, code: str, game: int) -> list[dict]:
        with self._lock:
            try:
                actions = self._actions(code, game)
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"cannot read table {code}: {exc}") from None
        return [json.loads(a) for a in actions]

    def version(self, code: str) -> int:
        with self._lock:
            try:
                row = self._db.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"cannot read table {code}: {exc}") from None
        return row[0] if row else 0

    def list_tables(self, *, listed_only: bool = False, limit: int | None = None) -> list[TableInfo]:
        sql = "SELECT code, version, updated, listed, summary, damaged FROM tables"
        if listed_only:
            sql += " WHERE listed = 1"
        sql += " ORDER BY updated DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._lock:
            try:
                rows = self._db.execute(sql).fetchall()
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"cannot list tables: {exc}") from None
        return [TableInfo(code, version, updated, bool(listed), json.loads(summary), damaged)
                for code, version, updated, listed, summary, damaged in rows]

    def mark_damaged(self, code: str, reason: str) -> None:
        self._write("UPDATE tables SET damaged = ? WHERE code = ?", (str(reason), code))

    def delete(self, code: str) -> None:
        with self._lock:
            self._log_end.pop(code, None)
            with self._transaction("BEGIN IMMEDIATE", f"cannot delete table {code}"):
                self._db.execute("DELETE FROM actions WHERE code = ?", (code,))
                self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def drop_game(self, code: str, game: int) -> None:
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE", f"cannot drop a game of table {code}"):
                self._db.execute("DELETE FROM actions WHERE code = ? AND game = ? AND game <"
                                 " (SELECT MAX(game) FROM actions WHERE code = ?)", (code, int(game), code))

    def delete_if(self, code: str, version: int) -> bool:
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE", f"cannot delete table {code}"):
                row = self._db.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
                if row is None or row[0] != version:
                    return False
                self._log_end.pop(code, None)
                self._db.execute("DELETE FROM actions WHERE code = ?", (code,))
                self._db.execute("DELETE FROM tables WHERE code = ?", (code,))
        return True

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.stop()
        with self._lock:
            self._db.close()

    # -- this store's own ----------------------------------------------------------------------

    def check_writable(self) -> None:
        """A write in a transaction, rolled back: StoreUnavailable if the database cannot take
        one now (read-only, full, locked past a second)."""
        with self._lock:
            self._db.execute("PRAGMA busy_timeout = 1000")
            try:
                with self._transaction("BEGIN IMMEDIATE", "cannot write"):
                    self._db.execute("INSERT OR REPLACE INTO store_info VALUES ('ready', '1')")
                    raise _RolledBack
            except _RolledBack:
                pass
            finally:
                self._db.execute("PRAGMA busy_timeout = 5000")

    def info(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM store_info WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_info(self, key: str, value: str) -> None:
        self._write("INSERT OR REPLACE INTO store_info VALUES (?, ?)", (key, value))

    def _actions(self, code: str, game: int) -> list[str]:
        rows = self._db.execute("SELECT action FROM actions WHERE code = ? AND game = ? ORDER BY seq",
                                (code, game)).fetchall()
        return [a for (a,) in rows]

    def _write(self, sql: str, params: tuple) -> None:
        with self._lock:
            try:
                self._db.execute(sql, params)
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"cannot write: {exc}") from None
            finally:
                self._rollback()  # a single statement in autocommit mode: nothing is left open

    @contextmanager
    def _transaction(self, begin: str, what: str):
        """One transaction (the caller holds the store's lock), rolled back on any error at
        all, so no failure can leave one open for the next change to trip over; a database
        error becomes StoreUnavailable, anything else goes on as it is."""
        try:
            self._db.execute(begin)
            yield
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise StoreUnavailable(f"{what}: {exc}") from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self):
        try:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the transaction is gone with the error; nothing of it was written
