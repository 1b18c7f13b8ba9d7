"""The arena: two bots on duplicate deals, and a report of how they did.

Every deal is played several times from the same seeded hands with the bots'
seats rotated, so the luck of the cards cancels out and both sides hold every
seat and role equally (`side_plans`):

- team games (standard, fifty-two, tientsin): A on one team, B on the other,
  then the teams swapped;
- Trichu: A as the dealer (with the Table) against B on the two other seats,
  then B as the dealer against A;
- Grandseigneur (no teams): A on every other seat in play order, B on the
  rest, then the other way round, so each bot holds every seat once per deal.
  A deal there is two rounds: the first one, which makes the hierarchy, and
  one with the exchange.

A play's score per round: A's score minus B's (the mean over each side's
players of its column, so in Trichu the dealer's team against the others);
in Grandseigneur the mean finishing place of each side's players (lower is
better). A deal's score is the mean over its plays. The deals are spread over
worker processes; a progress bar goes to stderr.

With `games`, whole games to the end are played instead (the same rotations
per seed) and the report adds A's win rate. `from_score` starts each game at
that score (a column per team, as if earlier rounds had made it), so play near
the target, where a bot may play for the game rather than the round, is
measured in a round or two per game instead of a whole game's ten.

A long run can be played in parts: `first` is the index of the first deal, so
deals 0-999 and then 1000-1999 of one seed are the deals of one run of 2,000.
The report keeps every deal's value (`per_deal`), and `combine_reports` makes
the parts' reports one (the same bots, options, seed and ruleset, no deal twice).

The report (`run_arena` returns it as a dict, `format_report` prints it):
mean points (or place) per round for each side with standard error and 95%
interval, Tichu and Grand Tichu calls and how many were made, double (triple)
victories, first places, illegal actions, and decision times p50/p95/p99/max
per bot and kind of decision.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass

from app.engine import Game, Rules, seeded_deal

from .. import gc_tune
from . import load_bot
from .table import DECISION_KINDS, TableLog, play_round

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
    first: int = 0  # the index of the first deal (a run in parts)
    from_score: tuple = ()  # with games: the score each game starts at (a column per team)

    def bot(self, side: str, seat: int) -> object:
        spec, opts = (self.a, self.a_options) if side == "A" else (self.b, self.b_options)
        rng = random.Random(f"{self.seed}:{side}:{seat}")
        return load_bot(spec)(seat, rng=rng, **dict(opts))


def _empty_side() -> dict:
    return {"points": 0, "tichu_calls": 0, "tichu_made": 0, "grand_calls": 0, "grand_made": 0,
            "double_victories": 0, "first_out": 0, "illegal": 0}


def side_plans(rules) -> list[tuple]:
    """The seat assignments each deal is played with: per seat "A" or "B" (see the module doc).

    Each is the side of every seat of the first round; a controlled seat (the Trichu
    Table) is on its controller's side."""
    seating = rules.seating
    n = seating.seats
    if seating.teams is None:
        a_seats = set(seating.positions[::2])  # every other seat in play order
    elif seating.table is not None:
        a_seats = set(seating.controls[seating.dealer])  # the dealer and the Table
    else:
        a_seats = set(seating.teams[0])
    first = tuple("A" if s in a_seats else "B" for s in range(n))
    return [first, tuple("B" if x == "A" else "A" for x in first)]


def _rounds_per_deal(rules) -> int:
    """Grandseigneur's first round has no exchange: a deal there is that round and the next."""
    return 2 if rules.seating.teams is None else 1


def _deal_rounds(rules, seed: str, count: int):
    deal = seeded_deal(rules, seed)
    return lambda index: deal(index) if index < count else None


def _tally(result, side_of: list, sides: dict):
    """Add one finished round's calls, sweeps and first place to the sides' counts;
    `side_of`: the side of every seat of that round (a controlled seat: its controller's)."""
    for seat, call in enumerate(result.calls):
        if call is None:
            continue
        side = sides[side_of[seat]]
        key = "tichu" if call == "tichu" else "grand"
        side[key + "_calls"] += 1
        side[key + "_made"] += bool(result.call_made[seat])
    first = sides[side_of[result.out_order[0]]]
    first["first_out"] += 1
    if result.double_victory or result.extra.get("triple_victory"):
        first["double_victories"] += 1


def _round_value(result, seating, plan: tuple) -> dict:
    """One round from each side's view: points (A minus B) or mean places per side."""
    players = seating.players
    if result.scores is None:  # no points: the finishing places
        place = {s: result.out_order.index(s) + 1 for s in players}
        return {side: _mean([place[s] for s in players if plan[s] == side]) for side in SIDES}
    if len(result.scores) == seating.seats:  # a column per seat (Trichu)
        score = {s: result.scores[s] for s in players}
    else:
        score = {s: result.scores[seating.team_of[s]] for s in players}
    return {"diff": _mean([score[s] for s in players if plan[s] == "A"])
            - _mean([score[s] for s in players if plan[s] == "B"])}


