"""One message per audience: connections that read the same document share a room.

Every connection still sees each version exactly once, in order, and holds what
a fresh snapshot would give it, also when it changes audience (sits down, stands
up) or opens the same seat twice.
"""

from __future__ import annotations

from tests.web.conftest import create_table
from tests.web.policy import next_action
from tests.web.server.test_play import SEED


def assert_in_line(players, version):
    """Each connection holds `version` and exactly the document a snapshot gives it now."""
    for p in players:
        p.pump()
        assert p.version == version, (p.name, p.version, version)
        held = p.doc
        assert p.emit("sync", {}) == {"ok": True, "version": version}
        p.pump()
        assert p.messages[-1]["t"] == "snapshot"
        assert held == p.doc, p.name


def count_state_emits(hub):
    """Wrap the hub's emit: the list fills with the target of each `state` message."""
    targets = []
    emit = hub.emit

    def counting(to, event, data):
        if event == "state":
            targets.append(to)
        emit(to, event, data)

    hub.emit = counting
    return targets


def test_audiences_share_one_message_and_every_connection_stays_in_line(app, http, player, hub):
    code, host_token = create_table(http, seed=SEED)
    anna, anna_tab, ben, cleo, dan = (player(n) for n in ("Anna", "Anna", "Ben", "Cleo", "Dan"))
    watchers = [player(), player()]
    anna.join(code, host_token)
    anna.token = host_token
    for p in (ben, cleo, dan, *watchers):
        assert p.join(code)["ok"]
    assert anna.sit(0)["ok"]
    anna_tab.join(code, host_token)  # the same person in a second tab: the same seat
    everyone = [anna, anna_tab, ben, cleo, dan, *watchers]
    table = hub.registry.get(code)
    assert_in_line(everyone, table.version)

    # Watchers sit down one by one: each changes audience in the same change that seats it.
    for seat, p in ((1, ben), (2, cleo), (3, dan)):
        assert p.sit(seat)["ok"]
        assert_in_line(everyone, table.version)
        assert p.doc["you"]["seat"] == seat and p.doc["table"]["seats"][seat]["name"] == p.name
    assert ben.emit("stand", {})["ok"]  # and back to watching
    assert_in_line(everyone, table.version)
    assert ben.doc["you"]["seat"] is None
    assert ben.sit(1)["ok"]

    assert anna.emit("start", {})["ok"]
    assert_in_line(everyone, table.version)
    seated = [anna, ben, cleo, dan]
    targets = count_state_emits(hub)
    for _ in range(12):  # Grand Tichu calls, the exchange, the first plays
        views = [p.view for p in seated]
        seat, action = next_action(views, bombed=True)
        before = len(targets)
        assert seated[seat].act(**action)["ok"], action
        # Four seats and the watchers: five audiences, one message each, for eight connections.
        assert len(targets) - before == 5, targets[before:]
        assert_in_line(everyone, table.version)
    assert anna.doc == anna_tab.doc and watchers[0].doc == watchers[1].doc
    assert anna.view["hand"] and watchers[0].view["hand"] is None


def test_a_connection_that_leaves_hears_nothing_more(app, http, player, hub):
    code, host_token = create_table(http, seed=SEED)
    anna, ben = player("Anna"), player("Ben")
    anna.join(code, host_token)
    anna.token = host_token
    assert anna.sit(0)["ok"]
    ben.join(code)
    other, _ = create_table(http, host_name="Cleo")
    assert ben.join(other)["ok"]  # one table per connection: it leaves the first one's room
    ben.pump()
    assert ben.doc["table"]["code"] == other
    assert anna.emit("chat", {"text": "still there?"})["ok"]
    assert ben.pump() == []
