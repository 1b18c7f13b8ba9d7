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

One module, at some length: the plan search and the combinations it tries share the
packed rank counts and their memo, the hot path of every bot above Easy.
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


_BOMB_CHECKS: dict = {}


def _may_hold_bombs(rest: int, deck: Deck) -> bool:
    """Whether natural cards `rest` hold all four suits of a rank or five ranks in a row of one
    suit: a quick test on the whole mask (a deck lists each rank's cards together, suit by suit
    and copy by copy), so that most hands skip the search for bombs."""
    check = _BOMB_CHECKS.get(id(deck))
    if check is None or check[0] is not deck:
        stride = 4 * deck.copies  # bits per rank
        ranks = deck.high - deck.low + 1
        aligned = sum(1 << (i * stride) for i in range(ranks))  # the first bit of each rank
        check = _BOMB_CHECKS[id(deck)] = (deck, stride, aligned)
    _, stride, aligned = check
    merged = rest  # each suit's cards of a rank, either copy, on the first copy's bit
    for copy in range(1, deck.copies):
        merged |= rest >> (4 * copy)
    if merged & merged >> 1 & merged >> 2 & merged >> 3 & aligned:
        return True  # a rank in all four suits
    for suit in range(4):
        run = merged >> suit & aligned
        if run & run >> stride & run >> 2 * stride & run >> 3 * stride & run >> 4 * stride:
            return True  # five ranks in a row of one suit
    return False


def split_bombs(hand: int, deck: Deck) -> tuple[list[tuple], int]:
    """The bombs to keep (straight flushes first, then fours), and the hand without them.

    A four of a kind is one card of each suit (with two decks: four different suits)."""
    rest = hand & deck.normal_mask
    if not _may_hold_bombs(rest, deck):
        return [], hand
    bombs = []
    low, high = deck.low, deck.high
    cells = _cells(deck)
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


_ODD_BITS = int("5" * 40, 16)  # 0101...: every other bit
_PAIR_BITS = int("3" * 40, 16)  # 0011...: every other pair of bits


def packed_counts(mask: int, deck: Deck) -> int:
    """`rank_counts` packed as `Splitter.pack` does: four bits per rank index."""
    packed = 1 << 4 if mask & deck.mahjong_mask else 0
    if deck.copies == 1:
        # One deck lists a rank's four cards in four bits from 4 * (rank - low): count the bits
        # of every four at once, each count where its four were.
        x = mask & deck.normal_mask
        x -= x >> 1 & _ODD_BITS
        x = (x & _PAIR_BITS) + (x >> 2 & _PAIR_BITS)
        return packed | x << (4 * deck.low)
    rank_masks = deck.rank_masks
    for r in range(deck.low, deck.high + 1):
        held = mask & rank_masks[r]
        if held:
            packed |= held.bit_count() << (4 * r)
    return packed


