"""The archive (app/web/store/archive), the same checks for SQLite and PostgreSQL: what is
put is read back whole, putting it again leaves it once, and the schema migrates itself."""

from __future__ import annotations

import sqlite3

import pytest

from app.web.store.archive import ArchivedTable, schema
from app.web.store.archive.sqlite import SQLiteArchive

META = {"format": "x", "name": "Friday ☕ <b>", "seats": [{"name": "Anna"}], "game_no": 2, "finished": 1}
SUMMARY = {"code": "ABCDE", "status": "over"}


def table(version=7, **fields) -> ArchivedTable:
    return ArchivedTable("ABCDE", version, fields.get("updated", 1000.5), True, fields.get("meta", META),
                         SUMMARY, fields.get("damaged"), 1)


def test_a_table_and_its_games_are_read_back_whole(archive):
    assert archive.table("ABCDE") is None and archive.game_actions("ABCDE", 0) is None
    archive.put("ABCDE", {0: [{"act": "grand", "n": 1}], 1: [{"act": "play", "cards": "Dr"}]}, table())
    assert archive.table("ABCDE") == table()
    assert archive.game_actions("ABCDE", 0) == [{"act": "grand", "n": 1}]
    assert archive.game_actions("ABCDE", 1) == [{"act": "play", "cards": "Dr"}]
    assert archive.games("ABCDE") == [0, 1]


def test_putting_again_replaces_and_never_duplicates(archive):
    archive.put("ABCDE", {0: [{"n": 1}]}, table())
    archive.put("ABCDE", {1: [{"n": 2}]})  # a game copied while the table is live
    archive.put("ABCDE", {0: [{"n": 1}], 1: [{"n": 2}, {"n": 3}]},
                table(version=9, damaged="game 2 is damaged"))
    assert archive.counts() == (1, 2)
    assert archive.table("ABCDE").version == 9 and archive.table("ABCDE").damaged == "game 2 is damaged"
    assert archive.game_actions("ABCDE", 1) == [{"n": 2}, {"n": 3}]
    archive.delete("ABCDE")
    assert archive.counts() == (0, 0)


def test_text_and_numbers_come_back_as_they_went(archive):
    meta = {**META, "chat": [{"text": "\u0000 \ud800 ünïcode 🐉"}], "float": 0.1 + 0.2, "big": 2**53}
    archive.put("ABCDE", {}, table(meta=meta))
    back = archive.table("ABCDE").meta
    assert back["float"] == 0.1 + 0.2 and back["big"] == 2**53
    assert back["chat"][0]["text"] == "\u0000 \ud800 ünïcode 🐉"


def test_the_schema_is_made_once_and_recorded(archive):
    assert archive.migrate() == []  # made when the archive opened: nothing left to do
    steps = archive._query("SELECT step FROM archive_schema ORDER BY step")
    assert [r[0] for r in steps] == [number for number, _, _ in schema.STEPS]


def test_an_older_database_is_upgraded_in_place(tmp_path, monkeypatch):
    path = tmp_path / "tables.sqlite3"
    monkeypatch.setattr(schema, "STEPS", schema.STEPS[:1])
    old = SQLiteArchive(path)
    old.put("ABCDE", {0: [{"n": 1}]}, table())
    old.close()
    later = (2, "a column added later", ["ALTER TABLE archived_tables ADD COLUMN note TEXT"])
    monkeypatch.setattr(schema, "STEPS", [*schema.STEPS, later])
    new = SQLiteArchive(path)
    assert new.table("ABCDE") == table() and new.game_actions("ABCDE", 0) == [{"n": 1}]  # kept
    assert new._query("SELECT step FROM archive_schema ORDER BY step") == [(1,), (2,)]
    assert new._query("SELECT note FROM archived_tables") == [(None,)]
    new.close()


def test_a_newer_database_is_refused_by_an_older_version(tmp_path):
    path = tmp_path / "tables.sqlite3"
    SQLiteArchive(path).close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO archive_schema VALUES (99, 'from the future', 0)")
    with pytest.raises(RuntimeError, match=r"step\(s\) \[99\]"):
        SQLiteArchive(path)


def test_the_postgres_schema_migrates_once_with_several_processes_starting(postgres_server):
    """Several archives opening one new database at once: the steps run once, all agree."""
    import threading

    from app.web.store.archive.postgres import PostgresArchive

    from .conftest import fresh_database

    url = fresh_database(postgres_server)
    opened, errors = [], []

    def open_one():
        try:
            opened.append(PostgresArchive(url))
        except Exception as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    steps = [(number,) for number, _, _ in schema.STEPS]
    assert opened[0]._query("SELECT step FROM archive_schema ORDER BY step") == steps  # each once
    for archive in opened:
        archive.close()
