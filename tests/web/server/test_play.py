"""Four socket clients play a seeded round to its end; what each of them receives."""

from __future__ import annotations

import json
import re

import pytest

from app.engine import view_for
from app.web.table.people import hash_token
from tests.web.conftest import create_table
from tests.web.policy import next_action

SEED = 4  # its first round has Grand Tichu, Tichu, the exchange, a bomb, the wish, the Dog, a gift
CARD = re.compile(r"\b(?:[SBGR](?:10|[2-9JQKA])|Mj|Dg|Ph|Dr)\b")


def seat_table(app, http, player, seed=SEED, spectator=False, **fields):
    """A seeded table with four seated players (seat i = players[i]) that has started."""
    code, host_token = create_table(http, seed=seed, **fields)
    players = [player(name) for name in ("Anna", "Ben", "Cleo", "Dan")]
    players[0].join(code, host_token)
    players[0].token = host_token
    for p in players[1:]:
        p.join(code)
    for seat, p in enumerate(players):
        assert p.sit(seat)["ok"]
    watcher = None
    if spectator:
        watcher = player()
        assert watcher.join(code)["ok"]
    assert players[0].emit("start", {})["ok"]
    everyone = players + ([watcher] if watcher else [])
    for p in everyone:
        p.pump()
    table = app.extensions["tichu"].registry.get(code)
    return code, table, players, watcher


def public_cards(game) -> set[str]:
    """Cards anybody may know: those played in the round so far."""
    cards = set()
    for event in game.round.log:
        if event.get("act") == "play":
            cards.update(event["cards"].split())
    return cards


def known_cards(game, seat) -> set[str]:
    """Cards `seat` may know: its hand, its exchange both ways, and every card played."""
    rnd = game.round
    deck = game.rules.deck
    own = set(deck.format_cards(rnd.hands[seat]).split())
    for given in (rnd.exchange[seat], rnd.received[seat]):
        if given:
            own.update(deck.codes[c] for cards in given.values() for c in cards)
    return own | public_cards(game)


def play_round(table, players, watcher=None, on_step=None, max_steps=400):
    """Play round 0 with the policy, checking every client after every step."""
    game = table.game
    bombed = False
    steps = 0
    while len(game.rounds) == 1 and game.round.phase != "over":
        views = [p.view for p in players]
        seat, action = next_action(views, bombed)
        if action["act"] == "play" and not views[seat]["legal"]["plays"]:
            bombed = True
        seen_before = {id(p): len(p.messages) for p in players + ([watcher] if watcher else [])}
        version = table.version
        ack = players[seat].act(**action)
        assert ack == {"ok": True, "version": version + 1}, (seat, action, ack)
        everyone = players + ([watcher] if watcher else [])
        for p in everyone:
            p.pump()
            new = p.messages[seen_before[id(p)]:]
            assert [m["v"] for m in new] == [version + 1], "exactly one message per change"
            allowed = known_cards(game, p.doc["you"]["seat"]) if p is not watcher else public_cards(game)
            leaked = set(CARD.findall(json.dumps(new))) - allowed
            assert not leaked, f"seat {p.doc['you']['seat']} received {leaked}"
        for seat_no, p in enumerate(players):
            assert p.view == view_for(game, seat_no), "the patched document is the seat's view"
        if watcher:
            assert watcher.view == view_for(game, None)
        steps += 1
        if on_step:
            on_step(steps)
        assert steps < max_steps
    return steps


