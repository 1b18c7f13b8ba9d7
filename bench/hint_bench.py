"""How long a hint takes: the coach's facts, the Hard bot's suggestion and its reasons.

    python bench/hint_bench.py                       # every ruleset, 4 games each
    python bench/hint_bench.py --games 2 --every 2   # a quicker look

Positions come from games the Normal bot plays in every ruleset (`--every`: one position of
the seat to act in every so many actions, all phases: Grand Tichu, the exchange, calls,
play); each is hinted as the table does it (`app.web.table.hints.hint_for`, the Hard bot's
100 ms search budget, English) and timed on one core. It reports p50, p95 and max per
ruleset and in all (the issue's target: p95 under 300 ms on this machine).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from app.bots import LEVELS  # noqa: E402
from app.engine import Game, view_for  # noqa: E402
from app.web.table.hints import hint_for  # noqa: E402

RULESETS = ("standard", "trichu", "tientsin", "grandseigneur", "fifty-two")


def positions(ruleset: str, seed: int, every: int):
    """Views of the seat to act, one every `every` actions, in a game of Normal bots (round 1)."""
    game = Game(ruleset, {}, seed=seed)
    bots = {}
    for step in range(600):
        if game.over or len(game.rounds) > 1:
            return
        pending = view_for(game, None)["to_act"]
        if not pending:
            return
        seat = pending[0]
        view = view_for(game, seat)
        if step % every == 0:
            yield view
        bot = bots.setdefault(seat, LEVELS["normal"](seat, rng=random.Random(seat)))
        action = bot.decide(view)
        game.apply({**action, "seat": action.get("seat", seat)}, by=seat)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per ruleset (default 4)")
    parser.add_argument("--every", type=int, default=3, help="one position in this many actions (default 3)")
    args = parser.parse_args()
    every_time = []
    print(f"{'ruleset':14} {'hints':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for ruleset in RULESETS:
        times = []
        for seed in range(args.games):
            for view in positions(ruleset, seed, args.every):
                names = {s: f"P{s + 1}" for s in range(view["seats"])}
                start = time.perf_counter()
                hint_for(view, "en", names, seed=seed)
                times.append((time.perf_counter() - start) * 1000)
        every_time += times
        print(f"{ruleset:14} {len(times):6} {statistics.median(times):8.1f} {percentile(times, 0.95):8.1f} "
              f"{max(times):8.1f}")
    print(f"{'all':14} {len(every_time):6} {statistics.median(every_time):8.1f} "
          f"{percentile(every_time, 0.95):8.1f} {max(every_time):8.1f}")


if __name__ == "__main__":
    main()
