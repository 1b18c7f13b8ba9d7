"""A fingerprint of every bot's decisions on fixed seeds: equal digests, equal decisions.

A refactoring that must not change what the bots do is checked by running this before and
after it and comparing the lines. Rounds of every ruleset are played from seeded deals by
Greedy, Easy, Normal and Hard side by side; Hard searches a fixed number of deals with
budgets it never reaches, so its choices depend on the seed alone, never on the clock.
Every action taken is hashed, per ruleset and in all.

    python bench/decision_digest.py [--rounds 6] [--worlds 40]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import load_bot  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402

TABLES = [("standard", {}), ("trichu", {}), ("tientsin", {}), ("grandseigneur", {}),
          ("grandseigneur", {"players": 8})]
LEVELS = ["greedy", "easy", "normal", "hard"]


def hard_options(worlds: int) -> dict:
    """Hard's searches bounded by deal counts alone: budgets far beyond any decision."""
    return {"budget_ms": 1e7, "call_budget_ms": 1e7, "max_worlds": worlds, "call_worlds": worlds,
            "exchange_worlds": worlds, "min_worlds": 1}


def play(ruleset: str, options: dict, r: int, worlds: int) -> list:
    seed = f"digest-{r}"
    rules = Rules.of(ruleset, options)
    deal = seeded_deal(rules, seed)
    game = Game(ruleset, options, deal=lambda i: deal(i) if i == 0 else None)
    bots = []
    for seat in range(rules.seats):
        level = LEVELS[(seat + r) % len(LEVELS)]  # every level at every seat in turn
        # (Hard draws from a seed of its own; the other levels take no options)
        config = dict(hard_options(worlds), seed=f"{seed}/{seat}") if level == "hard" else {}
        bots.append(load_bot(level)(seat, random.Random(f"{seed}/{seat}"), **config))
    taken: list = []
    play_round(game, bots, TableLog(), on_action=lambda seat, action: taken.append((seat, action)))
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="seeded rounds per table (6)")
    parser.add_argument("--worlds", type=int, default=40, help="deals per Hard search (40)")
    args = parser.parse_args()
    whole = hashlib.sha256()
    for ruleset, options in TABLES:
        digest = hashlib.sha256()
        actions = 0
        start = time.perf_counter()
        for r in range(args.rounds):
            for seat, action in play(ruleset, options, r, args.worlds):
                line = json.dumps([seat, action], sort_keys=True).encode()
                digest.update(line)
                whole.update(line)
                actions += 1
        label = ruleset + (f"/{options['players']}" if options else "")
        print(f"{label:16} {actions:5} actions  {digest.hexdigest()[:16]}  "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"{'all':16} {'':5}          {whole.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
