"""Bots on server seats: they play whole games, never stall, never act on a stale view."""

from __future__ import annotations

import pytest

from app.bots import LEVELS, Bot, GreedyBot
from app.engine import view_for
from app.web.live import bot_turns
from app.web.live.bot_turns import fallback
from app.web.table.acts import must_act
from tests.web.conftest import create_table, record_of


def bot_table(app, http, player, levels=("greedy", "greedy", "greedy"), player_key=None, **fields):
    """Anna (the host, at seat 0, the player of `player_key` where given: the key goes with the
    table's creation too, as a club table needs it) and bots, started."""
    key = {"player": player_key} if player_key else {}
    code, token = create_table(http, seed=21, **fields, **key)
    me = player("Anna")
    me.token = token  # the host's: it keeps the seat on coming back
    me.join(code, token)
    assert me.sit(0, player_key)["ok"]
    for seat, level in zip((1, 2, 3), levels):
        assert me.emit("bot", {"seat": seat, "level": level})["ok"]
    assert me.emit("start", {})["ok"]
    return app.extensions["tichu"].registry.get(code), me


def play_with_bots(hub, table, me, max_steps=3000):
    """The person acts whenever the game waits for them; bots do the rest."""
    for _ in range(max_steps):
        assert hub.bots.wait_idle(20), "the bots got stuck"
        me.pump()
        if table.game.over:
            return
        view = me.view
        assert view == view_for(table.game, 0)
        assert must_act(view), "nobody acts: the table stalled"
        ack = me.act(**GreedyBot(0).decide(view))
        assert ack["ok"], ack
    raise AssertionError("the game did not end")


def test_one_person_and_three_bots_play_a_short_game_to_its_end(app, http, player, hub):
    table, me = bot_table(app, http, player, options={"target": 50})
    play_with_bots(hub, table, me)
    me.pump()
    assert me.doc["table"]["status"] == "over"
    assert me.doc["game"]["game_over"] is True and me.doc["game"]["winner"] is not None
    assert me.doc["table"]["finished_games"] == 1


def test_the_host_starts_a_new_game_after_the_end(app, http, player, hub):
    table, me = bot_table(app, http, player, options={"target": 50})
    assert me.emit("new_game", {})["code"] == "not_now"
    play_with_bots(hub, table, me)
    first = table.game
    assert me.emit("new_game", {})["ok"]
    assert table.game is not first and not table.game.over and table.game_no == 2
    assert table.finished == 1
    # The finished game is no longer in memory; its record comes back from the store's log.
    assert record_of(http.get(f"/t/{table.code}/record.json?game=0").get_json(), first)
    assert hub.bots.wait_idle()
    me.pump()
    assert me.doc["game"]["round"] == 0 and me.doc["table"]["finished_games"] == 1


class RaisingBot(Bot):
    def decide(self, view):
        raise RuntimeError("thinking too hard")


class IllegalBot(Bot):
    def decide(self, view):
        return {"act": "play", "cards": "Dr Ph"}


class LazyBot(Bot):
    def decide(self, view):
        return None


class WrongTypeBot(Bot):
    def decide(self, view):
        return "pass"


@pytest.mark.parametrize("bad", [RaisingBot, IllegalBot, LazyBot, WrongTypeBot])
def test_a_failing_bot_is_replaced_by_simplebot_and_the_game_goes_on(app, http, player, hub,
                                                                    monkeypatch, bad, caplog):
    monkeypatch.setitem(LEVELS, "bad", bad)
    monkeypatch.setattr(bot_turns, "failures", bot_turns.FailureLog())  # none seen before
    table, me = bot_table(app, http, player, levels=("bad", "greedy", "bad"), options={"target": 50})
    play_with_bots(hub, table, me)
    assert table.game.over
    assert "GreedyBot decides instead" in caplog.text
    if bad is RaisingBot:  # it fails at every decision: one traceback (per seat), then short lines
        failures = [r for r in caplog.records if "RaisingBot" in r.getMessage()]
        assert len(failures) > 10
        assert len([r for r in failures if r.exc_info]) == 2  # seats 1 and 3, once each
        assert all("thinking too hard" in r.getMessage() for r in failures if not r.exc_info)


def test_levels_are_read_when_used(app, http, player, monkeypatch):
    class Clever(GreedyBot):
        name = "clever"
    code, token = create_table(http)
    me = player("Anna")
    me.join(code, token)
    assert me.emit("bot", {"seat": 1, "level": "clever"})["code"] == "bad_request"
    monkeypatch.setitem(LEVELS, "clever", Clever)
    assert me.emit("bot", {"seat": 1, "level": "clever"})["ok"]
    me.pump()
    assert "clever" in me.doc["table"]["levels"]
    table = app.extensions["tichu"].registry.get(code)
    assert isinstance(table.bots[1], Clever)


def test_a_decision_on_a_stale_view_is_dropped(app, http, player, hub, monkeypatch):
    """While a bot thinks, a person acts: the bot's answer to the old view is not applied."""
    runner = hub.bots
    monkeypatch.setattr(runner, "poke", lambda table: None)  # this test runs the bots' turn itself
    moves = []

    class Interrupted(Bot):
        def decide(self, view):
            if not moves:
                # The person decides on Grand Tichu while the bot thinks (outside the lock).
                moves.append(me.act(act="grand", call=False))
            return GreedyBot(self.seat).decide(view)

    monkeypatch.setitem(LEVELS, "interrupted", Interrupted)
    table, me = bot_table(app, http, player, levels=("interrupted", "greedy", "greedy"))
    version = table.version
    assert runner.turn(table) is False
    assert moves and moves[0]["ok"]
    assert table.version == version + 1, "only the person's action was applied"
    assert table.game.round.grand == [False, None, None, None]
    # Asked again on the new version, a bot acts.
    assert runner.turn(table) is True
    assert table.version == version + 2


def test_bots_pause_before_a_rounds_first_lead_where_people_play(app, http, player, hub):
    # People see the cards the exchange brought them before a bot leads (issue 20): the pause
    # comes on top of the bots' delay for the first lead only, and only where a person plays.
    table, me = bot_table(app, http, player)
    runner = hub.bots
    runner.first_lead_pause = 2.5
    firsts = later = 0
    try:
        for _ in range(400):
            assert runner.wait_idle(20)
            me.pump()
            view = me.view
            if view["round"] > 0 or table.game.over:
                break
            with table.lock:
                pause = runner.pause_for(table)
                first = view["phase"] == "play" and not view["trick"]["plays"] and not view["last_trick"]
            assert pause == (2.5 if first else 0.0), (view["phase"], view["trick"], pause)
            firsts += first
            later += view["phase"] == "play" and not first
            if must_act(view):
                assert me.act(**fallback(view))["ok"]
        assert later > 0
        with table.lock:  # the same table with bots only: no pause
            owner, table.seats[0].owner = table.seats[0].owner, None
            table.seats[0].bot = "greedy"
            table.changed()
            assert runner.pause_for(table) == 0.0
            table.seats[0].owner, table.seats[0].bot = owner, None
            table.changed()
    finally:
        runner.first_lead_pause = 0.0
