"""Exact endings (`app/bots/endings.py`) measured: solve time by cards left, and how often the
exact value differs from the play-out's on the same positions.

    python bench/endings_bench.py [--rounds 300] [--max-cards 14] [--nodes 50000] [--ruleset standard]

Positions: every lead (an empty table, the trick before collected: where the play-out hands
over) with `--max-cards` or fewer cards left in all hands, in `--rounds` seeded rounds the
Normal bot plays at every seat. Each is solved once untimed (the engine's tables of rank
patterns warm, as in a running bot), then timed by a fresh `Ending` (cold move lists: a search
reuses one across its deals, so this is the slow case), capped at `--nodes` positions (a capped
solve counts at its time and is left out of the comparison), and played out by the play-out
(`playout.Playout`, every seat by its plan, from the same position). Per cards left: positions,
solve time p50/p95/max in ms, positions searched p50/max, capped solves, the share where the
exact value differs from the play-out's, and the mean difference for the side to lead (exact
less play-out: what optimal play of both sides gives it more; either side may have erred) and
the mean absolute difference.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import LEVELS  # noqa: E402
from app.bots.endings import Ending, Unsolved, from_round, round_calls  # noqa: E402
from app.bots.native import playout_module  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.engine import Game  # noqa: E402
from app.engine.round import PLAY  # noqa: E402


def lead_positions(ruleset: str, rounds: int, max_cards: int) -> list:
    found = []
    for seed in range(rounds):
        game = Game(ruleset, {}, seed=seed)
        n = game.round.seating.seats
        bots = [LEVELS["normal"](s, random.Random(seed * 10 + s)) for s in range(n)]

        def note(_player, _action, game=game):
            rnd = game.round
            if (rnd.phase == PLAY and rnd.turn is not None and rnd.gift_from is None
                    and (rnd.closed or not rnd.trick) and sum(h.bit_count() for h in rnd.hands) <= max_cards):
                found.append(rnd.clone())

        play_round(game, bots, TableLog(), on_action=note)
    return found


def pct(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--max-cards", type=int, default=14)
    ap.add_argument("--nodes", type=int, default=50_000)
    ap.add_argument("--ruleset", default="standard")
    args = ap.parse_args(argv)
    module = playout_module()
    positions = lead_positions(args.ruleset, args.rounds, args.max_cards)
    gc.collect()
    gc.freeze()  # the positions' objects out of the collector's way: solve times without its pauses
    rows: dict[int, list] = {}
    for rnd in positions:
        st = from_round(rnd)
        g = rnd.seating.as_dict(None)
        calls = round_calls(rnd)
        try:  # once untimed: the engine's tables of rank patterns are made on first use
            Ending(rnd.rules, g, calls, args.nodes).solve(st)
        except Unsolved:
            pass
        e = Ending(rnd.rules, g, calls, args.nodes)
        start = time.perf_counter()
        try:
            result = e.solve(st)
        except Unsolved:
            result = None
        took = time.perf_counter() - start
        po = module.Playout(rnd.rules, module.planner_for(rnd.deck, rnd.rules.stairs_min_pairs), g)
        po.setup(list(st.hands), st.actor, None, None, 0, 0, list(st.piles), list(st.out), calls, None,
                 st.wish)
        po.run()
        points = po.round_points()
        sign = 1 if e.team[st.actor] == 0 else -1
        diff = None if result is None else sign * (result.value - (points[0] - points[1]))
        cards = sum(h.bit_count() for h in st.hands)
        rows.setdefault(cards, []).append((took, e.nodes, result is None, diff))
    print(f"exact endings, {args.ruleset}: {len(positions)} leads from {args.rounds} Normal rounds, "
          f"node cap {args.nodes}, playout {'compiled' if module.__name__.endswith('native') else 'pure'}")
    print("cards  positions  p50_ms  p95_ms  max_ms  nodes_p50  nodes_max  capped  differs  mean_gain  "
          "mean_abs")
    for cards in sorted(rows):
        r = rows[cards]
        ms = [1000 * x[0] for x in r]
        nodes = [x[1] for x in r]
        diffs = [x[3] for x in r if x[3] is not None]
        differs = sum(1 for d in diffs if d) / len(diffs) if diffs else 0.0
        gain = sum(diffs) / len(diffs) if diffs else 0.0
        absd = sum(abs(d) for d in diffs) / len(diffs) if diffs else 0.0
        print(f"{cards:5d}  {len(r):9d}  {pct(ms, .5):6.2f}  {pct(ms, .95):6.2f}  {max(ms):6.1f}  "
              f"{pct(nodes, .5):9d}  {max(nodes):9d}  {sum(1 for x in r if x[2]):6d}  {differs:7.0%}  "
              f"{gain:9.1f}  {absd:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
