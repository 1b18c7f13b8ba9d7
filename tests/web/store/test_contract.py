"""The store contract (app/web/store/base.py), checked the same way for every implementation."""

from __future__ import annotations

import threading

import pytest

from app.web.store import Change, StoreError, VersionConflict

META = {"format": "x", "name": "Friday ☕", "seats": [{"name": "Anna", "owner": "ab12", "bot": None}],
        "settings": {"tracker": True}, "chat": [{"n": 1, "text": "hi <b>"}],
        "extra": {"deep": {"a": [1, 2.5]}}}
SUMMARY = {"code": "ABCDE", "status": "waiting", "free": 3}


def first(version=1, **fields) -> Change:
    return Change(version, fields.pop("updated", 1000.0), fields.pop("listed", True),
                  fields.pop("meta", META), fields.pop("summary", SUMMARY), fields.pop("actions", ()))


def test_a_commit_at_version_zero_creates_the_table(store):
    assert store.load("ABCDE") is None and store.version("ABCDE") == 0
    store.commit("ABCDE", 0, first(updated=1234.5))
    got = store.load("ABCDE")
    assert (got.code, got.version, got.updated, got.listed) == ("ABCDE", 1, 1234.5, True)
    assert got.meta == META and got.summary == SUMMARY
    assert got.game is None and got.actions == [] and got.damaged is None
    assert store.version("ABCDE") == 1


def test_a_table_is_created_once(store):
    store.commit("ABCDE", 0, first())
    with pytest.raises(VersionConflict):
        store.commit("ABCDE", 0, first(meta={"other": 1}))
    assert store.load("ABCDE").meta == META


def test_a_commit_at_another_version_changes_nothing(store):
    store.commit("ABCDE", 0, first(actions=[(0, {"act": "grand"})]))
    for expected in (0, 2, 7):
        with pytest.raises(VersionConflict) as info:
            store.commit("ABCDE", expected,
                         Change(9, 2000.0, False, {"x": 1}, {"y": 2}, [(0, {"act": "no"})]))
        assert info.value.actual == 1 and info.value.expected == expected
    got = store.load("ABCDE")
    assert (got.version, got.updated, got.listed, got.meta, got.summary) == (1, 1000.0, True, META, SUMMARY)
    assert got.actions == [{"act": "grand"}]


def test_meta_and_summary_left_out_are_kept(store):
    store.commit("ABCDE", 0, first())
    store.commit("ABCDE", 1, Change(2, 1001.0, True, None, None, [(0, {"a": 1})]))
    got = store.load("ABCDE")
    assert got.version == 2 and got.updated == 1001.0 and got.meta == META and got.summary == SUMMARY
    store.commit("ABCDE", 2, Change(5, 1002.0, False, {"new": True}, None))
    got = store.load("ABCDE")
    assert got.version == 5 and not got.listed and got.meta == {"new": True} and got.summary == SUMMARY


def test_actions_are_kept_in_order_per_game(store):
    store.commit("ABCDE", 0, first(actions=[(0, {"i": 0}), (0, {"i": 1})]))
    store.commit("ABCDE", 1, Change(2, 1.0, True, actions=[(0, {"i": 2})]))
    store.commit("ABCDE", 2, Change(3, 2.0, True, actions=[(0, {"i": 3}), (1, {"j": 0})]))
    store.commit("ABCDE", 3, Change(4, 3.0, True, actions=[(1, {"j": 1})]))
    assert store.game_actions("ABCDE", 0) == [{"i": i} for i in range(4)]
    assert store.game_actions("ABCDE", 1) == [{"j": 0}, {"j": 1}]
    assert store.game_actions("ABCDE", 2) == [] and store.game_actions("NOPE1", 0) == []
    got = store.load("ABCDE")
    assert got.game == 1 and got.actions == [{"j": 0}, {"j": 1}]


def test_documents_are_copies(store):
    meta = {"seats": [{"name": "Anna"}]}
    action = {"act": "pass"}
    store.commit("ABCDE", 0, first(meta=meta, actions=[(0, action)]))
    meta["seats"][0]["name"] = "changed after the commit"
    action["act"] = "changed"
    got = store.load("ABCDE")
    assert got.meta == {"seats": [{"name": "Anna"}]} and got.actions == [{"act": "pass"}]
    got.meta["seats"].clear()
    got.actions.clear()
    again = store.load("ABCDE")
    assert again.meta == {"seats": [{"name": "Anna"}]} and again.actions == [{"act": "pass"}]


def test_what_is_not_json_is_refused_and_nothing_changes(store):
    store.commit("ABCDE", 0, first())
    with pytest.raises((TypeError, ValueError, StoreError)):
        store.commit("ABCDE", 1, Change(2, 5.0, True, {"bad": {1, 2}}, None, [(0, {"a": 1})]))
    got = store.load("ABCDE")
    assert got.version == 1 and got.meta == META and got.actions == []


