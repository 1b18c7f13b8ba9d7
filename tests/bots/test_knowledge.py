"""What a seat knows, read from its view alone: played cards, exchange, wish, the trick."""

from app.bots.knowledge import Knowledge
from app.bots.sampling import Sampler
from app.engine import view_for

from .positions import mask, pass_, play, table


def test_tracks_played_cards_counts_and_the_trick():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False)
    play(game, 0, "Mj")
    play(game, 1, "S5")
    k = Knowledge(view_for(game, 2))
    assert k.played[0] == mask("Mj") and k.played[1] == mask("S5")
    assert k.played_all == mask("Mj S5")
    assert k.counts == [3, 2, 3, 3]
    assert k.top[0] == 0 and k.top[2] == 5 and k.top_seat == 1
    assert k.points_on_table() == 5
    # Unseen: everything not in seat 2's hand and not played.
    assert k.unseen == game.rules.deck.full_mask & ~mask("SK GK BQ Mj S5")


def test_knows_the_cards_it_passed_until_they_are_played():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False)
    view = view_for(game, 0)
    given = {int(t): c for t, c in view["exchange"]["given"].items()}
    k = Knowledge(view)
    for seat, card in given.items():
        assert k.known[seat] == mask(card)
    # Seat 1 plays the card seat 0 gave it: no longer "known in its hand".
    play(game, 0, "Mj")
    play(game, 1, given[1])
    assert Knowledge(view_for(game, 0)).known[1] == 0


def test_the_first_leader_held_the_mah_jong():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False)
    play(game, 0, "S3")
    k = Knowledge(view_for(game, 1))
    assert k.known[0] & mask("Mj")


def test_a_seat_that_passed_on_the_wish_holds_none_of_that_rank():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False)
    play(game, 0, "Mj", wish="9")
    pass_(game, 1)
    k = Knowledge(view_for(game, 2))
    assert k.max_of_rank[1] == {9: 0}
    assert k.max_of_rank[3] == {}
    # The sampler never gives seat 1 a natural 9.
    sampler = Sampler(k)
    import random
    rng = random.Random(3)
    nines = mask("S9 B9 G9 R9")
    for _ in range(200):
        hands = sampler.sample(rng)
        assert not hands[1] & nines


def test_a_bot_created_mid_round_knows_what_one_there_from_the_start_knows():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False)
    play(game, 0, "Mj")
    play(game, 1, "S5")
    play(game, 2, "SK")
    pass_(game, 3, 0, 1)
    k = Knowledge(view_for(game, 3))
    # Everybody passed: the trick is won but stays on the table until seat 2 leads.
    assert k.closed and k.top is None and k.top_seat == 2
    assert k.trick_mask == mask("Mj S5 SK") and k.piles[2] == 0
    assert k.played[2] == mask("SK")
    play(game, 2, "GK")
    k = Knowledge(view_for(game, 3))
    assert k.piles[2] == mask("Mj S5 SK") and k.top_seat == 2 and k.top[2] == 13