class Splitter:
    """The memoized search for one deck shape (top rank, stairs minimum).

    A shape is packed into one int, four bits per rank index (`pack`), so taking cards out
    is a subtraction and the memo's key is one small int: the search visits hundreds of
    thousands of shapes per second of play-outs. Options are tried in a fixed order and
    the first cheapest one wins, so the split of a shape never depends on the memo."""

    def __init__(self, high: int, stairs_min_pairs: int = 2, limit: int = 100_000):
        self.high = high
        self.low = 2
        self.stairs_min = stairs_min_pairs
        self.limit = limit
        self.memo: dict = {}
        self.older: dict = {}  # the generation before `memo` (see best_packed)
        # Each combination as one tuple (a few thousand per deck shape), shared by every split
        # holding it. The cyclic garbage collector stops tracking a tuple of untracked items, but
        # may meet a tuple before its items: fresh nested tuples per split kept hundreds of
        # thousands of the memo's tracked, and each collection inside a bot's 100 ms scanned
        # them (the gift's p95 100.1 ms at 99dd7eb; bench/gc_bench.py). Shared, they are untracked once.
        self.combos: dict = {}
        # Costs by kind: [value] for singles, pairs, triples (full houses cost as their triple),
        # [length][top] for straights and stairs.
        cost = self.combo_cost
        self._single = [cost(SINGLE, 1, v) for v in range(high + 1)]
        self._pair = [cost(PAIR, 2, v) for v in range(high + 1)]
        self._triple = [cost(TRIPLE, 3, v) for v in range(high + 1)]
        self._full = [cost(FULL_HOUSE, 5, v) for v in range(high + 1)]
        self._straight = [[cost(STRAIGHT, n, v) for v in range(high + 1)] for n in range(high + 2)]
        self._stairs = [[cost(STAIRS, n, v) for v in range(high + 1)] for n in range(2 * high + 3)]

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

    @staticmethod
    def pack(counts) -> int:
        """Counts per rank index (index 1: the Mah Jong) as one int, four bits each."""
        packed = 0
        for r in range(1, len(counts)):
            packed |= counts[r] << (4 * r)
        return packed

    def best(self, counts: tuple, ph: bool) -> tuple[float, tuple]:
        """(cost, combos) of the cheapest split of `counts` (+ the Phoenix if `ph`)."""
        split = self.best_packed(self.pack(counts), bool(ph))
        return split[0], split[1:]

    def best_packed(self, packed: int, ph: bool) -> tuple:
        """The cheapest split of a packed shape as one flat tuple, its cost and then its
        combinations (`(cost, *combos)`: no tuple between the memo and the shared combinations,
        so the collector stops tracking it at its first pass; see `combos`)."""
        key = packed << 1 | ph
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        hit = self.older.get(key)
        if hit is None:
            if not packed:
                hit = (1.0 - PHOENIX_SINGLE_CONTROL, self._shared((SINGLE, 1, 0, 0, ()))) if ph else (0.0,)
            else:
                hit = self._search(packed, ph, ((packed & -packed).bit_length() - 1) >> 2)
        if len(self.memo) >= self.limit // 2:
            # Two generations of half the limit each: the shapes still in use move on to the new
            # one, the rest go with the older one (rather than all of them at once).
            self.older = self.memo
            self.memo = {}
        self.memo[key] = hit
        return hit

    def _shared(self, combo: tuple) -> tuple:
        """The one tuple of this combination (`combos`)."""
        return self.combos.setdefault(combo, combo)

    def _search(self, packed: int, ph: bool, r: int) -> tuple:
        """The cheapest split whose first combination holds the lowest rank present, r.

        Each option (a combination holding r, the shape left, the Phoenix left) is weighed as
        it comes, in a fixed order, and its combination made only when it is the best so far."""
        best_packed = self.best_packed
        lookup = self.memo.get
        one = 1 << (4 * r)
        c = packed >> (4 * r) & 15
        # A single (the Mah Jong included) first.
        hit = lookup((packed - one) << 1 | ph) or best_packed(packed - one, ph)
        best_cost = hit[0] + (self._single[r] if r >= 2 else MAHJONG_COST)
        best_combo, best_rest = (SINGLE, 1, r, None, (r,)), hit
        options = []  # stairs and straights, weighed last
        if r >= 2 and (c >= 2 or ph):  # (a lone card without the Phoenix is only a single here)
            # Pair and triple, natural or with the Phoenix.
            cost_of = self._pair[r]
            if c >= 2:
                rest = packed - 2 * one
                hit = lookup(rest << 1 | ph) or best_packed(rest, ph)
                if hit[0] + cost_of < best_cost:
                    best_cost, best_combo, best_rest = hit[0] + cost_of, (PAIR, 2, r, None, (r, r)), \
                        hit
            if ph:
                rest = packed - one
                hit = lookup(rest << 1) or best_packed(rest, False)
                if hit[0] + cost_of < best_cost:
                    best_cost, best_combo, best_rest = hit[0] + cost_of, (PAIR, 2, r, r, (r,)), hit
            cost_of = self._triple[r]
            if c >= 3:
                rest = packed - 3 * one
                hit = lookup(rest << 1 | ph) or best_packed(rest, ph)
                if hit[0] + cost_of < best_cost:
                    best_cost, best_combo, best_rest = hit[0] + cost_of, (TRIPLE, 3, r, None, (r, r, r)), \
                        hit
            if ph and c >= 2:
                rest = packed - 2 * one
                hit = lookup(rest << 1) or best_packed(rest, False)
                if hit[0] + cost_of < best_cost:
                    best_cost, best_combo, best_rest = hit[0] + cost_of, (TRIPLE, 3, r, r, (r, r)), hit
            # Full houses with r as the triple or as the pair; ranks above r that are held, with
            # their counts (none below r: r is the lowest).
            held = [(p, packed >> (4 * p) & 15) for p in range(r + 1, self.high + 1)
                    if packed >> (4 * p) & 15]
            full = self._full
            for t_nat, t_ph in ((3, False), (2, True)):
                if c < t_nat or (t_ph and not ph):
                    continue
                base = packed - t_nat * one
                cost_of = full[r]
                for p, cp in held:
                    if cp >= 2:
                        rest, ph_left = base - (2 << (4 * p)), ph and not t_ph
                    elif cp == 1 and ph and not t_ph:
                        rest, ph_left = base - (1 << (4 * p)), False
                    else:
                        continue
                    hit = lookup(rest << 1 | ph_left) or best_packed(rest, ph_left)
                    if hit[0] + cost_of < best_cost:
                        if cp >= 2:
                            combo = (FULL_HOUSE, 5, r, r if t_ph else None, (r,) * t_nat + (p, p))
                        else:
                            combo = (FULL_HOUSE, 5, r, p, (r,) * t_nat + (p,))
                        best_cost, best_combo, best_rest = hit[0] + cost_of, combo, hit
            for p_nat, p_ph in ((2, False), (1, True)):
                if c < p_nat or (p_ph and not ph):
                    continue
                base = packed - p_nat * one
                for t, ct in held:
                    if ct >= 3:
                        rest, ph_left = base - (3 << (4 * t)), ph and not p_ph
                    elif ct == 2 and ph and not p_ph:
                        rest, ph_left = base - (2 << (4 * t)), False
                    else:
                        continue
                    hit = lookup(rest << 1 | ph_left) or best_packed(rest, ph_left)
                    if hit[0] + full[t] < best_cost:
                        if ct >= 3:
                            combo = (FULL_HOUSE, 5, t, r if p_ph else None, (t, t, t) + (r,) * p_nat)
                        else:
                            combo = (FULL_HOUSE, 5, t, t, (t, t) + (r,) * p_nat)
                        best_cost, best_combo, best_rest = hit[0] + full[t], combo, hit
            self._stairs_from(packed, ph, r, options)
        # Five ranks in a row from r, one of them maybe the Phoenix: ranks r+1..r+3 must be held
        # (all of them, or all but one with the Phoenix).
        above = (packed >> (4 * r + 4) & 15 != 0) + (packed >> (4 * r + 8) & 15 != 0) \
            + (packed >> (4 * r + 12) & 15 != 0)
        if above == 3 or (ph and above == 2):
            self._straights_from(packed, ph, r, options)
        for combo, rest, ph_left, cost_of in options:
            hit = lookup(rest << 1 | ph_left) or best_packed(rest, ph_left)
            if hit[0] + cost_of < best_cost:
                best_cost, best_combo, best_rest = hit[0] + cost_of, combo, hit
        # best_rest: the split of the shape left, flat as the memo keeps it (`best_packed`).
        return (best_cost, self._shared(best_combo)) + best_rest[1:]

    def _stairs_from(self, packed: int, ph: bool, r: int, options: list):
        # partial: (cards taken as a packed shape, ranks used, the Phoenix's rank or None)
        partials = [(0, (), None)]
        k = 0
        costs = self._stairs
        for x in range(r, self.high + 1):
            cx = packed >> (4 * x) & 15
            new = []
            for taken, ranks, ph_rank in partials:
                if cx >= 2:
                    new.append((taken + (2 << (4 * x)), ranks + (x, x), ph_rank))
                if cx >= 1 and ph and ph_rank is None:
                    new.append((taken + (1 << (4 * x)), ranks + (x,), x))
            if not new:
                break
            partials = new
            k += 1
            if k >= self.stairs_min:
                cost = costs[2 * k][x]
                for taken, ranks, ph_rank in partials:
                    options.append(((STAIRS, 2 * k, x, ph_rank, ranks), packed - taken,
                                    ph and ph_rank is None, cost))

    def _straights_from(self, packed: int, ph: bool, r: int, options: list):
        high = self.high
        costs = self._straight
        if not ph:  # one run of natural cards up from r
            taken, used, x = 0, (), r
            while x <= high and packed >> (4 * x) & 15:
                taken += 1 << (4 * x)
                used += (x,)
                length = x - r + 1
                if length >= 5:
                    combo = (STRAIGHT, length, x, None, used)
                    options.append((combo, packed - taken, False, costs[length][x]))
                x += 1
            return
        # Without the Phoenix, or with it filling one rank above r (or just below r).
        starts = [None]
        if ph and r - 1 >= 2:
            starts.append(r - 1)  # the Phoenix as the bottom card
        for ph_start in starts:
            partials = [(0, (), ph_start)]
            length = 1 if ph_start is not None else 0
            x = r
            while x <= high:
                cx = packed >> (4 * x) & 15
                new = []
                for taken, used, ph_rank in partials:
                    if cx >= 1:
                        new.append((taken + (1 << (4 * x)), used + (x,), ph_rank))
                    if ph and ph_rank is None and x > r:
                        new.append((taken, used, x))
                if not new:
                    break
                partials = new
                length += 1
                if length >= 5:
                    cost = costs[length][x]
                    for taken, used, ph_rank in partials:
                        options.append(((STRAIGHT, length, x, ph_rank, used), packed - taken,
                                        ph and ph_rank is None, cost))
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
    split = sp.best_packed(packed_counts(rest, deck), ph)
    cost, combos = split[0], split[1:]
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
