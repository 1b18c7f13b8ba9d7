"""The criterion: when does an alternative beat what was done clearly enough to say so?

Scores come per candidate and per deal, all candidates on the same deals
(`app.bots.evaluation`, the evaluator the Hard bot's searches use too), so each
alternative has a paired difference per deal (its score minus what was done's). What
matters is the mean of those differences and how sure it is: an alternative is clearly
better when its mean gain is at least `gain` and its gain less `sure` standard errors
(the lower confidence bound) is at least `floor`. A deal where both score alike adds
nothing to the gain and narrows the error; it is no loss. (A share of deals won, the rule
before, counted such a tie as a loss and missed most large gains made in a few deals.)

A decision is in doubt while an alternative could still be clearly better (its gain plus
`sure` standard errors reaches `gain`) and none is yet: the review adds deals to such a
decision (`review.py`), and stops at once for one that is plainly fine or plainly wrong.
Of the alternatives that pass, the one with the greatest mean gain is named.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.bots.evaluation import Comparison, compare, paired

__all__ = ["Comparison", "Settings", "Verdict", "clearly_better", "compare", "in_doubt", "meets", "paired"]

#: Standard errors of the gain the lower bound keeps below the mean (one-sided, about 99.9%:
#: a decision has up to six alternatives and is looked at again as deals are added).
SURE = 3.0
#: The lower bound of the gain a flag needs, per round (points).
FLOOR = 10.0


@dataclass(frozen=True)
class Settings:
    """What a flag needs (`gain`, `floor`: per round, in the review's unit; `sure`: standard
    errors) and, optionally, a share of the deals won (0: not asked)."""

    gain: float
    sure: float = SURE
    floor: float = FLOOR
    share: float = 0.0


@dataclass(frozen=True)
class Verdict:
    best: int  # the candidate's index
    share: float  # of the deals where it scored more than what was done
    gain: float  # its mean gain over all deals
    deals: int
    low: float  # the gain's lower confidence bound


def clearly_better(comparisons: list[Comparison], criterion: Settings) -> Verdict | None:
    """The alternative clearly better than what was done (`compare`'s list), or None;
    `best` counts the candidates, what was done being 0."""
    best = None
    for i, c in enumerate(comparisons, 1):
        if meets(c, criterion) and (best is None or c.gain > best.gain):
            best = Verdict(i, c.wins / c.deals, c.gain, c.deals, c.lower(criterion.sure))
    return best


def meets(c: Comparison, criterion: Settings) -> bool:
    """Whether one alternative is clearly better than what was done: a mean gain of at least
    `gain` whose lower bound is at least `floor` (and the share of deals, where asked)."""
    return c.deals > 0 and c.gain >= criterion.gain and c.lower(criterion.sure) >= criterion.floor \
        and c.wins >= math.ceil(criterion.share * c.deals - 1e-9)


def in_doubt(comparisons: list[Comparison], criterion: Settings) -> bool:
    """Whether more deals could change the verdict: none is clearly better yet, and one could be."""
    if any(meets(c, criterion) for c in comparisons):
        return False
    return any(c.upper(criterion.sure) >= criterion.gain for c in comparisons)
