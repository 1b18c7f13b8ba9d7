"""The hub: the one place where an accepted change becomes a new version and reaches everyone.

Socket events and the bot runner both change tables through it, holding the
table's lock around check, apply and send, so every client sees the changes
of a table in the same order. After a change the hub bumps the table's
version, stores the change, sends each connection its patch (or snapshot) built
from its seat's view, lets the bots look at the new state and hands the
table's next deadline to the timers.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from . import table_docs
from .protocol import diff_shared, patch_message
from .registry import Registry
from .store import Change, StoreUnavailable, VersionConflict
from .tables import Client, Refused, Table, make_bot

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
        self._store_failures: dict[str, float] = {}  # table code -> when its last failure was logged

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
        table.prepare(self.clock())
        self.store_change(table)
        table.version += 1
        self.broadcast(table)
        if self.bots is not None:
            self.bots.poke(table)
        if self.timers is not None:
            self.timers.watch(table)
        return table.version

    def store_change(self, table: Table) -> None:
        """Commit what changed since the last commit (lock held); undo it and refuse if it fails."""
        saved = table.saved
        meta = table_docs.meta_of(table)
        summary = table_docs.summary_of(table)
        meta_new = saved is None or meta != saved.meta
        summary_new = saved is None or summary != saved.summary
        if not (meta_new or summary_new or table.pending):
            table.changed()  # only connections came or went: nothing to store
            return
        reason = None
        if table.damaged:
            reason = Refused("table_damaged", "this table's saved game is damaged; it can be watched, "
                                              "not played")
        else:
            version = table.version + 1
            change = Change(version, time.time(), table.listed, meta if meta_new else None,
                            summary if summary_new else None, table.pending)
            try:
                self.registry.store.commit(table.code, saved.version if saved else 0, change)
            except StoreUnavailable as exc:
                self._log_store_failure(table.code, exc)
                reason = Refused("store_unavailable", "the server cannot save right now, so this was "
                                                      "not done; please try again in a moment")
            except VersionConflict as exc:
                log.error("table %s changed elsewhere: %s", table.code, exc)
                reason = Refused("store_conflict", "the table changed meanwhile; please try again")
        if reason is not None:
            self.undo(table)
            raise reason
        table.changed()
        table.updated = change.updated
        table.mark_saved(meta, summary, version)
        table_docs.forget_finished_rounds(table.game)  # their actions are stored now
        if summary_new:
            self.registry.lobby_changed()  # commit() then advances table.version to it

    def undo(self, table: Table) -> None:
        """Put the table back as the store has it (lock held); a never stored one is dropped."""
        saved = table.saved
        if saved is None:
            self.registry.forget(table)
            return
        # A newcomer's token is only theirs once a seat is stored: forget the refused one.
        newcomers = [c for c in table.clients.values() if c.token_hash and table.known(c.token_hash)]
        table_docs.apply_meta(table, saved.meta)
        for client in newcomers:
            if not table.known(client.token_hash):
                client.token_hash = None
        game = saved.game
        if game is not None and table.game is game and game.version != saved.moves:
            # The refused action was applied to this game: replay what the store holds of it.
            try:
                actions = self.registry.store.game_actions(table.code, table.game_no - 1)
            except StoreUnavailable as exc:
                # Cannot even read: drop the table from memory, to be loaded again once possible.
                log.error("table %s dropped from memory: cannot read it back (%s)", table.code, exc)
                self.registry.forget(table)
                return
            game, _ = table_docs.replay_game(table, table.game_no - 1, actions[:saved.moves])
            table_docs.forget_finished_rounds(game)
        table.game = game
        table.pending = []
        table.saved = dataclasses.replace(saved, game=game)
        table.bots = {seat: make_bot(table.seats[seat].bot, seat, table._bot_rng(seat))
                      for seat in table.bot_seats()}
        for client in table.clients.values():
            client.seat = table.seat_of(client.token_hash)
        table.changed()

    def game_record(self, table: Table, number: int) -> dict:
        """The whole record of the table's game `number`, replayed from its stored log (lock held:
        everything accepted is stored, so the current game's record is complete too)."""
        try:
            actions = self.registry.store.game_actions(table.code, number)
        except StoreUnavailable as exc:
            log.error("cannot read game %d of table %s: %s", number, table.code, exc)
            raise Refused("store_unavailable", "the server cannot read this game right now") from None
        game, problem = table_docs.replay_game(table, number, actions)
        if problem:
            raise Refused("table_damaged", f"this game no longer replays: {problem}")
        return game.record()

    def _log_store_failure(self, code: str, exc: Exception) -> None:
        """One line per table and half minute at most: a full disk must not flood the log."""
        now = time.monotonic()
        if now - self._store_failures.get(code, -1e9) >= 30:
            if len(self._store_failures) > 1000:
                self._store_failures.clear()
            self._store_failures[code] = now
            log.error("refused a change of table %s: %s", code, exc)

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
