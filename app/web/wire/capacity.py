"""How many connections this process holds against how many it can.

- threading mode: each open connection keeps one of gunicorn's threads. Once all
  are taken, a new connection waits, unanswered, until one is free.
- gevent mode: a connection costs no thread but two open files (gevent's server
  keeps its socket, simple-websocket works on a duplicate). Once the process's
  open files limit is reached, a new connection is refused.

Either way nothing tells the person why the table does not load, so the operator
is told: one warning when the connections reach 90% of what the process can
hold, and again only after they fell below 75% (`TICHU_THREADS`, or the open
files limit, raises the number; several processes share the load).
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)

HIGH, LOW = 0.9, 0.75
FILES_PER_CONNECTION = 2
FILES_KEPT = 64  # the store, Redis, logs, the listening socket and page requests
FILES_PER_REVIEW_WORKER = 2  # the pipes to its stdin and from its stdout


class Capacity:
    def __init__(self, limit: int | None, what: str = "threads",
                 then: str = "beyond that, new connections wait unanswered",
                 advice: str = "raise TICHU_THREADS, or run more processes"):
        self.limit = limit  # None: nothing to watch
        self.what = what  # of what `limit` counts the connections
        self.then = then
        self.advice = advice
        self._open: set[str] = set()  # sids: a repeated "connect" event counts once
        self._warned = False
        self._lock = threading.Lock()

    @classmethod
    def of_open_files(cls, soft_limit: int, review_workers: int = 0) -> Capacity:
        """gevent mode: the connections the open files limit leaves room for, besides the
        files the process keeps and its review workers' pipes."""
        kept = FILES_KEPT + FILES_PER_REVIEW_WORKER * max(0, review_workers)
        limit = max(1, (soft_limit - kept) // FILES_PER_CONNECTION)
        return cls(limit, f"connections its open files limit ({soft_limit}) allows",
                   "beyond that, new connections are refused",
                   "raise the limit: ulimit -n, or LimitNOFILE in systemd; or run more processes")

    @property
    def open(self) -> int:
        return len(self._open)

    def opened(self, sid: str) -> None:
        with self._lock:
            self._open.add(sid)
            count = len(self._open)
            if self.limit is None or self._warned or count < HIGH * self.limit:
                return
            self._warned = True
        log.warning("%d connections hold %d%% of the %d %s: %s (%s)", count,
                    round(100 * count / self.limit), self.limit, self.what, self.then, self.advice)

    def closed(self, sid: str) -> None:
        with self._lock:
            self._open.discard(sid)
            if self.limit is not None and len(self._open) < LOW * self.limit:
                self._warned = False
