"""Spectators who see the hands, over the socket: asked, answered, withdrawn, forbidden, kept."""

from __future__ import annotations

from app.engine import view_for
from tests.web.conftest import Player, create_table
from tests.web.server.test_play import seat_table
from tests.web.store.test_persistence import restart
from tests.web.table.test_trichu_table import trichu


def hands_of(game) -> list:
    return [view_for(game, seat)["hand"] for seat in range(len(game.rules.seating.team_of))]


def pump(*clients) -> None:
    for c in clients:
        c.pump()


def ask(watcher, name="Zoe") -> dict:
    ack = watcher.emit("see_hands", {"name": name})
    assert ack["ok"], ack
    watcher.token = ack.get("token", watcher.token)
    watcher.pump()
    return ack


def allow_all(players, watch_id) -> None:
    for p in players:
        assert p.emit("hands_answer", {"watcher": watch_id, "allow": True})["ok"]
    pump(*players)


def test_the_hands_come_once_every_seated_person_agrees(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    ack = ask(watcher)
    assert ack["token"], "a watcher without a token gets one"
    pump(*players)
    watch_id = watcher.doc["you"]["hands"]
    assert watcher.doc["sight"] == {"id": watch_id, "sees": False, "waiting": ["Anna", "Ben", "Cleo", "Dan"],
                                    "declined": [], "withdrawn": []}
    assert players[1].doc["sight"] == {"pref": "ask", "asks": [[watch_id, "Zoe", None, False]]}
    allow_all(players[:3], watch_id)
    watcher.pump()
    assert watcher.doc["sight"]["waiting"] == ["Dan"] and "hands" not in watcher.doc
    assert players[3].emit("hands_answer", {"watcher": watch_id, "allow": True})["ok"]
    pump(watcher, *players)
    assert watcher.doc["sight"]["sees"] is True
    assert watcher.doc["hands"] == hands_of(table.game)
    assert watcher.doc["game"] == view_for(table.game, None), "the game part stays the spectator's view"
    for p in players:
        assert p.doc["table"]["hands_seen_by"] == ["Zoe"]
        assert "hands" not in p.doc


def test_a_withdrawal_stops_the_very_next_patch(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    ask(watcher)
    first_id = watcher.doc["you"]["hands"]
    allow_all(players, first_id)
    watcher.pump()
    assert "hands" in watcher.doc
    assert players[2].emit("hands_withdraw", {})["ok"]
    (patch,) = watcher.pump()
    assert ["d", ["hands"]] in patch["ops"]
    assert "hands" not in watcher.doc and watcher.doc["sight"]["withdrawn"] == ["Cleo"]
    players[2].pump()
    assert players[2].doc["sight"]["asks"][0][2] == "withdrawn"
    assert players[2].emit("hands_withdraw", {})["code"] == "no_change"
    # After a no, the watcher may ask again: every answer is asked for anew.
    ack = watcher.emit("see_hands", {"name": "Zoe"})
    assert ack["ok"] and "token" not in ack, "the watcher keeps its token"
    pump(watcher, *players)
    assert watcher.doc["sight"]["waiting"] == ["Anna", "Ben", "Cleo", "Dan"]
    assert watcher.doc["you"]["hands"] == players[2].doc["sight"]["asks"][0][0] != first_id


def test_a_person_taking_over_a_bots_seat_stops_it(app, http, player):
    code, token = create_table(http)
    host = player("Anna")
    host.join(code, token)
    host.sit(0)
    assert host.emit("fill", {"level": "greedy"})["ok"]
    assert host.emit("start", {})["ok"]
    watcher = player()
    watcher.join(code)
    ask(watcher)
    host.pump()
    allow_all([host], watcher.doc["you"]["hands"])  # bots have no say
    watcher.pump()
    assert watcher.doc["sight"]["sees"] and watcher.doc["hands"][0] is not None
    ben = player("Ben")
    ben.join(code)
    assert host.emit("bot", {"seat": 1, "level": "easy"})["ok"]  # still a bot: no say
    watcher.pump()
    assert "hands" in watcher.doc
    assert ben.emit("ask", {"seat": 1, "name": "Ben"})["ok"]
    host.pump()
    (request,) = host.doc["you"]["requests"]
    assert host.emit("answer", {"request": request[0], "accept": True})["ok"]
    watcher.pump()
    assert "hands" not in watcher.doc and watcher.doc["sight"]["waiting"] == ["Ben"]


def test_a_preference_answers_for_all(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    for p in players:
        assert p.emit("hands_pref", {"pref": "always"})["ok"]
    assert players[0].emit("hands_pref", {"pref": "always"})["code"] == "no_change"
    ask(watcher)
    assert watcher.doc["sight"]["sees"] and watcher.doc["hands"] == hands_of(table.game)
    assert players[3].emit("hands_pref", {"pref": "never"})["ok"]
    watcher.pump()
    assert "hands" not in watcher.doc and watcher.doc["sight"]["withdrawn"] == ["Dan"]


def test_a_forbidding_table_refuses_the_ask_and_changes_nothing(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True,
                                               settings={"spectator_hands": False})
    version = table.version
    ack = watcher.emit("see_hands", {"name": "Zoe"})
    assert ack["code"] == "hands_forbidden" and "host" in ack["message"]
    assert table.version == version and watcher.pump() == [] and "hands" not in watcher.doc["you"]
    assert watcher.emit("hands_withdraw", {})["code"] == "no_change"


def test_bad_requests_are_refused_and_change_nothing(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    ask(watcher)
    pump(*players)
    watch_id = watcher.doc["you"]["hands"]
    version, stored = table.version, table.sight.dump()
    cases = [
        (players[0], "see_hands", {"name": "Anna"}, "seated"),
        (watcher, "see_hands", {"name": ""}, "bad_name"),
        (watcher, "see_hands", {"name": "Zoe"}, "no_change"),  # nobody has said no: no new prompts
        (watcher, "see_hands", {"name": 5}, "bad_request"),
        (watcher, "see_hands", {}, "bad_request"),
        (watcher, "hands_answer", {"watcher": watch_id, "allow": True}, "not_seated"),
        (players[0], "hands_answer", {"watcher": watch_id + 99, "allow": True}, "not_found"),
        (players[0], "hands_answer", {"watcher": str(watch_id), "allow": True}, "bad_request"),
        (players[0], "hands_answer", {"watcher": watch_id, "allow": "yes"}, "bad_request"),
        (players[0], "hands_answer", {"watcher": watch_id}, "bad_request"),
        (players[0], "hands_answer", [watch_id], "bad_request"),
        (players[0], "hands_pref", {"pref": "sometimes"}, "bad_request"),
        (players[0], "hands_pref", {"pref": 1}, "bad_request"),
        (watcher, "hands_pref", {"pref": "always"}, "not_seated"),
        (players[0], "hands_withdraw", {}, "no_change"),
    ]
    for client, event, payload, code_ in cases:
        ack = client.emit(event, payload)
        assert ack["ok"] is False and ack["code"] == code_, (event, payload, ack)
        assert isinstance(ack["message"], str) and ack["message"]
    assert table.version == version and table.sight.dump() == stored
    for c in (watcher, *players):
        assert c.pump() == []


def test_a_watchers_ask_survives_a_reconnect_and_a_restart(app, http, player, tmp_path):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    ask(watcher)
    allow_all(players, watcher.doc["you"]["hands"])
    token = watcher.token
    watcher.disconnect()
    again = player()
    assert again.join(code, token)["ok"], "the ask's token is known to the table"
    assert again.doc["you"]["seat"] is None and again.doc["hands"] == hands_of(table.game)
    for c in (again, *players):
        c.disconnect()
    new_app = restart(app, tmp_path)
    try:
        back = Player(new_app, new_app.test_client())
        assert back.join(code, token)["ok"]
        restored = new_app.extensions["tichu"].registry.get(code)
        assert back.doc["sight"]["sees"] and back.doc["hands"] == hands_of(restored.game)
        stranger = Player(new_app, new_app.test_client())
        assert stranger.join(code)["ok"] and "hands" not in stranger.doc
    finally:
        new_app.extensions["tichu"].bots.stop()
        new_app.extensions["tichu"].timers.stop()


def test_a_watcher_who_sits_down_sees_only_its_own_hand(app, http, player):
    code, token = create_table(http)
    host = player("Anna")
    host.join(code, token)
    host.sit(0)
    zoe = player("Zoe")
    zoe.join(code)
    ask(zoe)
    host.pump()
    allow_all([host], zoe.doc["you"]["hands"])
    assert zoe.sit(1)["ok"]
    assert "hands" not in zoe.doc["you"] and "sight" not in zoe.doc
    assert table_asks(app, code) == []


def table_asks(app, code) -> list:
    return app.extensions["tichu"].registry.get(code).sight.dump()["asks"]


def test_trichu_the_table_hand_is_seen_as_its_dealer_sees_it(app, http, player, hub):
    table, anna, ben = trichu(app, http, player)
    zoe = player()
    zoe.join(table.code)
    ask(zoe)
    pump(anna, ben)
    allow_all([anna, ben], zoe.doc["you"]["hands"])
    assert hub.bots.wait_idle(30)
    zoe.pump()
    hands = zoe.doc["hands"]
    assert len(hands) == len(table.seats) == 4 and table.dummy is not None
    assert hands == [view_for(table.game, seat)["hand"] for seat in range(4)]
    assert all(hands[seat] for seat in range(4) if seat != table.dummy)
