"""Where tables live: one interface (`TableStore`, contract in `base.py`), several homes.

`open_store(config)` picks the home from the server's configuration:
`TICHU_PERSIST=0` keeps tables in memory only; otherwise one SQLite database
under `TICHU_DATA_DIR` (tables saved as JSON files by earlier versions are
imported on first start, by `table/json_import.py`). Beside it, `reviews.py` keeps the
round reviews made (SQLite, Redis or memory, as the tables), and `archive/` the finished
games and idle tables (SQLite, or PostgreSQL for a scale-out).

The bottom of the web layer: it imports nothing of the web's but the foundations
(`async_mode`), and nothing of the engine.
"""

from __future__ import annotations

from pathlib import Path

from .base import (
    Change,
    StoredTable,
    StoreError,
    StoreUnavailable,
    TableInfo,
    TableStore,
    VersionConflict,
)
from .memory import MemoryStore

__all__ = ["Change", "StoredTable", "StoreError", "StoreUnavailable", "TableInfo", "TableStore",
           "VersionConflict", "MemoryStore", "open_store"]


def open_store(config) -> TableStore:
    """The store the configuration asks for."""
    if not config.get("TICHU_PERSIST", True):
        return MemoryStore()
    from .sqlite import FILE_NAME, SQLiteStore
    directory = Path(config["TICHU_DATA_DIR"])
    return SQLiteStore(directory / FILE_NAME, synchronous=config.get("TICHU_SQLITE_SYNC", "normal"))
