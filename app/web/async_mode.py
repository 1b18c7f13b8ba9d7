"""How the server waits on its connections: Flask-SocketIO's async mode, pinned explicitly.

- `gevent` (what `python -m app` runs unless `TICHU_ASYNC_MODE` says otherwise;
  chosen by bench/growth_bench.py's numbers, docs/benchmarks.md): one thread, a
  greenlet per connection and event, gevent's own WSGI server with
  simple-websocket; the standard library is monkey-patched before anything else
  is imported (`app/__main__.py`), so the web layer's locks, threads and queues
  become greenlet-aware. Work that holds the processor for long (a bot thinking)
  goes to gevent's pool of real threads, so it never stops the others' messages,
  and so does the SQLite store (`OffLoopStore`).
- `threading` (`TICHU_ASYNC_MODE=threading`, and any process gevent has not
  patched, such as the tests' own and gunicorn's gthread worker): a thread per
  connection, gunicorn's gthread worker embedded by `python -m app` (serve.py);
  no patching.
"""

from __future__ import annotations

import os
import sys

MODES = ("gevent", "threading")
SERVER_DEFAULT = "gevent"  # `python -m app`'s mode when TICHU_ASYNC_MODE is not set


def gevent_patched() -> bool:
    """Whether gevent has patched the standard library's threading in this process."""
    try:
        from gevent import monkey
    except ImportError:
        return False
    return monkey.is_module_patched("threading")


def resolve(mode: str | None) -> str:
    """The mode to pin: the configured one, else the one this process was started for
    (gevent once patched, e.g. under `gunicorn -k gevent`; threading otherwise)."""
    if not mode:
        return "gevent" if gevent_patched() else "threading"
    mode = mode.strip().lower()
    if mode not in MODES:
        raise ValueError(f"TICHU_ASYNC_MODE is one of {', '.join(MODES)}, not {mode!r}")
    if mode == "gevent" and not gevent_patched():
        raise RuntimeError("TICHU_ASYNC_MODE=gevent needs a gevent-patched process: run `python -m app`, "
                           "or gunicorn with `-k gevent`")
    if mode == "threading" and gevent_patched():
        raise RuntimeError("TICHU_ASYNC_MODE=threading in a gevent-patched process: drop the setting "
                           "(or gunicorn's -k gevent)")
    return mode


def patch_for(mode: str | None) -> None:
    """Patch the standard library for gevent (call first thing, before other imports)."""
    if (mode or "").strip().lower() == "gevent":
        from gevent import monkey
        monkey.patch_all()
        # The store's and the bots' real threads wait for the interpreter lock while the
        # event loop runs; hand it over after 1 ms rather than 5 (each store call takes it
        # several times, and every table's change waits for the store).
        sys.setswitchinterval(0.001)


def thinker(mode: str):
    """Runs `fn(*args)` where a long computation does not stall the server's other work:
    in gevent's real-thread pool under gevent (the calling greenlet waits, the others
    go on), directly in the calling thread otherwise (threads take turns anyway)."""
    if mode == "gevent":
        import gevent

        pool = gevent.get_hub().threadpool
        return pool.apply
    return lambda fn, args=(): fn(*args)


class OffLoopStore:
    """Under gevent: every call of the store runs on one real thread of its own.

    SQLite waits for the disk (an fsync per accepted change) with the interpreter lock
    released; in a thread that wait costs the others nothing, while on gevent's one
    thread it would stop every table. One thread keeps the store's calls in order, as
    its single connection needs anyway; the calling greenlet waits for the answer
    (exceptions included), the others go on.
    """

    def __init__(self, store):
        from gevent.threadpool import ThreadPool

        self._store = store
        self._pool = ThreadPool(1)

    def __getattr__(self, name):
        attr = getattr(self._store, name)
        if not callable(attr):
            return attr
        pool = self._pool

        def call(*args, **kwargs):
            return pool.apply(attr, args, kwargs)
        return call


def env_mode() -> str | None:
    return os.environ.get("TICHU_ASYNC_MODE") or None
