"""nginx keeps a table's connections on one process (deploy/templates/nginx-site.conf): a Socket.IO
connection that names its table (`?table=CODE`, as the page's does) is hashed on it.

Real nginx, two app processes and a redis-server on loopback ports. Each client
is a new browser to nginx (no cookie), so without the table in the address its
connection would land on either process.
"""

from __future__ import annotations

import json

import redis

from .clients import Seat, close_all
from .fixtures import create_table


def serving_processes(redis_url: str, code: str) -> set[str]:
    """The processes holding the table's connections, as the stored presence says."""
    meta = json.loads(redis.Redis.from_url(redis_url).hget(f"tichu:t:{code}", "meta"))
    return {proc for _token, proc in meta["extra"]["conns"].values()}


def test_every_connection_of_a_table_reaches_one_process(apps, nginx_front, redis_server):
    front = nginx_front(apps(2))
    seats, where = [], {}
    # Six tables at least (2**-18 that random routing would keep each together), and on
    # until the tables have reached both processes (2**-29 that 30 would not).
    while len(where) < 6 or (len(set().union(*where.values())) < 2 and len(where) < 30):
        code, token = create_table(front.base, f"Host {len(where)}")
        for i in range(4):
            seat = Seat(f"{front.base}?table={code}", f"P{i}").connect()
            seats.append(seat)
            seat.join(code, token if i == 0 else None)
            if i:
                assert seat.sit(i)["ok"]
        where[code] = serving_processes(redis_server.url, code)
    close_all(seats)
    assert all(len(procs) == 1 for procs in where.values()), where
    assert len(set().union(*where.values())) == 2, where  # the tables still spread over both
