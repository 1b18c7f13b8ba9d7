"""Who is connected, told cheaply: watchers coming and going are coalesced into one update.

A player or the host coming or going changes what the table shows at once (who is
online, who may manage the table), so it goes out at once. Watchers coming and going
only change the number of watchers: that waits `delay` seconds and goes out as one
update, however many joins and leaves happened meanwhile (none if the number is back
where it was). Either is a commit of the hub, which stores nothing for it in one
process (only connections changed). The scale-out counts token-less watchers apart
(app/web/cluster/): their joins and leaves are told to Redis, never stored with the table, and
the coalesced update stores only the new count.
"""

from __future__ import annotations

import logging
import threading

from ..errors import Refused
from ..table.table import Table

log = logging.getLogger(__name__)


class Presence:
    def __init__(self, hub, delay: float = 1.0):
        self.hub = hub
        self.delay = delay
        self._pending: dict[str, threading.Timer] = {}
        self._lock = threading.Lock()

    def changed(self, table: Table, before: tuple) -> bool:
        """After connections of `table` came or went (lock held; `before`: its presence
        until then). True if every connection has been sent the new version already."""
        now = table.presence()
        if now == before:
            return False
        if now[0] != before[0] or now[2] != before[2]:  # a seat's or the host's presence
            self.hub.commit_presence(table)
            return True
        self.soon(table)
        return False

    def soon(self, table: Table) -> None:
        with self._lock:
            if table.code in self._pending:
                return
            timer = self._pending[table.code] = threading.Timer(self.delay, self._publish, (table,))
        timer.daemon = True
        timer.start()

    def flush(self) -> None:
        """Send the pending updates now rather than when they are due."""
        with self._lock:
            timers = list(self._pending.values())
        for timer in timers:
            timer.cancel()
            self._publish(*timer.args)

    def pending(self) -> int:
        """Tables with an update still to go out."""
        with self._lock:
            return len(self._pending)

    def _publish(self, table: Table) -> None:
        with table.lock:  # joins and leaves wait: none of them is lost between check and send
            try:
                if not table.evicted:
                    self.hub.presence_update(table)
            except Refused as exc:  # not stored (the scale-out's store is away): the next change tells
                log.warning("presence of table %s: %s", table.code, exc.message)
            finally:
                with self._lock:
                    self._pending.pop(table.code, None)
