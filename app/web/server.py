"""The server: `create_app()` builds the Flask app with its Socket.IO server, and
`python -m app [--host H] [--port P]` (or the HOST/PORT variables) runs it.

Configuration (environment variables, or keys of `create_app(config)`):

- `TICHU_DATA_DIR`: where tables are kept, one SQLite database (default `instance/tables`
  under the working directory); `TICHU_PERSIST=0` keeps them in memory only.
- `TICHU_SQLITE_SYNC`: `normal` (default; an acknowledged change survives `kill -9` and crashes of
  the server, not a power loss) or `full` (survives a power loss too, one fsync per change).
- `TICHU_IDLE_SECONDS`: a table nobody has open this long leaves memory (default 300).
- `TICHU_BOT_DELAY`: seconds a bot waits before it acts (default 0.6).
- `TICHU_TABLE_DAYS`: tables untouched for this many days are removed on start (default 30).
- `TICHU_DATABASE_URL`: the archive in PostgreSQL (`postgresql://...`), where finished games
  and idle tables go (live/archiving.py); without it, the SQLite database of `TICHU_DATA_DIR`.
- `TICHU_ARCHIVE_IDLE`: seconds untouched before a table moves to the archive (default 3600);
  `TICHU_ARCHIVE_EVERY`: seconds between the archive's sweeps (default 30).
- `TICHU_LIMITS`: rate limits other than the defaults of `limits.py`, e.g.
  `events=40/10,create_address=5/0.1` (burst / per second).
- `TICHU_PROXIES`: the number of reverse proxies in front (their X-Forwarded-For gives
  the client's address, which the per-address limits count); 0 by default.
- `TICHU_PRESENCE_DELAY`: seconds watchers' comings and goings are gathered into one
  update (default 1).
- `TICHU_TESTING=1`: testing mode (tables may be created with a fixed seed). Never in production.
- `TICHU_BOMB_WINDOW`: seconds a won trick stays on the table before it may be collected, for
  tables whose creator does not choose (default 3; 0 in testing mode, so tests play at speed).
- `TICHU_REVIEW_WORKERS` (or `--review-workers N`): worker processes that make round reviews
  (default 1; live/reviews.py); `TICHU_REVIEW_QUEUE`: reviews that may wait for one (default 8,
  then `busy`); `TICHU_REVIEW_DEALS`: deals a review samples per decision (default the coach's 24).
- `TICHU_REDIS_URL` (or `--redis URL`): the scale-out: the tables live in Redis and any number
  of processes serve them (`app/web/cluster/`, deploy/README.md); the data directory is unused.
- `TICHU_CLOCK` (a key of `create_app(config)` only): the wall clock of deadlines, a callable
  giving seconds; tests pass a clock they move on themselves (`hub.timers.wake()` after a move).
  Tests of real server processes use `TICHU_TEST_CLOCK=<file>` in testing mode (`clocks.py`).

Production is `python -m app` as it stands: gevent, a greenlet per connection, one process
(the tables in use live in its memory), or several over Redis behind nginx; the recipe,
with systemd units rendered from one settings file, is docs/operations.md.
"""

from __future__ import annotations

import argparse
import errno
import logging
import os
import resource
import socket
import sys
import time
from pathlib import Path

from flask import Flask
from flask_socketio import SocketIO
from werkzeug.middleware.proxy_fix import ProxyFix

from .. import gc_tune
from . import async_mode, drain, logs
from .live import clocks
from .live.archiving import Archiver
from .live.bots_runner import BotRunner, first_lead_pause_default
from .live.hub import Hub
from .live.lifecycle import Lifecycle, RefuseNewSockets
from .live.presence import Presence
from .live.registry import Registry, bomb_window_default
from .live.reviews import Reviews
from .live.reviews import from_config as reviews_from_config
from .live.timers import Timers
from .pages import assets, clubs, health, i18n, players, replay, routes
from .store import StoreUnavailable, open_store
from .store.archive import open_archive
from .store.reviews import open_shelf
from .table.json_import import import_json_tables
from .wire import events, packets, serve, websocket_reader
from .wire.capacity import Capacity
from .wire.limits import Limits, parse_rules
from .wire.packets import JsonPacket

ROOT = Path(__file__).resolve().parents[2]
RESUME_AT_START = 200  # the most recently updated tables whose running games are loaded on start
log = logging.getLogger(__name__)


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


def _env_float(name: str) -> float | None:
    value = os.environ.get(name)
    return float(value) if value else None


