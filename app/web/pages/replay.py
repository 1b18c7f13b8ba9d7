"""The replay viewer: a page that steps through any record, and the endpoint that replays it.

The page (`/replay`) opens a record the user uploads, or a table's game
(`/replay?table=CODE&game=N`, fetched from the table's record download, which
holds only completed rounds). It posts the record with a round number to
`/api/replay`, which replays it with the engine's full rule checks and answers
that round's frames (every hand open: a record is public). The endpoint keeps
nothing. A malformed or foreign file gets a clear refusal, never a server error.

A Brettspielwelt log (`.tch`) opens the same way: the page posts its bytes to
`/api/replay/bsw`, which imports it (`app.engine.bsw`: every round replayed with full
rule checks and its printed result compared) and answers the record with what the
import had to say (a round it stopped at, with its line and reason; notes); the page
then shows that record like any other. Nicknames are kept unless `?anonymous=1`.

The round review of any seat (`/api/review`, {record, seat, round}): only once the record's
game is over (`game_not_over` otherwise: a review of a running game would tell its players
about each other's hands), made by the review workers or found kept (`live/reviews.py`);
the workers check that the game is over (a whole game's replay: never in the server).
The whole game's review of a seat (`/api/review/game`, {record, seat}) the same way, round after
round (`live/game_reviews.py`): it answers `pending` with how many rounds are done until it is
there, and the page asks again.

Each of the three costs the server real work, so one client address may send only so many
(`records_address` in `wire/limits.py`); over it: 429 and `rate_limited`.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from app.engine import EngineError
from app.engine.bsw import decode_bsw, import_bsw
from app.engine.frames import replay_frames

from ..errors import Refused
from ..live import game_reviews
from .routes import page_config

MAX_RECORD_BYTES = 2 * 1024 * 1024  # a whole long game is far below this
# A BSW round is about 2.3 kB and takes about 5 ms to import: this bounds an upload to
# about 55 rounds (several games) and a few hundred ms of the server's time.
MAX_LOG_BYTES = 128 * 1024
# How long an ask for a review (a round's, or a whole game's rounds) waits before it answers
# `pending` (the page asks again; the review goes on and is kept): short, as each ask holds a
# thread or greenlet meanwhile, and a review queued behind others on a loaded machine may take
# minutes, which no single HTTP request should wait out.
ASK_WAIT_SECONDS = 2.0

replays = Blueprint("replay", __name__)


def _refuse(code: str, message: str, status: int = 400):
    return jsonify(ok=False, code=code, message=message), status


def _charged() -> tuple | None:
    """None, or the refusal of a request over its address's `records_address` limit."""
    try:
        current_app.extensions["tichu_limits"].charge("records_address", address=request.remote_addr)
    except Refused as exc:
        return jsonify(exc.ack()), 429
    return None


def _record_body(expected: str):
    """(the request's JSON object holding a `record`, None), or (None, the refusal): over the
    address's limit, too large, not JSON, or not such an object (`expected` says what to send)."""
    refused = _charged()
    if refused:
        return None, refused
    too_large = _refuse("too_large", f"a record has at most {MAX_RECORD_BYTES // 1024 // 1024} MB", 413)
    if (request.content_length or 0) > MAX_RECORD_BYTES:
        return None, too_large
    raw = request.get_data(cache=False, as_text=False)
    if len(raw) > MAX_RECORD_BYTES:
        return None, too_large
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, bad UTF-8, or nested beyond reason
        return None, _refuse("bad_record", "this file is not a game record (it is not JSON)")
    if not isinstance(body, dict) or "record" not in body:
        return None, _refuse("bad_request", expected)
    return body, None


@replays.get("/replay")
def replay_page():
    return render_template("replay.html", config=page_config())


@replays.post("/api/replay")
def replay_api():
    body, refused = _record_body("send {\"record\": ..., \"round\": n}")
    if refused:
        return refused
    round_no = body.get("round", 0)
    if type(round_no) is not int:
        return _refuse("bad_request", "'round' is a round number")
    try:
        frames = replay_frames(body["record"], round_no)
    except EngineError as exc:  # MalformedRecord: not a record of ours, or a broken one
        return _refuse("bad_record", f"this file is not a valid game record: {exc.message}")
    except ValueError as exc:
        return _refuse("bad_round", str(exc))
    except RecursionError:
        return _refuse("bad_record", "this file is not a game record (nested too deeply)")
    return jsonify(ok=True, **frames)


@replays.post("/api/review")
def review_api():
    body, refused = _record_body("send {\"record\": ..., \"seat\": n, \"round\": n}")
    if refused:
        return refused
    seat, round_no = body.get("seat"), body.get("round")
    if type(seat) is not int or type(round_no) is not int:
        return _refuse("bad_request", "'seat' and 'round' are whole numbers, counted from 0")
    try:
        reviews = current_app.extensions["tichu_reviews"]
        text = reviews.review_text_within(body["record"], seat, round_no, ASK_WAIT_SECONDS, finished=True)
    except Refused as exc:
        return jsonify(exc.ack()), 503 if exc.code in ("busy", "server_error") else 400
    if text is None:
        return jsonify(ok=True, pending=True)
    # The review's text as the worker wrote it (or as it was kept): not parsed and written again.
    return Response('{"ok":true,"review":' + text + "}", mimetype="application/json")


@replays.post("/api/review/game")
def game_review_api():
    body, refused = _record_body("send {\"record\": ..., \"seat\": n}")
    if refused:
        return refused
    seat = body.get("seat")
    if type(seat) is not int:
        return _refuse("bad_request", "'seat' is a whole number, counted from 0")
    try:
        reviews = current_app.extensions["tichu_reviews"]
        text, progress = game_reviews.ask(reviews, body["record"], seat, ASK_WAIT_SECONDS)
    except Refused as exc:
        return jsonify(exc.ack()), 503 if exc.code in ("busy", "server_error") else 400
    if text is None:
        return jsonify(ok=True, pending=True, progress=progress)
    return Response('{"ok":true,"review":' + text + "}", mimetype="application/json")


@replays.post("/api/replay/bsw")
def import_bsw_api():
    refused = _charged()
    if refused:
        return refused
    too_large = _refuse("too_large", f"a Brettspielwelt log has at most {MAX_LOG_BYTES // 1024} kB "
                                     "here; cut the file into its games", 413)
    if (request.content_length or 0) > MAX_LOG_BYTES:
        return too_large
    raw = request.get_data(cache=False, as_text=False)
    if len(raw) > MAX_LOG_BYTES:
        return too_large
    game = request.args.get("game", "0")
    if not game.isdigit() or len(game) > 4:
        return _refuse("bad_request", "'game' is the number of a game in the file, from 0")
    result = import_bsw(decode_bsw(raw), request.args.get("anonymous") == "1", game=int(game))
    diagnostics = [d.as_dict() for d in result.diagnostics]
    if result.record is None:
        why = diagnostics[0]["message"] if diagnostics else "nothing in it could be imported"
        return _refuse("not_a_log", f"this file is not a Brettspielwelt log we can read: {why}")
    return jsonify(ok=True, record=result.record, complete=result.ok, games=result.games,
                   game=result.game, diagnostics=diagnostics)
