"""The scale-out: many server processes, one Redis, every table served by any process.

Built by `build()` when `TICHU_REDIS_URL` is set; events, routes and tables work
as with one process. What changes:

- The store is `RedisStore`. `SharedRegistry` gives each table a `TableLock`
  across processes; whoever takes it first catches the table up with what other
  processes committed (the new meta, the game's new actions).
- The connections of every process are part of the table's stored state (the
  meta's `extra.conns`: token hash and process per connection), so all
  processes agree on who is online and on the documents of each version. Every
  change is committed, presence included, so a version means the same
  everywhere. Token-less watchers are the exception: only their number is
  public, so each process notes its own in a Redis hash (`t:{code}:watchers`,
  sid -> process), never in the table, and their comings and goings reach the
  others as one coalesced update of the stored count (`extra.watchers`; the
  first watcher of a table is counted at once, so that every process sends the
  watchers' room its messages from then on).
- `SharedHub` sends per room: each connection is in the room of its token
  (anonymous watchers share one), all connections of a room see the same
  document, so the process that made the change computes one patch per room
  and Socket.IO's Redis queue (`message_queue.py`) takes it, in version order,
  to the processes holding those connections. A connection that joins or
  changes room (it sat down, the host let it take a seat, ...) gets a snapshot;
  the room change goes through the queue too, just before the messages of that
  version, so the process that made the change moves connections of any process
  (the stored connections of the version before say where each one was).
- A table's bots and its deadlines (grace periods, turn timers, the bomb window)
  run in the one process holding the table's lease (`runs:{code}`): `SharedBots`
  runs the bots there and `SharedTimers` watches the deadlines only there. The
  first process to store a change that needs them takes the lease; the others
  tell the holder through a Redis channel after a change, and the holder, once
  caught up, watches the new deadlines (or lets the lease go when the table
  needs nothing run any more).
- `Janitor` takes over after a dead process: its connections are removed from
  their tables (they go offline for everybody) and the tables whose lease
  expired (bots and deadlines) resume here.
"""

from __future__ import annotations

import logging
import threading
from functools import partial

import redis

from app.bots import LEVELS, SimpleBot

from . import clocks, table_docs
from .bots_runner import BotRunner
from .errors import Refused
from .hub import STATE_EVENT, Hub
from .leases import Membership, TableLock
from .message_queue import batch, emit_to, room_change
from .protocol import diff_shared, patch_message, snapshot_message
from .registry import Registry, bomb_window_default
from .store import StoreUnavailable
from .store.redis import RedisStore
from .tables import PLAYING, Client, Table, make_bot
from .timers import Timers

log = logging.getLogger(__name__)

ANON = "-"  # the room key of watchers without a token


def room_key(client: Client) -> str:
    return client.token_hash or ANON


def run_lease(code: str) -> str:
    """The lease of the process that runs a table's bots and deadlines."""
    return f"runs:{code}"


def needs_runner(table: Table) -> bool:
    """Whether the table has bots to ask or deadlines to watch (lock held)."""
    if table.status != PLAYING or table.damaged:
        return False
    return bool(table.bots) or table.next_deadline() is not None or any(s.forced for s in table.seats)


def _bot_for(table: Table, seat: int):
    """The seat's bot object: the one this process has if it plays the stored level."""
    bot = table.bots.get(seat)
    if bot is not None and type(bot) is LEVELS.get(table.seats[seat].bot, SimpleBot):
        return bot
    return make_bot(table.seats[seat].bot, seat, table._bot_rng(seat))


class SharedRegistry(Registry):
    store: RedisStore

    def __init__(self, store: RedisStore, membership: Membership, channel: str = "", **options):
        super().__init__(store, **options)
        self.membership = membership
        self.channel = channel  # Socket.IO's queue: a table's messages go out with its lock's release
        self.hub: SharedHub | None = None  # set once built: it prepares documents after a catch-up

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
        if found is None:
            raise StoreUnavailable(f"table {table.code} is gone from Redis")
        stored, first = found
        table_docs.apply_meta(table, stored.meta)
        table.watchers_apart = int(table.extra.get("watchers", 0))
        current = table.game_no - 1  # the stored log of the current game, if it has actions
        if table.game_no == game_no and not table.stale and table.game is not None:
            if stored.game == current and first == moves:
                for action in stored.actions:  # only the actions this process has not seen
                    table.game.apply(action)
        elif table.game_no > 0:
            actions = stored.actions if stored.game == current and first == 0 else []
            table.game = table_docs.replay_game(table, current, actions)[0]
        else:
            table.game = None
        table_docs.forget_finished_rounds(table.game)  # their actions are in Redis
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


