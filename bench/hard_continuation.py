"""Who is right about a planted mistake's cost: the Normal bots that measure it, or the review?

    nice -n 10 python bench/hard_continuation.py DETAILS --pick missed --deals 32 --workers 2
    nice -n 10 python bench/hard_continuation.py DETAILS --pick found --limit 24 --deals 32 --workers 2
    nice -n 10 python bench/hard_continuation.py DETAILS --actual OUT --playouts 12 --workers 2
    nice -n 10 python bench/hard_continuation.py DETAILS --pick all --limit 150 --deals 40 --workers 2
    python bench/planted_mistakes.py --merge OUT          # the --actual costs' report by kind

`bench/planted_mistakes.py --informed` measures a planted mistake's cost in expectation by
Normal bots playing the round on, both ways, on deals of the cards the seat could not see.
The review judges the same decision by its own play-out (the Hard bot's), and where the two
disagree the review misses mistakes the benchmark calls clear. Which continuation is nearer
the truth? Here the round is played on, both ways, by the Hard bot at every seat, each
searching by what its own seat knows (`--worlds` deals a decision, no time limit, so a loaded
machine plays the same), on the first `--deals` of the same deals the informed cost used,
paired: deal i's two branches have the same seeds. The Normal bots' cost on those deals is
measured again beside it, so the two differ only by who plays on.

`--pick missed`: the mistakes clear in expectation (by the Normal bots, `--clear` points) that
the review did not flag; `found`: those it flagged (a sample of `--limit`, seeded), as a
control. `all`: a seeded sample of every mistake whose cost in expectation was measured, clear
or not, found or not, played on by the Hard bots only: the review's share of the mistakes clear
(costly) in expectation when a strong player plays the round on, beside the same sample's
shares by the Normal bots in expectation and by the actual deal. Where a Tichu was not called,
the seat's Hard bot in that branch calls by Normal's rule with a chance it never reaches, as
the Normal bots there do.

`--actual OUT`: the true cost again, on the actual deal as `planted_mistakes.py` measures it
(`--playouts` paired play-outs, play-out i's two branches with the same seeds), the Hard bots
playing on; OUT gets the details lines with that cost (`cost`, `diffs`; the Normal bots' kept as
`normal_cost`, `normal_diffs`, `normal_informed`), for `planted_mistakes.py --merge OUT`.
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
sys.path.insert(0, os.path.dirname(__file__))

import planted_mistakes as pm  # noqa: E402  (its planting, positions and Normal play-outs)

from app.bots.hard import HardBot  # noqa: E402
from app.engine import Game  # noqa: E402


def _hard_branch(start: Game, seat: int, action: dict | None, tag: str, worlds: int,
                 never_call: bool = False) -> int | None:
    options = {"budget_ms": 1e9, "call_budget_ms": 1e9, "max_worlds": worlds}
    # A Tichu not called stays not called: the seat's calls by Normal's rule, its chance unreachable.
    silent = dict(options, search_calls=False, **pm.NEVER_CALL)
    bots = [HardBot(s, seed=f"{tag}:{s}", **(silent if never_call and s == seat else options))
            for s in range(start.round.seating.seats)]
    return pm.played_on(start, seat, action, bots)


def _hard_cost(start: Game, seat: int, plant, tag: str, worlds: int) -> int | None:
    """The better action's score minus the mistake's, the Hard bots playing on (same seeds)."""
    good = _hard_branch(start, seat, plant.good, tag, worlds)
    bad = _hard_branch(start, seat, plant.bad, tag, worlds, never_call=plant.kind == "tichu_missed")
    return None if good is None or bad is None else good - bad


def actual_job(args: tuple[dict, str, int, int]) -> dict:
    """One mistake's play-out i on the actual deal, the Hard bots playing on (seeds of play-out i)."""
    line, seed, i, worlds = args
    job, (seat, plant, index, record) = pm._replanted(line, seed)
    start = pm._position(job, record, index)
    started = time.process_time()
    hard = _hard_cost(start, seat, plant, f"hard-actual:{seed}:{_key(line)}:{i}", worlds)
    return {"key": _key(line), "i": i, "hard": hard, "cpu": time.process_time() - started}


