"""A player who comes back: their games, their statistics, another device, forgetting them.

No accounts: a player is a key their browser made on the first visit (store.js) and sends
when it sits down; the server keeps only its hash (table/people.py `player_id`). The key is
a secret, so it travels in the body of a POST, never in an address (which logs and
histories keep). Everything is read from the archive (store/archive/players.py): a game
counts from the moment it is archived, within a minute of its end.

- `POST /api/me/games` {player, before?}: the player's games, newest first
- `POST /api/me/statistics` {player}: overall, per ruleset, per partner, the trend, and the
  progress with the coach (rounds reviewed at the table, flagged decisions by kind, lessons)
- `POST /api/me/link` {player}: a short code for another device (15 minutes, once)
- `POST /api/me/redeem` {code}: the key a code stands for (the other device keeps it)
- `POST /api/me/forget` {player}: delete the player (their games stay, their seat anonymous)
- `GET /me`: the page that shows all of it
"""

from __future__ import annotations

import time

from flask import Blueprint, current_app, g, jsonify, render_template, request

from ..errors import Refused
from ..store import StoreUnavailable
from ..store.archive.players import PlayerRecords
from ..store.archive.progress import CoachProgress
from ..table.people import player_id
from .routes import page_config

players = Blueprint("players", __name__)

GAMES_PER_PAGE = 50


def archive():
    """The archive players and clubs are kept in (None: this server keeps no games)."""
    archiver = current_app.extensions.get("tichu_archiver")
    return archiver.archive if archiver is not None else None


def _refuse(code: str, message: str, status: int = 400):
    return jsonify(ok=False, code=code, message=message), status


def _body() -> dict | None:
    data = request.get_json(silent=True)
    return data if isinstance(data, dict) else None


def answer(work, records_of=PlayerRecords):
    """Run `work(records, data)` for a request (`records`: `records_of(the archive)`): refused
    where the body is no object, the address is over its limit, or the server keeps no games;
    503 when the archive is down."""
    try:
        current_app.extensions["tichu_limits"].charge("records_address", address=request.remote_addr)
    except Refused as exc:
        return jsonify(exc.ack()), 429
    data = _body()
    if data is None:
        return _refuse("bad_request", "send a JSON object")
    kept = archive()
    if kept is None:
        return _refuse("not_kept", "this server keeps no finished games", 404)
    try:
        return jsonify(ok=True, **work(records_of(kept), data))
    except Refused as exc:
        return jsonify(exc.ack()), 400
    except StoreUnavailable as exc:
        current_app.logger.warning("players: %s", exc)
        return _refuse("unavailable", "the games' archive does not answer; try again soon", 503)


def player_of(data: dict) -> str:
    player = player_id(data.get("player"))
    if player is None:
        raise Refused("bad_player", "send the player key ('player')")
    return player


@players.post("/api/me/games")
def my_games():
    def work(records, data):
        before = data.get("before")
        if before is not None and not isinstance(before, (int, float)):
            raise Refused("bad_request", "'before' is a time in seconds")
        player = player_of(data)
        return {"name": records.name(player), "games": records.games(player, GAMES_PER_PAGE, before)}
    return answer(work)


@players.post("/api/me/statistics")
def my_statistics():
    def work(records, data):
        player = player_of(data)
        return {"name": records.name(player), "statistics": records.statistics(player),
                "progress": CoachProgress(records.archive).progress(player)}
    return answer(work)


@players.post("/api/me/link")
def link_device():
    def work(records, data):
        player_of(data)  # a valid key, or refused
        return {"code": records.link(data["player"], time.time())}
    return answer(work)


@players.post("/api/me/redeem")
def redeem_link():
    def work(records, data):
        code = data.get("code")
        if not isinstance(code, str) or not 4 <= len(code) <= 20:
            raise Refused("bad_request", "send the code shown on your other device ('code')")
        key = records.redeem(code, time.time())
        if key is None:
            raise Refused("not_found", "this code is unknown or has expired: make a new one")
        return {"player": key}
    return answer(work)


@players.post("/api/me/forget")
def forget_me():
    def work(records, data):
        records.forget(player_of(data), time.time(), key=data["player"])
        return {}
    return answer(work)


@players.get("/me")
def me_page():
    g.page = "me"
    return render_template("me.html", config=page_config())
