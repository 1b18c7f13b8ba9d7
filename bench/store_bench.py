"""The store's cost per accepted change: SQLite commits with synchronous NORMAL and FULL.

    python bench/store_bench.py [--commits 300] [--dir PATH]

Commits one small game action at a time to a fresh SQLite store (as the hub
does after every accepted action) and reports the mean, p50 and p99 time of a
commit for each synchronous mode. `--dir` puts the database on the disk to
measure (default: the system's temporary directory).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.web.store import Change  # noqa: E402
from app.web.store.sqlite import SQLiteStore  # noqa: E402

META = {"name": "Friday", "seats": [{"name": "P", "owner": "a" * 64, "bot": None}] * 4, "chat": []}
ACTION = {"seat": 1, "act": "play", "cards": "S2 S3"}


def measure(directory: str, synchronous: str, commits: int) -> dict:
    with tempfile.TemporaryDirectory(dir=directory) as where:
        store = SQLiteStore(os.path.join(where, "tables.sqlite3"), synchronous=synchronous)
        try:
            store.commit("BENCH", 0, Change(1, time.time(), True, META, {}))
            times = []
            for i in range(commits):
                start = time.perf_counter()
                store.commit("BENCH", i + 1, Change(i + 2, time.time(), True, None, None, [(0, ACTION)]))
                times.append(time.perf_counter() - start)
        finally:
            store.close()
    times.sort()
    ms = lambda v: round(v * 1000, 3)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return {"synchronous": synchronous, "commits": commits, "mean_ms": ms(sum(times) / len(times)),
            "p50_ms": ms(times[len(times) // 2]), "p99_ms": ms(p99)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commits", type=int, default=300)
    parser.add_argument("--dir", default=None, help="where the database is made (the disk to measure)")
    args = parser.parse_args(argv)
    for mode in ("normal", "full"):
        r = measure(args.dir, mode, args.commits)
        print(f"synchronous={mode:<6}  mean {r['mean_ms']} ms  p50 {r['p50_ms']} ms  p99 {r['p99_ms']} ms "
              f"({r['commits']} commits)")


if __name__ == "__main__":
    main()
