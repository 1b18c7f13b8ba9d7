"""glibc's per-thread malloc cache off for the server process, so its memory stays flat.

The server runs a thread per connection (hundreds). glibc keeps, per thread, a cache
of freed chunks (the tcache: up to 7 chunks of each of 64 sizes up to ~1 KiB); to
malloc they stay in use, so they are neither reused by other threads nor returned.
Python objects of 513 bytes to 1 KiB are malloc's, and as threads meet more sizes their
caches fill: measured with bench/soak_bench.py (20 tables, 80 connections, ~325 threads),
malloc's bytes in use grew from 30 to 42 MB in 3 minutes with the cache and stayed at
19.5 MB without it (the Python heap itself, by tracemalloc, flat in both).

The cache is a glibc tunable, read only when a process starts: `python -m app` starts
itself again with `GLIBC_TUNABLES=glibc.malloc.tcache_count=0` added (same pid, so
whoever started it still holds it); gunicorn run by hand gets it from its environment
(docs/operations.md). `TICHU_MALLOC_TUNE=0` keeps glibc's default.
"""

from __future__ import annotations

import os
import platform
import sys

TUNABLE = "glibc.malloc.tcache_count=0"


def wanted(environ=os.environ) -> bool:
    """Whether this process should start again with the tunable."""
    if environ.get("TICHU_MALLOC_TUNE", "1").strip().lower() in ("0", "false", "no", "off"):
        return False
    if sys.platform != "linux" or platform.libc_ver()[0] != "glibc":
        return False
    return "glibc.malloc.tcache_count" not in environ.get("GLIBC_TUNABLES", "")


def tuned_environ(environ=os.environ) -> dict:
    """The environment with the tunable added to any others already set."""
    tunables = [t for t in environ.get("GLIBC_TUNABLES", "").split(":") if t] + [TUNABLE]
    return {**environ, "GLIBC_TUNABLES": ":".join(tunables)}


def restart_tuned() -> None:
    """Replace this process by itself, interpreter options and arguments as they were, with
    the tunable set (returns only if it is not wanted)."""
    if wanted():
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(sys.executable, [sys.executable, *sys.orig_argv[1:]], tuned_environ())
