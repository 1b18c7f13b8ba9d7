"""The hub: the one place where an accepted change becomes a new version and reaches everyone.

Socket events and the bot runner both change tables through it, holding the
table's lock around check, apply and send, so every client sees the changes
of a table in the same order. After a change the hub bumps the table's
version, saves the table, sends each connection its patch (or snapshot) built
from its seat's view, and lets the bots look at the new state.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from .protocol import diff
from .tables import Client, Registry, Table

log = logging.getLogger(__name__)

STATE_EVENT = "state"


class Hub:
    def __init__(self, registry: Registry, store, emit: Callable[[str, str, dict], None]):
        self.registry = registry
        self.store = store
        self.emit = emit  # emit(sid, event, data)
        self.bots = None  # the BotRunner, set once built
        self._where: dict[str, str] = {}  # sid -> table code
        self._where_lock = threading.Lock()

    # -- which table a connection watches ----------------------------------------------

    def table_of(self, sid: str) -> tuple[Table | None, Client | None]:
        code = self._where.get(sid)
        table = self.registry.get(code) if code else None
        if table is None:
            return None, None
        return table, table.clients.get(sid)

    def bind(self, sid: str, table: Table):
        with self._where_lock:
            self._where[sid] = table.code

    def unbind(self, sid: str) -> str | None:
        with self._where_lock:
            return self._where.pop(sid, None)

    # -- changes -----------------------------------------------------------------------

    def commit(self, table: Table) -> int:
        """After an accepted change (lock held): new version, save, send, wake the bots."""
        table.version += 1
        table.changed()
        try:
            self.store.save(table)
        except Exception:
            # The change stands for everyone connected; the next save writes it again.
            log.exception("cannot save table %s", table.code)
        self.broadcast(table)
        if self.bots is not None:
            self.bots.poke(table)
        return table.version

    def broadcast(self, table: Table) -> None:
        """Send every connection of the table its message for the current version (lock held)."""
        version = table.version
        cache: dict = {}
        for client in list(table.clients.values()):
            doc = table.doc_for(client)
            viewer = client.viewer
            ops = None
            if viewer.doc is not None and viewer.version == version - 1:
                ops = _diff_sections(viewer.doc, doc, cache)
            message = viewer.message(version, doc, ops)
            try:
                self.emit(client.sid, STATE_EVENT, message)
            except Exception:  # one broken connection must not keep the others uninformed
                log.exception("cannot send to %s", client.sid)

    def snapshot(self, table: Table, client: Client) -> None:
        """A full snapshot for one connection (on join or when it asks after a gap)."""
        self.emit(client.sid, STATE_EVENT, client.viewer.snapshot(table.version, table.doc_for(client)))


def _diff_sections(old: dict, new: dict, cache: dict) -> list:
    """Diff two documents section by section, sharing the work between viewers.

    Connections of the same seat hold the same section objects (views are cached
    per version), so a section's diff is computed once per pair of objects. The
    cache keeps both objects alive, so their ids cannot be reused meanwhile.
    """
    ops: list = []
    for key, value in new.items():
        before = old.get(key)
        if before is value:
            continue
        cached = cache.get((key, id(before), id(value)))
        if cached is None:
            cached = (before, value, diff(before, value, (key,)) if key in old else [["s", [key], value]])
            cache[(key, id(before), id(value))] = cached
        ops.extend(cached[2])
    for key in old:
        if key not in new:
            ops.append(["d", [key]])
    return ops
