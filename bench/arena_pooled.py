"""Arena reports of one pairing pooled over seeds and rulesets: per ruleset and over all.

    python bench/arena_pooled.py bench/results/arena_pairs_vs_90da414_300.json ...

Each report is one arena run (`python -m app.bots arena ... --json`); all must pit the same two
bots. Per ruleset, its runs' deals are pooled (runs of different seeds deal different hands):
A's points a round minus B's, or where there are no teams A's mean finishing place, with the
95% interval. Over the rulesets scored in points, the mean a round with each ruleset weighed by
its deals, and its interval from each ruleset's own spread (so a difference between rulesets
does not count as noise). Rounds and illegal actions are summed over every report.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots.arena import mean_interval  # noqa: E402


def pooled(reports: list[dict]) -> dict:
    bots = {(r["config"]["a"], r["config"]["b"]) for r in reports}
    if len(bots) != 1:
        raise SystemExit(f"the reports pit different bots: {sorted(bots)}")
    by_ruleset: dict[str, dict] = {}
    for report in reports:
        entry = by_ruleset.setdefault(report["config"]["ruleset"], {
            "measure": report["measure"], "values": [], "rounds": 0, "illegal": 0, "seeds": []})
        if entry["measure"] != report["measure"]:
            raise SystemExit(f"{report['config']['ruleset']}: reports measure both points and places")
        entry["values"] += [row[1] for row in report["per_deal"]]  # A's points (or A's place)
        entry["rounds"] += report["rounds"]
        entry["illegal"] += report["illegal_actions"]
        entry["seeds"].append(f"{report['config']['seed']} ({report['config']['deals']})")
    rulesets = {}
    for name, entry in by_ruleset.items():
        rulesets[name] = {"measure": entry["measure"], "rounds": entry["rounds"], "illegal": entry["illegal"],
                          "seeds": entry["seeds"], "A": mean_interval(entry["values"])}
    points = [r["A"] for r in rulesets.values() if r["measure"] == "points"]
    deals = sum(p["n"] for p in points)
    overall = None
    if deals:
        mean = sum(p["n"] * p["mean"] for p in points) / deals
        se = math.sqrt(sum((p["n"] * p["se"]) ** 2 for p in points)) / deals
        overall = {"mean": round(mean, 2), "se": round(se, 2), "n": deals,
                   "ci95": [round(mean - 1.96 * se, 2), round(mean + 1.96 * se, 2)],
                   "rounds": sum(r["rounds"] for r in rulesets.values() if r["measure"] == "points")}
    return {"a": reports[0]["config"]["a"], "b": reports[0]["config"]["b"], "rulesets": rulesets,
            "points": overall, "rounds": sum(r["rounds"] for r in rulesets.values()),
            "illegal": sum(r["illegal"] for r in rulesets.values())}


def format_pooled(res: dict) -> str:
    lines = [f"{res['a']} (A) against {res['b']} (B): {res['rounds']} rounds, "
             f"{res['illegal']} illegal actions"]
    for name, r in res["rulesets"].items():
        a = r["A"]
        what = (f"points a round {a['mean']:+.2f}" if r["measure"] == "points"
                else f"mean place {a['mean']:.2f}")
        lines.append(f"  {name:<14} {r['rounds']:>5} rounds, {a['n']:>4} deals: {what} "
                     f"(95% {a['ci95'][0]:.2f} to {a['ci95'][1]:.2f}); seeds {', '.join(r['seeds'])}")
    p = res["points"]
    if p:
        lines.append(f"  with points, {p['rounds']} rounds, {p['n']} deals: {p['mean']:+.2f} a round "
                     f"(95% {p['ci95'][0]:.2f} to {p['ci95'][1]:.2f})")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", help="arena JSON reports")
    parser.add_argument("--json", help="write the pooled figures to this file too")
    args = parser.parse_args(argv)
    reports = [json.loads(Path(p).read_text(encoding="utf-8")) for p in args.reports]
    res = pooled(reports)
    res["reports"] = args.reports
    print(format_pooled(res))
    print("reports: " + " ".join(args.reports))
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
