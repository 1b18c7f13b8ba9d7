"""Web benchmark: N tables of four Socket.IO clients playing over loopback against a real server.

    python bench/web_bench.py [--tables 100] [--seconds 60] [--server app|gunicorn]
                              [--mode gevent|threading] [--threads N] [--think 0] [--processes N] [--json]
                              [--reviews N [--review-workers 1]]

Starts the server as a subprocess (by default `python -m app` in gevent mode, as
shipped; `--mode threading`: its embedded gunicorn, a thread per connection; or
`--server gunicorn`: gunicorn itself, gevent or gthread worker by `--mode`),
creates N tables over HTTP, connects four
python-socketio clients per table (websocket transport), seats them and starts
the games. Each client keeps its document from the server's snapshots and
patches and acts with GreedyBot's decision on its own view whenever it has one
(after `--think` seconds on average, 0.5x to 1.5x at random; 0 = at once, so
every table plays as fast as the server lets it); a finished game is followed
by a new one. Tables start staggered over one think time and the window opens
after a warm-up, so it measures the steady state.

Measured over the window after all tables have started:
- accepted actions per second (all tables);
- p50/p99 time from sending an action to its acknowledgement, and to the moment
  the last of the table's four clients has the patch of that version;
- the server's CPU (percent of one core; user + system of the server processes)
  and memory (resident set size at the end, and its peak);
- bytes per patch against a full snapshot of the same document (compact JSON of
  the message, as Socket.IO sends it, without its ~12-byte frame).

`--processes N` runs the scale-out instead (deploy/local.py): one
redis-server (deploy/templates/redis.conf, append-only), N `python -m app`
processes (in `--mode`) sharing the tables through it, nginx (deploy/templates/nginx-site.conf) in front;
the clients connect through nginx with their table's code in the address, as
the page does, so a table's four connections reach one process (`--spread`:
without it, so they land on different processes and every change on one
makes the next change on another catch up first: the worst case). The server
CPU is the app processes'; Redis's and nginx's are reported beside it. Memory
per table: the growth of the app processes' and Redis's resident memory from
before the tables were made, per table.

`--reviews N` keeps N round reviews going beside the tables the whole time (`/api/review`,
each on a round and seat not reviewed before, so none is answered from the kept ones): the
review workers (`--review-workers`, the server's TICHU_REVIEW_WORKERS) are busy throughout,
and the tables' figures show what that costs them. The reviews answered, refused and their
p50 time are reported beside them (the workers' CPU is not in the server's). The review
requests come from a process of their own, so that making them does not hold up the
clients whose acknowledgements are timed.

Needs the `bench` extra (`pip install -e '.[bench]'`): gunicorn, psutil, aiohttp
and the python-socketio client. Traffic goes to 127.0.0.1 only and the run is
bounded by `--seconds`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import aiohttp
import psutil
import socketio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app import malloc_tune  # noqa: E402
from app.bots import GreedyBot  # noqa: E402
from app.web.protocol import apply_patch  # noqa: E402

SNAPSHOT_SAMPLE = 8  # measure the full document's size every 8th patch a client gets


def compact(value) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


class Stats:
    def __init__(self):
        self.patch_bytes: list[int] = []
        self.snapshot_bytes: list[int] = []  # the full document at sampled patches
        self.first_snapshot_bytes: list[int] = []
        self.refused = 0
        self.errors = 0


class TableRun:
    def __init__(self, bench, code: str, host_token: str):
        self.bench = bench
        self.code = code
        self.host_token = host_token
        self.clients = [Client(bench, self, seat) for seat in range(4)]
        self.sent: dict[int, tuple[float, float]] = {}  # version -> (sent at, acked at)
        self.arrived: dict[int, list] = {}  # version -> [clients that have it, time of the last]
        self.new_game_asked = -1


class Client:
    def __init__(self, bench, table: TableRun, seat: int):
        self.bench = bench
        self.table = table
        self.seat = seat
        self.sio = socketio.AsyncClient(reconnection=False)
        self.sio.on("state", self.on_state)
        self.doc = None
        self.version = None
        self.pending = False
        self.acked = 0  # the version of this client's last accepted request
        self.patches = 0
        self.bot = GreedyBot(seat)
        self.acts = 0
        self.nonce = uuid.uuid4().hex[:8]  # this client's part of its action ids

    async def connect(self, base: str, attempts: int = 3):
        """Connect; on a loaded machine a handshake through nginx may fail now and then."""
        for attempt in range(attempts):
            try:
                # As the page does: the table's code in the address (nginx keeps a table together).
                url = base if self.bench.spread else f"{base}?table={self.table.code}"
                return await self.sio.connect(url, transports=["websocket"])
            except socketio.exceptions.ConnectionError:
                if attempt == attempts - 1:
                    raise
                await asyncio.sleep(1 + attempt)

    async def on_state(self, msg):
        now = time.perf_counter()
        stats = self.bench.stats
        if msg["t"] == "snapshot":
            self.doc, self.version = msg["doc"], msg["v"]
            stats.first_snapshot_bytes.append(compact(msg))
        else:
            if msg["base"] != self.version:
                stats.errors += 1
                await self.sio.emit("sync", {})
                return
            self.doc = apply_patch(self.doc, msg["ops"])
            self.version = msg["v"]
            if self.bench.measuring:
                stats.patch_bytes.append(compact(msg))
                self.patches += 1
                if self.patches % SNAPSHOT_SAMPLE == 0:
                    full = {"t": "snapshot", "v": self.version, "doc": self.doc}
                    stats.snapshot_bytes.append(compact(full))
        slot = self.table.arrived.setdefault(self.version, [0, 0.0])
        slot[0] += 1
        slot[1] = now
        self.maybe_act()

    def maybe_act(self):
        # An ack may come before the patch it caused (the scale-out sends patches through
        # Redis): wait for that patch rather than act again on the document before it.
        if self.pending or self.doc is None or not self.bench.running or self.version < self.acked:
            return
        view = self.doc.get("game")
        if view is None:
            return
        if view["game_over"]:
            if self.seat == 0 and self.table.new_game_asked != self.version:
                self.table.new_game_asked = self.version
                self.pending = True
                asyncio.get_running_loop().create_task(self.call("new_game", {}, count=False))
            return
        action = self.bot.decide(view)
        if action is not None:
            self.pending = True
            self.acts += 1  # every action has its own id and the version it was decided on
            payload = {"action": action, "version": self.version, "id": f"{self.nonce}-{self.acts}"}
            asyncio.get_running_loop().create_task(self.call("act", payload))

    async def call(self, event: str, payload: dict, count: bool = True):
        if self.bench.think:
            # A person's pace varies; the jitter also keeps the tables from acting in lockstep.
            await asyncio.sleep(self.bench.think * self.bench.rng.uniform(0.5, 1.5))
            if not self.bench.running:  # the run ended meanwhile: clients are disconnecting
                self.pending = False
                return
        sent = time.perf_counter()
        try:
            ack = await self.sio.call(event, payload, timeout=60)
        except Exception:
            if not self.bench.running:
                self.pending = False
                return
            self.bench.stats.errors += 1
            ack = {"ok": False}
        acked = time.perf_counter()
        self.pending = False
        if ack.get("ok"):
            self.acked = ack["version"]
        if ack.get("ok") and count:
            self.table.sent[ack["version"]] = (sent, acked)
        elif not ack.get("ok"):
            self.bench.stats.refused += 1
        self.maybe_act()


class Bench:
    def __init__(self, args):
        self.args = args
        self.think = args.think
        self.rng = random.Random(1)
        self.stats = Stats()
        self.running = False
        self.measuring = False
        self.tables: list[TableRun] = []
        self.commands: dict[str, int] | None = None
        self.spread = bool(getattr(args, "spread", False))  # flood_bench and soak_bench have no --spread
        self.reviews = {"answered": 0, "refused": 0, "seconds": []}

    async def setup(self, base: str):
        async with aiohttp.ClientSession() as http:
            for i in range(self.args.tables):
                body = {"host_name": f"Host {i}", "listed": False}
                if getattr(self.args, "options", None):  # rule options (archive_soak: short games)
                    body["options"] = self.args.options
                async with http.post(f"{base}/api/tables", json=body) as r:
                    data = await r.json()
                self.tables.append(TableRun(self, data["code"], data["token"]))
        clients = [c for t in self.tables for c in t.clients]
        for i in range(0, len(clients), 50):  # connect in batches
            await asyncio.gather(*(c.connect(base) for c in clients[i:i + 50]))
        for table in self.tables:
            host = table.clients[0]
            await host.sio.call("join", {"code": table.code, "token": table.host_token})
            await host.sio.call("sit", {"seat": 0, "name": "P0"})
            for c in table.clients[1:]:
                await c.sio.call("join", {"code": table.code})
                ack = await c.sio.call("sit", {"seat": c.seat, "name": f"P{c.seat}"})
                assert ack["ok"], ack

    async def run(self, base: str, server: psutil.Process | list, helpers: list | None = None,
                  redis_url: str | None = None) -> dict:
        """`server`: the server's process (or processes); `helpers`: Redis and nginx, if any;
        `redis_url`: the scale-out's Redis, whose commands are counted."""
        roots = server if isinstance(server, list) else [server]
        procs = roots + [c for p in roots for c in p.children(recursive=True)]
        helpers = helpers or []
        rss_before = sum(p.memory_info().rss for p in procs + helpers[:1])
        await self.setup(base)
        self.running = True
        lanes = getattr(self.args, "reviews", 0)  # flood_bench and soak_bench have no --reviews
        reviewers = ReviewLanes(base, lanes) if lanes else None
        for table in self.tables:
            ack = await table.clients[0].sio.call("start", {})
            assert ack["ok"], ack
            if self.think:
                await asyncio.sleep(self.think / len(self.tables))  # staggered starts
        await asyncio.sleep(max(2.0, 3 * self.think))  # warm-up: every table is well under way
        cpu0 = sum(sum(p.cpu_times()[:2]) for p in procs)
        helpers_cpu0 = sum(sum(p.cpu_times()[:2]) for p in helpers)
        me = psutil.Process()
        me_cpu0 = sum(me.cpu_times()[:2])
        commands0 = redis_commands(redis_url)
        self.measuring = True
        if reviewers:
            reviewers.measuring.set()
        start = time.perf_counter()
        peak_rss = 0
        while time.perf_counter() - start < self.args.seconds:
            await asyncio.sleep(1)
            peak_rss = max(peak_rss, sum(p.memory_info().rss for p in procs))
        end = time.perf_counter()
        cpu1 = sum(sum(p.cpu_times()[:2]) for p in procs)
        helpers_cpu = sum(sum(p.cpu_times()[:2]) for p in helpers) - helpers_cpu0
        me_cpu1 = sum(me.cpu_times()[:2])
        commands = redis_commands(redis_url)
        self.commands = None if commands is None else \
            {name: count - commands0.get(name, 0) for name, count in commands.items()}
        self.measuring = False
        self.running = False
        if reviewers:
            self.reviews = await asyncio.get_running_loop().run_in_executor(None, reviewers.stop)
        rss = sum(p.memory_info().rss for p in procs)
        self.memory_per_table = (rss + sum(p.memory_info().rss for p in helpers[:1]) - rss_before) \
            / len(self.tables)
        self.helpers_cpu = helpers_cpu if helpers else None
        await asyncio.sleep(1)  # answers in flight
        await asyncio.gather(*(c.sio.disconnect() for t in self.tables for c in t.clients),
                             return_exceptions=True)
        return self.report(start, end, cpu1 - cpu0, me_cpu1 - me_cpu0, rss, peak_rss)

    def report(self, start, end, server_cpu, bench_cpu, rss, peak_rss) -> dict:
        window = end - start
        acks, lasts = [], []
        actions = 0
        for table in self.tables:
            for version, (sent, acked) in table.sent.items():
                if not start <= sent < end:
                    continue
                actions += 1
                acks.append(acked - sent)
                count, last = table.arrived.get(version, (0, 0.0))
                if count >= 4:
                    lasts.append(last - sent)
        s = self.stats
        ms = lambda v: None if v is None else round(v * 1000, 2)
        patch_med = statistics.median(s.patch_bytes) if s.patch_bytes else None
        snap_med = statistics.median(s.snapshot_bytes) if s.snapshot_bytes else None
        return {
            "tables": len(self.tables),
            "connections": 4 * len(self.tables),
            "server": self.args.server,
            "mode": self.args.mode,
            "think_s": self.think,
            "window_s": round(window, 1),
            "actions": actions,
            "actions_per_s": round(actions / window, 1),
            "ack_ms": {"p50": ms(percentile(acks, 50)), "p99": ms(percentile(acks, 99))},
            "last_patch_ms": {"p50": ms(percentile(lasts, 50)), "p99": ms(percentile(lasts, 99))},
            "reviews": {"kept_going": getattr(self.args, "reviews", 0), "answered": self.reviews["answered"],
                        "refused": self.reviews["refused"],
                        "p50_s": round(statistics.median(self.reviews["seconds"]), 2)
                        if self.reviews["seconds"] else None},
            "server_cpu_percent": round(100 * server_cpu / window, 1),
            "server_cpu_ms_per_action": round(1000 * server_cpu / actions, 2) if actions else None,
            "bench_cpu_percent": round(100 * bench_cpu / window, 1),
            "processes": self.args.processes or 1,
            "spread": self.spread,
            "redis_nginx_cpu_percent": None if self.helpers_cpu is None
            else round(100 * self.helpers_cpu / window, 1),
            "redis_nginx_cpu_ms_per_action": round(1000 * self.helpers_cpu / actions, 2)
            if self.helpers_cpu is not None and actions else None,
            "redis_commands_per_action": None if self.commands is None or not actions
            else round(sum(self.commands.values()) / actions, 1),
            "redis_commands": None if self.commands is None or not actions
            else {name: round(count / actions, 2)
                  for name, count in sorted(self.commands.items(), key=lambda kv: -kv[1]) if count},
            "memory_per_table_kb": round(self.memory_per_table / 1024, 1),
            "server_rss_mb": round(rss / 2**20, 1),
            "server_peak_rss_mb": round(peak_rss / 2**20, 1),
            "patches": len(s.patch_bytes),
            "patch_bytes": {"median": patch_med, "mean": round(statistics.fmean(s.patch_bytes), 1)
                            if s.patch_bytes else None, "p99": percentile(s.patch_bytes, 99)},
            "snapshot_bytes": {"median": snap_med},
            "patch_to_snapshot": round(patch_med / snap_med, 3) if patch_med and snap_med else None,
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "refused": s.refused,
            "errors": s.errors,
        }


