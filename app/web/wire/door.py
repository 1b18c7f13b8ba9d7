"""The door every Socket.IO event passes: the connection's rate limit, the event's schema,
and refusals turned into acknowledgements.

`on(name, schema)` files a handler of `events.py` under its event; `Door.register` puts
each on the Socket.IO server wrapped so that, in this order, a connection over its rate
limit is refused (and cut off if it keeps on), the payload is checked by the event's
schema, and whatever the handler raises becomes an ack: `Refused` and the engine's
refusals with their code and message, anything else as `server_error` with one logged
traceback (a bug of ours, never the sender's fault). The connection's own life (connect,
disconnect, unknown events) is handled here too.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable

from flask import current_app, request
from flask_socketio import ConnectionRefusedError

from app.engine import EngineError

from ..errors import Refused, refusal_ack
from ..live import metrics
from ..live.lifecycle import REFUSAL
from ..table import log_context
from .capacity import Capacity
from .limits import Limits, refusal
from .schemas import Schema, storable

log = logging.getLogger(__name__)

# event -> (schema, whether the connection must have joined a table, handler)
HANDLERS: dict[str, tuple[Schema, bool, Callable[[dict], dict]]] = {}


def on(name: str, schema: Schema, *, joined: bool = True):
    """File the decorated function as the handler of event `name`, its payload checked by
    `schema`; `joined`: only for a connection at a table (else `not_joined`, whatever it sent)."""

    def file(fn):
        HANDLERS[name] = (schema, joined, fn)
        return fn

    return file


def _payload(args) -> object:
    if len(args) != 1:
        raise Refused("bad_request", "send one object with the event's fields")
    return args[0]


class Door:
    def __init__(self, socketio, limits: Limits, capacity: Capacity, at_table: Callable[[str], bool],
                 leave: Callable[[str], None]):
        self.socketio = socketio
        self.limits = limits
        self.capacity = capacity
        self.at_table = at_table  # whether a connection has joined a table
        self.leave = leave  # what a connection that goes away leaves behind (its table)

    def register(self, handlers: dict) -> None:
        for name, (schema, joined, handler) in handlers.items():
            self.socketio.on_event(name, self.guard(name, schema, joined, handler))
        self.socketio.on_event("*", self.unknown)
        self.socketio.on_event("connect", self.connected)
        self.socketio.on_event("disconnect", self.disconnected)

    def guard(self, name: str, schema: Schema, joined: bool, handler):
        @functools.wraps(handler)
        def event(*args):
            start = time.perf_counter()
            with log_context.about():  # the handler names its table (events._current)
                ack = self.answer(name, schema, joined, handler, args)
            result = ack.get("code", "ok") if isinstance(ack, dict) and not ack.get("ok") else "ok"
            metrics.EVENTS.labels(event=name, result=result).inc()
            metrics.ACK_SECONDS.labels(event=name).observe(time.perf_counter() - start)
            return ack

        return event

    def answer(self, name: str, schema: Schema, joined: bool, handler, args):
        refused = self.admitted(request.sid)
        if refused is not None:
            return refused
        try:
            if joined and not self.at_table(request.sid):
                raise Refused("not_joined", "join a table first")
            return handler(schema.check(_payload(args)))
        except (Refused, EngineError) as exc:
            return refusal_ack(exc)
        except Exception:
            log.exception("event %s failed", name)
            return {"ok": False, "code": "server_error", "message": "something went wrong on the server"}

    def admitted(self, sid: str) -> dict | None:
        """The connection's rate limit, checked before anything else: None, or the refusal."""
        verdict = self.limits.event(sid)
        if verdict == self.limits.OK:
            return None
        if verdict == self.limits.CUT:
            log.warning("disconnecting %s: it keeps sending over its rate limit", sid)
            self.cut(sid)
        return refusal("events").ack()

    def cut(self, sid: str) -> None:
        server = self.socketio.server
        eio_sid = server.manager.eio_sid_from_sid(sid, "/")
        server.disconnect(sid)  # tells the client, and leaves its table
        if eio_sid is not None:
            server.eio.disconnect(eio_sid)  # and closes the transport: no more reading from it

    def unknown(self, event, *_args):
        refused = self.admitted(request.sid)
        if refused is not None:
            return refused
        name = str(event)[:40] if isinstance(event, str) and storable(event) else "?"
        return {"ok": False, "code": "bad_request", "message": f"unknown event {name!r}"}

    def connected(self, *_args):
        lifecycle = current_app.extensions.get("tichu_lifecycle")
        if lifecycle is not None and lifecycle.draining:
            raise ConnectionRefusedError(REFUSAL)  # the page connects again, elsewhere or later
        self.capacity.opened(request.sid)
        return True

    def disconnected(self, *_args):
        if self.socketio.server.manager.is_connected(request.sid, "/"):
            return  # an event a client named "disconnect": the connection is still here
        self.capacity.closed(request.sid)
        self.limits.forget(request.sid)
        try:
            self.leave(request.sid)
        except Refused as exc:  # not stored (the store is away): the presence is fixed by the next change
            log.warning("leaving: %s", exc.message)
