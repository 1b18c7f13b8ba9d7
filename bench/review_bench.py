"""The round review's figures: its speed, its false alarms, and what it catches.

    python bench/review_bench.py --rounds 200 --workers 2        # the issue's size
    python bench/review_bench.py --rounds 60 --workers 1         # a shorter run
    python bench/review_bench.py --rounds 4 --deals 8            # a quick look

For each of `--rounds` seeded deals (standard rules), seat i % 4 is reviewed twice:
1. in a round the Hard bot plays at every seat: the Hard bot's own decisions, reviewed with
   the Hard bot's policy, should hardly ever be flagged (the target: at most 1 flagged
   decision in 100): every flag here is a false alarm;
2. in the same deal with the Greedy bot at that seat (the Hard bot at the others): Greedy's
   decisions should be flagged at least 10 times as often per round as Hard's.

It reports the review time per round and seat (p50, p95, max; each review on one core,
`--deals` deals per decision), and per side the decisions compared, flagged decisions per
100 decisions and per round, by kind of decision. `--json PATH` writes the report too.

The Hard bots at the table decide with their time budget (`--hard-budget-ms`, 100 as in
play), so the rounds themselves are not exactly reproducible; each review is, for its seed.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from app.bots import GreedyBot, HardBot  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.coach.review import DEALS, GAIN, SHARE, examine_round  # noqa: E402
from app.coach.review.review import MAX_DEALS  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402

SIDES = ("hard", "greedy")


def _play(index: int, seat: int, side: str, args) -> dict:
    rules = Rules.of("standard")
    deal = seeded_deal(rules, f"review-bench:{args.seed}")
    game = Game("standard", deal=lambda r: deal(index) if r == 0 else None)
    bots = [HardBot(s, rng=random.Random(f"{args.seed}:{index}:{s}"), **hard_options(args)) for s in range(4)]
    if side == "greedy":
        bots[seat] = GreedyBot(seat)
    play_round(game, bots, TableLog())
    return game.record()


def hard_options(args) -> dict:
    """The Hard bots' search: by time (`--hard-budget-ms`, as at the table: on a loaded machine
    they get fewer deals and decide more noisily), or bounded by deals (`--hard-worlds N`: the
    same rounds on any machine, whatever its load)."""
    if not args.hard_worlds:
        return {"budget_ms": args.hard_budget_ms}
    return {"budget_ms": 1e9, "call_budget_ms": 1e9, "max_worlds": args.hard_worlds}


def _job(job) -> list[dict]:
    index, args = job
    seat = index % 4
    out = []
    for side in SIDES:
        record = _play(index, seat, side, args)
        start = time.process_time()  # this process's CPU: other work on the machine does not count
        wall = time.perf_counter()
        review = examine_round(record, seat, 0, deals=args.deals, share=args.share, gain=args.gain,
                               seed=args.seed, max_deals=args.max_deals)
        compared = [{"index": c.index, "kind": c.kind, "done": c.done,
                     "alternatives": [{"choice": choice, "wins": cmp.wins, "ties": cmp.ties,
                                       "losses": cmp.losses, "gain": round(cmp.gain, 2)}
                                      for choice, cmp in c.alternatives]} for c in review.compared]
        out.append({"index": index, "side": side, "seat": seat, "cpu": time.process_time() - start,
                    "wall": time.perf_counter() - wall, "decisions": review.decisions,
                    "kinds": review.kinds, "flags": [f.as_dict() for f in review.flags],
                    "compared": compared})
    return out


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return 0.0
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


def summarise(results: list[dict], args, seconds: float) -> dict:
    report = {"config": {"rounds": args.rounds, "deals": args.deals, "share": args.share, "gain": args.gain,
                         "seed": args.seed, "workers": args.workers, "hard_budget_ms": args.hard_budget_ms},
              "seconds": round(seconds, 1)}
    cpu = [r["cpu"] for r in results]
    wall = [r["wall"] for r in results]
    report["review_seconds"] = {
        "cpu": {"p50": round(_percentile(cpu, 0.5), 2), "p95": round(_percentile(cpu, 0.95), 2),
                "max": round(max(cpu), 2) if cpu else 0.0},
        "wall": {"p50": round(_percentile(wall, 0.5), 2), "p95": round(_percentile(wall, 0.95), 2),
                 "max": round(max(wall), 2) if wall else 0.0},
        "reviews": len(results)}
    for side in SIDES:
        mine = [r for r in results if r["side"] == side]
        decisions = sum(r["decisions"] for r in mine)
        flags = [f for r in mine for f in r["flags"]]
        kinds: dict = {}
        for r in mine:
            for kind, n in r["kinds"].items():
                kinds.setdefault(kind, {"decisions": 0, "flags": 0})["decisions"] += n
        for f in flags:
            kinds.setdefault(f["kind"], {"decisions": 0, "flags": 0})["flags"] += 1
        per_100 = round(100 * len(flags) / decisions, 2) if decisions else None
        report[side] = {"rounds": len(mine), "decisions": decisions, "flags": len(flags),
                        "flags_per_100_decisions": per_100,
                        "flags_per_round": round(len(flags) / len(mine), 3) if mine else None,
                        "rounds_with_a_flag": sum(1 for r in mine if r["flags"]),
                        "by_kind": kinds, "examples": flags[:12]}
    hard, greedy = report["hard"]["flags_per_round"], report["greedy"]["flags_per_round"]
    report["greedy_to_hard"] = round(greedy / hard, 1) if hard else None  # None: Hard was never flagged
    return report


def format_report(report: dict) -> str:
    c = report["config"]
    t = report["review_seconds"]
    lines = [f"Round review: {c['rounds']} deals, each reviewed for one seat played by Hard and by Greedy; "
             f"K = {c['deals']} deals per decision first, flagged at >= {c['gain']} points surely"
             + (f" and >= {c['share']:.0%} of deals" if c["share"] else "")
             + f"; {c['workers']} worker(s); {report['seconds']} s",
             f"review time per round and seat (CPU s): p50 {t['cpu']['p50']}, p95 {t['cpu']['p95']}, "
             f"max {t['cpu']['max']} (wall: p50 {t['wall']['p50']}, p95 {t['wall']['p95']}), "
             f"{t['reviews']} reviews"]
    for side in SIDES:
        s = report[side]
        lines.append(f"{side:<7} {s['rounds']} rounds, {s['decisions']} decisions, {s['flags']} flagged: "
                     f"{s['flags_per_100_decisions']} per 100 decisions, {s['flags_per_round']} per round "
                     f"({s['rounds_with_a_flag']} rounds with a flag)")
        for kind, k in sorted(s["by_kind"].items()):
            lines.append(f"        {kind:<9} {k['decisions']:>5} decisions {k['flags']:>4} flagged")
    ratio = report["greedy_to_hard"]
    lines.append("Greedy flagged per round / Hard flagged per round: "
                 + (f"{ratio}" if ratio is not None else "Hard never flagged"))
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per decision first (K)")
    parser.add_argument("--share", type=float, default=SHARE, help="a share of deals won too (0: not asked)")
    parser.add_argument("--gain", type=float, default=GAIN)
    parser.add_argument("--max-deals", type=int, default=MAX_DEALS, help="most deals for a decision in doubt")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--hard-budget-ms", type=float, default=100.0)
    parser.add_argument("--hard-worlds", type=int, default=0,
                        help="the Hard bots search this many deals a play, unbounded by time (0: by time)")
    parser.add_argument("--json", metavar="PATH", help="write the report as JSON")
    parser.add_argument("--details", metavar="PATH",
                        help="write every decision compared (JSON lines: each alternative's wins, ties, "
                        "losses and mean gain), to study the criterion")
    return parser


def run(args) -> list[dict]:
    """Every deal's two reviews (`_job`), on `args.workers` processes."""
    jobs = [(i, args) for i in range(args.rounds)]
    started = time.perf_counter()
    results: list[dict] = []

    def progress():
        done = len(results) // len(SIDES)
        sys.stderr.write(f"\r{done}/{args.rounds} deals, {time.perf_counter() - started:.0f} s")
        sys.stderr.flush()

    if args.workers <= 1:
        for job in jobs:
            results += _job(job)
            progress()
    else:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for part in pool.imap_unordered(_job, jobs):
                results += part
                progress()
    sys.stderr.write("\n")
    return results


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    started = time.perf_counter()
    results = run(args)
    report = summarise(results, args, time.perf_counter() - started)
    print(format_report(report))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
    if args.details:
        with open(args.details, "w") as f:
            for r in sorted(results, key=lambda r: (r["index"], r["side"])):
                for c in r["compared"]:
                    line = {"deal": r["index"], "side": r["side"], "seat": r["seat"], **c}
                    f.write(json.dumps(line) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
