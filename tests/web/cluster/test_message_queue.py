"""Socket.IO's Redis queue as the scale-out uses it (app/web/cluster/message_queue.py), against a
real redis-server: the messages of one change travel as one batch, in order, and a
process that holds no connection of the batch's table drops it unread.
"""

from __future__ import annotations

import queue
import threading

import redis

from app.web.cluster.message_queue import OrderedRedisManager, batch, emit_to, room_change


def listening(url: str, wanted) -> tuple[OrderedRedisManager, queue.Queue]:
    """A manager listening on its channel (as a process's listener thread does); what its
    listener yields goes to the queue returned."""
    manager = OrderedRedisManager(url, channel="test-queue")
    manager.wanted = wanted
    got: queue.Queue = queue.Queue()

    def listen():
        for message in manager._listen():
            got.put(message)
    threading.Thread(target=listen, daemon=True).start()
    assert manager.subscribed.wait(10)
    return manager, got


def test_a_change_is_one_batch_delivered_in_order_and_only_where_wanted(redis_server):
    _manager, got = listening(redis_server.url, wanted=lambda code: code == "MINE")
    publisher = OrderedRedisManager(redis_server.url, channel="test-queue")
    first = [room_change("enter_room", "sid-1", "t:MINE:a"), emit_to("state", {"v": 1}, "t:MINE:a")]
    publisher.publish_many(first, "MINE")
    publisher.publish_many([emit_to("state", {"v": 7}, "t:OTHER:a")], "OTHER")  # no connection here
    publisher.publish_many([emit_to("state", {"v": 2, "text": "Grüße"}, "t:MINE:a")], "MINE")
    publisher.publish_many([emit_to("state", {"v": 3}, "sid-9")])  # no table: every process reads it
    received = [got.get(timeout=10) for _ in range(4)]
    assert received == [*first, emit_to("state", {"v": 2, "text": "Grüße"}, "t:MINE:a"),
                        emit_to("state", {"v": 3}, "sid-9")]
    assert got.empty()
    raw = redis.Redis.from_url(redis_server.url)
    assert raw.publish("test-queue", batch("MINE", [{"n": 1}])) == 1  # one subscriber, one message


def test_python_socketios_own_messages_and_junk_are_handled(redis_server, caplog):
    _manager, got = listening(redis_server.url, wanted=lambda code: True)
    raw = redis.Redis.from_url(redis_server.url)
    raw.publish("test-queue", b'{"method": "disconnect", "sid": "x"}')  # its own: plain JSON
    raw.publish("test-queue", b"MINE\nnot json")
    raw.publish("test-queue", b'MINE\n{"a": 1}')  # JSON, but no batch
    raw.publish("test-queue", batch("MINE", [{"n": 2}]))
    assert got.get(timeout=10) == b'{"method": "disconnect", "sid": "x"}'
    assert got.get(timeout=10) == {"n": 2}
    assert got.empty()
    dropped = [r for r in caplog.records if "dropped" in r.getMessage()]
    assert len(dropped) == 2 and all(r.exc_info is None for r in dropped)
