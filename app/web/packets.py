"""Socket.IO packets as this server sends them: JSON text, never binary attachments.

python-socketio walks every outgoing payload to look for bytes to send as binary
attachments; for our documents that walk cost more than encoding them (a fifth of
the server's CPU under load, bench/web_profile.py). Nothing here ever sends bytes,
so the walk is skipped: a payload with bytes would fail loudly in the JSON encoder.
Incoming packets are decoded as before (a client's binary event still arrives).
"""

from __future__ import annotations

from socketio.packet import Packet


class JsonPacket(Packet):
    uses_binary_events = False
