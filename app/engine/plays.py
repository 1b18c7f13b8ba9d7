"""Listing legal plays.

`candidate_plays` lists every distinct play a hand can make on a trick (or as a
lead); `turn_plays` applies the Mah Jong wish and says whether passing is
allowed; `bombs_beating` lists the bombs a seat may play out of turn.

Cards are bitmasks and plays plain tuples (see combos), because this is the
hot path of every bot and of the random-play tests. Each kind has its own
generator that takes the value to beat and, for stairs and straights, the
length, so following a trick builds only what could be legal.

One module for all kinds, at some length, because the generators share their bitmask
helpers and the hot loop's local names; split up they would cost a call per kind.
"""

from __future__ import annotations

from itertools import product

from .cards import Deck, mask_cards
from .combos import (
    BOMB,
    DOG,
    FULL_HOUSE,
    KIND,
    LENGTH,
    MASK,
    PAIR,
    SINGLE,
    STAIRS,
    STRAIGHT,
    TRIPLE,
    VALUE,
    dragon_value,
    phoenix_single_value,
    straight_flush_value,
)

_NONE = -1.0  # "beat nothing": every value is above it


class _RankCards:
    """What a hand holding exactly these cards of one rank can make of them (shared, read-only)."""

    __slots__ = ("bits", "pairs", "pairs_ph", "triples", "triples_ph")

    def __init__(self, cards: int, rank: int, ph_bits: tuple):
        bits = []
        while cards:
            low = cards & -cards
            bits.append(low)
            cards ^= low
        n = len(bits)
        pairs = [(bits[i] | bits[j], None) for i in range(n) for j in range(i + 1, n)]
        triples = [(bits[i] | bits[j] | bits[k], None)
                   for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n)]
        self.bits = tuple(bits)
        self.pairs = tuple(pairs)
        self.triples = tuple(triples)
        # With the Phoenix (never below a 2): it pairs any card and makes a triple of any pair.
        wild = rank >= 2
        # (Two decks have two Phoenixes: either may be the wildcard, never both.)
        self.pairs_ph = tuple(pairs + [(b | ph, rank) for ph in ph_bits for b in bits]) \
            if wild else self.pairs
        self.triples_ph = tuple(triples + [(m | ph, rank) for ph in ph_bits for m, _ in pairs]) \
            if wild else self.triples


_NO_CARDS = _RankCards(0, 0, ())
_rank_tables: dict = {}  # id(deck) -> (deck, its rank table)


def _rank_table(deck: Deck) -> list:
    """Per rank that has normal cards: (rank, shift, width, known), where `hand >> shift &
    width` is the hand's cards of that rank as a small number (a deck lists each rank's cards
    next to each other) and known[that number] its _RankCards, made on first use."""
    entry = _rank_tables.get(id(deck))
    if entry is None or entry[0] is not deck:
        masks = [0] * (deck.high + 1)
        for card in mask_cards(deck.normal_mask):
            masks[deck.rank_of[card]] |= 1 << card
        table = []
        for r, m in enumerate(masks):
            if m:
                shift = (m & -m).bit_length() - 1
                width = m >> shift
                assert width & (width + 1) == 0, "a rank's cards are not next to each other"
                table.append((r, shift, width, [None] * (width + 1)))
        entry = _rank_tables[id(deck)] = (deck, table)
    return entry[1]