class SharedHub(Hub):
    def __init__(self, registry: SharedRegistry, socketio, membership: Membership, clock=None):
        # Rooms here are per token: see broadcast.
        super().__init__(registry, self._emit, rooms=None, **({"clock": clock} if clock else {}))
        self.socketio = socketio
        self.membership = membership
        self._local: dict[str, set[str]] = {}  # table code -> its connections in this process
        # Token-less watchers of this process (lock of their table held): noted in the
        # table's watchers hash, and in the watchers' room with its documents.
        self._watching: dict[str, set[str]] = {}
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

    def watchers_key(self, table: Table) -> str:
        return self.registry.store.key(table.code) + ":watchers"

    def _note_watchers(self, table: Table) -> bool:
        """Tell Redis which token-less watchers this process has at the table now (lock held);
        True if that changed."""
        with self._where_lock:
            local = list(self._local.get(table.code, ()))
        now = {sid for sid in local
               if (c := table.clients.get(sid)) is not None and table.counted_apart(c)}
        before = self._watching.get(table.code, set())
        if now == before:
            return False
        key = self.watchers_key(table)
        try:
            with self.registry.store.redis.pipeline(transaction=False) as pipe:
                for sid in now - before:
                    pipe.hset(key, sid, self.membership.id)
                if before - now:
                    pipe.hdel(key, *(before - now))
                pipe.execute()
        except redis.RedisError as exc:  # the count is off until the next change; nothing else
            log.warning("cannot note the watchers of table %s: %s", table.code, exc)
            return False
        if now:
            self._watching[table.code] = now
        else:
            self._watching.pop(table.code, None)
        return True

    def _count_watchers(self, table: Table) -> int:
        """The token-less watchers of every process (lock held)."""
        try:
            return int(self.registry.store.redis.hlen(self.watchers_key(table)))
        except redis.RedisError as exc:
            log.warning("cannot count the watchers of table %s: %s", table.code, exc)
            return table.watchers_apart or 0

    def presence_update(self, table: Table) -> None:
        """The coalesced update: the watchers' count of every process, stored if it moved."""
        live = self._count_watchers(table)
        if live != table.watchers_apart:
            table.watchers_apart = live
            self.commit(table)

    def drop_watchers(self, table: Table, member: str) -> bool:
        """A dead process's watchers leave the count (lock held); True if the count moved."""
        key = self.watchers_key(table)
        redis_ = self.registry.store.redis
        try:
            gone = [sid for sid, proc in redis_.hgetall(key).items() if proc.decode() == member]
            if gone:
                redis_.hdel(key, *gone)
        except redis.RedisError as exc:  # the count is off until the reaping is tried again
            log.warning("cannot drop the watchers of table %s: %s", table.code, exc)
            return False
        live = self._count_watchers(table)
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
        if self._note_watchers(table):
            table.watchers_apart = self._count_watchers(table)  # this change tells the count
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
            table.watchers_apart = self._count_watchers(table)
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


class SharedBots(BotRunner):
    """A table's bots run in the process that holds its lease (`run_lease`), which also
    watches its deadlines (`SharedTimers`)."""

    def __init__(self, hub, registry, membership: Membership, delay: float, workers: int):
        super().__init__(hub, registry, delay=delay, workers=workers)
        self.membership = membership
        self.redis = registry.store.redis
        self.channel = membership.key("runs")
        self.running = membership.key("running")  # the codes of tables whose lease was taken
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self._pubsub.subscribe(**{self.channel: self._on_message})
        self._listener = self._pubsub.run_in_thread(sleep_time=1.0, daemon=True)

    def runs(self, code: str) -> bool:
        return self.membership.holds(run_lease(code))

    def poke(self, table: Table) -> None:
        """After a change (lock held): run the table here, or tell the process that runs it."""
        try:
            if not needs_runner(table):
                if self.runs(table.code):
                    self.let_go(table.code)
                elif getattr(table, "needed_runner", False):
                    self.redis.publish(self.channel, table.code)  # the holder lets it go
                return
            if self.membership.take(run_lease(table.code)):
                self.redis.sadd(self.running, table.code)
                super().poke(table)
            else:
                self.redis.publish(self.channel, table.code)  # the holder looks
        except redis.RedisError as exc:  # the janitor's next sweep finds the table
            log.warning("cannot hand table %s to its runner: %s", table.code, exc)
        finally:
            table.needed_runner = needs_runner(table)

    def let_go(self, code: str) -> None:
        """The table needs nothing run any more: no lease, no deadlines watched here."""
        self.hub.timers.forget(code)
        try:
            self.membership.release(run_lease(code))
            self.redis.srem(self.running, code)
        except redis.RedisError as exc:  # expires by itself; the janitor drops it from the set
            log.warning("cannot let table %s go: %s", code, exc)

    def _on_message(self, message) -> None:
        code = message["data"].decode()
        if self.runs(code) and self.registry.get(code) is not None:
            self.wake(code)  # its turn catches up: new deadlines are watched, the bots asked

    def wake(self, code: str) -> None:
        """Schedule a turn whatever this process last saw of the table: the turn catches up."""
        with self._cond:
            if code in self._running:
                self._again.add(code)
            elif code not in self._scheduled:
                self._push(code)

    def turn(self, table: Table) -> bool:
        if not self.runs(table.code):
            return False
        return super().turn(table)

    def adopt_orphans(self) -> None:
        """Run the tables whose lease expired (their process died): bots and deadlines."""
        codes = [c.decode() for c in self.redis.smembers(self.running)]
        if not codes:
            return
        holders = self.redis.mget([self.membership.key(f"lease:{run_lease(code)}") for code in codes])
        for code, holder in zip(codes, holders):
            if holder is not None:
                continue
            table = self.registry.get(code)
            if table is None:
                self.redis.srem(self.running, code)
                continue
            with table.lock:  # caught up first
                log.info("taking over table %s (its bots and deadlines)", code)
                self.poke(table)
                if self.runs(code):
                    self.hub.timers.watch(table)
                else:
                    self.redis.srem(self.running, code)


