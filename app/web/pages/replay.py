"""The replay viewer: a page that steps through any record, and the endpoint that replays it.

The page (`/replay`) opens a record the user uploads, or a table's game
(`/replay?table=CODE&game=N`, fetched from the table's record download, which
holds only completed rounds). It posts the record with a round number to
`/api/replay`, which replays it with the engine's full rule checks and answers
that round's frames (every hand open: a record is public). The endpoint keeps
nothing. A malformed or foreign file gets a clear refusal, never a server error.
"""

from __future__ import annotations

import json

from flask import Flask, jsonify, render_template, request

from app.engine import EngineError
from app.engine.frames import replay_frames

MAX_RECORD_BYTES = 2 * 1024 * 1024  # a whole long game is far below this


def _refuse(code: str, message: str, status: int = 400):
    return jsonify(ok=False, code=code, message=message), status


def register(app: Flask, page_config) -> None:
    @app.get("/replay")
    def replay_page():
        return render_template("replay.html", config=page_config())

    @app.post("/api/replay")
    def replay_api():
        if (request.content_length or 0) > MAX_RECORD_BYTES:
            return _refuse("too_large", f"a record has at most {MAX_RECORD_BYTES // 1024 // 1024} MB", 413)
        raw = request.get_data(cache=False, as_text=False)
        if len(raw) > MAX_RECORD_BYTES:
            return _refuse("too_large", f"a record has at most {MAX_RECORD_BYTES // 1024 // 1024} MB", 413)
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, bad UTF-8, or nested beyond reason
            return _refuse("bad_record", "this file is not a game record (it is not JSON)")
        if not isinstance(body, dict) or "record" not in body:
            return _refuse("bad_request", "send {\"record\": ..., \"round\": n}")
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