class _HandIndex:
    """A hand sorted by rank once, shared by the generators of one listing."""

    __slots__ = ("by_rank", "held", "ranks", "multi", "fours", "pairs", "triples", "ph_bits",
                 "has_ph", "mj_bit", "deck", "hand", "_suit_ranks", "ph_missing")

    def __init__(self, hand: int, deck: Deck):
        self.deck = deck
        self.hand = hand
        ph_all = deck.phoenix_bits
        ph_bit = hand & deck.phoenix_mask
        if not ph_bit & (ph_bit - 1):  # none or one Phoenix held (two only with two decks)
            self.ph_bits = (ph_bit,) if ph_bit else ()
            self.ph_missing = deck.phoenix_mask & ~hand if ph_bit else 0  # the other deck's one
        else:
            self.ph_bits, self.ph_missing = ph_all, 0
        held = [_NO_CARDS] * deck.low  # per rank, its _RankCards (none below the lowest rank)
        # Bit r: the hand holds a normal card, two or more, all four of rank r.
        ranks = multi = fours = 0
        for r, shift, width, known in _rank_table(deck):
            cards = hand >> shift & width
            info = known[cards]
            if info is None:
                info = known[cards] = _RankCards(cards << shift, r, ph_all)
            if cards:
                ranks |= 1 << r
                if cards & (cards - 1):
                    multi |= 1 << r
                    if len(info.bits) == 4:
                        fours |= 1 << r
            held.append(info)
        self.held = held
        self.by_rank = [info.bits for info in held]
        self.ranks = ranks
        self.multi = multi
        self.fours = fours
        self.has_ph = bool(ph_bit)
        self.mj_bit = hand & deck.mahjong_mask
        self.pairs = None
        self.triples = None
        self._suit_ranks = None

    @property
    def suit_ranks(self) -> list[int]:
        """Per suit, bit r set where the hand holds that suit's card of rank r."""
        if self._suit_ranks is None:
            deck = self.deck
            rank_of = deck.rank_of
            out = []
            for suit_mask in deck.suit_masks:
                cards = self.hand & suit_mask
                bits = 0
                if cards.bit_count() >= 5:  # fewer never make a straight flush: leave it empty
                    for card in mask_cards(cards):
                        bits |= 1 << rank_of[card]
                out.append(bits)
            self._suit_ranks = out
        return self._suit_ranks

    def pair_options(self):
        """Per rank: the pairs as (mask, phoenix rank or None), naturals first."""
        if self.pairs is None:
            self.pairs = [i.pairs_ph for i in self.held] if self.has_ph else [i.pairs for i in self.held]
            if self.ph_missing:
                self.pairs = self._without_missing_phoenix(self.pairs)
        return self.pairs

    def triple_options(self):
        if self.triples is None:
            self.triples = ([i.triples_ph for i in self.held] if self.has_ph
                            else [i.triples for i in self.held])
            if self.ph_missing:
                self.triples = self._without_missing_phoenix(self.triples)
        return self.triples

    def _without_missing_phoenix(self, per_rank: list) -> list:
        missing = self.ph_missing
        return [tuple(o for o in opts if not o[0] & missing) for opts in per_rank]


def _singles(ix: _HandIndex, hand: int, above: float, on, led_phoenix: float, out: list):
    deck = ix.deck
    for r in range(deck.low, deck.high + 1):
        if r > above:
            for b in ix.by_rank[r]:
                out.append((SINGLE, 1, r, b, None))
    if ix.mj_bit and 1 > above:
        out.append((SINGLE, 1, 1, ix.mj_bit, None))
    dragons = hand & deck.dragon_mask
    if dragons:
        value = dragon_value(on)  # (with two decks, the second Dragon beats the first)
        if value > above:
            if dragons & (dragons - 1):
                out.extend((SINGLE, 1, value, b, None) for b in _bits(dragons))
            else:
                out.append((SINGLE, 1, value, dragons, None))
    if ix.has_ph:
        value = phoenix_single_value(on, led_phoenix)
        if value is not None:
            for ph_bit in ix.ph_bits:
                out.append((SINGLE, 1, value, ph_bit, None))


def _pairs(ix: _HandIndex, above: float, out: list):
    for r, opts in enumerate(ix.pair_options()):
        if r > above:
            for m, ph in opts:
                out.append((PAIR, 2, r, m, ph))


