"""The garbage collector's pauses inside Hard's decisions, and the decisions' times.

    python bench/gc_bench.py                          # the Dragon's gifts of 120 standard rounds
    python bench/gc_bench.py --kind play --deals 20 --ruleset tientsin --repeat 1

Normal bots play seeded rounds; every view that asks the chosen kind of decision (`gift`: the
Dragon's trick; `play`: a lead or a follow) is kept. Then a Hard bot decides each kept view
`--repeat` times, in a process whose collector is tuned as a table's server tunes it
(`app/gc_tune.py`), and the collector's callbacks time every collection. Printed: the
decisions' p50/p95/max, the deals each search played (p50/p95), and the collections per
decision with their pauses (p95/max, by generation) and share of all decision time.

Why: the memo of hand splits and the play-out's plans are long-lived tuples; while fresh ones
are still tracked, every collection scans them, and a collection near the end of a 100 ms
search overruns it (see `hand.Splitter.combos`).
"""

from __future__ import annotations

import argparse
import copy
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from decision_bench import _percentile as percentile  # noqa: E402

from app import gc_tune  # noqa: E402
from app.bots.hard import HardBot  # noqa: E402
from app.bots.normal import NormalBot  # noqa: E402
from app.bots.table import TableLog, decision_kind, play_round  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402

KINDS = {"gift": ("gift",), "play": ("lead", "follow")}


class Keeper(NormalBot):
    """Normal, keeping a copy of every view that asks for one of `kinds`."""

    def __init__(self, seat, kept: list, kinds: tuple, **config):
        super().__init__(seat, **config)
        self.kept = kept
        self.kinds = kinds

    def decide_action(self, view):
        if view.get("legal") and decision_kind(view["legal"]) in self.kinds:
            self.kept.append(copy.deepcopy(view))
        return super().decide_action(view)


def kept_views(ruleset: str, deals: int, seed: str, kinds: tuple) -> list[dict]:
    rules = Rules.of(ruleset, {})
    kept: list[dict] = []
    for index in range(deals):
        deal = seeded_deal(rules, f"{seed}:{index}")
        game = Game(ruleset, {}, deal=lambda i, deal=deal: deal(i) if i == 0 else None)
        bots = [Keeper(s, kept, kinds, rng=random.Random(f"{seed}:{index}:{s}")) for s in range(rules.seats)]
        play_round(game, bots, TableLog())
    return kept


class Pauses:
    """The collector's pauses, by generation, from its callbacks."""

    def __init__(self):
        self.started = 0.0
        self.pauses: list[tuple[int, float]] = []

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.pauses.append((info["generation"], time.perf_counter() - self.started))


def measure(views: list[dict], repeat: int) -> dict:
    pauses = Pauses()
    gc.callbacks.append(pauses)
    times, deals, searched = [], [], 0
    try:
        for round_ in range(repeat):
            for i, view in enumerate(views):
                bot = HardBot(view["viewer"], rng=random.Random(f"{round_}:{i}"))
                start = time.perf_counter()
                decision = bot.decide_explained(view)
                times.append(time.perf_counter() - start)
                if decision.search is not None:
                    searched += 1
                    deals.append(decision.search.worlds)
    finally:
        gc.callbacks.remove(pauses)
    by_gen = {g: [s for gen, s in pauses.pauses if gen == g] for g in range(3)}
    return {"decisions": len(times), "searched": searched, "times": times, "deals": deals,
            "by_gen": by_gen, "paused": sum(s for _, s in pauses.pauses)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=sorted(KINDS), default="gift")
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--deals", type=int, default=120, help="Normal rounds to keep views from")
    parser.add_argument("--repeat", type=int, default=3, help="decisions per kept view")
    parser.add_argument("--seed", default="gc")
    args = parser.parse_args(argv)
    views = kept_views(args.ruleset, args.deals, args.seed, KINDS[args.kind])
    gc_tune.tune()
    res = measure(views, args.repeat)
    ms = [t * 1000 for t in res["times"]]
    print(f"{args.ruleset}, {args.kind}: {len(views)} views, {res['decisions']} decisions "
          f"({res['searched']} searched)")
    print(f"  decision ms: p50 {percentile(ms, .5):.1f}  p95 {percentile(ms, .95):.1f}  "
          f"max {max(ms, default=0):.1f}")
    deals = res["deals"]
    print(f"  deals per search: p50 {percentile(deals, .5):.0f}  p95 {percentile(deals, .95):.0f}")
    total, paused = sum(res["times"]), res["paused"]
    print(f"  collections: {sum(len(v) for v in res['by_gen'].values())}, {paused * 1000:.0f} ms in all, "
          f"{100 * paused / total if total else 0:.1f}% of decision time")
    for gen, values in res["by_gen"].items():
        if values:
            values = [v * 1000 for v in values]
            print(f"    generation {gen}: {len(values)}, pause p95 {percentile(values, .95):.1f} ms, "
                  f"max {max(values):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
