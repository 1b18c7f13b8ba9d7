"""Fixtures for the socket layer: an app in testing mode and clients that track their document."""

from __future__ import annotations

import itertools
import time

import pytest

from app.web.protocol import apply_patch
from app.web.server import create_app
from app.web.wire.limits import Rule

# Tests play at machine speed, far above a person's pace: the limit of events per
# connection, of tables and of records per address is lifted (tests/web/wire/test_limits.py tests them).
MACHINE_SPEED = {"events": Rule(10**9, 10**9), "create_address": Rule(10**9, 10**9),
                 "records_address": Rule(10**9, 10**9)}


@pytest.fixture
def app(tmp_path):
    app = create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0,
                      "TICHU_DATA_DIR": str(tmp_path / "tables"), "TICHU_PERSIST": True,
                      "TICHU_GC_TUNE": False, "TICHU_LIMITS": MACHINE_SPEED,
                      "TICHU_PRESENCE_DELAY": 0.05})
    yield app
    app.extensions["tichu"].bots.stop()
    app.extensions["tichu"].timers.stop()
    app.extensions["tichu_reviews"].close()  # its worker processes, if a test started them
    if app.extensions.get("tichu_archiver") is not None:
        app.extensions["tichu_archiver"].stop()


@pytest.fixture
def hub(app):
    return app.extensions["tichu"]


@pytest.fixture
def http(app):
    return app.test_client()


def settle(app, timeout: float = 10.0) -> None:
    """Wait until the watchers' coalesced presence updates have gone out (bounded)."""
    presence = app.extensions["tichu_presence"]
    deadline = time.monotonic() + timeout
    while presence.pending():
        assert time.monotonic() < deadline, "presence updates still pending"
        time.sleep(0.01)


class Player:
    """A Socket.IO test client that keeps the document the server's messages describe.

    It checks every envelope as a browser would: a patch must start at the version
    it holds, versions only go forward one at a time.
    """

    def __init__(self, app, http, name: str | None = None):
        self.app = app
        self.client = app.extensions["socketio"].test_client(app, flask_test_client=http)
        self.name = name
        self.token = None
        self.doc = None
        self.version = None
        self.messages: list[dict] = []  # every envelope received, in order

    def emit(self, event: str, payload=None, *extra):
        args = [] if payload is None and not extra else [payload, *extra]
        return self.client.emit(event, *args, callback=True)

    def pump(self) -> list[dict]:
        """Take the envelopes received since the last call and apply them."""
        new = []
        for item in self.client.get_received():
            assert item["name"] == "state", item
            (msg,) = item["args"]
            new.append(msg)
            self._apply(msg)
        self.messages += new
        return new

    def _apply(self, msg: dict):
        if msg["t"] == "snapshot":
            self.doc, self.version = msg["doc"], msg["v"]
            return
        assert msg["t"] == "patch"
        assert self.version is not None, "a patch before any snapshot"
        assert msg["base"] == self.version, f"patch from {msg['base']} on version {self.version}"
        assert msg["v"] == self.version + 1, "versions must be contiguous"
        self.doc = apply_patch(self.doc, msg["ops"])
        self.version = msg["v"]

    def join(self, code: str, token: str | None = None):
        ack = self.emit("join", {"code": code, **({"token": token} if token else {})})
        self.pump()
        return ack

    def sit(self, seat: int, player_key: str | None = None):
        """Take `seat` (as the player of `player_key`, the browser's key, where given)."""
        key = {"player": player_key} if player_key else {}
        ack = self.emit("sit", {"seat": seat, "name": self.name, **key})
        if ack.get("token"):
            self.token = ack["token"]
        self.pump()
        return ack

    _ids = itertools.count(1)

    def act(self, **action):
        """An action decided on the document this client holds, with a new id."""
        ack = self.emit("act", self.act_payload(action))
        self.pump()
        return ack

    def act_payload(self, action: dict, version: int | None = None) -> dict:
        self.pump()
        return {"action": action, "version": self.version if version is None else version,
                "id": f"{self.name}-{next(self._ids)}"}

    @property
    def view(self) -> dict:
        return self.doc["game"]

    def disconnect(self):
        self.client.disconnect()


@pytest.fixture
def player(app, http):
    def make(name: str | None = None) -> Player:
        return Player(app, http, name)
    return make


def record_of(record: dict, game) -> bool:
    """Whether `record` replays with every rule checked to where the live `game` is: the same
    rounds, scores and winner, and the same actions in its last round."""
    from app.engine import replay
    result = replay(record)
    last = [a.to_record(game.deck) for a in game.round.actions]
    return (result["ok"] and result["totals"] == game.totals and result["winner"] == game.winner
            and len(record["rounds"]) == len(game.rounds) and record["rounds"][-1]["actions"] == last)


class ManualClock:
    """A wall clock that moves only when a test says so: deadlines pass exactly when told."""

    def __init__(self):
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float, *apps) -> None:
        self.now += seconds
        for app in apps:
            app.extensions["tichu"].timers.wake()


def wait_until(predicate, timeout: float = 10.0, what: str = "the condition"):
    """Wait for a condition that other threads (bots, timers) make true; fail after `timeout`."""
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.01)


def create_table(http, host_name="Anna", **fields) -> tuple[str, str]:
    resp = http.post("/api/tables", json={"host_name": host_name, **fields})
    assert resp.status_code == 201, resp.get_json()
    data = resp.get_json()
    return data["code"], data["token"]
