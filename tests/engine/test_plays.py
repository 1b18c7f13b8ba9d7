"""Legal-play listing (plays.py): hand-made positions, and the generator against a brute-force oracle.

The oracle classifies every subset of a hand with `interpretations` and keeps what
`beats` the table: the generator must list exactly those plays, each once (a
Phoenix that can stand for two ranks gives two entries, RULES.md A12/C13).
"""

import os
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    FIFTY_TWO_DECK,
    STANDARD_DECK,
    beats,
    bombs_beating,
    candidate_plays,
    interpretations,
    mask_cards,
    turn_plays,
)
from app.engine.combos import BOMB, DOG, KIND_NAMES, MASK, SINGLE
from app.engine.plays import wish_mask

LONG = os.environ.get("TICHU_LONG") == "1"
DECK = STANDARD_DECK


def m(text, deck=DECK):
    return deck.parse_mask(text)


def on_play(text, phoenix=None, deck=DECK):
    readings = interpretations(m(text, deck), deck)
    if phoenix is not None:
        readings = [p for p in readings if p[4] == phoenix]
    return readings[0]


def listing(hand, on=None, deck=DECK, **kw):
    """Plays as (cards, kind, value, phoenix) tuples, for readable expectations."""
    return sorted((deck.format_cards(p[MASK]), KIND_NAMES[p[0]], p[2], p[4])
                  for p in candidate_plays(m(hand, deck), deck, on, **kw))


def cards_of(plays, deck=DECK):
    return sorted(deck.format_cards(p[MASK]) for p in plays)


# -- the oracle -----------------------------------------------------------------------------


def subsets(mask):
    cards = mask_cards(mask)
    for bits in range(1, 1 << len(cards)):
        sub = 0
        for i, c in enumerate(cards):
            if bits >> i & 1:
                sub |= 1 << c
        yield sub


def oracle_plays(hand, deck, on, stairs_min_pairs=2, led=1.5):
    found = []
    for sub in subsets(hand):
        for p in interpretations(sub, deck, stairs_min_pairs, on, led):
            if on is None or beats(p, on):
                found.append(p)
    return found


def oracle_turn(hand, deck, on, wish, escape, stairs_min_pairs=2, led=1.5):
    """RULES.md A13 and C8 written out plainly: the plays in a regular turn and whether passing is allowed."""
    plays = oracle_plays(hand, deck, on, stairs_min_pairs, led)
    wished = [c for c in mask_cards(hand) if deck.role_of[c] == "normal" and deck.rank_of[c] == wish]
    wmask = sum(1 << c for c in wished)
    fulfil = [p for p in plays if p[MASK] & wmask]
    if not fulfil:
        return plays, on is not None
    if escape == "always" or (escape == "follow_only" and on is not None):
        return fulfil + [p for p in plays if p[0] == BOMB and not p[MASK] & wmask], False
    return fulfil, False


def key(plays):
    return Counter(plays)


