"""SQLite's write-ahead log copied into the database on a thread of its own.

Left to itself, SQLite checkpoints inside whichever commit takes the log past 1,000
pages: that commit waits for the database file's fsync, and so does every other
table's change queued behind it on the store's lock. Measured with
bench/flood_bench.py (ten tables, an action a second each): a stall of 13-17 ms
about twenty seconds in, the slowest acknowledgement of the run, three to four times
the p99. Here a thread checkpoints every second on a connection of its own (PASSIVE:
it never waits for or blocks a writer), and the commits' own automatic checkpoint is
kept only as a backstop, far off.

The thread is an operating-system thread even under gevent (whose patched threads are
greenlets on the event loop, where an fsync would stop every table).
"""

from __future__ import annotations

import _thread
import logging
import sqlite3
from pathlib import Path

from ..async_mode import gevent_patched

log = logging.getLogger(__name__)

INTERVAL = 1.0  # seconds between checkpoints: the log stays at about a second of changes
BACKSTOP_PAGES = 20_000  # the commits' own checkpoint, should this thread fall behind (~80 MB)


def _os_threads():
    """(start_new_thread, allocate_lock) of the operating system, also when gevent has patched them."""
    if not gevent_patched():
        return _thread.start_new_thread, _thread.allocate_lock
    from gevent import monkey
    return tuple(monkey.get_original("_thread", ["start_new_thread", "allocate_lock"]))


class WalCheckpointer:
    def __init__(self, path: str | Path, interval: float = INTERVAL):
        start_thread, new_lock = _os_threads()
        self.path = str(path)
        self.interval = interval
        self.checkpoints = 0  # done so far (for tests)
        self.running = True
        self._stopping = new_lock()
        self._stopping.acquire()  # released by stop(): the thread's wait ends at once
        self._stopped = new_lock()
        self._stopped.acquire()
        start_thread(self._run, ())

    def stop(self, timeout: float = 5.0) -> None:
        try:
            self._stopping.release()
        except RuntimeError:
            return  # stopped already
        self._stopped.acquire(timeout=timeout)

    def _run(self) -> None:
        db = None
        failing = False
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout = 1000")
            while not self._stopping.acquire(timeout=self.interval):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    self.checkpoints += 1
                    failing = False
                except sqlite3.Error as exc:
                    if not failing:  # one line when it starts failing (a read-only disk), not one a second
                        log.warning("checkpoint of %s failed: %s", self.path, exc)
                    failing = True
        except sqlite3.Error as exc:
            log.warning("no checkpoint thread for %s: %s", self.path, exc)
        finally:
            if db is not None:
                db.close()
            self.running = False
            self._stopped.release()
