"""The drain: what the process does between SIGTERM (or Ctrl-C) and its exit, within
`TICHU_DRAIN_SECONDS` (default 10).

1. It stops taking new players: `/readyz` answers 503, a new Socket.IO connection gets
   503 (`live/lifecycle.py`), so nginx and browsers go to another process.
2. It hands its tables over: its bots stop after the turns running now; in the
   scale-out its table leases are released at once and said so on the handover channel,
   so another process's janitor takes their bots and deadlines at once (cluster/janitor.py).
3. It tells its connections (`restart`), and each page reconnects at once, through the
   proxy to another process, or to this server once it is back; it waits for them to go,
   then disconnects the rest (they leave their tables as when a browser closes).
4. It flushes: the review workers stop, the store is closed (SQLite: the write-ahead
   log copied into the database), the scale-out heartbeat ends.

Each step logs one line; every acknowledged change was stored before it was
acknowledged, so nothing waits in memory to be saved. A restarted single process resumes
the tables being played (server.py); in the scale-out the other processes already have.
"""

from __future__ import annotations

import logging
import os
import signal
import time

from .live.lifecycle import Lifecycle

log = logging.getLogger("app.web.drain")

RESTART_EVENT = "restart"  # server -> client: reconnect now (static/js/net.js)
DEFAULT_SECONDS = 10.0


def drain_seconds() -> float:
    try:
        return max(1.0, float(os.environ.get("TICHU_DRAIN_SECONDS") or DEFAULT_SECONDS))
    except ValueError:
        log.warning("TICHU_DRAIN_SECONDS is a number of seconds: %s used", DEFAULT_SECONDS)
        return DEFAULT_SECONDS


class Drain:
    def __init__(self, app, socketio, seconds: float | None = None):
        self.app = app
        self.socketio = socketio
        self.seconds = drain_seconds() if seconds is None else seconds
        self.lifecycle: Lifecycle = app.extensions["tichu_lifecycle"]

    def _local_sids(self) -> list[str]:
        """The Socket.IO connections of this process (the queue's rooms are per process)."""
        return [sid for sid, _eio in self.socketio.server.manager.get_participants("/", None)]

    def run(self) -> bool:
        """Drain (see the module's doc); False if it had started already."""
        if not self.lifecycle.start_draining():
            return False
        start = time.monotonic()
        deadline = start + self.seconds
        hub = self.app.extensions["tichu"]
        cluster = self.app.extensions.get("tichu_cluster")
        sids = self._local_sids()
        log.info("drain start: %d connection(s), %d table(s) in memory; stopping within %g s",
                 len(sids), len(hub.registry.all()), self.seconds)
        # Nothing of this process acts on a table any more; what runs now ends first.
        if hub.bots is not None and not hub.bots.settle(max(0.0, (deadline - time.monotonic()) / 3)):
            log.warning("drain: a bot's turn is still running; it is not applied")
        if hub.timers is not None:
            hub.timers.stop()
        if cluster:
            cluster["janitor"].stop()  # it would adopt the tables handed over below
        handed = cluster["membership"].hand_over() if cluster else []
        log.info("tables handed over: %d lease(s) released%s", len(handed),
                 "" if cluster else " (one process: its tables resume when it starts again)")
        for sid in sids:
            self.socketio.emit(RESTART_EVENT, {"reason": "draining"}, to=sid)
        left = self._wait_for_connections(start + (deadline - start) * 0.6)
        for sid in left:
            try:
                self.socketio.server.disconnect(sid)
            except Exception as exc:  # gone meanwhile
                log.debug("drain: disconnecting %s: %s", sid, exc)
        log.info("drain: %d connection(s) reconnected elsewhere or closed, %d disconnected",
                 len(sids) - len(left), len(left))
        self._flush(hub, cluster)
        log.info("stop: drained in %.1f s", time.monotonic() - start)
        return True

    def _wait_for_connections(self, until: float) -> list[str]:
        while True:
            sids = self._local_sids()
            if not sids or time.monotonic() >= until:
                return sids
            time.sleep(0.05)

    def _flush(self, hub, cluster) -> None:
        if cluster:
            try:
                cluster["membership"].leave()
            except Exception as exc:  # Redis away: the heartbeat expires by itself
                log.warning("drain: cannot end the heartbeat: %s", exc)
        reviews = self.app.extensions.get("tichu_reviews")
        if reviews is not None:
            reviews.close()
        if cluster:
            return  # Redis holds every change already; its listeners end with the process
        try:
            hub.registry.store.close()  # SQLite: the write-ahead log into the database
        except Exception as exc:
            log.warning("drain: cannot close the store: %s", exc)


def process_started(app, where: str) -> None:
    """The process-start line."""
    from app import __version__

    log.info("process start: version %s, pid %d, %s, store %s, serving %s", __version__, os.getpid(),
             app.config["TICHU_ASYNC_MODE"], app.extensions["tichu"].registry.store.kind, where)


def serve_gevent(server, where: str) -> None:
    """Serve until SIGTERM or Ctrl-C, drain, and exit 0 (gevent's WSGI server, `python -m app`)."""
    import gevent

    app = server.application
    drain = Drain(app, app.extensions["socketio"])
    signals = []

    def drain_then_stop():
        try:
            drain.run()
        except Exception:
            log.exception("drain failed; stopping")
        finally:
            server.stop(timeout=1)

    def on_signal(signum):
        if signals:
            log.warning("stop: a second %s during the drain: stopping now", signal.Signals(signum).name)
            logging.shutdown()
            os._exit(1)
        signals.append(signum)
        log.info("%s received", signal.Signals(signum).name)
        gevent.spawn(drain_then_stop)

    for signum in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(signum, on_signal, signum)
    process_started(app, where)
    server.serve_forever()
    # Everything is stored and closed: threads left (idle pools) must not hold the exit.
    logging.shutdown()
    os._exit(0)
