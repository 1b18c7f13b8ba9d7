"""A WebSocket connection is read no further ahead than its handler takes messages.

A real simple-websocket server end on one side of a socket pair, a wsproto client on
the other: the client writes two thousand messages at once and the server's reader
stops with a few waiting (the rest stays in the socket, the writer is pushed back);
as the handler takes them, every message arrives, in order.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest
from simple_websocket import ConnectionClosed
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Request, TextMessage

from app.web.wire.websocket_reader import AHEAD, BoundedServer


def connect(**options):
    """(server end, client socket, client protocol) of one accepted WebSocket."""
    server_sock, client_sock = socket.socketpair()
    client = WSConnection(ConnectionType.CLIENT)
    # The upgrade request as a WSGI server would hand it over: in the environ, not on the socket.
    request = client.send(Request(host="localhost", target="/")).decode()
    headers = dict(line.split(": ", 1) for line in request.split("\r\n")[1:] if ": " in line)
    environ = {"werkzeug.socket": server_sock,
               **{"HTTP_" + name.upper().replace("-", "_"): value for name, value in headers.items()}}
    server = BoundedServer(environ, **options)
    client_sock.settimeout(10)
    while True:  # the server's answer to the upgrade
        client.receive_data(client_sock.recv(4096))
        if any(isinstance(event, AcceptConnection) for event in client.events()):
            return server, client_sock, client


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_the_reader_stops_while_messages_wait_and_every_message_arrives_in_order():
    server, client_sock, client = connect()
    messages = [f"{i:05d} " + "x" * 194 for i in range(2000)]  # ~206 bytes a frame, 400 kB in all
    frames = [client.send(TextMessage(data=m)) for m in messages]
    frame, wire = len(frames[0]), b"".join(frames)
    writer = threading.Thread(target=client_sock.sendall, args=(wire,), daemon=True)
    writer.start()
    try:
        wait_for(lambda: len(server.input_buffer) >= AHEAD)
        time.sleep(0.5)  # time enough to read all of it, were the reader not waiting
        # At most one read's worth (4,096 bytes) past the mark.
        assert len(server.input_buffer) <= AHEAD + 4096 // frame + 1, len(server.input_buffer)
        assert writer.is_alive()  # the socket is full: the writer is held back
        got = [server.receive(timeout=10) for _ in messages]
        assert got == messages
        writer.join(10)
        assert not writer.is_alive()
    finally:
        server.close()
        client_sock.close()


def test_a_message_over_the_size_limit_closes_the_connection_as_it_arrives():
    server, client_sock, client = connect(max_message_size=1000)
    try:
        client_sock.sendall(client.send(TextMessage(data="y" * 5000)))
        closed = []
        while not closed:
            client.receive_data(client_sock.recv(4096))
            closed = [event for event in client.events() if isinstance(event, CloseConnection)]
        assert closed[0].code == 1009  # message too big
        wait_for(lambda: not server.connected, 60)  # the reader has ended it (a loaded machine is slow)
        with pytest.raises(ConnectionClosed):  # the handler learns the connection is over
            server.receive(timeout=5)
        assert server.input_buffer == []  # and was never given the message
    finally:
        client_sock.close()


def test_closing_lets_a_waiting_reader_go():
    server, client_sock, client = connect()
    try:
        client_sock.sendall(b"".join(client.send(TextMessage(data=f"m{i}")) for i in range(AHEAD * 3)))
        wait_for(lambda: len(server.input_buffer) >= AHEAD)
        server.close()
        # The reader thread ends and closes the socket: the client reads the close frame, then the end.
        received = b""
        while True:
            chunk = client_sock.recv(4096)
            if not chunk:
                break
            received += chunk
        client.receive_data(received)
        assert any(isinstance(event, CloseConnection) for event in client.events())
    finally:
        client_sock.close()
