"""Seats across processes: a watcher on one process asks the host on another for a bot's seat."""

from __future__ import annotations

from .clients import Seat, close_all
from .fixtures import create_table


def test_asking_the_host_for_a_bot_seat_across_processes(apps):
    a, b = apps(2)
    code, token = create_table(a.base, seed=7)
    anna = Seat(a.base, "Anna").connect()
    anna.join(code, token)
    assert anna.sit(0)["ok"]
    for seat in (1, 2, 3):
        assert anna.call("bot", {"seat": seat, "level": "greedy"})["ok"]
    assert anna.call("start")["ok"]
    cleo = Seat(b.base, "Cleo").connect()  # served by the other process
    cleo.join(code)
    assert cleo.sit(2)["code"] == "ask_host"
    ack = cleo.call("ask", {"seat": 2, "name": "Cleo"})
    assert ack["ok"] and ack["token"]
    doc = anna.wait(lambda d: d["you"].get("requests"), what="Cleo's request on the host's page")
    ((request_id, seat, name),) = doc["you"]["requests"]
    assert (seat, name) == (2, "Cleo")
    assert anna.call("answer", {"request": request_id, "accept": True})["ok"]
    doc = cleo.wait(lambda d: d["you"]["seat"] == 2, timeout=10, what="Cleo's seat")
    assert doc["game"]["hand"], "Cleo sees her hand"
    anna.wait(lambda d: d["table"]["seats"][2]["name"] == "Cleo" and not d["you"]["requests"],
              what="the seat taken and no request left")
    # Moved between rooms by the other process, Cleo saw every version once, in order.
    assert cleo.gaps == 0 and cleo.versions == list(range(cleo.versions[0], cleo.versions[-1] + 1)), \
        (cleo.gaps, cleo.versions)
    close_all([anna, cleo])
