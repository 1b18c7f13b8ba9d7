"""Watchers coming and going on a scale-out cost the players (almost) nothing: no commit and
no patch per join or leave, only the watchers' count, coalesced, and the first watcher at once.

Two real app processes and a real redis-server (tests/web/cluster/fixtures.py).
"""

from __future__ import annotations

import copy
import json
import math
import time

import redis

from .clients import Seat, close_all
from .fixtures import create_table

DELAY = 2.0  # TICHU_PRESENCE_DELAY of these processes


def stored(redis_url: str, code: str) -> tuple[int, dict]:
    """The table's stored version and its stored connections."""
    r = redis.Redis.from_url(redis_url)
    version, meta = r.hmget(f"tichu:t:{code}", "v", "meta")
    return int(version), json.loads(meta)["extra"].get("conns", {})


def only_the_count(before: dict, after: dict) -> bool:
    """Whether two documents differ in nothing but the number of watchers."""
    strip = [{**doc, "table": {**doc["table"], "spectators": None}} for doc in (before, after)]
    return strip[0] == strip[1]


def test_watchers_joining_and_leaving_are_one_coalesced_count(apps, redis_server):
    a, b = apps(2, TICHU_PRESENCE_DELAY=str(DELAY))
    code, token = create_table(a.base, seed=5)
    anna = Seat(a.base, "Anna").connect()
    anna.join(code, token)
    assert anna.sit(0)["ok"]
    start_version, conns = stored(redis_server.url, code)
    anna.wait_version(start_version)  # the sit's patch comes through the queue, after its ack
    assert anna.version == start_version
    docs = {start_version: copy.deepcopy(anna.doc)}  # every version Anna's page held

    def on_state(msg):
        anna._on_state(msg)
        docs.setdefault(anna.version, copy.deepcopy(anna.doc))
    anna.sio.on("state", on_state)

    began = time.monotonic()
    watchers = []
    for i in range(20):
        watcher = Seat((a, b)[i % 2].base, f"W{i}").connect()
        watcher.join(code)
        watchers.append(watcher)
    for watcher in watchers[:10]:
        watcher.close()
    elapsed = time.monotonic() - began

    # Every process ends up showing ten watchers, Anna's page and a watcher's on the other process.
    doc = anna.wait(lambda d: d["table"]["spectators"] == 10, what="ten watchers counted")
    watchers[-1].wait(lambda d: d["table"]["spectators"] == 10, what="ten watchers, on the other process")
    version, conns = stored(redis_server.url, code)
    assert len(conns) == 1, conns  # Anna's: no watcher is stored with the table
    # The first watcher was counted at once; the rest came as coalesced updates, at most one
    # per process and presence delay (30 joins and leaves: without coalescing, 30 versions).
    seen = sorted(v for v in docs if v > start_version)
    assert seen == list(range(start_version + 1, version + 1)), (seen, version)
    windows = math.ceil(elapsed / DELAY) + 2
    assert len(seen) <= 1 + 2 * windows, (len(seen), elapsed)
    assert len(seen) < 30
    for v in seen:
        assert only_the_count(docs[v - 1], docs[v]), v
    assert doc["you"]["seat"] == 0
    close_all([anna] + watchers[10:])
