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


@pytest.fixture(params=sorted(STORES))
def store(request, tmp_path):
    made = STORES[request.param](tmp_path, request)
    yield made
    made.close()