class SharedTimers(Timers):
    """A table's deadlines are watched by the process that runs it (its lease), only there."""

    def __init__(self, fire, bots: SharedBots, clock, poll: float):
        super().__init__(fire, clock=clock, poll=poll)
        self.bots = bots

    def watch(self, table) -> None:
        if self.bots.runs(table.code):
            super().watch(table)
        else:
            self.forget(table.code)

    def stop(self):
        super().stop()
        try:
            self._listener.stop()
        except Exception:  # stopping while it reconnects
            pass


class Janitor:
    """Cleans up after dead processes, every `interval` seconds (see the module's doc)."""

    def __init__(self, hub: SharedHub, bots: SharedBots, membership: Membership, interval: float = 1.0):
        self.hub = hub
        self.bots = bots
        self.membership = membership
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="janitor", daemon=True)

    def start(self):
        self._thread.start()

    def stop(self):
        self._stop.set()

    def _loop(self):
        while not self._stop.wait(self.interval):
            try:
                self.sweep()
            except Exception:
                log.exception("janitor sweep failed")

    def sweep(self) -> None:
        for member in self.membership.dead():
            if self.membership.claim_reaping(member):
                self.reap(member)
        self.bots.adopt_orphans()

    def reap(self, member: str) -> None:
        """Remove a dead process's connections from its tables."""
        key = self.membership.key(f"proc:{member}:tables")
        codes = [c.decode() for c in self.hub.registry.store.redis.smembers(key)]
        log.info("process %s is gone: cleaning %d table(s)", member, len(codes))
        failed = False
        for code in codes:
            table = self.hub.registry.get(code)
            if table is None:
                continue
            try:
                with table.lock:
                    gone = [sid for sid, proc in table.procs.items() if proc == member]
                    before = table.presence()
                    for sid in gone:
                        table.detach(sid)
                        table.procs.pop(sid, None)
                    if self.hub.drop_watchers(table, member) or before != table.presence():
                        self.hub.commit(table)
                    else:
                        self.hub.touch(table)
            except Refused as exc:
                log.warning("cannot clean table %s now: %s", code, exc.message)
                failed = True  # tried again once this claim expires
        if not failed:
            self.hub.registry.store.redis.delete(key)
            self.membership.forget(member)


def build(app, socketio, url: str):
    """The registry and hub of a scale-out process, its bots, heartbeat and janitor started."""
    config = app.config
    prefix = config["TICHU_REDIS_PREFIX"]
    store = RedisStore.from_url(url, prefix)
    membership = Membership(store.redis, prefix, ttl=float(config["TICHU_LEASE_SECONDS"]))
    registry = SharedRegistry(store, membership, channel=socketio.server.manager.channel,
                              testing=config["TICHU_TESTING"],
                              idle_seconds=config["TICHU_IDLE_SECONDS"],
                              bomb_window=bomb_window_default(config))
    hub = SharedHub(registry, socketio, membership, clock=clocks.configured(config))
    registry.hub = hub
    socketio.server.manager.wanted = hub.holds_connections  # other tables' messages: dropped unread
    membership.start()
    bots = SharedBots(hub, registry, membership, delay=config["TICHU_BOT_DELAY"],
                      workers=config["TICHU_BOT_WORKERS"])
    hub.bots = bots
    # Deadlines (grace periods, turn timers, bomb windows) are watched where the bots run.
    hub.timers = SharedTimers(hub.expire, bots, clock=hub.clock, poll=clocks.poll_seconds(hub.clock))
    registry.on_load = hub.loaded
    janitor = Janitor(hub, bots, membership)
    janitor.start()
    app.extensions["tichu_cluster"] = {"membership": membership, "janitor": janitor}
    return store, registry, hub
