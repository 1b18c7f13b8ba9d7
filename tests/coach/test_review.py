"""The round review: it flags clear blunders, leaves good play alone, sees only what the seat
knew, gives the same answer for the same seed, and its command line refuses bad input cleanly.

Few deals per decision (K = 2 to 8) keep these quick; the benchmark (bench/review_bench.py)
measures the false alarms and the detection rate at the default K = 24.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from app.bots import HardBot, NormalBot
from app.bots.table import TableLog, play_round
from app.coach.review import Flag, ReviewRefused, examine_round, read_record, review_round
from app.coach.review.candidates import wish_candidates
from app.coach.review.decisions import seat_decisions
from app.coach.review.review import MAX_DEALS
from app.coach.review.verdict import Comparison, Settings, clearly_better, compare, in_doubt
from app.engine import Game, Rules, seeded_deal, view_for

from ..engine.helpers import play, table

ROOT = Path(__file__).resolve().parents[2]
TCH = ROOT / "tests" / "engine" / "bsw_logs" / "four_rounds.tch"

# Ten strong cards for seat 0 (the rest is filled in without bombs): two bombs, the Dragon
# and the Phoenix. Going out first is nearly certain, so a Tichu is easy money.
STRONG = "Dr Ph SA BA GA RA SK BK GK RK"
FLAG_FIELDS = {"round", "index", "seat", "kind", "done", "better", "share", "gain", "deals", "unit", "low",
               "judged", "hint"}


class NeverCallsTichu(NormalBot):
    """The Normal bot, except that it never calls Tichu: the planted blunder."""

    def wants_tichu(self, k):
        return False


def bot_record(ruleset="standard", options=None, seed=0, rounds=1, level=NormalBot) -> dict:
    """A record of `rounds` seeded rounds, every seat played by `level` (deterministic bots)."""
    rules = Rules.of(ruleset, options)
    deal = seeded_deal(rules, f"review-test:{seed}")
    game = Game(ruleset, options, deal=lambda i: deal(i) if i < rounds else None)
    bots = [level(s) for s in range(rules.seats)]
    for _ in range(rounds):
        play_round(game, bots, TableLog())
    return game.record()


def finish(game, bots) -> dict:
    play_round(game, bots, TableLog())
    return game.record()


def first_play_of(record: dict, seat: int, round_index: int = 0) -> int:
    actions = record["rounds"][round_index]["actions"]
    return next(i for i, a in enumerate(actions) if a["seat"] == seat and a["act"] == "play")


def steady_hard(seat: int) -> HardBot:
    """The Hard bot searching a fixed number of deals (no time budget), so it plays the same."""
    return HardBot(seat, budget_ms=10 ** 9, max_worlds=24, seed=seat)


# -- the criterion -------------------------------------------------------------------------


def test_an_alternative_must_gain_on_average_and_surely():
    done = [0] * 24
    steady = [20] * 17 + [0] * 7  # +14.2 on average, never worse
    assert clearly_better(compare([done, steady]), Settings(14, floor=5)) is not None
    assert clearly_better(compare([done, steady]), Settings(15, floor=5)) is None  # gains too little
    lucky = [300] + [-1] * 23  # a large mean from one deal: far from sure
    assert clearly_better(compare([done, lucky]), Settings(10)) is None


def test_ties_say_nothing_and_a_large_gain_in_few_deals_is_enough():
    """The rule before (a share of deals won) missed this: better in 12 of 24 deals, tied in
    the rest, +75 on average and never worse."""
    done = [0] * 24
    few = [150] * 12 + [0] * 12
    comparison = compare([done, few])[0]
    assert comparison.wins == 12 and comparison.ties == 12 and comparison.gain == 75.0
    verdict = clearly_better([comparison], Settings(15))
    assert verdict is not None and verdict.low >= 10 and verdict.share == 12 / 24


def test_the_greatest_gain_is_named():
    done = [10, 10, 10, 10]
    scores = [done, [10, 10, 10, 10], [30, 30, 30, 30], [60, 60, 60, 61]]
    comparisons = compare(scores)
    assert comparisons[0] == Comparison(0, 4, 0, 0.0, 0.0)
    verdict = clearly_better(comparisons, Settings(10))
    assert verdict.best == 3 and verdict.share == 1.0 and verdict.gain == 50.25 and verdict.deals == 4


def test_a_decision_is_in_doubt_until_the_bound_decides():
    done = [0] * 24
    plain = [0] * 23 + [10]  # could never gain 15
    assert not in_doubt(compare([done, plain]), Settings(15))
    noisy = [100, -60] * 12  # +20 on average, but the error is large
    assert in_doubt(compare([done, noisy]), Settings(15))
    sure = [40] * 24
    assert not in_doubt(compare([done, sure]), Settings(15))  # decided: clearly better


# -- blunders and good play ----------------------------------------------------------------


def test_failing_an_easy_tichu_is_flagged():
    game = table([STRONG, "", "", ""])
    bots = [NormalBot(s) for s in range(4)]
    bots[0] = NeverCallsTichu(0)
    record = finish(game, bots)
    begins = 8  # `table` made the Grand Tichu decisions and the exchange: the play begins
    flags = review_round(record, 0, 0, deals=8)
    [flag] = [f for f in flags if f.kind == "tichu"]
    assert first_play_of(record, 0) > begins
    assert (flag.index, flag.seat, flag.done, flag.better) == (
        begins, 0, {"act": "tichu", "call": False}, {"act": "tichu", "call": True})
    assert flag.gain >= 15 and flag.low >= 10 and flag.deals >= 8 and flag.unit == "points"


def test_passing_the_dragon_to_an_opponent_is_flagged():
    # A deal (seeded) where seat 3 holds the Dragon and the Phoenix; it passes the Dragon to
    # the opponent on its left, its highest ordinary card to its partner, its lowest to the other.
    rules = Rules.of("standard")
    deck = rules.deck
    deal = seeded_deal(rules, "dr8")
    game = Game("standard", deal=lambda i: deal(i) if i == 0 else None)
    hand = game.round.dealt[3]
    assert deck.dragon in hand and deck.phoenix in hand
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    normal = sorted((c for c in hand if deck.role_of[c] == "normal"), key=lambda c: deck.rank_of[c])
    game.apply({"seat": 3, "act": "exchange",
                "give": {"0": "Dr", "1": deck.codes[normal[-1]], "2": deck.codes[normal[0]]}})
    record = finish(game, [NormalBot(s) for s in range(4)])
    exchange = next(i for i, a in enumerate(record["rounds"][0]["actions"]) if a["act"] == "exchange")
    [flag] = [f for f in review_round(record, 3, 0, deals=8) if f.kind == "exchange"]
    assert flag.index == exchange and flag.done["give"]["0"] == "Dr"
    assert "Dr" not in " ".join(flag.better["give"].values())  # the better pass keeps the Dragon
    assert flag.share >= 0.6 and flag.gain >= 50  # twice the Dragon's own 25 points


def test_the_hard_bot_in_a_clear_position_is_not_flagged():
    game = table([STRONG, "", "", ""])
    by_table = len(game.record()["rounds"][0]["actions"])  # `table` made the calls and the exchange
    dealt = game.round.dealt
    bots = [NormalBot(s) for s in range(4)]
    bots[0] = steady_hard(0)
    record = finish(game, bots)
    review = examine_round(record, 0, 0, deals=8)
    assert review.kinds.get("tichu") == 1  # its call was compared with not calling...
    assert [f for f in review.flags if f.index >= by_table] == []  # ...and nothing it did is flagged
    # What `table` did for it may be flagged: it declined the Grand Tichu on the Dragon, the
    # Phoenix and four Aces, which Hard itself calls.
    assert {f.kind for f in review.flags} <= {"grand", "exchange"}
    before = Game("standard", deal=lambda i: dealt if i == 0 else None)
    view = view_for(before, 0)
    assert steady_hard(0).grand(view, view["legal"]) == {"act": "grand", "call": True}
    assert review.decisions == len(review.compared) >= 4


# -- what the seat knew, and reproducibility -----------------------------------------------


def _two_deals_alike_for_seat_0() -> tuple[dict, dict]:
    """Two records whose seat 0 sees the same until its exchange: seats 1 and 3 swap their
    highest cards (seat 0 never sees them: `table` passes the lowest ones), then bots finish
    each round."""
    rng = random.Random(7)
    deck = Rules.of("standard").deck
    cards = [c for c in range(deck.size) if c != deck.mahjong]
    rng.shuffle(cards)
    hands = [deck.sorted_cards([deck.mahjong] + cards[:13])] + [
        deck.sorted_cards(cards[k:k + 14]) for k in (13, 27, 41)]
    swapped = [list(h) for h in hands]
    swapped[1][0], swapped[3][0] = hands[3][0], hands[1][0]
    records = []
    for after in (hands, swapped):
        game = table([deck.format_cards(h) for h in after])
        records.append(finish(game, [NormalBot(s) for s in range(4)]))
    return records[0], records[1]


def test_only_what_the_seat_knew_counts():
    first, second = _two_deals_alike_for_seat_0()
    dealt = [r["rounds"][0]["hands"] for r in (first, second)]
    assert dealt[0][0] == dealt[1][0] and dealt[0] != dealt[1]  # only other hands differ
    decisions = [seat_decisions(read_record(r), 0, 0) for r in (first, second)]
    alike = [(a.index, a.kind) for a, b in zip(*decisions) if a.view == b.view and a.done == b.done]
    assert len(alike) >= 2  # the Grand Tichu decision and the exchange at least
    reviews = [examine_round(r, 0, 0, deals=6, seconds=None) for r in (first, second)]
    compared = [{(c.index, c.kind): c.alternatives for c in review.compared} for review in reviews]
    same = [key for key in alike if key in compared[0]]
    assert len(same) >= 2
    for key in same:
        assert compared[0][key] == compared[1][key]  # every alternative's wins, ties, losses, gain


def test_the_same_seed_gives_the_same_review():
    record = bot_record(seed=3)
    once = examine_round(record, 1, 0, deals=4, seed=5, seconds=None)
    again = examine_round(record, 1, 0, deals=4, seed=5, seconds=None)
    assert once.compared == again.compared and once.flags == again.flags
    assert once.decisions >= 5
    assert review_round(record, 1, 0, deals=4, seed=5, seconds=None) == once.flags


def test_a_flag_carries_what_the_page_needs():
    game = table([STRONG, "", "", ""])
    bots = [NormalBot(s) for s in range(4)]
    bots[0] = NeverCallsTichu(0)
    [flag] = [f for f in review_round(finish(game, bots), 0, 0, deals=8) if f.kind == "tichu"]
    assert isinstance(flag, Flag)
    assert set(flag.as_dict()) == FLAG_FIELDS
    json.dumps(flag.as_dict())


# -- every ruleset -------------------------------------------------------------------------


def test_trichu_the_dealer_is_reviewed_for_both_hands():
    record = bot_record("trichu", seed=1)
    review = examine_round(record, 0, 0, deals=2)  # seat 0 deals the first round
    assert {c.seat for c in review.compared} == {0, 3}
    table_only = examine_round(record, 3, 0, deals=2)  # the Table's hand alone
    assert table_only.compared and {c.seat for c in table_only.compared} == {3}


@pytest.mark.parametrize("ruleset", ["tientsin", "fifty-two"])
def test_team_rulesets_are_reviewed_in_points(ruleset):
    record = bot_record(ruleset, seed=2)
    review = examine_round(record, 1, 0, deals=2, gain=0, share=0.5)
    assert review.decisions >= 3 and review.kinds.get("exchange") == 1
    assert all(f.unit == "points" for f in review.flags)


def test_grandseigneur_is_reviewed_in_places():
    record = bot_record("grandseigneur", seed=4, rounds=2)
    first = examine_round(record, 2, 0, deals=2)
    assert "exchange" not in first.kinds and "grand" not in first.kinds  # the first round has neither
    second = examine_round(record, 2, 1, deals=2, gain=0, share=0.5)
    assert second.decisions >= 3
    assert all(f.unit == "places" for f in second.flags)
    # whole places, averaged over the deals
    assert all(abs(f.gain * f.deals - round(f.gain * f.deals)) < 1e-9 for f in second.flags)


# -- refusals ------------------------------------------------------------------------------


def test_bad_requests_are_refused_with_one_line():
    record = bot_record(seed=5)
    for seat, rnd, words in [(4, 0, "no seat 4"), (-1, 0, "no seat -1"), (0, 1, "no round 1")]:
        with pytest.raises(ReviewRefused, match=words):
            review_round(record, seat, rnd, deals=2)
    cut = json.loads(json.dumps(record))
    cut["rounds"][0]["actions"] = cut["rounds"][0]["actions"][:20]
    with pytest.raises(ReviewRefused, match="not complete"):
        review_round(cut, 0, 0, deals=2)
    refused = json.loads(json.dumps(record))
    refused["rounds"][0]["actions"][10] = {"seat": 0, "act": "gift", "to": 1}
    with pytest.raises(ReviewRefused, match="action 10 of round 0 is refused"):
        review_round(refused, 0, 0, deals=2)
    with pytest.raises(ReviewRefused, match="malformed"):
        review_round({"format": "nope"}, 0, 0)
    with pytest.raises(ReviewRefused, match="deals"):
        review_round(record, 0, 0, deals=0)


# -- the command line ----------------------------------------------------------------------


def review_cli(*args, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app.coach", "review", *map(str, args)], input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


@pytest.fixture(scope="module")
def blunder_file(tmp_path_factory) -> Path:
    game = table([STRONG, "", "", ""])
    bots = [NormalBot(s) for s in range(4)]
    bots[0] = NeverCallsTichu(0)
    path = tmp_path_factory.mktemp("review") / "blunder.json"
    path.write_text(json.dumps(finish(game, bots)))
    return path


def test_command_line_json(blunder_file):
    out = review_cli(blunder_file, "--seat", 0, "--json", "--deals", 8)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["seat"] == 0 and report["rounds"] == [0] and report["unit"] == "points"
    assert report["settings"] == {"deals": 8, "share": 0.0, "gain": 15.0, "seed": 0}
    assert report["decisions"] >= 4
    assert any(f["kind"] == "tichu" and f["better"] == {"act": "tichu", "call": True}
               for f in report["flags"])
    for f in report["flags"]:
        assert set(f) == FLAG_FIELDS


def test_command_line_text(blunder_file):
    out = review_cli(blunder_file, "--seat", 0, "--deals", 8, "--round", 0)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Seat 0, round 0 (standard): ")
    tichu = [line for line in lines[1:] if "did not call Tichu; better: called Tichu" in line]
    assert len(tichu) == 1 and tichu[0].startswith("round 0, action ")
    assert " deals, " in tichu[0] and "points per round" in tichu[0]


def test_command_line_reads_a_brettspielwelt_log():
    out = review_cli(TCH, "--seat", 2, "--round", 1, "--deals", 2, "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["rounds"] == [1] and report["decisions"] >= 5


def test_command_line_refuses_bad_input_in_one_line(tmp_path, blunder_file):
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    headline = tmp_path / "headline.tch"  # a log's first line and nothing more
    headline.write_text("---------------Gr.Tichukarten------------------\n")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "tichu-record/1", "ruleset": "standard",
                                 "rounds": [{"hands": []}]}))
    cases = [
        ((garbage, "--seat", 0), "neither a game record"),
        ((wrong, "--seat", 0), "malformed"),
        ((tmp_path / "missing.json", "--seat", 0), "cannot read"),
        ((blunder_file, "--seat", 9), "no seat 9"),
        ((blunder_file, "--seat", 0, "--round", 3), "no round 3"),
        ((blunder_file, "--seat", 0, "--deals", 0), "deals"),
        ((TCH.parent / "not_a_log.tch", "--seat", 0), "neither"),
        ((headline, "--seat", 0), "the Brettspielwelt log cannot be imported"),
    ]
    for args, words in cases:
        out = review_cli(*args)
        assert out.returncode == 2, (args, out.stdout, out.stderr)
        assert out.stdout == "" and "Traceback" not in out.stderr
        assert len(out.stderr.splitlines()) == 1 and words in out.stderr, (args, out.stderr)


def test_command_line_reviews_what_a_damaged_log_holds_and_says_so():
    out = review_cli(TCH.parent / "malformed.tch", "--seat", 0, "--deals", 2, "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["rounds"] == [0]
    assert out.stderr.startswith("note: the log is imported up to round 1 only")


# -- the wish ------------------------------------------------------------------------------


@functools.cache
def _mahjong_lead() -> tuple[dict, int, int]:
    """A bot round and (seat, action index) of its Mah Jong's play (the first seeded round
    where it is played: a round may end in a double victory before)."""
    for seed in range(6, 30):
        record = bot_record(seed=seed)
        actions = record["rounds"][0]["actions"]
        for i, a in enumerate(actions):
            if a["act"] == "play" and "Mj" in a["cards"].split():
                return record, a["seat"], i
    raise AssertionError("no Mah Jong played")


def test_the_wish_candidates_are_the_same_play_with_other_wishes():
    record, seat, index = _mahjong_lead()
    [decision] = [d for d in seat_decisions(read_record(record), seat, 0)
                  if d.index == index and d.kind in ("lead", "follow")]
    cands = wish_candidates(decision, cap=4)
    wishes = [c.choice["wish"] for c in cands]
    assert wishes[0] == decision.done.get("wish") and None in wishes
    assert len(set(wishes)) == len(wishes) and 2 <= len(cands) <= 4
    assert len({c.move[1] for c in cands}) == 1  # the same cards every time
    assert all(c.choice["cards"] == decision.done["cards"] for c in cands)


def test_the_wish_of_a_mahjong_lead_is_judged():
    record, seat, _ = _mahjong_lead()
    review = examine_round(record, seat, 0, deals=2)
    assert "wish" in review.kinds


def test_a_flag_line_in_english_by_default_and_in_german_from_the_same_catalog():
    from app.coach.review.words import describe, flag_line

    flag = {"unit": "points", "gain": 12.34, "round": 2, "index": 17, "seat": 1, "kind": "play",
            "done": {"act": "play", "cards": "Mj", "wish": "7"}, "better": {"act": "pass"}, "share": 0.714,
            "deals": 21}
    assert flag_line(flag) == ("round 2, action 17 (seat 1, play): played the Mah Jong, wishing 7; better: "
                               "passed (better in 71% of 21 deals, +12.3 points per round)")
    assert flag_line(flag, "de") == ("Runde 2, Aktion 17 (Platz 1, play): spielte das Mah Jong, mit dem "
                                     "Wunsch 7; besser: passte (besser in 71% von 21 Verteilungen, "
                                     "+12.3 Punkte pro Runde)")
    assert describe({"act": "tichu", "call": True}, "de") == "sagte Tichu an"


# -- what people get wrong: the candidates, Tichu before the exchange, more deals in doubt ----


def test_a_tichu_never_called_is_judged_at_the_exchange_too():
    record = bot_record(seed=1)
    actions = record["rounds"][0]["actions"]
    callers = {a["seat"] for a in actions if a["act"] == "tichu" or a["act"] == "grand" and a.get("call")}
    seat = next(s for s in range(4) if s not in callers)
    exchange = next(i for i, a in enumerate(actions) if a["seat"] == seat and a["act"] == "exchange")
    tichu = [(d.index, d.done) for d in seat_decisions(read_record(record), seat, 0) if d.kind == "tichu"]
    not_called = {"act": "tichu", "call": False}
    assert (exchange, not_called) in tichu and (first_play_of(record, seat), not_called) in tichu


def test_a_tichu_not_called_is_judged_when_the_play_begins():
    # The exchanged cards in hand, before the first lead: every hand that never calls is judged
    # there (a hand that passes at its first turns reaches its first card only later), once
    # where that first lead is its own first card.
    for seed in (1, 2, 3):
        record = bot_record(seed=seed)
        actions = record["rounds"][0]["actions"]
        rec = read_record(record)
        begins = max(i for i, a in enumerate(actions) if a["act"] == "exchange") + 1
        callers = {a["seat"] for a in actions if a["act"] == "tichu" or a["act"] == "grand" and a.get("call")}
        for seat in range(4):
            at_start = [d for d in seat_decisions(rec, seat, 0) if d.kind == "tichu" and d.index == begins]
            if seat in callers:
                assert all(d.done == {"act": "tichu", "call": True} for d in at_start)
                continue
            assert len(at_start) == 1 and at_start[0].done == {"act": "tichu", "call": False}
            view = at_start[0].view
            assert view["phase"] == "play" and view["viewer"] == seat and len(view["hand"]) == 14


def test_a_tichu_not_called_is_flagged_once():
    # A strong hand never called, its first card well after the play began: judged at the
    # exchange, when the play begins and at its first card, flagged at the first that is clear.
    game = table(["", STRONG, "", ""])
    bots = [NormalBot(s) for s in range(4)]
    bots[1] = NeverCallsTichu(1)
    record = finish(game, bots)
    judged = [d.index for d in seat_decisions(read_record(record), 1, 0)
              if d.kind == "tichu" and d.done == {"act": "tichu", "call": False}]
    assert judged == [5, 8, first_play_of(record, 1)] and judged[-1] > 8
    review = examine_round(record, 1, 0, deals=8)
    [flag] = [f for f in review.flags if f.kind == "tichu"]
    assert flag.better == {"act": "tichu", "call": True} and flag.index < judged[-1]
    # Compared up to the flagged moment, not after it.
    assert [c.index for c in review.compared if c.kind == "tichu"] == judged[:judged.index(flag.index) + 1]


def test_a_tichu_not_called_before_the_partner_called_is_judged_there():
    from app.coach.review.candidates import candidates

    # Seed 1: after the exchange seat 3 calls Tichu (action 8); its partner seat 1, who never
    # calls, plays its first card later (action 10).
    record = bot_record(seed=1)
    actions = record["rounds"][0]["actions"]
    rec = read_record(record)
    assert actions[8] == {"seat": 3, "act": "tichu"} and first_play_of(record, 1) == 10
    seating = rec.game().rounds[0].seating
    assert seating.partners[1] == [3]
    decisions = [d for d in seat_decisions(rec, 1, 0) if d.kind == "tichu"]
    before = [d for d in decisions if d.index == 8]
    assert len(before) == 1 and before[0].done == {"act": "tichu", "call": False}
    # Judged on what seat 1 knew just before the call: its partner had not called yet, so
    # calling is one of the choices; at its first card, beside a partner who called, it is not.
    assert before[0].view["viewer"] == 1 and not before[0].view["players"][3]["tichu"]
    assert [c.choice for c in candidates(before[0])] == [{"act": "tichu", "call": False},
                                                         {"act": "tichu", "call": True}]
    first_card = [d for d in decisions if d.index == 10]
    assert len(first_card) == 1 and len(candidates(first_card[0])) == 1
    # An opponent's call closes nothing. Seed 38: the play begins at action 8, seat 2 calls at 9;
    # seat 0, its partner, is judged there, seat 3 (an opponent, never called) is not.
    record = bot_record(seed=38)
    actions = record["rounds"][0]["actions"]
    rec = read_record(record)
    assert actions[7]["act"] == "exchange" and actions[9] == {"seat": 2, "act": "tichu"}
    assert 3 not in {a["seat"] for a in actions if a["act"] == "tichu" or a.get("call")}
    assert [d.index for d in seat_decisions(rec, 0, 0) if d.kind == "tichu"][1:3] == [8, 9]
    opponent = [d.index for d in seat_decisions(rec, 3, 0) if d.kind == "tichu"]
    assert opponent == [7, 8, first_play_of(record, 3)]


def test_the_plays_people_miss_are_among_the_candidates():
    from app.coach.review.candidates import candidates
    from app.coach.review.decisions import Decision
    from app.engine import view_for

    # Leading with the Dog while the partner called Tichu: the Dog is a candidate.
    game = table(["Mj Dg S4 B4 G5 R5 G9 BJ RQ S2", "", "", ""], tichu=(2,))
    view = view_for(game, 0)
    lead = Decision(0, 0, 0, 0, "lead", {"act": "play", "cards": "S2"}, view, view)
    assert {"act": "play", "cards": "Dg"} in [c.choice for c in candidates(lead)]
    # Following an opponent's King (10 points): passing, and the cheapest card that takes it.
    game = table(["Mj S2 S3 S4 S6 S7 S8 S9 B9", "SK S5 B5 G5", "Dr BA GA B3 G3 R3 B4 G4", ""])
    play(game, 0, "Mj")
    play(game, 1, "SK")
    view = view_for(game, 2)
    follow = Decision(0, 2, 2, 2, "follow", {"act": "play", "cards": "Dr"}, view, view)
    choices = [c.choice for c in candidates(follow)]
    assert {"act": "pass"} in choices and any(c.get("cards") in ("BA", "GA") for c in choices)


def test_a_decision_in_doubt_gets_more_deals_and_a_plain_one_its_first():
    review = examine_round(bot_record(seed=3), 0, 0, deals=8, seconds=None)
    counts = [c.deals for c in review.compared]
    assert min(counts) == 8 and max(counts) > 8 and max(counts) <= MAX_DEALS
