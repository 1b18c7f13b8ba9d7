"""Spectators who see the hands across processes: the ask, the answers and a withdrawal are the
table's (stored in Redis), and the hands go to the consenting watcher's room alone."""

from __future__ import annotations

from .clients import Seat, close_all
from .fixtures import create_table


def test_consent_and_withdrawal_across_processes(apps):
    a, b = apps(2)
    code, token = create_table(a.base, seed=7)
    anna = Seat(a.base, "Anna").connect()
    anna.join(code, token)
    assert anna.sit(0)["ok"]
    ben = Seat(b.base, "Ben").connect()
    ben.join(code)
    assert ben.sit(1)["ok"]
    for seat in (2, 3):
        assert anna.call("bot", {"seat": seat, "level": "greedy"})["ok"]
    assert anna.call("start")["ok"]
    zoe = Seat(b.base, "Zoe").connect()
    zoe.join(code)
    max_ = Seat(a.base, "Max").connect()  # watches, asks nothing
    max_.join(code)
    ack = zoe.call("see_hands", {"name": "Zoe"})
    assert ack["ok"] and ack["token"]
    doc = anna.wait(lambda d: d.get("sight") and d["sight"]["asks"], what="Zoe's ask on Anna's page")
    ((watch_id, name, answer, sees),) = doc["sight"]["asks"]
    assert (name, answer, sees) == ("Zoe", None, False)
    for player in (anna, ben):
        assert player.call("hands_answer", {"watcher": watch_id, "allow": True})["ok"]
    doc = zoe.wait(lambda d: "hands" in d, what="the hands on Zoe's page")
    assert doc["sight"]["sees"] and len(doc["hands"]) == 4 and all(len(h) >= 8 for h in doc["hands"])
    doc = max_.wait(lambda d: d["table"].get("hands_seen_by") == ["Zoe"], what="who sees the hands")
    assert "hands" not in doc and "sight" not in doc
    assert "hands" not in anna.wait(lambda d: d["table"].get("hands_seen_by"), what="Zoe seeing")
    # Anna withdraws on her process: Zoe, on the other, loses the hands.
    assert anna.call("hands_withdraw")["ok"]
    doc = zoe.wait(lambda d: "hands" not in d, what="the hands gone")
    assert doc["sight"]["withdrawn"] == ["Anna"]
    # Zoe comes back on the other process with her token: the table remembers her ask.
    zoe.close()
    back = Seat(a.base, "Zoe").connect()
    back.join(code, ack["token"])
    doc = back.wait(lambda d: d.get("sight"), what="Zoe's ask after reconnecting")
    assert doc["sight"]["withdrawn"] == ["Anna"] and "hands" not in doc
    assert ben.call("hands_answer", {"watcher": watch_id, "allow": False})["ok"]
    assert anna.call("hands_answer", {"watcher": watch_id, "allow": True})["ok"]
    doc = back.wait(lambda d: d["sight"]["withdrawn"] == ["Ben"], what="Ben's withdrawal")
    assert "hands" not in doc
    close_all([anna, ben, max_, back])