def deal_job(args: tuple[dict, str, int, int, bool]) -> dict:
    """One mistake on one deal: the cost (better minus mistake, for the seat's team) with the
    Hard bots playing on and, `with_normal`, with the Normal bots (`planted_mistakes.normal_pair`;
    `--pick all` has the Normal bots' cost in expectation from the planted run, on 128 deals)."""
    line, seed, i, worlds, with_normal = args
    job, (seat, plant, index, record) = pm._replanted(line, seed)
    start = list(pm.informed_deals(job, pm._position(job, record, index), seat, i + 1))[i]
    tag = f"hard-continuation:{seed}:{job.ruleset}:{job.deal}:{job.kind}:{i}"
    started = time.process_time()
    hard = _hard_cost(start, seat, plant, tag, worlds)
    normal = pm.normal_pair(job, seat, plant, i, start) if with_normal else None
    return {"key": _key(line), "i": i, "hard": hard, "normal": normal, "cpu": time.process_time() - started}


def _key(line: dict) -> str:
    return f"{line['ruleset']}:{line['deal']}:{line['kind']}"


def pick(lines: list[dict], which: str, clear: float, limit: int, seed: str, kinds: set[str]) -> list[dict]:
    """The mistakes of `kinds` to play on: clear in expectation, flagged or not (`which`), or all."""
    chosen = [ln for ln in lines if ln["kind"] in kinds and (which == "all" or (
        ln.get("informed") and ln["informed"]["cost"] >= clear and bool(ln["found"]) == (which == "found")))]
    if limit and len(chosen) > limit:
        chosen = random.Random(f"hard-continuation-pick:{seed}").sample(chosen, limit)
    return chosen


