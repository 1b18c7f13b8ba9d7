"""Grand Tichu and Tichu calls from hand strength and the score.

Both calls are bets that this seat goes out first, so both estimate that
chance with a logistic model over a few features of the hand:

- Grand Tichu (first eight cards): the Dragon, the Phoenix, Aces, bombs, the Dog.
- Tichu (the fourteen cards after the exchange): the plan's cost and size
  (`hand.plan_hand`), the control cards, low loose singles and pairs, the Dog
  (a caller must give the lead away to play it), the Mah Jong (the first lead).

The weights were fitted on arena play of the Normal bot where one seat always
called and the others never did (`bench/arena_calibrate.py` re-fits them), so
they say how often this bot actually makes its call. A call is made when the
chance clears a threshold (a made Tichu is +100, a failed one -100): lower
when the score asks for risk (far behind near the end), higher when the
opponents have called too, since they will fight for the lead.
"""

from __future__ import annotations

import math

from app.engine.cards import Deck
from app.engine.combos import FULL_HOUSE, PAIR, SINGLE, STAIRS, STRAIGHT, TRIPLE

from .hand import plan_hand, rank_counts

#: Call Tichu after the exchange when the chance to go out first is at least this.
TICHU_CHANCE = 0.52
#: Call Tichu before the exchange (cards still to come, the Dog may be passed in) only above this.
TICHU_CHANCE_BEFORE_EXCHANGE = 0.8
#: Call Grand Tichu when the eight-card chance is at least this.
GRAND_CHANCE = 0.53
#: Per unit of the score's pressure (`score_pressure`), a Tichu call's threshold falls by this...
TICHU_PRESSURE = 0.1
#: ... and a Grand Tichu call's by this.
GRAND_PRESSURE = 0.08
#: An opponent's call raises a Tichu call's threshold by this (they will fight for the lead).
OPPONENT_CALLED = 0.06

# Logistic weights (see the module docstring): intercept first.
_TICHU_WEIGHTS = {
    "bias": -0.963, "cost": -0.699, "count": 0.621, "dragon": 0.551, "phoenix": 0.482,
    "aces": 0.335, "kings": 0.121, "bombs": -0.072, "dog": -1.337, "mahjong": 0.334,
    "low_singles": -0.374, "low_pairs": -0.268, "long_combos": -0.22,
}
_GRAND_WEIGHTS = {
    "bias": -1.24, "dragon": 0.683, "phoenix": 0.615, "aces": 0.147, "kings": 0.042,
    "bombs": 0.339, "dog": -0.545,
}


def _logistic(weights: dict, features: dict) -> float:
    z = weights["bias"] + sum(weights[name] * value for name, value in features.items())
    return 1.0 / (1.0 + math.exp(-z))


def score_pressure(view: dict, seat: int) -> float:
    """How much risk the score asks for: > 0 behind near the end, < 0 comfortably ahead.

    `seat`'s column (its team's, or its own where the score is kept per seat) against
    the best of the opponents'."""
    totals = view["scores"]["totals"]
    target = view["options"].get("target")
    if not target or not totals:
        return 0.0
    geometry = view["geometry"]
    if len(totals) == view["seats"]:
        mine = totals[seat]
        theirs = max(totals[o] for o in geometry["opponents"][seat])
    else:
        team = geometry["team_of"][seat]
        mine = totals[team]
        theirs = max(t for i, t in enumerate(totals) if i != team)
    pressure = 0.0
    if theirs >= target - 250 and mine < theirs:
        pressure += min(1.0, (theirs - mine) / 400)
    if mine >= target - 150 and mine > theirs + 200:
        pressure -= 0.5
    return pressure


def tichu_threshold(view: dict, seat: int, base: float, opponent_called: bool) -> float:
    """The chance a Tichu call needs now: `base` moved by the score's pressure and an
    opponent's call."""
    threshold = base - TICHU_PRESSURE * score_pressure(view, seat)
    if opponent_called:
        threshold += OPPONENT_CALLED
    return threshold


def grand_threshold(view: dict, seat: int, base: float) -> float:
    """The chance a Grand Tichu call needs now: `base` moved by the score's pressure."""
    return base - GRAND_PRESSURE * score_pressure(view, seat)


