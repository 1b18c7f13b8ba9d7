"""After a process dies: its connections leave their tables, and its tables' bots and
deadlines resume in a living process.

It looks every second, and at once when a draining process says on the membership's
handover channel that it released its leases: a restart then stalls its tables for a
moment, not for up to a second more."""

from __future__ import annotations

import logging
import threading

from ..errors import Refused
from .hub import SharedHub
from .leases import Membership
from .runner import SharedBots

log = logging.getLogger(__name__)


class Janitor:
    """Cleans up after dead processes, every `interval` seconds (see the module's doc)."""

    def __init__(self, hub: SharedHub, bots: SharedBots, membership: Membership, interval: float = 1.0):
        self.hub = hub
        self.bots = bots
        self.membership = membership
        self.interval = interval
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="janitor", daemon=True)
        self._listener = threading.Thread(target=self._listen, name="janitor-handover", daemon=True)

    def start(self):
        self._thread.start()
        self._listener.start()

    def stop(self):
        self._stop.set()
        self._wake.set()

    def _loop(self):
        while True:
            self._wake.wait(self.interval)
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                self.sweep()
            except Exception:
                log.exception("janitor sweep failed")

    def _listen(self):
        """Wake the sweep when another process hands its tables over."""
        redis = self.hub.registry.store.redis
        while not self._stop.is_set():
            pubsub = redis.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(self.membership.handover_channel)
                for _message in pubsub.listen():
                    if self._stop.is_set():
                        return
                    self._wake.set()
            except Exception as exc:  # Redis away: the sweep's own tick goes on; listen again
                log.debug("janitor: handover channel: %s", exc)
                self._stop.wait(self.interval)
            finally:
                pubsub.close()

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
