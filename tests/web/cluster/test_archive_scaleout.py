"""The scale-out's archive: two processes on one Redis share a PostgreSQL archive. A table
whose game is over and left idle moves out of Redis into PostgreSQL; its host joining
it through the other process brings it back, its finished game's record answering, and a
new game is played there."""

from __future__ import annotations

import time

import pytest

from tests.web.store.conftest import postgres_server  # noqa: F401 (a fixture)

from .clients import Seat, close_all
from .fixtures import create_table, get_json
from .test_scaleout import Driver


@pytest.fixture
def database(postgres_server):  # noqa: F811
    from tests.web.store.conftest import fresh_database

    return fresh_database(postgres_server)


def test_an_idle_table_moves_to_postgres_and_comes_back_through_another_process(apps, redis_server, database):
    import psycopg
    import redis

    a, b = apps(2, TICHU_DATABASE_URL=database, TICHU_ARCHIVE_IDLE="2", TICHU_ARCHIVE_EVERY="0.5")
    code, token = create_table(a.base, seed=7, options={"target": 50})
    anna = Seat(a.base, "Anna").connect()
    anna.join(code, token)
    assert anna.sit(0)["ok"]
    for seat in (1, 2, 3):
        assert anna.call("bot", {"seat": seat, "level": "greedy"})["ok"]
    started = anna.call("start")
    assert started["ok"]
    anna.wait_version(started["version"])
    driver = Driver({0: anna})
    driver.run(lambda: anna.view["game_over"])
    first = get_json(f"{a.base}/t/{code}/record.json?game=0")
    anna.close()

    # Nobody changes it for 2 s: out of Redis, into PostgreSQL (the process sweeping holds it not).
    r = redis.Redis.from_url(redis_server.url)
    deadline = time.monotonic() + 60
    while r.exists(f"tichu:t:{code}"):
        assert time.monotonic() < deadline, "the idle table never left Redis"
        time.sleep(0.2)
    with psycopg.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM archived_tables WHERE code = %s", (code,)).fetchone() == (1,)
        games = db.execute("SELECT game FROM archived_games WHERE code = %s ORDER BY game",
                           (code,)).fetchall()
    assert games[0] == (0,)
    assert not [k for k in r.scan_iter(f"tichu:t:{code}*")]

    # Anna comes back through the other process: the table is live again and plays on.
    again = Seat(b.base, "Anna").connect()
    ack = again.join(code, token)
    assert ack["seat"] == 0
    assert get_json(f"{b.base}/t/{code}/record.json?game=0") == first
    assert r.exists(f"tichu:t:{code}")
    new = again.call("new_game")
    assert new["ok"], new
    again.wait_version(new["version"])
    Driver({0: again}).run(lambda: again.table()["moves"] > 8)
    assert get_json(f"{a.base}/t/{code}/record.json?game=0") == first  # through either process
    close_all([again])
