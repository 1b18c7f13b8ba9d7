"""A rolling restart: two processes on one Redis, each restarted in turn (SIGTERM, then
started again on its port) while bot tables play; watchers follow every table through it,
moving to the other process when theirs restarts, as nginx would send them."""

from __future__ import annotations

import threading
import time

import socketio

from app.engine.record import replay
from app.web.protocol import apply_patch

from .fixtures import create_table, get_json

LEASE = "30"  # a table not handed over would stall for 30 s: far above the bound below
STALL_BOUND = 2.0  # seconds, the target; the handover takes a few tenths (bench/restart_bench.py)


class FollowingWatcher:
    """Watches one table; when its process restarts, joins again on the other one."""

    def __init__(self, bases: list[str], code: str):
        self.bases, self.code = bases, code
        self.arrivals: list[tuple[float, int]] = []  # (time, moves) of each new version
        self.doc, self.version = None, None
        self._lock = threading.Lock()
        self.sio = self._connect(0)

    def _connect(self, index: int):
        sio = socketio.Client(reconnection=False)
        sio.on("state", self._on_state)
        sio.on("restart", lambda _data: threading.Thread(target=self._move, args=(sio,), daemon=True).start())
        sio.connect(self.bases[index], transports=["websocket"], wait_timeout=30)
        self.index = index
        with self._lock:
            self.version = None  # a new connection starts from a snapshot
        assert sio.call("join", {"code": self.code}, timeout=30)["ok"]
        return sio

    def _move(self, old):
        old.disconnect()
        self.sio = self._connect(1 - self.index)

    def _on_state(self, msg):
        with self._lock:
            if msg["t"] == "snapshot":
                if self.version is not None and msg["v"] <= self.version:
                    return
                self.doc, self.version = msg["doc"], msg["v"]
            elif self.version is not None and msg["base"] == self.version:
                self.doc, self.version = apply_patch(self.doc, msg["ops"]), msg["v"]
            else:
                return
            self.arrivals.append((time.monotonic(), self.doc["table"]["moves"]))

    def longest_stall(self, start: float, end: float) -> float:
        times = [start] + [t for t, _ in self.arrivals if start <= t <= end] + [end]
        return max(b - a for a, b in zip(times, times[1:]))

    def close(self):
        try:
            self.sio.disconnect()
        except Exception:
            pass


def start_bots_table(base: str, seed: int) -> str:
    code, token = create_table(base, seed=seed)
    host = socketio.Client(reconnection=False)
    host.connect(base, transports=["websocket"], wait_timeout=30)
    assert host.call("join", {"code": code, "token": token}, timeout=30)["ok"]
    assert host.call("fill", {"level": "greedy"}, timeout=30)["ok"]
    assert host.call("start", {}, timeout=30)["ok"]
    host.disconnect()
    return code


def test_each_process_restarted_in_turn_stalls_no_table_and_loses_nothing(apps):
    a, b = apps(2, TICHU_LEASE_SECONDS=LEASE, TICHU_BOT_DELAY="0.1", TICHU_DRAIN_SECONDS="5")
    codes = [start_bots_table(p.base, seed) for seed, p in enumerate((a, b, a, b), start=1)]
    # Half the watchers start on each process: each restart moves some of them.
    watchers = [FollowingWatcher([p.base, q.base], code)
                for code, (p, q) in zip(codes, [(a, b), (b, a)] * 2)]
    time.sleep(1.0)
    start = time.monotonic()
    for process in (a, b):
        process.stop()  # SIGTERM: the drain; exits 0 (else stop() kills it and the check fails)
        assert process.proc.returncode == 0, process.log.read_text()[-2000:]
        process.start()  # on its port again
        time.sleep(2.0)
    end = time.monotonic()
    stalls = {w.code: round(w.longest_stall(start, end), 2) for w in watchers}
    assert max(stalls.values()) < STALL_BOUND, stalls
    for w in watchers:
        moves = [m for _, m in w.arrivals]
        assert moves == sorted(moves), f"{w.code}: moves went back (something stored was lost)"
        w.close()
    for code in codes:  # every table's record replays with the engine's checks
        assert replay(get_json(f"{a.base}/t/{code}/record.json"))["error"] is None
