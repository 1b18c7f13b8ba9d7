"""Real server processes (`python -m app`) and Socket.IO clients for tests that kill them.

A `Server` runs on a free loopback port with its own data directory; a
`SeatClient` is a python-socketio client that keeps its document from the
server's snapshots and patches, as a browser does.
"""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from app.web.protocol import apply_patch

ROOT = Path(__file__).resolve().parents[2]

socketio = pytest.importorskip("socketio", reason="python-socketio's client (the test extra) is needed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, data_dir: Path, log_path: Path, open_files: int | None = None, **env):
        self.log_path = log_path
        # Clients here act as fast as the server answers: the per-connection event limit is
        # lifted (tests that are about limits pass their own TICHU_LIMITS).
        full_env = {**os.environ, "TICHU_TESTING": "1", "TICHU_BOT_DELAY": "0", "TICHU_GC_TUNE": "0",
                    "TICHU_LIMITS": "events=1000000/1000000",
                    **{k: str(v) for k, v in env.items()}}
        full_env.pop("PORT", None)
        # open_files: the process's open files limit, soft and hard (it cannot raise it further).
        limit = None if open_files is None else \
            (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files)))
        # A free port can be taken by another test process (tests run in parallel) before the
        # server binds it: the server then stops saying so, and starts again on another port.
        for _attempt in range(3):
            if self._start(data_dir, full_env, limit):
                return
        raise RuntimeError("the server found no free port:\n" + log_path.read_text()[-3000:])

    def _start(self, data_dir: Path, env: dict, limit) -> bool:
        """Start the server on a free port: True once it answers, False if the port was taken."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        start = self.log_path.stat().st_size if self.log_path.exists() else 0
        self._log = open(self.log_path, "a")
        self.proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(self.port),
                                      "--data-dir", str(data_dir)],
                                     cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     preexec_fn=limit)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2):
                    return True
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    said = self.log_path.read_text()[start:]
                    if f"port {self.port} is already in use" in said:
                        return False
                    raise RuntimeError("the server did not start:\n" + said[-3000:]) from None
                time.sleep(0.1)

    def kill9(self) -> None:
        """`kill -9`: no chance to clean up or flush anything."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)
        self._log.close()

    def kill(self) -> None:
        try:
            self.kill9()
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass


class SeatClient:
    """One connection: its document and version, kept from the server's messages."""

    def __init__(self, base: str):
        self.sio = socketio.Client(reconnection=False)
        self.cond = threading.Condition()
        self.doc = None
        self.version = -1
        self.sio.on("state", self._on_state)
        self.sio.connect(base, transports=["websocket"], wait_timeout=20)

    def _on_state(self, msg):
        with self.cond:
            if msg["t"] == "snapshot":
                if msg["v"] >= self.version:  # a snapshot older than a patch already applied is dropped
                    self.doc, self.version = msg["doc"], msg["v"]
            elif self.doc is not None and msg["base"] == self.version:
                self.doc, self.version = apply_patch(self.doc, msg["ops"]), msg["v"]
            else:  # a gap: ask for a snapshot
                self.sio.emit("sync", {})
            self.cond.notify_all()

    def call(self, event: str, payload: dict, timeout: float = 20) -> dict:
        """The server's answer to the event. Raises socketio's TimeoutError when none comes in
        `timeout` seconds, and at once when the connection drops (a killed server answers
        nothing: waiting out the timeout would only make the test slower)."""
        answered = threading.Event()
        answers: list[tuple] = []

        def got(*args):
            answers.append(args)
            answered.set()

        self.sio.emit(event, payload, callback=got)
        deadline = time.monotonic() + timeout
        while not answered.wait(0.05):
            if not self.sio.connected or time.monotonic() > deadline:
                raise socketio.exceptions.TimeoutError()
        args = answers[0]
        return args[0] if len(args) == 1 else (args or None)

    def wait_version(self, version: int, timeout: float = 20) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: self.version >= version, timeout)

    def close(self):
        try:
            self.sio.disconnect()
        except Exception:
            pass
