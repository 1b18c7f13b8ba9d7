"""Are the Hard bot's Tichu chances true? Its estimates against how often the seat went out first.

    nice -n 10 python bench/call_calibration.py --deals 150 --workers 2 --json bench/results/calls.json
    python bench/call_calibration.py --merge A.json B.json       # runs together

The Hard bot calls Tichu when its chance to go out first, searched by its play-out on deals
of the hidden cards (`searches.first_out_in_play`, before the exchange
`first_out_before_play`) and blended with the logistic estimate, reaches the chance a call
needs. The round review judges a call by the same play-out. If that play-out is too
hopeful (its seats play every sampled deal as if they saw it), the bot calls too often and the
review excuses weak calls; this measures it.

Seeded deals of one ruleset are played by the bot at every seat (`--bots`, as the arena
names them), each with its table defaults (its time budgets). For every seat whose Tichu
call was searched, the last estimate before its first card (`Decision.call`, which the hint
shows too) is kept with what came of it: called or not, and whether the seat went out first
(for the Trichu dealer and its Table, whose bot weighs both hands in one decision, only the
estimates of calls made). Per band of the estimate: how many, how many called, the mean
estimate, and how often the seat went out first, with and without a call (95% intervals). A
seat that did not call plays without the opponents fighting a call, so its rate is, if
anything, above what a call would have had.

With `--planted DETAILS` (a `bench/planted_mistakes.py` run's details with the costs in
expectation, `--informed`) it looks instead at the weak Tichu calls the review did not flag
though they were clear in expectation: on the same deals of the hidden cards (`--samples`,
drawn as the review draws them), how often the caller went out first in the review's play-out
and when the Normal bots (the planted costs' players, styles drawn as there) play the round on.
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

import planted_mistakes as pm  # noqa: E402  (its planting and its Normal play-outs, for --planted)

from app.bots import load_bot  # noqa: E402
from app.bots.base import Bot  # noqa: E402
from app.bots.knowledge import Knowledge  # noqa: E402
from app.bots.normal import NormalBot  # noqa: E402
from app.bots.rollout import PlayStart  # noqa: E402
from app.bots.sampling import Sampler  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402
from app.engine.views import view_for  # noqa: E402

BANDS = (0.0, 0.3, 0.45, 0.52, 0.6, 0.7, 0.8, 0.9, 1.0001)


class Noting(Bot):
    """A bot that notes, per seat, its last searched Tichu estimate before the seat's first card."""

    def __init__(self, inner: Bot, notes: dict):
        super().__init__(inner.seat)
        self.inner = inner
        self.notes = notes  # seat -> (chance, needed, before exchange, deals)

    def decide(self, view: dict) -> dict | None:
        explained = self.inner.decide_explained(view)
        call, action = explained.call, explained.action
        if call is None or call.call != "tichu" or not call.deals:
            return action
        called = action is not None and action.get("act") == "tichu"
        if len(view.get("controls") or ()) > 1 and not called:
            return action  # (the Trichu dealer's: which of its hands the estimate was for is not said)
        seat = action.get("seat", view["viewer"]) if action else view["viewer"]
        self.notes[seat] = (call.chance, call.needed, call.before_exchange, call.deals)
        return action


def run_deal(args: tuple) -> list[dict]:
    """Every searched Tichu decision of one seeded round: its estimate and what came of it."""
    ruleset, number, seed, bots = args
    hands = seeded_deal(Rules.of(ruleset), f"calibrate-calls:{seed}")(number)
    game = Game(ruleset, deal=lambda r: hands if r == 0 else None)
    notes: dict = {}
    seats = game.round.seating.seats
    level = load_bot(bots)
    players = [Noting(level(s, rng=random.Random(f"{seed}:{number}:{s}")), notes) for s in range(seats)]
    play_round(game, players, TableLog())
    result = game.rounds[0].result
    out = []
    for seat, (chance, needed, before, deals) in sorted(notes.items()):
        out.append({"deal": number, "seat": seat, "chance": round(chance, 4), "needed": round(needed, 4),
                    "before": before, "deals": deals, "called": result.calls[seat] == "tichu",
                    "first": bool(result.out_order) and result.out_order[0] == seat})
    return out


