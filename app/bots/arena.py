"""The arena: two bots on duplicate deals, and a report of how they did.

Every deal is played twice from the same seeded hands: bot A at seats 0/2 and
B at 1/3, then the other way round, so the luck of the cards cancels out. A
deal's score is A's team score minus B's, averaged over the two plays. The
deals are spread over worker processes; a progress bar goes to stderr.

With `games`, whole games to the target are played instead (also twice per
seed, seats swapped) and the report adds A's win rate.

The report (`run_arena` returns it as a dict, `format_report` prints it):
mean points per round for each side with standard error and 95% interval,
Tichu and Grand Tichu calls and how many were made, double victories, illegal
actions, and decision times p50/p95/p99/max per bot and kind of decision.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass

from app.engine import Game, Rules, seeded_deal

from . import load_bot
from .table import DECISION_KINDS, TableLog, play_round, single_deal_game

SIDES = ("A", "B")


@dataclass(frozen=True)
class ArenaConfig:
    a: str = "normal"
    b: str = "greedy"
    a_options: tuple = ()  # (name, value) pairs passed to the bot class
    b_options: tuple = ()
    deals: int = 100
    games: int = 0  # > 0: play whole games instead of single deals
    seed: str = "arena"
    ruleset: str = "standard"
    options: tuple = ()  # table options (name, value)
    workers: int = 2
    chunk: int = 4

    def bot(self, side: str, seat: int) -> object:
        spec, opts = (self.a, self.a_options) if side == "A" else (self.b, self.b_options)
        rng = random.Random(f"{self.seed}:{side}:{seat}")
        return load_bot(spec)(seat, rng=rng, **dict(opts))


def _empty_side() -> dict:
    return {"points": 0, "tichu_calls": 0, "tichu_made": 0, "grand_calls": 0, "grand_made": 0,
            "double_victories": 0, "first_out": 0, "illegal": 0}


def _tally(result, side_of_team: dict, sides: dict, team_of: list):
    """Add one finished round's calls, double victory and first place to the sides' counts."""
    for seat, call in enumerate(result.calls):
        if call is None:
            continue
        side = sides[side_of_team[team_of[seat]]]
        key = "tichu" if call == "tichu" else "grand"
        side[key + "_calls"] += 1
        side[key + "_made"] += bool(result.call_made[seat])
    first_team = team_of[result.out_order[0]]
    sides[side_of_team[first_team]]["first_out"] += 1
    if result.double_victory:
        sides[side_of_team[first_team]]["double_victories"] += 1


def _play(cfg: ArenaConfig, index: int, a_team: int) -> tuple[list, dict, TableLog, object]:
    """One play of deal (or game) `index` with A's bots on team `a_team`."""
    side_of_team = {a_team: "A", 1 - a_team: "B"}
    options = dict(cfg.options)
    rules = Rules.of(cfg.ruleset, options)
    team_of = rules.seating.team_of
    bots = [cfg.bot(side_of_team[team_of[s]], s) for s in range(rules.seats)]
    seed = f"{cfg.seed}:{index}"
    if cfg.games:
        game = Game(cfg.ruleset, options, seed=seed)
    else:
        game = single_deal_game(seeded_deal(rules, seed)(0), cfg.ruleset, options)
    log = TableLog()
    sides = {"A": _empty_side(), "B": _empty_side()}
    rounds = []
    while True:
        play_round(game, bots, log)
        result = game.round.result
        _tally(result, side_of_team, sides, team_of)
        rounds.append(result.scores[a_team] - result.scores[1 - a_team])
        if game.over or not cfg.games:
            break
    for seat, _, _ in log.illegal:
        sides[side_of_team[team_of[seat]]]["illegal"] += 1
    winner = side_of_team.get(game.winner) if cfg.games else None
    return rounds, sides, log, (winner, side_of_team, team_of)


