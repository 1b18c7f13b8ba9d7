"""The Phoenix's rank in a combination, which a BSW log does not write.

Most combinations with the Phoenix can be read one way only (a pair, a triple,
stairs, a straight with a hole, a full house 7-7-7-Ph-4). Two readings are left
where the Phoenix makes either pair of 9-9-5-5-Ph the triple, or extends a
straight at either end. Of the readings the rules allow at that moment, the
import keeps, in this order:

1. those the next play on the same trick beats, if one comes before the trick is
   won (otherwise the log would break the rules there);
2. those that fit the Phoenix's place in the line: BSW writes the cards highest
   first with the Phoenix standing at the rank it takes;
3. the higher one, as the engine reads a play without a `phoenix` rank.

A place that fits none of the readings left is noted; the import goes on.
"""

from __future__ import annotations

from ..combos import PHOENIX, beats, interpretations
from .notation import natural_rank
from .parse import CallLine, PassLine, PlayLine, WishLine


def infer_phoenix(rnd, play: PlayLine, mask: int, later: list) -> tuple[int | None, str | None]:
    """The rank the Phoenix takes in `play` (None: no Phoenix in a combination, or nothing to
    infer because the rules refuse the play anyway), and a note when its place fits no reading.

    `rnd` is the engine's round before the play; `later` the events that follow the play.
    """
    deck, rules = rnd.deck, rnd.rules
    if not mask & deck.phoenix_mask or mask.bit_count() < 2:
        return None, None
    if not rnd.in_regular_turn(play.seat):
        return None, None  # out of turn only a bomb goes, and no bomb holds the Phoenix
    on = None if rnd.leading() else rnd.top
    readings = [p for p in interpretations(mask, deck, rules.stairs_min_pairs, on, rules.led_phoenix_value)
                if on is None or beats(p, on)]
    if len(readings) <= 1:
        return (readings[0][PHOENIX] if readings else None), None
    answer = _next_play_on_trick(rnd, play.seat, later)
    if answer is not None:
        answer_mask = deck.parse_mask(list(answer.cards))
        beaten = [p for p in readings if _beaten_by(answer_mask, p, rnd)]
        readings = beaten or readings  # none: the rules refuse that next play, and say why
    if len(readings) == 1:
        return readings[0][PHOENIX], None
    placed = [p for p in readings if _fits_place(play.cards, p[PHOENIX])]
    if placed:
        return placed[0][PHOENIX], None
    ranks = " or ".join(deck.rank_name(p[PHOENIX]) for p in readings)
    return readings[0][PHOENIX], (f"the Phoenix's place in seat {play.seat}'s play fits none of the "
                                  f"readings the rules allow ({ranks}); the higher one is taken")


def _next_play_on_trick(rnd, seat: int, later: list) -> PlayLine | None:
    """The next play on the trick `seat` is about to play on, if one comes before everybody
    else has passed (after that a play is a new lead, or a bomb, which beats anything)."""
    others = {s for s in range(rnd.seating.seats) if s != seat and rnd.hands[s]}
    passed = set()
    for event in later:
        if isinstance(event, PlayLine):
            return event
        if isinstance(event, PassLine):
            passed.add(event.seat)
            if others <= passed:
                return None
        elif not isinstance(event, (WishLine, CallLine)):
            return None  # the Dragon's gift: the trick is gone
    return None


def _beaten_by(mask: int, reading: tuple, rnd) -> bool:
    rules = rnd.rules
    answers = interpretations(mask, rnd.deck, rules.stairs_min_pairs, reading, rules.led_phoenix_value)
    return any(beats(a, reading) for a in answers)


def _fits_place(cards: tuple, rank: int) -> bool:
    """Whether a Phoenix standing for `rank` may stand where it does among cards written
    highest first: after every higher card and before every lower one."""
    place = cards.index("Ph")
    ranks = [natural_rank(c) for c in cards if c != "Ph"]
    higher = sum(1 for r in ranks if r is not None and r > rank)
    at_least = sum(1 for r in ranks if r is not None and r >= rank)
    return higher <= place <= at_least
