"""SIGTERM to the process running a table's bots: it hands the table over at once, and
another process's bots go on (not after the lease's expiry, as after `kill -9`)."""

from __future__ import annotations

import signal
import time

from .clients import Seat, close_all
from .fixtures import create_table
from .test_scaleout import lease_holder, pid_of

LEASE = "30"  # a process that only died would hand its tables over after 30 s


def test_sigterm_hands_the_tables_bots_to_another_process_at_once(apps, redis_server):
    a, b = apps(2, TICHU_LEASE_SECONDS=LEASE, TICHU_BOT_DELAY="0.02", TICHU_DRAIN_SECONDS="5")
    code, token = create_table(a.base, seed=11)
    host = Seat(a.base, "Anna").connect()
    host.join(code, token)
    assert host.call("fill", {"level": "greedy"})["ok"]
    assert host.call("start")["ok"]
    watcher = Seat(b.base, "Watcher").connect()
    watcher.join(code)
    watcher.wait(lambda doc: doc["table"]["moves"] >= 10, what="the bots to play")
    assert pid_of(lease_holder(redis_server.url, code)) == a.pid

    moves = watcher.table()["moves"]
    stopped = time.monotonic()
    a.proc.send_signal(signal.SIGTERM)
    assert a.proc.wait(15) == 0
    watcher.wait(lambda doc: doc["table"]["moves"] >= moves + 20, what="the bots to go on")
    waited = time.monotonic() - stopped
    # A few tenths on an idle machine (the handover wakes the other's janitor); far below the lease.
    assert waited < 10, waited
    assert pid_of(lease_holder(redis_server.url, code)) == b.pid
    log = a.log.read_text()
    assert "tables handed over: 1 lease(s) released" in log, log[-2000:]
    close_all([host, watcher])
