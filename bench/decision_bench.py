"""Hard's decision times per kind of decision, in every ruleset, and its illegal actions.

    python bench/decision_bench.py                      # 4 deals per ruleset, Hard at every seat
    python bench/decision_bench.py --deals 20 --ruleset standard --ruleset trichu
    python bench/decision_bench.py --opt budget_ms=100 --opt call_budget_ms=270 --json out.json

Plays rounds with the Hard bot at every seat (Grandseigneur: a deal is its two rounds) and
times every `decide` call, filed under the kind of decision the view asked for:

- `call`: Grand Tichu, and Tichu when only a call is open (weighed in the play phase);
- `exchange`: the exchange (the Tichu call before it is weighed in the same decision);
- `play`: a lead or a follow (a Tichu weighed at its own turn shares that decision's time);
- `wish`: a play that carried a wish (a Mah Jong);
- `bomb`: a bomb out of turn may be thrown (most of these are not searched: see `searched`);
- `gift`: the Dragon's trick.

For each kind: how many decisions, p50/p95/max over all of them, and over those that ran a
search (`Decision.searched`, from `decide_explained`). The targets: p95 <= 300 ms for the calls and
the exchange, <= 100 ms for the plays (the default budgets: `call_budget_ms` 270, `budget_ms`
100). Illegal actions (refused by the engine, or a stall) must be 0.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app import gc_tune  # noqa: E402
from app.bots.hard import HardBot  # noqa: E402
from app.bots.table import TableLog, decision_kind, play_round  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402

RULESETS = ("standard", "trichu", "tientsin", "grandseigneur")
KINDS = ("call", "exchange", "play", "wish", "bomb", "gift")


class TimedHard(HardBot):
    """Hard, noting each decision's time under its kind."""

    def __init__(self, seat, times: dict, **config):
        super().__init__(seat, **config)
        self.times = times

    def decide_explained(self, view):
        kind = self._kind(view)
        start = time.perf_counter()
        decision = super().decide_explained(view)
        seconds = time.perf_counter() - start
        action = decision.action
        if kind == "play" and action and action.get("wish"):
            kind = "wish"
        if kind is not None:
            self.times.setdefault(kind, []).append((seconds, decision.searched is not None))
        return decision

    @staticmethod
    def _kind(view) -> str | None:
        kinds = [decision_kind(v["legal"]) for v in _hand_legals(view)]
        kinds = [k for k in kinds if k]
        if not kinds:
            return None
        kind = next((k for k in kinds if k != "tichu"), kinds[0])  # a call alone, or what comes with it
        return {"grand": "call", "tichu": "call", "lead": "play", "follow": "play"}.get(kind, kind)


def _hand_legals(view):
    out = [view] if view.get("legal") else []
    table = view.get("table")
    if table and table.get("legal") and table["seat"] in (view.get("controls") or ()):
        out.append(table)
    return out


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


def _summary(entries: list) -> dict:
    out = {}
    for label, values in (("all", [s for s, _ in entries]), ("searched", [s for s, x in entries if x])):
        out[label] = {"n": len(values), "p50_ms": round(_percentile(values, 0.5) * 1000, 1),
                      "p95_ms": round(_percentile(values, 0.95) * 1000, 1),
                      "max_ms": round(max(values, default=0) * 1000, 1)}
    return out


def run(ruleset: str, deals: int, seed: str, config: dict) -> dict:
    rules = Rules.of(ruleset, {})
    times: dict = {}
    illegal = 0
    rounds = 2 if rules.seating.teams is None else 1
    for index in range(deals):
        deal = seeded_deal(rules, f"{seed}:{index}")
        game = Game(ruleset, {}, deal=lambda i, deal=deal: deal(i) if i < rounds else None)
        bots = [TimedHard(s, times, rng=random.Random(f"{seed}:{index}:{s}"), **config)
                for s in range(rules.seats)]
        while True:
            log = TableLog()
            rnd = game.round
            play_round(game, bots, log)
            illegal += len(log.illegal)
            if game.over or game.round is rnd:
                break
    return {"ruleset": ruleset, "deals": deals, "illegal": illegal,
            "kinds": {k: _summary(times[k]) for k in KINDS if k in times}}


def main(argv=None) -> int:
    gc_tune.tune()  # decisions timed as a table's server makes them (app/gc_tune.py)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--ruleset", action="append", choices=RULESETS)
    parser.add_argument("--seed", default="decisions")
    parser.add_argument("--opt", action="append", default=[], help="a Hard option, name=value")
    parser.add_argument("--json", help="write the results to this file too")
    args = parser.parse_args(argv)
    config = {}
    for item in args.opt:
        name, _, value = item.partition("=")
        config[name] = ast.literal_eval(value)
    results = [run(r, args.deals, args.seed, config) for r in args.ruleset or RULESETS]
    print(f"{'ruleset':<15}{'kind':<10}{'n':>6}{'p50':>8}{'p95':>8}{'max':>8}"
          f"{'searched':>10}{'p50':>8}{'p95':>8}{'max':>8}")
    for res in results:
        for kind, s in res["kinds"].items():
            a, b = s["all"], s["searched"]
            print(f"{res['ruleset']:<15}{kind:<10}{a['n']:>6}{a['p50_ms']:>8}{a['p95_ms']:>8}{a['max_ms']:>8}"
                  f"{b['n']:>10}{b['p50_ms']:>8}{b['p95_ms']:>8}{b['max_ms']:>8}")
        print(f"{res['ruleset']:<15}illegal actions: {res['illegal']} ({res['deals']} deals)")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0 if all(r["illegal"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
