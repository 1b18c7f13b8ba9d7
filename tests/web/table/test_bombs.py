"""Bombs without a reflex race (bombs.py): a won trick waits out the bomb window before it may be
collected, by people and bots alike, so a bomb on the last play of a trick is always possible;
the Bomb control holds the table while its player picks a bomb.

The server's wall clock is a manual one: a window or a hold ends exactly when a test moves the
clock past it, and the tests then wait (bounded) for the timers' and bots' threads to act."""

from __future__ import annotations

import pytest

from app.web.server import create_app
from app.web.table.bombs import HOLD_SECONDS
from tests.web.conftest import MACHINE_SPEED, ManualClock, Player, create_table, wait_until
from tests.web.table.test_standins import stop

WINDOW = 3
SEED = 15  # seat 0 is dealt four tens: a bomb from the first trick on


@pytest.fixture
def clock():
    return ManualClock()


def new_app(tmp_path, clock):
    return create_app({"TICHU_TESTING": True, "TICHU_BOT_DELAY": 0.0, "TICHU_GC_TUNE": False,
                       "TICHU_DATA_DIR": str(tmp_path / "tables"), "TICHU_CLOCK": clock,
                       "TICHU_LIMITS": MACHINE_SPEED})


@pytest.fixture
def app(tmp_path, clock):
    app = new_app(tmp_path, clock)
    yield app
    stop(app)


def bot_table(app, http, people=1, window=WINDOW):
    code, token = create_table(http, seed=SEED, settings={"bomb_window": window})
    host = Player(app, http, "Anna")
    host.join(code, token)
    host.sit(0)
    players = [host]
    for seat in range(1, people):
        other = Player(app, http, f"P{seat}")
        other.join(code)
        other.sit(seat)
        players.append(other)
    for seat in range(people, 4):
        assert host.emit("bot", {"seat": seat, "level": "greedy"})["ok"]
    assert host.emit("start", {})["ok"]
    return app.extensions["tichu"].registry.get(code), players


def settled(hub, table, players):
    """Bots done, every player holding the table's latest version."""
    assert hub.bots.wait_idle(), "the bots got stuck"

    def caught_up():
        for p in players:
            p.pump()
        return all(p.version == table.version for p in players)
    wait_until(caught_up, what="the latest version")


def policy(view):
    """The person's plain play: no calls, the lowest cards away, leads its lowest non-bomb, else passes."""
    legal = view["legal"]
    if legal["grand"]:
        return {"act": "grand", "call": False}
    if legal["exchange"]:
        return {"act": "exchange", "give": dict(zip(map(str, legal["exchange_to"]), view["hand"][::-1]))}
    if legal["gift"]:
        return {"act": "gift", "to": legal["gift"][0]}
    if legal["pass"]:
        return {"act": "pass"}
    for play in legal["plays"]:
        if play["kind"] != "bomb":
            return {"act": "play", "cards": play["cards"], "phoenix": play["phoenix"]}
    return None


def my_move(view, seat: int = 0) -> bool:
    """Whether the game waits for `seat` (its own decision, or its turn)."""
    legal = view["legal"]
    return bool(legal["grand"] or legal["exchange"] or legal["gift"] or view["turn"] == seat)


def serves_a_person(view, people: set[int]) -> bool:
    """Whether a person other than the one who collects the won trick still holds cards."""
    collectors = set(view["pending"])
    return any(p["cards"] and p["seat"] in people and p["seat"] not in collectors for p in view["players"])


def test_a_won_trick_waits_for_the_window_and_a_bomb_on_its_last_play_always_lands(app, http, clock):
    hub = app.extensions["tichu"]
    table, players = bot_table(app, http, people=2)
    windows = refused_leads = bombs = 0
    for _ in range(600):
        settled(hub, table, players)
        view, bombs_doc = players[0].view, players[0].doc["table"]["bombs"]
        if view["phase"] == "over" or view["round"] > 0:
            break
        trick = view["trick"]
        if trick["plays"] and (trick["closed"] or view["gift_from"] is not None):
            # A won trick lies on the table: nobody has collected it, the bots neither.
            until = bombs_doc["window_until"]
            if not serves_a_person(view, {0, 1}):  # two people here, seats 0 and 1
                assert until is None  # nobody but bots could bomb it: no wait
            else:
                assert until is None or until == pytest.approx(clock.now + WINDOW)  # None: it ran out
            if until is not None:
                windows += 1
                bomber = next((p for p in players if p.view["legal"]["bombs"]
                               and p.view["turn"] != p.doc["you"]["seat"]), None)
                if bomber is not None:
                    bomb = bomber.view["legal"]["bombs"][0]
                    ack = bomber.act(act="play", cards=bomb["cards"], phoenix=bomb["phoenix"])
                    assert ack["ok"], ack  # the bomb lands on the trick's last play
                    bombs += 1
                    continue
                for p in players:
                    if p.view["turn"] == p.doc["you"]["seat"]:
                        ack = p.act(**policy(p.view))
                        assert not ack["ok"] and ack["code"] == "bomb_window", ack
                        refused_leads += 1
                before = table.version
                clock.advance(WINDOW, app)
                wait_until(lambda before=before: table.version > before, what="the window's end")
                continue
        for p in players:
            if my_move(p.view, p.doc["you"]["seat"]):
                ack = p.act(**policy(p.view))
                assert ack["ok"] or ack["code"] == "stale", ack  # the other person may have moved first
    print(f"windows {windows}, bombs {bombs}, refused leads {refused_leads}")
    assert windows >= 3 and bombs >= 1 and refused_leads >= 1, (windows, bombs, refused_leads)


