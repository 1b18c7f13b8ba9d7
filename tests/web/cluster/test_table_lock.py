"""A table's lock across processes (app/web/cluster/leases.py), against a real redis-server.

Each "process" is a Redis client of its own. Taking the lock reads the table's stored
version in the same round trip; messages deferred under it are published with its
release, in order, and only then.
"""

from __future__ import annotations

import json
import logging
import threading

import pytest
import redis

from app.web.cluster import leases
from app.web.cluster.leases import TableLock
from app.web.errors import Refused

LOCK, TABLE, CHANNEL = "t:ABCD:lock", "t:ABCD", "queue"


def make_lock(url: str, seen: list, fallback=None) -> TableLock:
    client = redis.Redis.from_url(url)
    return TableLock(client, LOCK, (TABLE, "v"), seen.append, CHANNEL, fallback=fallback)


def published(pubsub, timeout: float) -> list:
    """The queue messages published within `timeout` seconds (each a JSON array)."""
    found = []
    while (message := pubsub.get_message(ignore_subscribe_messages=True, timeout=timeout)) is not None:
        found.append(json.loads(message["data"]))
        timeout = 0.05
    return found


@pytest.fixture
def queue(redis_server):
    pubsub = redis.Redis.from_url(redis_server.url).pubsub()
    pubsub.subscribe(CHANNEL)
    assert pubsub.get_message(timeout=5)["type"] == "subscribe"
    yield pubsub
    pubsub.close()


def test_taking_the_lock_reads_the_stored_version_and_keeps_the_others_out(redis_server):
    redis.Redis.from_url(redis_server.url).hset(TABLE, "v", 7)
    seen_a, seen_b = [], []
    a, b = make_lock(redis_server.url, seen_a), make_lock(redis_server.url, seen_b)
    assert a.acquire()
    assert seen_a == [7] and a.held()
    assert not b.acquire(blocking=False)  # another process holds the table
    assert seen_b == [] and not b.held()
    with a:  # reentrant: no second read
        assert seen_a == [7]
    a.release()
    assert not a.held()
    redis.Redis.from_url(redis_server.url).hset(TABLE, "v", 8)  # a commit in between
    assert b.acquire(blocking=False)
    assert seen_b == [8]
    b.release()


def test_held_says_whether_the_calling_thread_holds_it(redis_server):
    lock = make_lock(redis_server.url, [])
    answers = []
    with lock:
        other = threading.Thread(target=lambda: answers.append(lock.held()))
        other.start()
        other.join()
        answers.append(lock.held())
    assert answers == [False, True]


def test_messages_deferred_under_the_lock_go_out_with_its_release_in_order(redis_server, queue):
    lock = make_lock(redis_server.url, [])
    with lock:
        lock.defer([{"n": 1}, {"n": 2}])
        with lock:
            lock.defer([{"n": 3}])
        lock.defer([{"n": 4, "text": "Grüße"}])
        assert published(queue, 0.3) == []  # nothing before the release
    assert published(queue, 5) == [[{"n": 1}, {"n": 2}, {"n": 3}, {"n": 4, "text": "Grüße"}]]
    with lock:
        pass
    assert published(queue, 0.3) == []  # a hold that deferred nothing publishes nothing


def test_a_lock_that_expired_while_held_frees_only_its_own_key(redis_server, queue, caplog):
    seen_b = []
    a, b = make_lock(redis_server.url, []), make_lock(redis_server.url, seen_b)
    a.acquire()
    a.defer([{"version": 5}])
    redis.Redis.from_url(redis_server.url).delete(LOCK)  # as if it had expired: a stalled process
    assert b.acquire(blocking=False)
    with caplog.at_level(logging.WARNING, logger="app.web.cluster.leases"):
        a.release()
    # What a's hold stored is told all the same; b's lock stays b's.
    assert published(queue, 5) == [[{"version": 5}]]
    assert [r.getMessage() for r in caplog.records] == ["a table lock expired while held"]
    assert not make_lock(redis_server.url, []).acquire(blocking=False)
    b.release()
    assert make_lock(redis_server.url, []).acquire(blocking=False)


def test_a_busy_table_is_refused_after_the_wait(redis_server, monkeypatch):
    monkeypatch.setattr(leases, "LOCK_WAIT_SECONDS", 0.1)
    a, b = make_lock(redis_server.url, []), make_lock(redis_server.url, [])
    a.acquire()
    with pytest.raises(Refused) as refused:
        b.acquire()
    assert refused.value.code == "busy"
    assert not b.held()
    a.release()
    assert b.acquire()  # and the thread lock was given back
    b.release()


def test_without_redis_taking_is_refused_and_releasing_hands_the_messages_on(redis_server, caplog):
    handed = []
    lock = make_lock(redis_server.url, [], fallback=handed.append)
    lock.acquire()
    lock.defer([{"version": 9}])
    redis_server.stop()
    with caplog.at_level(logging.WARNING, logger="app.web.cluster.leases"):
        lock.release()
        with pytest.raises(Refused) as refused:
            lock.acquire()
    assert handed == [[{"version": 9}]]
    assert refused.value.code == "store_unavailable"
    assert not lock.held()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and lines[0].startswith("cannot release a table lock")
    assert all(r.exc_info is None for r in caplog.records)