def test_four_clients_play_a_seeded_round_to_the_end(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    game = table.game
    first = game.round
    steps = play_round(table, players, watcher)
    result = game.rounds[0].result  # once over, the live game keeps only the round's result...
    assert result is not None and steps == game.version
    kinds = {e["act"] for e in first.log}  # ...here is the whole round, as it was played
    assert {"grand", "tichu", "exchange", "play", "pass", "gift"} <= kinds
    assert any(e.get("out_of_turn") for e in first.log), "the round had a bomb out of turn"
    assert any(e.get("wish") for e in first.log), "the round had a wish"
    for p in players:
        assert p.doc["game"]["scores"]["rounds"][0]["scores"] == list(result.scores)
    # Every envelope a client got after its first snapshot is a contiguous patch.
    for p in players + [watcher]:
        versions = [m["v"] for m in p.messages]
        assert versions == list(range(versions[0], versions[-1] + 1))
        assert p.messages[0]["t"] == "snapshot"


def test_spectator_never_receives_a_hand(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    play_round(table, players, watcher)
    assert watcher.doc["game"]["hand"] is None and watcher.doc["game"]["legal"] is None
    assert watcher.doc["you"]["seat"] is None
    for msg in watcher.messages:
        text = json.dumps(msg)
        assert '"hand": [' not in text and '"exchange": {' not in text


def sees_hands(app, http, player, code, players, allowing=4):
    """A watcher named Zoe who asked to see the hands, allowed by the first `allowing` players."""
    zoe = player("Zoe")
    assert zoe.join(code)["ok"]
    ack = zoe.emit("see_hands", {"name": "Zoe"})
    assert ack["ok"], ack
    zoe.token = ack["token"]
    for p in players[:allowing]:
        assert p.emit("hands_answer", {"watcher": table_watch(zoe), "allow": True})["ok"]
    for p in players + [zoe]:
        p.pump()
    return zoe


def table_watch(watcher) -> int:
    watcher.pump()
    return watcher.doc["you"]["hands"]


def all_hands(table) -> list:
    return [view_for(table.game, seat)["hand"] for seat in range(len(table.seats))]


def hands_sent(messages) -> bool:
    """Whether any of `messages` carries the document's `hands` (a snapshot's, or a patch's)."""
    return any("hands" in m["doc"] if m["t"] == "snapshot" else any(op[1][:1] == ["hands"] for op in m["ops"])
               for m in messages)


def leaked(messages, game) -> set[str]:
    """The cards in `messages` nobody without a hand of the round may know."""
    return set(CARD.findall(json.dumps(messages))) - public_cards(game)


def test_a_spectator_without_every_consent_never_receives_a_hand(app, http, player):
    code, table, players, _ = seat_table(app, http, player)
    zoe = sees_hands(app, http, player, code, players, allowing=3)  # Dan has not agreed
    assert zoe.doc["sight"]["waiting"] == ["Dan"]
    play_round(table, players, zoe)  # zoe's every message is checked against the public cards
    assert not hands_sent(zoe.messages) and zoe.messages


def test_a_consenting_spectators_document_reaches_no_other_connection(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    zoe = sees_hands(app, http, player, code, players)
    max_ = sees_hands(app, http, player, code, players, allowing=2)  # asked too, not allowed by all
    for c in (watcher, zoe, max_):
        c.pump()
    start = {id(c): len(c.messages) for c in players + [watcher, max_]}
    sio = app.extensions["socketio"].server

    def check(step):
        zoe.pump()
        assert zoe.doc["hands"] == all_hands(table), "zoe sees every hand as it is"
        new = max_.pump()
        assert len(new) == 1 and "hands" not in max_.doc and not leaked(new, table.game)
        zoes = next(c for c in table.clients.values() if c.token_hash == hash_token(zoe.token))
        room = zoes.viewer.room
        assert [sid for sid, _ in sio.manager.get_participants("/", room)] == [zoes.sid], \
            "zoe's room holds zoe alone"

    play_round(table, players, watcher, on_step=check)
    for c in players + [watcher, max_]:
        assert not hands_sent(c.messages[start[id(c)]:]), "the hands went to zoe's connection only"
    assert hands_sent(zoe.messages)


def test_a_withdrawn_consent_stops_the_next_patch(app, http, player):
    code, table, players, _ = seat_table(app, http, player)
    zoe = sees_hands(app, http, player, code, players)
    after = {}

    def withdraw_at_ten(step):
        new = zoe.pump()
        if step < 10:
            assert zoe.doc["hands"] == all_hands(table)
        elif step == 10:
            assert players[1].emit("hands_withdraw", {})["ok"]
            for p in players:
                p.pump()
            (patch,) = zoe.pump()
            assert ["d", ["hands"]] in patch["ops"], "the very next patch takes the hands away"
            assert not leaked(patch, table.game)
            after["at"] = patch["v"]
        else:
            assert len(new) == 1 and "hands" not in zoe.doc and not leaked(new, table.game)

    play_round(table, players, on_step=withdraw_at_ten)
    assert after and zoe.doc["sight"]["withdrawn"] == ["Ben"]


def test_a_person_who_sits_down_without_consent_stops_the_hands(app, http, player):
    code, host_token = create_table(http, seed=SEED)
    anna = player("Anna")
    anna.join(code, host_token)
    anna.sit(0)
    assert anna.emit("fill", {"level": "greedy"})["ok"]
    assert anna.emit("start", {})["ok"]
    table = app.extensions["tichu"].registry.get(code)
    zoe = sees_hands(app, http, player, code, [anna])  # bots have no say: Anna's yes is enough
    assert zoe.doc["hands"] == all_hands(table)
    ben = player("Ben")
    ben.join(code)
    assert ben.emit("ask", {"seat": 2, "name": "Ben"})["ok"]
    anna.pump()
    (request,) = anna.doc["you"]["requests"]
    ack = anna.emit("answer", {"request": request[0], "accept": True})
    assert ack["ok"]
    zoe.pump()
    (sat,) = [m for m in zoe.messages if m["v"] == ack["version"]]
    assert ["d", ["hands"]] in sat["ops"], "the very next patch takes the hands away"
    after = [m for m in zoe.messages if m["v"] >= ack["version"]]
    assert zoe.doc["sight"]["waiting"] == ["Ben"] and not leaked(after, table.game)


def test_messages_carry_no_seed_or_tokens(app, http, player):
    code, table, players, _ = seat_table(app, http, player, seed="secret-seed-123")
    play_round(table, players, on_step=lambda step: step < 5)
    texts = [json.dumps(m) for p in players for m in p.messages]
    for text in texts:
        assert "secret-seed-123" not in text
        assert table.host_hash not in text
        for seat in table.seats:
            assert seat.owner not in text
        assert players[1].token not in text


def test_refused_actions_reach_only_their_sender(app, http, player):
    code, table, players, watcher = seat_table(app, http, player, spectator=True)
    everyone = players + [watcher]
    for p in everyone:
        p.pump()
    version, moves = table.version, table.game.version
    before = [len(p.messages) for p in everyone]
    view_before = [view_for(table.game, s) for s in range(4)]
    refusals = [
        (players[0], "act", {"action": {"act": "pass"}}, "not_now"),
        (players[1], "act", {"action": {"act": "play", "cards": "Dr"}}, None),
        (players[2], "act", {"action": {"act": "exchange", "give": {"1": "S2"}}}, "not_now"),
        (players[3], "act", {"action": {"act": "grand", "call": "yes"}}, "bad_action"),
        (players[3], "act", {"action": {"act": "fly"}}, "bad_action"),
        (players[3], "act", {"action": {"act": "pass", "seat": 1}}, "not_your_seat"),
        (players[3], "act", {"action": "pass"}, "bad_request"),
        (players[3], "act", ["not", "an", "object"], "bad_request"),
        (players[3], "act", None, "bad_request"),
        (players[3], "start", {}, "not_host"),
        (players[0], "start", {}, "not_now"),
        (players[2], "sit", {"seat": 1, "name": "X"}, "already_seated"),
        (players[2], "bot", {"seat": 1, "level": "greedy"}, "not_host"),
        (players[0], "bot", {"seat": 1, "level": "greedy"}, "player_present"),
        (players[0], "bot", {"seat": 7, "level": "greedy"}, "bad_request"),
        (players[0], "bot", {"seat": 1, "level": "nonsense"}, "bad_request"),
        (players[0], "free", {"seat": 1}, "not_now"),
        (players[1], "stand", {}, "not_now"),
        (watcher, "act", {"action": {"act": "grand", "call": False}}, "not_seated"),
        (watcher, "new_game", {}, "not_host"),
        (players[1], "act", {"action": {"act": "pass"}, "version": version}, "bad_request"),  # no id
        (players[1], "act", {"action": {"act": "pass"}, "id": "x"}, "bad_request"),  # no version
        (players[1], "act", {"action": {"act": "pass"}, "version": version + 1, "id": "x"}, "bad_request"),
        (players[1], "act", {"action": {"act": "pass"}, "version": True, "id": "x"}, "bad_request"),
        (players[1], "act", {"action": {"act": "pass"}, "version": version, "id": "x" * 65}, "bad_request"),
        (players[1], "act", {"action": {"act": "pass"}, "version": version, "id": 7}, "bad_request"),
    ]
    for n, (p, event, payload, code_expected) in enumerate(refusals):
        if event == "act" and isinstance(payload, dict) and set(payload) == {"action"}:
            payload = {**payload, "version": version, "id": f"refused-{n}"}  # well formed but refused
        ack = p.emit(event, payload)
        assert ack["ok"] is False, (event, payload, ack)
        assert set(ack) == {"ok", "code", "message"} and ack["message"]
        if code_expected:
            assert ack["code"] == code_expected, (event, payload, ack)
    # Unknown events, extra arguments and events with no payload at all are refused the same way.
    assert players[0].emit("fly", {"to": "moon"})["code"] == "bad_request"
    assert players[0].emit("act", {"action": {"act": "pass"}}, "extra")["code"] == "bad_request"
    assert players[0].client.emit("sync", callback=True)["code"] == "bad_request"
    for p, count in zip(everyone, before):
        p.pump()
        assert len(p.messages) == count, "a refusal sends nothing to anybody"
    assert table.version == version and table.game.version == moves
    assert [view_for(table.game, s) for s in range(4)] == view_before


def test_unknown_table_and_wrong_token_are_refused(app, http, player):
    code, host_token = create_table(http)
    stranger = player("Eve")
    assert stranger.emit("join", {"code": "ZZZZZ"})["code"] == "unknown_table"
    assert stranger.emit("join", {"code": code, "token": "forged"})["code"] == "bad_token"
    assert stranger.emit("join", {"code": 42})["code"] == "bad_request"
    assert stranger.emit("act", {"action": {"act": "pass"}})["code"] == "not_joined"
    assert stranger.emit("sit", {"seat": 0, "name": "Eve"})["code"] == "not_joined"
    stranger.pump()
    assert stranger.messages == []
    # The code is case-insensitive; a join without a token is a spectator's.
    ack = stranger.join(code.lower())
    assert ack["ok"] and ack["seat"] is None
    assert stranger.messages[-1]["t"] == "snapshot"


def test_reconnecting_client_gets_a_snapshot_and_continues(app, http, player):
    code, table, players, _ = seat_table(app, http, player)
    reconnected = {}

    def drop_and_return(step):
        if step != 20:
            return
        old = players[2]
        hand = old.view["hand"]
        old.disconnect()
        for p in (players[0], players[1], players[3]):
            p.pump()
            assert p.doc["table"]["seats"][2]["online"] is False
        back = player("Cleo")
        ack = back.join(code, old.token)
        assert ack["ok"] and ack["seat"] == 2
        assert back.messages[0]["t"] == "snapshot", "a new connection starts from a snapshot"
        assert back.view["hand"] == hand
        back.token = old.token
        players[2] = back
        for p in players:
            p.pump()
            assert p.doc["table"]["seats"][2]["online"] is True
        reconnected["at"] = back.version

    play_round(table, players, on_step=drop_and_return)
    assert reconnected, "the reconnection happened mid-round"
    assert table.game.rounds[0].result is not None


def test_sync_gives_a_snapshot_at_the_current_version(app, http, player):
    code, table, players, _ = seat_table(app, http, player)
    ack = players[1].emit("sync", {})
    assert ack == {"ok": True, "version": table.version}
    players[1].pump()
    last = players[1].messages[-1]
    assert last["t"] == "snapshot" and last["v"] == table.version
    assert last["doc"]["game"] == view_for(table.game, 1)


@pytest.mark.parametrize("ruleset,options", [
    ("standard", {"direction": "cw", "grand_tichu": False}),
    ("fifty-two", {}),
])
def test_other_rulesets_play_over_the_socket(app, http, player, ruleset, options):
    code, table, players, _ = seat_table(app, http, player, seed=11, ruleset=ruleset, options=options)
    play_round(table, players)
    assert table.game.rounds[0].result is not None
