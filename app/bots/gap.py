"""How much of the gap between a base bot and a ceiling a bot closes, from two arena reports.

    python -m app.bots gap hard_normal.json seeing_normal.json

Both reports play against the same base bot (B) on the same deals (seed, ruleset, options,
deal indexes): the bot (A of the first) and the ceiling (A of the second). Each deal then gives
a pair, the bot's points per round over the base and the ceiling's, and

    closed = mean(bot) / mean(ceiling)

with a 95% interval by the delta method over the pairs (paired: a deal that is good for both
moves both). The ceiling's lead over the bot, mean(ceiling - bot), comes with its own interval.
Only deals in both reports count; points only (a race for places has no gap in points).
"""

from __future__ import annotations

import math

from .arena import mean_interval

#: What must be the same in both reports for their deals to pair.
_SAME_DEALS = ("b", "seed", "ruleset", "options", "b_options", "games", "from_score")


def gap_closed(bot: dict, ceiling: dict) -> dict:
    """The share of the base-to-ceiling gap the bot closes; raises ValueError where the
    reports do not pair."""
    for report in (bot, ceiling):
        if report.get("measure") != "points":
            raise ValueError("gap needs reports in points (not places)")
    for key in _SAME_DEALS:
        if bot["config"].get(key) != ceiling["config"].get(key):
            raise ValueError(f"the reports differ in {key}: {bot['config'].get(key)!r}, "
                             f"{ceiling['config'].get(key)!r}")
    ceiling_by_deal = {row[0]: row[1] for row in ceiling["per_deal"]}
    pairs = [(row[1], ceiling_by_deal[row[0]]) for row in bot["per_deal"] if row[0] in ceiling_by_deal]
    n = len(pairs)
    if n < 2:
        raise ValueError("fewer than two deals in both reports")
    xs = [x for x, _ in pairs]
    cs = [c for _, c in pairs]
    mx, mc = sum(xs) / n, sum(cs) / n
    # The ratio's interval needs the raw spreads and their covariance (delta method).
    vx = sum((x - mx) ** 2 for x in xs) / (n - 1)
    vc = sum((c - mc) ** 2 for c in cs) / (n - 1)
    cov = sum((x - mx) * (c - mc) for x, c in pairs) / (n - 1)
    out = {
        "deals": n,
        "bot": {"name": bot["config"]["a"], **mean_interval(xs)},
        "ceiling": {"name": ceiling["config"]["a"], **mean_interval(cs)},
        "base": bot["config"]["b"],
        "ceiling_lead": mean_interval([c - x for x, c in pairs]),
        "closed": None,
    }
    if mc > 0:
        share = mx / mc
        # Delta method for a ratio of paired means.
        se = math.sqrt(max(0.0, vx - 2 * share * cov + share * share * vc) / n) / mc
        out["closed"] = {"share": round(share, 3), "se": round(se, 3),
                         "ci95": [round(share - 1.96 * se, 3), round(share + 1.96 * se, 3)]}
    return out


def format_gap(gap: dict) -> str:
    bot, ceiling, lead = gap["bot"], gap["ceiling"], gap["ceiling_lead"]
    lines = [
        f"{gap['deals']} deals in both reports, against {gap['base']}, points per round:",
        f"  {bot['name']}: {bot['mean']:+.1f} (se {bot['se']:.1f})",
        f"  {ceiling['name']}: {ceiling['mean']:+.1f} (se {ceiling['se']:.1f})",
        f"  the ceiling's lead over the bot: {lead['mean']:+.1f} "
        f"[{lead['ci95'][0]:.1f}, {lead['ci95'][1]:.1f}]",
    ]
    closed = gap["closed"]
    if closed is None:
        lines.append("  the ceiling does not beat the base here: no gap to close")
    else:
        lines.append(f"  share of the gap closed: {100 * closed['share']:.0f}% "
                     f"[{100 * closed['ci95'][0]:.0f}%, {100 * closed['ci95'][1]:.0f}%]")
    return "\n".join(lines)
