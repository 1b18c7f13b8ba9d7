"""Rate limits: one connection cannot hurt the others (limits.py, the event wrapper, presence)."""

from __future__ import annotations

import threading

import pytest

from app.web.server import create_app
from app.web.wire.limits import RULES, Limits, Rule, TokenBucket, address_key, parse_rules
from tests.web.conftest import Player, create_table, settle

EVENTS = int(RULES["events"].burst)
STRIKES = int(RULES["strikes"].burst)


class Clock:
    """A clock the test moves by hand: refills without waiting."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def strict(tmp_path):
    """An app with the production limits and a hand-moved clock."""
    app = create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0, "TICHU_GC_TUNE": False,
                      "TICHU_DATA_DIR": str(tmp_path / "tables"), "TICHU_PRESENCE_DELAY": 0.05})
    clock = Clock()
    app.extensions["tichu_limits"].clock = clock
    app.clock = clock
    yield app
    app.extensions["tichu"].bots.stop()


def seated(app, http) -> tuple[str, Player]:
    code, token = create_table(http)
    host = Player(app, http, "Anna")
    host.token = token
    assert host.join(code, token)["ok"]
    assert host.sit(0)["ok"]
    return code, host


# -- the buckets --------------------------------------------------------------------------


def test_a_bucket_gives_its_burst_then_its_rate():
    bucket = TokenBucket(Rule(3, 2), now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.5) is True and bucket.take(0.5) is False  # one token per half second
    assert [bucket.take(100.0) for _ in range(4)] == [True, True, True, False]  # never above the burst


def test_limits_are_tuned_by_a_setting():
    assert parse_rules("events=40/10, chat=5/0.5") == {"events": Rule(40, 10), "chat": Rule(5, 0.5)}
    assert parse_rules("") == {}
    with pytest.raises(ValueError):
        parse_rules("everything=1/1")


def test_addresses_count_per_host_and_stay_bounded():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")  # one /64
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    clock = Clock()
    limits = Limits(clock=clock, max_addresses=100)
    for i in range(1000):
        limits.charge("create_address", address=f"10.0.{i // 250}.{i % 250}")
    assert limits.sizes()[1] == 100


# -- every event of a connection ----------------------------------------------------------


def test_a_burst_then_refusals_then_the_steady_rate(strict):
    http = strict.test_client()
    code, host = seated(strict, http)
    other = Player(strict, http)
    sent = 2  # join and sit
    while sent < EVENTS:
        assert host.emit("sync", {})["ok"]
        sent += 1
    ack = host.emit("sync", {})
    assert ack == {"ok": False, "code": "rate_limited", "message": ack["message"]}
    assert other.join(code)["ok"]  # another connection has its own allowance
    strict.clock.now += 1.0  # the steady rate: five more a second
    assert [host.emit("sync", {})["ok"] for _ in range(6)] == [True] * 5 + [False]
    assert host.client.is_connected()


def test_an_over_limit_event_is_refused_before_any_table_lock(strict):
    http = strict.test_client()
    code, host = seated(strict, http)
    table = strict.extensions["tichu"].registry.get(code)
    for _ in range(EVENTS - 2):
        host.emit("sync", {})
    answers = []
    with table.lock:  # another thread holds the table: a refusal must not wait for it
        act = {"action": {"act": "pass"}}
        worker = threading.Thread(target=lambda: answers.append(host.emit("act", act)))
        worker.start()
        worker.join(10)
        assert answers and answers[0]["code"] == "rate_limited"


def test_a_connection_that_keeps_flooding_is_disconnected(strict):
    http = strict.test_client()
    code, host = seated(strict, http)
    watcher = Player(strict, http)
    assert watcher.join(code)["ok"]
    table = strict.extensions["tichu"].registry.get(code)
    answers = []
    while watcher.client.is_connected() and len(answers) < 200:
        answers.append(watcher.emit("join", {"code": code}).get("code", "ok"))
    assert not watcher.client.is_connected()
    # The burst (its first join included), then refusals, and the last one cut it off.
    assert answers == ["ok"] * (EVENTS - 1) + ["rate_limited"] * (STRIKES + 1)
    assert table.presence()[1] == 0  # it left the table: no watcher there any more
    assert host.emit("sync", {})["ok"]  # the others play on


def test_refusals_at_the_steady_rate_are_not_a_flood(strict):
    """A client over its limit now and then (say, a double click) is refused, never cut."""
    http = strict.test_client()
    _, host = seated(strict, http)
    for _ in range(EVENTS):
        host.emit("sync", {})
    for _ in range(3 * STRIKES):
        assert host.emit("sync", {})["code"] == "rate_limited"
        strict.clock.now += 1.0  # a strike heals per second: one refusal a second is fine
        assert host.emit("sync", {})["ok"]
        for _ in range(4):
            host.emit("sync", {})
    assert host.client.is_connected()


def test_an_event_named_disconnect_neither_leaves_nor_resets_the_limit(strict):
    http = strict.test_client()
    code, host = seated(strict, http)
    table = strict.extensions["tichu"].registry.get(code)
    for _ in range(EVENTS - 2):
        host.emit("sync", {})
    host.client.emit("disconnect", {})
    assert table.online(0) and host.client.is_connected()
    assert host.emit("sync", {})["code"] == "rate_limited"


def test_chat_keeps_its_own_limit_across_joins(strict):
    http = strict.test_client()
    code, host = seated(strict, http)
    burst = int(RULES["chat"].burst)
    for i in range(burst):
        assert host.emit("chat", {"text": f"m{i}"})["ok"]
    assert host.emit("join", {"code": code, "token": host.token})["ok"]  # joining again resets nothing
    assert host.emit("chat", {"text": "more"})["code"] == "chat_too_fast"
    strict.clock.now += 1 / RULES["chat"].per_second
    assert host.emit("chat", {"text": "later"})["ok"]


# -- failed joins -------------------------------------------------------------------------


def test_guessing_codes_is_throttled_per_connection_and_per_address(strict):
    http = strict.test_client()
    code, _ = seated(strict, http)
    per_connection = int(RULES["join_fails"].burst)
    per_address = int(RULES["join_fails_address"].burst)
    guesser = Player(strict, http)
    for i in range(per_connection):
        assert guesser.join(f"ZZZ{i:02d}")["code"] == "unknown_table"
    assert guesser.join(code)["code"] == "rate_limited"  # even the right code, until it waits
    strict.clock.now += 1 / RULES["join_fails"].per_second
    assert guesser.join(code)["ok"]
    assert guesser.join(code, "not-a-token-of-this-table")["code"] == "bad_token"  # a failure too
    # Many connections from one address share the address's allowance (which refilled a
    # little while the clock moved).
    failed = per_connection + 1
    allowed = per_address + int(RULES["join_fails_address"].per_second / RULES["join_fails"].per_second)
    while failed < allowed:
        helper = Player(strict, http)
        for _ in range(min(per_connection, allowed - failed)):
            assert helper.join("QQQQQ")["code"] == "unknown_table"
            failed += 1
    assert Player(strict, http).join(code)["code"] == "rate_limited"
    elsewhere = strict.test_client()
    elsewhere.environ_base = {"REMOTE_ADDR": "192.0.2.9"}
    assert Player(strict, elsewhere).join(code)["ok"]


# -- tables per address -------------------------------------------------------------------


def test_table_creation_is_limited_per_address(strict):
    http = strict.test_client()
    burst = int(RULES["create_address"].burst)
    for i in range(burst):
        assert http.post("/api/tables", json={"host_name": f"H{i}"}).status_code == 201
    refused = http.post("/api/tables", json={"host_name": "One more"})
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate_limited"
    other = strict.test_client()
    other.environ_base = {"REMOTE_ADDR": "198.51.100.4"}
    assert other.post("/api/tables", json={"host_name": "Neighbour"}).status_code == 201
    strict.clock.now += 1 / RULES["create_address"].per_second
    assert http.post("/api/tables", json={"host_name": "Later"}).status_code == 201
    assert len(strict.extensions["tichu"].registry.all()) == burst + 2


def test_records_sent_to_the_replay_viewer_are_limited_per_address(strict):
    http = strict.test_client()
    burst = int(RULES["records_address"].burst)
    for _ in range(burst):  # what each answers does not matter here, only that it is not refused
        assert http.post("/api/replay", json={"record": {}, "round": 0}).status_code != 429
    for path, body in (("/api/replay", {"json": {"record": {}, "round": 0}}),
                       ("/api/review", {"json": {"record": {}, "seat": 0, "round": 0}}),
                       ("/api/replay/bsw", {"data": b"not a log"})):
        refused = http.post(path, **body)
        assert refused.status_code == 429, path
        assert refused.get_json() == {"ok": False, "code": "rate_limited",
                                      "message": "too many records sent from your address: wait a moment"}
    other = strict.test_client()
    other.environ_base = {"REMOTE_ADDR": "198.51.100.4"}
    assert other.post("/api/replay/bsw", data=b"not a log").status_code == 400  # read, and refused
    strict.clock.now += 1 / RULES["records_address"].per_second
    assert http.post("/api/replay/bsw", data=b"not a log").status_code == 400


# -- watchers are cheap -------------------------------------------------------------------


def test_a_watcher_joining_fifty_times_costs_one_update_and_no_save(app, http, player):
    code, token = create_table(http)
    host = player("Anna")
    host.join(code, token)
    host.sit(0)
    hub, presence = app.extensions["tichu"], app.extensions["tichu_presence"]
    presence.delay = 3600  # sent only when the test flushes: what happens meanwhile is coalesced
    store = hub.registry.store
    saved = store.version(code)
    host.pump()
    watcher = player()
    for _ in range(50):
        assert watcher.join(code)["ok"]
    assert host.pump() == []
    presence.flush()
    patches = host.pump()
    assert len(patches) == 1 and host.doc["table"]["spectators"] == 1
    # Fifty watchers coming and going: at most one update each way, never a save.
    crowd = [player() for _ in range(50)]
    for w in crowd:
        assert w.join(code)["ok"]
    presence.flush()
    assert len(host.pump()) == 1 and host.doc["table"]["spectators"] == 51
    for w in crowd:
        w.disconnect()
    presence.flush()
    assert len(host.pump()) == 1 and host.doc["table"]["spectators"] == 1
    assert store.version(code) == saved  # nothing stored
    # A watcher that comes and goes before the update is due costs nothing at all.
    passer = player()
    passer.join(code)
    passer.disconnect()
    presence.flush()
    assert host.pump() == []
    # And without the test's hand, the update goes out after the delay.
    presence.delay = 0.05
    player().join(code)
    settle(app)
    assert len(host.pump()) == 1 and host.doc["table"]["spectators"] == 2


def test_a_player_joining_again_is_no_change(app, http, player):
    code, token = create_table(http)
    host = player("Anna")
    host.token = token
    host.join(code, token)
    host.sit(0)
    host.pump()
    for _ in range(10):
        ack = host.join(code, host.token)
        assert ack["ok"] and ack["seat"] == 0
    settle(app)
    # Each join gave the joining connection a fresh snapshot, and nobody else a patch.
    assert {m["t"] for m in host.messages[-10:]} == {"snapshot"}
    other = player("Ben")
    other.join(code)
    other.sit(1)
    other.pump()
    host.join(code, host.token)
    settle(app)
    assert other.pump() == []
