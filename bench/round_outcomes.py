"""What a standard round scores for each team: the table behind `app/bots/game_chance.py`.

    python bench/round_outcomes.py                   # 4,000 rounds of Normal at every seat
    python bench/round_outcomes.py --rounds 400 --level hard

Plays seeded rounds (a fresh game each, so the score never presses the calls) with the same
bot at every seat and prints how often each (team 0's points, team 1's points) came, with
both teams' columns swapped in too (the model is for two evenly matched teams, so a
round's outcome and its mirror are equally likely). Paste the printed `ROUND_OUTCOMES`
into `app/bots/game_chance.py` to renew the model.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import load_bot  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402


def outcomes(rounds: int, level: str, seed: str) -> Counter:
    rules = Rules.of("standard", {})
    counts: Counter = Counter()
    bot_class = load_bot(level)
    for index in range(rounds):
        deal = seeded_deal(rules, f"{seed}:{index}")
        game = Game("standard", {}, deal=lambda i, deal=deal: deal(i) if i == 0 else None)
        bots = [bot_class(s, random.Random(f"{seed}:{index}:{s}")) for s in range(rules.seats)]
        play_round(game, bots, TableLog())
        x, y = game.totals
        counts[(x, y)] += 1
        counts[(y, x)] += 1
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4000)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", default="outcomes")
    args = parser.parse_args(argv)
    counts = outcomes(args.rounds, args.level, args.seed)
    print(f"# {args.rounds} rounds of {args.level} at every seat, seed {args.seed!r}, each with its mirror")
    print("ROUND_OUTCOMES = {")
    items = sorted(counts.items())
    for i in range(0, len(items), 6):
        print("    " + " ".join(f"({x}, {y}): {n}," for (x, y), n in items[i:i + 6]))
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
