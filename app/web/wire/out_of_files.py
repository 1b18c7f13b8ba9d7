"""The process is out of open files: one short line in the log at most every 10 s, wherever
it is met (taking a connection, or the WebSocket's own copy of its socket), never a traceback
per connection refused."""

from __future__ import annotations

import errno
import logging
import threading
import time

log = logging.getLogger(__name__)

LOG_EVERY = 10.0  # seconds between two lines

_lock = threading.Lock()
_logged = -1e9


def is_out_of_files(exc: OSError) -> bool:
    return exc.errno in (errno.EMFILE, errno.ENFILE)


def note() -> None:
    global _logged
    now = time.monotonic()
    with _lock:
        if now - _logged < LOG_EVERY:
            return
        _logged = now
    log.warning("cannot take new connections: too many open files (raise ulimit -n, or run more processes)")