def default_config() -> dict:
    return {
        "TICHU_TESTING": _env_flag("TICHU_TESTING", False),
        "TICHU_PERSIST": _env_flag("TICHU_PERSIST", True),
        "TICHU_DATA_DIR": os.environ.get("TICHU_DATA_DIR") or os.path.join(os.getcwd(), "instance", "tables"),
        "TICHU_BOT_DELAY": float(os.environ.get("TICHU_BOT_DELAY", "0.6")),
        # Seconds more before a round's first lead, after the exchange, where people play:
        # time to see the cards received (testing mode plays without it unless asked).
        "TICHU_FIRST_LEAD_PAUSE": _env_float("TICHU_FIRST_LEAD_PAUSE"),
        "TICHU_BOT_WORKERS": int(os.environ.get("TICHU_BOT_WORKERS", "4")),
        "TICHU_TABLE_DAYS": float(os.environ.get("TICHU_TABLE_DAYS", "30")),
        "TICHU_DATABASE_URL": os.environ.get("TICHU_DATABASE_URL") or None,
        "TICHU_ARCHIVE_IDLE": float(os.environ.get("TICHU_ARCHIVE_IDLE", "3600")),
        "TICHU_ARCHIVE_EVERY": float(os.environ.get("TICHU_ARCHIVE_EVERY", "30")),
        "TICHU_IDLE_SECONDS": float(os.environ.get("TICHU_IDLE_SECONDS", "300")),
        "TICHU_SQLITE_SYNC": os.environ.get("TICHU_SQLITE_SYNC", "normal").strip().lower(),
        "TICHU_GC_TUNE": gc_tune.wanted(),  # read as the review workers read it
        # Seconds a won trick waits before it may be collected (bombs.py), for tables whose
        # creator does not choose; testing mode plays without it unless a test asks for it.
        "TICHU_BOMB_WINDOW": _env_float("TICHU_BOMB_WINDOW"),
        "TICHU_REDIS_URL": os.environ.get("TICHU_REDIS_URL") or None,
        "TICHU_REDIS_PREFIX": os.environ.get("TICHU_REDIS_PREFIX", "tichu:"),
        "TICHU_LEASE_SECONDS": float(os.environ.get("TICHU_LEASE_SECONDS", "5")),
        "TICHU_LIMITS": parse_rules(os.environ.get("TICHU_LIMITS", "")),
        "TICHU_PROXIES": int(os.environ.get("TICHU_PROXIES", "0")),
        "TICHU_PRESENCE_DELAY": float(os.environ.get("TICHU_PRESENCE_DELAY", "1.0")),
        # The worker's threads when `python -m app` runs gunicorn (each connection keeps one).
        "TICHU_THREADS": int(os.environ["TICHU_THREADS"]) if os.environ.get("TICHU_THREADS") else None,
        "TICHU_ASYNC_MODE": async_mode.env_mode(),
        "TICHU_REVIEW_WORKERS": int(os.environ.get("TICHU_REVIEW_WORKERS", "1")),
        "TICHU_REVIEW_QUEUE": int(os.environ.get("TICHU_REVIEW_QUEUE", "8")),
        "TICHU_REVIEW_DEALS": int(os.environ.get("TICHU_REVIEW_DEALS") or 0) or None,
        "TICHU_METRICS_ALLOW": os.environ.get("TICHU_METRICS_ALLOW", ""),
        "TICHU_ACCESS_LOG": logs.access_log_wanted(),
    }


def housekeeping(store, max_age_days: float) -> None:
    """On start: remove tables untouched for long; list the damaged ones in the log."""
    try:
        for code in store.purge(time.time() - max_age_days * 86400):
            log.info("removed table %s: untouched for %s days", code, max_age_days)
        damaged = [info for info in store.list_tables() if info.damaged]
    except StoreUnavailable as exc:
        log.error("cannot look after the stored tables: %s", exc)
        return
    for info in damaged:
        log.error("table %s is damaged (kept read-only): %s", info.code, info.damaged)


