"""Bombs not thrown: what a seat's silence says when an opponent took a trick it had to stop
(the Hard bot's `read_bombs`).

A trick that went to an opponent on its last card (it leads that card next and is out), or on
two cards after its call, is one the Normal bot always bombs when it can: in its turn and out of
turn as the trick closes (`tricks.should_bomb`, `tricks.choose_out_of_turn_bomb`: the urgency is
1 or more). So every other opponent of that trick's owner that let it go held no bomb able to
beat it. People and the Hard bot's bomb search sometimes keep one back, so a deal breaking the
read is kept with the chance `SLIP` (the soft reading of `reading.Reading`), not refused.

The hand read is the seat's then: its hand now and every card it has played since. A seat
lets several such tricks go; only its first is read (its hand then held all of its later ones,
so a bomb later was a bomb then), unless that trick was itself a bomb (only a higher bomb beats
it). Not read: tricks that went to a partner, and an opponent on more cards (Normal bombs then
only where the lead it wins lets it go out, which no cheap test tells).
"""

from __future__ import annotations

from typing import NamedTuple

from app.engine.cards import Deck
from app.engine.combos import BOMB, KIND

from .hand import split_bombs

#: How likely a seat let such a trick go while holding a bomb that beat it.
SLIP = 0.25


class Silence(NamedTuple):
    seat: int
    extra: int  # the cards the seat played since


def silences(closings: list[tuple], plays: list[list[tuple]], counts: list[int], call_at: dict,
             opponents: list[list[int]]) -> list[Silence]:
    """The first read of each seat from `closings` ((owner, action index, top), in order), every
    seat's plays ((action index, mask), in order), card counts now, the index of each seat's call
    and the opponents of each seat."""

    def played_after(seat: int, index: int) -> int:
        extra = 0
        for at, mask in plays[seat]:
            if at > index:
                extra |= mask
        return extra

    first: dict[int, Silence] = {}
    for owner, index, top in closings:
        left = counts[owner] + played_after(owner, index).bit_count()  # the owner's cards then
        called = call_at.get(owner, index) < index
        if not (left == 1 or (left == 2 and called)) or top[KIND] == BOMB:
            continue
        for s in opponents[owner]:
            if s not in first and counts[s] > 0:
                first[s] = Silence(s, played_after(s, index))
    return sorted(first.values())


class NoBomb:
    """A read term (`reading.Term`'s fields): `seat`, holding its sampled hand plus `plus`, let a
    trick topped by `top` go without a bomb."""

    kind = "bomb"
    called = True
    direct = True  # cheap: `reading.Reading` asks it for every deal, no memo
    __slots__ = ("seat", "plus", "minus", "deck")

    def __init__(self, silence: Silence, deck: Deck):
        self.seat, self.plus, self.deck = silence.seat, silence.extra, deck
        self.minus = 0

    def likelihood(self, hand: int) -> float:
        # The trick's top was no bomb (`silences` reads no other): any bomb would have beaten it.
        return SLIP if split_bombs(hand, self.deck)[0] else 1.0


def no_bomb_terms(k) -> list[NoBomb]:
    """The silences to read for the seat of `k` (`Knowledge`): seats whose hands are hidden."""
    hidden = set(k.hidden_seats())
    return [NoBomb(s, k.deck) for s in k.silences
            if s.seat in hidden and k.known[s.seat].bit_count() < k.counts[s.seat]]
