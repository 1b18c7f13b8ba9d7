"""The operator's endpoints and the drain's refusals, in one process: /readyz, /metrics,
new connections refused while draining, the server's version sent on connect."""

from __future__ import annotations

import pytest

from app import __version__
from app.web.server import create_app
from app.web.store.readiness import StoreCheck
from app.web.store.sqlite import SQLiteStore
from tests.web.conftest import MACHINE_SPEED, create_table


def make_app(tmp_path, **config):
    return create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0, "TICHU_DATA_DIR": str(tmp_path / "t"),
                       "TICHU_GC_TUNE": False, "TICHU_LIMITS": MACHINE_SPEED, **config})


def close(app):
    app.extensions["tichu"].bots.stop()
    app.extensions["tichu"].timers.stop()
    app.extensions["tichu_reviews"].close()


def test_readyz_is_200_with_its_checks_while_the_store_takes_writes(http):
    resp = http.get("/readyz")
    assert resp.status_code == 200
    assert resp.json == {"ok": True, "checks": {"store": "ok", "process": "ok"}, "archive": "ok",
                         "version": __version__}


def test_readyz_says_the_archive_does_not_answer_and_stays_ready(app, http):
    archiver = app.extensions["tichu_archiver"]
    archiver.archive.close()  # as a database that went away
    archiver.tick()
    resp = http.get("/readyz")
    assert resp.status_code == 200 and resp.json["ok"]  # the games go on in the live store
    assert resp.json["archive"].startswith("archive (SQLite):"), resp.json


def test_readyz_is_503_naming_the_process_while_it_drains(app, http):
    app.extensions["tichu_lifecycle"].start_draining()
    resp = http.get("/readyz")
    assert resp.status_code == 503
    assert resp.json["checks"] == {"store": "ok", "process": "draining"}


def test_a_sqlite_store_that_cannot_be_written_is_named_by_the_check(tmp_path):
    store = SQLiteStore(tmp_path / "tables.sqlite3")
    check = StoreCheck(store)
    assert check.problem() is None
    store._db.execute("PRAGMA query_only = ON")  # as a read-only file refuses every write
    problem = check.problem()
    assert problem is not None and problem.startswith("sqlite:") and "readonly" in problem.replace("-", "")
    store._db.execute("PRAGMA query_only = OFF")
    assert check.problem() is None
    assert store.info("ready") is None  # the check's write was rolled back
    store.close()


def test_new_socket_connections_are_refused_with_the_reason_while_draining(app, http):
    app.extensions["tichu_lifecycle"].start_draining()
    resp = http.get("/socket.io/?EIO=4&transport=polling")
    assert resp.status_code == 503
    assert resp.json["code"] == "draining"
    client = app.extensions["socketio"].test_client(app, flask_test_client=http)
    assert not client.is_connected()


def test_joining_tells_the_servers_version(app, http):
    code, _token = create_table(http)
    client = app.extensions["socketio"].test_client(app, flask_test_client=http)
    ack = client.emit("join", {"code": code}, callback=True)
    assert ack["ok"] and ack["server"] == __version__
    client.disconnect()


def _metric(text: str, name: str) -> float:
    values = [float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name)]
    assert values, f"{name} is not in the metrics"
    return sum(values)


def test_metrics_count_tables_events_and_acks_for_loopback(app, http):
    before = http.get("/metrics").get_data(as_text=True)
    code, token = create_table(http)
    client = app.extensions["socketio"].test_client(app, flask_test_client=http)
    assert client.emit("join", {"code": code, "token": token}, callback=True)["ok"]
    refused = client.emit("sit", {"seat": 9, "name": "X"}, callback=True)
    assert refused["ok"] is False
    resp = http.get("/metrics")
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    text = resp.get_data(as_text=True)
    assert _metric(text, "tichu_tables_in_memory ") >= 1
    assert _metric(text, "tichu_connections ") >= 1
    assert _metric(text, 'tichu_events_total{event="join",result="ok"}') >= 1
    reason = refused["code"]
    assert _metric(text, f'tichu_events_total{{event="sit",result="{reason}"}}') >= 1
    assert _metric(text, 'tichu_ack_seconds_count{event="join"}') >= 1
    assert _metric(text, "tichu_tables_created_total") == _metric(before, "tichu_tables_created_total") + 1
    commits = "tichu_store_commit_seconds_count"
    assert _metric(text, commits) > _metric(before, commits)
    assert "process_resident_memory_bytes" in text
    client.disconnect()


@pytest.mark.parametrize("address, headers, allow, status", [
    ("127.0.0.1", {}, "", 200),
    ("127.0.0.1", {"X-Forwarded-For": "203.0.113.9"}, "", 403),  # through a proxy: not local
    ("10.1.2.3", {}, "", 403),
    ("10.1.2.3", {}, "10.0.0.0/8", 200),
    ("10.1.2.3", {}, "10.1.2.4, not-an-address", 403),
    ("192.0.2.7", {}, "192.0.2.7", 200),
])
def test_metrics_are_answered_to_loopback_and_the_allowed_addresses_only(tmp_path, address, headers, allow,
                                                                          status):
    app = make_app(tmp_path, TICHU_METRICS_ALLOW=allow)
    try:
        resp = app.test_client().get("/metrics", headers=headers, environ_base={"REMOTE_ADDR": address})
        assert resp.status_code == status
    finally:
        close(app)
