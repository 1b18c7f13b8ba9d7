"""Statistics benchmark: a player's statistics and games, and a club's standings, over many
archived games, on SQLite and on PostgreSQL.

    python bench/stats_bench.py [--games 100000] [--players 400] [--clubs 20] [--asks 300]
                                [--homes sqlite,postgres] [--json]

Generates `--games` finished four-seat games (seeded, so every run is the same): people
drawn from `--players` (a few play far more than most, as on any site), bots at about a
third of the seats, a quarter of the games at one of `--clubs` clubs of 20 members. Writes
their seat results into a fresh archive (store/archive), counts every asked player's
statistics and every club's standings once, timed (what the archiver does after each game,
store/archive/figures.py; a first ask too), then asks `--asks` times each for a random
player's statistics (by weight of games, so the heavy players are asked as
often as they play), a player's last 50 games, and a club's standings, and prints the
times (p50, p95, p99, max in ms) and how many rows the asked players had. PostgreSQL is
started on a loopback port (deploy/local.py), as the tests do.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.web.store.archive.clubs import ClubRecords  # noqa: E402
from app.web.store.archive.players import PlayerRecords  # noqa: E402
from app.web.store.archive.results import SeatResult  # noqa: E402

TEAMS = ((0, 2), (1, 3))
GAMES_PER_TABLE = 50  # games written per transaction (one table's)


def generate(args, rng: random.Random):
    """Yields (code, {game: [SeatResult]}) and returns the clubs' members."""
    players = [f"{i:064x}" for i in range(args.players)]
    weights = [1 / (i + 1) ** 0.8 for i in range(args.players)]  # a long tail of occasional players
    clubs = [(f"club{c}", rng.sample(players, 20)) for c in range(args.clubs)]
    start = 1_700_000_000.0
    tables = []
    for t in range(args.games // GAMES_PER_TABLE):
        code = f"T{t:06d}"
        results = {}
        for g in range(GAMES_PER_TABLE):
            number = t * GAMES_PER_TABLE + g
            club = rng.choice(clubs) if rng.random() < 0.25 else None
            pool = club[1] if club else None
            seated = (rng.sample(pool, 4) if pool else
                      [rng.choices(players, weights)[0] if rng.random() > 0.33 else None for _ in range(4)])
            winner = rng.randrange(2)
            rounds = rng.randint(4, 14)
            ended = start + number * 600
            holders = [[p, f"P{p[-4:]}" if p else None, None if p else "hard"] for p in seated]
            rows = []
            for seat in range(4):
                team = 0 if seat in TEAMS[0] else 1
                partner = [s for s in TEAMS[team] if s != seat]
                rows.append(SeatResult(
                    code, g, seat, 0, *holders[seat], "standard", 4, ended,
                    club[0] if club else None, True, "won" if team == winner else "lost", rounds,
                    rng.randint(-300, 900), rng.randint(-300, 900), rng.randint(0, 2), rng.randint(0, 1),
                    int(rng.random() < 0.05), 0, int(rng.random() < 0.1), rng.randint(0, 3),
                    rng.randint(0, 2),
                    [holders[s] for s in partner], [holders[s] for s in TEAMS[1 - team]]))
            results[g] = rows
        tables.append((code, results))
    return tables, players, weights, clubs


def percentiles(times: list[float]) -> dict:
    ordered = sorted(times)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50": round(pick(0.5) * 1000, 1), "p95": round(pick(0.95) * 1000, 1),
            "p99": round(pick(0.99) * 1000, 1), "max": round(ordered[-1] * 1000, 1),
            "mean": round(statistics.fmean(ordered) * 1000, 1)}


def timed(call) -> float:
    began = time.perf_counter()
    call()
    return time.perf_counter() - began


def run(archive, args) -> dict:
    rng = random.Random(7)
    tables, players, weights, clubs = generate(args, rng)
    began = time.perf_counter()
    for code, results in tables:
        archive.put(code, {}, results=results)
    written = time.perf_counter() - began
    records, club_records = PlayerRecords(archive), ClubRecords(archive)
    for club, members in clubs:
        archive._execute([("INSERT INTO clubs (id, name, invite, created) VALUES (?, ?, ?, ?)",
                           (club, club, f"invite-{club}", 0.0))]
                         + [("INSERT INTO club_members (club, player, joined) VALUES (?, ?, ?)",
                             (club, member, 0.0)) for member in members])
    asked = rng.choices(players, weights, k=args.asks)
    rows = [archive._query("SELECT COUNT(*) FROM seat_results WHERE player = ?", (p,))[0][0] for p in asked]
    # Counting (the archiver, right after a game of theirs; or a first ask): every distinct
    # player asked and every club, from their rows.
    counting = [timed(lambda p=p: records.refresh(p)) for p in dict.fromkeys(asked)]
    club_counting = [timed(lambda c=c: club_records.refresh(c)) for c, _ in clubs]
    stats = [timed(lambda p=p: records.statistics(p)) for p in asked]
    games = [timed(lambda p=p: records.games(p)) for p in asked]
    standings = [timed(lambda c=c: club_records.standings(c)) for c, _ in rng.choices(clubs, k=args.asks)]
    club_rows = archive._query("SELECT club, COUNT(*) FROM seat_results WHERE club IS NOT NULL GROUP BY club")
    return {"games": args.games, "write_s": round(written, 1),
            "rows_per_asked_player": {"median": int(statistics.median(rows)), "max": max(rows)},
            "rows_per_club": max(int(r[1]) for r in club_rows),
            "statistics_ms": percentiles(stats), "games_ms": percentiles(games),
            "standings_ms": percentiles(standings),
            "counting_player_ms": percentiles(counting), "counting_club_ms": percentiles(club_counting)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--asks", type=int, default=300)
    parser.add_argument("--homes", default="sqlite,postgres")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {}
    for home in args.homes.split(","):
        with tempfile.TemporaryDirectory(prefix="tichu-stats-") as folder:
            if home == "sqlite":
                from app.web.store.archive.sqlite import SQLiteArchive
                archive = SQLiteArchive(Path(folder) / "tables.sqlite3")
                report[home] = run(archive, args)
                archive.close()
            else:
                from app.web.store.archive.postgres import PostgresArchive
                from deploy.local import PostgresServer
                server = PostgresServer(Path(folder)).start()
                try:
                    archive = PostgresArchive(server.url)
                    report[home] = run(archive, args)
                    archive.close()
                finally:
                    server.stop()
        if not args.json:
            print(home, json.dumps(report[home], indent=1), flush=True)
    if args.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
