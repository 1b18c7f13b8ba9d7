"""A player who drops is away, the seat is held for the grace period, then a stand-in bot plays
until the player returns; the turn timer lets the stand-in make a decision that takes too long.

The server's wall clock is a manual one here: a deadline passes exactly when a test moves the
clock past it, and the tests then wait (bounded) for the timers' and bots' threads to act."""

from __future__ import annotations

import pytest

from app.engine import view_for
from app.web.server import create_app
from tests.web.conftest import ManualClock, Player, create_table, wait_until
from tests.web.server.test_play import seat_table


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def app(tmp_path, clock):
    app = new_app(tmp_path, clock)
    yield app
    stop(app)


def new_app(tmp_path, clock):
    return create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0, "TICHU_GC_TUNE": False,
                       "TICHU_DATA_DIR": str(tmp_path / "tables"), "TICHU_CLOCK": clock})


def stop(app):
    app.extensions["tichu"].bots.stop()
    app.extensions["tichu"].timers.stop()


def restart(app, tmp_path, clock):
    stop(app)
    return new_app(tmp_path, clock)


def seat_info(player, seat):
    """The seat as the player's page shows it, once the player got the table's latest version
    (a change made by the timers' or bots' thread is sent right after it is made)."""
    hub = player.app.extensions["tichu"]
    table = hub.registry.get(player.doc["table"]["code"])
    assert hub.bots.wait_idle(), "the bots are done"

    def caught_up():
        player.pump()
        return player.version == table.version
    wait_until(caught_up, what="the latest version")
    return player.doc["table"]["seats"][seat]


def _exchange(view):
    return {"act": "exchange", "give": dict(zip(map(str, view["legal"]["exchange_to"]), view["hand"][::-1]))}


def test_a_player_who_drops_is_away_then_a_stand_in_plays_and_returns(app, http, player, hub, clock):
    code, table, players, _ = seat_table(app, http, player, settings={"grace": 30})
    ben = players[1]
    ben.disconnect()
    info = seat_info(players[0], 1)
    assert info["away"] is True and info["online"] is False and info["bot"] is None
    assert info["standin_at"] == pytest.approx(clock.now + 30)
    assert hub.timers.due(code) == info["standin_at"]
    clock.advance(29, app)
    assert hub.bots.wait_idle() and table.seats[1].bot is None, "the seat is held for the grace period"
    clock.advance(2, app)
    wait_until(lambda: table.seats[1].bot is not None, what="the stand-in")
    assert hub.bots.wait_idle(), "the bots' change is sent"
    assert table.seats[1].owner is not None and table.seats[1].name == "Ben"
    # The stand-in decides for Ben: his Grand Tichu decision is made, the others can go on.
    wait_until(lambda: table.game.round.grand[1] is not None, what="the stand-in's decision")
    assert hub.bots.wait_idle()
    info = seat_info(players[0], 1)
    assert info["bot"] and info["away"] is True and info["human"] is True and info["standin_at"] is None
    for p in (players[0], players[2], players[3]):
        p.pump()
        assert p.act(act="grand", call=False)["ok"]
    assert hub.bots.wait_idle()
    assert table.game.round.exchange[1] is not None, "the stand-in exchanged for Ben"
    # Ben is back with his token: his seat at once, no bot, his own decisions again.
    back = player("Ben")
    ack = back.join(code, ben.token)
    assert ack["ok"] and ack["seat"] == 1
    back.pump()
    assert back.doc["you"]["bot_plays"] is False and back.view["hand"] == view_for(table.game, 1)["hand"]
    assert table.seats[1].bot is None and 1 not in table.bots
    info = seat_info(players[0], 1)
    assert info["away"] is False and info["online"] is True and info["bot"] is None
    for p in (players[0], players[2], players[3]):
        p.pump()
        assert p.act(**_exchange(p.view))["ok"]
    assert table.game.round.phase == "play"
    assert hub.bots.wait_idle() and table.seats[1].bot is None, "no bot plays for Ben any more"


def test_returning_within_the_grace_period_keeps_the_seat_without_a_bot(app, http, player, hub, clock):
    code, table, players, _ = seat_table(app, http, player, settings={"grace": 120})
    token = players[2].token
    players[2].disconnect()
    assert seat_info(players[0], 2)["standin_at"] == pytest.approx(clock.now + 120)
    assert hub.timers.due(code) == table.seats[2].away_until
    clock.advance(100, app)
    back = player("Cleo")
    assert back.join(code, token)["ok"]
    info = seat_info(players[0], 2)
    assert info["away"] is False and info["standin_at"] is None and info["bot"] is None
    assert hub.timers.due(code) is None, "no deadline left"
    clock.advance(100, app)
    assert hub.bots.wait_idle() and table.seats[2].bot is None


def test_nobody_is_away_before_the_game_starts(app, http, player, hub, clock):
    code, token = create_table(http, settings={"grace": 30})
    host = player("Anna")
    host.join(code, token)
    ben = player("Ben")
    ben.join(code)
    ben.sit(1)
    ben.disconnect()
    info = seat_info(host, 1)
    assert info["online"] is False and info["standin_at"] is None
    assert hub.timers.due(code) is None


