"""The hub: the one place where an accepted change becomes a new version and reaches everyone.

Socket events and the bot runner both change tables through it, holding the
table's lock around check, apply and send, so every client sees the changes
of a table in the same order. After a change the hub bumps the table's
version, stores the change, sends each connection its patch (or snapshot) built
from its seat's view, lets the bots look at the new state and hands the
table's next deadline to the timers.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from ..protocol import diff_shared, patch_message
from ..table.table import Client, Refused, Table
from . import milestones
from .registry import Registry
from .saving import TableSaver

log = logging.getLogger(__name__)

STATE_EVENT = "state"
RETRY_SECONDS = 5.0  # a deadline whose change the store refused is looked at again after this


class Rooms(Protocol):
    """Socket.IO rooms: groups of connections that one emit reaches."""

    def enter(self, sid: str, room: str) -> None: ...

    def leave(self, sid: str, room: str) -> None: ...


class Hub:
    def __init__(self, registry: Registry, emit: Callable[[str, str, dict], None], rooms: Rooms,
                 clock: Callable[[], float] = time.time):
        self.registry = registry
        self.emit = emit  # emit(sid or room, event, data)
        self.rooms = rooms
        self.clock = clock  # wall-clock seconds: deadlines are saved, so they outlive the process
        self.bots = None  # the BotRunner, set once built
        self.timers = None  # the Timers, set once built
        self.presence = None  # the Presence (watchers' comings and goings), set once built
        self._where: dict[str, str] = {}  # sid -> table code
        self._where_lock = threading.Lock()
        self.saver = TableSaver(registry)  # a change into the store, or the table back as stored

    # -- which table a connection watches ----------------------------------------------

    def table_of(self, sid: str) -> tuple[Table | None, Client | None]:
        code = self._where.get(sid)
        table = self.registry.loaded(code) if code else None
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
        """After an accepted change (lock held): store it, then new version, send, wake the bots.

        The change is stored before anybody hears of it. If the store refuses it, the
        table goes back to its last stored state and `Refused` is raised, so the sender
        gets the reason and nobody else notices anything.
        """
        before, created = milestones.status_before(table), table.saved is None
        table.prepare(self.clock())
        self.store_change(table)
        milestones.after_commit(table, before, created)
        table.version += 1
        self.broadcast(table)
        if self.bots is not None:
            self.bots.poke(table)
        if self.timers is not None:
            self.timers.watch(table)
        return table.version

    def store_change(self, table: Table) -> None:
        """Commit what changed since the last commit (lock held); undo it and refuse if it fails."""
        try:
            self.saver.save(table)
        except Refused:
            self.undo(table)
            raise

    def undo(self, table: Table) -> None:
        """Put the table back as the store has it (lock held); a never stored one is dropped."""
        self.saver.restore(table)

    def game_record(self, table: Table, number: int) -> dict:
        """The whole record of the table's game `number`, from the store (lock held)."""
        return self.saver.game_record(table, number)

    def touch(self, table: Table) -> None:
        """A connection came or went without changing what anybody sees: nothing to do in one
        process (the scale-out's hub stores it, as every process must know it)."""

    def commit_presence(self, table: Table) -> int:
        """After a connection came or went (lock held): a commit, stored when it moves a grace
        period. If the store cannot keep it now, everybody still hears who is here (the
        deadlines go back as stored and are set again with the next change): joining and
        leaving never fail for the store's sake."""
        try:
            return self.commit(table)
        except Refused:
            table.version += 1
            table.changed()
            self.broadcast(table)
            return table.version

    def presence_update(self, table: Table) -> None:
        """The coalesced update of who watches (lock held): a commit if the metadata of the
        current version does not show the presence as it is now."""
        if not table.presence_shown():
            self.commit_presence(table)

    # -- deadlines -----------------------------------------------------------------------

    def expire(self, code: str) -> None:
        """A deadline of the table is due (the timers' thread): act on what ran out."""
        table = self.registry.get(code)  # loaded again if it was dropped from memory meanwhile
        if table is None:
            return
        with table.lock:
            if table.evicted:
                self.timers.later(code, 0)  # the registry has a fresh copy: look at that one
                return
            if not table.expire(self.clock()):
                self.timers.watch(table)
                return
            try:
                self.commit(table)
            except Refused:  # not stored, so undone (the hub logged why): try again in a while
                self.timers.later(code, RETRY_SECONDS)

    def loaded(self, table: Table) -> None:
        """A table loaded from the store: nobody is connected yet, so grace periods start (those
        stored before run on), deadlines are watched, bots carry on. The new deadlines are
        stored with the next change (loading a table is no change of it)."""
        with table.lock:
            table.settle(self.clock())
        if self.bots is not None:
            self.bots.poke(table)
        if self.timers is not None:
            self.timers.watch(table)

    def broadcast(self, table: Table) -> None:
        """Send every connection of the table its message for the current version (lock held).

        Connections of one audience (the same document: seat and rights, `Table.doc_for`)
        share a Socket.IO room per table: its patch is computed, encoded and queued once
        per version, whoever and however many watch. A connection whose audience changed
        (it sat down, stood up, became the manager, ...) leaves its old room before any
        room hears of this version, gets its own message (a patch from what it holds) and
        joins its new room after, so each connection still sees every version exactly once.
        """
        version = table.version
        rooms: dict[str, tuple[dict, list[Client]]] = {}
        movers: list[tuple[Client, str, dict]] = []
        for client in table.clients.values():
            doc = table.doc_for(client)
            room = room_name(table, doc)
            viewer = client.viewer
            if viewer.room == room and viewer.version == version - 1:
                rooms.setdefault(room, (doc, []))[1].append(client)
            else:
                if viewer.room is not None:
                    self.rooms.leave(client.sid, viewer.room)
                    viewer.room = None
                movers.append((client, room, doc))
        cache: dict = {}
        for room, (doc, members) in rooms.items():
            viewer = members[0].viewer  # all members hold the same document at version - 1
            message = patch_message(version - 1, version, diff_shared(viewer.doc, doc, cache))
            self._send(room, message)
            for client in members:
                client.viewer.sent(version, doc)
        for client, room, doc in movers:
            viewer = client.viewer
            ops = diff_shared(viewer.doc, doc, cache) if viewer.follows(version) else None
            self._send(client.sid, viewer.message(version, doc, ops))
            self._enter(client, room)

    def snapshot(self, table: Table, client: Client) -> None:
        """A full snapshot for one connection (on join or when it asks after a gap)."""
        doc = table.doc_for(client)
        self._send(client.sid, client.viewer.snapshot(table.version, doc))
        self._enter(client, room_name(table, doc))

    def detach(self, table: Table, sid: str) -> Client | None:
        """A connection stops watching the table (lock held): it leaves its room."""
        client = table.detach(sid)
        if client is not None and client.viewer.room is not None:
            self.rooms.leave(sid, client.viewer.room)
            client.viewer.room = None
        return client

    def _enter(self, client: Client, room: str) -> None:
        viewer = client.viewer
        if viewer.room != room:
            if viewer.room is not None:
                self.rooms.leave(client.sid, viewer.room)
            self.rooms.enter(client.sid, room)
            viewer.room = room

    def _send(self, to: str, message: dict) -> None:
        try:
            self.emit(to, STATE_EVENT, message)
        except Exception:  # one broken connection must not keep the others uninformed
            log.exception("cannot send to %s", to)


def room_name(table: Table, doc: dict) -> str:
    """The Socket.IO room of a table's audience: the table and the document's `you`."""
    return table.code + "|" + "|".join(map(str, doc["you"].values()))
