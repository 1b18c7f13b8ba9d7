"""Card counting: what the other hands could hold, over every deal this hand cannot rule out.

A deal is consistent with a `Position` when every other seat holds its pinned
cards plus as many free cards as it has room for. Any set of cards T that one
seat s could hold, i.e. T within its pinned cards and the free ones, using no
more free cards than s has room for, really occurs in some consistent deal: the
rest of the free cards fill the other seats, whose room adds up exactly. So
"some seat could hold a play that beats P" is decided exactly by looking for
such a T per seat, and the engine's own play generator does the looking. (A short
test deal leaves some free cards in no hand; the same argument holds.)

To keep the generator cheap on a pool of forty cards, each rank is first cut
down to the cards a combination of the kind in question could need (one for
singles and straights, two for pairs and stairs, three for triples and full
houses), the pinned ones first so the cheapest witness survives. Cutting
cannot hide a witness: any play of that kind uses at most that many cards of
a rank, and any card of a rank serves as well as another of the same rank
and cost (a straight of one suit is a bomb, which beats the same plays).
Bombs are looked for on the uncut pool (with two decks, on one copy of each card).
"""

from __future__ import annotations

from app.engine.cards import mask_cards
from app.engine.combos import BOMB, DOG, KIND, LENGTH, MASK, PAIR, SINGLE, STAIRS, STRAIGHT, TRIPLE, VALUE
from app.engine.plays import bombs_beating, candidate_plays

from .position import Position

# Cards of one rank a combination of each kind can use.
_KEEP = {SINGLE: 1, PAIR: 2, STAIRS: 2, TRIPLE: 3, STRAIGHT: 1}
_ANY_SINGLE = (SINGLE, 1, 0.5, 0, None)  # below every card: every bomb beats it


class Counter:
    """Answers "could some other hand beat this?" for one position, with a memo: whether a
    play can be beaten depends only on its kind, length and value."""

    def __init__(self, pos: Position):
        self.pos = pos
        self._memo: dict = {}

    def beater(self, play: tuple, bombs_only: bool = False) -> tuple[int, tuple] | None:
        """A seat and a play it could hold that beats `play` (None: no consistent deal gives
        any other seat such a play). `bombs_only`: look for bombs alone (what can hit a
        combination out of turn before this hand acts)."""
        key = (play[KIND], play[LENGTH], play[VALUE], bombs_only)
        if key not in self._memo:
            self._memo[key] = self._find(play, bombs_only)
        return self._memo[key]

    def _find(self, play: tuple, bombs_only: bool):
        pos = self.pos
        if play[KIND] == DOG:
            return None  # nothing is ever played on the Dog (it never stays on the table)
        for s in pos.others:
            pool = pos.unseen(s)
            for found in self._bombs(s, pool, play):
                return s, found
        if bombs_only or play[KIND] == BOMB:
            return None
        for s in pos.others:
            found = self._same_kind(s, pos.unseen(s), play)
            if found is not None:
                return s, found
        return None

    def _affordable(self, s: int, mask: int) -> bool:
        """Whether seat `s` could hold all of `mask` in some consistent deal."""
        return (mask & ~self.pos.pinned[s]).bit_count() <= self.pos.unknown[s]

    def _bombs(self, s: int, pool: int, play: tuple):
        deck = self.pos.deck
        if deck.copies > 1:
            # Two copies of a card serve a bomb alike: keep one of each (a pinned one first), or
            # the straight flushes multiply by two per rank.
            pool = _one_copy(pool, self.pos.pinned[s], deck)
        for bomb in bombs_beating(pool, deck, play):
            if self._affordable(s, bomb[MASK]):
                yield bomb

    def _same_kind(self, s: int, pool: int, play: tuple) -> tuple | None:
        pos = self.pos
        deck, rules = pos.deck, pos.rules
        if play[LENGTH] > pos.counts[s]:
            return None
        keep = _KEEP.get(play[KIND], 3)
        reduced = _cut(pool, pos.pinned[s], keep, deck)
        for cand in candidate_plays(reduced, deck, play, rules.stairs_min_pairs, rules.led_phoenix_value):
            same = cand[KIND] == play[KIND] and cand[LENGTH] == play[LENGTH]
            if (same or cand[KIND] == BOMB) and self._affordable(s, cand[MASK]):
                return cand
        return None


