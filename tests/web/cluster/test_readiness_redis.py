"""`/readyz` against a real redis-server: 200 while Redis answers; 503 naming redis, in
bounded time, while Redis is frozen (SIGSTOP) or gone, with `/healthz` (liveness) still 200."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request

# The check waits REDIS_SECONDS (1 s) for a PING; asserted generously for a busy machine,
# but far below what a check with retries or without a socket timeout would take.
BOUND = 5.0


def fetch(url: str) -> tuple[int, dict, float]:
    """(status, JSON body, seconds taken); a 503 is an answer, not an error."""
    began = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            status, body = resp.status, json.load(resp)
    except urllib.error.HTTPError as exc:
        status, body = exc.code, json.load(exc)
    return status, body, time.monotonic() - began


def wait_ready(base: str, seconds: float = 15) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        status, body, _ = fetch(base + "/readyz")
        if status == 200 or time.monotonic() > deadline:
            assert status == 200, body
            return body
        time.sleep(0.2)


def assert_redis_named(base: str, saying: str) -> None:
    status, body, took = fetch(base + "/readyz")
    assert status == 503, body
    assert body["ok"] is False
    store = body["checks"]["store"]
    assert store.startswith("redis") and saying in store, body
    assert body["checks"]["process"] == "ok", body
    assert took < BOUND, f"/readyz took {took:.2f} s"


def test_readyz_is_200_in_every_process_while_redis_answers(apps):
    for app in apps(2):
        status, body, _ = fetch(app.base + "/readyz")
        assert status == 200, body
        assert body["ok"] is True
        assert body["checks"] == {"store": "ok", "process": "ok"}


def test_a_frozen_redis_makes_readyz_503_in_bounded_time_and_healthz_stays_200(apps, redis_server):
    (app,) = apps(1)
    wait_ready(app.base)
    os.kill(redis_server.proc.pid, signal.SIGSTOP)
    try:
        # Twice: the second check opens a new connection (the first one's timed out).
        assert_redis_named(app.base, "did not answer within 1 s")
        assert_redis_named(app.base, "did not answer within 1 s")
        status, body, took = fetch(app.base + "/healthz")
        assert status == 200 and body["ok"] is True, body
        assert took < BOUND, f"/healthz took {took:.2f} s"
    finally:
        os.kill(redis_server.proc.pid, signal.SIGCONT)
    assert wait_ready(app.base)["checks"] == {"store": "ok", "process": "ok"}


def test_a_stopped_redis_makes_readyz_503_naming_redis(apps, redis_server):
    (app,) = apps(1)
    wait_ready(app.base)
    redis_server.kill()
    assert_redis_named(app.base, "refused")
    status, body, _ = fetch(app.base + "/healthz")
    assert status == 200 and body["ok"] is True, body
