"""Seats, the host and bots before and during a game, over the socket."""

from __future__ import annotations

from .conftest import create_table


def lobby(app, http, player, **fields):
    code, token = create_table(http, **fields)
    host = player("Anna")
    assert host.join(code, token)["ok"]
    host.token = token
    table = app.extensions["tichu"].registry.get(code)
    return code, table, host


def test_people_pick_seats_and_may_move_before_the_start(app, http, player):
    code, table, host = lobby(app, http, player)
    ben = player("Ben")
    ben.join(code)
    ack = ben.sit(1)
    assert ack["ok"] and ack["seat"] == 1 and ack["token"]
    assert ben.sit(3)["ok"]
    host.pump()
    seats = host.doc["table"]["seats"]
    assert [s["name"] for s in seats] == [None, None, None, "Ben"]
    assert seats[3]["team"] == 1 and seats[3]["online"] is True
    assert ben.doc["you"]["seat"] == 3
    assert host.sit(3)["code"] == "seat_taken"
    assert ben.emit("stand", {})["ok"]
    ben.pump()
    assert ben.doc["you"]["seat"] is None


def test_sitting_needs_a_name(app, http, player):
    code, table, host = lobby(app, http, player)
    eve = player("   ")
    eve.join(code)
    assert eve.sit(0)["code"] == "bad_name"
    eve.name = "x" * 40
    assert eve.sit(0)["code"] == "bad_name"
    assert eve.emit("sit", {"seat": 0, "name": 5})["code"] == "bad_request"
    assert not table.seats[0].taken


def test_start_needs_four_taken_seats_and_the_host(app, http, player):
    code, table, host = lobby(app, http, player)
    host.sit(0)
    ben = player("Ben")
    ben.join(code)
    ben.sit(1)
    assert host.emit("start", {})["code"] == "seats_free"
    assert ben.emit("bot", {"seat": 2})["code"] == "not_host"
    assert host.emit("bot", {"seat": 2})["ok"]
    assert host.emit("bot", {"seat": 3, "level": "greedy"})["ok"]
    assert ben.emit("start", {})["code"] == "not_host"
    assert host.emit("start", {})["ok"]
    host.pump()
    assert host.doc["table"]["status"] == "playing"
    assert host.doc["game"]["viewer"] == 0 and len(host.doc["game"]["hand"]) == 8


def test_host_can_free_a_bot_seat_before_the_start(app, http, player):
    code, table, host = lobby(app, http, player)
    assert host.emit("bot", {"seat": 1})["ok"]
    assert host.emit("free", {"seat": 1})["ok"]
    assert not table.seats[1].taken
    assert host.emit("free", {"seat": 1})["code"] == "seat_free"


def test_absent_player_is_replaced_by_a_bot_and_takes_the_seat_back(app, http, player, hub):
    code, table, host = lobby(app, http, player)
    host.sit(0)
    ben = player("Ben")
    ben.join(code)
    ben.sit(1)
    for seat in (2, 3):
        host.emit("bot", {"seat": seat, "level": "greedy"})
    host.emit("start", {})
    assert hub.bots.wait_idle()
    assert host.emit("bot", {"seat": 1})["code"] == "player_present"
    ben_token = ben.token
    ben.disconnect()
    assert host.emit("bot", {"seat": 1, "level": "greedy"})["ok"]
    assert hub.bots.wait_idle()
    # The bot made seat 1's Grand Tichu decision; the host still waits for their own.
    assert table.game.round.grand[1] is False
    back = player("Ben")
    back.join(code, ben_token)
    back.pump()
    assert back.doc["you"] == {"seat": 1, "host": False, "manage": False, "bot_plays": True}
    assert back.act(act="tichu")["code"] == "bot_plays"
    ack = back.sit(1)
    assert ack["ok"] and "token" not in ack
    back.pump()
    assert back.doc["you"]["bot_plays"] is False
    assert table.seats[1].bot is None and table.seats[1].name == "Ben"


def test_newcomer_takes_over_a_bot_seat_nobody_owns(app, http, player, hub):
    code, table, host = lobby(app, http, player)
    host.sit(0)
    for seat in (1, 2, 3):
        host.emit("bot", {"seat": seat, "level": "greedy"})
    host.emit("start", {})
    assert hub.bots.wait_idle()
    cleo = player("Cleo")
    cleo.join(code)
    assert cleo.sit(0)["code"] == "seat_taken"
    ack = cleo.sit(2)
    assert ack["ok"] and ack["token"]
    cleo.pump()
    assert cleo.view["viewer"] == 2 and cleo.view["hand"]
    assert table.seats[2].bot is None


def test_host_away_lets_a_seated_player_manage(app, http, player):
    code, table, host = lobby(app, http, player)
    ben = player("Ben")
    ben.join(code)
    ben.sit(1)
    assert ben.emit("bot", {"seat": 2})["code"] == "not_host"
    host.disconnect()
    ben.pump()
    assert ben.doc["you"]["manage"] is True
    assert ben.emit("bot", {"seat": 2})["ok"]


def test_spectators_are_counted(app, http, player):
    code, table, host = lobby(app, http, player)
    watchers = [player() for _ in range(2)]
    for w in watchers:
        w.join(code)
    host.pump()
    assert host.doc["table"]["spectators"] == 3  # the host has no seat yet
    watchers[0].disconnect()
    host.pump()
    assert host.doc["table"]["spectators"] == 2
