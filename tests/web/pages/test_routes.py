"""Pages and JSON endpoints: lobby, table page, creating and listing tables, record downloads."""

from __future__ import annotations

import json
import re
import time

import pytest

from app.engine import replay
from app.engine.record import format_hand
from app.web.live.lobby import LISTED_IDLE
from app.web.server import create_app
from tests.web.conftest import create_table
from tests.web.live.test_bots import bot_table, play_with_bots
from tests.web.server.test_play import play_round, seat_table


def test_lobby_and_table_pages(http):
    page = http.get("/")
    assert page.status_code == 200 and b"lobby.js" in page.data
    code, _ = create_table(http)
    page = http.get(f"/t/{code}")
    assert page.status_code == 200 and code.encode() in page.data and b"table.js" in page.data
    assert http.get(f"/t/{code.lower()}").status_code == 200
    missing = http.get("/t/NOPE1")
    assert missing.status_code == 404 and b"NOPE1" in missing.data


def test_static_files_and_the_vendored_socketio_client(http):
    assert http.get("/static/vendor/socket.io.min.js").status_code == 200
    assert http.get("/static/js/table.js").status_code == 200


def test_creating_a_table_checks_its_settings(http):
    def create(**fields):
        return http.post("/api/tables", json=fields)

    assert create(host_name="Anna", options={"target": 500, "direction": "cw"}).status_code == 201
    bad = create(host_name="Anna", options={"target": 333})
    assert bad.status_code == 400 and bad.get_json()["code"] == "bad_options"
    assert create(host_name="Anna", options={"target_lead": 400}).get_json()["code"] == "bad_options"
    assert create(host_name="Anna", ruleset="chess").get_json()["code"] == "bad_options"
    assert create(host_name="").get_json()["code"] == "bad_name"
    assert create(host_name="Anna", options=[1]).get_json()["code"] == "bad_request"
    assert http.post("/api/tables", data="nonsense").status_code == 400
    ok = create(host_name="Anna", ruleset="fifty-two", options={"max_rounds": 3}, name="Night game")
    assert ok.status_code == 201 and ok.get_json()["url"].startswith("/t/")


def test_seeds_are_refused_outside_testing_mode(tmp_path):
    app = create_app({"TICHU_TESTING": False, "TICHU_DATA_DIR": str(tmp_path), "TICHU_GC_TUNE": False})
    try:
        resp = app.test_client().post("/api/tables", json={"host_name": "Anna", "seed": 1})
        assert resp.status_code == 400 and resp.get_json()["code"] == "bad_request"
    finally:
        app.extensions["tichu"].bots.stop()


def test_the_lobby_lists_tables_worth_joining(app, http, player):
    def table(name, listed=True, bots=(), start=False):
        code, token = create_table(http, name=name, listed=listed)
        host = player("Anna")
        host.join(code, token)
        host.sit(0)
        for seat in bots:
            assert host.emit("bot", {"seat": seat, "level": "greedy"})["ok"]
        if start:
            assert host.emit("start", {})["ok"]
        return code

    busy = table("Busy", bots=(1, 2, 3), start=True)
    full = table("Full", bots=(1, 2, 3))  # waiting, but no seat left
    hidden = table("Private", listed=False)
    empty, _ = create_table(http, name="Nobody came")  # as a script creating tables would
    open_code = table("Open")
    tables = http.get("/api/tables").get_json()["tables"]
    assert [t["code"] for t in tables] == [open_code, busy]  # open seats first, then games to watch
    row = tables[0]
    assert row == {**row, "name": "Open", "status": "waiting", "free": 3, "ruleset": "standard"}
    assert "token" not in str(tables) and "seed" not in str(tables)
    assert {full, hidden, empty}.isdisjoint(t["code"] for t in tables)
    # Tables without a change for longer than LISTED_IDLE leave the list.
    registry = app.extensions["tichu"].registry
    assert [t["code"] for t in registry.lobby.listed(now=time.time() + LISTED_IDLE - 60)] == [open_code, busy]
    assert registry.lobby.listed(now=time.time() + LISTED_IDLE + 1) == []


