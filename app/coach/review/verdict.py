"""The criterion: when does an alternative beat what was done clearly enough to say so?

Scores come per candidate and per deal, all candidates on the same deals. An
alternative is clearly better when it scores strictly more than what was done
in at least `share` of the deals and by at least `gain` on average over all of
them. Both are needed: a mean alone is carried by a few lucky deals; a share
alone counts a point as much as a Tichu. Of the alternatives that pass, the one
with the greatest mean gain is named.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Comparison:
    """One alternative against what was done, over the same deals."""

    wins: int  # deals where the alternative scored more
    ties: int
    losses: int
    gain: float  # its mean gain over all deals

    @property
    def deals(self) -> int:
        return self.wins + self.ties + self.losses


def compare(scores: list[list[float]]) -> list[Comparison]:
    """Each alternative (candidates 1, 2, ...) against candidate 0."""
    done = scores[0]
    out = []
    for row in scores[1:]:
        diffs = [a - b for a, b in zip(row, done, strict=True)]
        out.append(Comparison(sum(1 for d in diffs if d > 0), sum(1 for d in diffs if d == 0),
                              sum(1 for d in diffs if d < 0), sum(diffs) / len(diffs) if diffs else 0.0))
    return out


@dataclass(frozen=True)
class Verdict:
    best: int  # the candidate's index
    share: float  # of the deals where it scored more than what was done
    gain: float  # its mean gain over all deals
    deals: int


def clearly_better(comparisons: list[Comparison], share: float, gain: float) -> Verdict | None:
    """The alternative clearly better than what was done (`compare`'s list), or None;
    `best` counts the candidates, what was done being 0."""
    best = None
    for i, c in enumerate(comparisons, 1):
        if meets(c, share, gain) and (best is None or c.gain > best.gain):
            best = Verdict(i, c.wins / c.deals, c.gain, c.deals)
    return best


def meets(c: Comparison, share: float, gain: float) -> bool:
    """Whether one alternative is clearly better than what was done: better in at least
    `share` of the deals (70% of 24: 17 of them) and by at least `gain` on average."""
    return c.deals > 0 and c.wins >= math.ceil(share * c.deals - 1e-9) and c.gain >= gain
