"""Processes of a scale-out and what each one holds: heartbeats, leases, the table lock.

- Every process writes a heartbeat key that expires after `ttl` seconds unless
  renewed (every ttl/4 s); a process whose key is gone is dead (killed, frozen,
  cut off), and its leftovers are taken over (`Membership.dead`).
- A lease gives one process a job, for example running the bots of a table.
  It is a key holding the process's id with the same expiry, renewed with the
  heartbeat; when the holder dies the key expires and another process takes it.
- `TableLock` is a table's lock across processes: a thread lock of this process
  (the process's own threads wait for each other here, at no cost to Redis)
  around a Redis key with a token and an expiry. Taking it reads the table's
  stored version in the same round trip, and the outermost holder runs
  `on_acquire(version)` (catch up with what other processes wrote). Messages
  for the other processes (`defer`) are published with the release, in the same
  script: one round trip, and the next holder's messages can only follow them.
  Reentrant within a thread, like the `threading.RLock` a table has when it
  lives in one process.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import threading
import time

from redis.exceptions import RedisError

from ..errors import Refused

log = logging.getLogger(__name__)

# Renew a lease only while this process still holds it.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# KEYS: the lock, the hash whose field ARGV[3] is read. ARGV: token, expiry in ms, field.
# Returns the field (0 if absent) once the lock is taken, -1 while another holds it.
_LOCK = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return tonumber(redis.call('HGET', KEYS[2], ARGV[3]) or '0')
end
return -1
"""
# KEYS: the lock. ARGV: token, channel, message ('' for none). The message is published
# even when the lock expired meanwhile: what it tells was stored (the store checks versions).
_UNLOCK = """
local held = redis.call('GET', KEYS[1]) == ARGV[1]
if held then redis.call('DEL', KEYS[1]) end
if ARGV[3] ~= '' then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
if held then return 1 end
return 0
"""

LOCK_SECONDS = 5.0  # a lock of a killed process frees itself after this long
LOCK_WAIT_SECONDS = 10.0  # how long a request waits for a busy table before it is refused
LOCK_POLL_SECONDS = 0.002  # how often a taken lock is tried again


