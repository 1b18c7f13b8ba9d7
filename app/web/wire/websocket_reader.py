"""WebSocket connections that read no further ahead than the server handles.

simple-websocket reads each connection on a thread of its own and queues every
message it parses, however far behind the connection's handler is. A client that
writes thousands of events at once therefore has them all read and parsed (a tenth of
a second of CPU for 5,000, the GIL held against every other table) before its handler
has looked at the first fifty and cut it off, and an endless writer makes the queue
grow without end. Here the reader stops while `AHEAD` messages wait: the rest stays
in the kernel's buffers (TCP pushes back on the client), and a cut connection costs
only what was handled.

One message is also bounded by the server's `max_http_buffer_size` while it arrives
(the frames of a too-big message are refused as they come, not once all are in memory).
"""

from __future__ import annotations

import threading

import simple_websocket

from . import out_of_files

AHEAD = 16  # messages read but not yet handled; a reconnect's burst fits


class BoundedServer(simple_websocket.Server):
    def __init__(self, environ, **kwargs):
        self.room = (kwargs.get("event_class") or threading.Event)()  # set when the handler takes one
        self.closed_here = False
        super().__init__(environ, **kwargs)

    def _handle_events(self):
        keep_going = super()._handle_events()
        while keep_going and self.connected and len(self.input_buffer) >= AHEAD:
            self.room.clear()  # cleared before looking: a message taken from now on sets it
            if len(self.input_buffer) >= AHEAD:
                self.room.wait(timeout=1.0)
        # The reader stores this as `connected`: a close() while it waited must not be undone.
        return keep_going and not self.closed_here

    def receive(self, timeout=None):
        try:
            return super().receive(timeout)
        finally:
            self.room.set()

    def close(self, reason=None, message=None):
        self.closed_here = True
        try:
            super().close(reason, message)
        finally:
            self.room.set()  # the reader is not left waiting for room on a closed connection


def bound_reading(eio_server) -> None:
    """Have Engine.IO accept WebSockets with BoundedServer (threading and gevent modes)."""
    from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI

    driver = eio_server._async.get("websocket")
    if driver is None or not issubclass(driver, SimpleWebSocketWSGI):
        return  # another WebSocket implementation: it reads as it does
    max_size = eio_server.max_http_buffer_size

    class Bounded(driver):
        def __call__(self, environ, start_response):
            try:
                self.ws = BoundedServer(environ, max_message_size=max_size, **self.server_args)
            except OSError as exc:  # under gevent the socket's copy needs a file
                if not out_of_files.is_out_of_files(exc):
                    raise
                out_of_files.note()
                start_response("503 Service Unavailable", [("Content-Type", "text/plain"),
                                                           ("Retry-After", "1")])
                return [b"too many open files\n"]
            ret = self.app(self)
            # As simple-websocket's own wrapper ends a WebSocket request for each server.
            if self.ws.mode == "gunicorn":
                raise StopIteration()
            if self.ws.mode == "werkzeug":
                raise ConnectionError()
            return ret

    # A copy: the driver table is the module's, shared by every server in the process.
    eio_server._async = {**eio_server._async, "websocket": Bounded}
