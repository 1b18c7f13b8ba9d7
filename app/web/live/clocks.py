"""The wall clock of deadlines (grace periods, turn timers): the real one, or a test's.

Deadlines are wall-clock seconds saved with the table. Tests of a server in their
own process pass a clock they move themselves (`TICHU_CLOCK`); tests of real server
processes (`python -m app`, several of them sharing Redis, a browser's server) cannot,
so in testing mode `TICHU_TEST_CLOCK=<file>` makes the clock the real time plus the
seconds written in that file (0 while it is missing or unreadable): a test moves every
process's time on at once by writing the file, and no test sleeps through 30 s.
"""

from __future__ import annotations

import os
import time


class OffsetClock:
    """time.time() plus the offset in `path`, read again whenever the file changes."""

    def __init__(self, path: str):
        self.path = path
        self._stamp: tuple | None = None
        self._offset = 0.0

    def offset(self) -> float:
        try:
            stat = os.stat(self.path)
        except OSError:
            return 0.0
        stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        if stamp != self._stamp:
            try:
                with open(self.path) as f:
                    self._offset = float(f.read().strip() or 0)
            except (OSError, ValueError):
                return self._offset
            self._stamp = stamp
        return self._offset

    def __call__(self) -> float:
        return time.time() + self.offset()


def write_offset(path, seconds: float) -> None:
    """Move the clock of every process reading `path` to real time + `seconds` (atomically)."""
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        f.write(repr(float(seconds)))
    os.replace(tmp, path)


def configured(config: dict):
    """The clock of deadlines for this configuration."""
    if config.get("TICHU_CLOCK"):
        return config["TICHU_CLOCK"]
    path = os.environ.get("TICHU_TEST_CLOCK")
    if path and config.get("TICHU_TESTING"):
        return OffsetClock(path)
    return time.time


def poll_seconds(clock) -> float:
    """How long the timers may sleep without looking at the clock: a clock moved from outside
    (a test's file) is looked at often; the real one only wakes them for new deadlines."""
    return 0.1 if isinstance(clock, OffsetClock) else 60.0


def waiting_seconds(config, key: str, production: float) -> float:
    """A pause the server makes people wait (a bomb window, a bot's first lead): the setting
    `key` if given, else `production`, or 0 in testing mode, so the tests play at speed."""
    value = config.get(key)
    if value is None:
        return 0 if config["TICHU_TESTING"] else production
    return value
