"""Bots and deadlines of a table run in the one process that holds its lease (`runs:{code}`)."""

from __future__ import annotations

import logging

import redis

from ..live.bots_runner import BotRunner
from ..live.timers import Timers
from ..table.table import Table
from .leases import Membership
from .rooms import needs_runner, run_lease

log = logging.getLogger(__name__)


class SharedBots(BotRunner):
    """A table's bots run in the process that holds its lease (`run_lease`), which also
    watches its deadlines (`SharedTimers`)."""

    def __init__(self, hub, registry, membership: Membership, delay: float, workers: int,
                 first_lead_pause: float = 0.0):
        super().__init__(hub, registry, delay=delay, workers=workers, first_lead_pause=first_lead_pause)
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
        if self.membership.leaving:
            return  # draining: the others take them
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
