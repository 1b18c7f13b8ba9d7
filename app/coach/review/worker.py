"""`python -m app.coach.review.worker`: a review worker process, one request at a time.

The web server keeps a few of these (`app/web/live/reviews.py`) so a review, which holds a
processor for a second or so, never runs on the server's event loop or its bot threads. It
reads one JSON object per line on standard input and answers one per line on standard
output, in order:

    {"id": 7, "record": {...}, "seat": 1, "round": 0,
     "settings": {"deals": 24, "share": 0.7, "gain": 15, "seed": 0}}
    -> {"id": 7, "ok": true, "review": <lesson(...)>}
    -> {"id": 7, "ok": false, "code": "bad_review", "message": "there is no round 9 ..."}

`code` is `bad_review` for a review the coach refuses (`ReviewRefused`: a malformed record,
a seat or round not in it, a round not complete), `bad_request` for a line that is not such
an object, `server_error` for a bug (its traceback on standard error). It runs at the lowest
priority (nice 19, `TICHU_REVIEW_NICE`): when the processors are busy the tables go first and
a review waits, and it ends when its standard input closes (the server is gone).
"""

from __future__ import annotations

import json
import os
import sys
import traceback

from .decisions import ReviewRefused
from .lesson import lesson

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
    try:
        review = lesson(request.get("record"), request.get("seat"), request.get("round"), **settings)
    except ReviewRefused as exc:
        return {"id": rid, "ok": False, "code": "bad_review", "message": str(exc)}
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return {"id": rid, "ok": False, "code": "server_error", "message": "the review failed"}
    return {"id": rid, "ok": True, "review": review}


NICE = 19


def main() -> None:
    try:
        os.nice(int(os.environ.get("TICHU_REVIEW_NICE") or NICE))
    except (OSError, ValueError):
        pass
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        out.write(json.dumps(answer(line), separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