def test_tables_are_listed_newest_first(store):
    for i, (code, listed) in enumerate([("AAAAA", True), ("BBBBB", False), ("CCCCC", True)]):
        store.commit(code, 0, first(updated=100.0 + i, listed=listed, summary={"n": i}))
    store.commit("AAAAA", 1, Change(2, 500.0, True))
    rows = store.list_tables()
    assert [r.code for r in rows] == ["AAAAA", "CCCCC", "BBBBB"]
    assert [(r.version, r.updated, r.listed, r.summary) for r in rows][0] == (2, 500.0, True, {"n": 0})
    assert [r.code for r in store.list_tables(listed_only=True)] == ["AAAAA", "CCCCC"]
    assert [r.code for r in store.list_tables(limit=2)] == ["AAAAA", "CCCCC"]


def test_a_damaged_table_is_kept_and_says_so(store):
    store.commit("ABCDE", 0, first(actions=[(0, {"i": 0})]))
    store.mark_damaged("ABCDE", "game 1, action 1 no longer replays")
    got = store.load("ABCDE")
    assert got.damaged == "game 1, action 1 no longer replays"
    assert got.meta == META and got.actions == [{"i": 0}] and got.version == 1
    assert [r.damaged for r in store.list_tables()] == ["game 1, action 1 no longer replays"]


def test_delete_and_purge(store):
    store.commit("OLDER", 0, first(updated=10.0, actions=[(0, {"i": 0})]))
    store.commit("NEWER", 0, first(updated=20.0))
    assert store.purge(15.0) == ["OLDER"]
    assert store.load("OLDER") is None and store.game_actions("OLDER", 0) == []
    assert store.version("OLDER") == 0
    store.delete("NEWER")
    assert store.list_tables() == []
    store.commit("OLDER", 0, first())  # a code is free again once deleted
    assert store.load("OLDER").actions == []


def test_two_writers_at_one_version_exactly_one_wins(store):
    store.commit("ABCDE", 0, first())
    outcomes = []
    start = threading.Barrier(8)

    def writer(i):
        start.wait()
        try:
            store.commit("ABCDE", 1, Change(2, 2.0, True, {"writer": i}, None, [(0, {"writer": i})]))
            outcomes.append(("won", i))
        except VersionConflict:
            outcomes.append(("lost", i))

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    winners = [i for what, i in outcomes if what == "won"]
    assert len(outcomes) == 8 and len(winners) == 1
    got = store.load("ABCDE")
    assert got.meta == {"writer": winners[0]} and got.actions == [{"writer": winners[0]}]


def test_text_utf8_cannot_encode_is_stored_and_read_back_whole(store):
    # A lone surrogate reaches a document only by a path the door missed; the store must
    # still keep the change whole (never half), and the next change must go through.
    odd = {**META, "chat": [{"n": 1, "text": "half \ud83d emoji"}]}
    store.commit("ABCDE", 0, first(meta=odd, actions=[(0, {"act": "pass", "note": "\udfff"})]))
    got = store.load("ABCDE")
    assert got.meta == odd and got.actions == [{"act": "pass", "note": "\udfff"}]
    store.commit("ABCDE", 1, first(2, meta=META))
    assert store.load("ABCDE").meta == META and store.version("ABCDE") == 2


def test_a_finished_games_log_is_dropped_but_never_the_latest(store):
    store.commit("ABCDE", 0, first(actions=[(0, {"n": 1}), (1, {"n": 2}), (2, {"n": 3})]))
    store.drop_game("ABCDE", 0)
    store.drop_game("ABCDE", 2)  # the latest game: kept
    assert store.game_actions("ABCDE", 0) == []
    assert store.game_actions("ABCDE", 1) == [{"n": 2}]
    got = store.load("ABCDE")
    assert (got.game, got.actions, got.version) == (2, [{"n": 3}], 1)


def test_a_table_is_deleted_only_at_the_version_it_moved_at(store):
    store.commit("ABCDE", 0, first(actions=[(0, {"n": 1})]))
    store.commit("ABCDE", 1, Change(2, 1001.0, True, actions=[(0, {"n": 2})]))
    assert store.delete_if("ABCDE", 1) is False  # changed since: kept whole
    assert store.load("ABCDE").actions == [{"n": 1}, {"n": 2}]
    assert store.delete_if("ABCDE", 2) is True
    assert store.load("ABCDE") is None and store.game_actions("ABCDE", 0) == []
    assert [t.code for t in store.list_tables()] == []
    assert store.delete_if("ABCDE", 2) is False
