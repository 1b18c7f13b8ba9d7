"""A change the store cannot keep is refused: the sender gets the reason, the table stays as it
was (in memory too), nobody else hears of it, and the same change goes through once it can."""

from __future__ import annotations

from app.engine import view_for
from tests.web.conftest import create_table
from tests.web.policy import next_action
from tests.web.server.test_play import seat_table
from tests.web.store.test_persistence import play_some, restart


def broken(hub):
    """Make the real SQLite store refuse every write, as a read-only database does.

    (A full disk is a real tmpfs in tests/web/store/test_store_processes.py: here a small write
    may still fit a page that has room, so "full" is not deterministic in-process.)
    """
    db = hub.registry.store._db
    db.execute("PRAGMA query_only = ON")
    return lambda: db.execute("PRAGMA query_only = OFF")


def snapshot_of(table) -> tuple:
    return (table.version, [view_for(table.game, s) for s in range(4)], table.meta(),
            [(s.name, s.owner, s.bot) for s in table.seats], table.chat.recent())


def test_a_game_action_the_store_refuses_is_not_done(app, http, player, hub, tmp_path):
    code, table, players, _ = seat_table(app, http, player)
    play_some(table, players, 20)
    before = snapshot_of(table)
    seat, action = next_action([p.view for p in players], bombed=True)
    heard = [len(p.messages) for p in players]
    repair = broken(hub)
    ack = players[seat].act(**action)
    assert ack["ok"] is False and ack["code"] == "store_unavailable" and ack["message"]
    assert snapshot_of(table) == before
    for p, count in zip(players, heard):
        p.pump()
        assert len(p.messages) == count, "nobody hears of a refused change"
    # A chat message and a seat change are refused the same way.
    assert players[1].emit("chat", {"text": "hello"})["code"] == "store_unavailable"
    assert snapshot_of(table) == before
    repair()
    moves = table.game.version
    ack = players[seat].act(**action)
    # Once the store writes again, the action is done, once. (Its version is not assumed to be
    # the next: a CI run once saw another commit land between the repair and the action;
    # not reproduced in 25 runs under load.)
    assert ack["ok"] is True and ack["version"] > before[0]
    assert table.game.version == moves + 1
    for p in players:
        p.pump()
        assert p.version == table.version
    stored = hub.registry.store.load(code)
    assert stored.version == table.version and len(stored.actions) == table.game.version
    new_app = restart(app, tmp_path)  # and what was acknowledged is there after a restart
    try:
        again = new_app.extensions["tichu"].registry.get(code)
        assert [view_for(again.game, s) for s in range(4)] == [view_for(table.game, s) for s in range(4)]
    finally:
        new_app.extensions["tichu"].bots.stop()


def test_starting_and_sitting_are_undone_when_refused(app, http, player, hub):
    code, token = create_table(http)
    host, guest = player("Anna"), player("Ben")
    host.join(code, token)
    host.token = token
    assert host.sit(0)["ok"]
    guest.join(code)
    host.emit("bot", {"seat": 2, "level": "greedy"})
    host.emit("bot", {"seat": 3, "level": "greedy"})
    host.pump()
    table = hub.registry.get(code)
    repair = broken(hub)
    ack = guest.emit("sit", {"seat": 1, "name": "Ben"})
    assert ack["code"] == "store_unavailable" and "token" not in ack
    assert not table.seats[1].taken
    seats = {(c.seat, c.token_hash is None) for c in table.clients.values()}
    assert seats == {(0, False), (None, True)}  # the guest watches, with no token
    repair()
    assert guest.sit(1)["ok"]
    repair = broken(hub)
    assert host.emit("start", {})["code"] == "store_unavailable"
    assert table.game is None and table.game_no == 0
    assert hub.bots.wait_idle()
    repair()
    assert host.emit("start", {})["ok"] and table.game is not None


def test_a_table_whose_creation_is_refused_does_not_exist(app, http, hub):
    repair = broken(hub)
    resp = http.post("/api/tables", json={"host_name": "Anna"})
    assert resp.status_code == 503 and resp.get_json()["code"] == "store_unavailable"
    assert hub.registry.all() == []
    repair()
    assert http.post("/api/tables", json={"host_name": "Anna"}).status_code == 201


def test_a_bot_move_the_store_refuses_is_undone_and_made_later(app, http, player, hub, caplog):
    from tests.web.live.test_bots import bot_table
    table, me = bot_table(app, http, player)
    assert hub.bots.wait_idle()
    hub.bots.stop()  # from here the test runs the bots' turns itself
    assert me.act(act="grand", call=False)["ok"]  # now the bots have their exchange to make
    before = snapshot_of(table)
    repair = broken(hub)
    assert hub.bots.turn(table) is False
    assert snapshot_of(table) == before
    assert caplog.text.count("refused a change of table") == 1 and "Traceback" not in caplog.text
    assert hub.bots.turn(table) is False  # still refused, and logged once only
    assert caplog.text.count("refused a change of table") == 1
    repair()
    assert hub.bots.turn(table) is True and table.version == before[0] + 1
