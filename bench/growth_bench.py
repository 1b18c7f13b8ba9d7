"""How the cost grows with the tables: bench/web_bench.py at several table counts, per async mode.

    python bench/growth_bench.py [--tables 50 100 200 400] [--modes threading gevent]
                                 [--think 1.0] [--seconds 30] [--processes 0] [--json]

Runs web_bench.py once per (mode, table count), each with a server of its own (`python -m
app`, the mode by TICHU_ASYNC_MODE; or the scale-out with `--processes N`), and prints one
line per run: actions per second, p50/p99 to the acknowledgement and to the last seat's
patch, the server's CPU (percent of one core and ms per action), the benchmark clients' own
CPU (they share the machine: past about one core of theirs, the clients are the limit, not
the server), memory per table and errors. The runs are sequential; loopback only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_one(mode: str, tables: int, args) -> dict:
    cmd = [sys.executable, str(HERE / "web_bench.py"), "--json", "--mode", mode, "--tables", str(tables),
           "--think", str(args.think), "--seconds", str(args.seconds)]
    if args.processes:
        cmd += ["--processes", str(args.processes)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=args.seconds + 60 + tables)
    if done.returncode != 0:
        return {"mode": mode, "tables": tables, "failed": (done.stderr or done.stdout).strip()[-500:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def line(r: dict) -> str:
    if "failed" in r:
        return f"{r['mode']:>9} {r['tables']:>5}  failed: {r['failed']}"
    return (f"{r['mode']:>9} {r['tables']:>5} {r['actions_per_s']:>8} {r['ack_ms']['p50']:>8} "
            f"{r['ack_ms']['p99']:>8} {r['last_patch_ms']['p99']:>9} {r['server_cpu_percent']:>7} "
            f"{r['server_cpu_ms_per_action']:>7} {r['bench_cpu_percent']:>7} "
            f"{r['memory_per_table_kb']:>7} {r['errors']:>4} {r['load_average'][0]:>5}")


HEADER = (f"{'mode':>9} {'tables':>5} {'act/s':>8} {'ack p50':>8} {'ack p99':>8} {'last p99':>9} "
          f"{'srv %':>7} {'ms/act':>7} {'bench %':>7} {'kB/tbl':>7} {'err':>4} {'load':>5}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--modes", nargs="+", choices=("threading", "gevent"),
                        default=["threading", "gevent"])
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--processes", type=int, default=0, help="the scale-out (web_bench.py --processes)")
    parser.add_argument("--json", action="store_true", help="print only the JSON results")
    args = parser.parse_args(argv)
    results = []
    if not args.json:
        print(f"think {args.think} s, {args.seconds} s windows; times in ms")
        print(HEADER, flush=True)
    for mode in args.modes:
        for tables in args.tables:
            result = run_one(mode, tables, args)
            results.append(result)
            if not args.json:
                print(line(result), flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