# The benchmark's clients play as fast as the server lets them, far above a person's pace,
# and all come from one address: the per-connection and per-address limits are lifted
# (bench/flood_bench.py measures them).
BENCH_LIMITS = ("events=1000000/1000000,create_address=1000000/1000000,join_fails_address=1000000/1000000,"
                "records_address=1000000/1000000")


class ReviewLanes:
    """`lanes` reviews kept going beside the tables, from a process of their own: making each
    request's game takes milliseconds of CPU, which in the measuring process would delay the
    acknowledgements it times (the clients' stall, not the server's)."""

    def __init__(self, base: str, lanes: int):
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        self.measuring = ctx.Event()
        self._stop = ctx.Event()
        self._results = ctx.Queue()
        self._proc = ctx.Process(target=self._run, args=(base, lanes), daemon=True)
        self._proc.start()

    def stop(self) -> dict:
        """Stop the lanes; what they did: answered, refused, and the seconds of the answers made
        while measuring."""
        self.measuring.clear()
        self._stop.set()
        results = self._results.get(timeout=120)
        self._proc.join(10)
        return results

    def _run(self, base: str, lanes: int) -> None:
        tally = {"answered": 0, "refused": 0, "seconds": []}

        async def lane(http, number: int):
            for n in range(10**6):
                record, seat, round_no = review_request(number, n)
                began = time.perf_counter()
                answer = {"ok": True, "pending": True}
                while answer.get("ok") and answer.get("pending"):  # asked again, as the page does
                    async with http.post(f"{base}/api/review",
                                         json={"record": record, "seat": seat, "round": round_no}) as r:
                        answer = await r.json()
                if answer.get("ok"):
                    tally["answered"] += 1
                    if self.measuring.is_set():
                        tally["seconds"].append(time.perf_counter() - began)
                else:
                    tally["refused"] += 1
                    await asyncio.sleep(1)

        async def main():
            async with aiohttp.ClientSession() as http:
                tasks = [asyncio.create_task(lane(http, number)) for number in range(lanes)]
                while not self._stop.is_set():
                    await asyncio.sleep(0.2)
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(main())
        self._results.put(tally)


