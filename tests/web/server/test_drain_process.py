"""A real server process (`python -m app`, SQLite) stopped by SIGTERM or Ctrl-C: it drains,
logs each step, exits 0, and started again it resumes its tables."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from tests.web.cluster.clients import Seat
from tests.web.cluster.fixtures import create_table
from tests.web.processes import Server

DRAIN_LINES = ("process start:", "drain start:", "tables handed over:", "stop: drained")


def bots_table(base: str) -> tuple[str, Seat, threading.Event]:
    """A table of four bots playing, watched by its host (who is told of the restart)."""
    code, token = create_table(base, seed=11)
    host = Seat(base, "Anna")
    told = threading.Event()
    host.sio.on("restart", lambda data: told.set())
    host.connect().join(code, token)
    assert host.call("fill", {"level": "greedy"})["ok"]
    assert host.call("start")["ok"]
    return code, host, told


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_process_drains_exits_0_and_resumes_its_tables_when_started_again(tmp_path, signum):
    data, log = tmp_path / "data", tmp_path / "server.log"
    server = Server(data, log, TICHU_BOT_DELAY="0.02", TICHU_DRAIN_SECONDS="5")
    try:
        code, host, told = bots_table(server.base)
        host.wait(lambda doc: doc["table"]["moves"] >= 10, what="the bots to play")
        os.kill(server.proc.pid, signum)
        assert server.proc.wait(15) == 0
        assert told.is_set(), "the page was told to reconnect"
        moves_at_stop = host.table()["moves"]
        host.close()
    finally:
        server.kill()
    text = log.read_text()
    for line in DRAIN_LINES:
        assert line in text, (line, text[-2000:])
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-2000:]

    again = Server(data, tmp_path / "again.log", TICHU_BOT_DELAY="0.02")
    try:
        watcher = Seat(again.base, "Watcher").connect()
        watcher.join(code)
        assert watcher.table()["moves"] >= moves_at_stop  # everything acknowledged is there
        watcher.wait(lambda doc: doc["table"]["moves"] >= moves_at_stop + 10, what="the bots to go on")
        watcher.close()
    finally:
        again.kill()
