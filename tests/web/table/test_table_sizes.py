"""Tables of 3 to 12: every ruleset seated, played by one person and bots through the server.

The person's client must receive exactly its seat's view at every version and no card it
may not know; the Trichu dealer plays the Table's cards through its own client; nobody else
may act for the Table.
"""

from __future__ import annotations

import copy
import logging

import pytest

from app.bots import LEVELS
from app.engine import Game, replay, view_for
from app.web.live.bot_turns import fallback
from app.web.table.acts import must_act
from tests.engine.helpers import view_leaks
from tests.web.conftest import Player, create_table

LEVEL = "greedy"  # a level every ruleset runs with (others fall back to it where they fail)

SIZES = [
    ("standard", {}),
    ("fifty-two", {}),
    ("trichu", {}),
    ("tientsin", {}),
    ("grandseigneur", {"players": 5}),
    ("grandseigneur", {"players": 7}),
    ("grandseigneur", {"players": 12}),
]


def person_and_bots(app, http, player, ruleset, options, seed=5, level=LEVEL, seat=0, levels=None):
    """A seeded table: Anna (the host) at `seat`, bots at every other seat: of `levels` in
    turn, one `bot` each, or else of `level` by one `fill`."""
    code, token = create_table(http, seed=seed, ruleset=ruleset, options=options)
    me = Recorder(app, http, "Anna")
    me.join(code, token)
    assert me.sit(seat)["ok"]
    table = app.extensions["tichu"].registry.get(code)
    others = [s for s in table.people_seats() if s != seat]
    if levels:
        for i, other in enumerate(others):
            assert me.emit("bot", {"seat": other, "level": levels[i % len(levels)]})["ok"]
    else:
        assert me.emit("fill", {"level": level})["ok"]
        assert all(table.seats[s].bot == level for s in others)
    assert me.emit("start", {})["ok"]
    me.pump()
    return table, me


def play_rounds(hub, table, me, rounds: int = 1, max_steps: int = 3000) -> list[dict]:
    """The person acts whenever the game waits for it (for its seat or the Table it plays),
    bots do the rest, until `rounds` rounds are over. The person's accepted actions."""
    done = []
    for _ in range(max_steps):
        assert hub.bots.wait_idle(30), "the bots got stuck"
        me.pump()
        game = table.game
        if game.over or sum(1 for r in game.rounds if r.result is not None) >= rounds:
            return done
        view = me.view
        assert view == view_for(game, me.doc["you"]["seat"])
        assert must_act(view), f"nobody acts: the table stalled ({view['pending']}, {view['to_act']})"
        action = fallback(view)
        ack = me.act(**action)
        assert ack["ok"], (action, ack)
        done.append(action)
    raise AssertionError("the rounds did not end")


def states_of(table, hub, seat: int | None) -> dict:
    """Replay the table's stored game: the seat's view at every state, by (round, log length)
    (each action adds to the round's log, so the pair names one state), with the cards it
    names that the seat may not know (must be none)."""
    actions = hub.registry.store.game_actions(table.code, 0)
    game = Game(table.ruleset, table.options, seed=table.game_seed(0))
    states = {}

    def note():
        view = view_for(game, seat)
        states[(view["round"], len(view["history"]))] = (view, game.clone())

    note()
    for action in actions:
        game.apply(action)
        note()
    return states


class Recorder(Player):
    """A client that keeps each envelope as it arrived and its game view after applying it
    (the document is patched in place, so only copies show what it was at each version)."""

    def __init__(self, *args):
        super().__init__(*args)
        self.received: list[tuple[dict, dict | None]] = []

    def _apply(self, msg: dict):
        arrived = copy.deepcopy(msg)
        super()._apply(msg)
        self.received.append((arrived, copy.deepcopy(self.doc["game"])))