class Membership:
    """This process among the others: its heartbeat and its leases."""

    def __init__(self, client, prefix: str = "tichu:", ttl: float = 5.0):
        self.redis = client
        self.prefix = prefix
        self.ttl_ms = int(ttl * 1000)
        self.id = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)
        self._held: set[str] = set()
        self._held_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._leaving = False  # draining: no lease is taken any more

    # -- heartbeat -----------------------------------------------------------------------

    def key(self, name: str) -> str:
        return f"{self.prefix}{name}"

    def start(self) -> None:
        self.beat()
        self._thread = threading.Thread(target=self._loop, name="heartbeat", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _loop(self) -> None:
        while not self._stop.wait(self.ttl_ms / 4000):
            try:
                self.beat()
            except RedisError as exc:
                log.warning("heartbeat failed: %s", exc)

    def beat(self) -> None:
        """Say this process lives, and renew its leases (dropping the ones it lost)."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(self.key(f"proc:{self.id}"), 1, px=self.ttl_ms)
            pipe.sadd(self.key("procs"), self.id)
            pipe.execute()
        with self._held_lock:
            held = list(self._held)
        lost = [name for name in held
                if not self._renew(keys=[self.key(f"lease:{name}")], args=[self.id, self.ttl_ms])]
        if lost:
            with self._held_lock:
                self._held.difference_update(lost)
            log.warning("lost leases: %s", ", ".join(lost))

    def dead(self) -> list[str]:
        """Processes that were members and whose heartbeat has expired."""
        members = [m.decode() for m in self.redis.smembers(self.key("procs"))]
        others = [m for m in members if m != self.id]
        if not others:
            return []
        with self.redis.pipeline(transaction=False) as pipe:
            for member in others:
                pipe.exists(self.key(f"proc:{member}"))
            alive = pipe.execute()
        return [m for m, a in zip(others, alive) if not a]

    def claim_reaping(self, member: str) -> bool:
        """One process cleans up after a dead one: the first to ask."""
        return bool(self.redis.set(self.key(f"reap:{member}"), self.id, nx=True, px=60_000))

    def forget(self, member: str) -> None:
        self.redis.srem(self.key("procs"), member)

    # -- leases --------------------------------------------------------------------------

    def holds(self, name: str) -> bool:
        with self._held_lock:
            return name in self._held

    def take(self, name: str) -> bool:
        """Hold the lease `name` (True), or see that another process holds it (False)."""
        if self.holds(name):
            return True
        if self._leaving:
            return False
        key = self.key(f"lease:{name}")
        if self.redis.set(key, self.id, nx=True, px=self.ttl_ms) or self.redis.get(key) == self.id.encode():
            with self._held_lock:
                self._held.add(name)
            return True
        return False

    def release(self, name: str) -> None:
        with self._held_lock:
            self._held.discard(name)
        self._release(keys=[self.key(f"lease:{name}")], args=[self.id])

    @property
    def leaving(self) -> bool:
        return self._leaving

    def hand_over(self) -> list[str]:
        """Draining: take no lease any more and release every one held now, so the others
        take them at their next look instead of after the expiry. The names released."""
        self._leaving = True
        with self._held_lock:
            held = list(self._held)
        for name in held:
            self.release(name)
        if held:  # the others' janitors look now, not at their next tick (janitor.py)
            self.redis.publish(self.handover_channel, self.id)
        return held

    @property
    def handover_channel(self) -> str:
        """Where a draining process says it released its leases."""
        return self.key("handover")

    def leave(self) -> None:
        """Stop the heartbeat and say so at once: the others clean up after this process now."""
        self.stop()
        self.redis.delete(self.key(f"proc:{self.id}"))

    def holder(self, name: str) -> str | None:
        value = self.redis.get(self.key(f"lease:{name}"))
        return value.decode() if value is not None else None


class TableLock:
    """A table's lock across processes (see the module's doc).

    `watch`: (hash key, field) read when the lock is taken, given to `on_acquire`.
    `channel`, `encode` and `fallback`: where deferred messages are published with the
    release, as what text (`encode(messages)`), and who publishes them (with retries) if
    that release fails.
    """

    def __init__(self, client, name: str, watch: tuple[str, str], on_acquire, channel: str = "",
                 encode=json.dumps, fallback=None):
        self._local = threading.RLock()
        self._depth = 0  # changed only by the thread holding _local
        self._owner = None  # that thread
        self._token = ""
        self._keys = [name, watch[0]]
        self._field = watch[1]
        self._lock = client.register_script(_LOCK)
        self._unlock = client.register_script(_UNLOCK)
        self._on_acquire = on_acquire
        self._channel = channel
        self._encode = encode
        self._fallback = fallback
        self._outbox: list = []

    def held(self) -> bool:
        """Whether the calling thread holds the lock."""
        return self._depth > 0 and self._owner == threading.get_ident()

    def defer(self, messages: list) -> None:
        """Publish these messages when the lock is released (held by the caller)."""
        self._outbox.extend(messages)

    def acquire(self, blocking: bool = True) -> bool:
        """Like a lock's acquire; raises Refused when Redis cannot be reached or the table
        stays busy past LOCK_WAIT_SECONDS (a blocking wait never returns False)."""
        if not self._local.acquire(blocking):
            return False
        if self._depth == 0:
            try:
                version = self._take(blocking)
                if version is None:
                    if not blocking:
                        self._local.release()
                        return False
                    raise Refused("busy", "the table is busy; please try again")
            except RedisError as exc:
                self._local.release()
                log.warning("Redis unavailable: %s", exc)
                raise Refused("store_unavailable", "the server cannot reach its store; please try again") \
                    from None
            except BaseException:
                self._local.release()
                raise
            self._owner = threading.get_ident()
            self._depth = 1
            try:
                self._on_acquire(version)
            except BaseException:
                self._depth = 0
                self._release_redis()
                self._local.release()
                raise
            return True
        self._depth += 1
        return True

    def _take(self, blocking: bool) -> int | None:
        """Take the Redis key: the watched field's value, or None if busy past the wait."""
        token = secrets.token_hex(8)
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while True:
            value = self._lock(keys=self._keys, args=[token, int(LOCK_SECONDS * 1000), self._field])
            if value >= 0:
                self._token = token
                return value
            if not blocking or time.monotonic() >= deadline:
                return None
            time.sleep(LOCK_POLL_SECONDS)

    def release(self) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._owner = None
            self._release_redis()
        self._local.release()

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()
        return False

    def _release_redis(self):
        messages, self._outbox = self._outbox, []
        text = self._encode(messages) if messages else ""
        try:
            held = self._unlock(keys=self._keys[:1], args=[self._token, self._channel, text])
        except RedisError as exc:
            log.warning("cannot release a table lock: %s", exc)
            if messages and self._fallback is not None:
                self._fallback(messages)
            return
        if not held:
            # Held past its expiry (a stalled process): the version check kept the data right.
            log.warning("a table lock expired while held")
