"""Sampling the hidden hands: deals of the unseen cards consistent with what a seat knows.

Consistent means: every other seat gets exactly as many cards as it holds;
the cards this seat passed in the exchange stay with their receivers unless
played (`Knowledge.known`), and so does the Mah Jong with the seat that led
the first trick; a seat that did not fulfil an active wish in its turn gets no
more natural cards of the wished rank than it could have held
(`Knowledge.max_of_rank`). Within those rules every deal is equally likely.
"""

from __future__ import annotations

import random

from app.engine.cards import mask_cards

from .knowledge import Knowledge


class Sampler:
    """Draws hidden hands for one decision (the constraints are read once)."""

    def __init__(self, k: Knowledge):
        self.k = k
        deck = k.deck
        self.seats = [s for s in range(k.rules.seats) if s != k.seat and k.counts[s] > 0]
        self.fixed = {s: k.known[s] for s in self.seats}
        fixed_all = 0
        for m in self.fixed.values():
            fixed_all |= m
        self.pool = mask_cards(k.unseen & ~fixed_all)
        self.need = {s: k.counts[s] - self.fixed[s].bit_count() for s in self.seats}
        self.rank_of = deck.rank_of
        self.normal = deck.normal_mask
        # Rank limits, counting the fixed cards already placed.
        self.limits = {}
        for s in self.seats:
            lim = dict(k.max_of_rank[s])
            for r in list(lim):
                lim[r] -= sum(1 for c in mask_cards(self.fixed[s]) if self.rank_of[c] == r and
                              self.normal >> c & 1)
            self.limits[s] = {r: n for r, n in lim.items()}
        self.constrained = any(self.limits[s] for s in self.seats)
        # When the counts do not add up (should not happen), deal what there is.
        self.consistent = sum(self.need.values()) == len(self.pool) and all(
            n >= 0 for n in self.need.values())

    def sample(self, rng: random.Random) -> list[int]:
        """Hands for every seat (this seat's own hand included), as bitmasks."""
        k = self.k
        hands = [0] * k.rules.seats
        hands[k.seat] = k.hand
        for _ in range(20):
            dealt = self._try(rng)
            if dealt is not None:
                break
        else:
            dealt = self._try(rng, strict=False)
        for s, m in dealt.items():
            hands[s] = m | self.fixed[s]
        return hands

    def _try(self, rng: random.Random, strict: bool = True) -> dict | None:
        pool = self.pool[:]
        rng.shuffle(pool)
        dealt = {s: 0 for s in self.seats}
        if not self.constrained or not strict:
            i = 0
            for s in self.seats:
                n = max(0, self.need[s])
                for c in pool[i:i + n]:
                    dealt[s] |= 1 << c
                i += n
            return dealt
        # Constrained: place each card with a seat that may hold it, weighted by room left.
        room = dict(self.need)
        limits = {s: dict(self.limits[s]) for s in self.seats}
        spare = len(pool) - sum(room.values())  # cards nobody holds (only in short test deals)
        for c in pool:
            r = self.rank_of[c] if self.normal >> c & 1 else None
            choices = [s for s in self.seats if room[s] > 0 and (r is None or limits[s].get(r, 4) > 0)]
            if not choices:
                if spare > 0:
                    spare -= 1
                    continue
                return None
            total = sum(room[s] for s in choices)
            pick = rng.random() * total
            for s in choices:
                pick -= room[s]
                if pick < 0:
                    break
            dealt[s] |= 1 << c
            room[s] -= 1
            if r is not None and r in limits[s]:
                limits[s][r] -= 1
        return dealt