def review_request(lane: int, n: int) -> tuple[dict, int, int]:
    """The n-th review of a lane: a finished game of random play (its own seed), one seat of
    its first round; every (lane, n) a different game, so no review is found kept."""
    from app.engine import Game
    from app.engine.simulate import play_random_round

    seed = 1_000_003 * (lane + 1) + n
    game = Game("standard", {"target": 50}, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        play_random_round(game, rng)
    return game.record(), n % 4, 0


def redis_commands(url: str | None) -> dict[str, int] | None:
    """How many times Redis has run each command (INFO commandstats), or None without Redis."""
    if url is None:
        return None
    import redis

    with redis.Redis.from_url(url) as client:
        stats = client.info("commandstats")
    return {name.removeprefix("cmdstat_"): row["calls"] for name, row in stats.items()}


def start_server(args, port: int, data_dir: str) -> subprocess.Popen:
    env = {**os.environ, "TICHU_DATA_DIR": data_dir, "TICHU_TESTING": "0",
           "TICHU_PERSIST": "0" if args.no_persist else "1", "TICHU_LIMITS": BENCH_LIMITS,
           "TICHU_ASYNC_MODE": args.mode, "TICHU_BOMB_WINDOW": "0", **getattr(args, "env", {})}
    if args.server == "gunicorn" and malloc_tune.wanted(env):
        env = malloc_tune.tuned_environ(env)  # as docs/operations.md runs it (python -m app: itself)
    target = getattr(args, "app", "app.web.server:create_app()")  # soak_bench --trace: another
    if args.server == "gunicorn":
        worker = ["-k", "gevent", "--worker-connections", str(args.threads)] if args.mode == "gevent" \
            else ["--threads", str(args.threads), "--worker-connections", str(max(1000, args.threads + 100))]
        cmd = [sys.executable, "-m", "gunicorn", "-w", "1", *worker,
               "-b", f"127.0.0.1:{port}", "--graceful-timeout", "3", "--log-level", "warning",
               "--pythonpath", str(ROOT / "bench"), target]
    else:
        cmd = [sys.executable, "-m", "app", "--port", str(port)]
        env["TICHU_THREADS"] = str(args.threads)  # a thread per connection: 500 would hold 125 tables
    # Its own process group, so the server and its worker are stopped together. Its log goes to a
    # file: a pipe nobody reads fills up on a long run and then blocks every thread that logs.
    log_path = os.path.join(data_dir, "server.log")
    with open(log_path, "ab") as log_file:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log_file,
                                start_new_session=True)
    proc.log_path = log_path
    deadline = time.monotonic() + 30
    import urllib.request
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                with open(log_path, errors="replace") as log_file:
                    raise RuntimeError("server did not start: " + log_file.read()[-2000:]) from None
            time.sleep(0.2)


