"""The bots' targets, measured with the arena (speed and strength are measured here, never in tests).

    python bench/arena_targets.py                 # the full runs (2000 and 500 duplicate deals)
    python bench/arena_targets.py --scale 0.1     # a quick look (200 and 50 deals)
    python bench/arena_targets.py --only normal   # one of: normal, hard

Runs, one after the other (each on `--workers` processes):
1. Normal vs greedy on 2000 duplicate deals: Normal must win by at least 50 points per round.
2. Hard vs Normal on 500 duplicate deals: at least 15 points per round, 95% interval above zero.
Decision times come from the same runs (Easy's from a third, short run against greedy):
Easy and Normal p99 under 20 ms, Hard p99 under 250 ms; zero illegal actions anywhere.
Prints each report and a summary; `--json DIR` also writes the reports there.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from app.bots.arena import ArenaConfig, format_report, run_arena  # noqa: E402

RUNS = {
    "normal": ("normal", "greedy", 2000),
    "hard": ("hard", "normal", 500),
    "easy": ("easy", "greedy", 300),
}
P99_LIMIT_MS = {"easy": 20, "normal": 20, "hard": 250}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the deals to play")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="targets")
    parser.add_argument("--only", choices=sorted(RUNS), action="append")
    parser.add_argument("--json", metavar="DIR", help="write each report as DIR/<run>.json")
    args = parser.parse_args(argv)

    summary = []
    p99 = {}
    illegal = 0
    for name in args.only or list(RUNS):
        a, b, deals = RUNS[name]
        deals = max(2, int(deals * args.scale))
        report = run_arena(ArenaConfig(a=a, b=b, deals=deals, seed=args.seed, workers=args.workers))
        print(format_report(report), flush=True)
        print()
        if args.json:
            os.makedirs(args.json, exist_ok=True)
            with open(os.path.join(args.json, f"{name}.json"), "w") as f:
                json.dump(report, f, indent=2)
        illegal += report["illegal_actions"]
        for side, level in (("A", a), ("B", b)):
            times = report["decision_ms"].get(side, {})
            if level in P99_LIMIT_MS and times:
                worst = max(t["p99_ms"] for t in times.values())
                p99[level] = max(p99.get(level, 0.0), worst)
        ppr = report["sides"]["A"]["points_per_round"]
        if name == "normal":
            summary.append(("Normal vs greedy >= 50 pts/round", ppr["mean"] >= 50,
                            f"{ppr['mean']} +- {ppr['se']} over {ppr['n']} deals"))
        elif name == "hard":
            ok = ppr["mean"] >= 15 and ppr["ci95"][0] > 0
            summary.append(("Hard vs Normal >= 15 pts/round, 95% interval > 0", ok,
                            f"{ppr['mean']} +- {ppr['se']}, 95% {ppr['ci95']} over {ppr['n']} deals"))
    for level, worst in p99.items():
        summary.append((f"{level} p99 (worst kind of decision) < {P99_LIMIT_MS[level]} ms",
                        worst < P99_LIMIT_MS[level], f"{worst} ms"))
    summary.append(("zero illegal actions", illegal == 0, str(illegal)))
    print("Targets:")
    for what, ok, figure in summary:
        print(f"  [{'ok' if ok else 'MISSED'}] {what}: {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
