"""The evaluator's loop and statistics (`app/bots/evaluation.py`: `Tally`, `SameDeals`), which the
Hard bot's searches, the hint and the round review all score their moves by."""

import itertools
import math
import random

from hypothesis import given
from hypothesis import strategies as st

from app.bots.evaluation import SameDeals, compare, paired

scores_rows = st.integers(1, 40).flatmap(
    lambda n: st.lists(st.lists(st.integers(-400, 400), min_size=n, max_size=n), min_size=2, max_size=5))


@given(scores_rows)
def test_the_running_sums_give_the_paired_differences_summary(rows):
    """Mean gain, its standard error (the sample deviation over the square root of the deals) and
    the deals better, alike, worse, as counted directly from the differences."""
    for row, found in zip(rows[1:], compare(rows), strict=True):
        diffs = [a - b for a, b in zip(row, rows[0])]
        n = len(diffs)
        mean = sum(diffs) / n
        error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
        assert (found.wins, found.ties, found.losses) == (
            sum(d > 0 for d in diffs), sum(d == 0 for d in diffs), sum(d < 0 for d in diffs))
        assert math.isclose(found.gain, mean, abs_tol=1e-9)
        assert math.isclose(found.error, error, rel_tol=1e-6, abs_tol=1e-6)
        assert found == paired(diffs)


class Deals:
    """Deals drawn from a short list in turn (so some come again), and the play-outs counted."""

    def __init__(self, deals: list[tuple], values: dict):
        self.cycle = itertools.cycle(deals)
        self.values = values  # (deal, move) -> score
        self.scored: list[tuple] = []

    def draw(self):
        return next(self.cycle)

    def score(self, deal, move: int) -> float:
        self.scored.append((deal, move))
        return self.values[deal, move]


def test_a_deal_drawn_again_reuses_its_scores_and_counts_as_a_deal():
    values = {((d,), m): float(d * 10 + m * (d - 1)) for d in range(3) for m in range(2)}
    reused, again = Deals([(0,), (1,), (2,)], values), Deals([(0,), (1,), (2,)], values)
    with_key = SameDeals(2, reused.draw, reused.score, key=lambda deal: deal)
    without = SameDeals(2, again.draw, again.score)
    with_key.add(9)
    without.add(9)
    assert with_key.deals == without.deals == 9
    assert with_key.distinct == 3 and without.distinct == 9
    assert len(reused.scored) == with_key.playouts == 6  # each deal and move once
    assert len(again.scored) == without.playouts == 18
    assert with_key.comparisons() == without.comparisons()
    assert with_key.means() == without.means()


def test_the_race_sets_aside_a_move_sure_to_gain_less_than_it_needs_and_scores_it_no_more():
    rng = random.Random(3)
    noise = {(d, m): rng.gauss(0, 5) for d in range(200) for m in range(3)}
    # Move 1 loses 30 a deal, move 2 gains 2: neither needs less than 4, only move 1 is sure.
    values = {(d, m): noise[d, m] + (0, -30, 2)[m] for d in range(200) for m in range(3)}
    deals = Deals([(d,) for d in range(200)], {((d,), m): v for (d, m), v in values.items()})
    scores = SameDeals(3, deals.draw, deals.score)
    scores.add(24)
    scores.race([0.0, 4.0, 4.0], 3.0)
    assert scores.active == [0, 2]
    scores.add(16)
    assert scores.tally.played == [40, 24, 40]
    assert all(m != 1 for d, m in deals.scored[24 * 3:])
    scores.race([0.0, 4.0, 100.0], 3.0)
    assert scores.active == [0]  # the first always stays


def test_run_stops_at_the_deal_count_or_when_asked():
    deals = Deals([(0,), (1,)], {((d,), m): float(d + m) for d in range(2) for m in range(2)})
    scores = SameDeals(2, deals.draw, deals.score)
    scores.run(7)
    assert scores.deals == 7
    scores.run(30, each=lambda: scores.deals < 12)
    assert scores.deals == 12
    scores.run(5)  # already past it: no deal more
    assert scores.deals == 12
