"""Round reviews for the web: a bounded pool of worker processes, and the reviews it made kept.

A review (`app.coach.review.page`) holds a processor for about a second, so it never runs
in the server: `Reviews` keeps `workers` processes of `python -m app.coach.review.worker`
(started when first needed, at a lower priority than the server) and talks to each over
its standard input and output, one JSON line per request and per answer. That is the
standard `subprocess` module, which gevent's patching makes cooperative: under gevent the
greenlet that waits for a review lets every other one run, and no `multiprocessing` (which
mixes badly with gevent's patching) is involved; under threading a thread waits.

- **Kept once made.** A review is a function of the record's rounds up to the one reviewed,
  the seat and the settings (for the replay viewer, which reviews finished games only, of the
  whole record, whose end the worker checks): `review_key` hashes them, and each review made is put on the
  shelf (`store/reviews.py`: SQLite beside the tables, or Redis, shared by a scale-out's
  processes); the same request again is answered from there, also after a restart.
- **Never started twice.** A request whose review is being made waits for that one; with
  several processes sharing Redis, also one that another process is making (claimed on the
  shelf for `CLAIM_SECONDS`: the request waits for it to be kept, looking every
  `POLL_SECONDS`, or claims it itself once that claim is gone without a review).
- **Never holding a connection.** A table's `review` event waits at most `SOCKET_WAIT`
  seconds (a connection's events are handled one after another, so a long wait would hold
  its next moves back), then answers `pending`: the page asks again a little later and finds
  the review being made, or kept. The replay viewer's HTTP requests do the same (two seconds,
  `pages/replay.py`): a review queued behind others on a busy machine may take minutes.
- **Bounded.** At most `queue` requests wait for a worker; one more is refused with `busy`
  ("The reviewer is busy; try again in a minute"), never queued without end.
- **Refusals remembered.** A worker's refusal of a key (a seat not in the record, a game not
  over) is the same every time: the latest `REFUSALS_KEPT` are kept, so a request that stopped
  waiting before it came (a table's `pending`, a whole game's ask, `game_reviews.py`) learns
  why when it asks again, instead of starting that review again.

Refusals are `Refused` with a code: `busy`, `bad_review` (the coach's: a malformed record, a
seat or round not in it, a round not complete), `game_not_over` and `bad_record` (a review
asked for a finished game only), `server_error` (a worker that failed).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from app.coach.review.page import VERSION

from ..errors import Refused
from . import metrics

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[3]
COMMAND = (sys.executable, "-m", "app.coach.review.worker")
WORKERS = 1  # TICHU_REVIEW_WORKERS
QUEUE = 8  # TICHU_REVIEW_QUEUE: requests that may wait for a worker
# The longest `review` waits for a review (a caller that can wait: the tests, a script); then it
# is refused as `busy` (the review goes on and is kept, so asking again finds it).
WAIT_SECONDS = 600
# How long a table's `review` event waits before it answers `pending` (then the page asks again).
SOCKET_WAIT = 0.5
BUSY = "The reviewer is busy; try again in a minute"
# A claim on a review being made (shared shelves): longer than a review waits and takes, so
# another process never makes it again meanwhile; a process that died holds it no longer.
CLAIM_SECONDS = 120
POLL_SECONDS = 0.2  # how often a request waiting for another process's review looks for it
# Refusals remembered (a seat or round not in the record, a game not over: the same for the same
# key), so a request that stopped waiting before its review was refused learns why when it asks
# again, instead of starting that review again; the latest this many.
REFUSALS_KEPT = 256


def review_key(record, seat: int, round_index: int, settings: dict, finished: bool = False) -> str:
    """The kept review's key: the rounds up to the one reviewed (the later ones do not change
    it), the seat, the settings and the review's version. `finished` (the replay viewer): the
    whole record's rounds, so a review kept for it is found only for a record whose game the
    worker saw over, never for a running game's rounds reviewed at its table."""
    basis = record
    if isinstance(record, dict) and isinstance(record.get("rounds"), list):
        upto = len(record["rounds"]) if finished else round_index + 1
        rounds = [{"hands": r.get("hands"), "actions": r.get("actions")} if isinstance(r, dict) else r
                  for r in record["rounds"][:upto]]
        basis = {"format": record.get("format"), "ruleset": record.get("ruleset"),
                 "options": record.get("options"), "rounds": rounds}
    keyed = {"v": VERSION, "record": basis, "seat": seat, "round": round_index, "settings": settings,
             "finished": finished}
    text = json.dumps(keyed, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class _Job:
    def __init__(self, key: str, request: dict):
        self.key = key
        self.request = request
        self.done = threading.Event()
        self.answer: dict | None = None


class _Worker:
    """One worker process, started when first needed and again after it died."""

    def __init__(self, command):
        self.command = command
        self.proc = None

    def ask(self, request: dict) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(self.command, cwd=ROOT, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        proc = self.proc  # (`stop`, from the closing pool's thread, may clear self.proc meanwhile)
        line = json.dumps(request, separators=(",", ":")).encode() + b"\n"
        try:
            proc.stdin.write(line)
            proc.stdin.flush()
            answer = proc.stdout.readline()
            head = json.loads(answer) if answer else None
            if head is not None and head.get("ok"):
                text = proc.stdout.readline()  # the review, on a line of its own
                head["text"] = text.decode().rstrip("\n") if text else None
        except (OSError, ValueError):
            head = None
        if head is None or (head.get("ok") and not head["text"]):
            log.error("a review worker ended unexpectedly (exit status %s)", proc.poll())
            self.stop()
            return {"ok": False, "code": "server_error", "message": "the review failed"}
        return head

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()  # the worker ends at the end of its input
            proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()


class Reviews:
    """The pool and the shelf; `review(...)` answers a review, kept or made."""

    def __init__(self, shelf, workers: int = WORKERS, queue_size: int = QUEUE, settings: dict | None = None,
                 command=COMMAND):
        if workers < 1:
            raise ValueError("TICHU_REVIEW_WORKERS is at least 1")
        self.shelf = shelf
        self.workers = workers
        self.queue_size = queue_size
        self.settings = dict(settings or {})  # deals, share, gain, seed: the coach's defaults if absent
        self.command = command
        self.made = 0  # reviews computed by a worker (not answered from the shelf)
        self._lock = threading.Lock()
        self._flight: dict[str, _Job] = {}  # key -> the job making it
        self._refused: dict[str, dict] = {}  # key -> a worker's refusal (`REFUSALS_KEPT`, oldest out)
        self._queue: queue.Queue = queue.Queue()
        self._waiting = 0  # jobs queued, not yet taken by a worker
        self._threads: list[threading.Thread] = []
        self._pool = [_Worker(command) for _ in range(workers)]
        self._closed = False

    def key(self, record, seat: int, round_index: int, finished: bool = False) -> str:
        return review_key(record, seat, round_index, self.settings, finished)

    def review(self, record, seat: int, round_index: int, finished: bool = False) -> dict:
        """The review of `seat` in round `round_index` of `record`: kept, being made (then
        waited for, up to `WAIT_SECONDS`), or made now by a worker. `finished`: only if the
        record's game is over (checked by the worker: `game_not_over`, `bad_record`). Raises
        `Refused`. (The server never waits this long: it asks `review_text_within`.)"""
        text = self.review_text_within(record, seat, round_index, WAIT_SECONDS, finished)
        if text is None:
            raise Refused("busy", BUSY)
        return json.loads(text)

    def review_within(self, record, seat: int, round_index: int, seconds: float) -> dict | None:
        """The review if it is kept or made within `seconds`, else None: it is being made and
        will be kept, so asking again later finds it (a socket handler must not wait long:
        its connection's next messages wait behind it). Raises `Refused`."""
        text = self.review_text_within(record, seat, round_index, seconds)
        return None if text is None else json.loads(text)

    def review_text_within(self, record, seat: int, round_index: int, seconds: float,
                           finished: bool = False) -> str | None:
        """`review_within` as the review's JSON text (what an HTTP answer sends as it is)."""
        key = self.key(record, seat, round_index, finished)
        until = time.monotonic() + seconds
        while True:
            with self._lock:
                job = self._flight.get(key)
            if job is not None:
                break
            kept = self.shelf.get_text(key)
            if kept is not None:
                return kept
            with self._lock:
                refused = self._refused.get(key)
                job = self._flight.get(key)
                if refused is not None:
                    raise Refused(refused["code"], refused["message"])
                if job is None:
                    if self._closed:
                        raise Refused("busy", BUSY)
                    if self._waiting >= self.queue_size:
                        raise Refused("busy", BUSY)
                    if self.shelf.claim(key, CLAIM_SECONDS):
                        job = _Job(key, {"record": record, "seat": seat, "round": round_index,
                                         "finished": finished, "settings": self.settings})
                        self._flight[key] = job
                        self._waiting += 1
                        self._start()
                        self._queue.put(job)
            if job is not None:
                break
            # Another process makes it: wait for it on the shelf, or claim it once that is gone.
            kept = self._kept_from_elsewhere(key, until)
            if kept is not None or time.monotonic() >= until:
                return kept
        seconds = max(0.0, until - time.monotonic())
        if not job.done.wait(seconds):
            return None
        answer = job.answer
        if not answer.get("ok"):
            raise Refused(answer.get("code", "server_error"), answer.get("message", "the review failed"))
        return answer["text"]

    def _kept_from_elsewhere(self, key: str, until: float) -> str | None:
        """The review another process is making, once it is kept; None by `until`, or as soon as
        that process's claim is gone without it (failed, or its process died)."""
        while True:
            kept = self.shelf.get_text(key)
            if kept is not None:
                return kept
            left = until - time.monotonic()
            if left <= 0 or not self.shelf.claimed(key):
                return None
            time.sleep(min(POLL_SECONDS, left))

    def pending(self) -> int:
        """Reviews waiting for a worker or being made now."""
        with self._lock:
            return len(self._flight)

    def close(self) -> None:
        with self._lock:
            self._closed = True
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join(10)
        for worker in self._pool:
            worker.stop()
        self.shelf.close()

    # -- the workers' side ------------------------------------------------------------------

    def _start(self) -> None:
        """The threads (greenlets under gevent) that feed the workers, started once (lock held)."""
        if self._threads:
            return
        for i, worker in enumerate(self._pool):
            thread = threading.Thread(target=self._serve, args=(worker,), name=f"review-{i}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def _serve(self, worker: _Worker) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            with self._lock:
                self._waiting -= 1
            try:
                with metrics.timed(metrics.REVIEW_SECONDS):
                    answer = worker.ask({"id": 0, **job.request})
                if answer.get("ok"):
                    self.made += 1
                    try:
                        self.shelf.put_text(job.key, answer["text"])
                    except Exception:  # not kept: made again next time, answered now anyway
                        log.exception("a review could not be kept")
            except Exception:
                log.exception("a review failed")
                worker.stop()
                answer = {"ok": False, "code": "server_error", "message": "the review failed"}
            try:
                self.shelf.release(job.key)
            except Exception as exc:  # the claim expires by itself
                log.warning("a review's claim could not be released: %s", exc)
            with self._lock:
                job.answer = answer
                self._flight.pop(job.key, None)
                if not answer.get("ok") and answer.get("code") not in (None, "server_error"):
                    self._refused[job.key] = {"code": answer["code"], "message": answer.get("message", "")}
                    while len(self._refused) > REFUSALS_KEPT:
                        self._refused.pop(next(iter(self._refused)))
            job.done.set()


def from_config(config, shelf) -> Reviews:
    """The pool the configuration asks for (`TICHU_REVIEW_WORKERS`, `TICHU_REVIEW_QUEUE`,
    `TICHU_REVIEW_DEALS`)."""
    settings = {}
    if config.get("TICHU_REVIEW_DEALS"):
        settings["deals"] = int(config["TICHU_REVIEW_DEALS"])
    return Reviews(shelf, workers=int(config.get("TICHU_REVIEW_WORKERS") or WORKERS),
                   queue_size=int(config.get("TICHU_REVIEW_QUEUE") or QUEUE), settings=settings)
