"""Tables survive a restart: every accepted change is in the store, restored by replaying its log."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time

from app.engine import replay, view_for
from app.web.server import create_app
from app.web.store.sqlite import FILE_NAME
from tests.web.conftest import Player, create_table, record_of
from tests.web.server.test_play import play_round, seat_table


class Enough(Exception):
    pass


def play_some(table, players, steps: int):
    """Play the first `steps` actions of round 0."""
    def stop(step):
        if step >= steps:
            raise Enough
    try:
        play_round(table, players, on_step=stop)
    except Enough:
        pass


def restart(app, tmp_path):
    app.extensions["tichu"].bots.stop()
    new = create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0,
                      "TICHU_DATA_DIR": str(tmp_path / "tables"), "TICHU_GC_TUNE": False})
    return new


def test_a_restarted_server_has_every_table_as_it_was(app, http, player, tmp_path):
    code, table, players, _ = seat_table(app, http, player)
    play_round(table, players, on_step=lambda step: None, max_steps=400)
    # Into the second round a little, so the file holds a finished round and a running one.
    for p in players:
        if p.view["legal"]["grand"]:
            p.act(act="grand", call=False)
    views = [view_for(table.game, s) for s in range(4)]
    version, meta = table.version, table.meta()
    tokens = [p.token for p in players]
    for p in players:
        p.disconnect()

    new_app = restart(app, tmp_path)
    try:
        restored = new_app.extensions["tichu"].registry.get(code)
        assert restored is not None
        assert [view_for(restored.game, s) for s in range(4)] == views
        # The version of the last stored change: a player leaving mid-game starts a grace
        # period (stored: it must survive a restart); connections alone are not stored.
        assert restored.version == table.saved.version == version + len(players)
        assert restored.meta()["seats"][0]["name"] == meta["seats"][0]["name"]
        # The same people return to the same seats with their tokens, and play on.
        http2 = new_app.test_client()
        back = [Player(new_app, http2, name) for name in ("Anna", "Ben", "Cleo", "Dan")]
        for seat, (p, token) in enumerate(zip(back, tokens)):
            ack = p.join(code, token)
            assert ack["ok"] and ack["seat"] == seat
            p.token = token
            assert p.view["hand"] == views[seat]["hand"]
        for p in back:
            p.pump()
        assert restored.game.round.phase in ("grand", "exchange")
        while restored.game.round.phase == "grand":
            for p in back:
                if p.view["legal"]["grand"]:
                    assert p.act(act="grand", call=False)["ok"]
        assert back[0].view["phase"] == "exchange"
    finally:
        new_app.extensions["tichu"].bots.stop()


def test_lobby_tables_and_bots_are_restored(app, http, player, tmp_path):
    code, token = create_table(http, name="Friday")
    host = player("Anna")
    host.join(code, token)
    host.sit(0)
    host.emit("bot", {"seat": 2, "level": "greedy"})
    new_app = restart(app, tmp_path)
    try:
        table = new_app.extensions["tichu"].registry.get(code)
        assert table.name == "Friday" and table.game is None
        assert table.seats[0].name == "Anna" and table.seats[2].bot == "greedy" and 2 in table.bots
        assert table.known(table.host_hash)
    finally:
        new_app.extensions["tichu"].bots.stop()


def test_the_store_holds_the_log_of_every_accepted_action(app, http, player, hub, tmp_path):
    code, table, players, _ = seat_table(app, http, player)
    play_round(table, players, on_step=lambda step: None)
    files = os.listdir(tmp_path / "tables")
    assert FILE_NAME in files and not [f for f in files if f.endswith(".json")]
    stored = hub.registry.store.load(code)
    assert stored.version == table.saved.version and stored.damaged is None
    record = http.get(f"/t/{code}/record.json").get_json()  # made from the stored log
    replayed = replay(record)
    assert len(record["rounds"]) == 1 and replayed["ok"] and replayed["totals"] == table.game.totals
    assert stored.actions == [a for rnd in record["rounds"] for a in rnd["actions"]]


def old_file(hub, table) -> dict:
    """The table as the JSON file format of earlier versions (tichu-table/1) wrote it."""
    return {
        "format": "tichu-table/1", "code": table.code, "name": table.name, "ruleset": table.ruleset,
        "options": table.options, "listed": table.listed,
        "host": {"name": table.host_name, "token_hash": table.host_hash}, "seed": table.seed,
        "seeded": table.seeded, "created": table.created, "updated": table.updated,
        "version": table.version, "game_no": table.game_no,
        "seats": [{"name": s.name, "token_hash": s.owner, "bot": s.bot} for s in table.seats],
        "settings": table.settings, "chat": table.chat.recent(), "past": [],
        "record": hub.game_record(table, 0) if table.game is not None else None,
    }


def test_tables_saved_as_json_files_are_imported_on_first_start(app, http, player, tmp_path):
    code, table, players, _ = seat_table(app, http, player)
    assert players[0].emit("chat", {"text": "before the upgrade"})["ok"]
    for p in players:
        p.pump()
    play_some(table, players, 60)
    views = [view_for(table.game, s) for s in range(4)]
    data = old_file(app.extensions["tichu"], table)
    old_dir = tmp_path / "old"
    old_dir.mkdir()
    (old_dir / f"{code}.json").write_text(json.dumps(data))
    (old_dir / "BROKN.json").write_text("{not json")
    config = {"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0, "TICHU_DATA_DIR": str(old_dir),
              "TICHU_GC_TUNE": False}
    new_app = create_app(config)
    try:
        restored = new_app.extensions["tichu"].registry.get(code)
        assert [view_for(restored.game, s) for s in range(4)] == views
        assert restored.version == data["version"] and restored.damaged is None
        assert [s.owner for s in restored.seats] == [s.owner for s in table.seats]
        assert restored.chat.recent()[-1]["text"] == "before the upgrade"
        # The file moved aside once imported; the broken one stays where it was.
        assert not (old_dir / f"{code}.json").exists()
        assert (old_dir / "imported-json" / f"{code}.json").exists()
        assert (old_dir / "BROKN.json").exists()
    finally:
        new_app.extensions["tichu"].bots.stop()
    again = create_app(config)  # a second start imports nothing anew and keeps the table
    try:
        assert again.extensions["tichu"].registry.get(code).version == data["version"]
    finally:
        again.extensions["tichu"].bots.stop()


def test_imported_finished_games_come_along_and_a_record_that_does_not_replay_marks_damage(
        app, http, player, hub, tmp_path):
    from tests.web.live.test_bots import bot_table, play_with_bots
    table, me = bot_table(app, http, player, options={"target": 50})
    play_with_bots(hub, table, me)
    assert me.emit("new_game", {})["ok"]
    assert hub.bots.wait_idle()
    views = [view_for(table.game, s) for s in range(4)]
    data = {**old_file(hub, table), "past": [hub.game_record(table, 0)], "record": hub.game_record(table, 1)}
    tampered = json.loads(json.dumps(data))
    tampered["code"] = "TAMPR"
    hands = tampered["past"][0]["rounds"][0]["hands"]
    hands[0], hands[1] = hands[1], hands[0]  # not the hands the table's seed deals
    old_dir = tmp_path / "old"
    old_dir.mkdir()
    (old_dir / f"{table.code}.json").write_text(json.dumps(data))
    (old_dir / "TAMPR.json").write_text(json.dumps(tampered))
    new_app = create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0, "TICHU_DATA_DIR": str(old_dir),
                          "TICHU_GC_TUNE": False})
    try:
        registry = new_app.extensions["tichu"].registry
        restored = registry.get(table.code)
        assert restored.finished == 1 and restored.game_no == 2 and restored.damaged is None
        assert [view_for(restored.game, s) for s in range(4)] == views
        http2 = new_app.test_client()
        downloaded = http2.get(f"/t/{table.code}/record.json?game=0").get_json()
        assert downloaded.pop("players") == ["Anna", None, None, None]
        assert downloaded.pop("bots") == [None, "greedy", "greedy", "greedy"]
        assert downloaded == data["past"][0]  # the game as the file had it, with the seats' names
        damaged = registry.get("TAMPR")
        assert damaged.damaged and "does not replay" in damaged.damaged
        assert registry.store.load("TAMPR").damaged == damaged.damaged
    finally:
        new_app.extensions["tichu"].bots.stop()


def test_a_log_that_no_longer_replays_is_kept_and_marked_damaged(app, http, player, tmp_path, caplog):
    code, table, players, _ = seat_table(app, http, player)
    play_some(table, players, 40)
    actions = len(app.extensions["tichu"].registry.store.load(code).actions)
    db = sqlite3.connect(tmp_path / "tables" / FILE_NAME)
    with db:  # as if the rules had changed under the log: its 10th action is no longer legal
        db.execute("UPDATE actions SET action = ? WHERE code = ? AND seq = 9",
                   (json.dumps({"seat": 0, "act": "play", "cards": "Dr Dr"}), code))
    db.close()
    caplog.set_level(logging.ERROR)
    new_app = restart(app, tmp_path)
    try:
        hub = new_app.extensions["tichu"]
        restored = hub.registry.get(code)
        assert restored.damaged and "action 10" in restored.damaged
        assert f"table {code} is damaged" in caplog.text
        assert restored.game.version == 9  # shown as far as it replays
        stored = hub.registry.store.load(code)
        assert stored.damaged == restored.damaged and len(stored.actions) == actions  # never shortened
        http2 = new_app.test_client()
        back = Player(new_app, http2, "Anna")
        assert back.join(code, players[0].token)["ok"]
        assert back.doc["table"]["damaged"] is True
        refused = back.emit("chat", {"text": "hello?"})
        assert refused["ok"] is False and refused["code"] == "table_damaged"
        assert len(hub.registry.store.load(code).actions) == actions
        # The next start lists it in the log again.
        caplog.clear()
        restart(new_app, tmp_path).extensions["tichu"].bots.stop()
        assert f"table {code} is damaged" in caplog.text
    finally:
        new_app.extensions["tichu"].bots.stop()


def test_tables_untouched_for_long_are_removed(app, http, tmp_path):
    code, _ = create_table(http)
    store = app.extensions["tichu"].registry.store
    assert store.purge(time.time() - 30 * 86400) == []
    assert store.purge(time.time() + 1) == [code]
    assert app.extensions["tichu"].registry.store.load(code) is None


def test_finished_games_and_the_next_one_are_restored(app, http, player, hub, tmp_path):
    from tests.web.live.test_bots import bot_table, play_with_bots
    table, me = bot_table(app, http, player, options={"target": 50})
    play_with_bots(hub, table, me)
    finished = http.get(f"/t/{table.code}/record.json?game=0").get_json()
    assert record_of(finished, table.game)
    assert me.emit("new_game", {})["ok"]
    assert hub.bots.wait_idle()
    views = [view_for(table.game, s) for s in range(4)]
    new_app = restart(app, tmp_path)
    try:
        restored = new_app.extensions["tichu"].registry.get(table.code)
        assert restored.finished == 1 and restored.game_no == 2
        assert [view_for(restored.game, s) for s in range(4)] == views
        assert new_app.test_client().get(f"/t/{table.code}/record.json?game=0").get_json() == finished
    finally:
        new_app.extensions["tichu"].bots.stop()
