"""The Trichu Table at a server table: whoever plays the dealer's seat plays it, the turn timer
and the stand-in of an away dealer included (the Table is in `to_act` as its dealer)."""

from __future__ import annotations

import pytest

from app.web.live.bot_turns import fallback
from app.web.server import create_app
from app.web.table.acts import must_act
from tests.web.conftest import MACHINE_SPEED, ManualClock, create_table, wait_until

TABLE = 3


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def app(tmp_path, clock):
    """The server on a manual clock: deadlines pass exactly when a test moves it."""
    app = create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0, "TICHU_GC_TUNE": False,
                      "TICHU_DATA_DIR": str(tmp_path / "tables"), "TICHU_CLOCK": clock,
                      "TICHU_LIMITS": MACHINE_SPEED})
    yield app
    app.extensions["tichu"].bots.stop()
    app.extensions["tichu"].timers.stop()


def trichu(app, http, player, **settings):
    code, token = create_table(http, seed=5, ruleset="trichu", settings=settings)
    anna, ben = player("Anna"), player("Ben")
    anna.join(code, token)
    ben.join(code)
    assert anna.sit(0)["ok"] and ben.sit(1)["ok"]
    assert anna.emit("fill", {"level": "greedy"})["ok"]
    assert anna.emit("start", {})["ok"]
    return app.extensions["tichu"].registry.get(code), anna, ben


def until_the_table_plays(hub, table, people):
    """The people act when asked until the Table (played by the dealer, seat 0) is to play."""
    for _ in range(500):
        assert hub.bots.wait_idle(30)
        for p in people:
            p.pump()
        rnd = table.game.round
        if rnd.phase == "play" and TABLE in rnd.pending():
            return
        for p in people:
            if must_act(p.view):
                ack = p.act(**fallback(p.view))
                assert ack["ok"], ack
                break  # one action at a time: the other's view is older now
    raise AssertionError("the Table never came to play")


def table_moves(table) -> int:
    return sum(1 for a in table.game.round.actions if a.seat == TABLE and a.act in ("play", "pass"))


def test_the_turn_timer_of_the_dealer_runs_for_the_table_and_its_stand_in_plays_it(
        app, http, player, hub, clock):
    table, anna, ben = trichu(app, http, player, turn_timer=30)
    until_the_table_plays(hub, table, [anna, ben])
    anna.pump()
    assert anna.view["to_act"] == [0] and must_act(anna.view)
    seat = table.seats[0]
    assert seat.turn_until is not None, "the dealer's timer runs while the Table is to play"
    assert table.seats[1].turn_until is None
    moves = table_moves(table)
    clock.advance(31, app)
    wait_until(lambda: table_moves(table) > moves, what="the stand-in's move for the Table")
    assert table.seats[0].bot is None and table.seats[0].owner is not None, "Anna keeps her seat"


def test_a_stand_in_for_an_away_dealer_plays_the_table(app, http, player, hub, clock):
    table, anna, ben = trichu(app, http, player, grace=30)
    until_the_table_plays(hub, table, [anna, ben])
    moves = table_moves(table)
    anna.disconnect()
    assert hub.bots.wait_idle()
    assert table.seats[0].away_until is not None and table_moves(table) == moves
    clock.advance(31, app)
    wait_until(lambda: table.seats[0].bot is not None, what="the stand-in")
    wait_until(lambda: table_moves(table) > moves, what="the stand-in's move for the Table")


def test_an_action_for_the_table_decided_before_the_trick_moved_is_stale(app, http, player, hub, clock):
    table, anna, ben = trichu(app, http, player)
    until_the_table_plays(hub, table, [anna, ben])
    anna.pump()
    action = fallback(anna.view)
    assert action["seat"] == TABLE
    before = (table.version, table.game.version)
    old = table.basis.since["trick"] - 1  # the trick changed after this version
    ack = anna.emit("act", anna.act_payload(action, version=old))
    assert ack["ok"] is False and ack["code"] == "stale"
    assert (table.version, table.game.version) == before
    assert anna.act(**action)["ok"]


def test_the_tables_lead_waits_for_the_bomb_window_like_anyone_elses(app, http, player, hub, clock):
    """A won trick stays on the table for the window: the dealer's lead for the Table collects
    it and waits like any lead; the window is the same whoever plays."""
    table, anna, ben = trichu(app, http, player, bomb_window=5)
    for _ in range(2000):
        assert hub.bots.wait_idle(30)
        anna.pump()
        ben.pump()
        rnd = table.game.round
        assert len(table.game.rounds) == 1, "the Table never won a trick in the first round"
        if table.window_until is not None:
            if rnd.pending() == [TABLE] and rnd.closed:
                break
            # Somebody else's won trick: let it be collected. The timers' thread ends the window;
            # wait for it, or this loop would move the clock on faster than that thread runs.
            clock.advance(6, app)
            wait_until(lambda: table.window_until is None, what="the end of the window")
            continue
        for p in (anna, ben):
            if must_act(p.view):
                ack = p.act(**fallback(p.view))
                assert ack["ok"], ack
                break  # one action at a time: the other's view is older now
    else:
        raise AssertionError("the Table never won a trick")
    anna.pump()
    lead = fallback(anna.view)
    assert lead["seat"] == TABLE and lead["act"] == "play"
    before = (table.version, table.game.version)
    ack = anna.act(**lead)
    assert ack["ok"] is False and ack["code"] == "bomb_window"
    assert (table.version, table.game.version) == before
    clock.advance(6, app)
    wait_until(lambda: table.window_until is None, what="the end of the window")
    assert hub.bots.wait_idle()
    anna.pump()
    assert anna.act(**fallback(anna.view))["ok"]
