"""A round's review for one seat: each decision against its alternatives, on the same deals.

For every decision of the seat in the round (`decisions.py`), its candidates
(`candidates.py`, the one taken first) are each played out to the end of the
round (`rollout.py`) on the same `deals` deals of the cards the seat could not
see, drawn consistent with everything it knew then (`deals.py`). A decision is
flagged when an alternative is clearly better (`verdict.py`).

Never on the real deal alone: there most "better" moves are luck. Pure and
reproducible: no I/O, no clock; a fixed number of deals per decision drawn from
a generator seeded by (`seed`, round, action, hand, kind), so a decision's deals
do not depend on which other decisions are reviewed.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field

from app.bots.config import HardConfig
from app.bots.game_stakes import playout_score
from app.bots.sampling import Sampler
from app.engine.rulesets import rules_of

from .candidates import MAX_CANDIDATES, Candidate, candidates, wish_candidates
from .deals import PrePlayDeals
from .decisions import Decision, ReviewRefused, RoundReplay, read_record, seat_decisions
from .rollout import PLACE_POINTS, PlayStart, PrePlayStart

#: Points per whole chance to win the game near the target, as the Hard bot weighs it (`HardConfig.game_weight`).
GAME_WEIGHT = HardConfig.game_weight
from .verdict import FLOOR, Settings, clearly_better, compare, in_doubt

DEALS = 24  # deals every decision is scored on first
MAX_DEALS = 240  # a decision in doubt gets more, in steps of `DEALS`, up to this many
SECONDS = 10.0  # CPU seconds per round and seat (one core); a decision's share of what is left
SHARE = 0.0  # a share of the deals the alternative must win too (0: not asked; see verdict.py)
GAIN = 15.0


@dataclass(frozen=True)
class Flag:
    """A decision an alternative beat clearly (see `verdict.py`)."""

    round: int  # the round's index in the record
    index: int  # the action's index in the round's actions (a Tichu not called: its first card's)
    seat: int  # the hand that decided (the Table's seat for the Trichu dealer's Table)
    kind: str  # grand, tichu, exchange, lead, follow, bomb, gift, wish
    done: dict  # what was done (see `candidates.Candidate.choice`)
    better: dict  # the clearly better alternative
    share: float  # of the deals where `better` scored more than `done`
    gain: float  # mean gain per round over all deals: points (places in Grandseigneur)
    deals: int  # deals sampled
    unit: str  # "points", or "places" where the game has no points
    low: float = 0.0  # the gain's lower confidence bound (`verdict.SURE` standard errors below)
    judged: str = "round"  # "round": by the round's points; "game": by the chance to win the game

    def as_dict(self) -> dict:
        out = asdict(self)
        out["share"] = round(self.share, 4)
        digits = 3 if self.unit == "places" else 2
        out["gain"] = round(self.gain, digits)
        out["low"] = round(self.low, digits)
        return out


@dataclass
class Compared:
    """One decision compared: each alternative against what was done, on the same deals."""

    index: int
    seat: int
    kind: str
    done: dict
    alternatives: list  # [(choice, verdict.Comparison)], in candidate order
    flag: Flag | None
    deals: int = 0  # deals it was scored on


@dataclass
class RoundReview:
    round: int
    seat: int
    decisions: int  # decisions that had an alternative to compare
    flags: list = field(default_factory=list)
    kinds: dict = field(default_factory=dict)  # decisions compared, by kind
    compared: list = field(default_factory=list)  # every decision compared (`Compared`)


def review_round(record: dict, seat: int, round_index: int, deals: int = DEALS, share: float = SHARE,
                 gain: float = GAIN, seed=0, max_candidates: int = MAX_CANDIDATES, **budget) -> list[Flag]:
    """The decisions of `seat` in round `round_index` of `record` that an alternative beats
    clearly: by at least `gain` points per round on average, sure by `verdict.SURE` standard
    errors (in Grandseigneur `gain` / 50 places). Raises `ReviewRefused` (one line for
    people) for a malformed record, a seat or round not in it, or a round not complete."""
    return examine_round(record, seat, round_index, deals, share, gain, seed, max_candidates, **budget).flags


def examine_round(record, seat: int, round_index: int, deals: int = DEALS, share: float = SHARE,
                  gain: float = GAIN, seed=0, max_candidates: int = MAX_CANDIDATES,
                  max_deals: int = MAX_DEALS, seconds: float | None = SECONDS) -> RoundReview:
    """`review_round` with how many decisions were compared. `record` may be a `RoundReplay`
    already read (`read_record`), to review several rounds of one record. Each decision is
    scored on `deals` deals, then, while in doubt (`verdict.in_doubt`), on `deals` more at a
    time up to `max_deals`, as long as its share of `seconds` (CPU, what is left shared by
    the decisions left; None: no clock, fully reproducible) lasts."""
    check_settings(deals, share, gain, max_candidates)
    rec = record if isinstance(record, RoundReplay) else read_record(record)
    places = rules_of({"ruleset": rec.ruleset, "options": rec.options}).ruleset.scoring == "grandseigneur"
    scale = PLACE_POINTS if places else 1
    criterion = Settings(gain / scale, floor=FLOOR / scale, share=share)
    review = RoundReview(round_index, seat, 0)
    chosen = []
    for decision in _with_wishes(seat_decisions(rec, seat, round_index)):
        cands = wish_candidates(decision, max_candidates) if decision.kind == "wish" else \
            candidates(decision, max_candidates)
        if len(cands) >= 2:
            chosen.append((decision, cands))
    clock = Allowance(seconds, len(chosen))
    for decision, cands in chosen:
        review.decisions += 1
        review.kinds[decision.kind] = review.kinds.get(decision.kind, 0) + 1
        d = decision
        rng = random.Random(f"review:{seed}:{d.round}:{d.index}:{d.seat}:{d.kind}")
        scores = DealScores(decision, cands, rng, scale)
        clock.start()
        scores.add(deals)
        comparisons = compare(scores.rows)
        while scores.deals < max_deals and in_doubt(comparisons, criterion) and clock.left():
            scores.add(min(deals, max_deals - scores.deals))
            comparisons = compare(scores.rows)
        clock.stop()
        verdict = clearly_better(comparisons, criterion)
        flag = None
        if verdict is not None:
            flag = Flag(decision.round, decision.index, decision.seat, decision.kind, cands[0].choice,
                        cands[verdict.best].choice, verdict.share, verdict.gain, verdict.deals,
                        "places" if places else "points", verdict.low, scores.judged)
            review.flags.append(flag)
        review.compared.append(Compared(decision.index, decision.seat, decision.kind, cands[0].choice,
                                        [(c.choice, cmp) for c, cmp in zip(cands[1:], comparisons,
                                                                         strict=True)], flag, scores.deals))
    return review


class Allowance:
    """The review's CPU time (`seconds` per round and seat; None: no clock), shared out: each
    decision may add deals while it has used less than what is left over the decisions left."""

    def __init__(self, seconds: float | None, decisions: int):
        self.left_total = seconds
        self.decisions = decisions
        self.started = 0.0
        self.share = 0.0

    def start(self) -> None:
        self.started = time.process_time()
        if self.left_total is not None:
            self.share = self.left_total / max(1, self.decisions)

    def left(self) -> bool:
        return self.left_total is None or time.process_time() - self.started < self.share

    def stop(self) -> None:
        if self.left_total is not None:
            self.left_total = max(0.0, self.left_total - (time.process_time() - self.started))
        self.decisions -= 1


def check_settings(deals, share, gain, max_candidates=MAX_CANDIDATES) -> None:
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ReviewRefused(f"the number of deals must be a whole number of at least 1, not {deals}")
    if not 0 <= share <= 1:
        raise ReviewRefused(f"the share of deals must be from 0 to 1, not {share}")
    if gain < 0:
        raise ReviewRefused(f"the gain must not be negative, not {gain}")
    if max_candidates < 2:
        raise ReviewRefused("at least two candidates are needed to compare a decision")


def _with_wishes(decisions: list[Decision]) -> list[Decision]:
    """The decisions, each play of the Mah Jong followed by its wish as a decision of its own
    (the play-out honours the wish, so wishes score apart)."""
    out = []
    for d in decisions:
        out.append(d)
        if d.kind in ("lead", "follow") and d.done.get("act") == "play":
            out.append(Decision(d.round, d.index, d.seat, d.player, "wish", d.done, d.view, d.player_view))
    return out


class DealScores:
    """Per candidate, its score on each deal drawn so far (the same deals for all of them),
    in the review's unit; `add` draws more."""

    def __init__(self, decision: Decision, cands: list[Candidate], rng: random.Random, scale: int = 1):
        self.cands = cands
        self.rng = rng
        self.scale = scale
        self.rows: list[list[float]] = [[] for _ in cands]
        self.pre_play = decision.view["phase"] in ("grand", "exchange")
        game_score = playout_score(decision.view, decision.view["geometry"]["team_of"][decision.seat],
                                   GAME_WEIGHT)
        self.judged = "round" if game_score is None else "game"
        if self.pre_play:
            self.sampler = PrePlayDeals(decision.player_view)
            self.start = PrePlayStart(decision.view, decision.player_view, game_score)
        else:
            self.start = PlayStart(decision.view, game_score)
            self.sampler = Sampler(self.start.k)

    @property
    def deals(self) -> int:
        return len(self.rows[0])

    def add(self, deals: int) -> None:
        for _ in range(deals):
            if self.pre_play:
                hands, shown = self.sampler.sample(self.rng)
                scored = [self.start.score(hands, shown, c.move) for c in self.cands]
            else:
                hands = self.sampler.sample(self.rng)
                scored = [self.start.score(hands, c.move) for c in self.cands]
            for row, s in zip(self.rows, scored, strict=True):
                row.append(s / self.scale)


def score_candidates(decision: Decision, cands: list[Candidate], deals: int,
                     rng: random.Random) -> list[list[float]]:
    """Per candidate, its score on each of `deals` deals (the same deals for all of them)."""
    scores = DealScores(decision, cands, rng)
    scores.add(deals)
    return scores.rows
