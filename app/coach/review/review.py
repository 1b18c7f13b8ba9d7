"""A round's review for one seat: each decision against its alternatives, on the same deals.

For every decision of the seat in the round (`decisions.py`), its candidates
(`candidates.py`, the one taken first) are each played out to the end of the
round on the same deals of the cards the seat could not see, drawn consistent
with everything it knew then: the evaluator the Hard bot's searches use
(`app.bots.evaluation`). A decision is scored on `deals` deals, and on more
while it is in doubt (`verdict.in_doubt`), within its share of the round's time;
it is flagged when an alternative is clearly better (`verdict.py`), after asking
what the hint would have done there (`hint_check.py`).

Never on the real deal alone: there most "better" moves are luck. Pure and
reproducible: no I/O, no clock (time is counted in play-outs); deals drawn from a
generator seeded by (`seed`, round, action, hand, kind), so a decision's deals do
not depend on which other decisions are reviewed.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field

from app.bots.evaluation import Evaluator
from app.bots.knowledge import Knowledge
from app.bots.reads import NONE, Reads
from app.engine.rulesets import rules_of

from .candidates import MAX_CANDIDATES, Candidate, candidates, wish_candidates
from .decisions import Decision, ReviewRefused, RoundReplay, read_record, seat_decisions
from .hint_check import DEEPER_DEALS, HintNote, hint_choice
from .rollout import PLACE_POINTS
from .verdict import FLOOR, Settings, clearly_better, in_doubt

DEALS = 24  # deals every decision is scored on first
MAX_DEALS = 2880  # a decision in doubt gets more, in steps of `DEALS`, up to this many (its time allowing)
SECONDS = 10.0  # per round and seat on one core (counted in play-outs, `Allowance`)
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
    hint: HintNote | None = None  # what the hint chose there (`hint_check.py`)

    def as_dict(self) -> dict:
        out = asdict(self)
        out["hint"] = self.hint.as_dict() if self.hint is not None else None
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
                  max_deals: int = MAX_DEALS, seconds: float | None = SECONDS,
                  reads: Reads = NONE) -> RoundReview:
    """`review_round` with how many decisions were compared. `record` may be a `RoundReplay`
    already read (`read_record`), to review several rounds of one record. Each decision is
    scored on `deals` deals, then, while in doubt (`verdict.in_doubt`), on `deals` more at a
    time up to `max_deals`, as long as its share of `seconds` lasts (one core's time, counted
    in play-outs so the review stays reproducible; what is left is shared by the decisions
    left; None: no limit). `reads`: what the deals read of the others' actions, the review's and
    the hint's it asks (`app.bots.reads`; none by default, as the Hard bot's defaults). A hand's
    Tichu not called is judged at several moments (`decisions.py`) but flagged once: once one of
    them is flagged, the hand's later ones are not judged."""
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
    judging = Judging(criterion, deals, max_deals, seed, "places" if places else "points", scale, reads)
    clock = Allowance(seconds, len(chosen))
    not_called_flagged = set()  # hands whose Tichu not called is flagged: one mistake, one flag
    for decision, cands in chosen:
        not_called = decision.kind == "tichu" and decision.done.get("call") is False
        if not_called and decision.seat in not_called_flagged:
            clock.skip()
            continue
        review.decisions += 1
        review.kinds[decision.kind] = review.kinds.get(decision.kind, 0) + 1
        compared = judge(decision, cands, judging, clock)
        if compared.flag is not None:
            review.flags.append(compared.flag)
            if not_called:
                not_called_flagged.add(decision.seat)
        review.compared.append(compared)
    return review


@dataclass(frozen=True)
class Judging:
    """How a review judges each decision: the criterion, the deals, the seed and the unit."""

    criterion: Settings
    deals: int  # first, and per step while in doubt
    max_deals: int
    seed: object
    unit: str = "points"  # or "places"
    scale: float = 1  # points per unit
    reads: Reads = NONE  # what the deals read of the others' actions (`app.bots.reads`)