def grand_features(hand: int, deck: Deck) -> dict:
    counts = rank_counts(hand, deck)
    return {
        "dragon": int(bool(hand & deck.dragon_mask)),
        "phoenix": int(bool(hand & deck.phoenix_mask)),
        "aces": counts[deck.high],
        "kings": counts[deck.high - 1],
        "bombs": sum(1 for r in range(deck.low, deck.high + 1) if counts[r] == 4),
        "dog": int(bool(hand & deck.dog_mask)),
    }


def grand_chance(hand: int, deck: Deck) -> float:
    """Estimated chance that this bot goes out first after calling Grand Tichu on these cards."""
    return _logistic(_GRAND_WEIGHTS, grand_features(hand, deck))


def grand_chance_of(features: dict) -> float:
    """`grand_chance` from the features themselves (`grand_features`' names)."""
    return _logistic(_GRAND_WEIGHTS, features)


def tichu_features(hand: int, deck: Deck, stairs_min_pairs: int = 2) -> dict:
    plan = plan_hand(hand, deck, stairs_min_pairs)
    counts = rank_counts(hand, deck)
    low = deck.high - 4  # a 10 and below in the standard deck
    return {
        "cost": plan.cost,
        "count": plan.count,
        "dragon": plan.dragon,
        "phoenix": int(bool(hand & deck.phoenix_mask)),
        "aces": counts[deck.high],
        "kings": counts[deck.high - 1],
        "bombs": len(plan.bombs),
        "dog": plan.dog,
        "mahjong": int(bool(hand & deck.mahjong_mask)),
        "low_singles": sum(1 for c in plan.combos if c[0] == SINGLE and 0 < c[2] <= low),
        "low_pairs": sum(1 for c in plan.combos if c[0] == PAIR and c[2] <= low),
        "long_combos": sum(1 for c in plan.combos if c[0] in (STRAIGHT, FULL_HOUSE, STAIRS, TRIPLE)),
    }


def tichu_chance(hand: int, deck: Deck, stairs_min_pairs: int = 2) -> float:
    """Estimated chance that this bot goes out first after calling Tichu with this hand."""
    return _logistic(_TICHU_WEIGHTS, tichu_features(hand, deck, stairs_min_pairs))


def grand_estimate(view: dict, hand: int, deck: Deck, seat: int,
                   threshold: float = GRAND_CHANCE) -> tuple[float, float]:
    """(the chance to go out first on these eight cards, the chance a call needs at this score)."""
    return grand_chance(hand, deck), grand_threshold(view, seat, threshold)


def want_grand(view: dict, hand: int, deck: Deck, seat: int, partner_called: bool,
               threshold: float = GRAND_CHANCE) -> bool:
    if partner_called:
        return False
    chance, needed = grand_estimate(view, hand, deck, seat, threshold)
    return chance >= needed


def tichu_estimate(view: dict, hand: int, deck: Deck, seat: int, stairs_min_pairs: int,
                   opponent_called: bool, before_exchange: bool, give_away: int = 0,
                   threshold: float = TICHU_CHANCE,
                   threshold_before_exchange: float = TICHU_CHANCE_BEFORE_EXCHANGE) -> tuple[float, float]:
    """(the chance to go out first with this hand, the chance a Tichu call needs now).
    `give_away`: the cards it would pass in the exchange (before it: the hand without them)."""
    if before_exchange:
        threshold = threshold_before_exchange
        hand &= ~give_away
    return tichu_chance(hand, deck, stairs_min_pairs), tichu_threshold(view, seat, threshold, opponent_called)


def want_tichu(view: dict, hand: int, deck: Deck, seat: int, stairs_min_pairs: int,
               partner_called: bool, opponent_called: bool, before_exchange: bool,
               give_away: int = 0, threshold: float = TICHU_CHANCE,
               threshold_before_exchange: float = TICHU_CHANCE_BEFORE_EXCHANGE) -> bool:
    """Call Tichu with this hand? `give_away`: the cards it would pass in the exchange."""
    if partner_called:
        return False
    chance, needed = tichu_estimate(view, hand, deck, seat, stairs_min_pairs, opponent_called,
                                    before_exchange, give_away, threshold, threshold_before_exchange)
    return chance >= needed
