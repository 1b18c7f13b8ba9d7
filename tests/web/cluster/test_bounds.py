"""What a scale-out process keeps per connection is freed when the connection goes: the
hub's maps of connections, watchers and rooms stay bounded however many come and go.

A real redis-server; the hub is built without a web server (its connection
bookkeeping needs none).
"""

from __future__ import annotations

from app.web.cluster.hub import SharedHub
from app.web.cluster.leases import Membership
from app.web.cluster.registry import SharedRegistry
from app.web.store.redis import RedisStore


class NoRooms:
    """The Socket.IO server's room calls, for a hub built without one."""

    def rooms(self, sid, namespace="/"):
        return [sid]

    def leave_room(self, sid, room, namespace="/"):
        pass


class NoSocketIO:
    server = NoRooms()


def test_connections_coming_and_going_leave_nothing_behind(redis_server):
    store = RedisStore.from_url(redis_server.url)
    membership = Membership(store.redis)
    registry = SharedRegistry(store, membership)
    hub = SharedHub(registry, NoSocketIO(), membership)
    registry.hub = hub
    tables = [registry.create(host_name=f"Host {i}")[0] for i in range(5)]
    for n in range(400):
        table = tables[n % len(tables)]
        sid = f"sid-{n}"
        with table.lock:
            table.attach(sid, None)  # a watcher without a token
            hub.bind(sid, table)
            hub.detach(table, sid)
        assert hub.unbind(sid) == table.code
    assert hub._local == {} and hub._placed == {} and hub.watchers._noted == {}
    assert hub._where == {}
    assert all(not t.clients and not t.procs for t in tables)
    store.close()
