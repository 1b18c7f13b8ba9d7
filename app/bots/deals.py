"""Deals of the cards a hand could not see, consistent with everything it knew at a decision.

- In the play phase: the Hard bot's own sampler (`app.bots.sampling.Sampler`, on the
  hand's `Knowledge`): every other hand gets as many cards as it holds, the cards
  this hand passed stay with their receivers unless played, the Mah Jong with the
  seat that led first, and a seat that did not fulfil the wish holds no more of that
  rank than it could have.
- Before the play (Grand Tichu, a Tichu call before the exchange, the exchange):
  whole hands as dealt, before any card changes hands (the hand does not know what
  the others passed or are about to pass). Fixed: the cards the player has seen of
  its own hand (the first cards only, at the Grand Tichu decision) and of the
  Trichu Table once its dealer sees it, each with what it passed already. Every
  other card is dealt at random to the seats, as many as each is dealt by the rules.
  `shown[s]`: the cards seat s saw before its Grand Tichu decision (the first ones
  it is dealt; for this player, the ones it saw).

With `read=True` (the Hard bot's `read_calls`) the others' Grand Tichu calls (on the first
cards each was dealt) and Tichu calls before the exchange (on its whole dealt hand) are read:
a deal is kept with the chance that they were made with its hands (`reading.py`). Without it
every consistent deal is equally likely.
"""

from __future__ import annotations

import random

from app.engine.game import hand_sizes
from app.engine.rulesets import rules_of

from .reading import TRIES, pre_play_reading


class PrePlayDeals:
    """Deals of whole hands before the exchange, for one decision (see the module docstring)."""

    def __init__(self, player_view: dict, read: bool = False, tries: int = TRIES):
        rules = rules_of(player_view)
        deck = rules.deck
        self.seats = n = player_view["seats"]
        self.grand_phase = player_view["phase"] == "grand"
        self.shown_size = rules.grand_tichu_cards
        own = player_view["viewer"]
        known = [0] * n
        known[own] = _held(deck, player_view["hand"], player_view.get("exchange"))
        table = player_view.get("table")
        if table and table["seat"] != own and table["hand"] is not None:
            known[table["seat"]] = _held(deck, table["hand"], table.get("exchange"))
        for s, cards in (player_view.get("seen_hands") or {}).items():
            if cards:  # a hand this one sees (the Trichu dealer's, seen from the Table's view)
                known[int(s)] |= deck.parse_mask(cards)
        self.known = known
        self.own = own
        seen = 0
        for m in known:
            seen |= m
        self.pool = [c for c in range(deck.size) if not seen >> c & 1]
        sizes = hand_sizes(rules, player_view["round"])
        self.need = [max(0, sizes[s] - known[s].bit_count()) for s in range(n)]
        self.reading = pre_play_reading(player_view, self.need, rules, tries) if read else None

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """(hands, shown): each seat's dealt hand, and what it saw before Grand Tichu."""
        if self.reading is not None:
            return self.reading.draw(lambda: self._plain(rng), rng)
        return self._plain(rng)

    def _plain(self, rng: random.Random) -> tuple[list[int], list[int]]:
        cards = self.pool[:]
        rng.shuffle(cards)
        hands, shown = [], []
        at = 0
        for s in range(self.seats):
            dealt = cards[at:at + self.need[s]]
            at += self.need[s]
            hand = self.known[s]
            for c in dealt:
                hand |= 1 << c
            hands.append(hand)
            if self.grand_phase and s == self.own:
                shown.append(self.known[s])  # in the Grand Tichu phase it saw exactly these
            else:
                seen = 0
                for c in dealt[:self.shown_size]:
                    seen |= 1 << c
                shown.append(seen)
        return hands, shown


def _held(deck, hand: list | None, exchange: dict | None) -> int:
    """A hand as dealt: the cards it holds and those it has already chosen to pass."""
    mask = deck.parse_mask(hand) if hand else 0
    given = (exchange or {}).get("given") or {}
    for cards in given.values():
        mask |= deck.parse_mask(cards)
    return mask