def check_messages(me, table, hub, seat: int | None = 0) -> int:
    """Every document the client held was its seat's view of some state of the game, and no
    message named a card the seat could not know then. The states checked."""
    states = states_of(table, hub, seat)
    checked = 0
    assert len(me.received) == len(me.messages)
    for msg, view in me.received:
        if view is None:
            continue
        key = (view["round"], len(view["history"]))
        assert key in states, (key, sorted(states)[-6:], view["history"])
        expected, game = states[key]
        assert view == expected, "a document that is not the seat's view"
        # The engine's leak check on the whole envelope, against the state it showed.
        leaks = view_leaks(game, seat, msg)
        assert not leaks, f"seat {seat} received {leaks}"
        checked += 1
    return checked


@pytest.mark.parametrize("ruleset,options", SIZES, ids=[f"{r}-{o.get('players', '')}" for r, o in SIZES])
def test_one_person_and_bots_play_a_round_of_every_ruleset(app, http, player, hub, ruleset, options):
    table, me = person_and_bots(app, http, player, ruleset, options)
    watcher = Recorder(app, http, None)
    assert watcher.join(table.code)["ok"]
    seats = len(table.seats)
    assert len(me.view["players"]) == seats and me.view["seats"] == seats
    acted = play_rounds(hub, table, me)
    assert table.game.rounds[0].result is not None
    assert check_messages(me, table, hub) >= len(acted)
    watcher.pump()
    assert check_messages(watcher, table, hub, seat=None) >= len(acted)
    # The record of the completed round downloads, replays with every rule checked, and opens
    # in the replay viewer, hands of every seat included.
    record = http.get(f"/t/{table.code}/record.json").get_json()
    assert record["ruleset"] == ruleset and len(record["rounds"]) >= 1
    assert all(len(r["hands"]) == seats for r in record["rounds"])
    assert replay(record)["ok"]
    frames = http.post("/api/replay", json={"record": record, "round": 0}).get_json()
    assert frames["ok"] is True, frames
    # The seats' teams in the table's data are the current round's (Trichu: the new dealer's).
    me.pump()
    assert [s["team"] for s in me.doc["table"]["seats"]] == me.view["geometry"]["team_of"]
    if ruleset == "trichu":
        assert me.view["geometry"]["dealer"] == 1 and me.view["geometry"]["team_of"] == [1, 0, 1, 0]
        # The person is the first round's dealer: it played the Table's cards through its client.
        assert any(a.get("seat") == 3 and a["act"] == "play" for a in acted)
        assert me.doc["table"]["seats"][3]["dummy"] is True


def test_grandseigneur_plays_its_second_round_with_the_hierarchys_exchange(app, http, player, hub):
    table, me = person_and_bots(app, http, player, "grandseigneur", {"players": 6})
    play_rounds(hub, table, me, rounds=2)
    second = hub.game_record(table, 0)["rounds"][1]
    assert any(a["act"] == "exchange" for a in second["actions"])
    check_messages(me, table, hub)


def trichu_two_people(app, http, player):
    code, token = create_table(http, seed=5, ruleset="trichu")
    anna, ben = player("Anna"), player("Ben")
    anna.join(code, token)
    ben.join(code)
    assert anna.sit(0)["ok"] and ben.sit(1)["ok"]
    assert anna.emit("fill", {"level": LEVEL})["ok"]
    assert anna.emit("start", {})["ok"]
    return app.extensions["tichu"].registry.get(code), anna, ben


