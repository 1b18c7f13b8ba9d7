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
from dataclasses import asdict, dataclass, field

from app.bots.sampling import Sampler
from app.engine.rulesets import rules_of

from .candidates import MAX_CANDIDATES, Candidate, candidates, wish_candidates
from .deals import PrePlayDeals
from .decisions import Decision, ReviewRefused, RoundReplay, read_record, seat_decisions
from .rollout import PLACE_POINTS, PlayStart, PrePlayStart
from .verdict import clearly_better, compare

DEALS = 24
SHARE = 0.7
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

    def as_dict(self) -> dict:
        out = asdict(self)
        out["share"] = round(self.share, 4)
        out["gain"] = round(self.gain, 3 if self.unit == "places" else 2)
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


@dataclass
class RoundReview:
    round: int
    seat: int
    decisions: int  # decisions that had an alternative to compare
    flags: list = field(default_factory=list)
    kinds: dict = field(default_factory=dict)  # decisions compared, by kind
    compared: list = field(default_factory=list)  # every decision compared (`Compared`)


def review_round(record: dict, seat: int, round_index: int, deals: int = DEALS, share: float = SHARE,
                 gain: float = GAIN, seed=0, max_candidates: int = MAX_CANDIDATES) -> list[Flag]:
    """The decisions of `seat` in round `round_index` of `record` that an alternative beats
    clearly: in at least `share` of `deals` sampled deals, by at least `gain` points per round
    on average (in Grandseigneur `gain` / 50 places). Raises `ReviewRefused` (one line for
    people) for a malformed record, a seat or round not in it, or a round not complete."""
    return examine_round(record, seat, round_index, deals, share, gain, seed, max_candidates).flags


def examine_round(record, seat: int, round_index: int, deals: int = DEALS, share: float = SHARE,
                  gain: float = GAIN, seed=0, max_candidates: int = MAX_CANDIDATES) -> RoundReview:
    """`review_round` with how many decisions were compared. `record` may be a `RoundReplay`
    already read (`read_record`), to review several rounds of one record."""
    check_settings(deals, share, gain, max_candidates)
    rec = record if isinstance(record, RoundReplay) else read_record(record)
    places = rules_of({"ruleset": rec.ruleset, "options": rec.options}).ruleset.scoring == "grandseigneur"
    scale = PLACE_POINTS if places else 1
    review = RoundReview(round_index, seat, 0)
    for decision in _with_wishes(seat_decisions(rec, seat, round_index)):
        cands = wish_candidates(decision, max_candidates) if decision.kind == "wish" else \
            candidates(decision, max_candidates)
        if len(cands) < 2:
            continue
        review.decisions += 1
        review.kinds[decision.kind] = review.kinds.get(decision.kind, 0) + 1
        d = decision
        rng = random.Random(f"review:{seed}:{d.round}:{d.index}:{d.seat}:{d.kind}")
        scores = [[s / scale for s in row] for row in score_candidates(decision, cands, deals, rng)]
        comparisons = compare(scores)
        verdict = clearly_better(comparisons, share, gain / scale)
        flag = None
        if verdict is not None:
            flag = Flag(decision.round, decision.index, decision.seat, decision.kind, cands[0].choice,
                        cands[verdict.best].choice, verdict.share, verdict.gain, verdict.deals,
                        "places" if places else "points")
            review.flags.append(flag)
        review.compared.append(Compared(decision.index, decision.seat, decision.kind, cands[0].choice,
                                        [(c.choice, cmp) for c, cmp in zip(cands[1:], comparisons,
                                                                         strict=True)], flag))
    return review


def check_settings(deals, share, gain, max_candidates=MAX_CANDIDATES) -> None:
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ReviewRefused(f"the number of deals must be a whole number of at least 1, not {deals}")
    if not 0 < share <= 1:
        raise ReviewRefused(f"the share of deals must be above 0 and at most 1, not {share}")
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


def score_candidates(decision: Decision, cands: list[Candidate], deals: int,
                     rng: random.Random) -> list[list[int]]:
    """Per candidate, its score on each of `deals` deals (the same deals for all of them)."""
    scores: list[list[int]] = [[] for _ in cands]
    if decision.view["phase"] in ("grand", "exchange"):
        sampler = PrePlayDeals(decision.player_view)
        start = PrePlayStart(decision.view, decision.player_view)
        for _ in range(deals):
            hands, shown = sampler.sample(rng)
            for row, cand in zip(scores, cands, strict=True):
                row.append(start.score(hands, shown, cand.move))
        return scores
    start = PlayStart(decision.view)
    sampler = Sampler(start.k)
    for _ in range(deals):
        hands = sampler.sample(rng)
        for row, cand in zip(scores, cands, strict=True):
            row.append(start.score(hands, cand.move))
    return scores
