"""The servers `python -m app` runs: production grade, one process of the game.

- threading mode: gunicorn, embedded (one gthread worker, a thread per connection),
  exactly what docs/operations.md runs by hand. The worker dies with
  the gunicorn master, even on `kill -9` (Linux: the parent-death signal), so the
  process you start is the one you stop.
- gevent mode (`TICHU_ASYNC_MODE=gevent`): gevent's WSGI server in this process.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import resource
import signal
import socket

from . import out_of_files

log = logging.getLogger(__name__)

PR_SET_PDEATHSIG = 1


def gunicorn_settings(host: str, port: int, threads: int) -> dict:
    """The embedded gunicorn's settings: one gthread worker, a thread per connection."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    # gthread stops accepting at `worker_connections` (1,000 by default), below the threads
    # when they are more: every connection a thread can serve is accepted.
    return {"bind": bind, "workers": 1, "worker_class": "gthread", "threads": threads,
            "worker_connections": max(1000, threads + 100),
            "graceful_timeout": 5, "loglevel": "warning", "post_fork": _die_with_master}


def run_gunicorn(make_app, host: str, port: int, threads: int) -> None:
    """Serve `make_app()` (called in the worker, after the fork: threads do not survive one)."""
    from gunicorn.app.base import BaseApplication

    class Embedded(BaseApplication):
        def load_config(self):
            for key, value in gunicorn_settings(host, port, threads).items():
                self.cfg.set(key, value)

        def load(self):
            return make_app()

    Embedded().run()


def _die_with_master(server, worker) -> None:
    """The worker gets SIGKILL when the master goes, however it goes (else it would serve on
    for a while after a `kill -9` of the master, with the tables in its memory)."""
    libc = ctypes.util.find_library("c")
    try:
        ctypes.CDLL(libc, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError, TypeError):
        return  # not Linux: gunicorn's own check (the worker leaves within a second or so)
    if os.getppid() != worker.ppid:  # the master went before the signal was armed
        os._exit(1)


def raise_open_files_limit(cap: int = 65536) -> int:
    """gevent mode: a connection costs two open files, not a thread, so the process may
    keep as many as the system lets it (up to `cap`): the soft limit is raised towards the
    hard one (a stock soft limit of 1,024 would refuse connections beyond about 480).
    Returns the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = cap if hard == resource.RLIM_INFINITY else min(hard, cap)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass  # not allowed here: the capacity warning says so when it matters
    return soft


def gevent_server(app, host: str, port: int):
    """gevent's WSGI server for the app (WebSocket by simple-websocket), with no request log.

    Small messages go out at once (TCP_NODELAY, as gunicorn does): a patch and then its
    acknowledgement are two writes, and without it the second may wait for the
    client's delayed ACK of the first. A connection that was a WebSocket is closed when
    the WebSocket ends: gevent would read on for the next HTTP request and take whatever
    the client still sent (a cut flooder's frames) for one. A request that is not HTTP
    gets gevent's 400 and one short line in the log, never the bytes it sent.
    """
    from gevent import pywsgi

    class Handler(pywsgi.WSGIHandler):
        def handle_one_response(self):
            try:
                return super().handle_one_response()
            finally:
                if self.headers.get("Upgrade", "").lower() == "websocket":
                    self.close_connection = True

        def log_error(self, msg, *args):
            text = msg % args if args else msg
            log.warning("bad request from %s: %s", self.client_address[0] if self.client_address else "?",
                        text[:60].encode("ascii", "backslashreplace").decode())

    class Server(pywsgi.WSGIServer):
        handler_class = Handler

        def handle(self, sock, address):
            if sock.family in (socket.AF_INET, socket.AF_INET6):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return super().handle(sock, address)

        def do_read(self):
            """Out of open files, gevent would print a traceback for every connection it
            cannot take: here one line per 10 s, and accepting pauses for a second (the
            waiting connections stay in the listen queue)."""
            try:
                return super().do_read()
            except OSError as exc:
                if not out_of_files.is_out_of_files(exc):
                    raise
            out_of_files.note()
            self.stop_accepting()
            self.loop.timer(1.0).start(lambda: None if self.closed else self.start_accepting())
            return None

    return Server((host, port), app, log=None)
