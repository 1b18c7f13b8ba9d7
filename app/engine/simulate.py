"""Random legal play: drives rounds to their end for property tests and benchmarks.

`random_action` picks one legal action for the whole table, as four
independent random players would: any seat with something to decide may act,
out-of-turn bombs and Tichu calls happen now and then.
"""

from __future__ import annotations

import random

from .actions import Action
from .cards import mask_cards
from .combos import DOG, KIND, MASK
from .round import EXCHANGE, GRAND, OVER, PLAY, strength


def random_action(rnd, rng: random.Random, bomb_rate: float = 0.15,
                  tichu_rate: float = 0.03, wish_rate: float = 0.7) -> Action | None:
    """One random legal action for `rnd` (a Round), or None if nobody can act."""
    seats = range(rnd.seating.seats)
    deck = rnd.deck
    if rnd.phase == OVER:
        return None
    if rnd.phase == GRAND:
        seat = rng.choice(rnd.pending())
        call = rnd.legal(seat).grand_call and rng.random() < 0.08
        return Action.grand_(seat, call)
    callers = [s for s in seats if rnd.can_call_tichu(s)]
    if callers and rng.random() < tichu_rate:
        return Action.tichu_(rng.choice(callers))
    if rnd.phase == EXCHANGE:
        seat = rng.choice(rnd.pending())
        return Action.exchange_(seat, random_exchange(rnd, seat, rng))
    assert rnd.phase == PLAY
    if rng.random() < bomb_rate:
        bombers = [(s, b) for s in seats for b in rnd.out_of_turn_bombs(s)]
        if bombers:
            seat, bomb = rng.choice(bombers)
            return Action.play_(seat, bomb[MASK])
    if rnd.gift_from is not None:
        legal = rnd.legal(rnd.gift_from)
        return Action.gift_(rnd.gift_from, rng.choice(legal.gift))
    seat = rnd.turn
    plays, can_pass = rnd.regular_plays(seat)
    if can_pass and (not plays or rng.random() < 0.35):
        return Action.pass_(seat)
    play = rng.choice(plays)
    wish = None
    if play[MASK] & deck.mahjong_mask and rng.random() < wish_rate:
        wish = rng.randint(deck.low, deck.high)
    to = None
    if play[KIND] == DOG:
        choice = rnd.dog_targets(seat)
        to = rng.choice(choice) if choice else None
    return Action.play_(seat, play[MASK], wish=wish, phoenix=play[4], to=to)


def random_exchange(rnd, seat: int, rng: random.Random) -> dict:
    """Random exchange cards for `seat`: {target: [cards]}, its best cards where it must."""
    pattern = rnd.seating.exchange[seat]
    count = sum(pattern.values())
    cards = mask_cards(rnd.hands[seat])
    if seat in rnd.seating.forced_best:
        rng.shuffle(cards)  # among equally good cards, any
        cards.sort(key=lambda c: -strength(rnd.deck, c))
        chosen = cards[:count]
    else:
        chosen = rng.sample(cards, count)
    give, at = {}, 0
    for target, k in sorted(pattern.items()):
        give[target] = chosen[at:at + k]
        at += k
    return give


def play_random_round(game, rng: random.Random, max_actions: int = 10_000, **rates) -> int:
    """Play the game's current round to its end at random; returns the number of actions."""
    rnd = game.round
    count = 0
    while rnd.phase != OVER:
        action = random_action(rnd, rng, **rates)
        game.apply(action)
        count += 1
        if count > max_actions:
            raise RuntimeError("round did not end")
    return count
