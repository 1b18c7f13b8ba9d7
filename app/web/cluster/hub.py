"""The cluster's hub: every change is stored (presence too), and sent once per room through
Socket.IO's Redis queue to the processes that hold the room's connections."""

from __future__ import annotations

import logging

import redis

from ..live.hub import STATE_EVENT, Hub
from ..protocol import diff_shared, patch_message, snapshot_message
from ..table.table import Client, Table
from .leases import Membership
from .message_queue import emit_to, room_change
from .registry import SharedRegistry
from .rooms import ANON, needs_runner, room_key
from .watchers import Watchers

log = logging.getLogger(__name__)


class SharedHub(Hub):
    def __init__(self, registry: SharedRegistry, socketio, membership: Membership, clock=None):
        # Rooms here are per token: see broadcast.
        super().__init__(registry, self._emit, rooms=None, **({"clock": clock} if clock else {}))
        self.socketio = socketio
        self.membership = membership
        self._local: dict[str, set[str]] = {}  # table code -> its connections in this process
        # Token-less watchers of this process: counted in Redis for every process to see.
        self.watchers = Watchers(registry.store, membership.id)
        self._placed: dict[str, set[str]] = {}

    def _emit(self, to: str, event: str, data: dict, skip=None) -> None:
        self.socketio.emit(event, data, to=to, skip_sid=skip or None)

    @staticmethod
    def room(table: Table, key: str) -> str:
        return f"t:{table.code}:{key}"

    # -- connections of this process ---------------------------------------------------

    def bind(self, sid: str, table: Table):
        super().bind(sid, table)
        table.procs[sid] = self.membership.id
        with self._where_lock:
            self._local.setdefault(table.code, set()).add(sid)
        try:
            mine = self.membership.key(f"proc:{self.membership.id}:tables")
            self.registry.store.redis.sadd(mine, table.code)
        except redis.RedisError as exc:
            log.warning("cannot note table %s of this process: %s", table.code, exc)

    def unbind(self, sid: str) -> str | None:
        code = super().unbind(sid)
        with self._where_lock:
            local = self._local.get(code) if code is not None else None
            if local is not None:
                local.discard(sid)
                if not local:
                    del self._local[code]  # bounded by the tables with connections here
        return code

    def detach(self, table: Table, sid: str) -> Client | None:
        """A connection stops watching the table (lock held): it leaves its room."""
        client = table.detach(sid)
        table.procs.pop(sid, None)
        placed = self._placed.get(table.code)
        if placed is not None:
            placed.discard(sid)
            if not placed:
                del self._placed[table.code]
        if self._note_watchers(table) and self.presence is not None:
            self.presence.soon(table)
        server = self.socketio.server
        prefix = self.room(table, "")
        for room in server.rooms(sid, namespace="/"):  # a connection of this process
            if room.startswith(prefix):
                server.leave_room(sid, room, namespace="/")
        return client

    @staticmethod
    def conns(table: Table) -> dict:
        return {sid: [c.token_hash, table.procs.get(sid)] for sid, c in table.clients.items()
                if not table.counted_apart(c)}

    # -- token-less watchers -------------------------------------------------------------

    def _note_watchers(self, table: Table) -> bool:
        """Tell Redis which token-less watchers this process has at the table now (lock held);
        True if that changed."""
        with self._where_lock:
            local = list(self._local.get(table.code, ()))
        here = {sid for sid in local
                if (c := table.clients.get(sid)) is not None and table.counted_apart(c)}
        return self.watchers.note(table.code, here)

    def presence_update(self, table: Table) -> None:
        """The coalesced update: the watchers' count of every process, stored if it moved."""
        live = self.watchers.count(table.code, table.watchers_apart)
        if live != table.watchers_apart:
            table.watchers_apart = live
            self.commit(table)

    def drop_watchers(self, table: Table, member: str) -> bool:
        """A dead process's watchers leave the count (lock held); True if the count moved."""
        if not self.watchers.drop(table.code, member):
            return False
        live = self.watchers.count(table.code, table.watchers_apart)
        if live == table.watchers_apart:
            return False
        table.watchers_apart = live
        return True

    @staticmethod
    def stored_rooms(table: Table) -> dict[str, str]:
        """sid -> room key of every connection, as the last stored version has them: the rooms
        the connections are in (each version's broadcast put them there)."""
        conns = table.saved.meta.get("extra", {}).get("conns") if table.saved is not None else None
        return {sid: token_hash or ANON for sid, (token_hash, _proc) in (conns or {}).items()}

    def caught_up(self, table: Table) -> None:
        """Under the lock, the table as Redis has it: the runner watches its deadlines as they
        are now (another process may have changed them), or lets the table go."""
        table.needed_runner = needs_runner(table)  # what the next change is compared with
        if self.bots is not None and self.timers is not None and self.bots.runs(table.code):
            if table.needed_runner:
                self.timers.watch(table)
            else:
                self.bots.let_go(table.code)

    # -- documents ---------------------------------------------------------------------

    def doc(self, table: Table, key: str) -> dict:
        token_hash = None if key == ANON else key
        return table.doc_for(Client("", token_hash, table.seat_of(token_hash)))

    def prepare(self, table: Table) -> None:
        """The documents of every room at the current version: the base of the next patches."""
        keys = {room_key(c) for c in table.clients.values()}
        if table.watchers_apart:
            keys.add(ANON)  # watchers of other processes
        table.room_docs = (table.version, {key: self.doc(table, key) for key in keys})

    # -- changes -----------------------------------------------------------------------

    def commit(self, table: Table) -> int:
        # Every change is stored, presence too: a version means the same in every process.
        # A new dict: the last stored meta holds the old one (a change in place would hide).
        if self._note_watchers(table):  # this change tells the count
            table.watchers_apart = self.watchers.count(table.code, table.watchers_apart)
        rooms = self.stored_rooms(table)  # where broadcast finds the connections
        rooms.update(dict.fromkeys(self._placed.get(table.code, ()), ANON))
        table.rooms_before = rooms
        table.extra = {**table.extra, "conns": self.conns(table), "rev": table.version + 1,
                       "watchers": table.watchers_apart}
        return super().commit(table)

    def undo(self, table: Table) -> None:
        """A refused commit: the next holder of the lock reloads the table from Redis."""
        if table.saved is None:
            return super().undo(table)
        table.stale = True
        table.room_docs = (None, {})
        table.pending = []

    def commit_presence(self, table: Table) -> int:
        """Presence is stored like every change here: a version means the same everywhere, so
        a refused commit is refused (never sent unstored)."""
        return self.commit(table)

    def touch(self, table: Table) -> None:
        """A connection came or went without anybody seeing it: stored all the same."""
        if table.saved is None or self.conns(table) != table.saved.meta.get("extra", {}).get("conns"):
            self.commit(table)

    def broadcast(self, table: Table) -> None:
        """One message per room for the new version; a snapshot, before them, to each connection
        that is new in its room (of whichever process), which is moved there through the queue."""
        version = table.version
        base_version, before = table.room_docs
        was, table.rooms_before = table.rooms_before, {}
        docs: dict = {ANON: self.doc(table, ANON)} if table.watchers_apart else {}
        messages = []  # queue messages: published in this order, in one round trip
        fresh = []
        for sid, client in table.clients.items():
            key = room_key(client)
            if key not in docs:
                docs[key] = self.doc(table, key)
            if was.get(sid) != key:
                if sid in was:
                    messages.append(room_change("leave_room", sid, self.room(table, was[sid])))
                messages.append(room_change("enter_room", sid, self.room(table, key)))
                messages.append(emit_to(STATE_EVENT, snapshot_message(version, docs[key]), sid))
                fresh.append(sid)
        cache: dict = {}
        for key, doc in docs.items():
            old = before.get(key) if base_version == version - 1 else None
            if old is None:
                message = snapshot_message(version, doc)  # a room nobody was in: its members are new
            else:
                message = patch_message(version - 1, version, diff_shared(old, doc, cache))
            messages.append(emit_to(STATE_EVENT, message, self.room(table, key), fresh or None))
        self._publish(table, messages)
        table.room_docs = (version, docs)
        placed = {sid for sid, c in table.clients.items() if table.counted_apart(c)}  # all local
        if placed:
            self._placed[table.code] = placed
        else:
            self._placed.pop(table.code, None)

    def snapshot(self, table: Table, client: Client) -> None:
        """A snapshot for one connection of this process (joining unseen, or a sync)."""
        new_watcher = self._note_watchers(table)
        if new_watcher and not table.watchers_apart:
            # The table's first watcher is counted at once: from this version on, every
            # process sends the watchers' room its messages.
            table.watchers_apart = self.watchers.count(table.code, table.watchers_apart)
        stored = table.saved.meta.get("extra", {}) if table.saved is not None else None
        if stored is None or self.conns(table) != stored.get("conns") \
                or table.watchers_apart != stored.get("watchers", 0):
            self.commit(table)  # a new connection: stored, and it gets its snapshot from the commit
            return
        if new_watcher and self.presence is not None:
            self.presence.soon(table)  # the others hear of the count in a while, once
        if table.counted_apart(client):
            self._placed.setdefault(table.code, set()).add(client.sid)
        docs = table.room_docs[1] if table.room_docs[0] == table.version else {}
        key = room_key(client)
        doc = docs.get(key) or self.doc(table, key)
        self._publish(table, [
            room_change("enter_room", client.sid, self.room(table, key)),  # it is there already
            emit_to(STATE_EVENT, snapshot_message(table.version, doc), client.sid)])

    def _publish(self, table: Table, messages: list[dict]) -> None:
        """Queue messages about the table: with its lock's release if held here (one round
        trip for both), else now."""
        if table.lock.held():
            table.lock.defer(messages)
        else:
            self.publish_now(table, messages)

    def publish_now(self, table: Table, messages: list[dict]) -> None:
        self.socketio.server.manager.publish_many(messages, table.code)

    def holds_connections(self, code: str) -> bool:
        """Whether a connection of this process watches the table (the queue's `wanted`)."""
        return code in self._local
