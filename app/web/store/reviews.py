"""Where finished round reviews are kept, so the same review is never computed twice.

A review is a function of the record's rounds up to the one reviewed, the seat and the
settings (`app/web/live/reviews.py` makes the key, a SHA-256 of those), so it can be kept
for good and found again for the same request (the replay viewer's keys hash the whole,
finished record).
One small interface, `ReviewShelf` (`get_text(key)`, `put_text(key, text)`: the review's JSON
text as the worker wrote it, so the server never serializes it again; `get`, `put`: values),
three homes beside the table store:

- `SQLiteShelf`: a table `reviews` in its own database file, `reviews.sqlite` in the data
  directory next to the tables' (a review is rebuilt if the file is lost; the tables'
  database stays as it is);
- `RedisShelf`: one key per review, `{prefix}review:{key}`, kept for `REDIS_DAYS` days: a
  review made by one process of a scale-out is found by every other;
- `MemoryShelf`: `TICHU_PERSIST=0` (and tests): this process's memory, the latest `MEMORY_MAX`.

A review being made is claimed on the shelf (`claim(key, seconds)`, `release(key)`), so
that it is made once also where several processes share one: Redis keeps the claim in a
key of its own (`{prefix}review-making:{key}`, set only if absent, expiring after
`seconds` in case its process dies); the other homes serve one process, which keeps its
own reviews in flight (`claim` is always granted there).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections import OrderedDict
from pathlib import Path

FILE_NAME = "reviews.sqlite"
REDIS_DAYS = 30
MEMORY_MAX = 1000


class ReviewShelf:
    kind = "none"

    def get_text(self, key: str) -> str | None:
        raise NotImplementedError

    def put_text(self, key: str, text: str) -> None:
        raise NotImplementedError

    def get(self, key: str) -> dict | None:
        text = self.get_text(key)
        return None if text is None else json.loads(text)

    def put(self, key: str, review: dict) -> None:
        self.put_text(key, json.dumps(review, separators=(",", ":")))

    def claim(self, key: str, seconds: float) -> bool:
        """Whether this process may make the review of `key`: False while another one does."""
        return True

    def claimed(self, key: str) -> bool:
        """Whether another process is making it now."""
        return False

    def release(self, key: str) -> None:
        """The review of `key` is made (and put), or failed: others may claim it."""

    def close(self) -> None:
        pass


class MemoryShelf(ReviewShelf):
    kind = "memory"

    def __init__(self, limit: int = MEMORY_MAX):
        self._kept: OrderedDict[str, str] = OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def get_text(self, key: str) -> str | None:
        with self._lock:
            return self._kept.get(key)

    def put_text(self, key: str, text: str) -> None:
        with self._lock:
            self._kept[key] = text
            while len(self._kept) > self._limit:
                self._kept.popitem(last=False)


class SQLiteShelf(ReviewShelf):
    kind = "sqlite"

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._conn = None  # opened at the first review: a server nobody asks for one keeps no files open

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout = 5000")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")  # a review lost in a crash is made again
            db.execute("CREATE TABLE IF NOT EXISTS reviews (key TEXT PRIMARY KEY, review TEXT NOT NULL, "
                       "made REAL NOT NULL)")
            self._conn = db
        return self._conn

    def get_text(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT review FROM reviews WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def put_text(self, key: str, text: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO reviews (key, review, made) VALUES (?, ?, ?)",
                             (key, text, time.time()))

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


class RedisShelf(ReviewShelf):
    kind = "redis"

    def __init__(self, client, prefix: str = "tichu:"):
        self.redis = client
        self.prefix = prefix

    def get_text(self, key: str) -> str | None:
        text = self.redis.get(f"{self.prefix}review:{key}")
        return text.decode() if isinstance(text, bytes) else text

    def put_text(self, key: str, text: str) -> None:
        self.redis.set(f"{self.prefix}review:{key}", text, ex=REDIS_DAYS * 86400)

    def claim(self, key: str, seconds: float) -> bool:
        return bool(self.redis.set(f"{self.prefix}review-making:{key}", "1", nx=True,
                                   ex=max(1, int(seconds))))

    def claimed(self, key: str) -> bool:
        return bool(self.redis.exists(f"{self.prefix}review-making:{key}"))

    def release(self, key: str) -> None:
        self.redis.delete(f"{self.prefix}review-making:{key}")


def open_shelf(config, store=None) -> ReviewShelf:
    """The shelf beside the table store the configuration chose."""
    if store is not None and getattr(store, "kind", None) == "redis":
        return RedisShelf(store.redis, config.get("TICHU_REDIS_PREFIX", "tichu:"))
    if not config.get("TICHU_PERSIST", True):
        return MemoryShelf()
    return SQLiteShelf(Path(config["TICHU_DATA_DIR"]) / FILE_NAME)
