"""Restart benchmark: one of two processes on one Redis is restarted while bot tables play.

    python bench/restart_bench.py [--tables 50] [--bot-delay 0.3] [--settle 5] [--after 15]
                                  [--signal TERM|KILL] [--root CHECKOUT] [--json]

Starts a redis-server and two app processes (`deploy/local.py` of `--root`, default this
checkout: run it with the root of an older checkout to measure that code), creates
`--tables` tables of four greedy bots, half of them on each process (a table's bots run
where it was started), and watches every table from the process that stays (B). After
`--settle` seconds process A gets the signal and is started again on its port; the run
ends `--after` seconds later. Reports:

- the longest stall of any table: the longest time between two versions a watcher saw,
  in the window from the signal to the end (the target is under 1 s);
- how many tables stalled over 1 s and over 2 s;
- acknowledged actions lost: for every table, moves the watcher had seen before the
  signal that the table no longer shows afterwards (must be 0);
- how long the process took from the signal to its exit.

Loopback only, bounded by --settle + --after and the start-ups. Needs redis-server and
python-socketio's client.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import socketio

HERE = Path(__file__).resolve().parents[1]


class Watcher:
    """One table watched from one process: when each new version arrived."""

    def __init__(self, base: str, code: str):
        self.code = code
        self.arrivals: list[tuple[float, int]] = []  # (monotonic time, moves)
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("state", self._on_state)
        self.doc, self.version = None, None
        self.sio.connect(base, transports=["websocket"], wait_timeout=30)
        ack = self.sio.call("join", {"code": code}, timeout=30)
        assert ack["ok"], ack

    def _on_state(self, msg):
        from app.web.protocol import apply_patch  # of the checkout that runs (--root)

        now = time.monotonic()
        if msg["t"] == "snapshot":
            self.doc, self.version = msg["doc"], msg["v"]
        elif self.doc is not None and msg["base"] == self.version:
            self.doc, self.version = apply_patch(self.doc, msg["ops"]), msg["v"]
        else:
            return  # a gap (none expected here): the arrival is not counted
        self.arrivals.append((now, self.doc["table"]["moves"]))

    def longest_gap(self, start: float, end: float) -> float:
        times = [start] + [t for t, _ in self.arrivals if start <= t <= end] + [end]
        return max(b - a for a, b in zip(times, times[1:]))

    def moves_before(self, when: float) -> int:
        seen = [m for t, m in self.arrivals if t < when]
        return max(seen) if seen else 0

    def fewest_moves_after(self, when: float) -> int:
        return min((m for t, m in self.arrivals if t >= when), default=0)

    def close(self):
        try:
            self.sio.disconnect()
        except Exception:
            pass


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as resp:
        return json.load(resp)


def bots_table(base: str, seed: int) -> str:
    created = post(base, "/api/tables", {"host_name": "Bench", "seed": seed})
    host = socketio.Client(reconnection=False)
    host.connect(base, transports=["websocket"], wait_timeout=30)
    assert host.call("join", {"code": created["code"], "token": created["token"]}, timeout=30)["ok"]
    assert host.call("fill", {"level": "greedy"}, timeout=30)["ok"]
    assert host.call("start", {}, timeout=30)["ok"]
    host.disconnect()
    return created["code"]


def run(args) -> dict:
    sys.path.insert(0, str(args.root))
    from deploy.local import AppProcess, RedisServer

    env = {"TICHU_TESTING": "1", "TICHU_BOT_DELAY": str(args.bot_delay), "TICHU_LIMITS":
           "events=1000000/1000000,create_address=1000000/1000000"}
    with tempfile.TemporaryDirectory(prefix="tichu-restart-") as tmp:
        tmp = Path(tmp)
        redis = RedisServer(tmp / "redis").start()
        a = AppProcess(tmp / "apps", redis.url, env).start()
        b = AppProcess(tmp / "apps", redis.url, env).start()
        watchers: list[Watcher] = []
        try:
            codes = [bots_table((a if i % 2 == 0 else b).base, seed=i + 1) for i in range(args.tables)]
            watchers = [Watcher(b.base, code) for code in codes]
            time.sleep(args.settle)
            sent = time.monotonic()
            a.proc.send_signal(signal.SIGTERM if args.signal == "TERM" else signal.SIGKILL)
            a.proc.wait(60)
            exited = time.monotonic() - sent
            a.start()  # on its port again, as systemd restarts it
            time.sleep(args.after)
            end = time.monotonic()
            gaps = sorted((w.longest_gap(sent, end), w.code) for w in watchers)
            seen = {w.code: w.moves_before(sent) for w in watchers}
            # Moves are the game's accepted actions, stored before anybody sees them: a table
            # showing fewer moves after the signal than a watcher saw before it lost some. (A
            # game that ended and began anew within the window would count here: --bot-delay
            # keeps games far longer than a run.)
            lost = sum(max(0, seen[w.code] - w.fewest_moves_after(sent)) for w in watchers)
            return {"tables": args.tables, "signal": args.signal, "root": str(args.root),
                    "exit_seconds": round(exited, 2),
                    "longest_stall": round(gaps[-1][0], 2), "longest_stall_table": gaps[-1][1],
                    "median_stall": round(gaps[len(gaps) // 2][0], 2),
                    "stalled_over_1s": sum(1 for g, _ in gaps if g > 1),
                    "stalled_over_2s": sum(1 for g, _ in gaps if g > 2), "lost_actions": lost}
        finally:
            for w in watchers:
                w.close()
            for part in (a, b, redis):
                part.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--bot-delay", type=float, default=0.3)
    parser.add_argument("--settle", type=float, default=5.0)
    parser.add_argument("--after", type=float, default=15.0)
    parser.add_argument("--signal", choices=("TERM", "KILL"), default="TERM")
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout whose server runs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = run(args)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
