"""Engine benchmark: legal-play listing, whole random rounds, memory per round state.

    python bench/engine_bench.py [--positions 2000] [--rounds 500] [--json]

Listing: a fixed seeded set of positions, each a 14-card hand with the Phoenix,
once leading and once following a combination drawn from the cards it does not
hold (any kind but bombs). Timed is `turn_plays`, the function the engine uses
in a seat's turn (every distinct legal play, bombs included, wish applied).
The reference is frohlfing/tichu (`build_combinations` + `build_action_space`),
about 800 us for such a hand on these machines; the target is 5x faster.

Rounds: complete rounds of random legal play (app.engine.simulate) in one
process, from the deal to the score, including the legality checks of `apply`.

Memory: bytes allocated per round state (tracemalloc), for a round in the
middle of play and for a finished round with its action record.

Every ruleset: whole random rounds per second for each ruleset and table size
(Grandseigneur at 5, 6, 7 and 12 players, its later rounds with the exchange
included), and the legal-play listing on two-deck hands (Grandseigneur from
seven players: 15-card hands of the 109-card deck, leading and following).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import STANDARD_DECK, Game, Rules, candidate_plays, turn_plays  # noqa: E402
from app.engine.combos import BOMB, DOG, KIND  # noqa: E402
from app.engine.round import OVER, PLAY  # noqa: E402
from app.engine.simulate import (
    play_random_round,  # noqa: E402
    random_action,  # noqa: E402
)

REFERENCE_US = 800.0  # frohlfing/tichu, 14-card hand with the Phoenix
DECK = STANDARD_DECK

# Hands the reference project times on its own (notation translated).
NAMED_HANDS = {
    "example (RECORD_FORMAT)": "Ph GK BQ RJ R10 R9 R8 R7 R6 B5 G4 G3 B2 Mj",
    "three bombs + Phoenix": "R5 R4 G4 B4 S4 R3 G3 B3 S3 R2 G2 B2 S2 Ph",
    "pairs and triples + Phoenix": "S6 R6 G6 B5 S5 R4 G4 B3 S3 R3 G2 B2 S2 Ph",
}


def make_positions(count: int, seed: int = 2024) -> list[tuple[int, tuple | None]]:
    """(hand, on) pairs: every hand 14 cards with the Phoenix; half lead, half follow."""
    rng = random.Random(seed)
    others = [c for c in range(DECK.size) if c != DECK.phoenix]
    positions = []
    for _ in range(count):
        rng.shuffle(others)
        hand = (1 << DECK.phoenix) | sum(1 << c for c in others[:13])
        positions.append((hand, None))
        # Follow a combination someone else could have played.
        rest = sum(1 << c for c in others[13:27])
        options = [p for p in candidate_plays(rest, DECK, None) if p[KIND] not in (BOMB, DOG)]
        positions.append((hand, rng.choice(options)))
    return positions


def time_listing(positions, repeat: int = 5) -> dict:
    """Per-position times (us): the best of `repeat` runs for each position."""
    best = [float("inf")] * len(positions)
    counts = [0] * len(positions)
    clock = time.perf_counter
    for _ in range(repeat):
        for i, (hand, on) in enumerate(positions):
            t0 = clock()
            plays, _ = turn_plays(hand, DECK, on, None)
            dt = clock() - t0
            if dt < best[i]:
                best[i] = dt
            counts[i] = len(plays)
    lead = [t * 1e6 for (h, on), t in zip(positions, best) if on is None]
    follow = [t * 1e6 for (h, on), t in zip(positions, best) if on is not None]
    both = lead + follow
    q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]
    return {
        "positions": len(positions),
        "mean_us": statistics.fmean(both),
        "lead_mean_us": statistics.fmean(lead),
        "follow_mean_us": statistics.fmean(follow),
        "p50_us": q(both, 0.5),
        "p99_us": q(both, 0.99),
        "lead_p99_us": q(lead, 0.99),
        "max_us": max(both),
        "plays_per_lead": statistics.fmean(c for (h, on), c in zip(positions, counts) if on is None),
        "speedup_vs_reference": REFERENCE_US / statistics.fmean(both),
        "lead_speedup_vs_reference": REFERENCE_US / statistics.fmean(lead),
    }


def time_named_hands(repeat: int = 200) -> dict:
    out = {}
    for name, text in NAMED_HANDS.items():
        hand = DECK.parse_mask(text)
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            plays, _ = turn_plays(hand, DECK, None, None)
            best = min(best, time.perf_counter() - t0)
        out[name] = {"plays": len(plays), "lead_us": best * 1e6}
    return out


def play_round(seed: int) -> Game:
    game = Game(seed=seed)
    rng = random.Random(seed)
    rnd = game.round
    while rnd.phase != OVER:
        game.apply(random_action(rnd, rng))
    return game


def time_rounds(count: int) -> dict:
    actions = 0
    t0 = time.perf_counter()
    for seed in range(count):
        actions += len(play_round(seed).rounds[0].actions)
    dt = time.perf_counter() - t0
    return {"rounds": count, "rounds_per_s": count / dt, "actions_per_round": actions / count,
            "us_per_action": dt / actions * 1e6}


def memory_per_round(count: int = 300) -> dict:
    """Bytes per Game (one round) in mid-play and finished, measured with tracemalloc."""

    def mid_round(seed):
        game = Game(seed=seed)
        rng = random.Random(seed)
        rnd = game.round
        while not (rnd.phase == PLAY and len(rnd.out) == 0 and sum(rnd.card_counts()) <= 30):
            if rnd.phase == OVER:
                break
            game.apply(random_action(rnd, rng))
        return game

    out = {}
    for label, make in (("mid_round_bytes", mid_round), ("finished_round_bytes", play_round)):
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        keep = [make(seed) for seed in range(count)]
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        out[label] = used / len(keep)
        del keep
    return out


TABLES = [
    ("standard", {}), ("fifty-two", {}), ("tientsin", {}), ("trichu", {}),
    ("grandseigneur", {"players": 5}), ("grandseigneur", {"players": 6}),
    ("grandseigneur", {"players": 7}), ("grandseigneur", {"players": 12}),
]


def time_every_ruleset(rounds: int) -> dict:
    """Whole random rounds per second per ruleset and table size (two rounds per game, so
    Grandseigneur's exchange rounds count too)."""
    out = {}
    for name, options in TABLES:
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        played = actions = 0
        t0 = time.perf_counter()
        seed = 0
        while played < rounds:
            game = Game(name, options, seed=seed)
            rng = random.Random(seed)
            for _ in range(2):
                actions += play_random_round(game, rng)
                played += 1
                if game.over:
                    break
            seed += 1
        dt = time.perf_counter() - t0
        out[label] = {"rounds": played, "rounds_per_s": played / dt, "actions_per_round": actions / played}
    return out


def two_deck_positions(count: int, seed: int = 7) -> list:
    """(hand, on) pairs on the two-deck Grandseigneur deck: 15-card hands, half leading,
    half following a combination from the cards they do not hold."""
    deck = Rules.of("grandseigneur", {"players": 7}).deck
    rng = random.Random(seed)
    cards = list(range(deck.size))
    positions = []
    for _ in range(count):
        rng.shuffle(cards)
        hand = sum(1 << c for c in cards[:15])
        positions.append((hand, None))
        rest = sum(1 << c for c in cards[15:30])
        options = [p for p in candidate_plays(rest, deck, None) if p[KIND] not in (BOMB, DOG)]
        positions.append((hand, rng.choice(options)))
    return deck, positions


def time_two_deck_listing(count: int) -> dict:
    deck, positions = two_deck_positions(count)
    times, plays = [], []
    for hand, on in positions:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            listed, _ = turn_plays(hand, deck, on, None)
            best = min(best, time.perf_counter() - t0)
        times.append(best * 1e6)
        plays.append(len(listed))
    lead = [t for (h, on), t in zip(positions, times) if on is None]
    return {"positions": len(positions), "mean_us": statistics.fmean(times),
            "lead_mean_us": statistics.fmean(lead), "max_us": max(times),
            "plays_per_lead": statistics.fmean(p for (h, on), p in zip(positions, plays) if on is None)}


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000, help="hands (each led and followed)")
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--ruleset-rounds", type=int, default=60,
                        help="rounds per ruleset and table size")
    parser.add_argument("--only-rulesets", action="store_true",
                        help="only the every-ruleset rounds and the two-deck listing")
    args = parser.parse_args(argv)
    if args.only_rulesets:
        report = {"rulesets": time_every_ruleset(args.ruleset_rounds),
                  "two_deck_listing": time_two_deck_listing(max(50, args.positions // 10))}
        _print_rulesets(report)
        print(json.dumps(report))
        return

    positions = make_positions(args.positions)
    report = {
        "listing": time_listing(positions),
        "named_hands": time_named_hands(),
        "rounds": time_rounds(args.rounds),
        "memory": memory_per_round(),
        "rulesets": time_every_ruleset(args.ruleset_rounds),
        "two_deck_listing": time_two_deck_listing(max(50, args.positions // 10)),
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    li, ro, me = report["listing"], report["rounds"], report["memory"]
    print(f"Legal-play listing, {li['positions']} positions (14 cards with the Phoenix, lead + follow):")
    print(f"  mean {li['mean_us']:.1f} us (lead {li['lead_mean_us']:.1f}, follow {li['follow_mean_us']:.1f}),"
          f" p50 {li['p50_us']:.1f}, p99 {li['p99_us']:.1f}, max {li['max_us']:.0f} us;"
          f" {li['plays_per_lead']:.0f} plays per lead")
    print(f"  vs reference {REFERENCE_US:.0f} us: {li['speedup_vs_reference']:.1f}x overall,"
          f" {li['lead_speedup_vs_reference']:.1f}x on leads (target 5x)")
    for name, r in report["named_hands"].items():
        print(f"  {name}: {r['plays']} plays, {r['lead_us']:.0f} us")
    print(f"Whole rounds of random legal play: {ro['rounds_per_s']:.0f} rounds/s"
          f" ({ro['actions_per_round']:.0f} actions per round, {ro['us_per_action']:.0f} us per action;"
          f" target 100 rounds/s)")
    print(f"Memory per round state: {me['mid_round_bytes'] / 1024:.1f} KiB mid-round,"
          f" {me['finished_round_bytes'] / 1024:.1f} KiB finished with its record")
    _print_rulesets(report)
    print(json.dumps(report))


def _print_rulesets(report: dict):
    print("Whole random rounds per ruleset:")
    for label, r in report["rulesets"].items():
        print(f"  {label}: {r['rounds_per_s']:.0f} rounds/s ({r['actions_per_round']:.0f} actions per round)")
    td = report["two_deck_listing"]
    print(f"Two-deck listing, {td['positions']} positions (15 of 109 cards): mean {td['mean_us']:.0f} us"
          f" (lead {td['lead_mean_us']:.0f}), max {td['max_us']:.0f} us;"
          f" {td['plays_per_lead']:.0f} plays per lead")


if __name__ == "__main__":
    main()
