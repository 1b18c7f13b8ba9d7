"""A player who comes back (pages/players.py): the browser's key makes a person a player at
the table; once a game is over and archived, their games and statistics answer from the
archive, every figure as the game's record says; bots are never counted as people; a code
takes the player to another device once; "forget me" leaves the games with an anonymous
seat. The key and the player's id never reach another connection."""

from __future__ import annotations

import json

import pytest

from app.engine import Rules, replay
from app.web.table.people import player_id
from tests.web.conftest import create_table
from tests.web.live.test_bots import bot_table, play_with_bots

KEY = "k" * 20 + "-AnnaKey_01"
OTHER_KEY = "o" * 24


def archived_game(app, http, player, key=KEY, club=None):
    """Anna (with `key`) and bots play a short game to its end (at `club`'s table: made with
    Anna's key); the archiver copies it."""
    fields = {"club": club} if club else {}
    table, anna = bot_table(app, http, player, player_key=key, options={"target": 50}, **fields)
    code, hub = table.code, app.extensions["tichu"]
    play_with_bots(hub, table, anna)
    hub.bots.wait_idle(20)
    moved = app.extensions["tichu_archiver"].sweep()
    assert moved["games"] == 1, moved
    return code, table, anna


def figures_from_record(record: dict, seat: int) -> dict:
    """The seat's figures counted from the public record alone (its actions and the replay's
    round summaries), not from the rows the archive keeps."""
    result = replay(record)
    assert result["ok"], result["error"]
    team_of = Rules.of(record["ruleset"], record.get("options")).seating.team_of
    team = team_of[seat]
    out = dict.fromkeys(("points", "tichu_called", "tichu_made", "grand_called", "grand_made", "first_out",
                         "double_victories", "bombs"), 0)
    out["rounds"] = len(result["rounds"])
    for rnd, summary in zip(record["rounds"], result["rounds"], strict=True):
        first = summary["out_order"][0]
        out["points"] += summary["scores"][team]
        out["first_out"] += first == seat
        out["double_victories"] += summary["double_victory"] and team_of[first] == team
        for action in rnd["actions"]:
            if action["seat"] != seat:
                continue
            grand = action["act"] == "grand" and action["call"]
            if grand or action["act"] == "tichu":
                kind = "grand" if grand else "tichu"
                out[f"{kind}_called"] += 1
                out[f"{kind}_made"] += first == seat
            if action["act"] == "play" and is_bomb(action["cards"].split()):
                out["bombs"] += 1
    out["won"] = int(result["winner"] == team)
    return out


def is_bomb(cards: list[str]) -> bool:
    """Four of a rank, or five or more cards of one suit in a row (the standard deck's codes)."""
    if any(c in ("Mj", "Dg", "Ph", "Dr") for c in cards):
        return False
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    values = sorted(ranks.index(c[1:]) for c in cards)
    if len(cards) == 4 and len(set(values)) == 1:
        return True
    return (len(cards) >= 5 and len({c[0] for c in cards}) == 1
            and values == list(range(values[0], values[0] + len(values))))


def test_a_finished_game_counts_for_the_player_as_its_record_says(app, http, player):
    code, table, anna = archived_game(app, http, player)
    stats = http.post("/api/me/statistics", json={"player": KEY}).get_json()
    assert stats["ok"] and stats["name"] == "Anna"
    overall = stats["statistics"]["overall"]
    record = http.get(f"/t/{code}/record.json?game=0").get_json()
    expected = figures_from_record(record, 0)
    assert overall["games"] == 1
    assert overall["won"] == expected["won"] and overall["lost"] == 1 - expected["won"]
    for name in ("rounds", "points", "tichu_called", "tichu_made", "grand_called", "grand_made", "first_out",
                 "double_victories", "bombs"):
        assert overall[name] == expected[name], name
    assert overall["points_per_round"] == round(expected["points"] / expected["rounds"], 1)
    [ruleset] = stats["statistics"]["rulesets"]
    assert (ruleset["ruleset"], ruleset["seats"], ruleset["games"]) == ("standard", 4, 1)
    # Bots are partners by level, never people.
    [partner] = stats["statistics"]["partners"]
    assert partner["partner"] == {"bot": "greedy"} and partner["games"] == 1

    games = http.post("/api/me/games", json={"player": KEY}).get_json()
    [game] = games["games"]
    assert (game["code"], game["game"], game["seat"], game["points"]) == (code, 0, 0, expected["points"])
    assert game["outcome"] == ("won" if expected["won"] else "lost")
    assert game["partners"] == [{"bot": "greedy"}] and game["opponents"] == [{"bot": "greedy"}] * 2


def test_nobody_else_learns_the_key_or_the_player_id(app, http, player):
    code, table, anna = archived_game(app, http, player)
    watcher = player("Ben")
    watcher.join(code)
    everything = json.dumps([anna.doc, watcher.doc, http.get("/api/tables").get_json(),
                             http.get(f"/t/{code}/record.json?game=0").get_json()])
    assert KEY not in everything and player_id(KEY) not in everything
    # Another key sees none of Anna's games.
    other = http.post("/api/me/statistics", json={"player": OTHER_KEY}).get_json()
    assert other["statistics"]["overall"]["games"] == 0