def random_position(rng, deck=DECK, max_cards=10):
    """A hand and a table. Dense hands: a narrow window of ranks makes pairs, stairs, full
    houses and straights likely; specials are frequent; now and then a four of a kind or a
    straight flush is put in on purpose. The table is a lead (None) or one combination the
    other cards of the window can make, every kind equally likely."""
    lo = rng.randint(deck.low, deck.high - 4)
    hi = min(deck.high, lo + rng.randint(4, 7))
    window = [c for c in range(deck.size)
              if deck.role_of[c] == "normal" and lo <= deck.rank_of[c] <= hi]
    specials = [deck.mahjong, deck.phoenix, deck.dragon, deck.dog]
    chance = {deck.mahjong: 0.5, deck.phoenix: 0.6, deck.dragon: 0.25, deck.dog: 0.25}
    chosen = [c for c in specials if rng.random() < chance[c]]
    bomb = rng.random()
    if bomb < 0.15:
        rank = rng.randint(lo, hi)
        chosen += [c for c in window if deck.rank_of[c] == rank]
    elif bomb < 0.3:
        suit, start = rng.randrange(4), rng.randint(lo, hi - 4)
        chosen += [c for c in window if deck.suit_of[c] == suit and start <= deck.rank_of[c] < start + 5]
    size = rng.randint(max(1, max_cards // 2), max_cards)
    rng.shuffle(window)
    chosen = list(dict.fromkeys(chosen + window))[:size]
    hand = sum(1 << c for c in chosen)
    if rng.random() < 0.25:
        return hand, None
    rest = [c for c in window + specials if not hand >> c & 1]
    other = sum(1 << c for c in rng.sample(rest, min(len(rest), rng.randint(5, 10))))
    tables = [p for p in oracle_plays(other, deck, None) if p[0] != DOG]
    if rng.random() < 0.1:  # a bomb on the table, from anywhere outside the hand
        tables = [p for p in bombs_beating(deck.normal_mask & ~hand, deck, (SINGLE, 1, 2, 0, None))]
    if not tables:
        return hand, None
    kind = rng.choice(sorted({p[0] for p in tables}))
    on = rng.choice([p for p in tables if p[0] == kind])
    if on[MASK] == 1 << deck.phoenix:  # a single Phoenix counts what it was played on + 0.5
        below = rng.choice([1.5] + [r + 0.5 for r in range(deck.low, deck.high + 1)])
        on = (SINGLE, 1, below, on[MASK], None)
    return hand, on


def positions(deck=DECK, max_cards=10):
    # A seed, not st.randoms(): Hypothesis' own random leans to small values and few kinds.
    return st.integers(0, 2**64).map(lambda seed: random_position(random.Random(seed), deck, max_cards))


def _check_against_oracle(hand, on, deck, stairs_min_pairs, led):
    got = candidate_plays(hand, deck, on, stairs_min_pairs, led)
    want = oracle_plays(hand, deck, on, stairs_min_pairs, led)
    assert len(got) == len(set(got)), "a play is listed twice"
    missing = key(want) - key(got)
    extra = key(got) - key(want)
    assert not missing and not extra, (
        f"hand {deck.format_cards(hand)} on {on}: missing "
        f"{[deck.format_cards(p[MASK]) + ' ' + str(p) for p in missing]}, extra "
        f"{[deck.format_cards(p[MASK]) + ' ' + str(p) for p in extra]}")


ORACLE = settings(max_examples=3000 if LONG else 600, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow])


@ORACLE
@given(pos=positions(), stairs_min_pairs=st.sampled_from([2, 2, 3]))
def test_generator_lists_exactly_the_oracles_plays_standard(pos, stairs_min_pairs):
    hand, on = pos
    _check_against_oracle(hand, on, DECK, stairs_min_pairs, 1.5)


@ORACLE
@given(pos=positions(deck=FIFTY_TWO_DECK))
def test_generator_lists_exactly_the_oracles_plays_fifty_two(pos):
    hand, on = pos
    _check_against_oracle(hand, on, FIFTY_TWO_DECK, 2, 0.5)


@ORACLE
@given(pos=positions(), wish=st.integers(2, 14),
       escape=st.sampled_from(["follow_only", "always", "never"]))
def test_turn_plays_apply_the_wish_like_the_oracle(pos, wish, escape):
    hand, on = pos
    plays, can_pass = turn_plays(hand, DECK, on, wish, wish_bomb_escape=escape)
    want, want_pass = oracle_turn(hand, DECK, on, wish, escape)
    assert key(plays) == key(want)
    assert can_pass == want_pass


@settings(max_examples=80 if LONG else 20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=positions(max_cards=13))
def test_generator_matches_the_oracle_on_big_hands(pos):
    hand, on = pos
    _check_against_oracle(hand, on, DECK, 2, 1.5)


@settings(max_examples=500 if LONG else 100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=st.lists(st.integers(0, 55), min_size=14, max_size=14, unique=True))
def test_every_listed_play_of_a_full_hand_is_a_legal_reading(cards):
    """Soundness on real 14-card hands (too big for the oracle): each listed play is one
    reading of its cards, and no play is listed twice."""
    hand = sum(1 << c for c in cards)
    plays = candidate_plays(hand, DECK, None)
    assert len(plays) == len(set(plays))
    for p in plays:
        assert p[MASK] & ~hand == 0
        assert p in interpretations(p[MASK], DECK, 2, None)


# -- hand-made positions ----------------------------------------------------------------------


def test_a6_lead_lists_every_combination_and_the_dog():
    assert listing("R7 G7 Dg") == [
        ("Dg", "dog", 0, None), ("G7", "single", 7, None), ("G7 R7", "pair", 7, None),
        ("R7", "single", 7, None),
    ]


def test_a12_lead_with_phoenix_lists_its_pairs_and_single():
    assert listing("Ph R7 G8") == [
        ("G8", "single", 8, None), ("Ph", "single", 1.5, None), ("Ph G8", "pair", 8, 8),
        ("Ph R7", "pair", 7, 7), ("R7", "single", 7, None),
    ]


def test_a12_ambiguous_phoenix_straight_is_listed_twice():
    got = [p for p in listing("Ph S10 RJ GQ BK") if p[1] == "straight"]
    assert got == [("Ph BK GQ RJ S10", "straight", 13, 9), ("Ph BK GQ RJ S10", "straight", 14, 14)]


def test_a12_ambiguous_phoenix_full_house_is_listed_twice():
    got = [p for p in listing("Ph R9 G9 S5 B5") if p[1] == "full_house"]
    assert got == [("Ph G9 R9 S5 B5", "full_house", 5, 5), ("Ph G9 R9 S5 B5", "full_house", 9, 9)]


def test_a12_phoenix_on_the_dragon_is_not_listed():
    assert listing("Ph SA", on=on_play("Dr")) == []


def test_a12_phoenix_follows_an_ace_as_ace_and_a_half():
    assert listing("Ph RK", on=on_play("SA")) == [("Ph", "single", 14.5, None)]


def test_a12_led_phoenix_is_beaten_by_a_two_not_the_mah_jong():
    led = (SINGLE, 1, 1.5, m("Ph"), None)
    assert listing("S2 Mj", on=led) == [("S2", "single", 2, None)]


def test_a13_mah_jong_straight_is_listed():
    straights = [p for p in listing("Mj S2 B3 G4 R5 Ph") if p[1] == "straight" and "Mj" in p[0]]
    assert ("R5 G4 B3 S2 Mj", "straight", 5, None) in straights
    assert ("Ph R5 G4 B3 S2 Mj", "straight", 6, 6) in straights
    assert ("Ph G4 B3 S2 Mj", "straight", 5, 5) in straights  # the Phoenix as the 5
    assert all(p[3] != 1 for p in straights)  # the Phoenix is never the 1


def test_a15_straight_flush_is_listed_only_as_a_bomb():
    plays = listing("G3 G4 G5 G6 G7")
    flush = "G7 G6 G5 G4 G3"
    assert [p for p in plays if p[0] == flush] == [(flush, "bomb", 100 + 20 * 5 + 7, None)]


def test_a7_following_lists_only_the_same_kind_and_length_higher_plus_bombs():
    hand = "S9 B9 G9 R9 R8 G8 R7 R6 R5 R4 Ph"
    on = on_play("S7 B7")
    got = {(c, k) for c, k, _, _ in listing(hand, on=on)}
    assert ("G8 R8", "pair") in got
    assert ("Ph R8", "pair") in got
    assert ("S9 B9 G9 R9", "bomb") in got
    assert ("R8 R7 R6 R5 R4", "bomb") in got
    assert not any(k in ("single", "triple", "straight") for _, k in got)
    assert ("Ph R7", "pair") not in got  # only equal, not higher


def test_a11_following_a_straight_needs_the_same_length():
    on = on_play("S3 R4 G5 B6 S7")
    got = listing("B4 G5 R6 S7 B8 G9", on=on)
    assert [c for c, _, _, _ in got] == ["B8 S7 R6 G5 B4", "G9 B8 S7 R6 G5"]


def test_a15_on_a_bomb_only_higher_bombs_are_listed():
    on = on_play("S8 B8 G8 R8")
    got = listing("S9 B9 G9 R9 S4 B4 G4 R4 RA", on=on)
    assert got == [("S9 B9 G9 R9", "bomb", 9, None)]


def test_bombs_beating_lists_bombs_only():
    hand = m("S9 B9 G9 R9 R8 G8 R2 R3 R4 R5 R6")
    got = cards_of(bombs_beating(hand, DECK, on_play("SA")))
    assert got == ["R6 R5 R4 R3 R2", "S9 B9 G9 R9"]
    assert cards_of(bombs_beating(hand, DECK, on_play("S7 B7 G7 R7"))) == ["R6 R5 R4 R3 R2", "S9 B9 G9 R9"]
    assert cards_of(bombs_beating(hand, DECK, on_play("G2 G3 G4 G5 G6 G7"))) == []


def test_a10c_stairs_are_listed_for_two_or_three_pair_minimum():
    hand = "R5 G5 S6 B6 G7 S7"
    two = {c for c, k, _, _ in listing(hand) if k == "stairs"}
    three = {c for c, k, _, _ in listing(hand, stairs_min_pairs=3) if k == "stairs"}
    assert two == {"S6 B6 G5 R5", "S7 G7 S6 B6", "S7 G7 S6 B6 G5 R5"}
    assert three == {"S7 G7 S6 B6 G5 R5"}


def test_wish_mask_holds_the_four_natural_cards_of_the_rank():
    assert DECK.format_cards(wish_mask(DECK, 8)) == "S8 B8 G8 R8"
    assert wish_mask(DECK, None) == 0
    assert FIFTY_TWO_DECK.format_cards(wish_mask(FIFTY_TWO_DECK, 13)) == "SK HK DK CK"


def test_a13_turn_plays_must_fulfil_the_wish_when_possible():
    plays, can_pass = turn_plays(m("R8 G9 S3"), DECK, on_play("S7"), 8)
    assert cards_of(plays) == ["R8"] and not can_pass


def test_a13_turn_plays_without_a_fulfilling_play_are_free():
    plays, can_pass = turn_plays(m("R8 G9 S3"), DECK, on_play("SJ"), 8)
    assert cards_of(plays) == [] and can_pass
    plays, can_pass = turn_plays(m("R8 G9 S3"), DECK, on_play("S5 B5"), 8)
    assert can_pass


def test_a13_turn_plays_on_a_lead_must_contain_the_wished_rank():
    plays, can_pass = turn_plays(m("R8 G8 S3 Dg"), DECK, None, 8)
    assert cards_of(plays) == ["G8", "G8 R8", "R8"] and not can_pass