def _triples(ix: _HandIndex, above: float, out: list):
    for r, opts in enumerate(ix.triple_options()):
        if r > above:
            for m, ph in opts:
                out.append((TRIPLE, 3, r, m, ph))


def _stairs(ix: _HandIndex, above: float, min_pairs: int, length: int | None, out: list):
    top = ix.deck.high
    want = None if length is None else length // 2
    # Starting ranks of enough consecutive ranks that can each make a pair (with the
    # Phoenix, any rank held can): no stairs start anywhere else.
    can_pair = ix.ranks if ix.has_ph else ix.multi
    starts = can_pair
    for i in range(1, min_pairs if want is None else want):
        starts &= can_pair >> i
    if not starts:
        return
    pairs = ix.pair_options()
    for lo in range(ix.deck.low, top):
        if not starts >> lo & 1:
            continue
        if want is not None and (lo + want - 1 > top or lo + want - 1 <= above):
            continue
        partials = [(0, None)]
        for r in range(lo, top + 1):
            opts = pairs[r]
            if not opts:
                break
            new = []
            for m, ph in partials:
                for pm, pph in opts:
                    if pph is None:
                        new.append((m | pm, ph))
                    elif ph is None:
                        new.append((m | pm, pph))
            if not new:
                break
            partials = new
            k = r - lo + 1
            if k >= min_pairs and r > above and (want is None or k == want):
                n = 2 * k
                for m, ph in partials:
                    out.append((STAIRS, n, r, m, ph))
            if want is not None and k >= want:
                break


def _full_houses(ix: _HandIndex, above: float, out: list):
    triples = ix.triple_options()
    if not any(triples):
        return
    pairs = [(p, popts) for p, popts in enumerate(ix.pair_options()) if popts]
    for t, topts in enumerate(triples):
        if t <= above or not topts:
            continue
        for tm, tph in topts:
            for p, popts in pairs:
                if p == t:
                    continue
                for pm, pph in popts:
                    if pph is None:
                        out.append((FULL_HOUSE, 5, t, tm | pm, tph))
                    elif tph is None:
                        out.append((FULL_HOUSE, 5, t, tm | pm, pph))


def _straights(ix: _HandIndex, above: float, length: int | None, out: list):
    deck = ix.deck
    top = deck.high
    by_rank = ix.by_rank
    has_ph, mj_bit = ix.has_ph, ix.mj_bit
    suit_masks = deck.suit_masks
    suit_of = deck.suit_of
    # Rank 1 is the Mah Jong (the Phoenix is never a 1); by_rank holds the normal cards.
    first = 1 if mj_bit else deck.low
    shortest = 5 if length is None else length
    held = ix.ranks | (2 if mj_bit else 0)
    if not has_ph and not held & held >> 1 & held >> 2 & held >> 3 & held >> 4:
        return  # no five consecutive ranks: no straight (the common case, decided at once)
    # reach[r]: how many consecutive ranks from r up the hand can fill, the Phoenix
    # filling one gap (never the 1); starts that cannot reach `shortest` are skipped.
    run = reach = 0
    reach_of = [0] * (top + 2)
    for r in range(top, first - 1, -1):
        if by_rank[r] or r == 1:
            run, reach = run + 1, reach + 1
        else:
            run, reach = 0, run + 1 if has_ph else 0
        reach_of[r] = reach
    # A natural run of one suit is a straight flush (a bomb), never a straight; only a
    # suit holding five consecutive ranks can make one.
    may_flush = any(h & (h >> 1) & (h >> 2) & (h >> 3) & (h >> 4) for h in ix.suit_ranks)
    cards = list(by_rank)
    if mj_bit:
        cards[1] = (mj_bit,)
    ph_only = ix.ph_bits
    for lo in range(first, top - 3):
        most = reach_of[lo]
        if most < shortest:
            continue
        if length is not None and (lo + length - 1 > top or lo + length - 1 <= above):
            continue
        for n in range(shortest, most + 1) if length is None else (length,):
            hi = lo + n - 1
            if hi <= above:
                continue
            window = cards[lo:hi + 1]
            # Natural cards first (cards are distinct bits: their sum is their union),
            # then the Phoenix standing for each rank in turn, as the listing orders them.
            if all(window):
                if may_flush and lo >= 2:
                    for combo in product(*window):
                        m = sum(combo)
                        if m & suit_masks[suit_of[(m & -m).bit_length() - 1]] != m:
                            out.append((STRAIGHT, n, hi, m, None))
                else:
                    out += [(STRAIGHT, n, hi, sum(c), None) for c in product(*window)]
            if has_ph:
                for k in range(max(lo, 2), hi + 1):
                    i = k - lo
                    saved = window[i]
                    window[i] = ph_only
                    if all(window):
                        out += [(STRAIGHT, n, hi, sum(c), k) for c in product(*window)]
                    window[i] = saved