def _cut(pool: int, pinned: int, keep: int, deck) -> int:
    """`pool` with at most `keep` natural cards per rank, pinned ones first; specials all kept."""
    out = pool & ~deck.normal_mask
    for rank in range(deck.low, deck.high + 1):
        cards = pool & deck.rank_masks[rank]
        if cards.bit_count() <= keep:
            out |= cards
            continue
        chosen = mask_cards(cards & pinned)[:keep]
        chosen += mask_cards(cards & ~pinned)[:keep - len(chosen)]
        for c in chosen:
            out |= 1 << c
    return out


def _one_copy(pool: int, pinned: int, deck) -> int:
    """`pool` with one copy of each normal card (a pinned one where there is one)."""
    out = pool & ~deck.normal_mask
    seen: set = set()
    for card in mask_cards(pool & pinned & deck.normal_mask) + mask_cards(pool & ~pinned & deck.normal_mask):
        key = (deck.rank_of[card], deck.suit_of[card])
        if key not in seen:
            seen.add(key)
            out |= 1 << card
    return out


def _suit_rank_cost(pos: Position, s: int) -> dict:
    """For seat `s`: (rank, suit) -> 0 if it holds a card of it for certain (pinned), 1 if one
    could come from the free cards (and it has room for any); absent if neither."""
    deck = pos.deck
    cost: dict = {}
    for card in mask_cards(pos.unseen(s) & deck.normal_mask):
        key = (deck.rank_of[card], deck.suit_of[card])
        pinned = pos.pinned[s] >> card & 1
        if not pinned and key in cost:
            continue
        cost[key] = 0 if pinned else 1
    return cost


def possible_fours(pos: Position) -> dict:
    """Four of a kind another seat could hold: {rank: {seat: certain}} (certain: every card of
    it is known to be there). One card per suit (with two decks, either copy)."""
    deck = pos.deck
    out: dict = {}
    for s in pos.others:
        cost = _suit_rank_cost(pos, s)
        for rank in range(deck.low, deck.high + 1):
            needs = [cost.get((rank, suit)) for suit in range(4)]
            if None not in needs and sum(needs) <= pos.unknown[s]:
                out.setdefault(rank, {})[s] = sum(needs) == 0
    return out


def possible_straight_flushes(pos: Position) -> dict:
    """The longest straight flushes another seat could hold: {(suit, low, high): {seat:
    certain}}; every run of five or more inside one of them is possible too (for the same
    seats), and no other is."""
    deck = pos.deck
    windows: dict = {}
    for s in pos.others:
        cost = _suit_rank_cost(pos, s)
        room = pos.unknown[s]
        for suit in range(4):
            lo, spent = deck.low, 0
            for hi in range(deck.low, deck.high + 1):  # the longest affordable run ending at hi
                step = cost.get((hi, suit))
                if step is None:
                    lo, spent = hi + 1, 0
                    continue
                spent += step
                while spent > room:
                    spent -= cost[(lo, suit)]
                    lo += 1
                if hi - lo + 1 >= 5:
                    windows.setdefault((suit, lo, hi), {})[s] = spent == 0
    # Keep the runs no other one contains. A seat that could hold such a run has it as its own
    # longest run ending there (any affordable run lies inside that one), so its holders are
    # exactly the seats listed for it.
    return {key: seats for key, seats in windows.items()
            if not any(o != key and o[0] == key[0] and o[1] <= key[1] and key[2] <= o[2] for o in windows)}