def planted_calls(line: dict, samples: int) -> dict:
    """A planted weak call's chance to go out first, the review's play-out's and the Normal bots',
    on the same `samples` deals of what the caller could not see."""
    job, (seat, plant, index, record) = pm._replanted(line, "0")
    start = pm._position(job, record, index)
    view = view_for(start, seat)
    k = Knowledge(view)
    sampler, playout = Sampler(k), PlayStart(view, knowledge=k)
    rng = random.Random(f"calibrate-planted:{line['ruleset']}:{line['deal']}")
    by_playout = by_normal = 0
    for i in range(samples):
        hands = list(sampler.sample(rng))
        playout.score(hands, ("tichu", True))
        by_playout += bool(playout.po.out) and playout.po.out[0] == seat
        game = start.clone()
        game.round.hands = list(hands)
        game.apply(dict(plant.bad, seat=seat), by=seat)
        styles = pm._styles(job, i, game.round.seating.seats)
        play_round(game, [NormalBot(s, **styles[s]) for s in range(len(styles))], TableLog())
        by_normal += game.rounds[0].result.out_order[0] == seat
    return {"ruleset": line["ruleset"], "deal": line["deal"], "seat": seat, "cost": line["cost"],
            "in expectation": line["informed"]["cost"],
            "review's gain": (line.get("estimate") or {}).get("gain"),
            "play-out": round(by_playout / samples, 3), "normal": round(by_normal / samples, 3)}


def planted_report(paths: list[str], samples: int, workers: int) -> str:
    lines = [json.loads(text) for path in paths for text in open(path)]
    misses = [line for line in lines if line["kind"] == "tichu_weak" and not line["found"]
              and (line.get("informed") or {}).get("cost") is not None and line["informed"]["cost"] >= 20]
    jobs = [(line, samples) for line in misses]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            rows = pool.starmap(planted_calls, jobs)
    else:
        rows = [planted_calls(*job) for job in jobs]
    out = [f"Weak Tichu calls clear in expectation the review did not flag: {len(rows)}; the caller's chance "
           f"to go out first on {samples} deals each",
           f"{'ruleset':<10} {'deal':>4} {'cost':>7} {'in exp.':>8} {'review':>7} {'play-out':>9} "
           f"{'Normal':>7}"]
    for r in rows:
        gain = r["review's gain"]
        out.append(f"{r['ruleset']:<10} {r['deal']:>4} {r['cost']:>7.1f} {r['in expectation']:>8.1f} "
                   f"{gain if gain is not None else '-':>7} {r['play-out']:>9.2f} {r['normal']:>7.2f}")
    if rows:
        out.append(f"mean: play-out {sum(r['play-out'] for r in rows) / len(rows):.2f}, "
                   f"Normal {sum(r['normal'] for r in rows) / len(rows):.2f}")
    return "\n".join(out)


def _interval(hits: int, n: int) -> str:
    """The share with a 95% Wilson interval."""
    if not n:
        return "-"
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{p:.2f} ({max(0.0, centre - half):.2f}-{min(1.0, centre + half):.2f}) of {n}"


def report(rows: list[dict], title: str) -> str:
    lines = [title, f"{'estimate':>12} {'n':>5} {'called':>7} {'mean est':>9}  "
             f"{'first out, called':>28}  {'first out, not called':>28}"]
    for when in (False, True):
        lines.append("before the exchange" if when else "during the play (before the first card)")
        part = [r for r in rows if r["before"] == when]
        for lo, hi in zip(BANDS, BANDS[1:]):
            band = [r for r in part if lo <= r["chance"] < hi]
            if not band:
                continue
            called = [r for r in band if r["called"]]
            quiet = [r for r in band if not r["called"]]
            mean = sum(r["chance"] for r in band) / len(band)
            lines.append(f"{lo:5.2f}-{min(hi, 1):4.2f} {len(band):>5} {len(called):>7} {mean:>9.2f}  "
                         f"{_interval(sum(r['first'] for r in called), len(called)):>28}  "
                         f"{_interval(sum(r['first'] for r in quiet), len(quiet)):>28}")
        called = [r for r in part if r["called"]]
        if called:
            mean = sum(r["chance"] for r in called) / len(called)
            lines.append(f"  calls: mean estimate {mean:.2f}, went out first "
                         f"{_interval(sum(r['first'] for r in called), len(called))}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--bots", default="hard", help="the bot at every seat")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--merge", nargs="+", metavar="JSON", help="earlier runs' reports together")
    parser.add_argument("--planted", nargs="+", metavar="DETAILS",
                        help="the weak calls a review missed, with costs in expectation (see above)")
    parser.add_argument("--samples", type=int, default=100, help="deals per call for --planted")
    args = parser.parse_args(argv)
    if args.planted:
        print(planted_report(args.planted, args.samples, args.workers))
        return 0
    if args.merge:
        rows = [r for path in args.merge for r in json.load(open(path))["rows"]]
        print(report(rows, f"Tichu estimates: {len(args.merge)} runs together"))
        return 0
    jobs = [(args.ruleset, n, args.seed, args.bots) for n in range(args.first, args.first + args.deals)]
    started = time.time()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            rows = [r for part in pool.imap(run_deal, jobs) for r in part]
    else:
        rows = [r for job in jobs for r in run_deal(job)]
    title = (f"Tichu estimates: {args.bots} at every seat, {args.ruleset}, {args.deals} deals from "
             f"{args.first}, seed {args.seed!r}, {time.time() - started:.0f} s")
    text = report(rows, title)
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "rows": rows, "report": text}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