def _mean(values: list) -> float:
    return sum(values) / len(values)


def _play(cfg: ArenaConfig, index: int, plan: tuple) -> tuple[list, dict, TableLog, object]:
    """One play of deal (or game) `index` with the bots seated by `plan` (a side per seat)."""
    options = dict(cfg.options)
    rules = Rules.of(cfg.ruleset, options)
    bots = [cfg.bot(plan[s], s) for s in range(rules.seats)]
    seed = f"{cfg.seed}:{index}"
    if cfg.games:
        game = Game(cfg.ruleset, options, seed=seed)
        if cfg.from_score:
            game.totals = list(cfg.from_score)
    else:
        game = Game(cfg.ruleset, options, deal=_deal_rounds(rules, seed, _rounds_per_deal(rules)))
    log = TableLog()
    sides = {"A": _empty_side(), "B": _empty_side()}
    rounds = []
    while True:
        rnd = game.round
        play_round(game, bots, log)
        seating = rnd.seating
        side_of = [plan[seating.controller[s]] for s in range(seating.seats)]
        _tally(rnd.result, side_of, sides)
        rounds.append(_round_value(rnd.result, seating, plan))
        if game.over or game.round is rnd:
            break  # the game or the deal's rounds are over
    for seat, _, _ in log.illegal:
        sides[plan[seat]]["illegal"] += 1
    winner = None
    if cfg.games:
        winner = _winner_side(game, plan)
    return rounds, sides, log, winner


def _winner_side(game, plan: tuple) -> str | None:
    """The side of the game's winner: a team (its seats' side), a seat, or None for a draw
    (and for a Trichu game won by the Table's column)."""
    w = game.winner
    if w == "draw" or w is None:
        return None
    seating = game.rules.seating
    if seating.teams is not None and len(game.totals) == len(seating.teams):
        return plan[seating.teams[w][0]]
    return plan[w] if w in seating.players else None


def _job(args) -> dict:
    """Worker: deals `indexes`, each played once per seat plan (`side_plans`)."""
    cfg, indexes = args
    out = {"deals": [], "sides": {"A": _empty_side(), "B": _empty_side()}, "times": {},
           "illegal": [], "wins": {"A": 0, "B": 0, "draw": 0}, "rounds": 0}
    plans = side_plans(Rules.of(cfg.ruleset, dict(cfg.options)))
    for index in indexes:
        per_deal = []
        a_share = 0.0  # A's games won on this deal's plays (a draw counts half)
        for k, plan in enumerate(plans):
            rounds, sides, log, winner = _play(cfg, index, plan)
            per_deal.append({key: _mean([r[key] for r in rounds]) for key in rounds[0]})
            out["rounds"] += len(rounds)
            for side in SIDES:
                for key, value in sides[side].items():
                    out["sides"][side][key] += value
            for (seat, kind), times in log.times.items():
                out["times"].setdefault((plan[seat], kind), []).extend(times)
            out["illegal"].extend((index, k, seat, str(action), code)
                                  for seat, action, code in log.illegal)
            if cfg.games:
                out["wins"][winner if winner else "draw"] += 1
                a_share += 1.0 if winner == "A" else 0.5 if winner is None else 0.0
        summary = {key: _mean([d[key] for d in per_deal]) for key in per_deal[0]}
        if cfg.games:
            summary["a_share"] = a_share / len(plans)
        out["deals"].append((index, summary))
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
    indexes = list(range(cfg.first, cfg.first + total))
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
        # The workers collect garbage as the server does, so their decision times are a table's.
        with ctx.Pool(cfg.workers, initializer=gc_tune.tune) as pool:
            for part in pool.imap_unordered(_job, jobs):
                merge(part)
    return _report(cfg, merged, time.time() - started)


