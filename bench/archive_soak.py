"""Archive soak: in the scale-out, does Redis stay flat while games finish and move out?

    python bench/archive_soak.py [--tables 100] [--minutes 20] [--think 0.5] [--processes 2]
                                 [--sample 30] [--json]

Starts Redis, PostgreSQL (the archive, `TICHU_DATABASE_URL`), `--processes` app processes and
nginx on loopback ports (deploy/local.py), and lets N tables of four clients (web_bench's
clients, through nginx) play short games (to 50 points), a new game after each. Every
`--sample` seconds it reads Redis's memory (`used_memory`), its append-only file's size
(`aof_current_size`, which a rewrite shrinks back to what is live) and the archive's games
and size. Reports those samples, the slope of Redis's memory after the first game ended
(MB per minute; flat is the aim), and the archive's growth per archived game (bytes).

Needs the `bench` extra. Traffic goes to 127.0.0.1 only; the run is bounded by `--minutes`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import tempfile
import time
from pathlib import Path

import psycopg
import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from soak_bench import slope_per_minute  # noqa: E402
from web_bench import BENCH_LIMITS, Bench  # noqa: E402

from deploy.local import AppProcess, Nginx, PostgresServer, RedisServer  # noqa: E402


class ArchiveSoak(Bench):
    async def soak(self, base: str, redis_url: str, database: str) -> dict:
        await self.setup(base)
        self.running = True
        for table in self.tables:
            assert (await table.clients[0].sio.call("start", {}))["ok"]
            await asyncio.sleep(self.think / len(self.tables))
        r = redis.Redis.from_url(redis_url)
        start = time.perf_counter()
        end = start + self.args.minutes * 60
        samples = []
        while True:
            info = r.info()
            with psycopg.connect(database) as db:
                games = db.execute("SELECT COUNT(*) FROM archived_games").fetchone()[0]
                size = db.execute("SELECT pg_total_relation_size('archived_games')"
                                  " + pg_total_relation_size('archived_tables')").fetchone()[0]
            now = time.perf_counter()
            sample = {"s": round(now - start, 1), "redis_mb": round(info["used_memory"] / 2**20, 2),
                      "aof_mb": round(info.get("aof_current_size", 0) / 2**20, 2),
                      "archived_games": games, "archive_mb": round(size / 2**20, 3),
                      "redis_tables": r.zcard("tichu:tables")}
            samples.append(sample)
            if not self.args.json:
                print(json.dumps(sample), flush=True)
            if now >= end:
                break
            await asyncio.sleep(min(self.args.sample, max(0.0, end - now)))
        self.running = False
        await asyncio.sleep(1)
        await asyncio.gather(*(c.sio.disconnect() for t in self.tables for c in t.clients),
                             return_exceptions=True)
        return report(samples, self)


def report(samples: list[dict], bench: ArchiveSoak) -> dict:
    after = [s for s in samples if s["archived_games"] > 0]
    slope = slope_per_minute([(s["s"], s["redis_mb"]) for s in after])
    grown = after[-1]["archive_mb"] - after[0]["archive_mb"] if len(after) > 1 else None
    games = after[-1]["archived_games"] - after[0]["archived_games"] if len(after) > 1 else 0
    return {
        "tables": len(bench.tables), "minutes": bench.args.minutes, "think_s": bench.think,
        "processes": bench.args.processes,
        "redis_mb": {"first": samples[0]["redis_mb"],
                     "after_first_game": after[0]["redis_mb"] if after else None,
                     "last": samples[-1]["redis_mb"], "max": max(s["redis_mb"] for s in samples)},
        "redis_slope_mb_per_min_after_first_game": round(slope, 3) if slope is not None else None,
        "aof_mb_last": samples[-1]["aof_mb"],
        "archived_games": samples[-1]["archived_games"],
        "archive_bytes_per_game": round(grown * 2**20 / games) if games else None,
        "errors": bench.stats.errors, "refused": bench.stats.refused,
        "samples": samples,
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.5, help="seconds a client waits before acting")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--sample", type=float, default=30.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.seconds, args.spread, args.options = args.minutes * 60, False, {"target": 50}
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    parts = []
    with tempfile.TemporaryDirectory(prefix="tichu-archive-soak-") as tmp:
        tmp = Path(tmp)
        try:
            redis_server = RedisServer(tmp / "redis")
            parts.append(redis_server)
            redis_server.start()
            postgres = PostgresServer(tmp / "postgres")
            parts.append(postgres)
            postgres.start()
            env = {"TICHU_TESTING": "0", "TICHU_LIMITS": BENCH_LIMITS, "TICHU_BOMB_WINDOW": "0",
                   "TICHU_DATABASE_URL": postgres.url, "TICHU_ARCHIVE_EVERY": "10"}
            apps = [AppProcess(tmp / "apps", redis_server.url, env) for _ in range(args.processes)]
            for app in apps:
                parts.append(app)
                app.start()
            front = Nginx(tmp / "nginx", [a.port for a in apps])
            parts.append(front)
            front.start()
            result = asyncio.run(ArchiveSoak(args).soak(front.base, redis_server.url, postgres.url))
        finally:
            for part in reversed(parts):
                part.stop()
    if not args.json:
        r = result
        print(f"{r['tables']} tables, {r['processes']} processes, {r['minutes']} min: "
              f"{r['archived_games']} games archived, {r['archive_bytes_per_game']} bytes each in PostgreSQL")
        print(f"Redis MB first / after the first game / last / max: {r['redis_mb']}")
        print(f"Redis slope after the first game: {r['redis_slope_mb_per_min_after_first_game']} MB/min; "
              f"AOF {r['aof_mb_last']} MB; errors {r['errors']}, refused {r['refused']}")
    print(json.dumps({k: v for k, v in result.items() if k != "samples"} if not args.json else result))


if __name__ == "__main__":
    main()
