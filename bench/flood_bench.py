"""Flood benchmark: honest tables keep their pace while one connection floods the server.

    python bench/flood_bench.py [--tables 10] [--events 5000] [--before 15] [--after 15]
                                [--server app|gunicorn] [--root DIR] [--json]

Starts the server as a subprocess (`python -m app`, as shipped: gevent; or `--server
gunicorn`: one gthread worker, a thread per connection), and plays `--tables` tables
of four python-socketio clients at about
one action per table and second (each client acts 0.5 to 1.5 s after its turn comes,
bench/web_bench.py's clients). After `--before` seconds one more connection joins the
first table as a watcher (from a process of its own, as from another machine) and
sends `--events` events over a raw WebSocket without
waiting for any answer (joins, syncs, chats and actions, in turn), then reads until the
server answers everything or closes the connection. The honest clients play on for
`--after` seconds after that.

Reported, for the honest actions sent in each phase (before the flood; during it: from
its first packet until the flooder was cut off or answered, and one second more, at
least 5 s; after it): the count and p50/p99 from sending an action to its acknowledgement, all tables
and the flooded table alone; for the flooder: how long until it was cut off, how many
of its events were answered (and how: accepted, rate_limited, ...), and the server's
peak thread count during the flood. Target: honest p99 during the flood under twice
its value before.

`--root DIR` runs the server of another checkout (say, an older commit unpacked with
`git archive`) to compare. Needs the `bench` extra. Traffic goes to 127.0.0.1 only and
the run is bounded by the phases (plus at most 60 s for the flood's answers).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import concurrent.futures
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import aiohttp
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_bench import ROOT, Bench, free_port, percentile, stop_server  # noqa: E402

FLOOD_EVENTS = ("join", "sync", "chat", "act")
DURING_MIN = 5.0


def start_server(args, port: int, data_dir: str, log_path: str) -> subprocess.Popen:
    root = Path(args.root).resolve() if args.root else ROOT
    env = {**os.environ, "TICHU_DATA_DIR": data_dir, "TICHU_TESTING": "0", "PYTHONPATH": str(root),
           "TICHU_BOMB_WINDOW": "0"}
    env.pop("TICHU_LIMITS", None)  # the limits as shipped
    if args.server == "gunicorn":
        cmd = [sys.executable, "-m", "gunicorn", "-w", "1", "--threads", str(args.threads),
               "-b", f"127.0.0.1:{port}", "--graceful-timeout", "3", "--log-level", "warning",
               "app.web.server:create_app()"]
    else:
        cmd = [sys.executable, "-m", "app", "--port", str(port)]
    log = open(log_path, "w")  # a file, never a pipe: a flood of log lines must not block the server
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("server did not start: " + Path(log_path).read_text()[-2000:]) from None
            time.sleep(0.2)


class Flooder:
    """One connection speaking Engine.IO 4 by hand, sending without waiting for answers."""

    def __init__(self, base: str, code: str, events: int):
        self.url = base.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.code = code
        self.events = events
        self.answers: collections.Counter = collections.Counter()
        self.started = self.sent_all = self.ended = None
        self.cut = False
        self.sent = 0

    def packet(self, i: int) -> str:
        name = FLOOD_EVENTS[i % len(FLOOD_EVENTS)]
        payload = {"join": {"code": self.code}, "sync": {}, "chat": {"text": "spam", "name": "Flood"},
                   "act": {"action": {"act": "pass"}}}[name]
        return f"42{i}" + json.dumps([name, payload])

    async def run(self, http: aiohttp.ClientSession) -> None:
        async with http.ws_connect(self.url, max_msg_size=0) as ws:
            assert (await ws.receive_str()).startswith("0")
            await ws.send_str("40")
            assert (await ws.receive_str()).startswith("40")
            reader = asyncio.get_running_loop().create_task(self.read(ws))
            self.started = time.perf_counter()
            try:
                for i in range(self.events):
                    await ws.send_str(self.packet(i))
                    self.sent += 1
            except (ConnectionError, RuntimeError, aiohttp.ClientError):
                pass  # cut off while sending
            self.sent_all = time.perf_counter()
            try:
                await asyncio.wait_for(reader, 60)
            except TimeoutError:
                reader.cancel()
        self.ended = self.ended or time.perf_counter()

    async def read(self, ws) -> None:
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            data = msg.data
            if data == "2":
                await ws.send_str("3")
            elif data.startswith("43"):
                body = json.loads(data[data.index("["):])[0]
                self.answers["ok" if body.get("ok") else body.get("code")] += 1
                if sum(self.answers.values()) >= self.events:
                    break
            elif data.startswith("41"):
                self.cut = True  # the server said goodbye to the namespace
        else:
            self.cut = True  # the server closed the connection
        if ws.closed:
            self.cut = True
        self.ended = time.perf_counter()


def flood(flooder: Flooder) -> Flooder:
    """Runs in the flooder's own process; the times are perf_counter's, the same clock in
    every process on Linux (CLOCK_MONOTONIC)."""
    async def go():
        async with aiohttp.ClientSession() as http:
            await flooder.run(http)
    asyncio.run(go())
    return flooder


async def run(args, base: str, server: psutil.Process) -> dict:
    bench_args = argparse.Namespace(tables=args.tables, think=1.0, seconds=0, server=args.server)
    bench = Bench(bench_args)
    await bench.setup(base)
    bench.running = True
    for table in bench.tables:
        ack = await table.clients[0].sio.call("start", {})
        assert ack["ok"], ack
        await asyncio.sleep(1.0 / len(bench.tables))  # staggered starts
    await asyncio.sleep(3)  # warm-up
    t_before = time.perf_counter()
    await asyncio.sleep(args.before)
    flooder = Flooder(base, bench.tables[0].code, args.events)
    def threads() -> int:  # gunicorn's worker is a child of the server process
        return sum(p.num_threads() for p in [server, *server.children(recursive=True)])

    peak_threads = threads_before = threads()
    sampling = True

    async def sample():
        nonlocal peak_threads
        while sampling:
            try:
                peak_threads = max(peak_threads, threads())
            except psutil.Error:
                return
            await asyncio.sleep(0.05)

    sampler = asyncio.get_running_loop().create_task(sample())
    # The flooder runs in a process of its own, as it would on another machine: in this
    # one, its tight send loop would hold up the honest clients' reading of their answers.
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        flooder = await asyncio.get_running_loop().run_in_executor(pool, flood, flooder)
    # At least DURING_MIN seconds, so the phase holds a few honest actions of every table.
    t_during_end = max(flooder.ended + 1.0, flooder.started + DURING_MIN)
    await asyncio.sleep(max(0.0, t_during_end - time.perf_counter()))
    sampling = False
    await sampler
    await asyncio.sleep(args.after)
    t_after_end = time.perf_counter()
    bench.running = False
    await asyncio.sleep(1)  # answers in flight
    clients = [c for t in bench.tables for c in t.clients]
    await asyncio.gather(*(c.sio.disconnect() for c in clients), return_exceptions=True)

    phases = {"before": (t_before, flooder.started), "during": (flooder.started, t_during_end),
              "after": (t_during_end, t_after_end)}
    ms = lambda v: None if v is None else round(v * 1000, 1)

    def latencies(tables, start, end) -> dict:
        acks = [acked - sent for t in tables for sent, acked in t.sent.values() if start <= sent < end]
        return {"actions": len(acks), "p50_ms": ms(percentile(acks, 50)), "p99_ms": ms(percentile(acks, 99)),
                "max_ms": ms(max(acks)) if acks else None}

    slowest = sorted(((acked - sent, sent - flooder.started, i) for i, t in enumerate(bench.tables)
                      for sent, acked in t.sent.values() if flooder.started <= sent < t_during_end),
                     reverse=True)
    result = {
        "tables": args.tables, "server": args.server,
        "root": str(Path(args.root).resolve() if args.root else ROOT),
        "honest": {name: latencies(bench.tables, *span) for name, span in phases.items()},
        "flooded_table": {name: latencies(bench.tables[:1], *span) for name, span in phases.items()},
        "flooder": {
            "events": args.events, "sent": flooder.sent,
            "sending_s": round(flooder.sent_all - flooder.started, 2),
            "cut": flooder.cut, "until_end_s": round(flooder.ended - flooder.started, 2),
            "answers": dict(flooder.answers),
        },
        # The three slowest honest actions during the flood: ms, sent at (s from the flood's start), table.
        "during_slowest": [(ms(lag), round(at, 3), i) for lag, at, i in slowest[:3]],
        "server_threads_before": threads_before, "server_threads_peak": peak_threads,
        "refused_honest": bench.stats.refused, "errors_honest": bench.stats.errors,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    before, during = result["honest"]["before"]["p99_ms"], result["honest"]["during"]["p99_ms"]
    result["during_over_before_p99"] = round(during / before, 2) if before and during else None
    return result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--events", type=int, default=5000, help="events the flooder sends")
    parser.add_argument("--before", type=float, default=15.0, help="seconds measured before the flood")
    parser.add_argument("--after", type=float, default=15.0, help="seconds measured after it")
    parser.add_argument("--server", choices=("app", "gunicorn"), default="app")
    parser.add_argument("--threads", type=int, default=600, help="gunicorn threads")
    parser.add_argument("--root", help="the checkout whose server runs (default: this one)")
    parser.add_argument("--json", action="store_true", help="print only the JSON result")
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="tichu-flood-") as data_dir:
        log_path = os.path.join(data_dir, "server.log")
        proc = start_server(args, port, os.path.join(data_dir, "tables"), log_path)
        try:
            result = asyncio.run(run(args, f"http://127.0.0.1:{port}", psutil.Process(proc.pid)))
        finally:
            stop_server(proc)
        log_text = Path(log_path).read_text(errors="replace")
        result["server_log"] = {"lines": len(log_text.splitlines()),
                                "tracebacks": log_text.count("Traceback")}
    if not args.json:
        for phase in ("before", "during", "after"):
            h, f = result["honest"][phase], result["flooded_table"][phase]
            print(f"{phase:>7}: {h['actions']:4d} actions  p50 {h['p50_ms']} ms  p99 {h['p99_ms']} ms  "
                  f"max {h['max_ms']} ms   (flooded table: p99 {f['p99_ms']} ms, max {f['max_ms']} ms)")
        fl = result["flooder"]
        print(f"flooder: sent {fl['sent']}/{fl['events']} in {fl['sending_s']} s; cut: {fl['cut']} after "
              f"{fl['until_end_s']} s; answers {fl['answers']}")
        print(f"server threads {result['server_threads_before']} before, "
              f"peak {result['server_threads_peak']}; log {result['server_log']}; "
              f"p99 during/before {result['during_over_before_p99']}")
        print("slowest during (ms, s after the flood began, table):", result["during_slowest"])
    print(json.dumps(result))


if __name__ == "__main__":
    main()
