"""Whether the store can take changes now: the store's part of `/readyz` (pages/health.py).

- SQLite: a write in a transaction, rolled back (`SQLiteStore.check_writable`).
- Redis: a PING answered within `REDIS_SECONDS`, on a connection of its own with that
  timeout (the store's connections wait as long as Redis takes: a frozen Redis would hang
  the check as it hangs the tables).
- memory: always.
"""

from __future__ import annotations

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

REDIS_SECONDS = 1.0


class StoreCheck:
    def __init__(self, store):
        self.store = store
        self._probe = None  # the Redis client of the check, made once
        if store.kind == "redis":
            pool = store.redis.connection_pool
            kwargs = dict(pool.connection_kwargs)
            kwargs.update(socket_timeout=REDIS_SECONDS, socket_connect_timeout=REDIS_SECONDS,
                          retry=Retry(NoBackoff(), 0), health_check_interval=0)  # one try, bounded
            kwargs.pop("retry_on_timeout", None)
            self._probe = redis.Redis(connection_pool=redis.ConnectionPool(
                connection_class=pool.connection_class, max_connections=4, **kwargs))

    def problem(self) -> str | None:
        """None if the store can take a change now, else what is wrong, in a few words."""
        try:
            if self._probe is not None:
                self._probe.ping()
            elif self.store.kind == "sqlite":
                self.store.check_writable()
        except redis.TimeoutError:
            return f"redis did not answer within {REDIS_SECONDS:g} s"
        except redis.RedisError as exc:
            return f"redis: {str(exc)[:120]}"
        except Exception as exc:  # StoreUnavailable, or anything the disk says
            return f"{self.store.kind}: {str(exc)[:120]}"
        return None
