"""Every action counts once, on the state its player saw: stale actions, retries by id."""

from __future__ import annotations

from app.engine import Game, view_for
from app.web.table.acts import REMEMBER, Basis
from tests.web.conftest import Player
from tests.web.policy import next_action
from tests.web.server.test_play import seat_table
from tests.web.store.test_persistence import restart


class Dated:
    """A real game and a Basis dated along it: each change is the next table version."""

    def __init__(self, game):
        self.game = game
        self.version = 0
        self.basis = Basis()
        self.basis.update(game, 1, 0)

    def apply(self, action: dict) -> int:
        self.game.apply(action)
        self.version += 1
        self.basis.update(self.game, 1, self.version)
        return self.version

    def stale(self, action: dict, version: int) -> bool:
        return self.basis.stale(action, version)


def test_what_makes_each_kind_of_action_stale():
    """Grand Tichu and the exchange go stale with the phase, Tichu with the round, plays,
    passes and gifts with the trick; other seats' calls and decisions do not matter."""
    game = Dated(Game(seed=4))
    game.apply({"seat": 1, "act": "grand", "call": True})
    # Seat 0 decided at version 0: seat 1's call since does not matter to its decision.
    assert not game.stale({"act": "grand", "call": False}, 0)
    for s in (0, 2, 3):
        last_grand = game.apply({"seat": s, "act": "grand", "call": False})
    assert game.game.round.phase == "exchange"
    assert game.stale({"act": "grand", "call": False}, last_grand - 1), "the Grand Tichu phase is over"
    assert not game.stale({"act": "tichu"}, 0), "the round is the same"
    views = [view_for(game.game, s) for s in range(4)]
    first = game.apply({"seat": 2, **_exchange(views[2])})
    assert not game.stale({"act": "exchange", "give": {}}, first - 1), "another seat's exchange is no matter"
    for s in (0, 1, 3):
        last = game.apply({"seat": s, **_exchange(views[s])})
    assert game.game.round.phase == "play"
    assert game.stale({"act": "exchange", "give": {}}, last - 1)
    leader = game.game.round.turn
    caller = next(s for s in range(4) if view_for(game.game, s)["legal"]["tichu"] and s != leader)
    called = game.apply({"seat": caller, "act": "tichu"})
    assert not game.stale({"act": "play", "cards": "S2"}, called - 1), "a call does not move the trick"
    assert not game.stale({"act": "pass"}, called - 1)
    play = view_for(game.game, leader)["legal"]["plays"][0]
    played = game.apply({"seat": leader, "act": "play", "cards": play["cards"], "phoenix": play["phoenix"]})
    for action in ({"act": "play", "cards": "S2"}, {"act": "pass"}, {"act": "gift", "to": 1}):
        assert game.stale(action, played - 1), action
        assert not game.stale(action, played), action
    assert not game.stale({"act": "tichu"}, 0)
    assert not game.stale({"act": "fly"}, 0), "unknown actions are the engine's to refuse"


def _exchange(view):
    legal = view["legal"]
    hand = view["hand"][::-1]
    return {"act": "exchange", "give": dict(zip(map(str, legal["exchange_to"]), hand))}


def until(table, players, condition, max_steps=400):
    """Play the policy until `condition(views)` holds; returns the views then."""
    bombed = False
    for _ in range(max_steps):
        views = [p.view for p in players]
        if condition(views):
            return views
        seat, action = next_action(views, bombed)
        if action["act"] == "play" and not views[seat]["legal"]["plays"]:
            bombed = True
        assert players[seat].act(**action)["ok"]
        for p in players:
            p.pump()
    raise AssertionError("the condition never held")


def test_a_bomb_meant_for_one_trick_does_not_land_on_the_next(app, http, player):
    code, table, players, _ = seat_table(app, http, player)

    def bomb_during_a_trick(views):
        return any(v["legal"]["bombs"] and v["trick"]["plays"] and v["turn"] != v["viewer"]
                   and views[v["turn"]]["legal"]["plays"] for v in views)

    views = until(table, players, bomb_during_a_trick)
    bomber = next(v["viewer"] for v in views if v["legal"]["bombs"] and v["turn"] != v["viewer"])
    bomb = views[bomber]["legal"]["bombs"][0]
    decided = players[bomber].version
    # Before the bomb arrives, the seat in turn plays: the trick the bomber saw is gone.
    in_turn = views[0]["turn"]
    play = views[in_turn]["legal"]["plays"][0]
    assert players[in_turn].act(act="play", cards=play["cards"], phoenix=play["phoenix"])["ok"]
    moves = table.game.version
    for p in players:
        p.pump()
    late_bomb = players[bomber].act_payload({"act": "play", "cards": bomb["cards"]}, decided)
    late = players[bomber].emit("act", late_bomb)
    assert late["ok"] is False and late["code"] == "stale" and late["message"]
    assert table.game.version == moves, "nothing was played"
    # Decided again on what the bomber sees now, the same bomb counts (if still legal there).
    if any(b["cards"] == bomb["cards"] for b in players[bomber].view["legal"]["bombs"]):
        assert players[bomber].act(act="play", cards=bomb["cards"])["ok"]
        assert table.game.version == moves + 1