def test_record_of_a_running_game_holds_only_completed_rounds(app, http, player):
    code, table, players, _ = seat_table(app, http, player)
    assert http.get(f"/t/{code}/record.json").status_code == 200  # no round completed yet
    assert http.get(f"/t/{code}/record.json").get_json()["rounds"] == []
    play_round(table, players)
    resp = http.get(f"/t/{code}/record.json")
    assert resp.status_code == 200 and "attachment" in resp.headers["Content-Disposition"]
    record = resp.get_json()
    assert len(record["rounds"]) == 1 and replay(record)["ok"]
    current = table.game.round
    deck = table.game.rules.deck
    text = resp.get_data(as_text=True)
    for hand in current.dealt:
        assert format_hand(deck, hand, 8) not in text


def test_record_of_a_finished_game_is_complete(app, http, player, hub):
    table, me = bot_table(app, http, player, options={"target": 50})
    play_with_bots(hub, table, me)
    record = http.get(f"/t/{table.code}/record.json").get_json()
    result = replay(record)
    assert result["ok"] and result["winner"] == table.game.winner
    assert http.get(f"/t/{table.code}/record.json?game=0").get_json() == record
    assert http.get(f"/t/{table.code}/record.json?game=5").status_code == 404


def test_record_before_the_start_and_of_unknown_tables(http):
    code, _ = create_table(http)
    assert http.get(f"/t/{code}/record.json").status_code == 404
    assert http.get("/t/XXXXX/record.json").status_code == 404


@pytest.mark.parametrize("ruleset,options,seats,people", [
    ("standard", {}, 4, 4), ("fifty-two", {}, 4, 4), ("trichu", {}, 4, 3), ("tientsin", {}, 6, 6),
    ("grandseigneur", {}, 6, 6), ("grandseigneur", {"players": 5}, 5, 5),
    ("grandseigneur", {"players": 12}, 12, 12),
])
def test_every_ruleset_makes_a_table_of_its_size(app, http, ruleset, options, seats, people):
    """Seats from the ruleset and its options; the Trichu Table is an engine seat nobody takes."""
    code, _ = create_table(http, ruleset=ruleset, options=options)
    table = app.extensions["tichu"].registry.get(code)
    assert len(table.seats) == seats and len(table.people_seats()) == people
    summary = table.summary()
    assert summary["seats"] == people and summary["free"] == people and len(summary["players"]) == people
    dummies = [s["seat"] for s in table.meta()["seats"] if s["dummy"]]
    assert dummies == ([3] if ruleset == "trichu" else [])


@pytest.mark.parametrize("players", [4, 13, 0, "6", None, 5.0])
def test_grandseigneur_outside_5_to_12_players_is_refused(app, http, players):
    before = http.get("/api/tables").get_json()
    resp = http.post("/api/tables", json={"host_name": "Anna", "ruleset": "grandseigneur",
                                          "options": {"players": players}})
    answer = resp.get_json()
    assert resp.status_code == 400 and answer["ok"] is False and answer["code"] == "bad_options"
    assert "players" in answer["message"] and "5 to 12" in answer["message"]
    assert app.extensions["tichu"].registry.all() == []
    assert http.get("/api/tables").get_json() == before


def test_the_lobby_offers_every_ruleset_with_its_player_counts(http):
    lobby = http.get("/").get_data(as_text=True)
    config = json.loads(re.search(r'<script type="application/json" id="config">(.*?)</script>',
                                  lobby, re.S).group(1))
    players = {form["name"]: form["players"] for form in config["rulesets"]}
    assert players == {"standard": [4], "fifty-two": [4], "trichu": [3], "tientsin": [6],
                       "grandseigneur": list(range(5, 13))}
