"""Socket.IO's Redis message queue, in one order for every process.

python-socketio's RedisManager delivers an emit to the sending process's own
connections at once and to the other processes through Redis. Two processes
that change one table in turn (each under the table's Redis lock) could then
reach a connection in the wrong order: process B's local clients could get
version 8 before process A's version 7 has come back through Redis. Here every
emit goes through Redis, to the sender's own connections too, so all processes
deliver in the one order Redis received them: the order of the versions.

The messages of one change (one per room, and the room changes of
connections whose audience changed, whichever process holds them) travel as
one Redis message (`batch`): the table's code, a newline, a JSON array. One
publish, and one message for each process to receive instead of one per room;
a process that holds no connection of that table (`wanted`) drops it unread,
so with a table's connections together on one process (deploy/templates/nginx-site.conf) the
others pay little for its changes. They are published with the release of the
table's lock (leases.TableLock), or by `publish_many` when no table lock is held.
Payloads are JSON only, never bytes (see packets.py): they are not walked for
binary attachments.
"""

from __future__ import annotations

import json
import threading

import socketio


def _message(event: str, data, to, skip_sid, namespace="/") -> dict:
    # host_id None: the listener of every process, this one included, delivers it.
    return {"method": "emit", "event": event, "data": [data], "binary": False, "namespace": namespace,
            "room": to, "skip_sid": skip_sid, "callback": None, "host_id": None}


def room_change(method: str, sid: str, room: str) -> dict:
    """`enter_room` or `leave_room` for a connection of any process: the process holding it
    applies it, in the queue's order (so before the emits published after it)."""
    return {"method": method, "sid": sid, "room": room, "namespace": "/", "host_id": None}


def emit_to(event: str, data, to, skip_sid=None) -> dict:
    return _message(event, data, to, skip_sid)


def batch(topic: str, messages: list[dict]) -> str:
    """One Redis message for the messages of one change of table `topic` ("": of none)."""
    return topic + "\n" + json.dumps(messages, separators=(",", ":"), ensure_ascii=False)


class OrderedRedisManager(socketio.RedisManager):
    """See the module's doc. Listening starts with the app (`listen`), not with the first
    connection as python-socketio would: a message published before this process has
    subscribed is lost to it, and its first connection's snapshot is such a message."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.subscribed = threading.Event()
        # wanted(code): whether this process holds a connection of that table (SharedHub sets it).
        self.wanted = lambda code: True

    def listen(self, server, timeout: float = 10.0) -> bool:
        """Start listening for `server` now; True once Redis confirmed the subscription."""
        if not server.manager_initialized:
            server.manager_initialized = True
            self.initialize()
        return self.subscribed.wait(timeout)

    def _redis_connect(self):
        super()._redis_connect()
        self.pubsub = self.redis.pubsub()  # with the subscription's confirmation (see _listen)

    def _listen(self):
        channel = self.channel.encode()
        for message in self._redis_listen_with_retries():
            if message.get("channel") != channel:
                continue
            if message["type"] == "subscribe":
                self.subscribed.set()
            elif message["type"] == "message" and "data" in message:
                yield from self._unbatch(message["data"])
        self.pubsub.unsubscribe(self.channel)

    def _unbatch(self, data: bytes):
        """The messages of a `batch` this process wants, in order (nothing if it holds no
        connection of that table)."""
        topic, newline, body = data.partition(b"\n")
        if not newline:  # python-socketio's own (a disconnect, a room closed): JSON, no newline
            yield data
            return
        if topic and not self.wanted(topic.decode()):
            return
        try:
            messages = self.json.loads(body)
        except ValueError:
            messages = None
        if not isinstance(messages, list):
            self._get_logger().warning("a queue message that is no batch was dropped")
            return
        yield from messages

    def emit(self, event, data, namespace=None, room=None, skip_sid=None, callback=None, to=None,
             **kwargs):
        if callback is not None or kwargs.get("ignore_queue") or isinstance(data, tuple):
            return super().emit(event, data, namespace=namespace, room=room, skip_sid=skip_sid,
                                callback=callback, to=to, **kwargs)
        self.publish_many([_message(event, data, to or room, skip_sid, namespace or "/")])

    def publish_many(self, messages: list[dict], topic: str = "") -> None:
        """Publish queue messages (`emit_to`, `room_change`) about table `topic` as one batch,
        delivered in this order; tried twice (a lost connection is made again)."""
        if not messages:
            return
        text = batch(topic, messages)
        for attempt in (1, 2):
            try:
                if not self.connected:
                    self._redis_connect()
                self.redis.publish(self.channel, text)
                return
            except Exception as exc:  # redis-py's errors, and whatever a broken connection raises
                self.connected = False
                self._get_logger().error("cannot publish to redis (%s)%s", exc,
                                         "; trying again" if attempt == 1 else "; giving up")
