"""Fewer, later garbage collections for the processes that keep tables and run bots.

Reference counting frees almost everything these processes make (a game's documents
are trees; a search's deals die with it), so the cyclic collector finds next to
nothing, yet each full collection scans every tracked object and pauses the process:

- the server: up to 160 ms with 400 connections (bench/soak_bench.py);
- a bot's search: with Python's default thresholds a Hard bot's deals live long enough
  to reach the oldest generation, and its full collections over about 90,000 objects
  (the planners' caches) took 20 to 40 ms each, 68 of them in 4 deals, inside
  decisions whose budget is 100 ms (bench/decision_bench.py).

`tune()` collects once, freezes what is alive then out of later scans, and sets
`THRESHOLDS`. The server, the review's workers and the arena's processes (the bots of
other revisions too, `remote_server.py --gc`) all run so, so a decision time measured
in the arena is the one a table sees. `TICHU_GC_TUNE=0` keeps Python's defaults in the
server and in the review's workers it starts.
"""

from __future__ import annotations

import gc
import os

__all__ = ["THRESHOLDS", "tune", "wanted"]

#: Allocations before a young collection, then young collections before each older one.
THRESHOLDS = (20_000, 50, 100)


def tune() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


def wanted(environ=os.environ) -> bool:
    """Whether `TICHU_GC_TUNE` leaves the tuning on (the default)."""
    return environ.get("TICHU_GC_TUNE", "1").strip().lower() not in ("0", "false", "no", "off")
