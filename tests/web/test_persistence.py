"""Tables survive a restart: saved after every accepted change, restored by replaying records."""

from __future__ import annotations

import json
import os
import time

from app.engine import Game, replay, view_for
from app.engine.simulate import play_random_round
from app.web.persistence import RecordCache, Store
from app.web.server import create_app

from .conftest import Player, create_table
from .test_play import play_round, seat_table


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
        assert restored.version > version  # disconnections were changes too
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


def test_saves_are_atomic_and_leave_no_temporary_files(app, http, player, tmp_path):
    code, table, players, _ = seat_table(app, http, player)
    play_round(table, players, on_step=lambda step: None)
    files = sorted(os.listdir(tmp_path / "tables"))
    assert files == [f"{code}.json"]
    data = json.loads((tmp_path / "tables" / files[0]).read_text())
    assert data["version"] == table.version
    assert replay(data["record"])["ok"]


def test_record_cache_writes_what_the_engine_exports(tmp_path):
    import random
    game = Game(seed=8, options={"target": 300})
    cache = RecordCache()
    rng = random.Random(3)
    while not game.over:
        assert json.loads(cache.text(game)) == game.record()
        play_random_round(game, rng)
    assert json.loads(cache.text(game)) == game.record()


def test_a_damaged_file_is_kept_and_skipped(tmp_path, caplog):
    directory = tmp_path / "tables"
    directory.mkdir()
    (directory / "BROKN.json").write_text("{not json")
    assert Store(directory).load_all() == []
    assert (directory / "BROKN.json").exists()
    assert "cannot restore table" in caplog.text


def test_tables_untouched_for_long_are_removed(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir()
    old = directory / "OLDTB.json"
    old.write_text("{}")
    past = time.time() - 40 * 86400
    os.utime(old, (past, past))
    assert Store(directory).load_all(max_age_days=30) == []
    assert not old.exists()


def test_finished_games_and_the_next_one_are_restored(app, http, player, hub, tmp_path):
    from .test_bots import bot_table, play_with_bots
    table, me = bot_table(app, http, player, options={"target": 50})
    play_with_bots(hub, table, me)
    finished = table.game.record()
    assert me.emit("new_game", {})["ok"]
    assert hub.bots.wait_idle()
    views = [view_for(table.game, s) for s in range(4)]
    new_app = restart(app, tmp_path)
    try:
        restored = new_app.extensions["tichu"].registry.get(table.code)
        assert restored.past == [finished] and restored.game_no == 2
        assert [view_for(restored.game, s) for s in range(4)] == views
        assert new_app.test_client().get(f"/t/{table.code}/record.json?game=0").get_json() == finished
    finally:
        new_app.extensions["tichu"].bots.stop()