def test_a_code_takes_the_player_to_another_device_once(app, http, player):
    archived_game(app, http, player)
    code = http.post("/api/me/link", json={"player": KEY}).get_json()["code"]
    answer = http.post("/api/me/redeem", json={"code": code.lower()}).get_json()
    assert answer == {"ok": True, "player": KEY}
    again = http.post("/api/me/redeem", json={"code": code}).get_json()
    assert (again["ok"], again["code"]) == (False, "not_found")


def test_forget_me_leaves_the_games_with_an_anonymous_seat(app, http, player):
    code, table, anna = archived_game(app, http, player)
    assert http.post("/api/me/forget", json={"player": KEY}).get_json() == {"ok": True}
    stats = http.post("/api/me/statistics", json={"player": KEY}).get_json()
    assert stats["name"] is None and stats["statistics"]["overall"]["games"] == 0
    assert http.post("/api/me/games", json={"player": KEY}).get_json()["games"] == []
    archive = app.extensions["tichu_archiver"].archive
    rows = archive._query("SELECT player, name, partners, opponents FROM seat_results WHERE code = ?",
                          (code,))
    assert len(rows) == 4 and all(r[0] is None and r[1] is None for r in rows)
    assert not any("Anna" in r[2] + r[3] for r in rows)
    assert archive.game_actions(code, 0)  # the game stays


@pytest.mark.parametrize("body, code", [
    ({"player": "short"}, "bad_player"),
    ({"player": "x" * 20 + "!"}, "bad_player"),
    ({"player": 12345678901234567890}, "bad_player"),
    ({}, "bad_player"),
    ([], "bad_request"),
])
def test_a_bad_request_is_refused_with_its_reason(http, body, code):
    for path in ("/api/me/games", "/api/me/statistics", "/api/me/link", "/api/me/forget"):
        resp = http.post(path, json=body)
        assert resp.status_code == 400 and resp.get_json()["code"] == code, (path, resp.get_json())


def test_an_unknown_code_is_refused(http):
    answer = http.post("/api/me/redeem", json={"code": "ABCD2345"}).get_json()
    assert (answer["ok"], answer["code"]) == (False, "not_found")
    assert http.post("/api/me/redeem", json={"code": 5}).get_json()["code"] == "bad_request"


def test_a_bad_key_at_the_table_is_refused_and_changes_nothing(app, http, player):
    code, _ = create_table(http)
    ben = player("Ben")
    ben.join(code)
    ack = ben.emit("sit", {"seat": 1, "name": "Ben", "player": "no good"})
    assert (ack["ok"], ack["code"]) == (False, "bad_player")
    assert app.extensions["tichu"].registry.get(code).seats[1].owner is None


def test_the_page_is_served(http):
    page = http.get("/me")
    assert page.status_code == 200 and b"js/me.js" in page.data


def test_a_review_at_the_table_counts_in_the_players_progress(app, http, player, monkeypatch):
    from tests.web.live.test_reviews import DEALS, ask_review, play_rounds

    monkeypatch.setenv("TICHU_REVIEW_IDLE", "0")  # as the review tests: a busy machine still serves it
    app.extensions["tichu_reviews"].settings = {"deals": DEALS}
    table, anna = bot_table(app, http, player, player_key=KEY)
    play_rounds(app.extensions["tichu"], table, anna, 1)
    review = ask_review(anna, {"round": 0})["review"]
    ask_review(anna, {"round": 0})  # asked twice: one reviewed round
    progress = http.post("/api/me/statistics", json={"player": KEY}).get_json()["progress"]
    assert progress["rounds"] == 1 and progress["flagged"] == len(review["flags"])
    assert sum(g["decisions"] for g in progress["groups"].values()) == review["decisions"]
    calls = sum(1 for f in review["flags"] if f["kind"] in ("grand", "tichu"))
    assert progress["groups"]["calls"]["flagged"] == calls
    assert progress["trend"] == [{"first": 1, "rounds": 1, "until": progress["trend"][0]["until"],
                                  "flagged_per_round": float(len(review["flags"]))}]
    assert progress["lessons"] == []


def test_a_replay_of_an_archived_tables_game_leaves_the_table_in_the_archive(app, http, player):
    code, table, anna = archived_game(app, http, player)
    live = http.get(f"/t/{code}/record.json?game=0").get_json()
    anna.client.disconnect()
    hub, archiver = app.extensions["tichu"], app.extensions["tichu_archiver"]
    with table.lock:
        hub.registry.forget(table)  # out of memory, as an idle table is
    assert archiver.move_table(code) and hub.registry.store.version(code) == 0  # only archived now
    resp = http.get(f"/t/{code}/record.json?game=0")
    assert resp.status_code == 200 and resp.get_json() == live  # the same record, named the same
    assert 'filename="tichu-' + code + '-1.json"' in resp.headers["Content-Disposition"]
    assert hub.registry.store.version(code) == 0 and code not in hub.registry._tables  # not reopened
    assert http.get(f"/t/{code}/record.json?game=1").get_json()["code"] == "not_found"
