"""Hand analysis: split a hand into the fewest, strongest combinations.

Suits only matter for bombs, so bombs are set aside first (`split_bombs`) and
the rest of the hand is handled as counts per rank (`Shape`): that keeps the
search small enough to memoize globally, since the best split of a shape does
not depend on the hand it came from.

A split is scored by its *cost*: each combination costs one lead it may need
(1.0) minus its *control*, the chance that it wins its trick (an Ace single, a
long straight, a high triple). The Dragon costs nothing, a bomb less than
nothing. The cheapest split has the fewest combinations that need help, and a
hand's cost is roughly the number of tricks it must lose to go out: the measure
the Normal bot plans, plays and calls Tichu with.

Combos here are abstract: `(kind, length, value, ph, ranks)` with `ranks` the
natural ranks used (sorted tuple, Mah Jong = 1) and `ph` the rank the Phoenix
takes in it (None when it is not used; 0 for a single Phoenix).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.cards import Deck, mask_cards
from app.engine.combos import (
    BOMB,
    FULL_HOUSE,
    PAIR,
    SINGLE,
    STAIRS,
    STRAIGHT,
    TRIPLE,
    four_bomb_value,
    straight_flush_value,
)

DOG_COST = 0.55  # a lead that hands the lead to the partner: not a winner, not quite a loser
BOMB_COST = -0.4  # wins any trick at any time
DRAGON_COST = 0.0
PHOENIX_SINGLE_CONTROL = 0.7
MAHJONG_COST = 1.2


def single_control(d: int) -> float:
    """Control of a single `d` ranks below the top rank (d=0: the Ace)."""
    return (0.62, 0.35, 0.15, 0.05)[d] if d < 4 else 0.0


def pair_control(d: int) -> float:
    return (0.8, 0.55, 0.32, 0.17, 0.07)[d] if d < 5 else 0.0


def triple_control(d: int) -> float:
    return max(0.15, 0.9 - 0.08 * d)


def straight_control(length: int, d_top: int) -> float:
    return min(1.0, max(0.0, 0.55 - 0.09 * d_top) + 0.12 * (length - 5))


def stairs_control(pairs: int, d_top: int) -> float:
    return min(1.0, max(0.0, 0.55 - 0.1 * d_top) + 0.18 * (pairs - 2))


@dataclass(frozen=True)
class Plan:
    """The best split of a hand."""

    cost: float
    combos: tuple  # abstract combos of the non-bomb, non-special part (see module doc)
    bombs: tuple  # engine play tuples of the bombs set aside
    dragon: int  # Dragons held (two decks: up to two)
    dog: bool
    rest_mask: int  # the cards of `combos` (hand minus bombs, Dragon and Dog)

    @property
    def count(self) -> int:
        """How many plays the hand needs to go out (the Dog and Dragon included)."""
        return len(self.combos) + len(self.bombs) + self.dragon + self.dog


_CELLS: dict = {}


def _cells(deck: Deck) -> list:
    """Per rank index (up to the top rank) and suit: the mask of its natural cards (one card
    with one deck, two copies with two)."""
    cells = _CELLS.get(id(deck))
    if cells is None or cells[0] is not deck:
        table = [[deck.rank_masks[r] & suit for suit in deck.suit_masks] if r >= deck.low else None
                 for r in range(deck.high + 1)]
        cells = _CELLS[id(deck)] = (deck, table)
    return cells[1]


def split_bombs(hand: int, deck: Deck) -> tuple[list[tuple], int]:
    """The bombs to keep (straight flushes first, then fours), and the hand without them.

    A four of a kind is one card of each suit (with two decks: four different suits)."""
    bombs = []
    low, high = deck.low, deck.high
    cells = _cells(deck)
    rest = hand & deck.normal_mask
    # Straight flushes: the longest run of each suit.
    for s in range(len(deck.suit_masks)):
        suit = rest & deck.suit_masks[s]
        if suit.bit_count() < 5:
            continue
        r = low
        while r <= high:
            if not suit & cells[r][s]:
                r += 1
                continue
            start = r
            while r <= high and suit & cells[r][s]:
                r += 1
            if r - start >= 5:
                m = 0
                for x in range(start, r):
                    cell = suit & cells[x][s]
                    m |= cell & -cell
                bombs.append((BOMB, r - start, straight_flush_value(r - start, r - 1), m, None))
                rest &= ~m
    for r in range(low, high + 1):
        while True:
            m = 0
            for cell in cells[r]:
                held = rest & cell
                if not held:
                    break
                m |= held & -held
            else:
                bombs.append((BOMB, 4, four_bomb_value(r), m, None))
                rest &= ~m
                continue
            break
    return bombs, hand & ~sum(b[3] for b in bombs)


def rank_counts(mask: int, deck: Deck) -> tuple:
    """Counts per rank index 0..high (index 1: the Mah Jong; specials other than it ignored)."""
    counts = [0] * (deck.high + 1)
    rank_of = deck.rank_of
    m = mask & deck.normal_mask
    while m:
        low = m & -m
        counts[rank_of[low.bit_length() - 1]] += 1
        m ^= low
    if mask & deck.mahjong_mask:
        counts[1] = 1
    return tuple(counts)


class Splitter:
    """The memoized search for one deck shape (top rank, stairs minimum)."""

    def __init__(self, high: int, stairs_min_pairs: int = 2, limit: int = 100_000):
        self.high = high
        self.low = 2
        self.stairs_min = stairs_min_pairs
        self.limit = limit
        self.memo: dict = {}

    # -- costs of abstract combos ---------------------------------------------------------

    def combo_cost(self, kind: int, length: int, value: int) -> float:
        high = self.high
        if kind == SINGLE:
            if value == 1:
                return MAHJONG_COST
            if value == 0:  # the Phoenix alone
                return 1.0 - PHOENIX_SINGLE_CONTROL
            d = high - value
            return 1.0 - single_control(d) + 0.012 * d
        d = high - value
        if kind == PAIR:
            return 1.0 - pair_control(d) + 0.006 * d
        if kind in (TRIPLE, FULL_HOUSE):
            return 1.0 - triple_control(d)
        if kind == STRAIGHT:
            return 1.0 - straight_control(length, d)
        if kind == STAIRS:
            return 1.0 - stairs_control(length // 2, d)
        return 1.0

    # -- the search -------------------------------------------------------------------------

    def best(self, counts: tuple, ph: bool) -> tuple[float, tuple]:
        """(cost, combos) of the cheapest split of `counts` (+ the Phoenix if `ph`)."""
        key = (counts, ph)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        r = 1
        n = len(counts)
        while r < n and counts[r] == 0:
            r += 1
        if r == n:
            result = (1.0 - PHOENIX_SINGLE_CONTROL, ((SINGLE, 1, 0, 0, ()),)) if ph else (0.0, ())
        else:
            result = self._search(counts, ph, r)
        if len(self.memo) > self.limit:
            self.memo.clear()
        self.memo[key] = result
        return result

    def _search(self, counts: tuple, ph: bool, r: int) -> tuple[float, tuple]:
        best_cost = 1e9
        best_combos: tuple = ()
        high = self.high
        c = counts[r]
        options = []  # (combo, new counts, ph left)

        def take(cs: tuple, used: dict) -> tuple:
            lst = list(cs)
            for rank, k in used.items():
                lst[rank] -= k
            return tuple(lst)

        # Single (the Mah Jong included).
        options.append(((SINGLE, 1, r, None, (r,)), take(counts, {r: 1}), ph))
        if r >= 2:
            # Pair and triple, natural or with the Phoenix.
            if c >= 2:
                options.append(((PAIR, 2, r, None, (r, r)), take(counts, {r: 2}), ph))
            if ph:
                options.append(((PAIR, 2, r, r, (r,)), take(counts, {r: 1}), False))
            if c >= 3:
                options.append(((TRIPLE, 3, r, None, (r, r, r)), take(counts, {r: 3}), ph))
            if ph and c >= 2:
                options.append(((TRIPLE, 3, r, r, (r, r)), take(counts, {r: 2}), False))
            # Full houses with r as the triple or as the pair.
            for t_nat, t_ph in ((3, False), (2, True)):
                if c < t_nat or (t_ph and not ph):
                    continue
                for p in range(2, high + 1):
                    if p == r:
                        continue
                    cp = counts[p]
                    if cp >= 2:
                        used = {r: t_nat, p: 2}
                        combo = (FULL_HOUSE, 5, r, r if t_ph else None, (r,) * t_nat + (p, p))
                        options.append((combo, take(counts, used), ph and not t_ph))
                    elif cp == 1 and ph and not t_ph:
                        combo = (FULL_HOUSE, 5, r, p, (r,) * t_nat + (p,))
                        options.append((combo, take(counts, {r: t_nat, p: 1}), False))
            for p_nat, p_ph in ((2, False), (1, True)):
                if c < p_nat or (p_ph and not ph):
                    continue
                for t in range(2, high + 1):
                    if t == r:
                        continue
                    ct = counts[t]
                    if ct >= 3:
                        combo = (FULL_HOUSE, 5, t, r if p_ph else None, (t, t, t) + (r,) * p_nat)
                        options.append((combo, take(counts, {t: 3, r: p_nat}), ph and not p_ph))
                    elif ct == 2 and ph and not p_ph:
                        combo = (FULL_HOUSE, 5, t, t, (t, t) + (r,) * p_nat)
                        options.append((combo, take(counts, {t: 2, r: p_nat}), False))
            # Stairs from r.
            self._stairs(counts, ph, r, options, take)
        # Straights from r (the Mah Jong may start them).
        self._straights(counts, ph, r, options, take)
        for combo, rest, ph_left in options:
            cost, combos = self.best(rest, ph_left)
            cost += self.combo_cost(combo[0], combo[1], combo[2])
            if cost < best_cost:
                best_cost = cost
                best_combos = (combo,) + combos
        return best_cost, best_combos

    def _stairs(self, counts, ph, r, options, take):
        high = self.high
        # partial: (used dict as tuple of (rank, k)), ph rank or None
        partials = [((), None)]
        k = 0
        for x in range(r, high + 1):
            cx = counts[x]
            new = []
            for used, ph_rank in partials:
                if cx >= 2:
                    new.append((used + ((x, 2),), ph_rank))
                if cx >= 1 and ph and ph_rank is None:
                    new.append((used + ((x, 1),), x))
            if not new:
                break
            partials = new
            k += 1
            if k >= self.stairs_min:
                for used, ph_rank in partials:
                    ranks = tuple(rk for rk, n in used for _ in range(n))
                    combo = (STAIRS, 2 * k, x, ph_rank, ranks)
                    options.append((combo, take(counts, dict(used)), ph and ph_rank is None))

    def _straights(self, counts, ph, r, options, take):
        high = self.high
        # Without the Phoenix, or with it filling one rank above r (or just below r).
        starts = [None]
        if ph and r - 1 >= 2:
            starts.append(r - 1)  # the Phoenix as the bottom card
        for ph_start in starts:
            partials = [((), ph_start)]
            length = 1 if ph_start is not None else 0
            x = r
            while x <= high:
                cx = counts[x]
                new = []
                for used, ph_rank in partials:
                    if cx >= 1:
                        new.append((used + (x,), ph_rank))
                    if ph and ph_rank is None and x > r:
                        new.append((used, x))
                if not new:
                    break
                partials = new
                length += 1
                if length >= 5:
                    for used, ph_rank in partials:
                        combo = (STRAIGHT, length, x, ph_rank, used)
                        options.append((combo, take(counts, {u: 1 for u in used}),
                                        ph and ph_rank is None))
                x += 1


_SPLITTERS: dict = {}


def splitter_for(deck: Deck, stairs_min_pairs: int = 2) -> Splitter:
    key = (deck.high, stairs_min_pairs)
    sp = _SPLITTERS.get(key)
    if sp is None:
        sp = _SPLITTERS[key] = Splitter(deck.high, stairs_min_pairs)
    return sp


def plan_hand(hand: int, deck: Deck, stairs_min_pairs: int = 2) -> Plan:
    """The cheapest split of `hand` (a bitmask) into combinations.

    With two decks, a second Phoenix is planned as a single of its own and a second
    Dragon as another free winner."""
    bombs, rest = split_bombs(hand, deck)
    dragons = (rest & deck.dragon_mask).bit_count()
    dog = bool(rest & deck.dog_mask)
    phoenixes = rest & deck.phoenix_mask
    ph = bool(phoenixes)
    rest &= ~(deck.dragon_mask | deck.dog_mask)
    sp = splitter_for(deck, stairs_min_pairs)
    cost, combos = sp.best(rank_counts(rest, deck), ph)
    if phoenixes & (phoenixes - 1):  # the second Phoenix (two decks): a strong single
        cost += 1.0 - PHOENIX_SINGLE_CONTROL
        combos = combos + ((SINGLE, 1, 0, 0, ()),)
    cost += len(bombs) * BOMB_COST + dragons * DRAGON_COST + dog * DOG_COST
    return Plan(cost, combos, tuple(bombs), dragons, dog, rest)


def hand_cost(hand: int, deck: Deck, stairs_min_pairs: int = 2) -> float:
    return plan_hand(hand, deck, stairs_min_pairs).cost


def play_signature(mask: int, ph: int | None, deck: Deck) -> tuple:
    """The natural ranks of a play (sorted, Mah Jong = 1) and whether it holds the Phoenix."""
    specials = deck.phoenix_mask | deck.dragon_mask | deck.dog_mask
    ranks = tuple(sorted(deck.rank_of[c] for c in mask_cards(mask & ~specials)))
    return ranks, bool(mask & deck.phoenix_mask)


def combo_signature(combo: tuple) -> tuple:
    return tuple(sorted(combo[4])), combo[3] is not None


def combo_mask(combo: tuple, rest: int, deck: Deck) -> int:
    """Cards of `rest` that make the abstract combo, the Phoenix included (0 if they are not there)."""
    mask = 0
    for r in combo[4]:
        if r == 1:
            mask |= deck.mahjong_mask
            continue
        free = rest & deck.rank_masks[r] & ~mask
        if not free:  # not held: the combo was planned from other cards
            return 0
        mask |= free & -free  # the lowest card id of the rank (suit order, first deck first)
    if combo[3] is not None:
        phoenixes = rest & deck.phoenix_mask & ~mask
        if not phoenixes:
            return 0
        mask |= phoenixes & -phoenixes
    return mask
