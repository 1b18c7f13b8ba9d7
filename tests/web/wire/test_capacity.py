"""The operator hears when connections are about to take every thread (capacity.py)."""

from __future__ import annotations

import logging
import resource

from app.web.server import create_app
from app.web.wire.capacity import Capacity
from app.web.wire.serve import raise_open_files_limit


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "app.web.wire.capacity"]


def test_one_warning_at_nine_tenths_of_the_threads_and_again_only_after_falling_below_three_quarters(caplog):
    caplog.set_level(logging.WARNING)
    capacity = Capacity(20)
    for i in range(17):
        capacity.opened(f"s{i}")
    assert warnings(caplog) == []
    capacity.opened("s17")  # 18 of 20
    capacity.opened("s17")  # the same connection again: still 18
    capacity.opened("s18")
    assert len(warnings(caplog)) == 1 and "18 connections hold 90% of the 20 threads" in warnings(caplog)[0]
    for i in range(4):
        capacity.closed(f"s{i}")  # 15 left: not below 75% yet
    capacity.opened("s0")
    capacity.opened("s1")
    capacity.opened("s2")  # 18 again
    assert len(warnings(caplog)) == 1
    for i in range(5):
        capacity.closed(f"s{i}")  # 14: below 75%
    for i in range(4):
        capacity.opened(f"t{i}")  # 18
    assert len(warnings(caplog)) == 2
    assert capacity.open == 18


def test_nothing_is_watched_without_a_limit(caplog):
    caplog.set_level(logging.WARNING)
    capacity = Capacity(None)
    for i in range(1000):
        capacity.opened(str(i))
    assert warnings(caplog) == [] and capacity.open == 1000


def test_the_servers_connections_are_counted(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    app = create_app({"TICHU_TESTING": True, "TICHU_DATA_DIR": str(tmp_path), "TICHU_THREADS": 2})
    socketio = app.extensions["socketio"]
    first = socketio.test_client(app)
    second = socketio.test_client(app)
    assert any("2 connections hold 100% of the 2 threads" in m for m in warnings(caplog))
    first.disconnect()
    second.disconnect()
    app.extensions["tichu"].timers.stop()


def test_under_gevent_the_open_files_limit_bounds_the_connections(caplog):
    caplog.set_level(logging.WARNING)
    capacity = Capacity.of_open_files(1024)  # a stock soft limit
    assert capacity.limit == (1024 - 64) // 2
    for i in range(431):
        capacity.opened(f"s{i}")
    assert warnings(caplog) == []
    capacity.opened("s431")  # 432 = 90% of 480
    (line,) = warnings(caplog)
    assert "432 connections hold 90% of the 480 connections its open files limit (1024) allows" in line
    assert "ulimit -n" in line
    # Each review worker holds two pipes open in the process: fewer connections fit.
    assert Capacity.of_open_files(1024, review_workers=8).limit == (1024 - 64 - 16) // 2


def test_python_m_app_raises_its_open_files_limit_towards_the_hard_one():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        now = raise_open_files_limit(cap=4096)
        expected = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        assert now == expected == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        assert raise_open_files_limit(cap=300) == expected  # never lowered
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
