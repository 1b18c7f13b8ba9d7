"""The store's contract: where tables live between changes and across restarts.

One interface, several homes (`memory.py` for tests and `TICHU_PERSIST=0`,
`sqlite.py` the embedded default, a Redis one for many processes). The rest
of the web layer talks only to `TableStore`; the contract tests in
`tests/web/store/` run the same checks against every implementation.

What a table is, to the store:

- `code`: its short code (the key).
- `version`: an integer that only goes up. 0 means "no such table".
- `meta`: one JSON document (a dict of JSON values) with everything about the
  table that is not the game's moves: name, settings, seats, token hashes,
  host, seed, chat, game number, and whatever fields the web layer adds later.
  The store never looks inside; it keeps the latest one whole.
- `summary`: a small public JSON document, the table's line in the lobby.
- `listed` and `updated` (seconds since the epoch): for listing and purging.
- the action log: per game number (0, 1, ...), the accepted game actions in the
  order they were accepted, each a JSON document. Never shortened or rewritten; a
  finished game's log leaves whole once the archive holds it (`drop_game`).
- `damaged`: None, or why the table's log no longer replays (kept, never dropped).

The rules every implementation keeps:

1. `commit(code, expected, change)` is atomic: either all of it (new version,
   new meta/summary when given, every action appended) is durable when it
   returns, or none of it happened and it raises. Durable means: it survives
   the process being killed at any moment after the return.
2. It applies only if the stored version is `expected` (0: the table must not
   exist yet, and the commit creates it); otherwise `VersionConflict` and
   nothing changes. So two writers can never both accept a change at one version.
3. A write that cannot be made (disk full, read-only, I/O error, server gone)
   raises `StoreUnavailable`, never anything else, and changes nothing.
4. `load` returns exactly what the last successful commit left, with the log
   of the table's latest game; `game_actions` returns any game's log.
5. Everything is JSON: a store may return equal copies, never the caller's objects.

Thread safety: every method may be called from any thread at any time.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field


def json_text(value) -> str:
    """A document as JSON text every store can keep: UTF-8 characters as they are, and
    escaped (as JSON's \\u) only where UTF-8 cannot encode them, a lone surrogate say, so
    text that reached a table by any path is stored, never half-written."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode()
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":"))
    return text


class StoreError(Exception):
    """Base of the store's errors."""


class StoreUnavailable(StoreError):
    """A write (or read) could not be made; nothing changed."""


class VersionConflict(StoreError):
    """The stored version is not the one the change was based on; nothing changed."""

    def __init__(self, code: str, expected: int, actual: int):
        super().__init__(f"table {code}: stored version {actual}, expected {expected}")
        self.code, self.expected, self.actual = code, expected, actual


@dataclass
class Change:
    """One accepted change of a table, as the store keeps it.

    `meta` / `summary` None: unchanged since the last commit (a game action
    often changes neither). `actions`: (game number, action document) pairs
    accepted since the last commit, in order.
    """

    version: int
    updated: float
    listed: bool
    meta: dict | None = None
    summary: dict | None = None
    actions: Sequence[tuple[int, dict]] = ()


@dataclass
class StoredTable:
    """A table as the store holds it: its meta and the log of its latest game."""

    code: str
    version: int
    updated: float
    listed: bool
    meta: dict
    summary: dict
    game: int | None  # the latest game number with actions (None: no actions yet)
    actions: list[dict] = field(default_factory=list)  # that game's log
    damaged: str | None = None


@dataclass
class TableInfo:
    """A line of `list_tables`: enough for the lobby and for housekeeping."""

    code: str
    version: int
    updated: float
    listed: bool
    summary: dict
    damaged: str | None = None


class TableStore(ABC):
    """Where tables live. See the module's docstring for the contract."""

    #: A short name for logs and the README ("memory", "sqlite", "redis").
    kind = "abstract"

    @abstractmethod
    def commit(self, code: str, expected: int, change: Change) -> None:
        """Apply one accepted change atomically at `expected` (0: create the table)."""

    @abstractmethod
    def load(self, code: str) -> StoredTable | None:
        """The table, or None if there is none."""

    @abstractmethod
    def game_actions(self, code: str, game: int) -> list[dict]:
        """The log of one game of the table ([] when it has none)."""

    @abstractmethod
    def version(self, code: str) -> int:
        """The stored version (0: no such table). Cheap: no documents are read."""

    @abstractmethod
    def list_tables(self, *, listed_only: bool = False, limit: int | None = None) -> list[TableInfo]:
        """Tables, most recently updated first."""

    @abstractmethod
    def mark_damaged(self, code: str, reason: str) -> None:
        """Keep the table but note that its log no longer replays (reason: one line)."""

    @abstractmethod
    def delete(self, code: str) -> None:
        """Remove the table and its log (housekeeping only: nothing a player does deletes)."""

    @abstractmethod
    def drop_game(self, code: str, game: int) -> None:
        """Remove the log of a game older than the table's latest (once the archive keeps it)."""

    @abstractmethod
    def delete_if(self, code: str, version: int) -> bool:
        """Remove the table and its log only if its stored version is still `version` (it moved
        to the archive at that version); whether it did."""

    def purge(self, older_than: float) -> list[str]:
        """Delete tables not updated since `older_than` (epoch seconds); their codes."""
        old = [info.code for info in self.list_tables() if info.updated < older_than]
        for code in old:
            self.delete(code)
        return old

    def close(self) -> None:
        """Release files and connections (the store is not used afterwards)."""
        return None  # nothing to release by default
