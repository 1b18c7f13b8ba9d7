"""bombs_beating remembers hands that hold no bomb: its answers stay those of a full listing."""

import random

from app.engine import plays
from app.engine.cards import DOUBLE_DECK, FIFTY_TWO_DECK, NO_DOG_DECK, STANDARD_DECK
from app.engine.combos import BOMB, SINGLE
from app.engine.plays import _bombs, _HandIndex, bombs_beating


def listed(hand, deck, above):
    out = []
    _bombs(_HandIndex(hand, deck), above, out)
    return out


def test_remembered_answers_equal_a_full_listing():
    rng = random.Random(3)
    plays._BOMBLESS.clear()
    remembered = 0
    for deck in (STANDARD_DECK, FIFTY_TWO_DECK, NO_DOG_DECK, DOUBLE_DECK):
        single = (SINGLE, 1, 5, 0, None)
        low_bomb = (BOMB, 4, 3, 0, None)
        for _ in range(400):
            size = rng.randint(1, min(27, deck.size))
            hand = sum(1 << c for c in rng.sample(range(deck.size), size))
            for on in (single, low_bomb, single, low_bomb):  # the second round from the memory
                expected = listed(hand, deck, on[2] if on[0] == BOMB else plays._NONE)
                assert bombs_beating(hand, deck, on) == expected
            remembered += (deck.name, hand) in plays._BOMBLESS
    assert remembered > 100  # most random hands hold no bomb: the memory was used


def test_the_memory_is_bounded():
    plays._BOMBLESS.clear()
    rng = random.Random(4)
    for _ in range(plays._BOMBLESS_MAX + 10):
        hand = sum(1 << c for c in rng.sample(range(STANDARD_DECK.size), 3))
        bombs_beating(hand, STANDARD_DECK, (SINGLE, 1, 5, 0, None))
    assert len(plays._BOMBLESS) <= plays._BOMBLESS_MAX
