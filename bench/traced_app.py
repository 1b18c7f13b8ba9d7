"""The server's app under tracemalloc, to find what grows (`bench/soak_bench.py --trace DIR`).

gunicorn loads `traced_app:create_app()` (bench/ on its python path) instead of the
app's own factory: tracing starts once the app is built (what grows is allocated
later; tracing the start-up would slow it past the benchmark's patience), and a thread writes a
snapshot of the traced allocations to `TICHU_TRACE_DIR` every `TICHU_TRACE_EVERY`
seconds (snap-001.pickle, ...), after a full garbage collection so only what is
still referenced counts. Tracing slows the server down: measure memory with it,
never speed.
"""

from __future__ import annotations

import gc
import os
import threading
import time
import tracemalloc


def create_app():
    from app.web.server import create_app as make_app

    app = make_app()
    tracemalloc.start(int(os.environ.get("TICHU_TRACE_FRAMES", "8")))
    folder = os.environ["TICHU_TRACE_DIR"]
    every = float(os.environ.get("TICHU_TRACE_EVERY", "60"))

    def dump():
        n = 0
        while True:
            time.sleep(every)
            n += 1
            gc.collect()
            tracemalloc.take_snapshot().dump(os.path.join(folder, f"snap-{n:03d}.pickle"))

    threading.Thread(target=dump, name="tracemalloc", daemon=True).start()
    return app


def growth(first: str, last: str, top: int = 25, frames: int = 4) -> list[str]:
    """The allocations that grew most from snapshot `first` to `last` (by traceback)."""
    keep = [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen *>")]
    a = tracemalloc.Snapshot.load(first).filter_traces(keep)
    b = tracemalloc.Snapshot.load(last).filter_traces(keep)
    lines = []
    for stat in b.compare_to(a, "traceback")[:top]:
        lines.append(f"{stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks "
                     f"(now {stat.size / 1024:.1f} KiB)")
        for frame in stat.traceback.format(limit=frames, most_recent_first=True):
            lines.append("      " + frame.strip())
    return lines
