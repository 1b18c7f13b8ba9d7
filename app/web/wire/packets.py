"""Socket.IO packets: as this server sends them (JSON text, never binary attachments),
and the malformed ones it receives (refused at the door).

python-socketio walks every outgoing payload to look for bytes to send as binary
attachments; for our documents that walk cost more than encoding them (a fifth of
the server's CPU under load, bench/web_profile.py). Nothing here ever sends bytes,
so the walk is skipped: a payload with bytes would fail loudly in the JSON encoder.
Incoming packets are decoded as before (a client's binary event still arrives).

A packet python-socketio cannot decode (broken JSON, nesting deeper than the decoder
goes, a number of thousands of digits, an event that is not a list with a name)
raises, and the exception would be logged whole at ERROR for every such packet.
`refuse_malformed` catches it: an event packet with an id is answered `bad_request`,
the log gets one short line, and the packet counts against the connection's rate
limit like any event (so nobody can flood the log, and a connection that keeps at it
is disconnected). Our own event handlers never raise (events.py turns everything into
an answer), so whatever arrives there is the packet's fault.
"""

from __future__ import annotations

import logging
import re

from socketio import packet as sio_packet
from socketio.packet import Packet

from .limits import Limits

log = logging.getLogger(__name__)

# An event packet: "2", optionally "/namespace,", then the acknowledgement id.
EVENT_ID = re.compile(r"2(?:(/[^,]{0,100}),)?(\d{1,15})")


class JsonPacket(Packet):
    uses_binary_events = False


def refuse_malformed(socketio, limits: Limits) -> None:
    server = socketio.server
    dispatch = server._handle_eio_message  # python-socketio's own decoder and dispatcher

    def guarded(eio_sid, data):
        try:
            return dispatch(eio_sid, data)
        except Exception as exc:  # RecursionError included: it is an Exception
            refuse(eio_sid, data, exc)

    def refuse(eio_sid, data, exc: Exception) -> None:
        sid = server.manager.sid_from_eio_sid(eio_sid, "/") or eio_sid
        verdict = limits.event(sid)
        if verdict == limits.CUT:
            log.warning("disconnecting %s: it keeps sending malformed packets", sid)
            server.eio.disconnect(eio_sid)
            return
        if verdict == limits.OK:
            log.warning("malformed packet from %s refused (%s)", sid, type(exc).__name__)
        match = EVENT_ID.match(data) if isinstance(data, str) else None
        if match is not None:
            ack = {"ok": False, "code": "bad_request", "message": "the packet could not be read"}
            server._send_packet(eio_sid, server.packet_class(
                sio_packet.ACK, namespace=match.group(1) or "/", id=int(match.group(2)), data=[ack]))

    # Engine.IO calls the handler registered for "message"; the test client calls the
    # server's method directly: both now go through the guard.
    server.eio.on("message", guarded)
    server._handle_eio_message = guarded
