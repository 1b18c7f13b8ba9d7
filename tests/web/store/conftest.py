"""The store implementations the contract tests run against.

Each entry of STORES makes a fresh, empty store for one test (and may skip with a
reason when its service is not available). Add an implementation here and every
contract test runs against it too. Redis: one real redis-server for the session,
a key prefix of its own per test.
"""

from __future__ import annotations

import secrets

import pytest

from app.web.store import MemoryStore
from app.web.store.sqlite import SQLiteStore


def memory_store(tmp_path, request):
    return MemoryStore()


def sqlite_store(tmp_path, request):
    return SQLiteStore(tmp_path / "tables.sqlite3")


def redis_store(tmp_path, request):
    from app.web.store.redis import RedisStore

    url = request.getfixturevalue("redis_url")
    return RedisStore.from_url(url, prefix=f"test-{secrets.token_hex(4)}:")


STORES = {"memory": memory_store, "sqlite": sqlite_store, "redis": redis_store}


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    from deploy.local import Missing, RedisServer

    try:
        server = RedisServer(tmp_path_factory.mktemp("redis"))
    except Missing as exc:
        pytest.skip(f"skipped: the Redis store's contract tests need redis-server: {exc}")
    server.start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory):
    """One real PostgreSQL for the session (skipped, saying why, where it is not installed)."""
    from deploy.local import Missing, PostgresServer

    try:
        server = PostgresServer(tmp_path_factory.mktemp("postgres"))
    except Missing as exc:
        pytest.skip(f"skipped: the PostgreSQL archive's tests need postgresql: {exc}")
    server.start()
    yield server
    server.stop()


def fresh_database(server) -> str:
    """The URL of a new, empty database on `server`."""
    import psycopg

    name = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server.url.rsplit("/", 1)[0] + "/" + name


def sqlite_archive(tmp_path, request):
    from app.web.store.archive.sqlite import SQLiteArchive

    return SQLiteArchive(tmp_path / "tables.sqlite3")


def postgres_archive(tmp_path, request):
    from app.web.store.archive.postgres import PostgresArchive

    return PostgresArchive(fresh_database(request.getfixturevalue("postgres_server")))


ARCHIVES = {"sqlite": sqlite_archive, "postgres": postgres_archive}


@pytest.fixture(params=sorted(ARCHIVES))
def archive(request, tmp_path):
    made = ARCHIVES[request.param](tmp_path, request)
    yield made
    made.close()


@pytest.fixture(params=sorted(STORES))
def store(request, tmp_path):
    made = STORES[request.param](tmp_path, request)
    yield made
    made.close()