def _job(args) -> dict:
    """Worker: deals `indexes`, each played twice with the teams swapped."""
    cfg, indexes = args
    out = {"deals": [], "sides": {"A": _empty_side(), "B": _empty_side()}, "times": {},
           "illegal": [], "wins": {"A": 0, "B": 0, "draw": 0}, "rounds": 0}
    for index in indexes:
        per_deal = []
        for a_team in (0, 1):
            rounds, sides, log, (winner, side_of_team, team_of) = _play(cfg, index, a_team)
            per_deal.append(sum(rounds) / len(rounds) if cfg.games else rounds[0])
            out["rounds"] += len(rounds)
            for side in SIDES:
                for key, value in sides[side].items():
                    out["sides"][side][key] += value
            for (seat, kind), times in log.times.items():
                out["times"].setdefault((side_of_team[team_of[seat]], kind), []).extend(times)
            out["illegal"].extend((index, a_team, seat, str(action), code)
                                  for seat, action, code in log.illegal)
            if cfg.games:
                out["wins"][winner if winner else "draw"] += 1
        out["deals"].append((index, sum(per_deal) / 2))
    return out


_last_draw = [0.0]


def _progress(done: int, total: int, started: float, stream=sys.stderr):
    now = time.time()
    if 0 < done < total and now - _last_draw[0] < 0.5:
        return  # redraw at most twice a second
    _last_draw[0] = now
    width = 30
    filled = int(width * done / total) if total else width
    elapsed = time.time() - started
    eta = elapsed / done * (total - done) if done else 0
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                 f"{_clock(elapsed)} elapsed, {_clock(eta)} left ")
    stream.flush()
    if done == total:
        stream.write("\n")


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def run_arena(cfg: ArenaConfig, progress: bool = True) -> dict:
    """Play the arena and return its report (see `format_report`)."""
    total = cfg.games or cfg.deals
    indexes = list(range(total))
    chunks = [indexes[i:i + cfg.chunk] for i in range(0, total, cfg.chunk)]
    merged = {"deals": [], "sides": {"A": _empty_side(), "B": _empty_side()}, "times": {},
              "illegal": [], "wins": {"A": 0, "B": 0, "draw": 0}, "rounds": 0}
    started = time.time()
    done = 0
    if progress:
        _progress(0, total, started)

    def merge(part):
        nonlocal done
        merged["deals"] += part["deals"]
        merged["rounds"] += part["rounds"]
        for side in SIDES:
            for key, value in part["sides"][side].items():
                merged["sides"][side][key] += value
        for key, times in part["times"].items():
            merged["times"].setdefault(key, []).extend(times)
        merged["illegal"] += part["illegal"]
        for key, value in part["wins"].items():
            merged["wins"][key] += value
        done += len(part["deals"])
        if progress:
            _progress(done, total, started)

    jobs = [(cfg, chunk) for chunk in chunks]
    if cfg.workers <= 1:
        for job in jobs:
            merge(_job(job))
    else:
        ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
        with ctx.Pool(cfg.workers) as pool:
            for part in pool.imap_unordered(_job, jobs):
                merge(part)
    return _report(cfg, merged, time.time() - started)


def _stats(values: list[float]) -> dict:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n) if n else 0.0
    return {"mean": round(mean, 2), "se": round(se, 2),
            "ci95": [round(mean - 1.96 * se, 2), round(mean + 1.96 * se, 2)], "n": n}


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


