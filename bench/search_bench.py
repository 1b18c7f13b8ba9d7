"""The Hard bot's search speed: deals searched per decision, play-outs and sampled deals per second.

    python bench/search_bench.py --rev 7543d6f          # that revision against this tree, one run
    python bench/search_bench.py --root /other/checkout  # or any folder holding an `app` package
    python bench/search_bench.py [--budget-ms 100] [--passes 2] [--opt NAME=VALUE] [--json PATH]

Positions: a fixed, seeded set of real positions, taken from whole rounds the
Normal bot plays with this tree's engine in every ruleset and table size
(standard, Trichu, Tientsin, Grandseigneur with 6 and with 8 players, two
decks), three stages of each round (early, middle, late by cards played),
three deals each; only turns where Hard has more than one play to weigh, so
each one is a real search. They are made once, in this process, and sent to
every side as the seat's view (JSON), so every side sees the same positions.

Sides: this tree, and every `--rev` (extracted by `app.bots.revision`, the
arena's way, its play-out compiled as its own checkout had it) and `--root`
given. Each side runs in a process of its own that imports `app` from its
folder, so each side runs its own code, engine included. The sides take turns
position by position (the first side changes every position), so a busy
shared machine slows them alike.

Per side, for each table, each stage (all tables) and all positions:
- worlds per decision: deals of the hidden cards Hard sampled and scored in one
  decision at the budget (`--budget-ms`, 100 by default, Hard's default) with
  its world cap lifted (`--max-worlds`, so the budget is what stops it), p50
  and mean; distinct: how many of those deals differ (late in a round few
  cards are hidden and deals repeat: a newer Hard scores a deal drawn again
  without playing it out again); contested: the mean of distinct deals over the decisions
  no side settled early (a racing Hard, from 2026-11-27 on, stops a decision once every
  candidate but Normal's choice is set aside: those decisions end in a few milliseconds,
  and their share is reported as "settled early"), the same positions on every side;
- play-outs/s: `--playout-deals` deals are drawn per position, the distinct
  ones handed to Hard's search in place of its sampler, each once: candidate
  play-outs (deals x candidates, the race off) per second of that search,
  sampling aside, hand plans included. The same deals and play-outs on every side;
- sampler deals/s: `Sampler(Knowledge(view)).sample(rng)` in a loop, per position;
- decision p50/p95: the whole `decide` at the budget, in ms.

The sides' code is reached through names both old and new trees have:
`HardBot(seat, budget_ms=, max_worlds=, seed=)`, its search's deals and means
(one per candidate): `decide_explained(view).search` (`last_search` in trees
before it), the play search (`search_play` as `hard.py` imports it, the method
`HardBot.search` before), `Knowledge(view)` and `Sampler(k).sample(rng)`.

`--gc-tune`: every side's garbage collector tuned as a table's server tunes it (this tree's
`app/gc_tune.THRESHOLDS`, the start-up heap frozen; the arena's way), so decision times are
a table's; without it, Python's defaults (the figures before 2026-11-29 were measured so).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

TABLES = [("standard", {}), ("trichu", {}), ("tientsin", {}), ("grandseigneur", {}),
          ("grandseigneur", {"players": 8})]
STAGES = ("early", "middle", "late")


# -- the side's process -------------------------------------------------------------------


def serve(root: str, gc_thresholds: str | None = None) -> None:
    """A side: import `app` from `root`, answer measurement requests (one JSON line each);
    `gc_thresholds` ("a,b,c"): collect garbage as a server does, `app/gc_tune.py`."""
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
    sys.path.insert(0, str(Path(root).resolve()))
    import app
    from app.bots import hard, sampling
    from app.bots.base import hand_views
    from app.bots.knowledge import Knowledge

    assert Path(app.__file__).resolve().parent.parent == Path(root).resolve(), app.__file__
    if gc_thresholds:
        gc.collect()
        gc.freeze()
        gc.set_threshold(*(int(n) for n in gc_thresholds.split(",")))
    spent = {"search": 0.0, "sample": 0.0}
    drawn: set = set()  # the distinct deals of this decision
    queue: list = []  # deals to hand out instead of sampling (the play-out measurement)
    explains = hasattr(hard.HardBot, "decide_explained")  # (else an older tree: `last_search`)
    # The play search: a function `hard.py` imports, or in older trees a method.
    owner = hard.HardBot if hasattr(hard.HardBot, "search") else hard
    search_name = "search" if owner is hard.HardBot else "search_play"
    search, sample = getattr(owner, search_name), sampling.Sampler.sample
    known = None  # the options this tree's Hard takes (None: an older tree takes any)
    if hasattr(hard, "HardConfig"):
        from app.bots.config import option_names

        known = set(option_names(hard.HardConfig))

    def timed_search(*args, **kwargs):
        start = time.perf_counter()
        try:
            return search(*args, **kwargs)
        finally:
            spent["search"] += time.perf_counter() - start

    def timed_sample(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            hands = queue.pop() if queue else sample(self, *args, **kwargs)
            drawn.add(tuple(hands))
            return hands
        finally:
            spent["sample"] += time.perf_counter() - start

    setattr(owner, search_name, timed_search)
    sampling.Sampler.sample = timed_sample
    out = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    sys.stdout = sys.stderr
    for line in sys.stdin:
        req = json.loads(line)
        view = req["view"]
        if req["op"] == "sample":  # the sampler alone, on the hand whose turn it is
            k = next(Knowledge(v) for v in hand_views(view) if v["legal"] and v["legal"]["plays"])
            sampler = sampling.Sampler(k)
            rng = random.Random(req["seed"])
            start = time.perf_counter()
            for _ in range(req["count"]):
                sample(sampler, rng)
            answer = {"seconds": time.perf_counter() - start, "count": req["count"]}
        else:
            if req["op"] == "playouts":
                # Distinct deals drawn beforehand, each searched once: the same play-outs on every
                # side, whatever it does with a deal drawn twice.
                k = next(Knowledge(v) for v in hand_views(view) if v["legal"] and v["legal"]["plays"])
                sampler, rng = sampling.Sampler(k), random.Random(req["seed"])
                deals = {tuple(sample(sampler, rng)) for _ in range(req["count"])}
                queue[:] = [list(d) for d in sorted(deals)]
                worlds, budget = len(queue), 1e9
            else:
                worlds, budget = req["max_worlds"], req["budget_ms"]
            options = dict(req.get("options", {}))
            if req["op"] == "playouts":  # every candidate on every deal: the play-outs' own rate
                options.update({"race_after": 10**9} if known else {"race": 0})
            if known is not None:
                options = {name: value for name, value in options.items() if name in known}
            bot = hard.HardBot(view["viewer"], budget_ms=budget, max_worlds=worlds, seed=req["seed"],
                               **options)
            spent["search"] = spent["sample"] = 0.0
            drawn.clear()
            start = time.perf_counter()
            if explains:
                trace = bot.decide_explained(view).search
                seconds = time.perf_counter() - start
                found = {"worlds": 0, "means": []} if trace is None else {
                    "worlds": trace.worlds, "means": trace.means, "set_aside": len(trace.aside),
                    "playouts": trace.playouts}
            else:
                bot.decide(view)
                seconds = time.perf_counter() - start
                found = bot.last_search or {"worlds": 0, "means": []}
            queue.clear()
            # A racing search (a newer Hard) counts its play-outs, and may settle a decision
            # early: every candidate but Normal's choice set aside.
            settled = found.get("set_aside", 0) >= len(found["means"]) - 1 > 0
            answer = {"seconds": seconds, "worlds": found["worlds"], "distinct": len(drawn),
                      "playouts": found.get("playouts", found["worlds"] * len(found["means"])),
                      "settled": settled,
                      "playout_seconds": spent["search"] - spent["sample"]}
        out.write(json.dumps(answer) + "\n")
        out.flush()


class Side:
    def __init__(self, label: str, root: Path, gc_thresholds: str | None = None):
        self.label = label
        self.root = root
        gc_option = [f"--gc={gc_thresholds}"] if gc_thresholds else []
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve", str(root), *gc_option],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, **request) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"side {self.label} ({self.root}) died")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


# -- positions ----------------------------------------------------------------------------


def table_name(ruleset: str, options: dict) -> str:
    return ruleset + (f"-{options['players']}" if "players" in options else "")


def collect_positions(deals: int = 3) -> list[tuple[str, str, dict]]:
    """(table, stage, view) for each table, deal and stage: a turn of a round Normal plays where
    Hard has more than one play to weigh."""
    sys.path.insert(0, str(HERE))
    from app.bots.hard import HardBot
    from app.bots.normal import NormalBot
    from app.bots.table import TableLog, play_round
    from app.engine import Game, Rules, seeded_deal

    class Recorder(NormalBot):
        """Normal, noting every turn it is asked to play: (share of the deck played, view)."""

        def __init__(self, seat, rng, turns: list, deck_size: int):
            super().__init__(seat, rng)
            self.turns, self.deck_size = turns, deck_size

        def decide(self, view):
            legal = view["legal"]
            if legal and legal["plays"] and not view.get("game_over"):
                played = sum(len(e["cards"].split()) for e in view["history"] if e.get("act") == "play")
                self.turns.append((played / self.deck_size, json.loads(json.dumps(view))))
            return super().decide(view)

    positions = []
    for ruleset, options in TABLES:
        rules = Rules.of(ruleset, options)
        for d in range(deals):
            turns: list[tuple[float, dict]] = []
            deal = seeded_deal(rules, f"search-bench:{d}")
            game = Game(ruleset, options, deal=lambda i, deal=deal: deal(i) if i == 0 else None)
            bots = [Recorder(seat, random.Random(f"{d}:{seat}"), turns, rules.deck.size)
                    for seat in range(rules.seats)]
            play_round(game, bots, TableLog())
            for stage, (lo, hi) in zip(STAGES, ((0, 1 / 3), (1 / 3, 2 / 3), (2 / 3, 1.01))):
                in_stage = [t for t in turns if lo <= t[0] < hi]
                middle = (lo + min(hi, 1)) / 2  # the turns nearest the stage's middle first
                for _, view in sorted(in_stage, key=lambda t: abs(t[0] - middle)):
                    probe = HardBot(view["viewer"], budget_ms=1e6, max_worlds=1, seed=0)
                    if probe.decide_explained(view).search is not None:  # a real choice: Hard searches it
                        positions.append((table_name(ruleset, options), stage, view))
                        break
    return positions


# -- the run ------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * len(values) + 0.5) - 1))]


def summarize(rows: list[dict], samples: list[dict], playouts: list[dict]) -> dict:
    open_rows = [r for r in rows if r["contested"]] or [{"distinct": 0}]
    worlds = [r["worlds"] for r in rows]
    distinct = [r["distinct"] for r in rows]
    played = sum(p["playouts"] for p in playouts)
    playout_time = sum(p["playout_seconds"] for p in playouts)
    ms = [r["seconds"] * 1000 for r in rows]
    return {
        "decisions": len(rows),
        "worlds_p50": statistics.median(worlds),
        "worlds_mean": round(statistics.fmean(worlds), 1),
        "distinct_p50": statistics.median(distinct),
        "distinct_mean": round(statistics.fmean(distinct), 1),
        "contested_distinct_mean": round(statistics.fmean(r["distinct"] for r in open_rows), 1),
        "settled_share": round(sum(r["settled"] for r in rows) / len(rows), 2),
        "playouts_per_s": round(played / playout_time) if playout_time else 0,
        "sampler_deals_per_s": round(sum(s["count"] for s in samples) / sum(s["seconds"] for s in samples)),
        "decision_p50_ms": round(pct(ms, 0.5), 1),
        "decision_p95_ms": round(pct(ms, 0.95), 1),
    }


def run(sides: list[Side], positions: list, budget_ms: float, max_worlds: int, passes: int,
        sampler_count: int, playout_deals: int, options: dict) -> dict:
    rows = {s.label: [] for s in sides}
    samples = {s.label: [] for s in sides}
    playouts = {s.label: [] for s in sides}
    for i, (_, _, view) in enumerate(positions):  # warm-up: imports, plan caches
        for side in sides:
            side.ask(op="decide", view=view, budget_ms=10, max_worlds=max_worlds, seed=i, options=options)
    for p in range(passes):
        for i, (table, stage, view) in enumerate(positions):
            turn = (i + p) % len(sides)
            for side in sides[turn:] + sides[:turn]:
                r = side.ask(op="decide", view=view, budget_ms=budget_ms, max_worlds=max_worlds,
                             seed=1000 * p + i, options=options)
                rows[side.label].append(dict(r, table=table, stage=stage))
                s = side.ask(op="sample", view=view, count=sampler_count, seed=1000 * p + i)
                samples[side.label].append(dict(s, table=table, stage=stage))
                o = side.ask(op="playouts", view=view, count=playout_deals, seed=10 ** 6 + 1000 * p + i,
                             options=options)
                playouts[side.label].append(dict(o, table=table, stage=stage))
    # Contested: no side settled the decision early (paired: the same positions on every side).
    for j in range(len(positions) * passes):
        contested = not any(rows[side.label][j]["settled"] for side in sides)
        for side in sides:
            rows[side.label][j]["contested"] = contested
    tables = [table_name(r, o) for r, o in TABLES]
    report = {}
    for side in sides:
        measured = (rows[side.label], samples[side.label], playouts[side.label])
        per = {t: summarize(*([x for x in m if x["table"] == t] for m in measured)) for t in tables}
        for stage in STAGES:
            per[stage] = summarize(*([x for x in m if x["stage"] == stage] for m in measured))
        per["all"] = summarize(*measured)
        report[side.label] = per
    return report


def format_report(report: dict, header: str) -> str:
    cols = [("worlds_p50", "worlds p50"), ("worlds_mean", "mean"), ("distinct_p50", "distinct p50"),
            ("distinct_mean", "mean"), ("contested_distinct_mean", "contested"),
            ("playouts_per_s", "play-outs/s"),
            ("sampler_deals_per_s", "sampler/s"), ("decision_p50_ms", "ms p50"), ("decision_p95_ms", "p95")]
    width = max(len(label) for label in report) + 2
    lines = [header, ""]
    labels = list(report)
    for table in report[labels[0]]:
        settled = ", ".join(f"{label} {report[label][table]['settled_share']:.0%}" for label in labels)
        lines.append(f"{table} ({report[labels[0]][table]['decisions']} decisions per side; settled "
                     f"early: {settled})")
        lines.append(" " * (width + 2) + "".join(f"{name:>13}" for _, name in cols))
        for label in labels:
            row = report[label][table]
            lines.append(f"  {label:<{width}}" + "".join(f"{row[key]:>13}" for key, _ in cols))
        if len(labels) > 1:
            base = report[labels[0]][table]
            for label in labels[1:]:
                row = report[label][table]
                ratios = [f"x{row[k] / base[k]:.2f}" if base[k] else "-" for k, _ in cols[:7]]
                lines.append(f"  {label + '/' + labels[0]:<{width}}" + "".join(f"{r:>13}" for r in ratios))
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", action="append", default=[], help="a git revision to compare (first)")
    parser.add_argument("--root", action="append", default=[], help="a folder holding an app package")
    parser.add_argument("--budget-ms", type=float, default=100)
    parser.add_argument("--max-worlds", type=int, default=1_000_000, help="Hard's world cap (lifted)")
    parser.add_argument("--passes", type=int, default=2, help="times each position is decided per side")
    parser.add_argument("--deals", type=int, default=3, help="deals per table (three stages each)")
    parser.add_argument("--sampler-count", type=int, default=200, help="deals sampled per position")
    parser.add_argument("--playout-deals", type=int, default=40,
                        help="deals drawn per position for the play-out rate (the distinct ones are played)")
    parser.add_argument("--opt", action="append", default=[], metavar="NAME=VALUE",
                        help="a Hard option for every side (one a side does not know, it keeps unused), "
                             "e.g. margin=6")
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--gc-tune", action="store_true",
                        help="every side collects garbage as a table's server does (app/gc_tune.py)")
    parser.add_argument("--serve", metavar="ROOT", help=argparse.SUPPRESS)
    parser.add_argument("--gc", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.gc)
        return 0
    sys.path.insert(0, str(HERE))
    from app.gc_tune import THRESHOLDS

    gc_thresholds = ",".join(str(n) for n in THRESHOLDS) if args.gc_tune else None
    from app.bots.revision import compile_playout, extract_revision, resolve

    roots = [(rev, extract_revision(rev)) for rev in args.rev]
    for rev, root in roots:  # each revision's play-out compiled, as its own checkout ran it
        why = compile_playout(root)
        if why is not None:
            print(f"{rev}: its play-out runs as Python ({why})")
    sides = [Side(rev, root, gc_thresholds) for rev, root in roots]
    sides += [Side(Path(root).name or root, Path(root), gc_thresholds) for root in args.root]
    sides.append(Side("this tree", HERE, gc_thresholds))
    started = time.time()
    positions = collect_positions(args.deals)
    options = {}
    for item in args.opt:
        name, _, value = item.partition("=")
        options[name] = float(value) if value.replace(".", "", 1).isdigit() else value
    report = run(sides, positions, args.budget_ms, args.max_worlds, args.passes, args.sampler_count,
                 args.playout_deals, options)
    for side in sides:
        side.close()
    names = {rev: resolve(rev)[:10] for rev in args.rev}
    header = (f"Hard's search, {len(positions)} positions x {args.passes} passes, "
              f"options {options or 'none'}, budget {args.budget_ms:g} ms, world cap {args.max_worlds}, "
              f"collector {'tuned ' + gc_thresholds if gc_thresholds else 'Python defaults'}; "
              "sides: "
              + ", ".join(f"{s.label} ({names.get(s.label, s.root)})" for s in sides)
              + f"; {time.time() - started:.0f} s")
    print(format_report(report, header))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"header": header, "sides": report}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
