"""Socket.IO's Redis message queue, in one order for every process.

python-socketio's RedisManager delivers an emit to the sending process's own
connections at once and to the other processes through Redis. Two processes
that change one table in turn (each under the table's Redis lock) could then
reach a connection in the wrong order: process B's local clients could get
version 8 before process A's version 7 has come back through Redis. Here every
emit goes through Redis, to the sender's own connections too, so all processes
deliver in the one order Redis received them: the order of the versions.
"""

from __future__ import annotations

import socketio
from socketio.packet import Packet


class OrderedRedisManager(socketio.RedisManager):
    def emit(self, event, data, namespace=None, room=None, skip_sid=None, callback=None, to=None,
             **kwargs):
        if callback is not None or kwargs.get("ignore_queue"):
            return super().emit(event, data, namespace=namespace, room=room, skip_sid=skip_sid,
                                callback=callback, to=to, **kwargs)
        data = list(data) if isinstance(data, tuple) else [data]
        if Packet.data_is_binary(data):  # never ours: every message is JSON
            raise ValueError("binary data is not sent through the ordered queue")
        # host_id None: the listener of every process, this one included, delivers it.
        self._publish({"method": "emit", "event": event, "data": data, "binary": False,
                       "namespace": namespace or "/", "room": to or room, "skip_sid": skip_sid,
                       "callback": None, "host_id": None})