def _bombs(ix: _HandIndex, above: float, out: list):
    """Four of a kind and straight flushes (no special card is ever in a bomb)."""
    deck = ix.deck
    if deck.copies > 1:
        _two_deck_bombs(ix, above, out)
        return
    by_rank = ix.by_rank
    if ix.fours:
        for r in range(deck.low, deck.high + 1):
            bits = by_rank[r]
            if len(bits) == 4 and r > above:
                out.append((BOMB, 4, r, bits[0] | bits[1] | bits[2] | bits[3], None))
    low, top = deck.low, deck.high
    ranks = ix.ranks
    if not ranks & ranks >> 1 & ranks >> 2 & ranks >> 3 & ranks >> 4:
        return  # not even five consecutive ranks in all suits together: no straight flush
    for s, held in enumerate(ix.suit_ranks):
        if not held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4):
            continue  # no five consecutive ranks in this suit
        present = [bool(held >> r & 1) for r in range(top + 2)]
        r = low
        while r <= top:
            if not present[r]:
                r += 1
                continue
            start = r
            while r <= top and present[r]:
                r += 1
            end = r - 1
            if end - start + 1 >= 5:
                for a in range(start, end - 3):
                    m = 0
                    for x in range(a, a + 4):
                        m |= 1 << ((x - low) * 4 + s)
                    for b in range(a + 4, end + 1):
                        m |= 1 << ((b - low) * 4 + s)
                        value = straight_flush_value(b - a + 1, b)
                        if value > above:
                            out.append((BOMB, b - a + 1, value, m, None))


