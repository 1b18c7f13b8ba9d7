"""The table registry: the tables live in this process's memory, by short code.

Only tables in use are kept in memory. A table nobody has had open for
`idle_seconds` is dropped (everything about it is in the store already: every
accepted change is committed before it is acknowledged) and loaded again from
the store when someone asks for it by its code. The lobby's list (`lobby.py`) comes
from the store, so it shows every table, in memory or not.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable

from app.engine import RulesetError, get_ruleset

from ..store import StoreUnavailable, TableStore
from ..table.documents import new_table
from ..table.table import (
    CODE_ALPHABET,
    CODE_LENGTH,
    TABLE_NAME_MAX,
    Refused,
    Table,
    check_settings,
    clean_name,
    hash_token,
    new_token,
)
from .clocks import waiting_seconds
from .lobby import Lobby

log = logging.getLogger(__name__)

SWEEP_EVERY = 30.0  # seconds between looks for idle tables


def bomb_window_default(config) -> float:
    return waiting_seconds(config, "TICHU_BOMB_WINDOW", 3)


class Registry:
    def __init__(self, store: TableStore, *, testing: bool = False, idle_seconds: float = 300.0,
                 on_load: Callable[[Table], None] | None = None, bomb_window: float = 3):
        self.store = store
        self.testing = testing
        # Seconds of a won trick's bomb window for new tables whose creator does not choose.
        self.bomb_window = int(bomb_window) if float(bomb_window).is_integer() else bomb_window
        self.idle_seconds = idle_seconds
        self.on_load = on_load  # called with each table loaded from the store (bots carry on)
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()  # one load at a time: never two objects for one table
        self._next_sweep = time.monotonic() + SWEEP_EVERY
        self.lobby = Lobby(store)  # the list of tables worth joining
        self.archiver = None  # live/archiving.py's Archiver, where finished games are kept

    def create(self, *, host_name, name=None, ruleset="standard", options=None, listed=True,
               seed=None, settings=None) -> tuple[Table, str]:
        """A new table and its host's secret token (stored by the hub's first commit)."""
        host_name = clean_name(host_name)
        name = clean_name(name, TABLE_NAME_MAX, "table name") if name else f"{host_name}'s table"
        if not isinstance(ruleset, str):
            raise Refused("bad_request", "'ruleset' is a ruleset name")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise Refused("bad_request", "'options' is an object of option names and values")
        try:
            get_ruleset(ruleset).resolve_options(options)
        except RulesetError as exc:
            raise Refused("bad_options", exc.message) from None
        if settings is None or (isinstance(settings, dict) and "bomb_window" not in settings):
            settings = {**(settings or {}), "bomb_window": self.bomb_window}
        settings = check_settings(settings, self.testing)
        if seed is not None and not self.testing:
            raise Refused("bad_request", "seeded tables exist only in testing mode")
        if seed is not None and not isinstance(seed, (int, str)):
            raise Refused("bad_request", "'seed' is a number or text")
        self.sweep()
        token = new_token()
        code = self._free_code()
        with self._lock:
            table = Table(code, name, ruleset, options, hash_token(token), host_name,
                          listed=bool(listed), seed=seed, settings=settings, testing=self.testing)
            self._tables[code] = table
        return table, token

    def forget(self, table: Table) -> None:
        """Drop a table that was never stored (its first commit failed)."""
        with self._lock:
            if self._tables.get(table.code) is table:
                del self._tables[table.code]
        table.evicted = True

    def _free_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            # A collision with a stored table is refused by the store's version check anyway.
            if code not in self._tables and self.store.version(code) == 0 and not self._archived(code):
                return code

    # -- finding tables ------------------------------------------------------------------------

    def loaded(self, code: str) -> Table | None:
        """The table if it is in memory now (never loads: for bots and connections)."""
        return self._tables.get(code)

    def get(self, code) -> Table | None:
        """The table with this code, loaded from the store if it is not in memory; None if none."""
        if not isinstance(code, str):
            return None
        code = code.strip().upper()
        table = self._tables.get(code)
        if table is not None:
            return table
        if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
            return None
        self.sweep()
        with self._load_lock:
            table = self._tables.get(code)
            if table is not None:
                return table
            table = self._load(code)
            if table is None:
                return None
            with self._lock:
                self._tables[code] = table
        if self.on_load is not None:
            self.on_load(table)
        return table

    def _archived(self, code: str) -> bool:
        """Whether the archive keeps a table of this code (a code is never given twice)."""
        return self.archiver is not None and self.archiver.archive.table(code) is not None

    def reopen(self, code: str) -> bool:
        """Put a table only the archive has back into the live store; whether it is there now."""
        if self.archiver is None:
            return False
        try:
            return self.archiver.reopen(code)
        except StoreUnavailable as exc:
            log.error("cannot reopen table %s from the archive: %s", code, exc)
            return False

    def archived_record(self, code, number: int) -> dict | None:
        """The record of a finished game of a table that is only in the archive, made from
        there without bringing the table back live; None where the table is live (it answers
        itself) or unknown. Refused for a game that has not ended."""
        if self.archiver is None or not isinstance(code, str):
            return None
        code = code.strip().upper()
        if code in self._tables or self.store.version(code):
            return None
        return self.archiver.record(code, number)

    def game_actions(self, code: str, game: int) -> list[dict]:
        """A game's log, from the live store or, once it moved, from the archive."""
        if self.archiver is None:
            return self.store.game_actions(code, game)
        return self.archiver.game_actions(code, game)

    def _load(self, code: str) -> Table | None:
        try:
            stored = self.store.load(code)
            if stored is None and self.reopen(code):
                stored = self.store.load(code)
        except StoreUnavailable as exc:
            log.error("cannot load table %s: %s", code, exc)
            return None
        if stored is None:
            return None
        try:
            table = new_table(stored)
        except Exception as exc:  # a document this version cannot read: keep it, say so once
            log.error("table %s cannot be restored and is kept as it is: %s", code, exc)
            return None
        if table.damaged and stored.damaged is None:
            log.error("table %s is damaged and kept read-only: %s", code, table.damaged)
            try:
                self.store.mark_damaged(code, table.damaged)
            except StoreUnavailable as exc:
                log.error("cannot mark table %s damaged: %s", code, exc)
        return table

    def holds(self, code: str) -> bool:
        """Whether this process has the table in memory now."""
        with self._lock:
            return code in self._tables

    def all(self) -> list[Table]:
        """The tables in memory now."""
        with self._lock:
            return list(self._tables.values())

    # -- keeping memory for tables in use -------------------------------------------------------

    def sweep(self, now: float | None = None, force: bool = False) -> list[str]:
        """Drop tables nobody has had open for `idle_seconds` (at most every SWEEP_EVERY s)."""
        now = time.monotonic() if now is None else now
        if not force and now < self._next_sweep:
            return []
        self._next_sweep = now + SWEEP_EVERY
        dropped = []
        for table in self.all():
            if table.clients or now - table.idle_since < self.idle_seconds:
                continue
            # Never wait for a busy table here (the caller may hold another table's lock).
            if not table.lock.acquire(blocking=False):
                continue
            try:
                if table.clients or table.saved is None or table.pending or table.evicted:
                    continue
                with self._lock:
                    if self._tables.get(table.code) is table:
                        del self._tables[table.code]
                table.evicted = True
                dropped.append(table.code)
            finally:
                table.lock.release()
        if dropped:
            log.info("dropped %d idle table(s) from memory", len(dropped))
        return dropped


__all__ = ["Registry"]
