"""Clubs in the archive (store/archive/clubs.py) on SQLite and PostgreSQL: standings count the
club's members in the club's games only, partnerships and head-to-head pair members, a
member who leaves leaves the standings, and no player id is ever in what a page is sent."""

from __future__ import annotations

import json

from app.web.store.archive.clubs import ClubRecords
from app.web.store.archive.players import PlayerRecords
from tests.web.store.test_players import NOW, row

ANNA, BEN, CARL, DORA, EVE = ("a" * 64, "b" * 64, "c" * 64, "d" * 64, "e" * 64)
PEOPLE = {ANNA: "Anna", BEN: "Ben", CARL: "Carl", DORA: "Dora", EVE: "Eve"}


def seat(code, game, s, who, outcome, club, partner, opponents, points):
    holder = lambda p: [p, PEOPLE.get(p), None if p else "hard"]  # noqa: E731
    out = row(code, game, s, who, PEOPLE.get(who), bot=None if who else "hard", outcome=outcome,
              points=points, partners=[holder(partner)], opponents=[holder(o) for o in opponents])
    out.club = club
    return out


def a_club(archive):
    clubs = ClubRecords(archive)
    for player, name in PEOPLE.items():
        PlayerRecords(archive).seen(player, name, NOW)
    club = clubs.create("Friday Tichu", ANNA, NOW)
    for player in (BEN, CARL, DORA):
        clubs.join(club["id"], player, NOW)
    # Anna & Ben beat Carl & Dora at a club table; Anna & Eve (not a member) beat two bots at
    # another club table; and Anna plays a game at no club's table.
    archive.put("CLUB1", {0: [{"n": 1}]}, results={0: [
        seat("CLUB1", 0, 0, ANNA, "won", club["id"], BEN, [CARL, DORA], 300),
        seat("CLUB1", 0, 2, BEN, "won", club["id"], ANNA, [CARL, DORA], 300),
        seat("CLUB1", 0, 1, CARL, "lost", club["id"], DORA, [ANNA, BEN], 100),
        seat("CLUB1", 0, 3, DORA, "lost", club["id"], CARL, [ANNA, BEN], 100)]})
    archive.put("CLUB2", {0: [{"n": 1}]}, results={0: [
        seat("CLUB2", 0, 0, ANNA, "won", club["id"], EVE, [None, None], 200),
        seat("CLUB2", 0, 2, EVE, "won", club["id"], ANNA, [None, None], 200),
        seat("CLUB2", 0, 1, None, "lost", club["id"], None, [ANNA, EVE], 0),
        seat("CLUB2", 0, 3, None, "lost", club["id"], None, [ANNA, EVE], 0)]})
    archive.put("OTHER", {0: [{"n": 1}]}, results={0: [
        seat("OTHER", 0, 0, ANNA, "lost", None, BEN, [CARL, DORA], -100)]})
    return clubs, club


def test_standings_count_members_in_the_clubs_games(archive):
    clubs, club = a_club(archive)
    standings = clubs.standings(club["id"])
    by_name = {m["name"]: m for m in standings["standings"]}
    assert set(by_name) == {"Anna", "Ben", "Carl", "Dora"}  # Eve is no member; bots nobody
    assert (by_name["Anna"]["games"], by_name["Anna"]["won"], by_name["Anna"]["points"]) == (2, 2, 500)
    assert (by_name["Carl"]["games"], by_name["Carl"]["won"]) == (1, 0)
    assert standings["standings"][0]["name"] == "Anna"  # most games won first
    assert standings["members"] == 4
    pairs = sorted(standings["partnerships"], key=lambda p: sorted(p["names"]))
    assert [(sorted(p["names"]), p["games"], p["won"]) for p in pairs] == [
        (["Anna", "Ben"], 1, 1), (["Carl", "Dora"], 1, 0)]  # Anna & Eve: Eve is no member
    facing = {tuple(sorted(p["names"])): p for p in standings["head_to_head"]}
    assert set(facing) == {("Anna", "Carl"), ("Anna", "Dora"), ("Ben", "Carl"), ("Ben", "Dora")}
    anna_carl = facing[("Anna", "Carl")]
    assert anna_carl["games"] == 1 and sorted(anna_carl["won"]) == [0, 1]
    assert sorted(g["code"] for g in standings["games"]) == ["CLUB1", "CLUB2"]  # not OTHER
    assert not any(p in json.dumps(standings) for p in PEOPLE)  # names only, never an id


def test_a_member_who_leaves_leaves_the_standings(archive):
    clubs, club = a_club(archive)
    assert "Carl" in {m["name"] for m in clubs.standings(club["id"])["standings"]}  # counted and kept
    clubs.leave(club["id"], CARL)
    assert not clubs.is_member(club["id"], CARL)
    names = {m["name"] for m in clubs.standings(club["id"])["standings"]}
    assert names == {"Anna", "Ben", "Dora"}
    assert [c["name"] for c in clubs.clubs_of(ANNA)] == ["Friday Tichu"] and clubs.clubs_of(CARL) == []


def test_an_invite_finds_its_club_and_nothing_else(archive):
    clubs, club = a_club(archive)
    assert clubs.by_invite(club["invite"])["id"] == club["id"]
    assert clubs.by_invite(club["id"]) is None and clubs.club("nope") is None
    clubs.join(club["id"], BEN, NOW)  # joining twice is one membership
    assert clubs.clubs_of(BEN)[0]["members"] == 4
