"""Two app processes and one redis-server: every table is served by any process (issue 10).

Real processes on loopback ports (tests/web/cluster/fixtures.py); clients connect
over WebSockets to the process a test chooses, as nginx would send them.
"""

from __future__ import annotations

import json
from functools import partial

import redis

from app.bots import GreedyBot
from app.engine import Action, Game, Rules, view_for
from app.engine.record import replay
from tests.web.policy import next_action

from .clients import Seat, at_once, close_all
from .fixtures import create_table, get_json

SEED = 4  # round 1: Grand Tichu, Tichu, a bomb out of turn, the wish, the Dog, the Phoenix, a Dragon gift
DECK = Rules.of("standard").deck


def as_json(value):
    return json.loads(json.dumps(value))


def contiguous(seat: Seat) -> bool:
    return seat.gaps == 0 and seat.versions == list(range(seat.versions[0], seat.versions[-1] + 1))


def lease_holder(redis_url: str, code: str) -> str | None:
    value = redis.Redis.from_url(redis_url).get(f"tichu:lease:runs:{code}")
    return value.decode() if value else None


def pid_of(member: str) -> int:
    return int(member.split(":")[1])


def test_a_table_made_on_one_process_is_played_to_the_end_of_a_round_from_both(apps):
    a, b = apps(2)
    code, token = create_table(a.base, seed=SEED)
    host = Seat(a.base, "Anna").connect()
    host.join(code, token)
    assert host.sit(0)["ok"]
    seats = [host]
    for seat, (name, server) in enumerate((("Ben", b), ("Cleo", a), ("Dan", b)), start=1):
        person = Seat(server.base, name).connect()
        person.join(code)
        assert person.sit(seat)["ok"]
        seats.append(person)
    watcher = Seat(b.base, "Watcher").connect()
    watcher.join(code)
    everybody = seats + [watcher]
    ack = host.call("start")
    assert ack["ok"], ack
    for person in everybody:
        person.wait_version(ack["version"])

    mirror = Game(seed=SEED)
    bombed = False
    while len(mirror.rounds) == 1:
        views = [as_json(view_for(mirror, s)) for s in range(4)]
        # Each connection holds exactly its seat's view, whichever process it is on.
        for s, person in enumerate(seats):
            assert person.view == views[s], f"seat {s} on {person.base}"
        assert watcher.view == as_json(view_for(mirror, None))
        seat, action = next_action(views, bombed)
        if action["act"] == "play" and not views[seat]["legal"]["plays"]:
            bombed = True
        ack = seats[seat].act(action)
        assert ack["ok"], (seat, action, ack)
        mirror.apply({**action, "seat": seat})
        for person in everybody:
            person.wait_version(ack["version"])
    assert mirror.rounds[0].result is not None and bombed
    assert watcher.view == as_json(view_for(mirror, None))

    # A change made on one process reaches the watchers on the other.
    ack = host.call("chat", {"text": "well played"})
    assert ack["ok"], ack
    doc = watcher.wait_version(ack["version"])
    assert doc["table"]["chat"][-1]["text"] == "well played"
    # Every connection saw every version once, in order, without asking for a snapshot.
    for person in everybody:
        assert contiguous(person), (person.name, person.gaps, person.versions[:5])
    # Both processes serve the same table; a fresh connection on either starts where the others are.
    late = Seat(b.base, "Late").connect()
    late.join(code, token)
    assert late.doc["game"] == host.wait_version(late.version)["game"]
    close_all(everybody + [late])


class Driver:
    """The people of a table act from their own views (GreedyBot's choice) until `stop()`."""

    def __init__(self, people: dict[int, Seat]):
        self.people = people
        self.acked: list[tuple[int, int, dict, int]] = []  # (seat, round, action, version)

    def run(self, stop, limit: float = 120.0):
        import time

        deadline = time.monotonic() + limit
        while not stop():
            assert time.monotonic() < deadline, "the round did not go on"
            acted = False
            for seat, person in self.people.items():
                view = person.view
                action = GreedyBot(seat).decide(view) if view and not view["game_over"] else None
                if action is None:
                    continue
                round_no = view["round"]
                ack = person.act(action)
                if ack["ok"]:
                    self.acked.append((seat, round_no, action, ack["version"]))
                    person.wait_version(ack["version"])
                    acted = True
            if not acted:  # the bots or the other person: wait for a change, briefly
                person = next(iter(self.people.values()))
                try:
                    person.wait_version((person.version or 0) + 1, timeout=0.5)
                except AssertionError:
                    pass


def anna_and_ben(a, b, code: str, token: str, ben_at: int) -> tuple[Seat, Seat]:
    """The host Anna at seat 0 on process `a`, Ben at seat `ben_at` on process `b`."""
    anna = Seat(a.base, "Anna").connect()
    anna.join(code, token)
    assert anna.sit(0)["ok"]
    ben = Seat(b.base, "Ben").connect()
    ben.join(code)
    assert ben.sit(ben_at)["ok"]
    return anna, ben


def played(action: dict, seat: int) -> tuple:
    return (seat, *sorted(Action.from_record({**action, "seat": seat}, DECK).to_record(DECK).items()))


