"""Reading a partner's card in the exchange and bombs not thrown: the read deals lean as the
model says, a read never refuses what Normal's own play does, and without the options nothing
changes."""

import random

from app.bots.bomb_reads import SLIP as BOMB_SLIP
from app.bots.bomb_reads import no_bomb_terms
from app.bots.exchange_reads import BEST, SLIP, STRONG, partner_gift_terms
from app.bots.hard import HardBot
from app.bots.knowledge import Knowledge
from app.bots.normal import NormalBot
from app.bots.reading import play_reading
from app.bots.sampling import Sampler
from app.bots.table import TableLog, play_round
from app.engine import Game, view_for

from .positions import mask, pass_, play, table

# Seat 0's whole hand; the table helper has it receive its last three cards from seats 1, 2, 3:
# the partner (seat 2) gave it the Queen of Swords.
HAND = "Mj S2 B4 G5 R6 S7 B8 G9 R10 SJ BJ B2 SQ G3"


def _after_the_exchange(**calls):
    return Knowledge(view_for(table([HAND, "", "", ""], **calls), 0))


def test_a_partner_that_gave_a_queen_held_nothing_above_a_king_outside_a_bomb():
    k = _after_the_exchange()
    (term,) = partner_gift_terms(k)
    assert (term.seat, term.rule, k.deck.format_card(term.card)) == (2, STRONG, "SQ")
    assert term.likelihood(mask("SK GK S3 B5")) == 1.0  # its two highest ranks: a King or a Queen
    assert term.likelihood(mask("SA GK S3 B5")) == SLIP
    assert term.likelihood(mask("Dr Ph GK S3")) == 1.0  # a non-caller keeps the Dragon and the Phoenix
    assert term.likelihood(mask("SA BA GA RA GK")) == 1.0  # four Aces are a bomb: kept


def test_the_read_deals_give_that_partner_fewer_aces():
    k = _after_the_exchange()
    aces = mask("SA BA GA RA")
    plain_sampler, read_sampler = Sampler(k), Sampler(k, play_reading(k, read_calls=False, exchange=True))
    a, b = random.Random(5), random.Random(5)
    plain = sum(bool(plain_sampler.sample(a)[2] & aces) for _ in range(400)) / 400
    read = sum(bool(read_sampler.sample(b)[2] & aces) for _ in range(400)) / 400
    assert plain > 0.6 and read < plain - 0.2  # (seat 0 passed an opponent one Ace)


def test_a_partner_gives_its_best_card_to_a_seat_that_called_and_a_caller_is_not_read():
    k = _after_the_exchange(tichu=(0,))
    (term,) = partner_gift_terms(k)
    assert term.rule == BEST
    assert term.likelihood(mask("SQ S3")) == 1.0 and term.likelihood(mask("Ph S3")) == SLIP
    assert partner_gift_terms(_after_the_exchange(tichu=(2,))) == []


def _let_go():
    """Seat 1 takes a trick with a pair of Kings and one card left, and leads it: seat 2 let it go."""
    game = table(["Mj S3 B3 G4", "SK BK S5", "G9 B9 R10", "R2 R6 G7"], fill=False)
    play(game, 0, "S3 B3")
    play(game, 1, "SK BK")
    pass_(game, 2, 3, 0)
    play(game, 1, "S5")
    return Knowledge(view_for(game, 0))


def test_a_seat_that_let_an_opponent_on_its_last_card_take_a_trick_held_no_bomb():
    k = _let_go()
    assert [s.seat for s in k.silences] == [0, 2]  # seat 3 is seat 1's partner
    (term,) = no_bomb_terms(k)  # seat 0 is the viewer
    assert term.seat == 2
    assert term.likelihood(mask("S9 B9 G9 R9 S2")) == BOMB_SLIP
    assert term.likelihood(mask("S9 B9 G9 S2 S3")) == 1.0
    assert term.likelihood(mask("G2 G3 G4 G5 G6 R8")) == BOMB_SLIP  # a straight flush


def test_without_the_options_the_deals_are_the_plain_ones():
    k = _after_the_exchange()
    assert HardBot(0).sampler(k) is None
    assert play_reading(k) is None  # the calls only: nobody called
    assert HardBot(0, read_exchange=True).sampler(k) is not None
    assert HardBot(0, read_bombs=True).sampler(k) is None  # no silence to read yet


class _Checking(NormalBot):
    """Normal, checking at each of its turns that the true hands meet every read."""

    def __init__(self, seat, rng, game, counts):
        super().__init__(seat, rng)
        self.game, self.counts = game, counts

    def decide(self, view):
        legal = view["legal"]
        if view["phase"] == "play" and legal and (legal["plays"] or legal["pass"]):
            k = Knowledge(view)
            for term in partner_gift_terms(k) + no_bomb_terms(k):
                true = Knowledge(view_for(self.game, term.seat)).hand
                self.counts[term.kind] += 1
                assert term.likelihood((true | term.plus) & ~term.minus) == 1.0, (term.kind, term.seat)
        return super().decide(view)


def test_normal_play_never_breaks_a_read():
    counts = {"exchange": 0, "bomb": 0}
    for ruleset, rounds in (("standard", 6), ("fifty-two", 3), ("tientsin", 2)):
        for i in range(rounds):
            game = Game(ruleset, {}, seed=100 + i)
            seats = game.round.seating.seats
            play_round(game, [_Checking(s, random.Random(s + i), game, counts) for s in range(seats)],
                       TableLog())
    assert counts["exchange"] > 50 and counts["bomb"] > 5, counts
