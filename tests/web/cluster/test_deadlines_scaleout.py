"""A table's deadlines (turn timers, grace periods) and bots run in exactly one process of a
scale-out, the holder of the table's lease; when it dies, another process runs them.

Two real app processes and a real redis-server. Time is moved on by the test clock
(`TICHU_TEST_CLOCK`, app/web/live/clocks.py): every process reads the same file, so no test
waits 30 s for a turn timer.
"""

from __future__ import annotations

import time

import redis

from app.web.live.clocks import write_offset

from .clients import Seat, close_all
from .fixtures import create_table, get_json


def runner_of(redis_url: str, code: str) -> int | None:
    """The pid of the process holding the table's lease (the member id is host:pid:nonce)."""
    value = redis.Redis.from_url(redis_url).get(f"tichu:lease:runs:{code}")
    return int(value.decode().split(":")[1]) if value else None


def watched(app) -> int:
    return get_json(app.base + "/healthz")["deadlines"]


def wait_for(predicate, what: str, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"no {what} in {timeout} s"
        time.sleep(0.05)


def test_turn_timers_run_in_one_process_and_move_on_when_it_dies(apps, redis_server, tmp_path):
    clock = tmp_path / "clock"
    write_offset(clock, 0)
    a, b = apps(2, TICHU_TEST_CLOCK=str(clock))
    code, token = create_table(a.base, seed=7, settings={"turn_timer": 30})
    anna = {}  # Anna's two browser tabs, one on each process: whichever dies, she stays online
    anna[a] = Seat(a.base, "Anna").connect()
    anna[a].join(code, token)
    assert anna[a].sit(0)["ok"]
    for seat in (1, 2, 3):
        assert anna[a].call("bot", {"seat": seat, "level": "greedy"})["ok"]
    assert anna[a].call("start")["ok"]
    anna[b] = Seat(b.base, "Anna").connect()
    anna[b].join(code, token)

    def my_timer(doc):
        return doc["table"]["seats"][0]["turn_ends"]

    anna[b].wait(lambda d: d["game"]["legal"]["grand"] and my_timer(d), what="Anna's Grand Tichu, timed")
    pid = runner_of(redis_server.url, code)
    runner, other = (a, b) if pid == a.pid else (b, a)
    assert pid == runner.pid, (pid, a.pid, b.pid)
    # Anna decides on the process that does not run the table: the exchange's deadline is set
    # there, and watched by the runner only.
    ack = anna[other].act({"act": "grand", "call": False})
    assert ack["ok"], ack
    doc = anna[other].wait(lambda d: d["game"]["legal"]["exchange"] and my_timer(d),
                           what="Anna's exchange, timed")
    exchange_ends = my_timer(doc)
    wait_for(lambda: watched(runner) == 1, "the exchange's deadline watched by the runner")
    assert watched(other) == 0

    runner.kill()  # kill -9 of the process that runs the table
    write_offset(clock, 31)  # the exchange's 30 s are over
    survivor = anna[other]
    doc = survivor.wait(lambda d: d["game"]["phase"] == "play", timeout=30,
                        what="the stand-in's exchange for Anna, made by the other process")
    assert runner_of(redis_server.url, code) == other.pid
    assert doc["game"]["hand"] and len(doc["game"]["hand"]) == 14
    assert my_timer(doc) is None or my_timer(doc) > exchange_ends  # a new decision, a new deadline
    assert "Traceback" not in other.log.read_text(errors="replace")
    close_all(list(anna.values()))


def test_a_grace_period_takes_a_runner_and_a_return_lets_it_go(apps, redis_server):
    a, b = apps(2)
    code, token = create_table(a.base, seed=7)
    people = []
    for seat, app in enumerate((a, b, a, b)):
        person = Seat(app.base, f"P{seat}").connect()
        person.join(code, token if seat == 0 else None)
        assert person.sit(seat)["ok"]
        people.append(person)
    assert people[0].call("start")["ok"]
    assert runner_of(redis_server.url, code) is None  # people only, no timer: nothing to run
    leaver = people[3]  # on B
    leaver.close()
    people[0].wait(lambda d: d["table"]["seats"][3]["standin_at"], what="P3 away, the seat held")
    wait_for(lambda: runner_of(redis_server.url, code) is not None, "a runner for the grace period")
    runner = a if runner_of(redis_server.url, code) == a.pid else b
    wait_for(lambda: watched(runner) == 1, "the grace period watched by the runner")
    assert watched(b if runner is a else a) == 0
    # P3 comes back through the other process: no deadline is left, the runner lets go.
    back = Seat((b if runner is a else a).base, "P3").connect()
    back.join(code, leaver.token)
    people[0].wait(lambda d: not d["table"]["seats"][3]["away"], what="P3 back")
    wait_for(lambda: runner_of(redis_server.url, code) is None, "the lease let go")
    assert watched(a) == 0 and watched(b) == 0
    close_all(people[:3] + [back])