class SocketRooms:
    """The hub's rooms, kept by the Socket.IO server (outside any request context)."""

    def __init__(self, socketio: SocketIO):
        self.server = socketio.server

    def enter(self, sid: str, room: str) -> None:
        self.server.enter_room(sid, room)

    def leave(self, sid: str, room: str) -> None:
        self.server.leave_room(sid, room)


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    app.config.update(default_config())
    app.config.update(config or {})
    app.json.sort_keys = False
    app.json.ensure_ascii = False  # UTF-8 as it is: "ö" in one or two bytes, not six

    i18n.init_app(app)
    mode = app.config["TICHU_ASYNC_MODE"] = async_mode.resolve(app.config["TICHU_ASYNC_MODE"])
    # async_handlers=False: a connection's events run one after another on the thread that
    # reads that connection, instead of one new thread per event. A client sending
    # thousands of events at once then occupies only its own thread (and waits on its own
    # socket), never the server's; its order of events is kept, too.
    options = {"async_mode": mode, "max_http_buffer_size": 64 * 1024, "serializer": JsonPacket,
               "async_handlers": False}
    redis_url = app.config["TICHU_REDIS_URL"]
    if redis_url:
        from .cluster.build import build as build_cluster
        from .cluster.message_queue import OrderedRedisManager

        queue = OrderedRedisManager(redis_url, channel=app.config["TICHU_REDIS_PREFIX"] + "socketio")
        socketio = SocketIO(app, client_manager=queue, **options)
        if not queue.listen(socketio.server):
            log.warning("the Redis message queue has not confirmed this process's subscription")
        store, registry, hub = build_cluster(app, socketio, redis_url)
        housekeeping(store, app.config["TICHU_TABLE_DAYS"])
    else:
        socketio = SocketIO(app, **options)
        store, registry, hub = _one_process(app, socketio)
    app.extensions["tichu"] = hub
    app.extensions["tichu_archiver"] = _archiver(app.config, store, registry, mode)
    reviews = app.extensions["tichu_reviews"] = _reviews(app.config, store, mode)
    lifecycle = app.extensions["tichu_lifecycle"] = Lifecycle()
    app.wsgi_app = RefuseNewSockets(app.wsgi_app, lifecycle)  # while draining (drain.py)
    if app.config["TICHU_ACCESS_LOG"]:
        app.wsgi_app = logs.AccessLog(app.wsgi_app)
    if app.config["TICHU_PROXIES"]:
        # Behind that many reverse proxies the client's address is in X-Forwarded-For.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["TICHU_PROXIES"])
    limits = Limits(app.config["TICHU_LIMITS"])
    presence = hub.presence = Presence(hub, app.config["TICHU_PRESENCE_DELAY"])
    app.extensions["tichu_limits"] = limits
    app.extensions["tichu_presence"] = presence

    assets.register(app)
    app.register_blueprint(routes.pages)
    app.register_blueprint(replay.replays)
    app.register_blueprint(players.players)
    app.register_blueprint(clubs.clubs)
    capacity = capacity_of(mode, app.config["TICHU_THREADS"], reviews.workers)
    events.register(socketio, limits, capacity)
    health.register(app, store, capacity)
    packets.refuse_malformed(socketio, limits)
    websocket_reader.bound_reading(socketio.server.eio)
    hub.timers.start()
    if app.config["TICHU_PERSIST"] and not redis_url:
        # Games that were being played carry on at once (the bots' next moves), the rest on demand.
        for info in store.list_tables(limit=RESUME_AT_START):
            if info.summary.get("status") == "playing" and not info.damaged:
                registry.get(info.code)
    if app.config["TICHU_GC_TUNE"]:
        gc_tune.tune()  # fewer, later collections: each full one pauses every table
    return app


def _archiver(config, store, registry, mode: str) -> Archiver | None:
    """Where finished games and idle tables go (store/archive), moved by a sweep of its own. A
    process told to use an archive it cannot open does not start: one line says why."""
    try:
        archive = open_archive(config)
    except Exception as exc:  # unreachable, refused, or newer than this version (schema.py)
        reason = " ".join(str(exc).split())[:300] or type(exc).__name__
        if not reason.startswith("archive"):
            reason = f"archive ({'PostgreSQL' if config.get('TICHU_DATABASE_URL') else 'SQLite'}): {reason}"
        log.error("cannot open the %s", reason)
        raise SystemExit(1) from None
    if archive is None:
        return None
    if mode == "gevent":
        archive = async_mode.OffLoopStore(archive)  # its waits off the event loop
    archiver = Archiver(store, archive, idle_seconds=config["TICHU_ARCHIVE_IDLE"],
                        interval=config["TICHU_ARCHIVE_EVERY"], in_use=registry.holds)
    registry.archiver = archiver
    archiver.start()
    return archiver


def _reviews(config, store, mode: str) -> Reviews:
    """The round reviews' worker pool and where their results are kept (beside the store)."""
    shelf = open_shelf(config, store)
    if mode == "gevent" and shelf.kind == "sqlite":
        shelf = async_mode.OffLoopStore(shelf)  # its disk waits off the event loop
    return reviews_from_config(config, shelf)


def capacity_of(mode: str, threads: int | None, review_workers: int = 0) -> Capacity:
    """What bounds this process's connections: its threads, or (gevent) its open files (less
    those its review workers' pipes take)."""
    if mode == "gevent":
        return Capacity.of_open_files(resource.getrlimit(resource.RLIMIT_NOFILE)[0], review_workers)
    return Capacity(threads)