def test_a_person_alone_with_bots_never_waits_for_the_window(app, http, clock):
    hub = app.extensions["tichu"]
    table, (me,) = bot_table(app, http)
    for _ in range(400):
        settled(hub, table, [me])
        view = me.view
        if view["phase"] == "over" or view["round"] > 0:
            break
        assert me.doc["table"]["bombs"]["window_until"] is None  # not even on the bots' won tricks
        if my_move(view, 0):
            ack = me.act(**policy(view))
            assert ack["ok"], ack  # a lead right after a won trick is never refused
    assert view["round"] > 0 or view["phase"] == "over", "the round played on without the clock moving"


def test_the_bomb_control_holds_the_table_once_per_trick(app, http, clock):
    hub = app.extensions["tichu"]
    table, (me, other) = bot_table(app, http, people=2)
    # Play until cards lie on the table and the other person is to play.
    for _ in range(200):
        settled(hub, table, [me, other])
        view = other.view
        if view["phase"] == "play" and view["trick"]["plays"] and view["turn"] == 1 \
                and not view["trick"]["closed"]:
            break
        for person in (me, other):
            legal, seat = person.view["legal"], person.doc["you"]["seat"]
            if legal["grand"] or legal["exchange"] or legal["gift"] or person.view["turn"] == seat:
                person.act(**policy(person.view))
    else:
        pytest.fail("the other person never came to play on a trick")
    assert me.emit("hold", {})["ok"]
    settled(hub, table, [me, other])
    hold = other.doc["table"]["bombs"]["hold"]
    assert hold["seat"] == 0 and hold["until"] == pytest.approx(clock.now + HOLD_SECONDS)
    assert HOLD_SECONDS <= 5  # a newcomer who presses it without a bomb stops the table briefly only
    # Nobody else may move meanwhile; the holder may not hold twice in one trick.
    ack = other.act(**policy(other.view))
    assert not ack["ok"] and ack["code"] == "bomb_hold"
    assert me.emit("hold", {})["code"] in ("bomb_hold", "held_already")
    watcher = Player(app, http, "Watcher")
    watcher.join(table.code)
    assert watcher.emit("hold", {})["code"] == "not_seated"
    # Letting go frees the table at once; a second hold in the same trick is refused.
    assert me.emit("release", {})["ok"]
    settled(hub, table, [me, other])
    assert other.doc["table"]["bombs"]["hold"] is None
    assert me.emit("hold", {})["code"] == "held_already"
    # The other person holds, and the hold runs out by itself.
    assert other.emit("hold", {})["ok"]
    version = table.version
    clock.advance(10, app)
    wait_until(lambda: table.version > version, what="the hold's end")
    settled(hub, table, [me, other])
    assert other.doc["table"]["bombs"]["hold"] is None


def test_a_hold_survives_a_restart(app, http, clock, tmp_path):
    table, (me,) = bot_table(app, http)
    hub = app.extensions["tichu"]
    for _ in range(200):
        settled(hub, table, [me])
        view = me.view
        if view["phase"] == "play" and view["trick"]["plays"] and not view["trick"]["closed"]:
            break
        if my_move(view):
            me.act(**policy(view))
    assert me.emit("hold", {})["ok"]
    until = table.hold["until"]
    stop(app)
    again = new_app(tmp_path, clock)
    try:
        restored = again.extensions["tichu"].registry.get(table.code)
        with restored.lock:
            assert restored.hold == {"seat": 0, "until": until}
            assert restored.next_deadline() == pytest.approx(until)
    finally:
        stop(again)
