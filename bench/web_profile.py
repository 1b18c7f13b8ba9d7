"""Where the server's milliseconds go: the game server under yappi while web_bench.py plays.

    python bench/web_profile.py [--tables 100] [--seconds 20] [--think 1.0] [--top 40] [--redis]

Runs the game's app (threading mode) in this process, served by Werkzeug's threaded
server (gunicorn forks a worker, out of the profiler's reach; the app's own work is
the same), with yappi's CPU clock on every thread, starts
`bench/web_bench.py --url ...` against it in a subprocess, and prints the CPU
time per action of each part of the server's work (engine views, diffs, JSON,
Socket.IO and the transport, the save, ...) plus the top functions. Profiling
slows everything by a factor of about two: read the shares, not the absolute
times (web_bench.py alone gives those). `--redis`: the app as one process of the
scale-out (a redis-server of its own on loopback, deploy/local.py), so the shares are
those of the Redis store and message queue. Needs the `bench` extra and yappi.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import yappi

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from web_bench import BENCH_LIMITS  # noqa: E402

# Each function's own time counts for the first category whose pattern matches its
# module path and name ("path:name"); the order matters (the first match wins).
CATEGORIES = [
    ("save (store)", r"app/web/(persistence|store)"),
    ("Redis client (commands, pub/sub)", r"redis/"),
    ("scale-out layer (shared, message queue, leases)", r"app/web/(shared|message_queue|leases)"),
    ("engine views (view_for, view_cache)", r"app/engine/view"),
    ("engine apply and legal plays", r"app/engine/"),
    ("bots deciding", r"app/bots/"),
    ("diffs (protocol.py)", r"app/web/protocol"),
    ("web layer (hub, tables, events)", r"app/web/"),
    ("JSON encode/decode", r"json/|orjson|ujson"),
    ("Socket.IO packets and managers", r"socketio/"),
    ("Engine.IO sockets and queues", r"engineio/"),
    ("websocket frames", r"simple_websocket|wsproto|geventwebsocket"),
    ("gevent hub and greenlets", r"gevent/"),
    ("locks, queues, threads", r"threading|queue|concurrent/"),
    ("sockets, select", r"socket|selectors|select"),
    ("flask, werkzeug (requests, contexts)", r"flask|werkzeug"),
]


def categorise(stats) -> dict:
    totals: dict[str, float] = {}
    for s in stats:
        key = f"{s.module}:{s.name}"
        name = next((n for n, pattern in CATEGORIES if re.search(pattern, key)), "other")
        totals[name] = totals.get(name, 0.0) + s.tsub
    return totals


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_serving(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--top", type=int, default=40, help="how many functions to list by own time")
    parser.add_argument("--redis", action="store_true",
                        help="profile a scale-out process (Redis store and queue)")
    args = parser.parse_args(argv)

    from app.web import server
    data_dir = tempfile.mkdtemp(prefix="tichu-profile-")
    os.environ.update(TICHU_DATA_DIR=data_dir, TICHU_TESTING="0", TICHU_LIMITS=BENCH_LIMITS,
                      TICHU_BOMB_WINDOW="0")  # clients act at machine speed
    port = free_port()
    result: dict = {}
    helpers: list = []  # the redis-server of --redis, stopped with the report

    def play():
        cmd = [sys.executable, str(ROOT / "bench" / "web_bench.py"), "--url", f"http://127.0.0.1:{port}",
               "--pid", str(os.getpid()), "--tables", str(args.tables), "--seconds", str(args.seconds),
               "--think", str(args.think), "--json"]
        try:
            wait_until_serving(f"http://127.0.0.1:{port}/healthz", timeout=30)
            yappi.clear_stats()  # count the measured play, not the start-up
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.seconds + 600)
            result.update(json.loads(out.stdout.strip().splitlines()[-1]) if out.returncode == 0
                          else {"error": out.stderr[:3000]})
        finally:
            yappi.stop()
            report(result, args.top)
            sys.stdout.flush()
            for helper in helpers:
                helper.stop()
            os._exit(0)

    yappi.set_clock_type("cpu")
    yappi.start(builtins=False, profile_threads=True)
    threading.Thread(target=play, daemon=True).start()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    config = {"TICHU_DATA_DIR": data_dir, "TICHU_ASYNC_MODE": "threading"}
    if args.redis:
        sys.path.insert(0, str(ROOT))
        from deploy.local import RedisServer

        redis_server = RedisServer(Path(data_dir) / "redis").start()
        helpers.append(redis_server)
        config["TICHU_REDIS_URL"] = redis_server.url
    app = server.create_app(config)
    app.extensions["socketio"].run(app, port=port, allow_unsafe_werkzeug=True, log_output=False)


def report(result: dict, top: int) -> None:
    if "error" in result:
        print("the benchmark failed:", result["error"])
        return
    stats = yappi.get_func_stats()
    actions = max(1, result.get("actions", 1))
    total = sum(s.tsub for s in stats)
    print(f"web_bench under yappi: {result.get('tables')} tables, think {result.get('think_s')} s, "
          f"{result.get('actions')} actions in {result.get('window_s')} s, "
          f"ack p50/p99 {result['ack_ms']['p50']}/{result['ack_ms']['p99']} ms (slowed by the profiler)")
    print(f"profiled CPU: {total:.2f} s over the whole play (set-up and warm-up included); "
          f"per measured action: {1000 * total / actions:.2f} ms")
    print("\nshare of the server's CPU by part:")
    for name, seconds in sorted(categorise(stats).items(), key=lambda kv: -kv[1]):
        print(f"  {100 * seconds / total:5.1f} %  {name}")
    print(f"\ntop {top} functions by own time (tsub) and with callees (ttot), seconds:")
    stats.sort("tsub")
    for s in list(stats)[:top]:
        where = s.module.replace(str(ROOT) + "/", "")
        where = re.sub(r".*site-packages/", "", where)
        print(f"  {s.tsub:7.3f} {s.ttot:7.3f} {s.ncall:9d}  {where}:{s.lineno} {s.name}")


if __name__ == "__main__":
    main()
