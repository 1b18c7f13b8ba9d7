"""Combinations: what a set of cards is, and what beats what.

A play is a plain tuple `(kind, length, value, mask, phoenix)`, kept plain
because the play generator makes hundreds of them per position:

- `kind`: one of the kind constants below;
- `length`: number of cards;
- `value`: what comparison uses: the rank of a single (Mah Jong 1, Dragon 20,
  a Phoenix single the rank it was played on + 0.5, led 1.5), of a pair or
  triple, the highest pair of stairs, the triple of a full house, the highest
  card of a straight; for bombs a number that orders them as docs/rules.md 1.10 (Bombs);
- `mask`: the cards as a bitmask of card ids;
- `phoenix`: the rank the Phoenix stands for inside a combination, else None.

Use the index constants (KIND, LENGTH, ...) to read one.
"""

from __future__ import annotations

from .cards import DRAGON_VALUE, Deck, mask_cards
from .errors import IllegalAction

SINGLE, PAIR, STAIRS, TRIPLE, FULL_HOUSE, STRAIGHT, BOMB, DOG = range(8)
KIND_NAMES = ("single", "pair", "stairs", "triple", "full_house", "straight", "bomb", "dog")
KIND_BY_NAME = {name: k for k, name in enumerate(KIND_NAMES)}

KIND, LENGTH, VALUE, MASK, PHOENIX = range(5)


def four_bomb_value(rank: int) -> int:
    return rank


def straight_flush_value(length: int, top: int) -> int:
    # Every straight flush beats every four of a kind; longer beats shorter;
    # then the top card. Ranks are below 20, fours below 100.
    return 100 + 20 * length + top


def bomb_top(value: int) -> int:
    """The rank shown for a bomb: the four's rank or the straight flush's top card."""
    return value if value < 100 else (value - 100) % 20


def beats(play: tuple, on: tuple | None) -> bool:
    """Whether `play` may go on `on` (None: an empty table, anything leads)."""
    if on is None:
        return True
    if play[KIND] == BOMB:
        return on[KIND] != BOMB or play[VALUE] > on[VALUE]
    return play[KIND] == on[KIND] and play[LENGTH] == on[LENGTH] and play[VALUE] > on[VALUE]


def dragon_value(on: tuple | None) -> int:
    """A single Dragon's value: above everything; with two decks, the second Dragon played on
    the first beats it."""
    if on is not None and on[KIND] == SINGLE and on[VALUE] >= DRAGON_VALUE:
        return DRAGON_VALUE + 1
    return DRAGON_VALUE


def phoenix_single_value(on: tuple | None, led_value: float) -> float | None:
    """The value of a single Phoenix played on `on`; None where it cannot go."""
    if on is None:
        return led_value
    if on[KIND] != SINGLE or on[VALUE] >= DRAGON_VALUE:
        return None
    return on[VALUE] + 0.5


def interpretations(mask: int, deck: Deck, stairs_min_pairs: int = 2, on: tuple | None = None,
                    led_phoenix_value: float = 1.5) -> list[tuple]:
    """Every way to read the card set `mask` as one combination.

    Several entries only where the Phoenix can stand for more than one rank.
    A single Phoenix is valued against `on` (None: as a lead); it has no
    reading at all on the Dragon. Empty when the cards are no combination.
    """
    cards = mask_cards(mask)
    n = len(cards)
    if n == 0:
        return []
    ph_mask = mask & deck.phoenix_mask
    has_ph = bool(ph_mask)
    if n == 1:
        if mask & deck.dog_mask:
            return [(DOG, 1, 0, mask, None)]
        if has_ph:
            value = phoenix_single_value(on, led_phoenix_value)
            return [] if value is None else [(SINGLE, 1, value, mask, None)]
        if mask & deck.dragon_mask:
            return [(SINGLE, 1, dragon_value(on), mask, None)]
        return [(SINGLE, 1, deck.rank_of[cards[0]], mask, None)]
    if mask & (deck.dog_mask | deck.dragon_mask) or ph_mask & (ph_mask - 1):
        return []  # the Dog and the Dragon only ever go alone; one Phoenix per combination
    ranks = []
    for c in cards:
        if not ph_mask >> c & 1:
            ranks.append(deck.rank_of[c])
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    has_mj = 1 in counts
    found = []
    # Straights (the Mah Jong may be the 1).
    if n >= 5 and all(c == 1 for c in counts.values()):
        found += _straights(mask, ranks, has_ph, deck)
    if has_mj:
        return found  # the Mah Jong is in no other combination
    distinct = sorted(counts)
    if not has_ph:
        if len(distinct) == 1:
            k = counts[distinct[0]]
            if k == 2:
                found.append((PAIR, 2, distinct[0], mask, None))
            elif k == 3:
                found.append((TRIPLE, 3, distinct[0], mask, None))
            elif k == 4 and len({deck.suit_of[c] for c in cards}) == 4:
                # (with two decks, four of a kind is a bomb only in four different suits)
                found.append((BOMB, 4, four_bomb_value(distinct[0]), mask, None))
        elif n == 5 and sorted(counts.values()) == [2, 3]:
            triple = next(r for r, k in counts.items() if k == 3)
            found.append((FULL_HOUSE, 5, triple, mask, None))
        elif (n % 2 == 0 and n // 2 >= stairs_min_pairs and all(k == 2 for k in counts.values())
              and distinct[-1] - distinct[0] == len(distinct) - 1):
            found.append((STAIRS, n, distinct[-1], mask, None))
        return found
    # With the Phoenix as a wildcard (never in a bomb, never below 2 or above the top rank).
    if len(distinct) == 1:
        r = distinct[0]
        k = counts[r]
        if k == 1:
            found.append((PAIR, 2, r, mask, r))
        elif k == 2:
            found.append((TRIPLE, 3, r, mask, r))
        return found  # three of a kind + Phoenix is no combination
    if n == 5:
        shape = sorted(counts.values())
        if shape == [2, 2]:
            # 9-9-5-5-Ph: the Phoenix makes either pair the triple; higher first.
            for r in sorted(counts, reverse=True):
                found.append((FULL_HOUSE, 5, r, mask, r))
        elif shape == [1, 3]:
            triple = next(r for r, k in counts.items() if k == 3)
            single = next(r for r, k in counts.items() if k == 1)
            found.append((FULL_HOUSE, 5, triple, mask, single))
    if (n % 2 == 0 and n // 2 >= stairs_min_pairs
            and distinct[-1] - distinct[0] == len(distinct) - 1
            and sorted(counts.values()) == [1] + [2] * (len(distinct) - 1)):
        hole = next(r for r, k in counts.items() if k == 1)
        found.append((STAIRS, n, distinct[-1], mask, hole))
    return found


