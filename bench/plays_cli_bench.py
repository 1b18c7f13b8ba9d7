"""Whole-process throughput of `python -m app.engine plays --count` (and of `plays`).

    python bench/plays_cli_bench.py [--lines 5000] [--runs 7] [--full] [--seed 11] [--json]
                                    [--bytecode-cache]

Writes a seeded file of positions (RECORD_FORMAT.md, "Listing legal plays"): every
line a 14-card hand of the standard deck; a third of them lead, the rest follow a
combination drawn from cards the hand does not hold (any kind, bombs too, a single
Phoenix now and then), and one line in five carries a wish of a rank the hand may or
may not hold. Then it runs the command as a separate process `--runs` times, feeding
the file on standard input and reading all output, and reports the median wall time
as positions per second, start-up of the interpreter included, and the median CPU
time of the process (user + system: steadier than the wall clock on a machine
shared with other work; it is no substitute for it). The SHA-256 of the
output is printed too, so a faster version can be checked to answer byte for byte
the same.

Start-up is part of the time, and most of it is Python reading its modules. Where the
environment sets PYTHONDONTWRITEBYTECODE (this project's machines do), Python compiles
the project's modules anew at every start; an installed copy (pip compiles them) or any
machine without that setting starts from the bytecode cache instead. `--bytecode-cache`
writes that cache first (`python -m compileall app`, into the ignored `__pycache__`
folders); the report says whether it was there.

Target (issue 11, "Speed"): at least 16,000 positions/s with `--count` over 5,000 lines.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import STANDARD_DECK, candidate_plays  # noqa: E402
from app.engine.combos import DOG, MASK, PHOENIX, SINGLE  # noqa: E402

DECK = STANDARD_DECK
TARGET = 16_000


def make_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    cards = list(range(DECK.size))
    lines = []
    for i in range(count):
        rng.shuffle(cards)
        hand = sum(1 << c for c in cards[:14])
        query = {"ruleset": "standard", "options": {}, "hand": DECK.format_cards(hand),
                 "on": None, "on_phoenix": None,
                 "wish": DECK.rank_name(rng.randint(2, 14)) if rng.random() < 0.2 else None}
        if i % 3:
            rest = sum(1 << c for c in cards[14:28])
            plays = [p for p in candidate_plays(rest, DECK, None) if p[0] != DOG]
            on = rng.choice(plays)
            query["on"] = DECK.format_cards(on[MASK])
            if on[0] == SINGLE and on[MASK] == 1 << DECK.phoenix:
                query["on_phoenix"] = DECK.rank_name(rng.randint(2, 14))
            elif on[PHOENIX] is not None:
                query["on_phoenix"] = DECK.rank_name(on[PHOENIX])
        lines.append(json.dumps(query))
    return lines


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(path: str, full: bool) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of the process, its output) for one run."""
    args = [sys.executable, "-m", "app.engine", "plays"] + ([] if full else ["--count"])
    with open(path, "rb") as stdin:
        cpu0, t0 = _children_cpu(), time.perf_counter()
        proc = subprocess.run(args, stdin=stdin, capture_output=True, cwd=ROOT, check=True)
        elapsed, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    return elapsed, cpu, proc.stdout


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--full", action="store_true", help="time `plays` (every play printed), not --count")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--bytecode-cache", action="store_true",
                        help="compile the project's modules to the bytecode cache first")
    args = parser.parse_args(argv)
    if args.bytecode_cache:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "app")], check=True)
    cached = (ROOT / "app" / "engine" / "__pycache__").is_dir()

    lines = make_lines(args.lines, args.seed)
    fd, path = tempfile.mkstemp(suffix=".jsonl")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        times, cpus, digests = [], [], set()
        for _ in range(args.runs):
            elapsed, cpu, out = run_once(path, args.full)
            times.append(elapsed)
            cpus.append(cpu)
            digests.add(hashlib.sha256(out).hexdigest())
            answered = out.count(b"\n")
            if answered != args.lines:
                raise SystemExit(f"{answered} answers for {args.lines} lines")
    finally:
        os.unlink(path)
    if len(digests) != 1:
        raise SystemExit("the runs gave different outputs")
    median = statistics.median(times)
    report = {
        "command": "plays" if args.full else "plays --count",
        "lines": args.lines, "runs": args.runs, "seed": args.seed,
        "median_s": median, "best_s": min(times), "worst_s": max(times),
        "positions_per_s": args.lines / median,
        "median_cpu_s": statistics.median(cpus),
        "positions_per_cpu_s": args.lines / statistics.median(cpus),
        "load_average": os.getloadavg()[0],
        "output_sha256": digests.pop(),
        "bytecode_cache": cached,
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"python -m app.engine {report['command']}: {args.lines} positions, {args.runs} runs:"
          f" median {median:.3f} s (best {report['best_s']:.3f}, worst {report['worst_s']:.3f})")
    met = "met" if report["positions_per_s"] >= TARGET else "NOT met"
    verdict = "" if args.full else f" (target {TARGET:,}: {met})"
    print(f"  {report['positions_per_s']:,.0f} positions/s{verdict}")
    print(f"  CPU time of the process: median {report['median_cpu_s']:.3f} s"
          f" ({report['positions_per_cpu_s']:,.0f} positions per CPU second);"
          f" load average {report['load_average']:.1f} on {os.cpu_count()} cores;"
          f" bytecode cache {'present' if cached else 'absent (modules compiled at start)'}")
    print(f"  output sha256 {report['output_sha256']}")


if __name__ == "__main__":
    main()
