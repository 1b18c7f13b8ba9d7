"""Table settings chosen at creation: the card tracker is off unless the host offers it; taking
over a bot's seat asks the host, a grace period of a minute, no turn timer, unless chosen."""

from __future__ import annotations

from tests.web.conftest import create_table
from tests.web.server.test_play import seat_table


def test_the_tracker_is_off_by_default_and_the_deck_is_not_sent(http, player):
    code, token = create_table(http)
    host = player("Anna")
    host.join(code, token)
    settings = host.doc["table"]["settings"]
    # No bomb window: testing mode's default (TICHU_BOMB_WINDOW); production's is 3 s.
    assert settings == {"tracker": False, "takeover": False, "grace": 60, "turn_timer": 0, "bomb_window": 0,
                        "hints": True, "spectator_hands": True}
    assert "deck" not in host.doc["table"]


def test_a_table_with_the_tracker_sends_the_public_deck(http, player):
    code, token = create_table(http, settings={"tracker": True})
    host = player("Anna")
    host.join(code, token)
    table = host.doc["table"]
    assert table["settings"]["tracker"] is True
    assert len(table["deck"]) == 56 and {"Mj", "Dg", "Ph", "Dr", "R7"} <= set(table["deck"])


def test_bad_settings_are_refused(http):
    for settings, code in (({"tracker": "yes"}, "bad_settings"), ({"radar": True}, "bad_settings"),
                           ([True], "bad_request"), ({"takeover": 1}, "bad_settings"),
                           ({"turn_timer": 601}, "bad_settings"), ({"grace": True}, "bad_settings"),
                           ({"grace": "60"}, "bad_settings"), ({"turn_timer": -1}, "bad_settings")):
        resp = http.post("/api/tables", json={"host_name": "Anna", "settings": settings})
        assert resp.status_code == 400 and resp.get_json()["code"] == code, settings


def test_the_timer_settings_offer_their_choices(app, http):
    """Outside testing mode only the offered durations exist; testing mode allows short ones."""
    from app.web.server import create_app
    from app.web.table.table import CHOICES, check_settings

    assert CHOICES == {"grace": (30, 60, 120, 300), "turn_timer": (0, 30, 60, 120),
                       "bomb_window": (0, 2, 3, 5)}
    assert check_settings({"grace": 0.2, "turn_timer": 0.5}, testing=True)["grace"] == 0.2
    production = create_app({"TICHU_TESTING": False, "TICHU_PERSIST": False, "TICHU_GC_TUNE": False})
    try:
        web = production.test_client()
        for timer in CHOICES["turn_timer"]:
            resp = web.post("/api/tables", json={"host_name": "Anna", "settings": {"turn_timer": timer}})
            assert resp.status_code == 201
        # Outside testing mode a table has a bomb window of 3 s unless its creator chooses.
        code = resp.get_json()["code"]
        assert production.extensions["tichu"].registry.get(code).settings["bomb_window"] == 3
        for settings in ({"grace": 0.2}, {"turn_timer": 45}, {"grace": 0}, {"bomb_window": 1}):
            resp = web.post("/api/tables", json={"host_name": "Anna", "settings": settings})
            assert resp.status_code == 400 and resp.get_json()["code"] == "bad_settings", settings
    finally:
        production.extensions["tichu"].bots.stop()
        production.extensions["tichu"].timers.stop()


def test_settings_survive_a_restart(app, http, player, tmp_path):
    from app.web.server import create_app

    code, _ = create_table(http, settings={"tracker": True})
    again = create_app({"TICHU_TESTING": True, "TICHU_DATA_DIR": str(tmp_path / "tables"),
                        "TICHU_GC_TUNE": False})
    try:
        assert again.extensions["tichu"].registry.get(code).settings["tracker"] is True
    finally:
        again.extensions["tichu"].bots.stop()
        again.extensions["tichu"].timers.stop()


def test_the_deck_never_carries_hidden_information(app, http, player):
    """The tracker's deck is the whole deck in its fixed order, the same for every seat and every deal."""
    code, table, players, watcher = seat_table(app, http, player, spectator=True, settings={"tracker": True})
    decks = {tuple(p.doc["table"]["deck"]) for p in players + [watcher]}
    assert decks == {tuple(table.game.rules.deck.codes)}
