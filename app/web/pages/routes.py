"""Pages and JSON endpoints: the lobby, the table page, creating and listing tables, records.

A Blueprint of view functions; like the socket events, they read the app's hub and limits
from `current_app.extensions` (server.py puts them there), so nothing is captured by a
closure and every route can be read on its own.
"""

from __future__ import annotations

import functools
import json
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, g, jsonify, redirect, render_template, request
from flask_babel import get_locale, gettext
from jinja2.utils import htmlsafe_json_dumps

from app.engine import RULESETS, Rules

from ..store import StoreUnavailable
from ..store.archive.clubs import ClubRecords
from ..table import lesson
from ..table.bot_seats import default_level
from ..table.people import player_id
from ..table.table import CHOICES, SETTINGS, Refused
from . import i18n

MOST_PLAYERS = 16  # the `players` values the lobby offers are those the ruleset accepts up to this

pages = Blueprint("pages", __name__)


def _step(describe: str) -> int:
    for step in (50, 3):
        if f"multiple of {step}" in describe:
            return step
    return 1


def ruleset_forms() -> list[dict]:
    """The rulesets and their options as data for the lobby's form (labels live in the JS), with
    how many people play (`players`: the counts offered; the Trichu Table is nobody's seat)."""
    forms = []
    for ruleset in RULESETS.values():
        options = []
        players = [len(Rules.of(ruleset.name).seating.players)]
        for opt in ruleset.options.values():
            choices = list(opt.choices)
            if opt.name == "players":  # the counts the engine accepts, as a choice
                choices = players = [n for n in range(1, MOST_PLAYERS + 1) if opt.check(n)]
            options.append({
                "name": opt.name,
                "default": opt.default,
                "choices": choices,
                "describe": opt.describe,
                "step": _step(opt.describe),
            })
        forms.append({"name": ruleset.name, "options": options, "players": players})
    return forms


def _hub():
    return current_app.extensions["tichu"]


def page_config(**extra) -> dict:
    """What every page's script is given. Rendered with `tojson`, which escapes "<" and "&": a
    table's name cannot end the script."""
    return {"testing": bool(current_app.config["TICHU_TESTING"]), **extra}


def lobby_config(**extra) -> dict:
    settings = {**SETTINGS, "bomb_window": _hub().registry.bomb_window}  # the server's default
    return page_config(rulesets=ruleset_forms(), settings=settings, choices=CHOICES, **extra)


# Like `tojson` (safe inside <script>: "<", ">", "&" and "'" are escaped), without spaces.
_compact = functools.partial(json.dumps, separators=(",", ":"), ensure_ascii=False)


@pages.app_template_filter("tojson_compact")
def tojson_compact(value):
    return htmlsafe_json_dumps(value, dumps=_compact)


@pages.before_app_request
def refuse_null_bytes():
    # No path of ours holds a NUL; the filesystem would raise on it (a 500 and a traceback).
    if "\x00" in request.path:
        abort(404)


@pages.app_context_processor
def language():
    lang = str(get_locale() or i18n.DEFAULT)
    # The table page's messages only where a table is shown: "no such table" is the lobby page.
    page = getattr(g, "page", None) or {"replay.replay_page": "replay"}.get(request.endpoint, "lobby")
    return {"lang": lang, "languages": i18n.LANGUAGES, "i18n": i18n.page_i18n(lang, page)}


@pages.get("/lang/<code>")
def switch_language(code):
    """The language switch: remember the choice in a cookie and go back to the page."""
    target = request.args.get("next") or "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target[1:2] in ("/", "\\"):
        target = "/"  # only pages of this site
    response = redirect(target)
    if code in i18n.LANGUAGES:
        response.set_cookie(i18n.COOKIE, code, max_age=365 * 86400, samesite="Lax")
    return response


@pages.get("/")
def lobby():
    return render_template("lobby.html", config=lobby_config())


@pages.get("/t/<code>")
def table_page(code):
    table = _hub().registry.get(code)
    if table is None:
        config = lobby_config(missing=code.upper())
        return render_template("lobby.html", config=config), 404
    g.page = "table"
    return render_template("table.html", code=table.code, name=table.name,
                           config=page_config(code=table.code))


def charged_json():
    """(the request's JSON object, None), or (None, the refusal): a table made from this
    address over its limit, or no JSON object."""
    try:
        current_app.extensions["tichu_limits"].charge("create_address", address=request.remote_addr)
    except Refused as exc:
        return None, (jsonify(exc.ack()), 429)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        return None, (jsonify(ok=False, code="bad_request", message="send a JSON object"), 400)
    return data, None


def _stored(table, token: str, set_up=None):
    """The new table (made ready by `set_up(table)` first, under the same lock) stored as its
    first version, and the answer that gives its address."""
    with table.lock:
        if set_up is not None:
            set_up(table)
        try:
            _hub().commit(table)  # version 1, stored
        except Refused as exc:
            return jsonify(exc.ack()), 503
    return jsonify(ok=True, code=table.code, token=token, url=f"/t/{table.code}"), 201