def judge(decision: Decision, cands: list[Candidate], judging: Judging,
          clock: Allowance | None = None) -> Compared:
    """One decision's candidates (what was done first) compared on the same deals, with more
    deals while it is in doubt and `clock` allows, and its flag if an alternative is clearly
    better (asking the hint first, `_against_the_hint`)."""
    clock = clock or Allowance(None, 1)
    d = decision
    rng = random.Random(f"review:{judging.seed}:{d.round}:{d.index}:{d.seat}:{d.kind}")
    scores = evaluator(decision, cands, rng, judging.scale, judging.reads)
    criterion, step = judging.criterion, judging.deals
    clock.start(scores)
    scores.add(step)
    comparisons = scores.comparisons()
    while scores.deals < judging.max_deals and in_doubt(comparisons, criterion) and clock.left(scores):
        scores.add(min(step, judging.max_deals - scores.deals))
        comparisons = scores.comparisons()
    verdict = clearly_better(comparisons, criterion)
    hint = None
    if verdict is not None:
        verdict, hint = _against_the_hint(decision, cands, scores, verdict, criterion, step, judging,
                                          clock)
        comparisons = scores.comparisons()
    clock.stop(scores)
    flag = None
    if verdict is not None:
        flag = Flag(d.round, d.index, d.seat, d.kind, cands[0].choice, cands[verdict.best].choice,
                    verdict.share, verdict.gain, verdict.deals, judging.unit, verdict.low, scores.judged,
                    hint)
    alternatives = [(c.choice, cmp) for c, cmp in zip(cands[1:], comparisons, strict=True)]
    return Compared(d.index, d.seat, d.kind, cands[0].choice, alternatives, flag, scores.deals)


def _against_the_hint(decision: Decision, cands: list[Candidate], scores: Evaluator, verdict,
                      criterion: Settings, step: int, judging: Judging, clock: Allowance) -> tuple:
    """(the verdict, a `HintNote`) once the hint was asked: where it chose what was done, the
    review looks deeper (`DEEPER_DEALS`) before it contradicts it, and may then flag no more.
    The deeper look may take what is left of the round's time, not only the decision's share;
    where even that runs out first, the review does not contradict the hint."""
    choice = hint_choice(decision, cands, judging.seed, judging.reads)
    if choice is None:
        return verdict, None
    if choice.index != 0:
        return verdict, HintNote("better" if choice.index == verdict.best else "other", choice.deals)
    note = HintNote("done", choice.deals)
    while scores.deals < DEEPER_DEALS:
        if not clock.left_in_round(scores):
            return None, note
        scores.add(min(step, DEEPER_DEALS - scores.deals))
    return clearly_better(scores.comparisons(), criterion), note


#: The CPU seconds a play-out costs, as measured on the 2-core development machine (0.06 ms in
#: the play, 0.77 ms before it: the calls and passes by Normal's rules are Python), a little
#: over: a review counts its play-outs against its time, never the clock, so it stays
#: reproducible.
PLAYOUT_SECONDS = 0.0001
PRE_PLAY_PLAYOUT_SECONDS = 0.001


class Allowance:
    """The review's time (`seconds` per round and seat on one core; None: no limit), counted in
    play-outs (`PLAYOUT_SECONDS`), shared out: each decision may add deals while it has used
    less than what is left over the decisions left."""

    def __init__(self, seconds: float | None, decisions: int):
        self.left_total = seconds
        self.decisions = decisions
        self.started = 0
        self.share = 0.0

    @staticmethod
    def cost(scores: Evaluator) -> float:
        each = PRE_PLAY_PLAYOUT_SECONDS if scores.pre_play else PLAYOUT_SECONDS
        return scores.deals * len(scores.moves) * each

    def start(self, scores: Evaluator) -> None:
        self.started = self.cost(scores)
        if self.left_total is not None:
            self.share = self.left_total / max(1, self.decisions)

    def left(self, scores: Evaluator) -> bool:
        return self.left_total is None or self.cost(scores) - self.started < self.share

    def left_in_round(self, scores: Evaluator) -> bool:
        """Whether the round's time is not yet spent (the decision's share aside)."""
        return self.left_total is None or self.cost(scores) - self.started < self.left_total

    def stop(self, scores: Evaluator) -> None:
        if self.left_total is not None:
            self.left_total = max(0.0, self.left_total - (self.cost(scores) - self.started))
        self.decisions -= 1

    def skip(self) -> None:
        """A decision not judged after all: the decisions left share the time."""
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


def evaluator(decision: Decision, cands: list[Candidate], rng: random.Random, scale: float = 1,
              reads: Reads = NONE) -> Evaluator:
    """The candidates' evaluator: the Hard bot's deals, play-out and score (`app.bots.evaluation`),
    the deals reading what `reads` says."""
    view, moves = decision.view, [c.move for c in cands]
    if view["phase"] in ("grand", "exchange"):
        deals = reads.pre_play_deals(decision.player_view or view)
        return Evaluator(view, moves, rng, decision.player_view, scale, deals=deals)
    k = Knowledge(view)
    return Evaluator(view, moves, rng, decision.player_view, scale, deals=reads.play_deals(k), knowledge=k)
