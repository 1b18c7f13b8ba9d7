"""Table settings chosen at creation: the card tracker is off unless the host offers it."""

from __future__ import annotations

from .conftest import create_table
from .test_play import seat_table


def test_the_tracker_is_off_by_default_and_the_deck_is_not_sent(http, player):
    code, token = create_table(http)
    host = player("Anna")
    host.join(code, token)
    assert host.doc["table"]["settings"] == {"tracker": False}
    assert "deck" not in host.doc["table"]


def test_a_table_with_the_tracker_sends_the_public_deck(http, player):
    code, token = create_table(http, settings={"tracker": True})
    host = player("Anna")
    host.join(code, token)
    table = host.doc["table"]
    assert table["settings"] == {"tracker": True}
    assert len(table["deck"]) == 56 and {"Mj", "Dg", "Ph", "Dr", "R7"} <= set(table["deck"])


def test_bad_settings_are_refused(http):
    for settings, code in (({"tracker": "yes"}, "bad_settings"), ({"radar": True}, "bad_settings"),
                           ([True], "bad_request")):
        resp = http.post("/api/tables", json={"host_name": "Anna", "settings": settings})
        assert resp.status_code == 400 and resp.get_json()["code"] == code


def test_settings_survive_a_restart(app, http, player, tmp_path):
    from app.web.server import create_app

    code, _ = create_table(http, settings={"tracker": True})
    again = create_app({"TICHU_TESTING": True, "TICHU_DATA_DIR": str(tmp_path / "tables"),
                        "TICHU_GC_TUNE": False})
    try:
        assert again.extensions["tichu"].registry.get(code).settings == {"tracker": True}
    finally:
        again.extensions["tichu"].bots.stop()


def test_the_deck_never_carries_hidden_information(app, http, player):
    """The tracker's deck is the whole deck in its fixed order, the same for every seat and every deal."""
    code, table, players, watcher = seat_table(app, http, player, spectator=True, settings={"tracker": True})
    decks = {tuple(p.doc["table"]["deck"]) for p in players + [watcher]}
    assert decks == {tuple(table.game.rules.deck.codes)}
