"""Clubs over HTTP (pages/clubs.py): made by a player, joined by the invite in a link, seen by
members only; a club table is made by a member, and its finished games count in the club's
standings; bad requests are refused with their reason."""

from __future__ import annotations

from tests.web.pages.test_players import KEY, OTHER_KEY, archived_game

BEN_KEY = "b" * 30


def post(http, path, **body):
    return http.post(path, json=body).get_json()


def test_a_club_table_counts_its_game_for_the_club(app, http, player):
    club = post(http, "/api/clubs", player=KEY, name="  Friday   Tichu ")["club"]
    assert club["name"] == "Friday Tichu"
    assert post(http, "/api/clubs/join", player=BEN_KEY, invite=club["invite"])["club"]["id"] == club["id"]
    code, table, anna = archived_game(app, http, player, club=club["id"])
    assert table.extra["club"] == club["id"]
    seen = post(http, f"/api/clubs/{club['id']}", player=BEN_KEY)
    assert seen["ok"] and seen["members"] == 2
    [anna_row] = seen["standings"]  # Ben has played no club game; bots are nobody
    assert anna_row["name"] == "Anna" and anna_row["games"] == 1
    assert [g["code"] for g in seen["games"]] == [code]
    mine = post(http, "/api/clubs/mine", player=BEN_KEY)["clubs"]
    assert [(c["name"], c["members"]) for c in mine] == [("Friday Tichu", 2)]
    # The game counts for Anna herself too, with its club.
    assert post(http, "/api/me/games", player=KEY)["games"][0]["club"] == club["id"]


def test_only_members_see_a_club_or_make_its_tables(http):
    club = post(http, "/api/clubs", player=KEY, name="Friday")["club"]
    refused = post(http, f"/api/clubs/{club['id']}", player=OTHER_KEY)
    assert (refused["ok"], refused["code"]) == (False, "not_member")
    resp = http.post("/api/tables", json={"host_name": "Otto", "club": club["id"], "player": OTHER_KEY})
    assert resp.status_code == 400 and resp.get_json()["code"] == "not_member"
    resp = http.post("/api/tables", json={"host_name": "Anna", "club": club["id"]})  # no key
    assert resp.status_code == 400 and resp.get_json()["code"] == "not_member"
    assert post(http, "/api/clubs/join", player=OTHER_KEY, invite="wrong")["code"] == "not_found"
    assert post(http, f"/api/clubs/{club['id']}/leave", player=OTHER_KEY)["code"] == "not_member"
    assert post(http, f"/api/clubs/{club['id']}/leave", player=KEY) == {"ok": True}
    assert post(http, f"/api/clubs/{club['id']}", player=KEY)["code"] == "not_member"


def test_a_bad_club_request_is_refused_with_its_reason(http):
    assert post(http, "/api/clubs", player=KEY, name="")["code"] == "bad_name"
    assert post(http, "/api/clubs", player=KEY, name="x" * 41)["code"] == "bad_name"
    assert post(http, "/api/clubs", player=KEY, name=7)["code"] == "bad_request"
    assert post(http, "/api/clubs", name="Friday")["code"] == "bad_player"
    assert post(http, "/api/clubs/join", player=KEY, invite=["x"])["code"] == "not_found"
    assert post(http, "/api/clubs/" + "x" * 60, player=KEY)["code"] == "not_member"


def test_the_club_pages_are_served(http):
    for path in ("/club/abc", "/club/join/xyz"):
        page = http.get(path)
        assert page.status_code == 200 and b"js/club.js" in page.data
