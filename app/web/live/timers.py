"""Grace periods and turn timers: one scheduler thread for the deadlines of every table.

The deadlines themselves live on the tables' seats (seats.py), as wall-clock
times saved with the table, so a restart keeps them: the server `watch`es
every table it loads and a deadline that passed meanwhile fires at once.
This module only knows when to look again: after every accepted change the
hub calls `watch(table)`, which (re)schedules the table's earliest deadline;
when it is due, `fire(code)` runs on the scheduler's thread (the hub takes
the table's lock, lets the table act on what ran out and commits).

`start()` and `stop()` bound the thread's life, so a deployment that runs a
table's timers in only one process at a time can start and stop them there.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Timers:
    def __init__(self, fire: Callable[[str], None], clock: Callable[[], float] = time.time,
                 poll: float = 60.0):
        self.fire = fire  # fire(code): a deadline of table `code` is due
        self.clock = clock
        self.poll = poll  # the longest sleep without a look at the clock (clocks.poll_seconds)
        self._cond = threading.Condition()
        self._heap: list = []  # (due time, sequence, table code); stale entries are skipped
        self._due: dict[str, float] = {}  # table code -> its earliest deadline
        self._seq = itertools.count()
        self._thread: threading.Thread | None = None
        self._stopped = False

    def watch(self, table) -> None:
        """Schedule the table's earliest deadline (or forget the table if it has none)."""
        due = table.next_deadline()
        with self._cond:
            if due is None:
                self._due.pop(table.code, None)
            else:
                self._schedule(table.code, due)

    def forget(self, code: str) -> None:
        """No deadline of table `code` is watched here any more."""
        with self._cond:
            self._due.pop(code, None)

    def later(self, code: str, seconds: float) -> None:
        """Look at table `code` again in `seconds` (after a change the store refused)."""
        with self._cond:
            self._schedule(code, self.clock() + seconds)

    def _schedule(self, code: str, due: float) -> None:
        if self._due.get(code) == due:
            return
        self._due[code] = due
        heapq.heappush(self._heap, (due, next(self._seq), code))
        self._cond.notify_all()

    def watched(self) -> int:
        """How many tables have a deadline watched here."""
        with self._cond:
            return len(self._due)

    def due(self, code: str) -> float | None:
        """When table `code` is looked at next (None: no deadline)."""
        with self._cond:
            return self._due.get(code)

    def wake(self) -> None:
        """Look at the clock again now (after the clock was moved on, in tests)."""
        with self._cond:
            self._cond.notify_all()

    def start(self) -> None:
        with self._cond:
            if self._thread is not None:
                return
            self._stopped = False
            self._thread = threading.Thread(target=self._loop, name="timers", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
            thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(5)

    def _loop(self) -> None:
        while True:
            with self._cond:
                code = self._next_due()
                if code is None:
                    return  # stopped
            try:
                self.fire(code)
            except Exception:  # one table's trouble must not stop every table's timers
                log.exception("timer of table %s failed", code)

    def _next_due(self) -> str | None:
        """Wait (lock held) for the next due deadline; None once stopped."""
        while not self._stopped:
            if not self._heap:
                self._cond.wait()
                continue
            due, _, code = self._heap[0]
            if self._due.get(code) != due:
                heapq.heappop(self._heap)  # rescheduled or forgotten since
                continue
            wait = due - self.clock()
            if wait > 0:
                self._cond.wait(min(wait, self.poll))  # wakes for earlier deadlines and clock changes
                continue
            heapq.heappop(self._heap)
            del self._due[code]
            return code
        return None
