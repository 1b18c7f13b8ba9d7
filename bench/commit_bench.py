"""The server's own work per accepted action, without the network: act, store, views, diffs, JSON.

    python bench/commit_bench.py [--tables 20] [--actions 4000] [--ruleset standard]
                                 [--store sqlite|memory] [--spectators 0] [--profile] [--top 30]

Builds the hub as one process does (`Registry`, `Hub`, the SQLite store in a
temporary folder), with one connection per seat (and `--spectators` more per
table) attached to each table, and plays whole games: each turn one seat's
GreedyBot decides on its connection's document (not timed), then the action
is timed from the table's check to the last message encoded: `table.act`,
`hub.commit` (prepare, store, views, diffs) and, for every message the hub
emits, the JSON encoding python-socketio does (compact separators). Sending
itself (Socket.IO's queues, websocket frames, threads) is left out: web_bench.py
measures the whole server; this one the part of it that is ours, so a change
of it shows in CPU milliseconds undisturbed by load (process CPU time, not
wall time). `--profile`: cProfile over the timed part, its top functions.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.bots import GreedyBot  # noqa: E402
from app.web.live.hub import Hub  # noqa: E402
from app.web.live.registry import Registry  # noqa: E402
from app.web.store import MemoryStore  # noqa: E402
from app.web.store.sqlite import SQLiteStore  # noqa: E402
from app.web.table.table import hash_token, new_token  # noqa: E402


class NoRooms:
    def enter(self, sid, room):
        pass

    def leave(self, sid, room):
        pass


def encode(event: str, data: dict) -> int:
    """What python-socketio does to an emitted message (JsonPacket: text, compact JSON)."""
    return len(json.dumps([event, data], separators=(",", ":")))


def build(args, store):
    registry = Registry(store, bomb_window=0)
    sent = [0]

    def emit(to, event, data):
        sent[0] += encode(event, data)

    hub = Hub(registry, emit, NoRooms())
    tables = []
    for i in range(args.tables):
        table, host_token = registry.create(host_name=f"Host {i}", ruleset=args.ruleset, listed=False)
        with table.lock:
            hub.commit(table)
        clients = []
        seats = table.people_seats()  # the Trichu Table is nobody's seat: its dealer plays it
        for seat in seats:
            token = host_token if seat == 0 else new_token()
            client = table.attach(f"{table.code}-{seat}", hash_token(token) if seat == 0 else None)
            hub.bind(client.sid, table)
            with table.lock:
                table.sit(client, seat, f"P{seat}", None if seat == 0 else hash_token(token))
                hub.commit(table)
            clients.append(client)
        for k in range(args.spectators):
            spectator = table.attach(f"{table.code}-w{k}", None)
            hub.bind(spectator.sid, table)
        with table.lock:
            table.start(clients[0])
            hub.commit(table)
        bots = [GreedyBot(seat, rng=random.Random(seat)) for seat in seats]
        tables.append((table, clients, bots))
    return hub, tables


def next_action(table, clients, bots):
    """(client, action) of a seat whose GreedyBot acts on its document now, or None."""
    for client, bot in zip(clients, bots):
        view = (client.viewer.doc or {}).get("game")
        if view is None or view["game_over"]:
            continue
        action = bot.decide(view)
        if action is not None:
            return client, action
    return None


def play(hub, tables, actions: int, profiler=None) -> tuple[float, int, int]:
    """Plays until `actions` actions were accepted; (CPU seconds, actions, refused)."""
    cpu = 0.0
    done = refused = 0
    rng = random.Random(7)
    while done < actions:
        table, clients, bots = rng.choice(tables)
        if table.game.over:
            with table.lock:
                table.new_game(clients[0])
                hub.commit(table)
            for bot in bots:
                bot.new_game()
            continue
        chosen = next_action(table, clients, bots)
        if chosen is None:
            continue
        client, action = chosen
        start = time.process_time()
        if profiler:
            profiler.enable()
        with table.lock:
            try:
                table.act(client, action, table.version, hub.clock())
                hub.commit(table)
                encode("ack", {"ok": True, "version": table.version})
                done += 1
            except Exception:
                refused += 1
        if profiler:
            profiler.disable()
        cpu += time.process_time() - start
    return cpu, done, refused


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--store", choices=("sqlite", "memory"), default="sqlite")
    parser.add_argument("--spectators", type=int, default=0, help="watchers per table (one more audience)")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tichu-commit-bench-") as tmp:
        store = SQLiteStore(os.path.join(tmp, "tables.sqlite3")) if args.store == "sqlite" else MemoryStore()
        hub, tables = build(args, store)
        play(hub, tables, min(500, args.actions))  # warm-up
        profiler = cProfile.Profile() if args.profile else None
        cpu, done, refused = play(hub, tables, args.actions, profiler)
        hub.bots = None
        store.close()
    result = {"tables": args.tables, "ruleset": args.ruleset, "store": args.store,
              "spectators": args.spectators, "actions": done, "refused": refused,
              "cpu_ms_per_action": round(1000 * cpu / done, 3),
              "load_average": [round(x, 2) for x in os.getloadavg()]}
    if profiler:
        stats = pstats.Stats(profiler).sort_stats("tottime")
        stats.print_stats(args.top)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
    if not args.json:
        for key, value in result.items():
            print(f"{key:<20} {value}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
