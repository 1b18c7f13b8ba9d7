"""Sampled deals: consistent with what the seat knows, drawn as `random.shuffle` would draw them."""

import random

from app.bots.hard import HardBot
from app.bots.knowledge import Knowledge
from app.bots.sampling import Sampler, shuffle
from app.engine import Game, view_for

from .positions import pass_, play, table


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


def _one_card_each_read():
    """Seat 1 passed on a King holding one card; seat 2 led a 2 holding two (not a pair)."""
    game = table(["Mj R7 R8 R9", "B3 B8 GJ", "S5 SK S2 G10", "S6 RQ G6 R6"], fill=False)
    for seat, cards in ((0, "Mj"), (1, "B3"), (2, "S5"), (3, "S6"), (0, "R7"), (1, "B8"), (2, "SK")):
        play(game, seat, cards)
    pass_(game, 3, 0, 1)
    play(game, 2, "S2")
    return game


def _beats_a_king(deck, card: int) -> bool:
    return deck.role_of[card] in ("phoenix", "dragon") or (
        deck.role_of[card] == "normal" and deck.rank_of[card] > deck.parse_rank("K"))


def _pairs_a_two(deck, card: int) -> bool:
    return deck.role_of[card] == "phoenix" or (deck.role_of[card] == "normal" and deck.rank_of[card] == 2)


def test_no_seat_is_dealt_a_hand_it_could_have_gone_out_with_when_it_passed_or_led():
    game = _one_card_each_read()
    k = Knowledge(view_for(game, 0))
    deck = k.deck
    assert k.counts[1] == k.counts[2] == 1
    read, plain = Sampler(k, exits=True), Sampler(k)
    rng = random.Random(4)
    for sampler, kept in ((read, False), (plain, True)):
        dealt = [sampler.sample(rng) for _ in range(400)]
        over_the_king = [h[1] for h in dealt if _beats_a_king(deck, h[1].bit_length() - 1)]
        pairing = [h[2] for h in dealt if _pairs_a_two(deck, h[2].bit_length() - 1)]
        # Read: never; plain: now and then (6 and 4 of the 48 unseen cards).
        assert bool(over_the_king) == kept and bool(pairing) == kept


def test_beside_a_partner_who_called_a_pass_says_nothing():
    """Going out first would break the partner's call: a seat may keep its last card there."""
    game = table(["Mj R7 R8 R9", "B3 B8 GJ", "S5 SK S2 G10", "S6 RQ G6 R6"], fill=False, tichu=(3,))
    for seat, cards in ((0, "Mj"), (1, "B3"), (2, "S5"), (3, "S6"), (0, "R7"), (1, "B8"), (2, "SK")):
        play(game, seat, cards)
    pass_(game, 3, 0, 1)
    k = Knowledge(view_for(game, 0))
    assert not [e for e in k.exits if e.seat == 1]


def test_reads_no_deal_can_meet_are_dropped_for_the_plain_deals():
    """A seat that kept a hand it could go out with (people err): after the tries, deals as if
    nothing were read, not stuck drawing."""
    k = Knowledge(view_for(_one_card_each_read(), 0))
    k.exits = [e._replace(top=None, extra=0) for e in k.exits if e.seat == 1]  # any card "leads out"
    sampler = Sampler(k, exits=True)
    rng, twin = random.Random(9), random.Random(9)
    first = sampler.sample(rng)
    assert sampler.exits is None  # given up after EXIT_TRIES draws
    assert sampler.sample(rng) == Sampler(k).sample(_advanced(twin, k, first))


def _advanced(rng, k, first):
    """`rng` drawn as far as the failed reading drew: EXIT_TRIES plain deals."""
    from app.bots.sampling import EXIT_TRIES

    plain = Sampler(k)
    for _ in range(EXIT_TRIES):
        last = plain.sample(rng)
    assert last == first
    return rng


def test_the_hard_bot_reads_passes_and_leads_only_with_read_exits():
    k = Knowledge(view_for(_one_card_each_read(), 0))
    assert HardBot(0).sampler(k) is None  # its search's own plain sampler
    assert HardBot(0, read_exits=1).sampler(k).exits is not None