def mean_interval(values: list[float], digits: int = 2) -> dict:
    """Mean, standard error, 95% interval and count of per-deal values."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n) if n else 0.0
    return {"mean": round(mean, digits), "se": round(se, digits),
            "ci95": [round(mean - 1.96 * se, digits), round(mean + 1.96 * se, digits)], "n": n}


def _mirrored(a: dict) -> dict:
    """B's points per round from A's: the same deals seen from the other side."""
    return {"mean": -a["mean"], "se": a["se"], "ci95": [-a["ci95"][1], -a["ci95"][0]], "n": a["n"]}


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


def _report(cfg: ArenaConfig, merged: dict, seconds: float) -> dict:
    deals = [d for _, d in sorted(merged["deals"], key=lambda x: x[0])]
    places = bool(deals) and "A" in deals[0]
    if places:  # mean finishing place per side (Grandseigneur): lower is better
        key = "place_per_round"
        per_side = {side: mean_interval([d[side] for d in deals], 3) for side in SIDES}
    else:
        key = "points_per_round"
        a = mean_interval([d["diff"] for d in deals])
        per_side = {"A": a, "B": _mirrored(a)}
    plans = len(side_plans(Rules.of(cfg.ruleset, dict(cfg.options))))
    sides = {}
    for side, spec in (("A", cfg.a), ("B", cfg.b)):
        counts = merged["sides"][side]
        sides[side] = {
            "bot": spec,
            "options": dict(cfg.a_options if side == "A" else cfg.b_options),
            key: per_side[side],
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
                   "ruleset": cfg.ruleset, "options": dict(cfg.options), "workers": cfg.workers,
                   "first": cfg.first, "from_score": list(cfg.from_score), "a_options": dict(cfg.a_options),
                   "b_options": dict(cfg.b_options)},
        "duplicate": True,
        "measure": "place" if places else "points",
        "plays": len(deals) * plans,
        "rounds": merged["rounds"],
        "seconds": round(seconds, 1),
        "sides": sides,
        "illegal_actions": len(merged["illegal"]),
        "illegal_examples": merged["illegal"][:10],
        "decision_ms": times,
        # Every deal's value: [index, A's points minus B's] or [index, A's place, B's place].
        "per_deal": [[i, d["diff"]] if not places else [i, d["A"], d["B"]]
                     for i, d in sorted(merged["deals"], key=lambda x: x[0])],
    }
    if cfg.games:
        wins = merged["wins"]
        per_deal_wins = [[i, d["a_share"]] for i, d in sorted(merged["deals"], key=lambda x: x[0])]
        report["games"] = _games(wins["A"], wins["B"], wins["draw"], per_deal_wins)
    return report


def _games(a_wins: int, b_wins: int, draws: int, per_deal_wins: list | None) -> dict:
    """Whole games' tally; with each deal's share of A's wins over its plays (a draw half),
    A's win rate with a 95% interval over the deals (paired: the same deals from both sides)."""
    played = a_wins + b_wins + draws
    games = {"played": played, "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
             "a_win_rate": _rate(a_wins, played)}
    if per_deal_wins:
        games["a_score_rate"] = mean_interval([w for _, w in per_deal_wins], 4)
        games["per_deal_wins"] = per_deal_wins
    return games


#: What must be the same in the parts of one run.
_SAME_RUN = ("a", "b", "games", "seed", "ruleset", "options", "a_options", "b_options", "from_score")


def combine_reports(parts: list[dict]) -> dict:
    """The parts of one run (see the module doc) as one report. The decision times cannot be
    merged from percentiles: the combined report keeps each part's (`parts_decision_ms`)."""
    if not parts:
        raise ValueError("no reports to combine")
    base = parts[0]["config"]
    for part in parts[1:]:
        for key in _SAME_RUN:
            if part["config"].get(key) != base.get(key):
                raise ValueError(f"the parts differ in {key}: {base.get(key)!r}, {part['config'].get(key)!r}")
    deals = sorted((row for part in parts for row in part["per_deal"]), key=lambda row: row[0])
    if len({row[0] for row in deals}) != len(deals):
        raise ValueError("a deal is in two parts")
    places = parts[0]["measure"] == "place"
    key = "place_per_round" if places else "points_per_round"
    if places:
        per_side = {side: mean_interval([r[k] for r in deals], 3) for k, side in ((1, "A"), (2, "B"))}
    else:
        a = mean_interval([r[1] for r in deals])
        per_side = {"A": a, "B": _mirrored(a)}
    sides = {}
    for side in SIDES:
        each = [part["sides"][side] for part in parts]
        merged = {"bot": each[0]["bot"], "options": each[0]["options"], key: per_side[side]}
        for call in ("tichu", "grand_tichu"):
            calls = sum(s[call]["calls"] for s in each)
            made = sum(s[call]["made"] for s in each)
            merged[call] = {"calls": calls, "made": made, "success_rate": _rate(made, calls)}
        for count in ("double_victories", "first_out", "illegal_actions"):
            merged[count] = sum(s[count] for s in each)
        sides[side] = merged
    config = dict(base, deals=len(deals), first=deals[0][0] if deals else 0,
                  parts=[[p["config"].get("first", 0), p["config"]["deals"]] for p in parts])
    return {
        "config": config,
        "duplicate": True,
        "measure": parts[0]["measure"],
        "plays": sum(p["plays"] for p in parts),
        "rounds": sum(p["rounds"] for p in parts),
        "seconds": round(sum(p["seconds"] for p in parts), 1),
        "sides": sides,
        "illegal_actions": sum(p["illegal_actions"] for p in parts),
        "illegal_examples": [x for p in parts for x in p["illegal_examples"]][:10],
        "decision_ms": {},
        "parts_decision_ms": [p["decision_ms"] for p in parts],
        "per_deal": deals,
        **_combined_games(parts),
    }


