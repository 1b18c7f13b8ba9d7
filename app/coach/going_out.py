"""A proof that a hand can play out all its cards, whatever the others hold.

The claim is narrow on purpose: from here, in its regular turn, this hand can
play every card it holds, one combination after the other, and no other seat
can ever play anything in between (partner included). The proof is a plan:

- a first play from the engine's legal list (when following) or a lead;
- then leads, each a combination nobody can beat (`Counter.beater` finds no
  seat that could hold a higher combination of its kind or any bomb), so the
  trick comes back and this hand leads again (after giving a won Dragon trick
  away, if it must); the Dog is never such a combination: it gives the lead away;
- the last combination takes the last cards, so it need not be unbeatable;
- where a combination already lies on the table, nobody may be able to bomb it
  before this hand plays either;
- under the wish this hand must lead the wished rank while it holds it, so a
  combination holding it comes first (a play holding the Mah Jong wishes nothing).

Nobody else plays, so the unplayed cards elsewhere never change and one count
holds for the whole plan. The search is an exact cover of the hand by such
combinations, memoised on the cards left.
"""

from __future__ import annotations

from app.engine.combos import DOG, KIND, MASK
from app.engine.plays import candidate_plays, wish_mask

from .counting import Counter
from .position import Position
from .reading import read_entry


def going_out_plan(pos: Position, counter: Counter | None = None) -> list[tuple] | None:
    """The plays, in order, with which this hand goes out whatever the others hold; None
    where that cannot be proved from here (not its turn, or no such plan)."""
    if not pos.consistent or not pos.in_turn:
        return None
    counter = counter or Counter(pos)
    if pos.table_top is not None and counter.beater(pos.table_top, bombs_only=True) is not None:
        return None  # somebody could bomb what lies on the table before we play
    wished = wish_mask(pos.deck, pos.wish) if pos.wish is not None and not pos.wish_free else 0
    if pos.leading:
        return _leads(pos, counter, pos.hand, wished)
    for first in _regular_plays(pos):
        rest = pos.hand & ~first[MASK]
        if not rest:
            return [first]
        if first[KIND] == DOG or counter.beater(first) is not None:
            continue
        still = 0 if first[MASK] & wished else wished
        plan = _leads(pos, counter, rest, still)
        if plan is not None:
            return [first] + plan
    return None


def _regular_plays(pos: Position) -> list[tuple]:
    """The engine's legal plays for this hand's turn, read as engine plays on the top."""
    out = []
    for entry in pos.legal.get("plays") or ():
        play = read_entry(entry, pos.deck, pos.rules, pos.top)
        if play is not None:
            out.append(play)
    return out


def _leads(pos: Position, counter: Counter, hand: int, wished: int) -> list[tuple] | None:
    """Leads that play out `hand`: unbeatable combinations, then any last one."""
    deck, rules = pos.deck, pos.rules
    leads = candidate_plays(hand, deck, None, rules.stairs_min_pairs, rules.led_phoenix_value)
    safe: dict[int, tuple] = {}  # mask -> an unbeatable reading of it
    any_reading: dict[int, tuple] = {}
    for play in leads:
        mask = play[MASK]
        any_reading.setdefault(mask, play)
        if mask not in safe and play[KIND] != DOG and counter.beater(play) is None:
            safe[mask] = play
    by_low: dict[int, list[int]] = {}
    for mask in any_reading:
        by_low.setdefault(mask & -mask, []).append(mask)
    must_wish = bool(hand & wished)
    memo: dict = {}

    def cover(left: int, last: int, wish_done: bool, has_safe: bool) -> list[int] | None:
        """Safe masks covering `left` besides `last` (0: the last combination is still to
        choose), or None."""
        if not left:
            if not last:
                return None
            # Under the wish the first lead must hold the wished rank: a safe one holding it
            # goes first; a lone last combination holds every card left, the wished ones too.
            return [] if (not must_wish or wish_done or not has_safe) else None
        key = (left, last, wish_done, has_safe)
        if key in memo:
            return memo[key]
        memo[key] = None
        for mask in by_low.get(left & -left, ()):
            if mask & ~left:
                continue
            if mask in safe:
                found = cover(left & ~mask, last, wish_done or bool(mask & wished), True)
                if found is not None:
                    memo[key] = [mask] + found
                    return memo[key]
            if not last:
                found = cover(left & ~mask, mask, wish_done, has_safe)
                if found is not None:
                    memo[key] = found + [mask]  # (the last one at the end)
                    return memo[key]
        return None

    masks = cover(hand, 0, False, False)
    if masks is None:
        return None
    firsts, last = masks[:-1], masks[-1]
    firsts.sort(key=lambda m: not m & wished)  # under the wish, its rank first
    return [safe[m] for m in firsts] + [safe.get(last, any_reading[last])]
