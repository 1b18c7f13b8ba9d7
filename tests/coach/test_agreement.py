"""The hint and the review judge a position alike (issue: they contradicted each other).

Both now use one evaluator (`app.bots.evaluation`: the same deals, play-out and score), and
before the review flags the very choice the hint suggests it asks the hint and looks deeper
(`hint_check.py`), saying so if it still flags it. The positions below are ones where the
review before (an alternative better in 70% of 24 deals and by 15 points on average) flagged
the hint's own choice: found by reviewing seeded Normal-bot rounds and asking the hint, bounded
by deals, at each flagged decision.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from app.bots.evaluation import Evaluator
from app.bots.hard import HardBot
from app.bots.reads import Reads
from app.bots.searches import exchange_means
from app.coach.review import read_record
from app.coach.review.candidates import Candidate, candidates
from app.coach.review.decisions import Decision, seat_decisions
from app.coach.review.hint_check import DEEPER_DEALS, hint_choice
from app.coach.review.notes import flag_notes
from app.coach.review.review import DEALS, GAIN, MAX_DEALS, Allowance, Judging, evaluator, judge
from app.coach.review.verdict import Settings, clearly_better
from app.coach.suggestion import suggest
from app.engine import Game, view_for
from app.engine.cards import mask_cards

from ..engine.helpers import table
from .test_review import bot_record

#: The rule before: a share of the deals won, no confidence bound.
BEFORE = Settings(GAIN, sure=0, floor=-1e9, share=0.7)
NOW = Judging(Settings(GAIN), DEALS, MAX_DEALS, 0)


def _decision(seed: int, seat: int, index: int, kind: str) -> Decision:
    rec = read_record(bot_record(seed=seed))
    return next(d for d in seat_decisions(rec, seat, 0) if (d.index, d.kind) == (index, kind))


def _judged_before(decision: Decision, cands: list[Candidate]) -> bool:
    """Whether the rule before flagged what was done, on its 24 deals (calling Tichu beside a
    calling partner was among its candidates then)."""
    if decision.kind == "tichu" and len(cands) == 1:
        cands = cands + [Candidate({"act": "tichu", "call": True}, ("tichu", True))]
    d = decision
    before = evaluator(decision, cands, random.Random(f"review:0:{d.round}:{d.index}:{d.seat}:{d.kind}"))
    before.add(24)
    return clearly_better(before.comparisons(), BEFORE) is not None


@pytest.mark.parametrize("seed, seat, index, kind", [
    (3, 3, 19, "tichu"),  # not calling Tichu beside a partner who called: the review said "call"
    (5, 2, 8, "lead"),  # the Mah Jong: the hint led it too; the review said "the straight Jack to 3"
    (23, 2, 30, "follow"),  # a Jack on a single: the hint chose it too; the review said "the Queen"
])
def test_where_the_review_contradicted_the_hint_it_now_agrees_or_says_it_looked_deeper(seed, seat, index,
                                                                                   kind):
    decision = _decision(seed, seat, index, kind)
    cands = candidates(decision)
    hint = hint_choice(decision, cands, 0)
    assert hint is not None and hint.index == 0  # the hint chose what was done
    assert _judged_before(decision, cands)  # and the review flagged it
    if len(cands) < 2:
        return  # no alternative the hint would consider: nothing to judge, as the hint
    flag = judge(decision, cands, NOW).flag
    if flag is not None:  # still flagged: only after a deeper look than the hint's, and it says so
        assert flag.hint is not None and flag.hint.chose == "done"
        assert flag.deals >= DEEPER_DEALS > (flag.hint.deals or 0)
        assert any("looked deeper" in note for note in flag_notes(flag.as_dict()))


def test_the_deeper_look_before_contradicting_the_hint_stays_within_the_rounds_time():
    """A Jack on a single, the hint's choice too: the review's first verdict flags it, so it
    looks deeper, on all the deals it may (then it does not flag it). With less time left in the
    round than the deeper look costs, it stops there, and does not contradict the hint."""
    decision = _decision(23, 2, 30, "follow")
    cands = candidates(decision)
    assert judge(decision, cands, NOW).deals == DEEPER_DEALS
    # A first look capped below the deeper look's deals (`MAX_DEALS` is the deeper look's now):
    capped = dataclasses.replace(NOW, max_deals=1440)
    clock = Allowance(1.0, 1)  # a second of the round left, this decision's share (1,666 deals here)
    short = judge(decision, cands, capped, clock)
    # More than a first look may take (so it looked deeper), fewer than the deeper look's deals:
    assert capped.max_deals < short.deals < DEEPER_DEALS and short.flag is None
    assert clock.left_total == 0.0  # the round's time, spent


def test_a_dog_to_a_partner_who_called_tichu_hint_and_review_agree():
    """The issue's example: the partner called Tichu; the hint leads the Dog, and the review does
    not call that a mistake (nor keeping the stairs, had the hint kept it, without a deeper look)."""
    game = table(["Mj Dg S4 B4 G5 R5 G9 BJ RQ S2", "", "", ""], tichu=(2,))
    view = view_for(game, 0)
    hint = suggest(view, "hard", seed=0, budget_ms=10 ** 9, max_worlds=100)
    done = {"act": "play", "cards": hint["cards"]}
    decision = Decision(0, 0, 0, 0, "lead", done, view, view)
    flag = judge(decision, candidates(decision), NOW).flag
    assert flag is None or (flag.hint is not None and flag.hint.chose == "done"
                            and flag.deals >= DEEPER_DEALS)


def test_near_the_target_every_evaluation_is_by_the_chance_to_win_the_game():
    game = table(["Dr Ph SA BA GA RA SK", "", "", ""])
    view = view_for(game, 0)
    assert Evaluator(view, [("turn", None, None)], random.Random(0)).judged == "round"
    game.totals = [950, 960]  # either team can reach 1,000 this round
    view = view_for(game, 0)
    assert Evaluator(view, [("turn", None, None)], random.Random(0)).judged == "game"


def test_a_flag_says_how_sure_by_the_game_and_what_the_hint_chose_in_english_and_german():
    flag = {"unit": "points", "gain": 40.0, "low": 12.34, "deals": 960, "judged": "game",
            "hint": {"chose": "done", "deals": 100}}
    assert flag_notes(flag) == [
        "surely at least +12.3 points per round",
        "judged by the chance to win the game, which this round can decide",
        "the hint chose this too, on 100 deals; the review looked deeper, on 960 deals"]
    assert flag_notes(flag, "de") == [
        "sicher mindestens +12.3 Punkte pro Runde",
        "gemessen an der Chance, das Spiel zu gewinnen, das diese Runde entscheiden kann",
        "der Tipp wählte das auch, auf 100 Verteilungen; der Rückblick sah genauer hin, auf 960 Verteilungen"]
    agreeing = {**flag, "judged": "round", "hint": {"chose": "better", "deals": 100}}
    assert flag_notes(agreeing, "de")[-1] == "wie der Tipp es vorschlägt"


def test_near_the_target_hard_weighs_its_pass_as_the_review_judges_it():
    """Hard's exchange search and the review score the same passes alike on the same deals: by
    the chance to win the game where the round can end it (Hard scored passes by points)."""
    game = Game(seed=5)
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    game.totals = [950, 960]
    view = view_for(game, 0)
    assert view["phase"] == "exchange"
    cards = mask_cards(game.round.hands[0])
    others = [t for t in range(4) if t != 0]
    gives = [{t: [c] for t, c in zip(others, cards[:3])}, {t: [c] for t, c in zip(others, cards[-3:])}]
    hard, worlds = exchange_means(view, gives, random.Random(7), float("inf"), 40, 1)
    review = Evaluator(view, [("exchange", g) for g in gives], random.Random(7))
    review.add(40)
    assert worlds == 40 and review.judged == "game"
    assert hard == pytest.approx(review.means())


def test_the_review_reads_what_it_is_told_as_hard_reads_by_its_options():
    """One setting of the reads for Hard, the hint and the review (`app.bots.reads`): the review's
    deals read a partner's card in the exchange when told to, and are the plain ones by default."""
    hand = "Mj S2 B4 G5 R6 S7 B8 G9 R10 SJ BJ B2 SQ G3"  # the partner (seat 2) gave the Queen
    view = view_for(table([hand, "", "", ""]), 0)
    decision = Decision(0, 0, 0, 0, "lead", {"act": "play", "cards": "S2"}, view, view)
    cands = candidates(decision)
    plain = evaluator(decision, cands, random.Random(1))
    assert getattr(plain.deals_from, "reading", None) is None
    read = evaluator(decision, cands, random.Random(1), reads=Reads(exchange=True))
    assert [t.kind for t in read.deals_from.reading.terms] == ["exchange"]
    hard = HardBot(0, **Reads.parse("exchange,bombs").options())
    assert Reads.of(hard.config) == Reads(exchange=True, bombs=True)
    assert Reads.of(HardBot(0).config) == Reads() == Reads.parse("none")
    with pytest.raises(ValueError, match="no such read: stares"):
        Reads.parse("calls,stares")
