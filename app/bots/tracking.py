"""Card tracking: could the cards still hidden beat a combination?

Works on rank counts of the unseen cards (everything not in our hand and not
played), so it answers "can anybody at all beat this" rather than "can this
opponent": a combination nobody can beat (bombs aside) is a sure winner.
"""

from __future__ import annotations

from app.engine.cards import DRAGON_VALUE, Deck
from app.engine.combos import BOMB, DOG, FULL_HOUSE, PAIR, SINGLE, STAIRS, STRAIGHT, TRIPLE

from .hand import rank_counts


class Unseen:
    """The unseen cards, as counts per rank plus the specials."""

    __slots__ = ("counts", "ph", "dragon", "high", "low", "bombs_possible")

    def __init__(self, mask: int, deck: Deck):
        self.counts = rank_counts(mask, deck)
        self.ph = bool(mask & deck.phoenix_mask)
        self.dragon = bool(mask & deck.dragon_mask)
        self.high = deck.high
        self.low = deck.low
        # A four of a kind is possible where all four cards are unseen (a rough bomb warning).
        self.bombs_possible = any(c == 4 for c in self.counts[2:])

    def can_beat(self, kind: int, length: int, value: float) -> bool:
        """Whether the unseen cards hold a non-bomb play beating (kind, length, value)."""
        counts, high = self.counts, self.high
        if kind == SINGLE:
            if value >= DRAGON_VALUE:
                return False
            if self.dragon or self.ph:
                return True
            return any(counts[r] for r in range(int(value) + 1, high + 1))
        if kind == PAIR:
            need = 2
        elif kind == TRIPLE:
            need = 3
        else:
            need = 0
        if need:
            for r in range(int(value) + 1, high + 1):
                if counts[r] >= need or (self.ph and counts[r] >= need - 1):
                    return True
            return False
        if kind == FULL_HOUSE:
            for t in range(int(value) + 1, high + 1):
                ct = counts[t]
                if ct < 2 or (ct == 2 and not self.ph):
                    continue
                ph_left = self.ph and ct >= 3
                for p in range(2, high + 1):
                    if p != t and (counts[p] >= 2 or (ph_left and counts[p] >= 1)):
                        return True
            return False
        if kind == STRAIGHT:
            return self._run(length, int(value), 1)
        if kind == STAIRS:
            return self._run(length // 2, int(value), 2)
        return False  # bombs and the Dog: not by ordinary plays

    def _run(self, span: int, value: int, need: int) -> bool:
        counts = self.counts
        for top in range(value + 1, self.high + 1):
            lo = top - span + 1
            if lo < (1 if need == 1 else self.low):
                continue
            gaps = 0
            for r in range(lo, top + 1):
                c = counts[r]
                if c < need:
                    if r == 1 or c < need - 1:
                        gaps = 2
                        break
                    gaps += 1
            if gaps == 0 or (gaps == 1 and self.ph):
                return True
        return False

    def play_is_sure(self, play: tuple) -> bool:
        """Sure to win its trick against ordinary plays (an engine play tuple)."""
        kind = play[0]
        if kind == BOMB:
            return True
        if kind == DOG:
            return False
        return not self.can_beat(kind, play[1], play[2])
