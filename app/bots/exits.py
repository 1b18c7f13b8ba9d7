"""What a seat's passes and leads say about its hand: nobody keeps a hand it could go out with.

A seat whose whole hand, when it passed, was one combination beating the trick, or when it led
was one combination, would have played it and gone out: the Normal bot always does, and people
all but always (going out is what the play is for). Not beside a partner who called: going out
first would break the partner's call, so a seat may hold back there (the Normal bot does unless
an opponent is about to go out), and no read is made.

A read is `Exit(seat, extra, top)`: the seat's hand then was its hand now plus `extra` (the
cards it played since, the lead's own cards included), and `top` the trick it passed on (None:
it led). Only hands of at most `MAX_CARDS` cards then are read: a larger hand that is one
combination is rare, and checking one on every sampled deal is not cheap.

`ExitCheck` tells whether a sampled deal breaks a read; the sampler then draws again
(`sampling.Sampler`). A seat that did keep such a hand (people err) makes the reads
impossible to meet: after `sampling.EXIT_TRIES` draws the sampler stops reading them.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import NamedTuple

from app.engine.cards import Deck
from app.engine.combos import LENGTH, beats, interpretations

#: The largest hand, at the pass or lead, that is read.
MAX_CARDS = 6


class Exit(NamedTuple):
    seat: int
    extra: int  # the cards the seat played since (a lead's own cards included)
    top: tuple | None  # the trick it passed on; None: it led


def exit_reads(events: list[tuple], plays: list[list[tuple]], counts: list[int], calls: list,
               partners: list[list[int]]) -> list[Exit]:
    """The reads of `events` ((seat, action index, top or None for a lead), in order) given every
    seat's plays ((action index, mask), in order), card counts now, calls and partners."""
    reads = []
    for seat, index, top in events:
        if not counts[seat] or any(calls[p] for p in partners[seat]):
            continue
        extra = 0
        for at, mask in plays[seat]:
            if at >= index:
                extra |= mask
        then = counts[seat] + extra.bit_count()
        if then > MAX_CARDS:
            continue
        # On a trick, only a hand as long as its top can beat it, or a bomb (4 cards and up).
        if top is None or then == top[LENGTH] or then >= 4:
            reads.append(Exit(seat, extra, top))
    return reads


class ExitCheck:
    """Whether sampled hands break any of `reads` (remembered per hand: late in a round the same
    hands come again and again)."""

    def __init__(self, reads: list[Exit], deck: Deck, stairs_min_pairs: int):
        self.reads = reads
        # (Not a bound method: the memo would hold the check in a cycle the collector frees late.)
        self.goes_out = lru_cache(maxsize=50_000)(partial(goes_out, deck, stairs_min_pairs))

    def broken(self, hands: list[int]) -> bool:
        goes = self.goes_out
        return any(goes(hands[seat] | extra, top) for seat, extra, top in self.reads)


def goes_out(deck: Deck, stairs_min_pairs: int, whole: int, top: tuple | None) -> bool:
    """Whether the whole hand `whole` is one combination that may go on `top` (None: a lead)."""
    return any(beats(p, top) for p in interpretations(whole, deck, stairs_min_pairs, on=top))
