"""Hand plans: the fewest, strongest combinations, bombs kept whole, and card tracking."""

from app.bots.hand import plan_hand, split_bombs
from app.bots.tracking import Unseen
from app.engine import STANDARD_DECK as D
from app.engine.combos import BOMB, FULL_HOUSE, PAIR, SINGLE, STRAIGHT

from .positions import mask


def kinds(plan):
    return sorted(c[0] for c in plan.combos)


def test_a_straight_is_one_combination():
    plan = plan_hand(mask("S2 B3 G4 R5 S6"), D)
    assert [(c[0], c[1], c[2]) for c in plan.combos] == [(STRAIGHT, 5, 6)]
    assert plan.count == 1


def test_the_mah_jong_and_the_phoenix_fill_a_straight():
    plan = plan_hand(mask("Mj S2 B3 R5 S6 Ph"), D)
    assert [(c[0], c[1], c[2], c[3]) for c in plan.combos] == [(STRAIGHT, 6, 6, 4)]


def test_pairs_and_a_triple_become_a_full_house_rather_than_loose_combinations():
    plan = plan_hand(mask("S3 B3 G3 R9 S9"), D)
    assert kinds(plan) == [FULL_HOUSE]


def test_bombs_are_set_aside_whole():
    bombs, rest = split_bombs(mask("S9 B9 G9 R9 G2 G3 G4 G5 G6 B7"), D)
    assert sorted(b[1] for b in bombs) == [4, 5] and all(b[0] == BOMB for b in bombs)
    assert rest == mask("B7")
    plan = plan_hand(mask("S9 B9 G9 R9 R2"), D)
    assert len(plan.bombs) == 1 and kinds(plan) == [SINGLE]


def test_a_strong_hand_costs_less_than_a_weak_one():
    strong = plan_hand(mask("Dr Ph SA BA GA RK SK BQ GQ RJ BJ G10 S10 B9"), D)
    weak = plan_hand(mask("Dg S2 B3 G3 R5 S6 B6 R8 G9 RJ SJ B2 G7 RQ"), D)
    assert strong.cost + 2 < weak.cost
    assert strong.dragon and not strong.dog and weak.dog


def test_the_plan_covers_every_card_exactly_once():
    hand = mask("Dr Ph SA BA GK RK SQ BQ S9 B9 G9 R2 G3 Dg")
    plan = plan_hand(hand, D)
    ranks = sorted(r for c in plan.combos for r in c[4])
    phoenix_uses = sum(1 for c in plan.combos if c[3] is not None)
    covered = len(ranks) + phoenix_uses + plan.dragon + plan.dog + sum(b[1] for b in plan.bombs)
    assert covered == hand.bit_count()
    assert phoenix_uses == 1


def test_unseen_cards_decide_what_is_a_sure_winner():
    # Everything but the Dragon and the other Aces is gone: an Ace single is sure.
    unseen = Unseen(mask("Dr SA BA"), D)
    assert unseen.can_beat(SINGLE, 1, 14)  # the Dragon
    assert not Unseen(mask("SA BA G2"), D).can_beat(SINGLE, 1, 14)
    assert Unseen(mask("SA BA G2"), D).can_beat(PAIR, 2, 13)
    assert not Unseen(mask("SA G2 B3"), D).can_beat(PAIR, 2, 13)
    assert Unseen(mask("SA Ph"), D).can_beat(PAIR, 2, 13)  # Ace and Phoenix
    assert Unseen(mask("S3 B4 G5 R6 Ph"), D).can_beat(STRAIGHT, 5, 6)
    assert not Unseen(mask("S3 B4 G5 R6"), D).can_beat(STRAIGHT, 5, 6)
