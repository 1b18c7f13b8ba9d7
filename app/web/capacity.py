"""How many connections this process holds against how many it can: its threads.

In threading mode each open connection keeps one of gunicorn's threads. Once all
are taken, a new connection waits, unanswered, until one is free, and nothing tells
the person why the table does not load. So the operator is told: one warning when
the connections reach 90% of the threads, and again only after they fell below 75%
(`TICHU_THREADS` raises the number; several processes share the load).
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)

HIGH, LOW = 0.9, 0.75


class Capacity:
    def __init__(self, threads: int | None):
        self.threads = threads  # None: not bounded by threads (gevent), nothing to watch
        self._open: set[str] = set()  # sids: a repeated "connect" event counts once
        self._warned = False
        self._lock = threading.Lock()

    @property
    def open(self) -> int:
        return len(self._open)

    def opened(self, sid: str) -> None:
        with self._lock:
            self._open.add(sid)
            count = len(self._open)
            if self.threads is None or self._warned or count < HIGH * self.threads:
                return
            self._warned = True
        log.warning("%d connections hold %d%% of the %d threads: at %d, new connections wait unanswered "
                    "(raise TICHU_THREADS, or run more processes)", count, round(100 * count / self.threads),
                    self.threads, self.threads)

    def closed(self, sid: str) -> None:
        with self._lock:
            self._open.discard(sid)
            if self.threads is not None and len(self._open) < LOW * self.threads:
                self._warned = False
