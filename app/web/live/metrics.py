"""The process's Prometheus metrics (prometheus-client), served at `/metrics` (pages/health.py).

Counters and histograms are updated where the work happens (a few hundred nanoseconds
each); what is a count of something held in memory (tables, connections, the review
queue) is read only when Prometheus scrapes, by `AppGauges`. Every server process has
its own: each one is scraped on its own port (docs/runtime.md lists the names).
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from contextlib import contextmanager

from prometheus_client import REGISTRY, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily

# Seconds, from a fast acknowledgement to a slow store or a strong bot's think.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
SLOW = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

EVENTS = Counter("tichu_events", "Socket.IO requests answered, by event and result ('ok' or the "
                 "refusal's code)", ["event", "result"])
ACK_SECONDS = Histogram("tichu_ack_seconds", "Time from a request's arrival to its acknowledgement",
                        ["event"], buckets=FAST)
STORE_COMMIT_SECONDS = Histogram("tichu_store_commit_seconds", "Time to store one accepted change",
                                 buckets=FAST)
BOT_DECISION_SECONDS = Histogram("tichu_bot_decision_seconds", "Time a bot takes for one decision",
                                 ["level"], buckets=FAST)
HINT_SECONDS = Histogram("tichu_hint_seconds", "Time to make one hint", buckets=SLOW)
REVIEW_SECONDS = Histogram("tichu_review_seconds", "Time a review worker takes for one round review",
                           buckets=SLOW)
TABLES_CREATED = Counter("tichu_tables_created", "Tables created in this process")
GAMES_OVER = Counter("tichu_games_over", "Games played to their end in this process")


@contextmanager
def timed(histogram, **labels):
    """Observe the time the block takes in `histogram` (with these labels)."""
    start = time.perf_counter()
    try:
        yield
    finally:
        (histogram.labels(**labels) if labels else histogram).observe(time.perf_counter() - start)


class AppGauges:
    """Counts read at scrape time from the parts of each app in this process (tests hold
    several apps in one process; a server holds one)."""

    def __init__(self):
        self._sources: list[tuple[weakref.ref, Callable]] = []
        self._lock = threading.Lock()

    def watch(self, owner, read: Callable[[object], dict[str, float]]) -> None:
        """`read(owner)` -> {gauge name: value}, summed over the owners still alive."""
        with self._lock:
            self._sources.append((weakref.ref(owner), read))

    def describe(self):
        return []  # nothing to check at registration: the names come with each collection

    def collect(self):
        totals: dict[str, float] = dict.fromkeys(GAUGES, 0.0)
        with self._lock:
            self._sources = [(ref, read) for ref, read in self._sources if ref() is not None]
            sources = list(self._sources)
        for ref, read in sources:
            owner = ref()
            if owner is None:
                continue
            for name, value in read(owner).items():
                totals[name] += value
        for name, help_text in GAUGES.items():
            yield GaugeMetricFamily(name, help_text, value=totals[name])


GAUGES = {
    "tichu_tables_in_memory": "Tables held in this process's memory",
    "tichu_tables_open": "Tables in memory with at least one connection of this process",
    "tichu_connections": "Socket.IO connections open to this process",
    "tichu_review_queue": "Round reviews waiting for a review worker",
    "tichu_draining": "1 while the process drains before it stops, else 0",
}

APP_GAUGES = AppGauges()
REGISTRY.register(APP_GAUGES)