def stop_server(proc: subprocess.Popen):
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        pass


def print_table(r: dict):
    rows = [
        ("tables / connections",
         f"{r['tables']} / {r['connections']} ({r['server']}, {r['mode']}, think {r['think_s']} s)"),
        ("window", f"{r['window_s']} s, {r['actions']} actions"),
        ("actions per second", r["actions_per_s"]),
        ("action -> ack  p50 / p99", f"{r['ack_ms']['p50']} / {r['ack_ms']['p99']} ms"),
        ("action -> last patch  p50 / p99", f"{r['last_patch_ms']['p50']} / {r['last_patch_ms']['p99']} ms"),
        ("reviews kept going / answered / refused / p50",
         f"{r['reviews']['kept_going']} / {r['reviews']['answered']} / {r['reviews']['refused']} / "
         f"{r['reviews']['p50_s']} s"),
        ("server CPU",
         f"{r['server_cpu_percent']} % of one core, {r['server_cpu_ms_per_action']} ms per action "
         f"(bench clients: {r['bench_cpu_percent']} %)"),
        ("server memory", f"{r['server_rss_mb']} MB RSS (peak {r['server_peak_rss_mb']} MB), "
                          f"{r['memory_per_table_kb']} kB per table"),
        ("processes (Redis + nginx CPU)",
         f"{r['processes']} ({r['redis_nginx_cpu_percent']} % of one core, "
         f"{r['redis_nginx_cpu_ms_per_action']} ms per action)"),
        ("Redis commands per action", "-" if r["redis_commands"] is None else
         f"{r['redis_commands_per_action']}: "
         + ", ".join(f"{k} {v}" for k, v in r["redis_commands"].items())),
        ("bytes per patch (median / mean / p99)",
         f"{r['patch_bytes']['median']} / {r['patch_bytes']['mean']} / {r['patch_bytes']['p99']}"),
        ("bytes per full snapshot (median)", r["snapshot_bytes"]["median"]),
        ("median patch / median snapshot", r["patch_to_snapshot"]),
        ("refused / errors", f"{r['refused']} / {r['errors']}"),
        ("load average at the end", r["load_average"]),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def scale_out(args) -> dict:
    """Redis, `args.processes` app processes (`python -m app`, in `args.mode`) and nginx
    (deploy/local.py); the bench through nginx."""
    from deploy.local import AppProcess, Nginx, RedisServer

    args.server = "app"
    signal.signal(signal.SIGTERM, _interrupt)  # `timeout` or kill: stop Redis, nginx and the apps too
    parts = []
    with tempfile.TemporaryDirectory(prefix="tichu-bench-") as tmp:
        tmp = Path(tmp)
        try:
            redis_server = RedisServer(tmp / "redis")
            parts.append(redis_server)
            redis_server.start()
            env = {"TICHU_TESTING": "0", "TICHU_LIMITS": BENCH_LIMITS, "TICHU_BOMB_WINDOW": "0",
                   "TICHU_ASYNC_MODE": args.mode}
            apps = [AppProcess(tmp / "apps", redis_server.url, env, server="app", threads=args.threads)
                    for _ in range(args.processes)]
            for app in apps:
                parts.append(app)  # stopped in the end even if it never answers
                app.start()
            front = Nginx(tmp / "nginx", [a.port for a in apps])
            parts.append(front)
            front.start()
            servers = [psutil.Process(a.pid) for a in apps]
            nginx = psutil.Process(front.pid)
            helpers = [psutil.Process(redis_server.pid), nginx, *nginx.children(recursive=True)]
            return asyncio.run(Bench(args).run(front.base, servers, helpers, redis_server.url))
        except BaseException:
            print(f"logs: {tmp}", file=sys.stderr)
            for log in sorted(tmp.glob("*/*.log")):
                print(f"-- {log.name}\n{log.read_text(errors='replace')[-1500:]}", file=sys.stderr)
            raise
        finally:
            for part in reversed(parts):
                part.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the measured window")
    parser.add_argument("--server", choices=("app", "gunicorn"), default="app",
                        help="app: `python -m app` (gevent's server; embedded gunicorn with "
                             "--mode threading); "
                             "gunicorn: one worker, gevent or gthread by --mode")
    parser.add_argument("--mode", choices=("gevent", "threading"), default="gevent",
                        help="Flask-SocketIO's async mode (TICHU_ASYNC_MODE)")
    parser.add_argument("--threads", type=int,
                        help="gunicorn threads (one per connection: 4 per table and 100 more by default), "
                             "or connections of its gevent worker")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a client waits before acting")
    parser.add_argument("--no-persist", action="store_true", help="keep nothing on disk (to see its cost)")
    parser.add_argument("--json", action="store_true", help="print only the JSON result")
    parser.add_argument("--url",
                        help="use this running server (e.g. one under a profiler) instead of starting one")
    parser.add_argument("--pid", type=int, help="with --url: the server's process id, for its CPU and memory")
    parser.add_argument("--processes", type=int, default=0,
                        help="the scale-out: N app processes, one Redis, nginx in front")
    parser.add_argument("--reviews", type=int, default=0,
                        help="keep N round reviews going beside the tables (/api/review)")
    parser.add_argument("--review-workers", type=int, default=1,
                        help="the server's review worker processes (TICHU_REVIEW_WORKERS)")
    parser.add_argument("--spread", action="store_true",
                        help="with --processes: no table code in the address, so a table's connections "
                             "spread over the processes")
    args = parser.parse_args(argv)
    args.env = {**getattr(args, "env", {}), "TICHU_REVIEW_WORKERS": str(args.review_workers)}
    if args.threads is None:
        args.threads = 4 * args.tables + 100
    if args.url:
        args.server = "external"
        if not args.pid:
            parser.error("--url needs --pid (the server's process, for its CPU and memory)")
        server = psutil.Process(args.pid)
        result = asyncio.run(Bench(args).run(args.url, server))
        if not args.json:
            print_table(result)
        print(json.dumps(result))
        return
    if args.processes:
        result = scale_out(args)
        if not args.json:
            print_table(result)
        print(json.dumps(result))
        return
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="tichu-bench-") as data_dir:
        proc = start_server(args, port, data_dir)
        try:
            bench = Bench(args)
            result = asyncio.run(bench.run(f"http://127.0.0.1:{port}", psutil.Process(proc.pid)))
        finally:
            stop_server(proc)
    if not args.json:
        print_table(result)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
