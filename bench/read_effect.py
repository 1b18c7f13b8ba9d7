"""What reading the others' actions changes in Hard's decisions, judged on the actual deal.

    nice -n 10 python bench/read_effect.py --deals 120 --workers 2 --json bench/results/read_effect.json
    python bench/read_effect.py --deals 4 --playouts 8                     # a quick look
    python bench/read_effect.py --opt read_calls=1 --opt read_exits=1      # other reads
    python bench/read_effect.py --merge A.json B.json                      # runs together
    python bench/read_effect.py --deals 120 --control                      # noise alone

Rounds are played by the Normal bot at every seat (seeded deals, `--ruleset`). At every
play-phase turn where the reads apply (`--opt`, by default `read_exchange=1 read_bombs=1`:
a read term of the seat's view, `reading.play_reading`), the seat's decision is asked of Hard
with the options and without, the same seed and a counted number of deals (`--worlds`, never
the clock). Where they choose differently, both choices are played out on the actual deal,
every hand as it really is, `--playouts` times, paired: play-out i of both has the same Normal
bots, their trick-play weights drawn from seed i (`planted_mistakes._branch`). The effect of a
position is the seat's team's mean score with the read's choice minus without. A read is worth
something where the hidden cards follow the model it reads by, so it is judged on the cards as
they lay (the all-seeing view), not on sampled deals (which it would merely agree with).

It reports the positions, those chosen differently, the effect per differing position and per
position (with 95% intervals over the positions); and what the reads cost and how much they
bite: the time of 200 read deals over 200 plain ones, summed over the positions
(`read_deal_cost_x`), and the mean share of plain deals some read weighs below 1. With
`--control` the same positions are asked of Hard without the reads on two seeds: how often and
how much its choices differ by the deals drawn alone.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import random
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from partner_bench import _interval, bot_options  # noqa: E402
from planted_mistakes import _branch  # noqa: E402

from app import gc_tune  # noqa: E402
from app.bots.hard import HardBot  # noqa: E402
from app.bots.knowledge import Knowledge  # noqa: E402
from app.bots.normal import NormalBot  # noqa: E402
from app.bots.reads import Reads  # noqa: E402
from app.bots.sampling import Sampler  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.bots.tricks import Style  # noqa: E402
from app.engine import Game  # noqa: E402

DEFAULT_OPTIONS = ("read_exchange=1", "read_bombs=1")


def _reading(view: dict, options: dict):
    """The seat's reading under the Hard bot's `options` (None: nothing to read here)."""
    return Reads.of(HardBot(view["viewer"], **options).config).reading(Knowledge(view))


class Recorder(NormalBot):
    """Normal, noting the play-phase turns where the reads apply (the view and a clone)."""

    def __init__(self, seat, game, options, found):
        super().__init__(seat)
        self.game, self.options, self.found = game, options, found

    def decide(self, view):
        legal = view["legal"]
        if (view["phase"] == "play" and legal and (legal["plays"] or legal["pass"])
                and not view.get("table") and _reading(view, self.options) is not None):
            self.found.append((view, self.game.clone()))
        return super().decide(view)


def _styles(seed: str, n: int) -> list[dict]:
    """A play-out's trick-play weights per seat: each of Normal's defaults times 0.6 to 1.4."""
    rng = random.Random(seed)
    base = asdict(Style())
    return [{name: value * rng.uniform(0.6, 1.4) for name, value in base.items()} for _ in range(n)]


def _decide(view: dict, options: dict, worlds: int, seed: int = 1) -> dict | None:
    bot = HardBot(view["viewer"], seed=seed, budget_ms=1e7, call_budget_ms=1e7, max_worlds=worlds,
                  call_worlds=worlds, **options)
    return bot.decide(view) or {"act": "pass"}


def _sampling(view: dict, options: dict, count: int = 200) -> dict:
    """The reads' cost and bite here: seconds for `count` read deals and plain ones, and the
    share of plain deals some read weighs below 1."""
    k = Knowledge(view)
    reading = _reading(view, options)
    plain_sampler, read_sampler = Sampler(k), Sampler(k, reading)
    rng = random.Random(1)
    started = time.perf_counter()
    plain = [plain_sampler.sample(rng) for _ in range(count)]
    plain_s = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(count):
        read_sampler.sample(rng)
    read_s = time.perf_counter() - started
    return {"plain_s": plain_s, "read_s": read_s,
            "bitten": sum(reading.weight(hands) < 1 for hands in plain) / count}


def run_deal(job: tuple) -> dict:
    """One seeded deal: its positions, and the effect of each chosen differently."""
    ruleset, deal, options, worlds, playouts, control = job
    game = Game(ruleset, {}, seed=9000 + deal)
    found: list = []
    seats = game.round.seating.seats
    play_round(game, [Recorder(s, game, options, found) for s in range(seats)], TableLog())
    plain = {name: False for name in options}
    positions = []
    for view, start in found:
        seat = view["viewer"]
        # (The control: no reads on either side, another seed: how often noise alone differs.)
        read = _decide(view, plain, worlds, seed=2) if control else _decide(view, options, worlds)
        without = _decide(view, plain, worlds)
        row = {"seat": seat, "at": len(view["history"]), "differ": read != without}
        row.update(_sampling(view, options))
        if row["differ"]:
            diffs = []
            for i in range(playouts):
                styles = _styles(f"read-effect:{ruleset}:{deal}:{row['at']}:{i}", seats)
                a = _branch(start, seat, read, styles, False)
                b = _branch(start, seat, without, styles, False)
                if a is not None and b is not None:
                    diffs.append(a - b)
            row.update(read=read, without=without, effect=sum(diffs) / len(diffs) if diffs else None)
        positions.append(row)
    return {"deal": deal, "positions": positions}


def summarise(results: list[dict]) -> dict:
    rows = [p for r in results for p in r["positions"]]
    differ = [p for p in rows if p["differ"] and p.get("effect") is not None]
    out = {"positions": len(rows), "differ": len(differ)}
    if rows:
        out["plain_deals_read_below_1"] = round(sum(p["bitten"] for p in rows) / len(rows), 4)
        out["read_deal_cost_x"] = round(sum(p["read_s"] for p in rows) / sum(p["plain_s"] for p in rows), 2)
    if len(differ) > 1:
        mean, low, high = _interval([p["effect"] for p in differ])
        out["per_differing"] = {"mean": round(mean, 1), "ci95": [round(low, 1), round(high, 1)]}
        per_all = [p["effect"] if p in differ else 0.0 for p in rows]
        mean, low, high = _interval(per_all)
        out["per_position"] = {"mean": round(mean, 2), "ci95": [round(low, 2), round(high, 2)]}
    return out


def _read(path: str) -> dict:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def _write(path: str, data: dict) -> None:
    """A report with every position (compact; gzipped where the name ends in .gz)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "wt") as f:
        json.dump(data, f, separators=(",", ":"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", default="standard")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--opt", action="append", default=None, help="a read option, name=value")
    ap.add_argument("--worlds", type=int, default=300, help="Hard's deals per search (counted)")
    ap.add_argument("--playouts", type=int, default=24, help="play-outs of the actual deal per choice")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", help="write the report and every position here (.gz: gzipped)")
    ap.add_argument("--control", action="store_true",
                    help="the same positions, both sides without the reads, one of them on another seed")
    ap.add_argument("--merge", nargs="+", metavar="JSON", help="no run: the report of earlier runs together")
    args = ap.parse_args(argv)
    if args.merge:
        runs = [_read(path) for path in args.merge]
        results = [r for run in runs for r in run["results"]]
        print(json.dumps({"runs": args.merge, "deals": len(results), **summarise(results)}, indent=1))
        return 0
    options = bot_options(args.opt or list(DEFAULT_OPTIONS))
    jobs = [(args.ruleset, d, options, args.worlds, args.playouts, args.control)
            for d in range(args.first, args.first + args.deals)]
    started = time.time()
    if args.workers > 1:
        with multiprocessing.get_context("fork").Pool(args.workers, initializer=gc_tune.tune) as pool:
            results = pool.map(run_deal, jobs, chunksize=1)
    else:
        gc_tune.tune()
        results = [run_deal(j) for j in jobs]
    report = {"ruleset": args.ruleset, "deals": args.deals, "first": args.first, "options": options,
              "control": args.control,
              "worlds": args.worlds, "playouts": args.playouts, "seconds": round(time.time() - started),
              **summarise(results)}
    print(json.dumps(report, indent=1))
    if args.json:
        _write(args.json, {"report": report, "results": results})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