def _two_deck_bombs(ix: _HandIndex, above: float, out: list):
    """Bombs with two decks: four of a kind in four different suits (any copy of each),
    straight flushes with any copy of each card."""
    deck = ix.deck
    suit_of = deck.suit_of
    low, top = deck.low, deck.high
    by_rank = ix.by_rank
    for r in range(low, top + 1):
        bits = by_rank[r]
        if len(bits) >= 4 and r > above:
            per_suit: list = [[], [], [], []]
            for b in bits:
                per_suit[suit_of[b.bit_length() - 1]].append(b)
            if all(per_suit):
                out.extend((BOMB, 4, r, sum(combo), None) for combo in product(*per_suit))
    for s, ranks in enumerate(ix.suit_ranks):
        if not ranks & (ranks >> 1) & (ranks >> 2) & (ranks >> 3) & (ranks >> 4):
            continue  # no five consecutive ranks in this suit
        held = [[b for b in by_rank[r] if suit_of[b.bit_length() - 1] == s] if ranks >> r & 1 else []
                for r in range(top + 1)]
        for a in range(low, top - 3):
            masks = [0]
            for b in range(a, top + 1):
                if not held[b]:
                    break
                masks = [m | c for m in masks for c in held[b]]
                length = b - a + 1
                if length >= 5:
                    value = straight_flush_value(length, b)
                    if value > above:
                        out.extend((BOMB, length, value, m, None) for m in masks)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def candidate_plays(hand: int, deck: Deck, on: tuple | None, stairs_min_pairs: int = 2,
                    led_phoenix: float = 1.5) -> list[tuple]:
    """Every distinct play of `hand` on `on` (None: a lead), before the wish.

    Bombs are included. On a lead the Dog is included as kind DOG.
    """
    ix = _HandIndex(hand, deck)
    out: list[tuple] = []
    if on is None:
        _singles(ix, hand, _NONE, None, led_phoenix, out)
        _pairs(ix, _NONE, out)
        _triples(ix, _NONE, out)
        _stairs(ix, _NONE, stairs_min_pairs, None, out)
        _full_houses(ix, _NONE, out)
        _straights(ix, _NONE, None, out)
        _bombs(ix, _NONE, out)
        if hand & deck.dog_mask:
            out.append((DOG, 1, 0, hand & deck.dog_mask, None))
        return out
    kind, value = on[KIND], on[VALUE]
    if kind == BOMB:
        _bombs(ix, value, out)
        return out
    if kind == SINGLE:
        _singles(ix, hand, value, on, led_phoenix, out)
    elif kind == PAIR:
        _pairs(ix, value, out)
    elif kind == TRIPLE:
        _triples(ix, value, out)
    elif kind == STAIRS:
        _stairs(ix, value, stairs_min_pairs, on[LENGTH], out)
    elif kind == FULL_HOUSE:
        _full_houses(ix, value, out)
    elif kind == STRAIGHT:
        _straights(ix, value, on[LENGTH], out)
    # Nothing but a bomb goes on the Dog; it never stays on the table anyway.
    _bombs(ix, _NONE, out)
    return out


# Hands found to hold no bomb at all, by (deck, hand): most hands, asked again at every
# change of the table while their seat waits; a lookup spares indexing the hand. Bounded.
_BOMBLESS: dict = {}
_BOMBLESS_MAX = 20_000


def bombs_beating(hand: int, deck: Deck, on: tuple) -> list[tuple]:
    """The bombs `hand` may throw on `on` (out of turn too)."""
    key = (deck.name, hand)
    if key in _BOMBLESS:
        return []
    ix = _HandIndex(hand, deck)
    out: list[tuple] = []
    above = on[VALUE] if on[KIND] == BOMB else _NONE
    _bombs(ix, above, out)
    if not out and above == _NONE:
        if len(_BOMBLESS) >= _BOMBLESS_MAX:
            _BOMBLESS.clear()
        _BOMBLESS[key] = True
    return out


def wish_mask(deck: Deck, wish: int | None) -> int:
    """The natural cards of the wished rank (the Phoenix is never one of them)."""
    if wish is None:
        return 0
    return deck.rank_masks[wish]


def turn_plays(hand: int, deck: Deck, on: tuple | None, wish: int | None, *,
               stairs_min_pairs: int = 2, led_phoenix: float = 1.5,
               wish_bomb_escape: str = "follow_only") -> tuple[list[tuple], bool]:
    """The plays a seat may make in its regular turn, and whether it may pass.

    The wish: a seat that can make a legal play containing a natural card of
    the wished rank must make one ("if you can, you must"), leading too. With
    `follow_only` (the official reading) a following seat may bomb instead,
    since it could have bombed out of turn just before; `always` allows that
    on a lead too; `never` does not allow it.
    """
    plays = candidate_plays(hand, deck, on, stairs_min_pairs, led_phoenix)
    can_pass = on is not None
    wmask = wish_mask(deck, wish) & hand
    if wmask:
        fulfil = [p for p in plays if p[MASK] & wmask]
        if fulfil:
            escape = wish_bomb_escape == "always" or (wish_bomb_escape == "follow_only" and on is not None)
            if escape:
                plays = [p for p in plays if p[MASK] & wmask or p[KIND] == BOMB]
            else:
                plays = fulfil
            can_pass = False
    return plays, can_pass
