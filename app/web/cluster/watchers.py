"""Token-less watchers, counted across processes.

Only their number is public, so a process never stores them with the table: it notes
its own in a Redis hash per table (`t:{code}:watchers`, sid -> process), and the count
of that hash is what every process shows (the hub stores it as `extra.watchers` when it
moves). A dead process's entries are dropped by the janitor.
"""

from __future__ import annotations

import logging

import redis

log = logging.getLogger(__name__)


class Watchers:
    def __init__(self, store, me: str):
        self.store = store  # the RedisStore: its client and its key names
        self.me = me  # this process's id
        self._noted: dict[str, set[str]] = {}  # table code -> the sids noted for it by this process

    def key(self, code: str) -> str:
        return self.store.key(code) + ":watchers"

    def note(self, code: str, here: set[str]) -> bool:
        """This process's token-less watchers of the table are `here` now (its lock held);
        True if that changed what Redis holds."""
        before = self._noted.get(code, set())
        if here == before:
            return False
        key = self.key(code)
        try:
            with self.store.redis.pipeline(transaction=False) as pipe:
                for sid in here - before:
                    pipe.hset(key, sid, self.me)
                if before - here:
                    pipe.hdel(key, *(before - here))
                pipe.execute()
        except redis.RedisError as exc:  # the count is off until the next change; nothing else
            log.warning("cannot note the watchers of table %s: %s", code, exc)
            return False
        if here:
            self._noted[code] = here
        else:
            self._noted.pop(code, None)  # bounded by the tables with watchers here
        return True

    def count(self, code: str, fallback: int) -> int:
        """The token-less watchers of every process (`fallback` when Redis cannot say)."""
        try:
            return int(self.store.redis.hlen(self.key(code)))
        except redis.RedisError as exc:
            log.warning("cannot count the watchers of table %s: %s", code, exc)
            return fallback or 0

    def drop(self, code: str, member: str) -> bool:
        """Forget a dead process's watchers of the table; False if Redis cannot be reached
        (the janitor tries again)."""
        key = self.key(code)
        try:
            gone = [sid for sid, proc in self.store.redis.hgetall(key).items() if proc.decode() == member]
            if gone:
                self.store.redis.hdel(key, *gone)
        except redis.RedisError as exc:
            log.warning("cannot drop the watchers of table %s: %s", code, exc)
            return False
        return True
