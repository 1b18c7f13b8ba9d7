"""Re-fit the Normal bot's call models (app/bots/calls.py) on arena play.

    python bench/arena_calibrate.py tichu --deals 2000     # about two minutes on two cores
    python bench/arena_calibrate.py grand --deals 2000

Each deal is played four times by Normal bots; each time one seat (each seat
in turn) always calls (Tichu right after the exchange, or Grand Tichu) and
nobody else calls. The calling seat's hand features (`calls.tichu_features`
after the exchange, `calls.grand_features` on the first eight cards) and
whether it went out first are the data; a logistic regression on them gives
the weights to paste into calls.py, and a table shows how often a threshold
would call and how often such calls were made.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from app.bots import load_bot  # noqa: E402
from app.bots.calls import grand_features, tichu_features  # noqa: E402
from app.bots.table import TableLog, play_round, single_deal_game  # noqa: E402
from app.engine import Rules, seeded_deal  # noqa: E402

NEVER = {"tichu_chance": 9, "tichu_chance_exchange": 9, "grand_chance": 9}


def _deal(args) -> list[tuple[dict, bool]]:
    kind, index, seed = args
    rules = Rules.of("standard")
    hands = seeded_deal(rules, f"{seed}:{index}")(0)
    rows = []
    for caller in range(4):
        game = single_deal_game(hands)
        always = dict(NEVER, **({"tichu_chance": -1} if kind == "tichu" else {"grand_chance": -1}))
        bots = [load_bot("normal")(s, **(always if s == caller else NEVER)) for s in range(4)]
        after_exchange = []

        def note(seat, action, game=game, after_exchange=after_exchange, caller=caller):
            if game.round.phase == "play" and not after_exchange:
                after_exchange.append(game.round.hands[caller])

        play_round(game, bots, TableLog(), on_action=note)
        rnd = game.rounds[0]
        if kind == "tichu":
            features = tichu_features(after_exchange[0], rules.deck, rules.stairs_min_pairs)
        else:
            features = grand_features(sum(1 << c for c in rnd.dealt[caller][:8]), rules.deck)
        rows.append(({k: float(v) for k, v in features.items()}, rnd.result.out_order[0] == caller))
    return rows


def fit(rows: list[tuple[dict, bool]], steps: int = 3000, l2: float = 1e-3) -> dict:
    """Logistic regression by gradient descent on standardized features; raw-scale weights."""
    names = list(rows[0][0])
    n = len(rows)
    mean = {f: sum(r[f] for r, _ in rows) / n for f in names}
    sd = {f: math.sqrt(sum((r[f] - mean[f]) ** 2 for r, _ in rows) / n) or 1.0 for f in names}
    data = [([(r[f] - mean[f]) / sd[f] for f in names], 1.0 if y else 0.0) for r, y in rows]
    w = [0.0] * (len(names) + 1)
    for _ in range(steps):
        grad = [0.0] * len(w)
        for x, y in data:
            z = w[0] + sum(wi * xi for wi, xi in zip(w[1:], x))
            err = 1 / (1 + math.exp(-z)) - y
            grad[0] += err
            for i, xi in enumerate(x):
                grad[i + 1] += err * xi
        w = [wi - (g / n + l2 * wi) for wi, g in zip(w, grad)]
    raw = {f: w[i + 1] / sd[f] for i, f in enumerate(names)}
    raw["bias"] = w[0] - sum(w[i + 1] * mean[f] / sd[f] for i, f in enumerate(names))
    return raw


def chance(weights: dict, features: dict) -> float:
    z = weights["bias"] + sum(weights[f] * v for f, v in features.items())
    return 1 / (1 + math.exp(-z))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("tichu", "grand"))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", default="calibrate")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.kind, i, args.seed) for i in range(args.deals)]
    with Pool(args.workers) as pool:
        rows = [row for part in pool.imap_unordered(_deal, jobs, chunksize=8) for row in part]
    weights = fit(rows)
    made = sum(y for _, y in rows)
    print(f"{len(rows)} calls, {made} made ({made / len(rows):.1%})")
    order = ["bias"] + [f for f in rows[0][0]]
    print("weights = {" + ", ".join(f'"{f}": {weights[f]:.3f}' for f in order) + "}")
    print(f"{'threshold':>10}{'calls':>9}{'made':>8}")
    for threshold in (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7):
        picked = [y for f, y in rows if chance(weights, f) >= threshold]
        rate = f"{sum(picked) / len(picked):.0%}" if picked else "-"
        print(f"{threshold:>10}{len(picked) / len(rows):>9.1%}{rate:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
