"""Schedules the bot seats' turns of all tables (one turn: bot_turns.py).

After every accepted change the hub pokes the table's runner entry. After a
short pause (so people can follow the play) a worker of a small pool takes the
table's turn; a change while it runs asks for another turn once it ends. A
table dropped from memory rests until it is loaded again.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from ..table import log_context
from ..table.table import PLAYING, Table
from .bot_turns import take_turn
from .clocks import waiting_seconds

__all__ = ["BotRunner", "first_lead_pause_default"]

log = logging.getLogger(__name__)


def first_lead_pause_default(config) -> float:
    """`TICHU_FIRST_LEAD_PAUSE`, else 2.5 s (0 in testing mode, so tests play at speed)."""
    return float(waiting_seconds(config, "TICHU_FIRST_LEAD_PAUSE", 2.5))


class BotRunner:
    def __init__(self, hub, registry, delay: float = 0.6, workers: int = 4, think=None,
                 first_lead_pause: float = 0.0):
        self.hub = hub
        # Seconds more before a round's first lead where people sit: time to see the cards
        # the exchange brought them before a bot's lead draws the eye to the trick.
        self.first_lead_pause = max(0.0, float(first_lead_pause))
        # think(fn, args) runs a bot's decision: under gevent in a real thread, so a strong
        # bot's search never stalls the other tables (async_mode.thinker).
        self._think = think or (lambda fn, args=(): fn(*args))
        self.registry = registry
        self.delay = max(0.0, float(delay))
        self._cond = threading.Condition()
        self._heap: list = []  # (due time, sequence, table code)
        self._seq = itertools.count()
        self._scheduled: set[str] = set()
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bots")
        self._stopped = False
        self._thread = threading.Thread(target=self._schedule_loop, name="bot-scheduler", daemon=True)
        self._thread.start()

    def think(self, fn, *args):
        """Run a bot's thinking as the bots' turns do: under gevent in a real thread, so a
        search never stalls the other tables (a hint's suggestion uses it too)."""
        return self._think(fn, args)

    # -- scheduling ------------------------------------------------------------------------

    def poke(self, table: Table) -> None:
        """The table changed: let its bots look at it after the pause."""
        if table.status != PLAYING or not table.deciders():
            return
        with self._cond:
            if table.code in self._running:
                self._again.add(table.code)
            elif table.code not in self._scheduled:
                self._push(table.code, self.pause_for(table))

    def pause_for(self, table: Table) -> float:
        """The extra pause before the bots' turn (lock held): the first lead's, at a round's start
        after the exchange where a person plays; else none."""
        if not self.first_lead_pause:
            return 0.0
        view = table.view(None)
        if view is None or view["phase"] != "play" or view["trick"]["plays"] or view["last_trick"]:
            return 0.0
        people = any(seat.owner is not None and seat.bot is None for seat in table.seats)
        return self.first_lead_pause if people else 0.0

    def _push(self, code: str, pause: float = 0.0):
        self._scheduled.add(code)
        heapq.heappush(self._heap, (time.monotonic() + self.delay + pause, next(self._seq), code))
        self._cond.notify_all()

    def _schedule_loop(self):
        with self._cond:
            while not self._stopped:
                if not self._heap:
                    self._cond.wait()
                    continue
                due, _, code = self._heap[0]
                wait = due - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                heapq.heappop(self._heap)
                self._scheduled.discard(code)
                self._running.add(code)
                try:
                    self._pool.submit(self._run, code)
                except RuntimeError:  # the pool is shut down
                    self._running.discard(code)

    def _run(self, code: str):
        try:
            table = self.registry.loaded(code)  # a table dropped from memory rests until loaded
            if table is not None:
                with log_context.about(code):
                    self.turn(table)
        except Exception:
            log.exception("bot turn failed at table %s", code)
        finally:
            with self._cond:
                self._running.discard(code)
                if code in self._again:
                    self._again.discard(code)
                    if code not in self._scheduled:
                        self._push(code)
                self._cond.notify_all()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until no bot has anything scheduled or running (for tests); False on timeout."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._heap or self._running:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def stop(self):
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def settle(self, timeout: float) -> bool:
        """Stop taking turns, then wait for the turns running now to end (the drain before the
        process stops); False if they did not within `timeout` seconds."""
        self.stop()
        end = time.monotonic() + timeout
        with self._cond:
            while self._running:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    # -- one round of decisions -------------------------------------------------------------

    def turn(self, table: Table) -> bool:
        """Ask the table's bots once; apply at most one decision. True if one was applied."""
        return take_turn(table, self.hub, self._think, self.poke)
