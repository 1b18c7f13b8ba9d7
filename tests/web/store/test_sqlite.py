"""The SQLite store's own promises: one WAL database, durable commits, failures that change nothing."""

from __future__ import annotations

import shutil
import sqlite3
import time

import pytest

from app.web.store import Change, StoreUnavailable, VersionConflict
from app.web.store.sqlite import SQLiteStore
from app.web.store.wal_checkpoints import BACKSTOP_PAGES


def change(version, **fields):
    return Change(version, float(version), True, fields.get("meta"), fields.get("summary"),
                  fields.get("actions", ()))


def test_one_database_in_wal_mode(tmp_path):
    store = SQLiteStore(tmp_path / "data" / "tables.sqlite3")
    try:
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    finally:
        store.close()
    full = SQLiteStore(tmp_path / "data" / "tables.sqlite3", synchronous="full")
    try:
        assert full._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        full.close()
    with pytest.raises(ValueError):
        SQLiteStore(tmp_path / "x.sqlite3", synchronous="off")


def test_the_log_reaches_the_database_file_by_a_thread_of_its_own(tmp_path):
    """Commits leave the checkpoint to the store's thread (wal_checkpoints.py): the database
    file alone, without its write-ahead log, soon holds every commit."""
    path = tmp_path / "tables.sqlite3"
    store = SQLiteStore(path, checkpoint_seconds=0.02)
    try:
        assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == BACKSTOP_PAGES
        store.commit("ABCDE", 0, change(1, meta={}, summary={}))
        for version in range(2, 40):
            store.commit("ABCDE", version - 1, change(version, actions=[(0, {"a": version})]))
        done = store._checkpointer.checkpoints
        deadline = time.monotonic() + 10
        while store._checkpointer.checkpoints < done + 2:  # one begun wholly after the last commit
            assert time.monotonic() < deadline, "no checkpoint"
            time.sleep(0.01)
        shutil.copy(path, tmp_path / "file_alone.sqlite3")  # no -wal beside the copy
        alone = sqlite3.connect(tmp_path / "file_alone.sqlite3")
        try:
            assert alone.execute("SELECT version FROM tables WHERE code = 'ABCDE'").fetchone() == (39,)
            assert alone.execute("SELECT COUNT(*) FROM actions").fetchone() == (38,)
        finally:
            alone.close()
    finally:
        store.close()
    assert not store._checkpointer.running  # close() ended the thread


