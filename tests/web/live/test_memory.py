"""Only tables in use stay in memory: idle ones are dropped and come back from the store on demand."""

from __future__ import annotations

from app.engine import replay, view_for
from tests.web.conftest import create_table, record_of
from tests.web.live.test_bots import bot_table, play_with_bots
from tests.web.server.test_play import play_round, seat_table
from tests.web.store.test_persistence import play_some


def test_an_idle_table_is_dropped_and_comes_back_as_it_was(app, http, player, hub):
    code, table, players, _ = seat_table(app, http, player)
    play_some(table, players, 15)
    views = [view_for(table.game, s) for s in range(4)]
    registry = hub.registry
    registry.idle_seconds = 0
    assert registry.sweep(force=True) == []  # four connections: in use
    for p in players[:3]:
        p.disconnect()
    assert registry.sweep(force=True) == []
    players[3].disconnect()
    assert registry.sweep(force=True) == [code]
    assert registry.loaded(code) is None and table.evicted and registry.all() == []
    again = registry.get(code)
    assert again is not table and [view_for(again.game, s) for s in range(4)] == views
    assert again.saved.version == table.saved.version
    back = player("Dan")
    assert back.join(code, players[3].token)["seat"] == 3
    assert back.view == views[3]


def test_a_join_racing_the_drop_reaches_the_table_loaded_anew(app, http, player, hub):
    code, token = create_table(http)
    stale = hub.registry.get(code)
    hub.registry.idle_seconds = 0
    assert hub.registry.sweep(force=True) == [code]
    host = player("Anna")
    assert host.join(code, token)["ok"]
    assert not stale.clients and hub.registry.loaded(code).clients


def test_bots_of_a_dropped_table_rest_and_carry_on_when_it_is_loaded(app, http, player, hub):
    table, me = bot_table(app, http, player, options={"target": 50})
    assert hub.bots.wait_idle()
    assert me.act(act="grand", call=False)["ok"]
    assert hub.bots.wait_idle()
    me.disconnect()
    hub.registry.idle_seconds = 0
    assert hub.registry.sweep(force=True) == [table.code]
    version = table.version
    hub.bots.poke(table)  # a late poke for the dropped table does nothing
    assert hub.bots.wait_idle() and table.version == version
    again = hub.registry.get(table.code)
    assert hub.bots.wait_idle()
    assert again.game.version == table.game.version  # nothing was waiting for the bots
    # Anna comes back; with the loaded table's bots she plays the game to its end.
    back = player("Anna")
    assert back.join(again.code, me.token)["seat"] == 0
    play_with_bots(hub, again, back)
    assert again.game.over


def test_finished_games_are_not_kept_in_memory(app, http, player, hub):
    table, me = bot_table(app, http, player, options={"target": 50})
    play_with_bots(hub, table, me)
    first = table.game
    assert me.emit("new_game", {})["ok"]
    assert not hasattr(table, "past") and table.finished == 1
    assert record_of(http.get(f"/t/{table.code}/record.json?game=0").get_json(), first)


def test_a_live_game_keeps_only_the_results_of_its_finished_rounds(app, http, player, hub):
    from app.web.table.documents import RoundOver
    code, table, players, _ = seat_table(app, http, player)
    play_round(table, players)
    game = table.game
    assert len(game.rounds) == 2 and isinstance(game.rounds[0], RoundOver)
    assert game.rounds[0].result is not None and players[0].view["scores"]["rounds"]
    # The record of the running game comes whole from the store: its completed round.
    record = http.get(f"/t/{code}/record.json").get_json()
    assert len(record["rounds"]) == 1 and replay(record)["ok"]
    assert replay(record)["totals"] == game.totals
