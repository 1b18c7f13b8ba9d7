"""Sampling the hidden hands: deals of the unseen cards consistent with what a seat knows.

Consistent means: every other seat gets exactly as many cards as it holds;
the cards this seat passed in the exchange stay with their receivers unless
played (`Knowledge.known`), and so does the Mah Jong with the seat that led
the first trick; a seat that did not fulfil an active wish in its turn gets no
more natural cards of the wished rank than it could have held
(`Knowledge.max_of_rank`); with `exits` (the Hard bot's `read_exits`), a seat holds no hand
it could have gone out with when it passed or led (`exits.py`, `Knowledge.exits`: a deal
breaking that is drawn again). Within those rules every deal is equally likely,
unless the sampler is given a `reading.Reading` (the Hard bot's `read_calls`,
`read_exchange`, `read_bombs`): then a deal is kept with the chance that the
others' actions were made with its hands (rejection sampling, at most
`reading.TRIES` draws a deal: the deals lean to strong hands for a seat that
called Tichu or Grand Tichu, to no card above a partner's gift, to no bomb for
a seat that let an opponent's last trick go). Without one (or with nothing to
read) the deals are exactly the plain ones.

The search draws thousands of deals per decision, so the pool is kept as
one-card masks (a hand is the sum of its slice) and shuffled by `shuffle`,
which draws exactly what `random.Random.shuffle` draws, without its call per
card: the same seed gives the same deals as before.
"""

from __future__ import annotations

import random

from app.engine.cards import mask_cards

from .exits import ExitCheck
from .knowledge import Knowledge
from .reading import Reading

#: Draws a deal may take to meet what the passes and leads say (`exits.py`).
EXIT_TRIES = 40

_STEPS: dict[int, tuple] = {}  # list length -> ((i, bits to draw for a number below i + 1), ...)


def _steps(length: int) -> tuple:
    steps = _STEPS.get(length)
    if steps is None:
        steps = _STEPS[length] = tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    return steps


def shuffle(items: list, rng: random.Random) -> None:
    """Shuffle `items` in place as `rng.shuffle(items)` does (CPython's Fisher-Yates with
    `_randbelow` by `getrandbits`), the same draws in the same order."""
    getrandbits = rng.getrandbits
    for i, k in _steps(len(items)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


class Sampler:
    """Draws hidden hands for one decision (the constraints are read once). `exits`: also read
    the passes and leads (`exits.py`; the Hard bot's `read_exits`, off by default)."""

    def __init__(self, k: Knowledge, reading: Reading | None = None, exits: bool = False):
        self.k = k
        deck = k.deck
        self.seats = [s for s in range(k.rules.seats) if s != k.seat and k.counts[s] > 0]
        self.fixed = {s: k.known[s] for s in self.seats}
        fixed_all = 0
        for m in self.fixed.values():
            fixed_all |= m
        self.pool = mask_cards(k.unseen & ~fixed_all)
        self.pool_bits = [1 << c for c in self.pool]
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
        self.limited_ranks = {r for s in self.seats for r in self.limits[s]}
        # When the counts do not add up (should not happen), deal what there is.
        self.consistent = sum(self.need.values()) == len(self.pool) and all(
            n >= 0 for n in self.need.values())
        # The unconstrained deal: per seat, its slice of the shuffled pool and its fixed cards.
        self.slices = []
        at = 0
        for s in self.seats:
            n = max(0, self.need[s])
            self.slices.append((s, at, at + n, self.fixed[s]))
            at += n
        self.template = [0] * k.rules.seats
        self.template[k.seat] = k.hand
        # The passes and leads that say a seat could not go out then: a deal breaking one is drawn
        # again (`exits.py`), up to `EXIT_TRIES` times; where none of those draws meets them, they
        # are read no more (someone kept a hand it could go out with).
        reads = [e for e in k.exits if e.seat in self.need and e.seat not in k.seen] if exits else []
        self.exits = ExitCheck(reads, deck, k.rules.stairs_min_pairs) if reads else None
        if self.exits is not None:
            self._dealt = self.sample
            self.sample = self._read_exits  # type: ignore[method-assign]
        self.reading = reading
        if reading is not None:
            self._plain = self.sample
            self.sample = self._read  # type: ignore[method-assign]  (the plain path stays as it was)

    def _read_exits(self, rng: random.Random) -> list[int]:
        """A deal that breaks no read of `exits`, while they can be met."""
        exits = self.exits
        if exits is None:
            return self._dealt(rng)
        for _ in range(EXIT_TRIES):
            hands = self._dealt(rng)
            if not exits.broken(hands):
                return hands
        self.exits = None  # not to be met: the plain deals from now on
        return hands

    def _read(self, rng: random.Random) -> list[int]:
        """A deal read by the others' calls (`Reading.draw`)."""
        return self.reading.draw(lambda: self._plain(rng), rng)

    def sample(self, rng: random.Random) -> list[int]:
        """Hands for every seat (this seat's own hand included), as bitmasks."""
        if not self.constrained:
            bits = self.pool_bits[:]
            shuffle(bits, rng)
            hands = self.template[:]
            for s, lo, hi, fixed in self.slices:
                hands[s] = sum(bits[lo:hi]) | fixed  # distinct one-card masks: the sum is the union
            return hands
        hands = self.template[:]
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
        shuffle(pool, rng)
        seats = self.seats
        if not strict:
            dealt = {}
            i = 0
            for s in seats:
                n = max(0, self.need[s])
                dealt[s] = sum(1 << c for c in pool[i:i + n])
                i += n
            return dealt
        # Constrained: place each card with a seat that may hold it, weighted by room left.
        room = [self.need[s] for s in seats]
        limits = [dict(self.limits[s]) for s in seats]
        limited = self.limited_ranks
        held = [0] * len(seats)
        spare = len(pool) - sum(room)  # cards nobody holds (only in short test deals)
        rank_of, normal, draw = self.rank_of, self.normal, rng.random
        everyone = range(len(seats))
        # Seats with room left, in seat order, and all their room: the choices for a card whose
        # rank no seat is limited in, kept as cards are placed instead of listed for each card.
        open_seats = [i for i in everyone if room[i] > 0]
        open_room = sum(room[i] for i in open_seats)
        for c in pool:
            r = rank_of[c] if normal >> c & 1 else None
            if r in limited:
                choices = [i for i in everyone if room[i] > 0 and limits[i].get(r, 4) > 0]
                total = 0
                for i in choices:
                    total += room[i]
            else:
                choices, total = open_seats, open_room
            if not choices:
                if spare > 0:
                    spare -= 1
                    continue
                return None
            pick = draw() * total
            for i in choices:
                pick -= room[i]
                if pick < 0:
                    break
            held[i] |= 1 << c
            room[i] -= 1
            open_room -= 1
            if not room[i]:
                open_seats.remove(i)
            if r is not None and r in limits[i]:
                limits[i][r] -= 1
        return dict(zip(seats, held))
