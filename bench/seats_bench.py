"""What seats, stand-ins and stale checks cost each accepted change (pure Python, no server).

`Table.prepare()` runs before every change is stored: it dates the bases of actions (acts.py),
sets or clears grace periods and turn timers (seats.py) and puts them where the store keeps
them. This measures it along random games, with the turn timer on (the dearer case) and off,
and the stale check of an `act` (`Basis.stale`).

    python bench/seats_bench.py [--changes 20000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import Game  # noqa: E402
from app.engine.simulate import random_action  # noqa: E402
from app.web.table.table import Table  # noqa: E402


def table_with(settings: dict, seed: int) -> Table:
    table = Table("BENCH", "bench", "standard", {}, "host", "Host", seed=seed, settings=settings,
                  testing=True)
    for seat in table.seats:
        seat.name, seat.owner = "P", f"owner-{id(seat)}"
    table.game = Game(seed=seed)
    table.game_no = 1
    return table


def measure(settings: dict, changes: int, seed: int = 1) -> list[float]:
    """Microseconds of prepare() per change, over `changes` random actions."""
    rng = random.Random(seed)
    table = table_with(settings, seed)
    times = []
    for _ in range(changes):
        if table.game.over:
            table = table_with(settings, rng.randrange(1 << 30))
        action = random_action(table.game.round, rng)
        if action is not None:
            table.game.apply(action)
        start = time.perf_counter()
        table.prepare(time.time())
        times.append((time.perf_counter() - start) * 1e6)
        table.version += 1
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--changes", type=int, default=20000)
    args = parser.parse_args(argv)
    for label, settings in (("turn timer off", {}), ("turn timer 60 s", {"turn_timer": 60})):
        times = sorted(measure(settings, args.changes))
        p99 = times[int(len(times) * 0.99)]
        print(f"prepare(), {label}: mean {statistics.fmean(times):.1f} us, p99 {p99:.1f} us "
              f"over {len(times)} changes")
    table = table_with({}, 1)
    table.prepare(time.time())
    action = {"act": "pass"}
    n = 200_000
    start = time.perf_counter()
    for _ in range(n):
        table.basis.stale(action, 0)
    print(f"Basis.stale: {(time.perf_counter() - start) / n * 1e9:.0f} ns per act")


if __name__ == "__main__":
    main()