def _combined_games(parts: list[dict]) -> dict:
    """The parts' whole games added up (their deals' shares of A's wins where every part has
    them: reports before they were kept have only the tally)."""
    if not all("games" in p for p in parts):
        return {}
    tally = [sum(p["games"][k] for p in parts) for k in ("a_wins", "b_wins", "draws")]
    shares = None
    if all("per_deal_wins" in p["games"] for p in parts):
        shares = sorted((row for p in parts for row in p["games"]["per_deal_wins"]), key=lambda r: r[0])
    return {"games": _games(*tally, shares)}


def _rate(made: int, calls: int) -> float | None:
    return round(made / calls, 3) if calls else None


def format_report(report: dict) -> str:
    """The report as a plain-text table."""
    cfg = report["config"]
    unit = "game (mean per round)" if cfg["games"] else "deal"
    places = report["measure"] == "place"
    key = "place_per_round" if places else "points_per_round"
    options = " ".join(f"{k}={v}" for k, v in cfg["options"].items())
    w = max(14, *(len(report["sides"][side]["bot"]) + 2 for side in SIDES))  # the bot column
    lines = [
        f"Arena: {cfg['a']} (A) vs {cfg['b']} (B), {cfg['ruleset']}{' ' + options if options else ''}, "
        f"{report['sides']['A'][key]['n']} "
        f"duplicate {'games' if cfg['games'] else 'deals'}, {report['plays']} plays, "
        f"{report['rounds']} rounds, seed {cfg['seed']!r}, {report['seconds']}s",
        "",
        f"{'side':<5}{'bot':<{w}}{'place' if places else 'pts/round':>10}{'SE':>7}{'95% interval':>20}"
        f"{'Tichu made/calls':>18}{'GT made/calls':>15}{'1-2':>6}{'1st':>6}{'illegal':>9}",
    ]
    for side in SIDES:
        s = report["sides"][side]
        p = s[key]
        digits = 2 if places else 1
        interval = f"[{p['ci95'][0]:.{digits}f}, {p['ci95'][1]:.{digits}f}]"
        t, g = s["tichu"], s["grand_tichu"]
        lines.append(f"{side:<5}{s['bot']:<{w}}{p['mean']:>10.{digits}f}{p['se']:>7.{digits}f}{interval:>20}"
                     f"{_calls(t):>18}{_calls(g):>15}{s['double_victories']:>6}{s['first_out']:>6}"
                     f"{s['illegal_actions']:>9}")
    if places:
        lines.append(f"(place: the mean finishing place of the side's players per round, lower is better,"
                     f" per {unit})")
    else:
        lines.append(f"(points per round: the side's score minus the other's, per {unit})")
    if "games" in report:
        gm = report["games"]
        lines.append(f"Whole games: A won {gm['a_wins']}, B won {gm['b_wins']}, draws {gm['draws']}"
                     f" (A's win rate {gm['a_win_rate']})")
        if "a_score_rate" in gm:
            r = gm["a_score_rate"]
            lines.append(f"A's share of the games per deal (a draw half): {r['mean']:.4f}, 95% interval "
                         f"[{r['ci95'][0]:.4f}, {r['ci95'][1]:.4f}] over {r['n']} deals")
    lines.append(f"Illegal actions: {report['illegal_actions']}")
    lw = max(24, *(len(report["sides"][side]["bot"]) + 13 for side in SIDES))  # the label column
    # A combined report has each part's decision times (percentiles do not add up).
    parts = report.get("parts_decision_ms") or [report["decision_ms"]]
    for n, times in enumerate(parts):
        title = "decision time (ms)" if len(parts) == 1 else \
            f"part {n + 1}, from deal {report['config']['parts'][n][0]}: decision time (ms)"
        lines += ["", f"{title:<{lw}}{'n':>8}{'p50':>9}{'p95':>9}{'p99':>9}{'max':>9}"]
        for side in SIDES:
            for kind, t in times.get(side, {}).items():
                label = f"{side} {report['sides'][side]['bot']} {kind}"
                lines.append(f"{label:<{lw}}{t['n']:>8}{t['p50_ms']:>9.2f}{t['p95_ms']:>9.2f}"
                             f"{t['p99_ms']:>9.2f}{t['max_ms']:>9.2f}")
    return "\n".join(lines)


def _calls(c: dict) -> str:
    rate = f" ({c['success_rate'] * 100:.0f}%)" if c["success_rate"] is not None else ""
    return f"{c['made']}/{c['calls']}{rate}"
