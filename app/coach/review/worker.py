"""`python -m app.coach.review.worker`: a review worker process, one request at a time.

The web server keeps a few of these (`app/web/live/reviews.py`) so a review, which holds a
processor for a second or so, never runs on the server's event loop or its bot threads. It
reads one JSON object per line on standard input and answers one per line on standard
output, in order:

    {"id": 7, "record": {...}, "seat": 1, "round": 0, "finished": true,
     "settings": {"deals": 24, "share": 0, "gain": 15, "seed": 0}}
    -> {"id": 7, "ok": true}          and on the next line the review, <review_for_page(...)>
    -> {"id": 7, "ok": false, "code": "bad_review", "message": "there is no round 9 ..."}

(A review comes on a line of its own, so the server can keep and send its text as it is,
never parsing and writing it again where it need not.)

`code` is `bad_review` for a review the coach refuses (`ReviewRefused`: a malformed record,
a seat or round not in it, a round not complete), `bad_request` for a line that is not such
an object; with `"finished": true` (the replay viewer) the record's game must be over:
`bad_record` when it cannot be replayed to its end, `game_not_over` when it can but is not;
`server_error` for a bug (its traceback on standard error). It runs at the lowest
priority (`lower_priority`): when the processors are busy the tables go first and a review
waits. It ends when its standard input closes (the server is gone).
"""

from __future__ import annotations

import json
import os
import sys
import traceback

import app.gc_tune as gc_tune
from app.engine import MalformedRecord, replay

from .decisions import ReviewRefused
from .page import review_for_page

SETTINGS = ("deals", "share", "gain", "seed")


def answer(line: str) -> dict:
    """The answer to one request line."""
    try:
        request = json.loads(line)
    except ValueError:
        return {"id": None, "ok": False, "code": "bad_request", "message": "a request is one JSON object"}
    if not isinstance(request, dict):
        return {"id": None, "ok": False, "code": "bad_request", "message": "a request is one JSON object"}
    rid = request.get("id")
    settings = request.get("settings") or {}
    if not isinstance(settings, dict) or any(k not in SETTINGS for k in settings):
        return {"id": rid, "ok": False, "code": "bad_request",
                "message": f"the settings are {', '.join(SETTINGS)}"}
    if request.get("finished"):
        refused = unfinished(request.get("record"))
        if refused is not None:
            return {"id": rid, "ok": False, **refused}
    try:
        review = review_for_page(request.get("record"), request.get("seat"), request.get("round"), **settings)
    except ReviewRefused as exc:
        return {"id": rid, "ok": False, "code": "bad_review", "message": str(exc)}
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return {"id": rid, "ok": False, "code": "server_error", "message": "the review failed"}
    return {"id": rid, "ok": True, "review": review}


NICE = 19


def lower_priority() -> None:
    """Nice 19 (`TICHU_REVIEW_NICE`), and Linux's idle scheduling class where there is one: a
    processor runs the worker only when nothing else wants it, and a table's thread that wakes
    up takes the processor from it at once."""
    try:
        os.nice(int(os.environ.get("TICHU_REVIEW_NICE") or NICE))
    except (OSError, ValueError):
        pass
    if hasattr(os, "SCHED_IDLE") and os.environ.get("TICHU_REVIEW_IDLE", "1") != "0":
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:
            pass


def unfinished(record) -> dict | None:
    """Why `record` is not a game played to its end ({code, message}), or None if it is."""
    try:
        summary = replay(record)
    except MalformedRecord as exc:
        return {"code": "bad_record", "message": f"this file is not a valid game record: {exc.message}"}
    except RecursionError:
        return {"code": "bad_record", "message": "this file is not a game record (nested too deeply)"}
    if summary["winner"] is not None:
        return None
    if summary["error"] is not None:
        return {"code": "bad_record",
                "message": f"this record cannot be replayed to its end: {summary['error']['message']}"}
    return {"code": "game_not_over", "message": "rounds are reviewed here once the game is over"}


def main() -> None:
    lower_priority()
    if gc_tune.wanted():
        gc_tune.tune()  # its searches pause for garbage collection as seldom as the server's bots
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        done = answer(line)
        review = done.pop("review", None)
        out.write(json.dumps(done, separators=(",", ":")) + "\n")
        if review is not None:
            out.write(json.dumps(review, separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
