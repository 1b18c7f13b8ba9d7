"""Socket.IO clients over real connections, keeping their document as the browser does.

A `Seat` connects to one server (an app process or nginx), joins a table and
applies the `state` envelopes with the protocol's rules, checking them as the
socket layer's tests do: a patch applies only on the version it was made
from; a duplicate (an older or equal version) is dropped; a gap makes it ask
for a snapshot. It records every version it saw, so a test can check that
nothing was skipped and nothing came twice.
"""

from __future__ import annotations

import copy
import threading
import time
import uuid

import socketio

from app.web.protocol import apply_patch

TIMEOUT = 30.0


class Seat:
    def __init__(self, base: str, name: str = "P"):
        self.base = base
        self.name = name
        self.token: str | None = None
        self.doc: dict | None = None
        self.version: int | None = None
        self.snapshots = 0
        self.gaps = 0
        self.versions: list[int] = []  # every version reached, in order
        self.acts = 0  # actions sent (each gets its own id)
        self.nonce = uuid.uuid4().hex[:8]  # this client's part of its action ids
        self._cond = threading.Condition()
        self.sio = socketio.Client(reconnection=False, request_timeout=TIMEOUT)
        self.sio.on("state", self._on_state)

    def connect(self, base: str | None = None) -> Seat:
        if base is not None:
            self.base = base
        self.sio.connect(self.base, transports=["websocket"], wait_timeout=TIMEOUT)
        return self

    def close(self):
        try:
            self.sio.disconnect()
        except Exception:  # already gone with its server
            pass

    # -- receiving ---------------------------------------------------------------------

    def _on_state(self, msg):
        with self._cond:
            if msg["t"] == "snapshot":
                if self.version is None or msg["v"] >= self.version:
                    self.doc, self.version = msg["doc"], msg["v"]
                    self.snapshots += 1
                    self.versions.append(msg["v"])
            elif self.version is not None and msg["v"] <= self.version:
                pass  # seen already
            elif self.version is None or msg["base"] != self.version:
                self.gaps += 1
                threading.Thread(target=self._sync, daemon=True).start()
            else:
                self.doc = apply_patch(self.doc, msg["ops"])
                self.version = msg["v"]
                self.versions.append(msg["v"])
            self._cond.notify_all()

    def _sync(self):
        try:
            self.sio.call("sync", {}, timeout=TIMEOUT)
        except Exception:
            pass

    def wait(self, predicate, timeout: float = TIMEOUT, what: str = "a state"):
        """Wait until predicate(doc) holds (checked after every message); the doc."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.doc is None or not predicate(self.doc):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{self.name}: no {what} in {timeout} s (at version {self.version})")
                self._cond.wait(left)
            return self.doc

    def wait_version(self, version: int, timeout: float = TIMEOUT) -> dict:
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.version is None or self.version < version:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{self.name}: version {version} did not come (at {self.version})")
                self._cond.wait(left)
            return self.doc

    # -- requests ----------------------------------------------------------------------

    def call(self, event: str, payload: dict | None = None) -> dict:
        return self.sio.call(event, payload or {}, timeout=TIMEOUT)

    def join(self, code: str, token: str | None = None) -> dict:
        self.version = None  # a new connection starts from a snapshot
        ack = self.call("join", {"code": code, **({"token": token} if token else {})})
        assert ack["ok"], ack
        self.wait_version(ack["version"])
        return ack

    def sit(self, seat: int) -> dict:
        ack = self.call("sit", {"seat": seat, "name": self.name})
        if ack.get("token"):
            self.token = ack["token"]
        return ack

    def act(self, action: dict) -> dict:
        """An action decided on the document this client holds, with a new id."""
        self.acts += 1  # ids are new for every decision: a person reconnecting is a new client here
        return self.call("act", {"action": action, "version": self.version,
                                 "id": f"{self.name}-{self.nonce}-{self.acts}"})

    @property
    def view(self) -> dict | None:
        """The game as this seat sees it now: a copy (the document is patched in place as
        messages come, on the client's own thread)."""
        with self._cond:
            return copy.deepcopy(self.doc["game"]) if self.doc else None

    def state(self) -> tuple[dict | None, int | None]:
        """The game as this seat sees it and its version, read together."""
        with self._cond:
            return (copy.deepcopy(self.doc["game"]) if self.doc else None), self.version

    def table(self) -> dict | None:
        with self._cond:
            return copy.deepcopy(self.doc["table"]) if self.doc else None


def close_all(seats) -> None:
    """Disconnect all at once (each waits a few seconds for the server's WebSocket close)."""
    threads = [threading.Thread(target=seat.close) for seat in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(15)


def at_once(*calls) -> list:
    """Run the calls in threads released together; their results (or exceptions), in order."""
    start = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        start.wait()
        try:
            results[i] = call()
        except Exception as exc:  # the caller checks what each call gave
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    return results
