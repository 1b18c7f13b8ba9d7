"""Reading the others' calls: deals lean to strong hands for a seat that called, and keep every
hard rule of the sampler."""

import random
import statistics

from app.bots import calls
from app.bots.deals import PrePlayDeals
from app.bots.hard import HardBot
from app.bots.knowledge import Knowledge
from app.bots.reading import GRAND, TICHU, TICHU_BEFORE, call_chance, grand_from_whole, play_reading
from app.bots.sampling import Sampler
from app.engine import Game, view_for

from .positions import mask, play, table

CALLER = 3


def _called_after_the_exchange():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8"])  # (filled to whole hands)
    game.apply({"seat": CALLER, "act": "tichu"})
    return game, Knowledge(view_for(game, 0))


def _strength(hands: list[list[int]], seat: int, deck) -> tuple[float, float]:
    """(mean Tichu chance, mean count of Aces, Dragon and Phoenix) of `seat`'s hands."""
    high = deck.dragon_mask | deck.phoenix_mask | mask("SA BA GA RA")
    return (statistics.mean(calls.tichu_chance(h[seat], deck) for h in hands),
            statistics.mean((h[seat] & high).bit_count() for h in hands))


def test_a_seat_that_called_tichu_is_dealt_stronger_hands():
    _, k = _called_after_the_exchange()
    reading = play_reading(k)
    assert [(t.seat, t.kind, t.called) for t in reading.terms] == [(CALLER, TICHU, True)]
    plain = [Sampler(k).sample(random.Random(i)) for i in range(300)]
    read_sampler = Sampler(k, reading)
    rng = random.Random(1)
    read = [read_sampler.sample(rng) for _ in range(300)]
    chance_plain, high_plain = _strength(plain, CALLER, k.deck)
    chance_read, high_read = _strength(read, CALLER, k.deck)
    assert chance_read > chance_plain + 0.15
    assert high_read > high_plain + 0.3


def test_read_deals_keep_every_hard_rule():
    _, k = _called_after_the_exchange()
    sampler = Sampler(k, play_reading(k))
    rng = random.Random(2)
    for _ in range(100):
        hands = sampler.sample(rng)
        assert hands[0] == k.hand
        assert [h.bit_count() for h in hands] == k.counts
        union = 0
        for s in (1, 2, 3):
            assert not union & hands[s]
            union |= hands[s]
            assert hands[s] & k.known[s] == k.known[s]  # what seat 0 passed stays there
        assert union == k.unseen


def test_the_same_seed_draws_the_same_read_deals():
    _, k = _called_after_the_exchange()
    first = Sampler(k, play_reading(k))
    again = Sampler(k, play_reading(k))
    a, b = random.Random(7), random.Random(7)
    assert [first.sample(a) for _ in range(50)] == [again.sample(b) for _ in range(50)]


def test_without_the_option_or_a_call_the_deals_are_the_plain_ones():
    game, k = _called_after_the_exchange()
    assert HardBot(0, read_calls=False).sampler(k) is None  # the search's own `Sampler(k)`
    assert HardBot(0, read_calls=False).pre_play_deals(k.view) is None
    assert HardBot(0, read_calls=True).sampler(k) is not None
    quiet = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8"])
    k_quiet = Knowledge(view_for(quiet, 0))
    assert play_reading(k_quiet) is None
    assert HardBot(0, read_calls=True).sampler(k_quiet) is None  # nothing to read: the fast path


def test_a_call_before_the_exchange_is_read_on_the_hand_before_what_this_seat_gave():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8"], tichu=(CALLER,))
    k = Knowledge(view_for(game, 0))
    (term,) = play_reading(k).terms
    given = sum(1 << c for t, c in k.given if t == CALLER)
    assert term.kind == TICHU_BEFORE and term.minus == given
    assert term.threshold == calls.TICHU_CHANCE_BEFORE_EXCHANGE


def test_a_grand_tichu_is_read_over_which_first_cards_it_saw():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8"], grand=(CALLER,))
    k = Knowledge(view_for(game, 0))
    (term,) = play_reading(k).terms
    assert term.kind == GRAND
    deck = k.deck
    strong = mask("Dr Ph SA BA GA SK S2 B3 G4 R5 S6 B7 G8 R9")
    weak = mask("Dg S2 B3 G4 R5 S6 B7 G8 R9 S10 BJ GQ RQ SJ")
    assert grand_from_whole(strong, deck, 8, 0.53) > 0.2 > 0.01 > grand_from_whole(weak, deck, 8, 0.53)
    eight = mask("Dr Ph SA BA GA SK S2 B3")  # all seen: the call's chance itself
    assert grand_from_whole(eight, deck, 8, 0.53) == call_chance(calls.grand_chance(eight, deck), 0.53)


def test_before_the_play_a_grand_caller_saw_strong_first_cards():
    game = Game("standard", {}, seed=11)
    for s in range(4):
        game.apply({"seat": s, "act": "grand", "call": s == 2})
    view = view_for(game, 0)
    deck = game.rules.deck
    plain, read = PrePlayDeals(view), PrePlayDeals(view, read=True)
    a, b = random.Random(3), random.Random(3)
    chance_plain = statistics.mean(calls.grand_chance(plain.sample(a)[1][2], deck) for _ in range(300))
    chance_read = statistics.mean(calls.grand_chance(read.sample(b)[1][2], deck) for _ in range(300))
    assert chance_read > chance_plain + 0.1
    a = random.Random(4)
    assert PrePlayDeals(view).sample(a) == PrePlayDeals(view, read=False).sample(random.Random(4))


def test_a_seat_that_played_without_calling_is_read_only_with_no_calls():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8"])
    play(game, 0, "Mj")
    k = Knowledge(view_for(game, 2))
    assert play_reading(k) is None
    reading = play_reading(k, no_calls=True)
    assert [(t.seat, t.called) for t in reading.terms] == [(0, False)]  # only seat 0 has played
    assert reading.terms[0].plus == k.played[0]


def test_a_read_deal_costs_at_most_its_tries():
    _, k = _called_after_the_exchange()
    reading = play_reading(k, tries=3)
    drawn = []
    reading.weight = lambda hands, shown=None: 0.0  # no deal fits: every try is refused
    sampler = Sampler(k, reading)
    plain = sampler._plain

    def counted(rng):
        drawn.append(1)
        return plain(rng)

    sampler._plain = counted
    sampler.sample(random.Random(5))
    assert len(drawn) == 3