@pages.post("/api/tables")
def create_table():
    data, refused = charged_json()
    if refused:
        return refused
    name = data.get("name")
    if not name and isinstance(data.get("host_name"), str) and data["host_name"].strip():
        # The default name in the host's language ("Annas Tisch"); everybody sees that name.
        name = gettext("%(host)s's table", host=" ".join(data["host_name"].split()))[:40]
    try:
        club = club_of(data)
        table, token = _hub().registry.create(
            host_name=data.get("host_name"), name=name,
            ruleset=data.get("ruleset", "standard"), options=data.get("options"),
            listed=data.get("listed", True), seed=data.get("seed"), settings=data.get("settings"))
    except Refused as exc:
        return jsonify(exc.ack()), 400
    except StoreUnavailable:
        return jsonify(ok=False, code="unavailable", message="the clubs' archive does not answer"), 503
    if club is None:
        return _stored(table, token)
    # (a new dict: the table's extra is never changed in place, table.py)
    return _stored(table, token, lambda t: setattr(t, "extra", {**t.extra, "club": club}))


def club_of(data: dict) -> str | None:
    """The club a new table plays for (its games count there: `club` and the host's `player`
    key, a member's), None for an ordinary table."""
    club = data.get("club")
    if club is None:
        return None
    archiver = current_app.extensions.get("tichu_archiver")
    player = player_id(data.get("player"))
    if archiver is None or player is None or not isinstance(club, str) or len(club) > 40:
        raise Refused("not_member", "a club table is made by a member of the club (send 'club' and 'player')")
    if not ClubRecords(archiver.archive).is_member(club, player):
        raise Refused("not_member", "a club table is made by a member of the club")
    return club


def seated_table(kind: str):
    """A table for one person with three bots, the game started: the guided first game
    (`kind` "lesson", lesson.py) or an ordinary game ("quick": "Play a real game")."""
    data, refused = charged_json()
    if refused:
        return refused
    host = data.get("name")
    if not isinstance(host, str) or not host.strip():
        host = gettext("Player")
    host = " ".join(host.split())[:20]
    try:
        player = player_id(data.get("player"))
    except Refused as exc:
        return jsonify(exc.ack()), 400
    script = lesson.FIRST_GAME
    registry = _hub().registry
    try:
        if kind == "lesson":
            table, token = registry.create(host_name=host, name=gettext("Learn to play"),
                                           ruleset=script.ruleset, options=dict(script.options),
                                           listed=False, settings={"hints": True})
        else:
            table, token = registry.create(host_name=host, listed=False,
                                           name=gettext("%(host)s's table", host=host)[:40])
    except Refused as exc:
        return jsonify(exc.ack()), 400
    if kind == "lesson":
        return _stored(table, token, lambda t: lesson.set_up(t, t.host_hash, host, player))
    return _stored(table, token, lambda t: t.start_for_one(
        0, host, t.host_hash, dict.fromkeys((s for s in t.free_seats() if s != 0), default_level()),
        player=player))


@pages.post("/api/lesson")
def start_lesson():
    """"Learn to play": a guided first game against scripted bots (docs/lesson.md)."""
    return seated_table("lesson")


@pages.post("/api/quick")
def quick_game():
    """"Play a real game": an ordinary table, the player seated with three bots, started."""
    return seated_table("quick")


@pages.get("/api/tables")
def list_tables():
    return jsonify(ok=True, tables=_hub().registry.lobby.listed())


@pages.get("/t/<code>/record.json")
def download_record(code):
    hub = _hub()
    number = request.args.get("game", type=int)
    if number is not None:  # a finished game of a table only the archive keeps stays there
        try:
            record = hub.registry.archived_record(code, number)
        except Refused as exc:
            return jsonify(exc.ack()), 404
        except StoreUnavailable:
            return jsonify(ok=False, code="store_unavailable", message="the archive does not answer"), 503
        if record is not None:
            return _as_download(record, code.strip().upper(), number)
    table = hub.registry.get(code)
    if table is None:
        abort(404)
    with table.lock:
        try:
            record = table.record(number, stored=lambda n: hub.game_record(table, n))
        except Refused as exc:
            return jsonify(exc.ack()), 404
    return _as_download(record, table.code, number)


def _as_download(record: dict, code: str, number: int | None):
    response = jsonify(record)
    suffix = "" if number is None else f"-{number + 1}"
    response.headers["Content-Disposition"] = f'attachment; filename="tichu-{code}{suffix}.json"'
    return response


@pages.get("/healthz")
def health():
    # deadlines: tables whose grace periods or turn timers this process watches (with Redis,
    # only the process that runs the table does).
    hub = _hub()
    return jsonify(ok=True, tables=len(hub.registry.all()), store=hub.registry.store.kind,
                   deadlines=hub.timers.watched() if hub.timers is not None else 0)