def test_only_the_dealer_acts_for_the_table(app, http, player, hub):
    table, anna, ben = trichu_two_people(app, http, player)
    game = table.game
    assert game.round.seating.dealer == 0 and table.dummy == 3
    # Play on until the Table is to play (the dealer Anna acts for it), Ben acting when asked.
    for _ in range(500):
        assert hub.bots.wait_idle(30)
        anna.pump()
        ben.pump()
        view = anna.view
        if view["phase"] == "play" and 3 in view["pending"]:
            break
        for person in (anna, ben):
            if must_act(person.view):
                assert person.act(**fallback(person.view))["ok"]
    else:
        raise AssertionError("the Table never came to play")
    assert ben.view["to_act"] == [0] and ben.view["controls"] == [1]
    table_play = anna.view["table"]["legal"]
    before = (table.version, game.version, len(ben.messages), len(anna.messages))
    for target in (3, 0, 2, 7, "3", True, None):
        plays = table_play["plays"]
        action = {"act": "play", "cards": plays[0]["cards"], "seat": target} if plays \
            else {"act": "pass", "seat": target}
        ack = ben.act(**action)
        assert ack["ok"] is False and ack["code"] == "not_your_seat", (target, ack)
        assert ack["message"]
    # The dealer acts for no seat but its own and the Table.
    ack = anna.act(act="pass", seat=1)
    assert ack["ok"] is False and ack["code"] == "not_your_seat"
    anna.pump()
    ben.pump()
    assert (table.version, game.version, len(ben.messages), len(anna.messages)) == before
    # Ben's client never held the Table's legal actions; Anna's does, and playing them works.
    assert ben.view["table"]["legal"] is None
    action = fallback(anna.view)
    assert action["seat"] == 3
    assert anna.act(**action)["ok"]
    assert game.round.actions[-1].seat == 3


@pytest.mark.parametrize("seat", [3])
def test_nobody_sits_at_or_gives_a_bot_the_table(app, http, player, seat):
    code, token = create_table(http, ruleset="trichu")
    anna = player("Anna")
    anna.join(code, token)
    table = app.extensions["tichu"].registry.get(code)
    before = table.version
    for event, payload in (("sit", {"seat": seat, "name": "Anna"}), ("bot", {"seat": seat}),
                           ("free", {"seat": seat})):
        ack = anna.emit(event, payload)
        assert ack["ok"] is False and ack["code"] == "table_seat", (event, ack)
    assert table.version == before and not table.seats[seat].taken
    # Three people's seats fill the table: the game starts without anybody at the Table.
    assert anna.sit(0)["ok"]
    assert anna.emit("fill", {})["ok"]
    assert anna.emit("start", {})["ok"]
    assert table.game is not None and not table.seats[3].taken
    assert table.summary()["seats"] == 3 and table.summary()["free"] == 0
    # Nobody asks the host for it either.
    watcher = player("Cleo")
    watcher.join(code)
    ack = watcher.emit("ask", {"seat": seat, "name": "Cleo"})
    assert ack["ok"] is False and ack["code"] == "table_seat"
    assert not table.requests and not table.seats[seat].taken  # (the bots play on meanwhile)


@pytest.mark.parametrize("ruleset,options", SIZES, ids=[f"{r}-{o.get('players', '')}" for r, o in SIZES])
def test_every_bot_level_plays_every_ruleset_without_a_fallback(app, http, player, hub, caplog, ruleset,
                                                                options):
    """Bots of every level, in turn around the table, play a round with a person at seat 1 (so
    a bot is the first Trichu dealer and plays the Table); none of them needs the fallback."""
    levels = ["hard", "normal", "easy", "greedy"]  # the best first: the Trichu dealer's bot is hard
    assert set(levels) == set(LEVELS)
    table, me = person_and_bots(app, http, player, ruleset, options, seat=1, levels=levels)
    bots = len(table.people_seats()) - 1
    assert {table.seats[s].bot for s in table.people_seats() if s != 1} == set(levels[:bots])
    with caplog.at_level(logging.WARNING, logger="app.web.live.bot_turns"):
        play_rounds(hub, table, me)
    assert table.game.rounds[0].result is not None
    assert not [r.getMessage() for r in caplog.records if r.name == "app.web.live.bot_turns"]
    check_messages(me, table, hub, seat=1)
    if ruleset == "trichu":
        first = hub.game_record(table, 0)["rounds"][0]["actions"]
        assert any(a["seat"] == 3 and a["act"] == "play" for a in first), "the bot dealer played the Table"