def _one_process(app: Flask, socketio: SocketIO):
    """The store, registry and hub of a single process (SQLite, or memory only)."""
    mode = app.config["TICHU_ASYNC_MODE"]
    store = open_store(app.config)
    if mode == "gevent":
        store = async_mode.OffLoopStore(store)
    if app.config["TICHU_PERSIST"]:
        import_json_tables(store, app.config["TICHU_DATA_DIR"])
    housekeeping(store, app.config["TICHU_TABLE_DAYS"])
    registry = Registry(store, testing=app.config["TICHU_TESTING"],
                        idle_seconds=app.config["TICHU_IDLE_SECONDS"],
                        bomb_window=bomb_window_default(app.config))

    def emit(to: str, event: str, data: dict) -> None:
        socketio.emit(event, data, to=to)

    hub = Hub(registry, emit, SocketRooms(socketio), clock=clocks.configured(app.config))
    runner = BotRunner(hub, registry, delay=app.config["TICHU_BOT_DELAY"],
                       first_lead_pause=first_lead_pause_default(app.config),
                       workers=app.config["TICHU_BOT_WORKERS"], think=async_mode.thinker(mode))
    hub.bots = runner
    hub.timers = Timers(hub.expire, clock=hub.clock, poll=clocks.poll_seconds(hub.clock))
    registry.on_load = hub.loaded  # a loaded game carries on: its bots, grace periods and timers
    return store, registry, hub


HELP_EPILOG = """\
Every other setting is an environment variable (TICHU_...): where tables are kept and
how safely (TICHU_DATA_DIR, TICHU_SQLITE_SYNC, TICHU_PERSIST), bots, rate limits,
proxies, threading or gevent. docs/operations.md lists them all with their defaults.
"""


def parse_args(argv=None) -> argparse.Namespace:
    env = os.environ
    parser = argparse.ArgumentParser(
        prog="python -m app", description="Run the Tichu game server (one process; gevent by default).",
        epilog=HELP_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default=env.get("HOST", "127.0.0.1"),
                        help="address to listen on; 0.0.0.0 for the whole network "
                             "(default: $HOST, else 127.0.0.1)")
    parser.add_argument("--port", type=int, default=int(env.get("PORT", "5000")),
                        help="port to listen on (default: $PORT, else 5000)")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="where tables are saved, one SQLite database "
                             "(default: $TICHU_DATA_DIR, else instance/tables)")
    parser.add_argument("--redis", metavar="URL",
                        help="share the tables with other processes through this Redis, e.g. "
                             "redis://127.0.0.1:6379/0 (default: $TICHU_REDIS_URL, else none: SQLite)")
    parser.add_argument("--review-workers", metavar="N", type=int,
                        help="worker processes that make round reviews, off the server "
                             "(default: $TICHU_REVIEW_WORKERS, else 1)")
    return parser.parse_args(argv)


def port_refusal(host: str, port: int) -> str | None:
    """Why the server cannot listen on host:port (taken, not allowed, no such address), in
    one line that says what to do; None if it can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the servers bind
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (f"port {port} is already in use (another server is running there?): "
                        f"choose another one with --port, e.g. python -m app --port {port + 1}")
            if exc.errno == errno.EACCES:
                return f"port {port} needs more rights than this user has: choose one above 1023 with --port"
            return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    return None


def announce(where: str) -> None:
    """Where to open the game, for the person who started it; with JSON logs the log's own
    `process start` line says it, so nothing else is printed among the JSON lines."""
    if logs.log_format() == "text":
        print(f"Tichu is served on {where}", flush=True)


def main(argv=None):
    args = parse_args(argv)
    logs.configure()
    refusal = port_refusal(args.host, args.port)
    if refusal:
        print(f"python -m app: {refusal}", file=sys.stderr, flush=True)
        raise SystemExit(2)
    config = {}
    if args.data_dir:
        config["TICHU_DATA_DIR"] = args.data_dir
    if args.redis:
        config["TICHU_REDIS_URL"] = args.redis
    if args.review_workers is not None:
        if args.review_workers < 1:
            print("python -m app: --review-workers is at least 1", file=sys.stderr, flush=True)
            raise SystemExit(2)
        config["TICHU_REVIEW_WORKERS"] = args.review_workers
    mode = async_mode.resolve(os.environ.get("TICHU_ASYNC_MODE"))
    where = f"http://{'localhost' if args.host == '127.0.0.1' else args.host}:{args.port}"
    if mode == "gevent":
        serve.raise_open_files_limit()  # before the app reads it (capacity_of)
        server = serve.gevent_server(create_app(config), args.host, args.port)
        try:
            server.init_socket()  # bound here, so the line below is true when it is printed
        except OSError:  # taken since the check above
            print(f"python -m app: {port_refusal(args.host, args.port) or 'cannot listen'}", file=sys.stderr)
            raise SystemExit(2) from None
        announce(where)
        drain.serve_gevent(server, where)
    else:
        threads = int(os.environ.get("TICHU_THREADS", "500"))
        config["TICHU_THREADS"] = threads
        announce(where)  # gunicorn binds next; the port was free
        serve.run_gunicorn(lambda: create_app(config), args.host, args.port, threads=threads)