def test_a_call_or_chat_in_between_does_not_make_a_play_stale(app, http, player):
    code, table, players, _ = seat_table(app, http, player)
    views = until(table, players, lambda vs: vs[0]["phase"] == "play" and vs[0]["turn"] is not None)
    turn = views[0]["turn"]
    decided = players[turn].version
    assert players[(turn + 1) % 4].emit("chat", {"quick": "gg"})["ok"]
    caller = next((s for s, v in enumerate(views) if v["legal"]["tichu"] and s != turn), None)
    if caller is not None:
        assert players[caller].act(act="tichu")["ok"]
    assert table.version > decided
    play = views[turn]["legal"]["plays"][0]
    ack = players[turn].emit("act", players[turn].act_payload(
        {"act": "play", "cards": play["cards"], "phoenix": play["phoenix"]}, decided))
    assert ack["ok"], ack


def test_grand_tichu_decisions_made_together_all_count(app, http, player):
    """Four people decide at the same version; each decision counts whatever came first."""
    code, table, players, _ = seat_table(app, http, player)
    decided = [p.version for p in players]
    assert len(set(decided)) == 1
    payloads = [p.act_payload({"act": "grand", "call": False}, decided[i]) for i, p in enumerate(players)]
    for p, payload in zip(players, payloads):
        assert p.emit("act", payload)["ok"]
    assert table.game.round.phase == "exchange"
    # And the exchange likewise: everybody decided on the first version of the phase.
    for p in players:
        p.pump()
    decided = players[0].version
    for p in players:
        ack = p.emit("act", p.act_payload(_exchange(p.view), decided))
        assert ack["ok"], ack
    assert table.game.round.phase == "play"


def test_a_retry_gets_the_first_answer_and_acts_once(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    payload = players[2].act_payload({"act": "grand", "call": False})
    first = players[2].emit("act", payload)
    assert first["ok"]
    version, moves = table.version, table.game.version
    for p in players + [watcher]:
        p.pump()
    sent = [len(p.messages) for p in players + [watcher]]
    assert players[2].emit("act", payload) == first
    assert table.version == version and table.game.version == moves
    for p, count in zip(players + [watcher], sent):
        p.pump()
        assert len(p.messages) == count, "a retry sends nothing to anybody"
    # A refusal is repeated the same way: the id names one decision, not a new attempt.
    wrong = players[0].act_payload({"act": "pass"})
    refused = players[0].emit("act", wrong)
    assert refused["ok"] is False
    assert players[0].emit("act", wrong) == refused


def test_a_retry_after_a_reconnect_and_after_a_restart_is_answered_from_memory(app, http, player, tmp_path):
    code, table, players, _ = seat_table(app, http, player)
    payload = players[1].act_payload({"act": "grand", "call": True})
    first = players[1].emit("act", payload)
    assert first["ok"]
    players[1].disconnect()  # the answer may have been lost with the connection
    again = player("Ben")
    assert again.join(code, players[1].token)["ok"]
    assert again.emit("act", payload) == first
    assert table.game.round.grand[1] is True and table.game.version == 1
    tokens = [p.token for p in players]
    new_app = restart(app, tmp_path)
    try:
        back = Player(new_app, new_app.test_client(), "Ben")
        assert back.join(code, tokens[1])["ok"]
        assert back.emit("act", payload) == first
        restored = new_app.extensions["tichu"].registry.get(code)
        assert restored.game.version == 1
    finally:
        new_app.extensions["tichu"].bots.stop()
        new_app.extensions["tichu"].timers.stop()


def test_ids_are_per_seat_and_memory_is_bounded(app, http, player):
    code, table, players, _ = seat_table(app, http, player)
    shared = {"action": {"act": "grand", "call": False}, "version": table.version, "id": "same"}
    assert players[0].emit("act", shared)["ok"]
    assert players[1].emit("act", dict(shared, version=table.version))["ok"], "another seat's id is its own"
    assert table.game.round.grand[:2] == [False, False]
    for n in range(REMEMBER + 5):
        ack = players[3].emit("act", {"action": {"act": "pass"}, "version": table.version, "id": f"p{n}"})
        assert ack["ok"] is False
    memory = table.answers.by_seat[3]
    assert len(memory) == REMEMBER and "p0" not in memory and f"p{REMEMBER + 4}" in memory