def _straights(mask: int, ranks: list[int], has_ph: bool, deck: Deck) -> list[tuple]:
    lo, hi = min(ranks), max(ranks)
    n = len(ranks) + has_ph
    if not has_ph:
        if hi - lo + 1 != n:
            return []
        if lo >= 2:
            suits = {deck.suit_of[c] for c in mask_cards(mask)}
            if len(suits) == 1:
                return [(BOMB, n, straight_flush_value(n, hi), mask, None)]
        return [(STRAIGHT, n, hi, mask, None)]
    span = hi - lo + 1
    if span == n:  # one hole inside: the Phoenix fills it
        hole = next(r for r in range(lo, hi + 1) if r not in ranks)
        return [(STRAIGHT, n, hi, mask, hole)]
    if span == n - 1:  # the Phoenix extends one end; higher reading first
        found = []
        if hi + 1 <= deck.high:
            found.append((STRAIGHT, n, hi + 1, mask, hi + 1))
        if lo - 1 >= 2:
            found.append((STRAIGHT, n, hi, mask, lo - 1))
        return found
    return []


def choose_reading(readings: list[tuple], phoenix: int | None, deck: Deck) -> list[tuple]:
    """The readings an action means: the one with its `phoenix` rank, else all (higher first).

    Raises when the named rank is not one the Phoenix can take in this play.
    """
    if phoenix is None:
        return readings
    chosen = [p for p in readings if p[PHOENIX] == phoenix]
    if not chosen:
        takes = sorted({deck.rank_name(p[PHOENIX]) for p in readings if p[PHOENIX] is not None})
        if takes:
            raise IllegalAction(
                f"the Phoenix cannot be a {deck.rank_name(phoenix)} here (it can be {' or '.join(takes)})",
                "bad_phoenix")
        raise IllegalAction("a Phoenix rank is only given when the Phoenix is part of a combination",
                            "bad_phoenix")
    return chosen


def rank_label(play: tuple, deck: Deck) -> str:
    """The rank of a play as the `plays` command prints it."""
    kind, value = play[KIND], play[VALUE]
    if kind == DOG:
        return deck.codes[deck.dog]
    if kind == BOMB:
        return deck.rank_name(bomb_top(value))
    if kind == SINGLE:
        if value >= DRAGON_VALUE:
            return deck.codes[mask_cards(play[MASK])[0]]
        if value != int(value):
            base = int(value)
            return ("0" if base == 0 else deck.rank_name(base)) + ".5"
    return deck.rank_name(int(value))


def describe(play: tuple, deck: Deck) -> dict:
    """A play as the record and the `plays` command print it."""
    ph = play[PHOENIX]
    return {
        "cards": deck.format_cards(play[MASK]),
        "kind": KIND_NAMES[play[KIND]],
        "rank": rank_label(play, deck),
        "phoenix": deck.rank_name(ph) if ph is not None else None,
    }