def test_a_process_killed_mid_round_loses_nothing(apps, redis_server):
    a, b = apps(2)
    code, token = create_table(a.base, seed=7)
    anna, ben = anna_and_ben(a, b, code, token, ben_at=2)
    watcher = Seat(a.base, "Watcher").connect()  # dies with process A
    watcher.join(code)
    for seat in (1, 3):
        assert anna.call("bot", {"seat": seat, "level": "greedy"})["ok"]
    started = anna.call("start")
    assert started["ok"]
    ben.wait_version(started["version"])  # Ben, on the other process, sees the game begin
    assert pid_of(lease_holder(redis_server.url, code)) == a.pid  # A runs the bots

    driver = Driver({0: anna, 2: ben})
    driver.run(lambda: ben.view["phase"] == "play" and ben.table()["moves"] >= 20)
    last_ack = max(v for s, _, _, v in driver.acked if s == 0)
    moves_at_kill = ben.table()["moves"]
    a.kill()  # kill -9: no goodbye of any kind

    # Anna's browser reconnects through the load balancer: to B now, with her token.
    anna_again = Seat(b.base, "Anna").connect()
    ack = anna_again.join(code, token)
    assert ack["seat"] == 0 and ack["version"] >= last_ack
    driver.people = {0: anna_again, 2: ben}
    driver.run(lambda: ben.view["round"] > 0)

    # The bots resumed on B; the watcher that was on A is gone from the table.
    assert pid_of(lease_holder(redis_server.url, code)) == b.pid
    ben.wait(lambda doc: doc["table"]["spectators"] == 0, what="the dead process's watcher to leave")
    record = get_json(f"{b.base}/t/{code}/record.json")
    actions = record["rounds"][0]["actions"]
    assert len(actions) > moves_at_kill
    assert any(x["seat"] in (1, 3) for x in actions[moves_at_kill:]), "the bots played after the kill"
    # Every acknowledged action of the first round is in the record once, in the order acknowledged.
    people = [played(act, seat) for seat, rnd, act, _ in driver.acked if rnd == 0]
    in_record = [played({k: v for k, v in x.items() if k != "seat"}, x["seat"])
                 for x in actions if x["seat"] in (0, 2)]
    assert in_record == people
    # The record replays with the engine's full checks.
    assert replay(record)["error"] is None
    # Ben's page (on B all along) has what a fresh connection of his gets: a patch lost with A
    # (committed, then killed before it was sent) shows as a gap, and the gap as a snapshot.
    again = Seat(b.base, "Ben").connect()
    again.join(code, ben.token)
    for _ in range(50):  # the bots may still be moving (round 2 begins): until both are at one version
        version = max(ben.version, again.version)
        ben.wait_version(version)
        again.wait_version(version)
        mine, fresh = ben.state(), again.state()
        if mine[1] == fresh[1]:
            break
    assert mine == fresh
    close_all([anna_again, ben, anna, again])


def test_two_processes_racing_for_one_seat_accept_exactly_one(apps):
    a, b = apps(2)
    everybody = []
    for _ in range(8):
        code, _token = create_table(a.base)
        x = Seat(a.base, "Xena").connect()
        y = Seat(b.base, "Yves").connect()
        x.join(code)
        y.join(code)
        acks = dict(zip(("Xena", "Yves"), at_once(partial(x.sit, 1), partial(y.sit, 1))))
        codes = sorted(ack.get("code", "ok") for ack in acks.values())
        assert codes == ["ok", "seat_taken"], acks
        winner = "Xena" if acks["Xena"]["ok"] else "Yves"
        version = max(ack.get("version", 0) for ack in acks.values())
        for person in (x, y):
            doc = person.wait_version(version)
            assert doc["table"]["seats"][1]["name"] == winner
        everybody += [x, y]
    close_all(everybody)


def test_a_trichu_dealer_on_one_process_plays_the_table_and_the_other_never_sees_its_moves(apps):
    """Trichu over two processes: the dealer (Anna, on a) plays the Table's cards with `seat` in
    her actions; Ben (on b) is refused when he tries, and his view never holds the Table's
    legal actions; the bot at seat 2 plays from whichever process runs the table's bots."""
    a, b = apps(2)
    code, token = create_table(a.base, seed=5, ruleset="trichu")
    anna, ben = anna_and_ben(a, b, code, token, ben_at=1)
    assert anna.call("bot", {"seat": 2, "level": "normal"})["ok"]
    assert anna.call("bot", {"seat": 3})["code"] == "table_seat"
    ack = anna.call("start")
    assert ack["ok"], ack
    driver = Driver({0: anna, 1: ben})
    refused = []

    def stop():
        view = ben.view
        if view and view["phase"] == "play" and 3 in view["pending"] and not refused:
            assert view["table"]["legal"] is None
            refused.append(ben.act({"act": "pass", "seat": 3}))
        return view is not None and view["round"] >= 1

    driver.run(stop)
    assert refused and refused[0]["code"] == "not_your_seat"
    table_moves = [a for seat, round_no, a, _ in driver.acked if seat == 0 and a.get("seat") == 3]
    assert any(a["act"] == "play" for a in table_moves), "Anna played the Table's cards"
    record = get_json(f"{a.base}/t/{code}/record.json")
    result = replay(record)
    assert result["ok"] and record["rounds"][0]["actions"]
    assert sum(1 for act in record["rounds"][0]["actions"] if act["seat"] == 3 and act["act"] == "play") \
        >= sum(1 for a in table_moves if a["act"] == "play")
    close_all([anna, ben])
