"""The server's Socket.IO packets: the same text as python-socketio's own for JSON data."""

from __future__ import annotations

import pytest
from socketio import packet

from app.web.wire.packets import JsonPacket


def test_json_packets_encode_as_socketio_does_without_looking_for_binary():
    doc = {"t": "patch", "base": 4, "v": 5, "name": "Jürgen", "none": None, "flag": True,
           "ops": [["s", ["game", "hand"], ["S2", "Ph"]], ["a", ["x"], [1.5]]]}
    ours = JsonPacket(packet.EVENT, data=["state", doc])
    theirs = packet.Packet(packet.EVENT, data=["state", doc])
    assert ours.packet_type == packet.EVENT
    assert ours.encode() == theirs.encode()
    assert packet.Packet(encoded_packet=ours.encode()).data == ["state", doc]


def test_bytes_in_a_payload_fail_loudly():
    with pytest.raises(TypeError):
        JsonPacket(packet.EVENT, data=["state", {"raw": b"\x00"}]).encode()
