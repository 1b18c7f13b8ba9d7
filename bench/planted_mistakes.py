"""Planted mistakes: does the round review find the mistakes people make, and what they cost?

    nice -n 10 python bench/planted_mistakes.py --deals 12 --workers 2 --json bench/results/planted.json
    nice -n 10 python bench/planted_mistakes.py --deals 2 --playouts 4          # a quick look
    nice -n 10 python bench/planted_mistakes.py --deals 0 --hard-rounds 20      # only Hard and Greedy
    python bench/planted_mistakes.py --merge A.jsonl B.jsonl --json AB.json    # runs' details together
    nice -n 10 python bench/planted_mistakes.py --rereview A.jsonl --workers 2 --details A2.jsonl
                                    # the same mistakes, their costs kept, reviewed by today's code
    nice -n 10 python bench/planted_mistakes.py --informed A.jsonl --workers 2 --details A3.jsonl
                                    # the same mistakes and reviews, each cost also in expectation
    nice -n 10 python bench/planted_mistakes.py --recost A.jsonl --playouts 96 --workers 2 --details A4.jsonl
                                    # the same mistakes and reviews, each true cost on more play-outs

For each seeded deal of every ruleset with teams (standard, fifty-two, tientsin, trichu)
and each kind of mistake (`planting.py`), a round is played by the Normal bot at every
seat; one seat (a player, never the Trichu Table nor its dealer) makes one mistake of that
kind at a moment drawn among those where it applies, and the round goes on.

- **Its true cost**: from the position just before the mistake, with every hand as it
  really is, the round is played out `--playouts` times each way (the better action, and
  the mistake), paired: play-out i of both branches has the same players, Normal bots
  whose trick-play weights (`tricks.Style`) are drawn from seed i (so the play-outs
  differ, and the pair differs only by the decision). The cost is the mean of the
  differences for the seat's team, in points. "Clear": at least `--clear` (20) points.
- **Whether the review flags it**: the round's record is reviewed for that seat
  (`app.coach.review.examine_round`, its defaults) and the mistake counts as found when
  the review flags that decision (a Tichu not called: the review's Tichu decision with
  "not called", wherever it judges it).
- **Why a miss was missed** (not for calls): the review's own play-out run once on the actual
  deal, both ways (`actual_gap`). Above 0: it sees the cost there, so the hidden cards hid
  it from the review's deals; 0 or below: the play-out plays the rest otherwise than the
  Normal bots that measured the cost.
- **Its cost in expectation** (`--informed`, not in a plain run): the true cost's measure, but
  each play-out on another deal of the cards the seat could not see, drawn as the review draws
  them (`informed_cost`). The true cost asks what the mistake cost on the cards as they lay;
  this one what it costs as far as the seat could know: a review, which never sees the actual
  deal, can only be asked to find the mistakes clear in expectation too. (Not for a decision
  before the play, such as a Tichu not called whose moment was the exchange.)

It reports, by kind, the share of the clear mistakes the review flags and of those
costing at least `--costly` (80) points, and the review's seconds per round and seat (CPU,
p50/p95/max). With `--hard-rounds N` it also runs `bench/review_bench.py`'s two sides
on N standard deals: the review's flags on the Hard bot's own decisions (false alarms)
and on the Greedy bot's (flags per round).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import asdict, dataclass, field, replace

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from planting import KINDS, NEVER_CALL, Plant, find  # noqa: E402

from app.bots.base import Bot  # noqa: E402
from app.bots.evaluation import play_start  # noqa: E402
from app.bots.knowledge import Knowledge  # noqa: E402
from app.bots.normal import NormalBot  # noqa: E402
from app.bots.reads import Reads  # noqa: E402
from app.bots.sampling import Sampler  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.bots.tricks import Style  # noqa: E402
from app.coach.review import GAIN, examine_round  # noqa: E402
from app.coach.review.candidates import MAX_CANDIDATES, candidates  # noqa: E402
from app.coach.review.decisions import read_record, seat_decisions  # noqa: E402
from app.coach.review.verdict import FLOOR, SURE  # noqa: E402
from app.engine import Game, IllegalAction, Rules, seeded_deal  # noqa: E402
from app.engine.views import view_for  # noqa: E402

RULESETS = ("standard", "fifty-two", "tientsin", "trichu")  # those with teams


@dataclass(frozen=True)
class Job:
    ruleset: str
    deal: int
    kind: str
    seed: str
    playouts: int
    reads: str = ""  # what the review's deals read (`--review-reads`; "": none)


class Counter:
    """Actions applied in the round so far (the table's `on_action` counts them)."""

    def __init__(self):
        self.actions = 0

    def __call__(self, player, action):
        self.actions += 1


class PlantingBot(Bot):
    """The Normal bot, making one mistake of a kind at the `target`-th moment it applies
    (-1: never; it only counts them). After a Tichu not called, it never calls."""

    def __init__(self, seat: int, kind: str, target: int, counter: Counter):
        super().__init__(seat)
        self.inner = NormalBot(seat)
        self.kind = kind
        self.target = target
        self.counter = counter
        self.moments = 0
        self.planted: tuple[Plant, int] | None = None  # the plant and its action index

    def decide(self, view: dict) -> dict | None:
        normal = self.inner.decide(view)
        if self.planted is not None:
            return normal
        plant = find(self.kind, view, normal)
        if plant is None:
            return normal
        self.moments += 1
        if self.moments - 1 != self.target:
            return normal
        self.planted = (plant, self.counter.actions)
        if plant.bad is None:  # a call not made, and never made later
            self.inner = NormalBot(self.seat, **NEVER_CALL)
            return self.inner.decide(view)
        return plant.bad


def _game(job: Job) -> Game:
    deal = seeded_deal(Rules.of(job.ruleset), f"planted:{job.seed}")
    hands = deal(job.deal)
    return Game(job.ruleset, deal=lambda r: hands if r == 0 else None)


def _seat(game: Game, job: Job) -> int:
    seating = game.round.seating
    plain = [s for s in seating.players if seating.controls[s] == [s]]
    return plain[job.deal % len(plain)]


def _planted_round(job: Job, seat: int, target: int) -> tuple[Game, PlantingBot]:
    game = _game(job)
    counter = Counter()
    planter = PlantingBot(seat, job.kind, target, counter)
    n = game.round.seating.seats
    bots: list = [NormalBot(s) for s in range(n)]
    bots[seat] = planter
    play_round(game, bots, TableLog(), on_action=counter)
    return game, planter


def _styles(job: Job, i: int, n: int) -> list[dict]:
    """Play-out i's trick-play weights per seat: each of Normal's defaults times 0.6 to 1.4."""
    rng = random.Random(f"planted-style:{job.seed}:{job.ruleset}:{job.deal}:{job.kind}:{i}")
    base = asdict(Style())
    return [{name: value * rng.uniform(0.6, 1.4) for name, value in base.items()} for _ in range(n)]


def _team_score(game: Game, seat: int) -> int:
    rnd = game.rounds[0]
    seating = rnd.seating
    scores = rnd.result.scores
    opponent = seating.opponents[seat][0]
    if len(scores) == seating.seats:  # a column per seat (Trichu)
        return scores[seat] - scores[opponent]
    return scores[seating.team_of[seat]] - scores[seating.team_of[opponent]]


def _branch(start: Game, seat: int, action: dict | None, styles: list[dict], never_call: bool) -> int | None:
    bots = [NormalBot(s, **styles[s], **(NEVER_CALL if never_call and s == seat else {}))
            for s in range(len(styles))]
    return played_on(start, seat, action, bots)


def played_on(start: Game, seat: int, action: dict | None, bots: list) -> int | None:
    """The seat's team score after `action` (None: the seat's bot decides) and the round played
    on by `bots`, from a copy of `start`; None if the action is illegal there."""
    game = start.clone()
    if action is not None:
        try:
            game.apply(dict(action, seat=seat), by=seat)
        except IllegalAction:
            return None
    play_round(game, bots, TableLog())
    return _team_score(game, seat)


def _position(job: Job, record: dict, index: int) -> Game:
    """The round as it stood just before its action `index` (the planted one)."""
    game = _game(job)
    for action in record["rounds"][0]["actions"][:index]:
        game.apply(action)
    return game


def true_cost(job: Job, record: dict, seat: int, plant: Plant, index: int) -> list[int] | None:
    """Per play-out, the better action's score minus the mistake's (paired; see the docstring)."""
    start = _position(job, record, index)
    return _paired(job, seat, plant, (start for _ in range(job.playouts)))


def _paired(job: Job, seat: int, plant: Plant, starts) -> list[int] | None:
    """Per start position (play-out i: the i-th), both branches played by Normal bots of
    style i: the better action's score minus the mistake's; None if either is illegal."""
    diffs = []
    for i, start in enumerate(starts):
        diff = normal_pair(job, seat, plant, i, start)
        if diff is None:
            return None
        diffs.append(diff)
    return diffs


def normal_pair(job: Job, seat: int, plant: Plant, i: int, start: Game) -> int | None:
    """Play-out i from `start`: the better action's score minus the mistake's, both branches
    played by Normal bots of style i (a Tichu not called stays so); None if either is illegal."""
    styles = _styles(job, i, start.round.seating.seats)
    good = _branch(start, seat, plant.good, styles, False)
    bad = _branch(start, seat, plant.bad, styles, plant.kind == "tichu_missed")
    return None if good is None or bad is None else good - bad


def informed_cost(job: Job, record: dict, seat: int, plant: Plant, index: int,
                  deals: int) -> list[int] | None:
    """Per deal, the better action's score minus the mistake's, as `true_cost` measures them,
    but each time on another deal of the cards the seat could not see (`Sampler`, the Hard
    bot's and the review's: consistent with what the seat knew): the cost in expectation, as
    far as the seat could know it. None before the play (the deals are made for the play).
    The other Normal bots' beliefs about the exchange come from the record, so a card one of
    them passed may now sit elsewhere: they play on as if unaware (no seat but this one is
    judged)."""
    start = _position(job, record, index)
    if start.round.phase != "play":
        return None
    return _paired(job, seat, plant, informed_deals(job, start, seat, deals))


def informed_deals(job: Job, start: Game, seat: int, deals: int):
    """`informed_cost`'s positions: `start` with the hidden cards dealt again, one after another."""
    sampler = Sampler(Knowledge(view_for(start, seat)))
    rng = random.Random(f"planted-informed:{job.seed}:{job.ruleset}:{job.deal}:{job.kind}")
    for _ in range(deals):
        game = start.clone()
        game.round.hands = list(sampler.sample(rng))
        yield game


def _is_planted(decision, plant: Plant, index: int) -> bool:
    """Whether the review's decision (a flag or a `Compared`) is the planted one: a Tichu not
    called, any Tichu decision "not called" (wherever the review judges it); else the decision
    at the planted action, a call for a call (never the wish beside a Mah Jong's play)."""
    if plant.kind == "tichu_missed":
        return decision.kind == "tichu" and decision.done.get("call") is False
    return decision.index == index and (decision.kind == "tichu") == (plant.kind == "tichu_weak") \
        and decision.kind != "wish"


def _found(review, plant: Plant, index: int) -> dict | None:
    """The review's flag on the planted decision, if it flagged it."""
    return next((f.as_dict() for f in review.flags if _is_planted(f, plant, index)), None)


def _estimate(review, plant: Plant, index: int) -> dict | None:
    """What the review measured at the planted decision, flagged or not: its best alternative's
    mean gain, lower bound (`verdict.SURE` errors) and deals. Where a miss is short of the
    criterion."""
    best = None
    for c in review.compared:
        if not _is_planted(c, plant, index):
            continue
        for choice, cmp in c.alternatives:
            if best is None or cmp.gain > best["gain"]:
                best = {"better": choice, "gain": round(cmp.gain, 2), "low": round(cmp.lower(SURE), 2),
                        "deals": cmp.deals}
    return best


def _planted(job: Job):
    """(seat, plant, action index, record) of the job's planted mistake; None where none applies."""
    game = _game(job)
    seat = _seat(game, job)
    _, counting = _planted_round(job, seat, -1)
    if not counting.moments:
        return None
    target = random.Random(f"planted-moment:{job.seed}:{job.ruleset}:{job.deal}:{job.kind}").randrange(
        counting.moments)
    game, planter = _planted_round(job, seat, target)
    if planter.planted is None or game.rounds[0].result is None:
        return None
    plant, index = planter.planted
    return seat, plant, index, game.record()


def _reviewed(job: Job, record: dict, seat: int, plant: Plant, index: int) -> dict:
    started = time.process_time()
    review = examine_round(record, seat, 0, seed=job.seed, reads=Reads.parse(job.reads))
    cpu = time.process_time() - started
    return {"found": _found(review, plant, index), "estimate": _estimate(review, plant, index),
            "review_cpu": round(cpu, 3), "decisions": review.decisions,
            "actual": actual_gap(job, record, seat, plant, index)}


def actual_gap(job: Job, record: dict, seat: int, plant: Plant, index: int) -> float | None:
    """The review's own play-out on the actual deal (every hand as it really was): the better
    action's score minus the mistake's; None for a call, or where the better action is none of
    the review's candidates. Where the review missed a mistake this gap shows (above 0), the
    hidden cards hid it; where it is 0 or below, the play-out plays the rest otherwise than the
    Normal bots that measured the cost."""
    if plant.kind in ("tichu_weak", "tichu_missed"):
        return None
    decision = next((d for d in seat_decisions(read_record(record), seat, 0)
                     if d.index == index and d.kind not in ("grand", "tichu", "wish")), None)
    if decision is None:
        return None
    cands = candidates(decision, MAX_CANDIDATES)
    good = next((c for c in cands if c.choice == plant.good), None)
    if good is None:
        return None
    hands, start = list(_position(job, record, index).round.hands), play_start(decision.view)
    return start.score(hands, good.move) - start.score(hands, cands[0].move)


def run_job(job: Job) -> dict | None:
    """One planted mistake: its cost and whether the review flags it; None where none applies."""
    planted = _planted(job)
    if planted is None:
        return None
    seat, plant, index, record = planted
    diffs = true_cost(job, record, seat, plant, index)
    if diffs is None:
        return None
    cost = sum(diffs) / len(diffs)
    return {"ruleset": job.ruleset, "deal": job.deal, "kind": job.kind, "seat": seat, "index": index,
            "good": plant.good, "bad": plant.bad, "cost": round(cost, 2), "diffs": diffs,
            **_reviewed(job, record, seat, plant, index)}


def rereview_job(args: tuple[dict, str]) -> dict:
    """An earlier run's planted mistake (a `--details` line) planted again in the same seeded
    round and reviewed by today's code; its true cost (Normal bots' play of the actual deal,
    which no review change moves) is kept."""
    line, seed, reads = args
    job, (seat, plant, index, record) = _replanted(line, seed, reads)
    return {**line, **_reviewed(job, record, seat, plant, index)}


def _replanted(line: dict, seed: str, reads: str = "") -> tuple[Job, tuple]:
    """An earlier run's planted mistake (a `--details` line) planted again: its job and
    (seat, plant, action index, record)."""
    job = Job(line["ruleset"], line["deal"], line["kind"], seed, len(line["diffs"]), reads)
    planted = _planted(job)
    if planted is None or planted[0] != line["seat"] or planted[2] != line["index"]:
        raise SystemExit(f"not the same planted mistake: {line['ruleset']} deal {line['deal']} {line['kind']}"
                         " (another --seed, or the Normal bot plays otherwise now)")
    return job, planted


def recost_job(args: tuple[dict, str, int]) -> dict:
    """An earlier run's planted mistake (a `--details` line) planted again, its review kept, its
    true cost measured again on `playouts` play-outs. Play-out i has the styles of seed i as
    before, so the first ones repeat the earlier run's (`earlier["same"]` says whether they did)."""
    line, seed, playouts = args
    job, (seat, plant, index, record) = _replanted(line, seed)
    diffs = true_cost(replace(job, playouts=playouts), record, seat, plant, index)
    if diffs is None:
        raise SystemExit(f"the planted mistake is illegal now: {line['ruleset']} deal {line['deal']} "
                         f"{line['kind']}")
    before = line["diffs"]
    earlier = {"cost": line["cost"], "playouts": len(before), "same": diffs[:len(before)] == before}
    return {**line, "cost": round(sum(diffs) / len(diffs), 2), "diffs": diffs, "earlier": earlier}


def relabelled(results: list[dict], clear: float, costly: float) -> str:
    """What `--recost` changed: the mistakes whose label (clear, costly) moved, and whether the
    first play-outs repeated the earlier ones."""
    def moved(bar: float) -> tuple[int, int]:
        up = sum(1 for r in results if r["earlier"]["cost"] < bar <= r["cost"])
        down = sum(1 for r in results if r["cost"] < bar <= r["earlier"]["cost"])
        return up, down

    same = sum(1 for r in results if r["earlier"]["same"])
    (c_up, c_down), (k_up, k_down) = moved(clear), moved(costly)
    return (f"recosted: {same}/{len(results)} repeat the earlier play-outs; clear now {c_up}, no longer "
            f"{c_down}; costly now {k_up}, no longer {k_down}")


def inform_job(args: tuple[dict, str, int]) -> dict:
    """An earlier run's planted mistake (a `--details` line) planted again, its review kept, with
    its informed cost added (`informed_cost`: the mean, its standard error and the deals)."""
    line, seed, deals = args
    job, (seat, plant, index, record) = _replanted(line, seed)
    diffs = informed_cost(job, record, seat, plant, index, deals)
    if not diffs:
        return {**line, "informed": None}
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return {**line, "informed": {"cost": round(mean, 2), "error": round(math.sqrt(var / len(diffs)), 2),
                                 "deals": len(diffs)}}


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return 0.0
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


@dataclass
class Tally:
    planted: int = 0
    clear: int = 0
    clear_found: int = 0
    costly: int = 0
    costly_found: int = 0

    def add(self, r: dict, clear: float, costly: float):
        self.planted += 1
        if r["cost"] >= clear:
            self.clear += 1
            self.clear_found += r["found"] is not None
        if r["cost"] >= costly:
            self.costly += 1
            self.costly_found += r["found"] is not None

    def row(self) -> dict:
        out = asdict(self)
        out["clear_share"] = round(self.clear_found / self.clear, 3) if self.clear else None
        out["costly_share"] = round(self.costly_found / self.costly, 3) if self.costly else None
        return out


@dataclass
class Report:
    config: dict
    seconds: float = 0.0
    total: dict = field(default_factory=dict)
    by_kind: dict = field(default_factory=dict)
    by_ruleset: dict = field(default_factory=dict)
    review_seconds: dict = field(default_factory=dict)
    # The clear misses (not calls) by the review's play-out on the actual deal (`actual_gap`).
    actual: dict = field(default_factory=dict)
    # With informed costs (`--informed`): the review's finds among mistakes clear both ways.
    informed: dict = field(default_factory=dict)
    # {floor: [clear found, costly found]} had the flag's lower bound been `floor` (`by_floor`).
    floors: dict = field(default_factory=dict)
    misses: list = field(default_factory=list)
    hard_greedy: dict | None = None


def summarise(results: list[dict], args) -> Report:
    report = Report(vars(args).copy())
    total, kinds, rulesets = Tally(), {k: Tally() for k in KINDS}, {r: Tally() for r in RULESETS}
    for r in results:
        for tally in (total, kinds[r["kind"]], rulesets[r["ruleset"]]):
            tally.add(r, args.clear, args.costly)
    report.total = total.row()
    report.by_kind = {k: t.row() for k, t in kinds.items()}
    report.by_ruleset = {k: t.row() for k, t in rulesets.items()}
    cpu = [r["review_cpu"] for r in results]
    report.review_seconds = {"p50": round(percentile(cpu, 0.5), 2), "p95": round(percentile(cpu, 0.95), 2),
                             "max": round(max(cpu), 2) if cpu else 0.0, "reviews": len(cpu)}
    gaps = [r["actual"] for r in results
            if r["cost"] >= args.clear and r["found"] is None and r.get("actual") is not None]
    report.actual = {"sees it": sum(g > 0 for g in gaps), "alike": sum(g == 0 for g in gaps),
                     "the other way": sum(g < 0 for g in gaps)}
    if any(r.get("informed") for r in results):
        report.informed = informed_summary(results, args.clear, args.costly)
    report.floors = by_floor(results, args.clear, args.costly)
    report.misses = sorted(({k: r.get(k) for k in ("ruleset", "deal", "kind", "seat", "index", "good", "bad",
                                                    "cost", "estimate", "actual", "informed")}
                            for r in results if r["cost"] >= args.clear and r["found"] is None),
                           key=lambda m: -m["cost"])
    return report


#: The flag's lower bounds `by_floor` tries (`verdict.FLOOR` is the first).
FLOORS = (FLOOR, 7.5, 5.0, 0.0)


def by_floor(results: list[dict], clear: float, costly: float) -> dict:
    """What the review would have found had a flag's lower bound needed only `floor` points, by
    each miss's own estimate (its best alternative's gain and lower bound, on the deals it was
    given: a lower floor would stop some reviews sooner, so this is a guide, not a rerun)."""
    def found(r: dict, floor: float) -> bool:
        e = r.get("estimate")
        return r["found"] is not None or (e is not None and e["gain"] >= GAIN and e["low"] >= floor)

    return {floor: [sum(found(r, floor) for r in results if r["cost"] >= bar) for bar in (clear, costly)]
            for floor in FLOORS}


def informed_summary(results: list[dict], clear: float, costly: float) -> dict:
    """The review's finds by the cost in expectation (`informed_cost`) where it was measured:
    among the mistakes clear (costly) in expectation, among those clear (costly) both by the
    actual deal and in expectation, and among those clear (costly) by the actual deal alone."""
    measured = [r for r in results if r.get("informed")]
    out = {"measured": len(measured)}
    for name, bar in (("clear", clear), ("costly", costly)):
        expected = [r for r in measured if r["informed"]["cost"] >= bar]
        both = [r for r in expected if r["cost"] >= bar]
        actual_only = [r for r in measured if r["cost"] >= bar and r["informed"]["cost"] < clear]
        out[name] = {group: [sum(r["found"] is not None for r in rows), len(rows)]
                     for group, rows in (("in expectation", expected), ("both ways", both),
                                         ("by the actual deal, not clear in expectation", actual_only))}
    out["oracle"] = expectation_oracle(results, clear, costly)
    return out


#: The costs in expectation an `expectation_oracle` flags from, below the clear bar it tries first.
ORACLE_BARS = (10.0, 5.0)


def expectation_oracle(results: list[dict], clear: float, costly: float) -> dict:
    """What a review that knew each mistake's cost in expectation exactly (`informed_cost`,
    where measured) would find by the actual deal, flagging every mistake costing at least
    `bar` in expectation: {bar: [clear found, costly found, mistakes not clear by the actual deal
    it flags too]}, over all the mistakes (the unmeasured never flagged). The most a review
    that sees only what the seat saw can be asked for by the actual deal, short of luck."""
    out = {}
    for bar in (clear, *ORACLE_BARS):
        flags = [r for r in results if r.get("informed") and r["informed"]["cost"] >= bar]
        out[bar] = [sum(r["cost"] >= clear for r in flags), sum(r["cost"] >= costly for r in flags),
                    sum(r["cost"] < clear for r in flags)]
    return out


def _share(found: int, of: int) -> str:
    return f"{found}/{of} ({found / of:.0%})" if of else "-"


def format_report(report: Report) -> str:
    c = report.config
    again = c.get("merge") or c.get("rereview") or c.get("informed")
    if again:
        how = "reviewed again" if c.get("rereview") else "measured in expectation" if c.get("informed") \
            else "together"
        head = (f"Planted mistakes: {report.total['planted']} from {len(again)} runs' "
                f"details, {how}")
    else:
        head = (f"Planted mistakes: {c['deals']} deals x {len(c['rulesets'].split(','))} rulesets x "
                f"{len(c['kinds'].split(','))} kinds, {c['playouts']} paired play-outs each")
    if c.get("review_reads"):
        head += f"; the review's deals read {c['review_reads']}"
    lines = [f"{head}; clear >= {c['clear']} points, costly >= {c['costly']}; {report.seconds:.0f} s",
             f"{'kind':<18} {'planted':>7} {'clear':>6} {'found (clear)':>15} {'found (costly)':>15}"]
    for name, t in list(report.by_kind.items()) + [("all", report.total)]:
        clear, costly = _share(t["clear_found"], t["clear"]), _share(t["costly_found"], t["costly"])
        lines.append(f"{name:<18} {t['planted']:>7} {t['clear']:>6} {clear:>15} {costly:>15}")
    for name, t in report.by_ruleset.items():
        lines.append(f"  {name:<16} clear found {_share(t['clear_found'], t['clear'])}")
    s = report.review_seconds
    lines.append(f"review CPU seconds per round and seat: p50 {s['p50']}, p95 {s['p95']}, max {s['max']} "
                 f"({s['reviews']} reviews)")
    if report.actual:
        a = report.actual
        lines.append(f"clear misses (not calls), the review's play-out on the actual deal: sees the cost "
                     f"{a['sees it']}, scores both alike {a['alike']}, the other way {a['the other way']}")
    if report.floors:
        clear_n, costly_n = report.total["clear"], report.total["costly"]
        lines.append("had a flag's lower bound needed (the misses' own estimates): " + "; ".join(
            f"{floor:g} points {_share(c, clear_n)} clear, {_share(k, costly_n)} costly"
            for floor, (c, k) in report.floors.items()))
    if report.informed:
        lines.append(f"by the cost in expectation ({report.informed['measured']} mistakes measured), found:")
        for name in ("clear", "costly"):
            groups = "; ".join(f"{group} {_share(*found)}" for group, found in report.informed[name].items())
            lines.append(f"  {name}: {groups}")
        clear_n, costly_n = report.total["clear"], report.total["costly"]
        lines.append("a review knowing each cost in expectation, flagging from " + "; ".join(
            f"{bar:g} points there: {_share(c, clear_n)} clear, {_share(k, costly_n)} costly by the actual "
            f"deal ({other} not clear flagged too)"
            for bar, (c, k, other) in report.informed.get("oracle", {}).items()))
    hg = report.hard_greedy
    if hg:
        hard, greedy, t = hg["hard"], hg["greedy"], hg["review_seconds"]["cpu"]
        lines.append(f"Hard: {hard['decisions']} decisions, {hard['flags']} flagged "
                     f"({hard['flags_per_100_decisions']} per 100); Greedy: {greedy['flags']} flagged in "
                     f"{greedy['rounds']} rounds ({greedy['flags_per_round']} per round); review CPU "
                     f"p50 {t['p50']} p95 {t['p95']} max {t['max']} s; the hint at Hard's flags: "
                     f"{hard.get('hint_chose')}")
    return "\n".join(lines)


def hard_and_greedy(rounds: int, workers: int, seed: str, hard_worlds: int = 0) -> dict:
    """`bench/review_bench.py`'s two sides on `rounds` standard deals, at the review's defaults."""
    import review_bench
    args = review_bench.build_parser().parse_args(["--rounds", str(rounds), "--seed", seed, "--workers",
                                                   str(workers), "--hard-worlds", str(hard_worlds)])
    results = review_bench.run(args)
    report = review_bench.summarise(results, args, 0.0)
    for side in review_bench.SIDES:  # what the hint chose at each flag: "better" agrees with the review
        notes: dict = {}
        for r in results:
            for f in r["flags"] if r["side"] == side else ():
                chose = (f.get("hint") or {}).get("chose", "not asked")
                notes[chose] = notes.get(chose, 0) + 1
        report[side]["hint_chose"] = notes
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12, help="seeded deals per ruleset")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--playouts", type=int, default=12, help="paired play-outs per mistake")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--clear", type=float, default=20.0)
    parser.add_argument("--costly", type=float, default=80.0)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--hard-rounds", type=int, default=0, help="review_bench's Hard/Greedy deals too")
    parser.add_argument("--hard-worlds", type=int, default=0,
                        help="those Hard bots search this many deals a play, unbounded by time (0: by time)")
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--details", metavar="PATH", help="every planted mistake, a JSON line each")
    parser.add_argument("--merge", nargs="+", metavar="DETAILS",
                        help="no run: the report of earlier runs' --details files together")
    parser.add_argument("--informed", nargs="+", metavar="DETAILS",
                        help="earlier runs' planted mistakes (same --seed), their costs and reviews kept, "
                             "each also measured in expectation: Normal bots on deals the seat could not "
                             "tell from the actual one (`informed_cost`)")
    parser.add_argument("--informed-deals", type=int, default=64, help="deals per mistake for --informed")
    parser.add_argument("--rereview", nargs="+", metavar="DETAILS",
                        help="earlier runs' planted mistakes (made with the same --seed), their costs "
                             "kept, reviewed again")
    parser.add_argument("--recost", nargs="+", metavar="DETAILS",
                        help="earlier runs' planted mistakes (same --seed), their reviews kept, each true "
                             "cost measured again on --playouts play-outs")
    parser.add_argument("--review-reads", default="", metavar="READS",
                        help="what the review's deals (and the hint it asks) read of the others' actions: "
                             "calls,no_calls,exits,exchange,bombs (app.bots.reads; default none)")
    args = parser.parse_args(argv)
    Reads.parse(args.review_reads)  # refused here, not in every worker
    if args.merge:
        merged = [json.loads(line) for path in args.merge for line in open(path) if line.strip()]
        print(format_report(summarise(merged, args)))
        if args.json:
            with open(args.json, "w") as f:
                json.dump(asdict(summarise(merged, args)), f, indent=1)
        return 0
    if args.informed:
        work, jobs = inform_job, [(json.loads(line), args.seed, args.informed_deals) for path in args.informed
                                  for line in open(path) if line.strip()]
    elif args.recost:
        work, jobs = recost_job, [(json.loads(line), args.seed, args.playouts) for path in args.recost
                                  for line in open(path) if line.strip()]
    elif args.rereview:
        work, jobs = rereview_job, [(json.loads(line), args.seed, args.review_reads) for path in args.rereview
                                    for line in open(path) if line.strip()]
    else:
        work, jobs = run_job, [Job(ruleset, deal, kind, args.seed, args.playouts, args.review_reads)
                               for deal in range(args.first, args.first + args.deals)
                               for ruleset in args.rulesets.split(",") for kind in args.kinds.split(",")]
    started = time.perf_counter()
    results: list[dict] = []
    with multiprocessing.get_context("fork").Pool(max(1, args.workers)) as pool:
        for i, r in enumerate(pool.imap_unordered(work, jobs)):
            results += [r] if r else []
            sys.stderr.write(f"\r{i + 1}/{len(jobs)} jobs, {time.perf_counter() - started:.0f} s")
    sys.stderr.write("\n")
    report = summarise(results, args)
    if args.hard_rounds:
        report.hard_greedy = hard_and_greedy(args.hard_rounds, args.workers, args.seed, args.hard_worlds)
    report.seconds = time.perf_counter() - started
    print(format_report(report))
    if args.recost:
        print(relabelled(results, args.clear, args.costly))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(asdict(report), f, indent=1)
    if args.details:
        with open(args.details, "w") as f:
            for r in sorted(results, key=lambda r: (r["ruleset"], r["deal"], r["kind"])):
                f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
