"""A server out of open files (`python -m app`, gevent: two per connection) tells the
operator in a few short lines, never a traceback per refused connection, and serves on
once connections close.
"""

from __future__ import annotations

import urllib.request

import pytest

from tests.web.processes import Server

websocket = pytest.importorskip("websocket", reason="websocket-client is part of the test extra")


def connect(port: int):
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket",
                                     timeout=2)
    ws.recv()  # Engine.IO open
    ws.send("40")
    ws.recv()  # Socket.IO connect
    return ws


def test_out_of_open_files_a_few_lines_and_then_it_serves_on(tmp_path):
    log = tmp_path / "server.log"
    server = Server(tmp_path / "tables", log, open_files=200)
    conns = []
    try:
        for _ in range(150):  # 200 files hold about 95 connections
            try:
                conns.append(connect(server.port))
            except (OSError, websocket.WebSocketException):
                break
        else:
            pytest.fail("150 connections were taken with 200 open files")
        full = len(conns)
        for ws in conns:
            ws.close()
        conns = [connect(server.port)]  # taken again once files are free (accepting resumes)
        with urllib.request.urlopen(server.base + "/healthz", timeout=10) as resp:
            assert resp.status == 200
    finally:
        for ws in conns:
            ws.close()
        server.kill()
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text
    assert "connections its open files limit (200) allows" in text  # the capacity warning, before
    assert text.count("too many open files") == 1, text
    assert len(text.splitlines()) <= 5 and max(len(line) for line in text.splitlines()) < 400, text
    assert 60 < full < 100, full
