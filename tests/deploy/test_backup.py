"""Back up a running deployment and restore it elsewhere, as docs/operations.md says
(deploy/backup.py): the restored tables are at the version of the backup, and they play on.

Redis: a snapshot of a running Redis while a server process plays a table, restored into a
fresh Redis (its own folder and port) that a new server process then serves. SQLite: a copy
of a running server's database, restored into a fresh data folder.
"""

from __future__ import annotations

from deploy import backup, render
from deploy.local import AppProcess, RedisServer

from ..web.cluster.fixtures import APP_ENV, redis_server  # noqa: F401 (a fixture)
from ..web.processes import Server
from ..web.store.test_store_processes import Game


def moves(game: Game) -> tuple:
    """Where the table's play stands: its game and the actions made in it."""
    table = game.clients[0].doc["table"]
    return table["game_no"], table["moves"]


def play(game: Game, steps: int) -> None:
    for _ in range(steps):
        ack = game.step()
        assert ack.get("ok"), ack
        game.settle()


def test_a_redis_snapshot_restored_into_a_fresh_redis_plays_on(redis_server, tmp_path):  # noqa: F811
    first = AppProcess(tmp_path / "apps", redis_server.url, dict(APP_ENV)).start()
    game = Game()
    try:
        game.connect(first)
        play(game, 12)
        snapshot = backup.redis_backup(redis_server.port, tmp_path / "backups" / "tables.rdb")
        at_backup = moves(game)
        play(game, 8)  # after the backup: not in it
        assert moves(game) > at_backup
    finally:
        game.close()
        first.stop()
    redis_server.stop()

    fresh = RedisServer(tmp_path / "fresh-redis")
    config = tmp_path / "fresh-redis.conf"
    config.write_text(render.render("redis.conf", {"source": "test", "redis_port": fresh.port,
                                                   "redis_dir": str(fresh.directory)}))
    backup.redis_restore(config, snapshot)
    fresh.start()
    second = AppProcess(tmp_path / "apps2", fresh.url, dict(APP_ENV)).start()
    try:
        game.version = 0
        game.connect(second)
        assert moves(game) == at_backup  # the game as the snapshot had it
        play(game, 6)  # and it plays on
    finally:
        game.close()
        second.stop()
        fresh.stop()


def test_an_sqlite_backup_of_a_running_server_restores_and_plays_on(tmp_path):
    data = tmp_path / "data"
    server = Server(data, tmp_path / "server.log")
    game = Game()
    try:
        game.connect(server)
        play(game, 12)
        copy = backup.sqlite_backup(data, tmp_path / "backups" / "tables.sqlite3")
        at_backup = moves(game)
        play(game, 8)
    finally:
        game.close()
        server.kill()

    fresh = tmp_path / "fresh"
    fresh.mkdir()
    backup.sqlite_restore(fresh, copy)
    server = Server(fresh, tmp_path / "server2.log")
    try:
        game.version = 0
        game.connect(server)
        assert moves(game) == at_backup
        play(game, 6)
    finally:
        game.close()
        server.kill()


def test_a_restore_refuses_while_redis_runs_and_a_damaged_sqlite_copy(redis_server, tmp_path):  # noqa: F811
    config = tmp_path / "redis.conf"
    config.write_text(render.render("redis.conf", {"source": "test", "redis_port": redis_server.port,
                                                   "redis_dir": str(tmp_path / "r")}))
    snapshot = backup.redis_backup(redis_server.port, tmp_path / "s.rdb")
    try:
        backup.redis_restore(config, snapshot)
    except backup.BackupError as exc:
        assert "stop it first" in str(exc)
    else:
        raise AssertionError("a restore over a running Redis was not refused")
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    assert backup.main(["sqlite-restore", "--data-dir", str(tmp_path / "d"), str(damaged)]) == 2