def test_the_turn_timer_lets_the_stand_in_make_one_decision(app, http, player, hub, clock):
    code, table, players, _ = seat_table(app, http, player, settings={"turn_timer": 30})
    for p in players:
        assert seat_info(p, p.view["viewer"])["turn_ends"] == pytest.approx(clock.now + 30)
    for p in players[:3]:
        assert p.act(act="grand", call=False)["ok"]
    assert seat_info(players[0], 0)["turn_ends"] is None, "decided: no timer"
    assert seat_info(players[0], 3)["turn_ends"] is not None
    # Dan does not decide: when his time is up the stand-in decides for him (and never calls).
    clock.advance(31, app)
    wait_until(lambda: table.game.round.grand[3] is not None, what="the timed-out decision")
    assert hub.bots.wait_idle(), "the bots' change is sent"
    assert table.game.round.grand[3] is False
    assert table.seats[3].bot is None and table.seats[3].owner is not None, "Dan keeps his seat"
    players[3].pump()
    assert players[3].doc["you"]["bot_plays"] is False
    # The exchange is the next decision, with a new deadline for each seat; Dan makes it himself.
    assert table.game.round.phase == "exchange"
    assert [seat_info(players[3], s)["turn_ends"] for s in range(4)] == [pytest.approx(clock.now + 30)] * 4
    assert players[3].act(**_exchange(players[3].view))["ok"]
    assert seat_info(players[3], 3)["turn_ends"] is None


def test_timed_out_decisions_of_people_who_are_here_too(app, http, player, hub, clock):
    """The timer is for slow decisions, not only for absent players; a stand-in never calls."""
    code, table, players, _ = seat_table(app, http, player, settings={"turn_timer": 60})
    clock.advance(61, app)
    wait_until(lambda: table.game.round.phase == "exchange", what="four timed-out Grand Tichu decisions")
    assert hub.bots.wait_idle(), "the bots' change is sent"
    clock.advance(61, app)
    wait_until(lambda: table.game.round.phase == "play", what="four timed-out exchanges")
    assert hub.bots.wait_idle(), "the bots' change is sent"
    assert table.game.round.grand == [False, False, False, False]
    turn = table.game.round.turn
    assert seat_info(players[0], turn)["turn_ends"] == pytest.approx(clock.now + 60), "the lead is timed"
    clock.advance(61, app)
    wait_until(lambda: table.game.round.turn != turn, what="the timed-out lead")
    assert hub.bots.wait_idle()
    assert not any(table.game.round.tichu), "a stand-in never calls for a person"
    assert all(s.owner is not None and s.bot is None for s in table.seats)


def test_grace_periods_survive_a_restart(app, http, player, tmp_path, clock):
    code, table, players, _ = seat_table(app, http, player, settings={"grace": 120})
    players[1].disconnect()
    held_until = table.seats[1].away_until
    assert held_until is not None
    clock.advance(60)
    again = restart(app, tmp_path, clock)
    hub = again.extensions["tichu"]
    try:
        restored = hub.registry.get(code)
        assert restored.seats[1].away_until == held_until, "the same deadline, not a new period"
        # Nobody else is connected after the restart: their grace periods start now.
        assert [restored.seats[s].away_until for s in (0, 2, 3)] == [clock.now + 120] * 3
        assert hub.timers.due(code) == held_until
        clock.advance(61, again)
        wait_until(lambda: restored.seats[1].bot is not None, what="the stand-in after the restart")
        assert hub.bots.wait_idle(), "the bots' change is sent"
        assert all(restored.seats[s].bot is None for s in (0, 2, 3))
    finally:
        stop(again)


def test_a_grace_period_that_ran_out_during_a_restart_brings_the_stand_in(app, http, player, tmp_path, clock):
    code, table, players, _ = seat_table(app, http, player, settings={"grace": 30})
    tokens = [p.token for p in players]
    for p in players:
        p.disconnect()
    stop(app)
    clock.advance(31)  # the server was down meanwhile
    again = restart(app, tmp_path, clock)
    hub = again.extensions["tichu"]
    try:
        restored = hub.registry.get(code)
        wait_until(lambda: all(s.bot for s in restored.seats), what="stand-ins on every seat")
        wait_until(lambda: restored.game.round.phase != "grand", what="the stand-ins playing")
        back = Player(again, again.test_client(), "Anna")
        assert back.join(code, tokens[0])["ok"]
        assert restored.seats[0].bot is None and back.doc["you"]["seat"] == 0
    finally:
        stop(again)


def test_turn_timers_survive_a_restart(app, http, player, tmp_path, clock):
    code, table, players, _ = seat_table(app, http, player, settings={"turn_timer": 120, "grace": 300})
    ends = [s.turn_until for s in table.seats]
    assert ends == [clock.now + 120] * 4
    assert players[0].act(act="grand", call=False)["ok"]
    clock.advance(100)
    again = restart(app, tmp_path, clock)
    hub = again.extensions["tichu"]
    try:
        restored = hub.registry.get(code)
        assert [s.turn_until for s in restored.seats] == [None] + ends[1:]
        assert hub.timers.due(code) == ends[1]
        clock.advance(21, again)
        wait_until(lambda: restored.game.round.phase == "exchange", what="the timed-out decisions")
        assert hub.bots.wait_idle(), "the bots' change is sent"
        assert restored.game.round.grand == [False] * 4
    finally:
        stop(again)
