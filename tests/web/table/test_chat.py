"""Table chat over the socket: relayed to players and spectators as data, limited, kept, refused cleanly."""

from __future__ import annotations

from app.web.table.chat import KEEP, TEXT_MAX
from app.web.wire.limits import RULES, Rule
from tests.web.conftest import create_table

BURST = int(RULES["chat"].burst)


def seated_table(http, player):
    code, token = create_table(http)
    host = player("Anna")
    host.join(code, token)
    host.sit(0)
    watcher = player()
    watcher.join(code)
    host.pump()
    return code, host, watcher


def test_a_message_reaches_players_and_spectators_as_text(http, player):
    _, host, watcher = seated_table(http, player)
    text = "<img src=x onerror=alert(1)> hello   there"
    ack = host.emit("chat", {"text": text})
    assert ack["ok"], ack
    host.pump()
    watcher.pump()
    for who in (host, watcher):
        (message,) = who.doc["table"]["chat"]
        assert message["name"] == "Anna" and message["seat"] == 0
        # Kept as the text it is (whitespace collapsed); the browser renders it with textContent.
        assert message["text"] == "<img src=x onerror=alert(1)> hello there"


def test_quick_reactions_and_watchers_with_a_name(http, player):
    _, host, watcher = seated_table(http, player)
    assert host.emit("chat", {"quick": "gg"})["ok"]
    assert watcher.emit("chat", {"quick": "nice"})["code"] == "bad_name"  # a watcher names themselves
    assert watcher.emit("chat", {"quick": "nice", "name": "Zoe"})["ok"]
    host.pump()
    messages = host.doc["table"]["chat"]
    got = [(m["name"], m["seat"], m.get("quick")) for m in messages]
    assert got == [("Anna", 0, "gg"), ("Zoe", None, "nice")]


def test_bad_messages_are_refused_and_change_nothing(http, player):
    _, host, watcher = seated_table(http, player)
    version = host.version
    cases = [
        ({"text": ""}, "chat_empty"),
        ({"text": "   \n\t "}, "chat_empty"),
        ({"text": "x" * (TEXT_MAX + 1)}, "chat_too_long"),
        ({"text": 5}, "bad_request"),
        ({"quick": "insult"}, "bad_request"),
        ({"text": "a", "quick": "gg"}, "bad_request"),
        ({}, "bad_request"),
    ]
    for payload, code in cases:
        ack = host.emit("chat", payload)
        assert ack["ok"] is False and ack["code"] == code, (payload, ack)
    assert host.emit("chat", "text")["code"] == "bad_request"
    assert host.pump() == [] and watcher.pump() == []
    assert host.version == version and host.doc["table"]["chat"] == []
    # The refusals did not use up the sender's allowance.
    for _ in range(BURST):
        assert host.emit("chat", {"text": "hi"})["ok"]


def test_each_connection_is_rate_limited(http, player):
    _, host, watcher = seated_table(http, player)
    for i in range(BURST):
        assert host.emit("chat", {"text": f"m{i}"})["ok"]
    ack = host.emit("chat", {"text": "one too many"})
    assert ack["ok"] is False and ack["code"] == "chat_too_fast"
    assert watcher.emit("chat", {"text": "mine", "name": "Zoe"})["ok"]  # another connection is not limited


def test_only_recent_messages_are_kept(app, http, player):
    app.extensions["tichu_limits"].rules["chat"] = Rule(1000, 1)
    code, host, _ = seated_table(http, player)
    for i in range(KEEP + 5):
        assert host.emit("chat", {"text": f"m{i}"})["ok"]
    host.pump()
    messages = host.doc["table"]["chat"]
    assert len(messages) == KEEP and messages[-1]["text"] == f"m{KEEP + 4}" and messages[0]["text"] == "m5"
    numbers = [m["n"] for m in messages]
    assert numbers == sorted(numbers) and len(set(numbers)) == KEEP


def test_chat_survives_a_restart(app, http, player, tmp_path):
    from app.web.server import create_app

    code, host, _ = seated_table(http, player)
    assert host.emit("chat", {"text": "see you later"})["ok"]
    again = create_app({"TICHU_TESTING": True, "TICHU_DATA_DIR": str(tmp_path / "tables"),
                        "TICHU_GC_TUNE": False})
    try:
        table = again.extensions["tichu"].registry.get(code)
        assert [m["text"] for m in table.chat.recent()] == ["see you later"]
        table.chat.add(seat=0, name="Anna", text="next")
        assert table.chat.recent()[-1]["n"] == 2  # numbering goes on
    finally:
        again.extensions["tichu"].bots.stop()


def test_chat_needs_a_joined_table(http, player):
    stranger = player()
    assert stranger.emit("chat", {"text": "hello"})["code"] == "not_joined"
