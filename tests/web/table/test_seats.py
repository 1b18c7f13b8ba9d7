"""Seats, the host and bots before and during a game, over the socket."""

from __future__ import annotations

from app.engine import view_for
from tests.web.conftest import create_table, settle


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
    # Back with the token: the seat is Ben's again at once, without asking anybody.
    assert back.doc["you"] == {"seat": 1, "host": False, "manage": False, "bot_plays": False, "asked": None}
    assert table.seats[1].bot is None and table.seats[1].name == "Ben" and 1 not in table.bots
    host.pump()
    assert host.doc["table"]["seats"][1]["bot"] is None and host.doc["table"]["seats"][1]["online"] is True
    assert back.sit(1)["code"] == "already_seated"


def test_newcomer_takes_over_a_bot_seat_nobody_owns_at_a_table_that_allows_it(app, http, player, hub):
    code, table, host = lobby(app, http, player, settings={"takeover": True})
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
    settle(app)
    host.pump()
    assert host.doc["table"]["spectators"] == 3  # the host has no seat yet
    watchers[0].disconnect()
    settle(app)
    host.pump()
    assert host.doc["table"]["spectators"] == 2


def bot_game(app, http, player, hub, **fields):
    """The host at seat 0, bots at 1..3 (the host's choice), the game started."""
    code, table, host = lobby(app, http, player, **fields)
    host.sit(0)
    for seat in (1, 2, 3):
        host.emit("bot", {"seat": seat, "level": "greedy"})
    host.emit("start", {})
    assert hub.bots.wait_idle()
    host.pump()
    return code, table, host


def test_taking_over_a_bot_seat_needs_the_hosts_consent(app, http, player, hub):
    code, table, host = bot_game(app, http, player, hub)
    cleo = player("Cleo")
    cleo.join(code)
    ack = cleo.sit(2)
    assert ack["code"] == "ask_host" and "token" not in ack
    assert table.seats[2].bot == "greedy" and cleo.doc["game"]["hand"] is None
    ack = cleo.emit("ask", {"seat": 2, "name": "Cleo"})
    assert ack["ok"] and ack["token"]
    cleo.pump()
    assert cleo.doc["you"]["asked"] == 2 and cleo.doc["game"]["hand"] is None, "no hand before consent"
    host.pump()
    ((request_id, seat, name),) = host.doc["you"]["requests"]
    assert seat == 2 and name == "Cleo"
    assert "requests" not in cleo.doc["you"], "only those who manage the table see requests"
    assert cleo.emit("answer", {"request": request_id, "accept": True})["code"] == "not_host"
    assert host.emit("answer", {"request": request_id, "accept": "yes"})["code"] == "bad_request"
    assert host.emit("answer", {"request": request_id, "accept": True})["ok"]
    cleo.pump()
    assert cleo.doc["you"]["seat"] == 2 and cleo.view["hand"] == view_for(table.game, 2)["hand"]
    assert table.seats[2].bot is None and table.seats[2].name == "Cleo" and 2 not in table.bots
    # The token from the request is Cleo's token for the seat from now on.
    cleo.disconnect()
    again = player("Cleo")
    assert again.join(code, ack["token"])["seat"] == 2
    host.pump()
    assert not host.doc["you"]["requests"]


def test_the_host_may_decline_and_a_request_ends_with_its_connection(app, http, player, hub):
    code, table, host = bot_game(app, http, player, hub)
    cleo, dan = player("Cleo"), player("Dan")
    cleo.join(code)
    dan.join(code)
    assert cleo.emit("ask", {"seat": 1, "name": "Cleo"})["ok"]
    assert dan.emit("ask", {"seat": 3, "name": "Dan"})["ok"]
    host.pump()
    by_name = {name: request_id for request_id, seat, name in host.doc["you"]["requests"]}
    assert host.emit("answer", {"request": by_name["Cleo"], "accept": False})["ok"]
    cleo.pump()
    assert cleo.doc["you"]["seat"] is None and cleo.doc["you"]["asked"] is None
    assert table.seats[1].bot == "greedy"
    assert host.emit("answer", {"request": by_name["Cleo"], "accept": True})["code"] == "not_found"
    dan.disconnect()
    host.pump()
    assert not host.doc["you"]["requests"]
    assert host.emit("answer", {"request": by_name["Dan"], "accept": True})["code"] == "not_found"
    assert table.seats[3].bot == "greedy"


def test_nobody_asks_for_a_seat_that_a_person_holds(app, http, player, hub):
    code, table, host = bot_game(app, http, player, hub)
    eve = player("Eve")
    eve.join(code)
    assert eve.emit("ask", {"seat": 0, "name": "Eve"})["code"] == "seat_taken"
    assert eve.emit("ask", {"seat": 9, "name": "Eve"})["code"] == "bad_request"
    assert eve.emit("ask", {"seat": 1, "name": ""})["code"] == "bad_name"
    assert host.emit("ask", {"seat": 1, "name": "Anna"})["code"] == "already_seated"
    host.pump()
    assert not host.doc["you"]["requests"]


def test_the_host_takes_a_bot_seat_without_asking(app, http, player, hub):
    code, table, host = lobby(app, http, player)
    for seat in range(4):
        host.emit("bot", {"seat": seat, "level": "greedy"})
    host.emit("start", {})
    assert host.sit(1)["ok"]
    assert table.seats[1].owner == table.host_hash and table.seats[1].bot is None
