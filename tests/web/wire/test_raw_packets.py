"""Raw Socket.IO packets over a real WebSocket to a real server process (`python -m app`).

Malformed packets get a `bad_request` (when they carry an acknowledgement id) and at
most one short log line, never a traceback; the connection goes on working. A client
sending thousands of events without waiting is cut off, and the server does not start
a thread per event. Closing a WebSocket logs nothing.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.web.processes import Server

websocket = pytest.importorskip("websocket", reason="websocket-client is part of the test extra")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("raw")
    proc = Server(data / "tables", data / "server.log")
    yield {"base": proc.base, "port": proc.port, "log": data / "server.log", "pid": proc.proc.pid}
    proc.kill()


class Raw:
    """A Socket.IO connection spoken by hand: Engine.IO 4 over a WebSocket."""

    def __init__(self, port: int):
        self.ws = websocket.create_connection(
            f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket", timeout=10)
        assert self.ws.recv().startswith("0{")  # Engine.IO open
        self.ws.send("40")
        assert self.recv().startswith("40")  # Socket.IO connect

    def recv(self) -> str:
        while True:
            message = self.ws.recv()
            if message == "2":  # ping
                self.ws.send("3")
                continue
            return message

    def ack(self, ack_id: int) -> dict:
        """The acknowledgement with this id (state messages on the way are skipped)."""
        while True:
            message = self.recv()
            match = re.match(r"43(\d+)(.*)", message, re.S)
            if match and int(match.group(1)) == ack_id:
                return json.loads(match.group(2))[0]

    def call(self, ack_id: int, event: str, payload) -> dict:
        self.ws.send(f"42{ack_id}" + json.dumps([event, payload]))
        return self.ack(ack_id)

    def close(self):
        self.ws.close()


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.loads(resp.read())


def log_text(server) -> str:
    return server["log"].read_text(errors="replace")


MALFORMED = [
    '421["join",{"code":',  # broken JSON
    '422["join",' + "[" * 20_000 + "]" * 20_000 + "]",  # deeper than the decoder goes
    '423["join",{"code":' + "7" * 5000 + "}]",  # a number of 5,000 digits
    '424{"not":"a list"}',
    "425[]",
    "426[[1],{}]",  # an event name that is a list
    '427["join",{"code":"ABCDE","token":"\\ud800"}]',  # a lone surrogate (valid JSON)
    "49garbage",  # no such packet type
    '4/nowhere,428["join",{}]',  # a namespace nobody connected
]


def test_malformed_packets_get_bad_request_and_one_short_line(server):
    before = log_text(server)
    created = post(server["base"], "/api/tables", {"host_name": "Anna", "seed": 3})
    raw = Raw(server["port"])
    try:
        for packet in MALFORMED:
            raw.ws.send(packet)
        answers = {}
        for ack_id in (1, 2, 3, 4, 5, 6, 7):
            answers[ack_id] = raw.ack(ack_id)
        for ack_id, ack in answers.items():
            assert ack["ok"] is False and ack["code"] == "bad_request", (ack_id, ack)
        # The connection still works, and odd values inside good packets are refused too.
        assert raw.call(10, "join", {"code": created["code"], "token": created["token"]})["ok"]
        assert raw.call(11, "sit", {"seat": 0, "name": "Anna"})["ok"]
        for seat in (1, 2, 3):
            assert raw.call(11 + seat, "bot", {"seat": seat, "level": "greedy"})["ok"]
        assert raw.call(15, "start", {})["ok"]
        for attempt in range(20):  # on the latest version (the bots may move meanwhile)
            version = raw.call(100 + 2 * attempt, "sync", {})["version"]
            ack = raw.call(101 + 2 * attempt, "act", {"action": {"act": "gift", "to": "\u00b2"},
                                                      "version": version, "id": f"a{attempt}"})
            if ack.get("code") != "stale":
                break
        assert ack["ok"] is False and ack["code"] == "bad_action", ack
        assert raw.call(17, "sync", {})["ok"]
    finally:
        raw.close()
    # A plain request after the WebSocket closed: the server has logged what it will.
    assert urllib.request.urlopen(server["base"] + "/healthz", timeout=10).status == 200
    new = log_text(server)[len(before):]
    assert "Traceback" not in new and "ERROR" not in new, new
    lines = [line for line in new.splitlines() if line.strip()]
    assert len(lines) <= len(MALFORMED), new
    assert all(len(line) < 200 for line in lines), new


def test_a_path_with_a_null_byte_is_not_found(server):
    before = log_text(server)
    for path in ("/static/%00", "/static/js/%00.js", "/t/%00", "/lang/%00"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server["base"] + path, timeout=10)
        assert refused.value.code == 404, path
    assert "Traceback" not in log_text(server)[len(before):]


def test_bytes_that_are_not_http_are_refused_with_one_short_line(server):
    before = log_text(server)
    junk = bytes(range(128, 256)) * 40 + b"\r\n\r\n"  # 5 kB of bytes that are no request line
    with socket.create_connection(("127.0.0.1", server["port"]), timeout=10) as sock:
        sock.sendall(junk)
        answer = sock.recv(200)
    assert re.match(rb"HTTP/1\.[01] 4\d\d ", answer), answer  # gevent: 400; gunicorn: 414, too long
    assert urllib.request.urlopen(server["base"] + "/healthz", timeout=10).status == 200
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and log_text(server) == before:
        time.sleep(0.05)  # the line is written after the answer
    new = log_text(server)[len(before):]
    assert len(new.splitlines()) <= 1 and len(new) < 300 and "Traceback" not in new, new


def threads_of(pid: int) -> int:
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return 0
    return int(re.search(r"^Threads:\s+(\d+)", status.read_text(), re.M).group(1))


@pytest.fixture(scope="module")
def shipped_limits(tmp_path_factory):
    """A server with the rate limits as shipped (`processes.Server` lifts the event limit
    for clients that act at machine speed; a flood test needs it in place)."""
    data = tmp_path_factory.mktemp("flood")
    proc = Server(data / "tables", data / "server.log", TICHU_LIMITS="")
    yield {"base": proc.base, "port": proc.port, "log": data / "server.log", "pid": proc.proc.pid}
    proc.kill()


def test_a_flooding_connection_is_cut_without_a_thread_per_event(shipped_limits):
    server = shipped_limits
    created = post(server["base"], "/api/tables", {"host_name": "Anna"})
    before = log_text(server)  # after the table's own line ("table created")
    flooder = Raw(server["port"])
    peak = [threads_of(server["pid"])]
    sampling = threading.Event()

    def sample():
        while not sampling.is_set():
            peak[0] = max(peak[0], threads_of(server["pid"]))
            time.sleep(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    acks, closed = 0, False
    try:
        for i in range(5000):
            try:
                flooder.ws.send(f"42{i}" + json.dumps(["join", {"code": created["code"]}]))
            except (OSError, websocket.WebSocketException):
                closed = True  # cut off while still sending
                break
        try:
            while True:  # read until the server closes the connection (bounded by the recv timeout)
                if flooder.recv().startswith("43"):
                    acks += 1
        except websocket.WebSocketTimeoutException:
            pytest.fail("the server ended the WebSocket but kept the connection open")
        except (OSError, websocket.WebSocketException):
            closed = True
    finally:
        sampling.set()
        sampler.join(5)
        flooder.close()
    assert closed
    assert acks < 200  # the burst, the refusals until it was cut; never the 5,000
    assert peak[0] < 100, peak  # one new thread per event would be thousands
    # Another connection is served as ever.
    other = Raw(server["port"])
    try:
        assert other.call(1, "join", {"code": created["code"]})["ok"]
    finally:
        other.close()
    assert urllib.request.urlopen(server["base"] + "/healthz", timeout=10).status == 200
    new = log_text(server)[len(before):]
    assert "Traceback" not in new and "Bad request" not in new, new
    assert len(new.splitlines()) == 1 and "disconnecting" in new, new  # the one line about the cut


def test_a_message_over_the_size_limit_is_refused_as_it_arrives(server):
    """The server's 64 kB limit holds on the WebSocket itself (websocket_reader.py): the
    connection is closed as "message too big" while the frames come, not once it is all in:
    here the message's first part comes, one byte over the limit, the rest never does, and
    the answer comes anyway. (One byte over: the server reads all that was sent, so closing
    its socket does not reset the connection before the client reads the close.)"""
    raw = Raw(server["port"])
    try:
        part = ("42" + json.dumps(["chat", {"text": "x" * 70_000}]))[:64 * 1024 + 1]
        first = websocket.ABNF.create_frame(part, websocket.ABNF.OPCODE_TEXT, fin=0)
        raw.ws.send_frame(first)
        while True:
            opcode, data = raw.ws.recv_data(control_frame=True)
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                break
        assert int.from_bytes(data[:2], "big") == 1009
    finally:
        raw.close()
    assert urllib.request.urlopen(server["base"] + "/healthz", timeout=10).status == 200