def _report(cfg: ArenaConfig, merged: dict, seconds: float) -> dict:
    diffs = [d for _, d in sorted(merged["deals"])]
    a = _stats(diffs)
    b = {"mean": -a["mean"], "se": a["se"], "ci95": [-a["ci95"][1], -a["ci95"][0]], "n": a["n"]}
    sides = {}
    for side, spec, st in (("A", cfg.a, a), ("B", cfg.b, b)):
        counts = merged["sides"][side]
        sides[side] = {
            "bot": spec,
            "options": dict(cfg.a_options if side == "A" else cfg.b_options),
            "points_per_round": st,
            "tichu": {"calls": counts["tichu_calls"], "made": counts["tichu_made"],
                      "success_rate": _rate(counts["tichu_made"], counts["tichu_calls"])},
            "grand_tichu": {"calls": counts["grand_calls"], "made": counts["grand_made"],
                            "success_rate": _rate(counts["grand_made"], counts["grand_calls"])},
            "double_victories": counts["double_victories"],
            "first_out": counts["first_out"],
            "illegal_actions": counts["illegal"],
        }
    times = {}
    for (side, kind), values in merged["times"].items():
        values.sort()
        times.setdefault(side, {})[kind] = {
            "n": len(values),
            "p50_ms": round(_percentile(values, 0.50) * 1000, 3),
            "p95_ms": round(_percentile(values, 0.95) * 1000, 3),
            "p99_ms": round(_percentile(values, 0.99) * 1000, 3),
            "max_ms": round(values[-1] * 1000, 3),
        }
    for side in list(times):
        times[side] = {k: times[side][k] for k in DECISION_KINDS if k in times[side]}
    report = {
        "config": {"a": cfg.a, "b": cfg.b, "deals": cfg.deals, "games": cfg.games, "seed": cfg.seed,
                   "ruleset": cfg.ruleset, "options": dict(cfg.options), "workers": cfg.workers},
        "duplicate": True,
        "plays": len(diffs) * 2,
        "rounds": merged["rounds"],
        "seconds": round(seconds, 1),
        "sides": sides,
        "illegal_actions": len(merged["illegal"]),
        "illegal_examples": merged["illegal"][:10],
        "decision_ms": times,
    }
    if cfg.games:
        wins = merged["wins"]
        played = sum(wins.values())
        report["games"] = {"played": played, "a_wins": wins["A"], "b_wins": wins["B"],
                           "draws": wins["draw"], "a_win_rate": _rate(wins["A"], played)}
    return report


def _rate(made: int, calls: int) -> float | None:
    return round(made / calls, 3) if calls else None


def format_report(report: dict) -> str:
    """The report as a plain-text table."""
    cfg = report["config"]
    unit = "game (mean per round)" if cfg["games"] else "deal"
    lines = [
        f"Arena: {cfg['a']} (A) vs {cfg['b']} (B), {report['sides']['A']['points_per_round']['n']} "
        f"duplicate {'games' if cfg['games'] else 'deals'}, {report['plays']} plays, "
        f"{report['rounds']} rounds, seed {cfg['seed']!r}, {report['seconds']}s",
        "",
        f"{'side':<5}{'bot':<14}{'pts/round':>10}{'SE':>7}{'95% interval':>20}"
        f"{'Tichu made/calls':>18}{'GT made/calls':>15}{'1-2':>6}{'1st':>6}{'illegal':>9}",
    ]
    for side in SIDES:
        s = report["sides"][side]
        p = s["points_per_round"]
        interval = f"[{p['ci95'][0]:.1f}, {p['ci95'][1]:.1f}]"
        t, g = s["tichu"], s["grand_tichu"]
        lines.append(f"{side:<5}{s['bot']:<14}{p['mean']:>10.1f}{p['se']:>7.1f}{interval:>20}"
                     f"{_calls(t):>18}{_calls(g):>15}{s['double_victories']:>6}{s['first_out']:>6}"
                     f"{s['illegal_actions']:>9}")
    lines.append(f"(points per round: the side's team score minus the other's, per {unit})")
    if "games" in report:
        gm = report["games"]
        lines.append(f"Games to the target: A won {gm['a_wins']}, B won {gm['b_wins']}, draws {gm['draws']}"
                     f" (A's win rate {gm['a_win_rate']})")
    lines.append(f"Illegal actions: {report['illegal_actions']}")
    lines += ["", f"{'decision time (ms)':<24}{'n':>8}{'p50':>9}{'p95':>9}{'p99':>9}{'max':>9}"]
    for side in SIDES:
        for kind, t in report["decision_ms"].get(side, {}).items():
            label = f"{side} {report['sides'][side]['bot']} {kind}"
            lines.append(f"{label:<24}{t['n']:>8}{t['p50_ms']:>9.2f}{t['p95_ms']:>9.2f}"
                         f"{t['p99_ms']:>9.2f}{t['max_ms']:>9.2f}")
    return "\n".join(lines)


def _calls(c: dict) -> str:
    rate = f" ({c['success_rate'] * 100:.0f}%)" if c["success_rate"] is not None else ""
    return f"{c['made']}/{c['calls']}{rate}"
