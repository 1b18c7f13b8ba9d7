"""Soak benchmark: does the server's memory stay flat over a long run?

    python bench/soak_bench.py [--tables 100] [--minutes 15] [--think 1.0] [--warmup 3]
                               [--server app|gunicorn] [--mode gevent|threading] [--json]

Starts the server as `bench/web_bench.py` does (same clients, same server
settings, the SQLite store in a temporary data directory), lets N tables of
four clients play at about one action per table and second (`--think`), games
following games, and samples the server's resident memory (RSS, server and its
children) every `--sample` seconds. Reports:

- the RSS samples, and its slope after the warm-up (least squares, MB per
  minute; the target is under 1 MB/min);
- errors (transport errors, patches that did not fit the client's version; must
  be 0) and refused actions;
- accepted actions per second and p50/p99 from sending an action to its ack,
  over the whole run after the warm-up.

Needs the `bench` extra (`pip install -e '.[bench]'`). Traffic goes to
127.0.0.1 only and the run is bounded by `--minutes`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_bench import Bench, free_port, percentile, start_server, stop_server  # noqa: E402


def slope_per_minute(points: list[tuple[float, float]]) -> float | None:
    """Least-squares slope of (seconds, MB) points, in MB per minute."""
    if len(points) < 2:
        return None
    n = len(points)
    mx = sum(t for t, _ in points) / n
    my = sum(v for _, v in points) / n
    var = sum((t - mx) ** 2 for t, _ in points)
    if var == 0:
        return None
    return 60 * sum((t - mx) * (v - my) for t, v in points) / var


class Soak(Bench):
    async def run(self, base: str, server: psutil.Process) -> dict:
        args = self.args
        await self.setup(base)
        self.running = True
        for table in self.tables:
            ack = await table.clients[0].sio.call("start", {})
            assert ack["ok"], ack
            await asyncio.sleep(self.think / len(self.tables))  # staggered starts
        start = time.perf_counter()
        samples: list[tuple[float, float]] = []
        end = start + args.minutes * 60
        while True:
            procs = [server] + server.children(recursive=True)
            rss = sum(p.memory_info().rss for p in procs) / 2**20
            now = time.perf_counter()
            samples.append((round(now - start, 1), round(rss, 2)))
            if not args.json:
                print(f"{(now - start) / 60:6.2f} min  RSS {rss:7.1f} MB  errors {self.stats.errors}  "
                      f"refused {self.stats.refused}", flush=True)
            if now >= end:
                break
            await asyncio.sleep(min(args.sample, max(0.0, end - now)))
        self.running = False
        await asyncio.sleep(1)  # answers in flight
        await asyncio.gather(*(c.sio.disconnect() for t in self.tables for c in t.clients),
                             return_exceptions=True)
        return self.soak_report(start, samples)

    def soak_report(self, start: float, samples: list) -> dict:
        warm = self.args.warmup * 60
        after = [(t, v) for t, v in samples if t >= warm]
        acks = []
        for table in self.tables:
            for sent, acked in table.sent.values():
                if sent - start >= warm:
                    acks.append(acked - sent)
        window = samples[-1][0] - warm if samples and samples[-1][0] > warm else None
        ms = lambda v: None if v is None else round(v * 1000, 2)
        slope = slope_per_minute(after)
        return {
            "tables": len(self.tables),
            "connections": 4 * len(self.tables),
            "server": self.args.server,
            "think_s": self.think,
            "minutes": self.args.minutes,
            "warmup_minutes": self.args.warmup,
            "actions_after_warmup": len(acks),
            "actions_per_s": round(len(acks) / window, 1) if window else None,
            "ack_ms": {"p50": ms(percentile(acks, 50)), "p99": ms(percentile(acks, 99))},
            "rss_mb": {"first": samples[0][1], "at_warmup": after[0][1] if after else None,
                       "last": samples[-1][1], "max": max(v for _, v in samples)},
            "rss_slope_mb_per_min": round(slope, 3) if slope is not None else None,
            "errors": self.stats.errors,
            "refused": self.stats.refused,
            "samples": samples,
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--minutes", type=float, default=15.0, help="length of the run")
    parser.add_argument("--warmup", type=float, default=3.0, help="minutes left out of the slope and p99")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a client waits before acting")
    parser.add_argument("--sample", type=float, default=10.0, help="seconds between RSS samples")
    parser.add_argument("--server", choices=("app", "gunicorn"), default="app",
                        help="app: `python -m app` (as shipped); gunicorn: one worker of --mode's class")
    parser.add_argument("--threads", type=int, default=600, help="gunicorn threads (one per connection)")
    parser.add_argument("--mode", choices=("gevent", "threading"), default="gevent",
                        help="Flask-SocketIO's async mode (gunicorn's worker class to match)")
    parser.add_argument("--json", action="store_true", help="print only the JSON result")
    parser.add_argument("--trace", metavar="DIR",
                        help="run the server under tracemalloc (slower), a snapshot every --sample "
                             "seconds to DIR, and print what grew after the warm-up (bench/traced_app.py)")
    args = parser.parse_args(argv)
    if args.trace:
        if args.server != "gunicorn":
            parser.error("--trace needs --server gunicorn")
        os.makedirs(args.trace, exist_ok=True)
        args.app = "traced_app:create_app()"
        args.env = {"TICHU_TRACE_DIR": os.path.abspath(args.trace), "TICHU_TRACE_EVERY": str(args.sample)}
    args.seconds = args.minutes * 60
    args.no_persist = False
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="tichu-soak-") as data_dir:
        proc = start_server(args, port, data_dir)
        try:
            result = asyncio.run(Soak(args).run(f"http://127.0.0.1:{port}", psutil.Process(proc.pid)))
        finally:
            stop_server(proc)
            with open(proc.log_path, errors="replace") as log_file:
                lines = log_file.read().splitlines()
        result["server_log_lines"] = len(lines)
        result["server_log_tail"] = lines[-10:]
    if not args.json:
        r = result
        print(f"{r['tables']} tables, {r['connections']} connections ({r['server']}, "
              f"think {r['think_s']} s), {r['minutes']} min, warm-up {r['warmup_minutes']} min")
        print(f"actions per second after warm-up  {r['actions_per_s']}")
        print(f"action -> ack p50 / p99           {r['ack_ms']['p50']} / {r['ack_ms']['p99']} ms")
        print(f"RSS first / at warm-up / last / max  {r['rss_mb']['first']} / {r['rss_mb']['at_warmup']} / "
              f"{r['rss_mb']['last']} / {r['rss_mb']['max']} MB")
        print(f"RSS slope after warm-up           {r['rss_slope_mb_per_min']} MB/min (target < 1)")
        print(f"errors / refused                  {r['errors']} / {r['refused']}")
    if args.trace:
        print_growth(args.trace, args.warmup * 60 / args.sample, args.json)
    print(json.dumps(result))


def print_growth(folder: str, warm_snapshots: float, quiet: bool) -> None:
    """What the traced server allocated and kept, from the snapshot after the warm-up to the last."""
    from traced_app import growth

    snaps = sorted(Path(folder).glob("snap-*.pickle"))
    first = next((s for s in snaps if int(s.stem.split("-")[1]) >= max(1, warm_snapshots)), None)
    if first is None or first == snaps[-1]:
        print("tracemalloc: too few snapshots after the warm-up", file=sys.stderr)
        return
    lines = growth(str(first), str(snaps[-1]))
    print(f"tracemalloc growth {first.name} -> {snaps[-1].name}:", file=sys.stderr if quiet else sys.stdout)
    print("\n".join(lines), file=sys.stderr if quiet else sys.stdout)


if __name__ == "__main__":
    main()
