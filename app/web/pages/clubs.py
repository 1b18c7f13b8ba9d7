"""Clubs: a group of people who play together, joined by a link (store/archive/clubs.py).

As with a player's own games (players.py), the player's key travels in a POST body. A
club's page is for its members: its standings, partnerships, head-to-head and last games;
the invite link is shown to members, and opening it joins. A member makes a club table
(`POST /api/tables` with `club` and `player`, routes.py), whose games count for the club.

- `POST /api/clubs` {player, name}: a new club, the player its first member
- `POST /api/clubs/mine` {player}: the player's clubs
- `POST /api/clubs/join` {player, invite}: join by the invite of a link
- `POST /api/clubs/<id>` {player}: a member's view of the club: standings and the rest
- `POST /api/clubs/<id>/leave` {player}
- `GET /club/<id>`, `GET /club/join/<invite>`: the pages
"""

from __future__ import annotations

import time

from flask import Blueprint, g, render_template

from ..errors import Refused
from ..store.archive.clubs import NAME_MAX, ClubRecords
from ..table.people import clean_name
from .players import answer, player_of
from .routes import page_config

clubs = Blueprint("clubs", __name__)


def _answer(work):
    return answer(work, ClubRecords)


def _member(records: ClubRecords, club_id, player: str) -> dict:
    club = records.club(club_id) if isinstance(club_id, str) and len(club_id) <= 40 else None
    if club is None or not records.is_member(club["id"], player):
        raise Refused("not_member", "this club's page is for its members: open its invite link to join")
    return club


@clubs.post("/api/clubs")
def create_club():
    def work(records, data):
        player = player_of(data)
        name = clean_name(data.get("name"), NAME_MAX, "club name")
        return {"club": records.create(name, player, time.time())}
    return _answer(work)


@clubs.post("/api/clubs/mine")
def my_clubs():
    return _answer(lambda records, data: {"clubs": records.clubs_of(player_of(data))})


@clubs.post("/api/clubs/join")
def join_club():
    def work(records, data):
        player = player_of(data)
        invite = data.get("invite")
        club = records.by_invite(invite) if isinstance(invite, str) and len(invite) <= 40 else None
        if club is None:
            raise Refused("not_found", "this invite link is unknown: ask a member for the club's link")
        records.join(club["id"], player, time.time())
        return {"club": club}
    return _answer(work)


@clubs.post("/api/clubs/<club_id>")
def club_standings(club_id):
    def work(records, data):
        club = _member(records, club_id, player_of(data))
        return {"club": club, **records.standings(club["id"])}
    return _answer(work)


@clubs.post("/api/clubs/<club_id>/leave")
def leave_club(club_id):
    def work(records, data):
        player = player_of(data)
        club = _member(records, club_id, player)
        records.leave(club["id"], player)
        return {}
    return _answer(work)


@clubs.get("/club/<club_id>")
def club_page(club_id):
    g.page = "club"
    return render_template("club.html", config=page_config(club=club_id[:40]))


@clubs.get("/club/join/<invite>")
def join_page(invite):
    g.page = "club"
    return render_template("club.html", config=page_config(invite=invite[:40]))
