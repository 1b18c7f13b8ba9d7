"""The cluster's registry: a table's lock is Redis's, and whoever takes it first catches
the table up with what other processes committed (the new meta, the game's new actions)."""

from __future__ import annotations

import logging
from functools import partial

from app.bots import LEVELS, GreedyBot

from ..errors import Refused
from ..live.registry import Registry
from ..store import StoreUnavailable
from ..store.redis import RedisStore
from ..table import documents
from ..table.table import Client, Table
from .leases import Membership, TableLock
from .message_queue import batch

log = logging.getLogger(__name__)


def _bot_for(table: Table, seat: int):
    """The seat's bot object: the one this process has if it plays the stored level."""
    bot = table.bots.get(seat)
    if bot is not None and type(bot) is LEVELS.get(table.seats[seat].bot, GreedyBot):
        return bot
    return table.new_bot(seat)


class SharedRegistry(Registry):
    store: RedisStore

    def __init__(self, store: RedisStore, membership: Membership, channel: str = "", **options):
        super().__init__(store, **options)
        self.membership = membership
        self.channel = channel  # Socket.IO's queue: a table's messages go out with its lock's release
        self.hub = None  # the SharedHub, set once built: it prepares documents after a catch-up

    def create(self, **fields):
        table, token = super().create(**fields)
        return self._share(table), token

    def _load(self, code: str) -> Table | None:
        table = super()._load(code)
        if table is None:
            return None
        self._share(table)
        self._take_conns(table, table.extra.get("conns") or {})
        return table

    def _share(self, table: Table) -> Table:
        table.procs = {}  # sid -> the process holding that connection
        table.room_docs = (None, {})  # (version, room key -> the document at that version)
        table.rooms_before = {}  # during a commit: sid -> room key at the version before
        table.watchers_apart = int(table.extra.get("watchers", 0))
        table.stale = False  # a refused commit: reload everything at the next lock
        table.lock = TableLock(self.store.redis, self.store.key(table.code) + ":lock",
                               (self.store.key(table.code), "v"),  # the stored version
                               lambda version: self._caught_up(table, version),
                               self.channel, partial(batch, table.code),
                               lambda messages: self.hub.publish_now(table, messages))
        return table

    # -- catching up with the other processes -------------------------------------------

    def _caught_up(self, table: Table, version: int) -> None:
        """Under the table's lock, `version` stored: bring the table to what Redis holds,
        documents included."""
        try:
            if table.stale or version != table.version:
                self._catch_up(table)
        except StoreUnavailable as exc:
            log.warning("cannot read table %s: %s", table.code, exc)
            raise Refused("store_unavailable", "the server cannot reach its store; please try again") \
                from None
        if self.hub is not None:
            if table.room_docs[0] != table.version:
                self.hub.prepare(table)
            self.hub.caught_up(table)

    def _catch_up(self, table: Table) -> None:
        if table.saved is None:
            return  # made here, not stored yet
        game_no = table.game_no
        moves = table.game.version if table.game is not None and not table.stale else 0
        found = self.store.load_since(table.code, game_no - 1, moves)
        if found is None and self.reopen(table.code):  # moved to the archive while open here
            found = self.store.load_since(table.code, game_no - 1, moves)
        if found is None:
            raise StoreUnavailable(f"table {table.code} is gone from Redis")
        stored, first = found
        table.apply_meta(stored.meta)
        table.watchers_apart = int(table.extra.get("watchers", 0))
        current = table.game_no - 1  # the stored log of the current game, if it has actions
        if table.game_no == game_no and not table.stale and table.game is not None:
            if stored.game == current and first == moves:
                for action in stored.actions:  # only the actions this process has not seen
                    table.game.apply(action)
        elif table.game_no > 0:
            actions = stored.actions if stored.game == current and first == 0 else []
            table.game = documents.replay_game(table, current, actions)[0]
        else:
            table.game = None
        documents.forget_finished_rounds(table.game)  # their actions are in Redis
        self._take_conns(table, stored.meta.get("extra", {}).get("conns") or {})
        table.bots = {seat: _bot_for(table, seat) for seat in table.bot_seats()}
        table.version = stored.version
        table.pending = []
        table.stale = False
        table.changed()
        table.updated = stored.updated
        table.mark_saved(stored.meta, stored.summary)

    def _take_conns(self, table: Table, conns: dict) -> None:
        """The connections of all processes, as stored, and this process's token-less watchers
        (never stored); this process's objects are kept."""
        me = self.membership.id
        clients = {sid: c for sid, c in table.clients.items()
                   if sid not in conns and table.procs.get(sid) == me and table.counted_apart(c)}
        table.procs = dict.fromkeys(clients, me)
        for sid, (token_hash, proc) in conns.items():
            client = table.clients.get(sid) or Client(sid, token_hash, None)
            client.token_hash = token_hash
            client.seat = table.seat_of(token_hash)
            clients[sid] = client
            table.procs[sid] = proc
        table.clients = clients
