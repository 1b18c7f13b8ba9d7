"""Where the process is in its life: serving, or draining before it stops.

One per app (`app.extensions["tichu_lifecycle"]`): the drain (app/web/drain.py) sets it,
the readiness check, the Socket.IO door and the WSGI middleware below read it.
"""

from __future__ import annotations

import json
import threading
from urllib.parse import parse_qs

from app import __version__

SOCKET_PATH = "/socket.io"
REFUSAL = {"code": "draining", "message": "this server is restarting; connect again"}


class Lifecycle:
    def __init__(self):
        self.version = __version__
        self._draining = threading.Event()

    @property
    def draining(self) -> bool:
        return self._draining.is_set()

    def start_draining(self) -> bool:
        """True the first time (the drain starts), False when it had already."""
        if self._draining.is_set():
            return False
        self._draining.set()
        return True


class RefuseNewSockets:
    """WSGI middleware: while draining, a new Socket.IO connection (a handshake: no `sid`
    in its query) gets 503 with the reason, so a proxy in front tries another process and a
    browser tries again; connections already open go on until they leave."""

    def __init__(self, wsgi_app, lifecycle: Lifecycle):
        self.wsgi_app = wsgi_app
        self.lifecycle = lifecycle

    def __call__(self, environ, start_response):
        if self.lifecycle.draining and environ.get("PATH_INFO", "").startswith(SOCKET_PATH) \
                and "sid" not in parse_qs(environ.get("QUERY_STRING", "")):
            body = json.dumps(REFUSAL).encode()
            start_response("503 Service Unavailable", [("Content-Type", "application/json"),
                                                       ("Content-Length", str(len(body))),
                                                       ("Retry-After", "1")])
            return [body]
        return self.wsgi_app(environ, start_response)
