"""The archive: finished games and idle tables, out of the live store and kept for good.

Live tables stay where they are (SQLite for one process, Redis for several); a game that
has ended and a table nobody has touched for a while move here (`live/archiving.py`
moves them), and their records keep answering from here. `open_archive(config)` picks
the home: PostgreSQL where `TICHU_DATABASE_URL` names one (the scale-out's shared
archive), else the live tables' own SQLite database under `TICHU_DATA_DIR` (tables of their own);
none with `TICHU_PERSIST=0`.

Both speak the same SQL (`schema.py` migrates it, version by version, on start).
"""

from __future__ import annotations

from pathlib import Path

from .base import Archive, ArchivedTable

__all__ = ["Archive", "ArchivedTable", "open_archive"]


def open_archive(config) -> Archive | None:
    """The archive the configuration asks for (None: tables only in memory, nothing kept)."""
    url = config.get("TICHU_DATABASE_URL")
    if url:
        from .postgres import PostgresArchive
        return PostgresArchive(url)
    if not config.get("TICHU_PERSIST", True):
        return None
    from ..sqlite import FILE_NAME
    from .sqlite import SQLiteArchive
    return SQLiteArchive(Path(config["TICHU_DATA_DIR"]) / FILE_NAME)  # the live tables' database