def test_what_was_committed_is_there_after_reopening(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = SQLiteStore(path)
    store.commit("ABCDE", 0, change(1, meta={"m": 1}, summary={"s": 1}, actions=[(0, {"a": 0})]))
    store.commit("ABCDE", 1, change(2, actions=[(0, {"a": 1})]))
    store.close()
    again = SQLiteStore(path)
    try:
        got = again.load("ABCDE")
        assert got.version == 2 and got.meta == {"m": 1} and got.actions == [{"a": 0}, {"a": 1}]
    finally:
        again.close()


def test_a_full_disk_refuses_the_write_and_keeps_what_was_there(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = SQLiteStore(path)
    store.commit("ABCDE", 0, change(1, meta={"m": 1}, summary={}, actions=[(0, {"a": 0})]))
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # the file may not grow any more
    big = {"blob": "x" * 20_000}
    with pytest.raises(StoreUnavailable, match="full"):
        store.commit("ABCDE", 1, change(2, meta=big, actions=[(0, {"a": 1})]))
    got = store.load("ABCDE")
    assert got.version == 1 and got.meta == {"m": 1} and got.actions == [{"a": 0}]
    store._db.execute("PRAGMA max_page_count = 1000000")  # space again: the same write goes through
    store.commit("ABCDE", 1, change(2, meta=big, actions=[(0, {"a": 1})]))
    store.close()
    again = SQLiteStore(path)
    try:
        assert again.load("ABCDE").actions == [{"a": 0}, {"a": 1}]
    finally:
        again.close()


def test_a_read_only_database_refuses_the_write_and_keeps_what_was_there(tmp_path):
    store = SQLiteStore(tmp_path / "tables.sqlite3")
    try:
        store.commit("ABCDE", 0, change(1, meta={"m": 1}, summary={}))
        store._db.execute("PRAGMA query_only = ON")  # as a read-only file or mount answers writes
        for attempt in (lambda: store.commit("ABCDE", 1, change(2, actions=[(0, {"a": 1})])),
                        lambda: store.commit("NEWER", 0, change(1, meta={}, summary={})),
                        lambda: store.mark_damaged("ABCDE", "x"),
                        lambda: store.delete("ABCDE")):
            with pytest.raises(StoreUnavailable, match="readonly|read-only|query_only"):
                attempt()
        got = store.load("ABCDE")
        assert got.version == 1 and got.actions == [] and got.damaged is None
        assert store.load("NEWER") is None
    finally:
        store.close()


def test_a_database_that_is_not_one_is_refused_at_start(tmp_path):
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        SQLiteStore(path)
    assert path.read_bytes().startswith(b"this is not a database")  # left for the operator


def test_two_stores_on_one_file_keep_every_log_whole(tmp_path):
    """A store remembers where a table's log goes on after its own commit; a commit by another
    process (another store on the file) moves the version, so that memory is not used then."""
    path = tmp_path / "tables.sqlite3"
    a, b = SQLiteStore(path), SQLiteStore(path)
    try:
        a.commit("ABCDE", 0, change(1, meta={"m": 1}, summary={}, actions=[(0, {"n": 0})]))
        version, n = 1, 1
        for store in (a, a, b, a, b, b, a):  # a third commit of a follows b's: b moved the log on
            store.commit("ABCDE", version, change(version + 1, actions=[(0, {"n": n}), (0, {"n": n + 1})]))
            version, n = version + 1, n + 2
        a.commit("ABCDE", version, change(version + 1))  # no actions: the log stays where it was
        b.commit("ABCDE", version + 1, change(version + 2, actions=[(1, {"n": 0})]))  # the next game
        a.commit("ABCDE", version + 2, change(version + 3, actions=[(1, {"n": 1})]))
        assert [x["n"] for x in a.game_actions("ABCDE", 0)] == list(range(n))
        assert [x["n"] for x in b.game_actions("ABCDE", 1)] == [0, 1]
        with pytest.raises(VersionConflict):
            b.commit("ABCDE", version + 2, change(version + 3, actions=[(1, {"n": 9})]))
        assert [x["n"] for x in a.game_actions("ABCDE", 1)] == [0, 1]
        a.delete("ABCDE")
        a.commit("ABCDE", 0, change(1, meta={}, summary={}, actions=[(0, {"n": 0})]))
        assert [x["n"] for x in b.game_actions("ABCDE", 0)] == [0]
    finally:
        a.close()
        b.close()


def test_any_error_inside_a_commit_leaves_no_transaction_open(tmp_path):
    # Not a database error: something that fails once the transaction has begun (here a
    # code that sqlite3 cannot encode). It is raised as it is, and the next change goes
    # through instead of finding a transaction still open.
    store = SQLiteStore(tmp_path / "t.sqlite3")
    store.commit("ABCDE", 0, Change(1, 1.0, True, {"a": 1}, {"s": 1}, ()))
    with pytest.raises(UnicodeEncodeError):
        store.commit("AB\ud83d", 0, Change(1, 1.0, True, {"a": 2}, {"s": 2}, ()))
    assert not store._db.in_transaction
    store.commit("ABCDE", 1, Change(2, 2.0, True, {"a": 2}, {"s": 2}, [(0, {"act": "pass"})]))
    assert store.load("ABCDE").meta == {"a": 2} and store.version("ABCDE") == 2
    store.close()
