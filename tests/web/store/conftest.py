"""The store implementations the contract tests run against.

Each entry of STORES makes a fresh, empty store for one test (and may skip with a
reason when its service is not available). Add an implementation here and every
contract test runs against it too.
"""

from __future__ import annotations

import pytest

from app.web.store import MemoryStore
from app.web.store.sqlite import SQLiteStore


def memory_store(tmp_path):
    return MemoryStore()


def sqlite_store(tmp_path):
    return SQLiteStore(tmp_path / "tables.sqlite3")


STORES = {"memory": memory_store, "sqlite": sqlite_store}


@pytest.fixture(params=sorted(STORES))
def store(request, tmp_path):
    made = STORES[request.param](tmp_path)
    yield made
    made.close()