def mean_error(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(var / len(values))


def report(lines: list[dict], results: list[dict], args) -> str:
    by_key: dict[str, list[dict]] = {}
    for r in results:
        by_key.setdefault(r["key"], []).append(r)
    out = [f"{args.pick} mistakes clear in expectation ({len(lines)}), played on by Hard "
           f"({args.worlds} deals a decision) and by Normal on the same {args.deals} deals each",
           f"{'kind':18} {'ruleset':10} {'deal':>4} {'actual':>7} {'Normal128':>9} {'review':>7} "
           f"{'Normal':>13} {'Hard':>13}"]
    sums = {"normal128": [], "review": [], "normal": [], "hard": []}
    for ln in sorted(lines, key=lambda x: (x["kind"], x["ruleset"], x["deal"])):
        rows = by_key.get(_key(ln), [])
        hard = [r["hard"] for r in rows if r["hard"] is not None and r["normal"] is not None]
        normal = [r["normal"] for r in rows if r["hard"] is not None and r["normal"] is not None]
        if not hard:
            continue
        hm, he = mean_error(hard)
        nm, ne = mean_error(normal)
        est = (ln.get("estimate") or {}).get("gain")
        sums["normal128"].append(ln["informed"]["cost"])
        sums["normal"].append(nm)
        sums["hard"].append(hm)
        if est is not None:
            sums["review"].append(est)
        est_text = "-" if est is None else f"{est:.1f}"
        out.append(f"{ln['kind']:18} {ln['ruleset']:10} {ln['deal']:>4} {ln['cost']:>7.1f} "
                   f"{ln['informed']['cost']:>9.1f} {est_text:>7} {nm:>7.1f} ± {ne:<4.0f}"
                   f"{hm:>7.1f} ± {he:<4.0f}")
    for name, values in sums.items():
        if values:
            m, e = mean_error(values)
            out.append(f"  mean {name}: {m:.1f} ± {e:.1f} (of {len(values)})")
    cpu = sorted(r["cpu"] for r in results)
    if cpu:
        out.append(f"CPU seconds a deal (both continuations, both ways): p50 {cpu[len(cpu) // 2]:.1f}, "
                   f"max {cpu[-1]:.1f}")
    return "\n".join(out)


def _found(lines: list[dict], clear: float, measure) -> str:
    """"found k/n (x%)" of the lines whose cost by `measure` is at least `clear`."""
    chosen = [ln for ln in lines if measure(ln) is not None and measure(ln) >= clear]
    found = sum(1 for ln in chosen if ln["found"])
    share = f" ({100 * found / len(chosen):.0f}%)" if chosen else ""
    return f"{found}/{len(chosen)}{share}"


def report_expectation(lines: list[dict], results: list[dict], args) -> str:
    """`--pick all`: the review's share of the mistakes clear (costly) in expectation with the Hard
    bots playing on, beside the same sample's shares by the Normal bots and by the actual deal."""
    by_key: dict[str, list[int]] = {}
    for r in results:
        if r["hard"] is not None:
            by_key.setdefault(r["key"], []).append(r["hard"])
    hard = {k: mean_error(v) for k, v in by_key.items() if len(v) == args.deals}  # (mean, error)
    measured = [ln for ln in lines if _key(ln) in hard]

    def by_hard(ln):
        return hard[_key(ln)][0]

    def by_normal(ln):
        return (ln.get("informed") or {}).get("cost")

    def by_actual(ln):
        return ln["cost"]

    out = [f"all mistakes ({len(measured)} of {len(lines)} drawn measured: "
           f"{len(lines) - len(measured)} refused a play-on), the Hard bots playing on ({args.worlds} deals "
           f"a decision) on {args.deals} deals of the hidden cards each; found = flagged by the review",
           f"{'the cost measured':44} {'clear (20+) found':>18} {'costly (80+) found':>19}"]
    for name, measure in (("in expectation, the Hard bots playing on", by_hard),
                          ("in expectation, the Normal bots (128 deals)", by_normal),
                          ("on the actual deal, the Normal bots (12)", by_actual)):
        clear, costly = _found(measured, args.clear, measure), _found(measured, 80.0, measure)
        out.append(f"{name:44} {clear:>18} {costly:>19}")
    both = [ln for ln in measured if by_normal(ln) is not None]
    agree = sum(1 for ln in both if (by_hard(ln) >= args.clear) == (by_normal(ln) >= args.clear))
    shift, error = mean_error([by_hard(ln) - by_normal(ln) for ln in both])
    out.append(f"clear by both in expectation or by neither: {agree} of {len(both)}; Hard less Normal: "
               f"{shift:+.1f} ± {error:.1f} points a mistake")
    flagged_loss = [ln for ln in measured if ln["found"] and hard[_key(ln)][0] + 2 * hard[_key(ln)][1] < 0]
    out.append(f"flagged, yet the planted move surely better with Hard playing on (its cost + 2 standard "
               f"errors below 0): {len(flagged_loss)} of {sum(1 for ln in measured if ln['found'])} flagged")
    out.append(f"{'kind':18} {'drawn':>5} {'clear by Hard':>14} {'found':>6}")
    for kind in pm.KINDS:
        rows = [ln for ln in measured if ln["kind"] == kind]
        clear = [ln for ln in rows if by_hard(ln) >= args.clear]
        out.append(f"{kind:18} {len(rows):>5} {len(clear):>14} {sum(1 for ln in clear if ln['found']):>6}")
    errors = sorted(e for _, e in hard.values())
    if errors:
        median = errors[len(errors) // 2]
        out.append(f"standard error of a mistake's cost by Hard: median {median:.1f} points")
    cpu = sorted(r["cpu"] for r in results)
    if cpu:
        out.append(f"CPU seconds a deal (Hard, both ways): p50 {cpu[len(cpu) // 2]:.1f}, max {cpu[-1]:.1f}")
    return "\n".join(out)


def actual_details(lines: list[dict], results: list[dict], path: str) -> str:
    """Write the details lines with the Hard bots' true cost; a summary of the two costs."""
    by_key: dict[str, dict[int, int | None]] = {}
    for r in results:
        by_key.setdefault(r["key"], {})[r["i"]] = r["hard"]
    kept, dropped, moved = [], 0, []
    for ln in lines:
        diffs = [d for _, d in sorted(by_key.get(_key(ln), {}).items())]
        if not diffs or any(d is None for d in diffs):
            dropped += 1
            continue
        cost = sum(diffs) / len(diffs)
        moved.append(cost - ln["cost"])
        kept.append({**ln, "cost": round(cost, 2), "diffs": diffs, "normal_cost": ln["cost"],
                     "normal_diffs": ln["diffs"], "informed": None, "normal_informed": ln.get("informed")})
    with open(path, "w") as f:
        for ln in kept:
            f.write(json.dumps(ln) + "\n")
    cpu = sorted(r["cpu"] for r in results)
    shift, error = mean_error(moved) if moved else (0.0, 0.0)
    return (f"{len(kept)} mistakes measured again on the actual deal, Hard playing on ({dropped} left out: "
            f"an action the position refused); the Hard cost less the Normal: {shift:+.1f} ± {error:.1f} "
            f"points on average; CPU seconds a play-out (both ways) p50 {cpu[len(cpu) // 2]:.1f}, max "
            f"{cpu[-1]:.1f}; details: {path} (report: planted_mistakes.py --merge {path})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("details", help="a planted_mistakes run's --details with --informed costs")
    parser.add_argument("--pick", choices=("missed", "found", "all"), default="missed",
                        help="all: every kind's mistakes, clear or not, found or not (a seeded --limit "
                             "sample), the Hard bots playing on only: the review's share in expectation")
    parser.add_argument("--limit", type=int, default=0, help="at most this many mistakes (seeded sample)")
    parser.add_argument("--deals", type=int, default=16, help="deals of the hidden cards per mistake")
    parser.add_argument("--worlds", type=int, default=100, help="the Hard bots' deals per decision")
    parser.add_argument("--kinds", default=",".join(pm.KINDS), help="the kinds of mistakes, by their names")
    parser.add_argument("--clear", type=float, default=20.0)
    parser.add_argument("--seed", default="0", help="the planted run's --seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", metavar="PATH", help="every deal's two costs")
    parser.add_argument("--actual", metavar="OUT", help="the true costs on the actual deal, Hard playing on")
    parser.add_argument("--playouts", type=int, default=12, help="paired play-outs per mistake for --actual")
    args = parser.parse_args(argv)
    with open(args.details) as f:
        lines = [json.loads(x) for x in f if x.strip()]
    if args.pick == "all" and not args.actual:  # beside the cost in expectation by the Normal bots
        lines = [ln for ln in lines if ln.get("informed")]
    lines = pick(lines, "all" if args.actual else args.pick, args.clear, args.limit, args.seed,
                 set(args.kinds.split(",")))
    if args.actual:
        work, count, extra = actual_job, args.playouts, ()
    else:  # (--pick all: the Hard bots only)
        work, count, extra = deal_job, args.deals, (args.pick != "all",)
    jobs = [(ln, args.seed, i, args.worlds, *extra) for ln in lines for i in range(count)]
    started = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(work, jobs, chunksize=1)
    else:
        results = [work(j) for j in jobs]
    if args.actual:
        print(actual_details(lines, results, args.actual))
    elif args.pick == "all":
        print(report_expectation(lines, results, args))
    else:
        print(report(lines, results, args))
    print(f"{time.perf_counter() - started:.0f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "results": results}, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
