"""Sampled deals: consistent with what the seat knows, drawn as `random.shuffle` would draw them."""

import random

from app.bots.knowledge import Knowledge
from app.bots.sampling import Sampler, shuffle
from app.engine import Game, view_for

from .positions import play, table


def test_shuffle_draws_exactly_what_random_shuffle_draws():
    for seed in range(200):
        for length in (0, 1, 2, 7, 33, 56, 109):
            ours, theirs = list(range(length)), list(range(length))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(ours, a)
            b.shuffle(theirs)
            assert ours == theirs and a.random() == b.random()  # the same draws, no more, no fewer


def test_a_sampled_deal_gives_every_seat_its_count_of_the_unseen_cards_and_what_it_is_known_to_hold():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"])  # (filled to whole hands)
    play(game, 0, "Mj")
    k = Knowledge(view_for(game, 2))
    assert any(k.known)  # the cards seat 2 passed stay where it passed them
    sampler = Sampler(k)
    rng = random.Random(1)
    for _ in range(100):
        hands = sampler.sample(rng)
        assert hands[2] == k.hand
        others = [hands[s] for s in range(4) if s != 2]
        assert [h.bit_count() for h in hands] == k.counts
        union = 0
        for h in others:
            assert not union & h  # no card dealt twice
            union |= h
        assert union == k.unseen
        for s in range(4):
            assert hands[s] & k.known[s] == k.known[s]


def test_deals_of_a_whole_table_in_every_ruleset_add_up():
    for name, options in [("standard", {}), ("tientsin", {}), ("grandseigneur", {"players": 8})]:
        game = Game(name, options, seed=5)
        for s in game.round.pending() if game.round.phase == "grand" else ():
            game.apply({"act": "grand", "seat": s, "call": False})
        k = Knowledge(view_for(game, 1))
        hands = Sampler(k).sample(random.Random(2))
        assert sum(h.bit_count() for h in hands) == game.rules.deck.size
        assert [h.bit_count() for h in hands] == k.counts
