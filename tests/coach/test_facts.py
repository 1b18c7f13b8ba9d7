"""The coach's facts on positions built card by card (tests/engine/helpers.py).

The deals are short: cards named nowhere are in no hand, and the coach, which
cannot know that, counts them as possibly anywhere (its claims only get
harder to prove). Other hands of at most three cards can hold no bomb. With
`table` each seat receives one card from each other seat, the last three of
its hand (the first of them from the lowest other seat), so every hand knows
where the cards it passed are.
"""

import random

from app.coach import (
    bombs_fact,
    going_out_fact,
    play_fact,
    top_cards_fact,
    trick_fact,
    unbeatable_plays,
    wish_fact,
)
from app.coach.going_out import going_out_plan
from app.coach.position import position_of
from app.engine import view_for

from ..engine.helpers import pass_, play, seated, table
from .endgames import Rewind, refutes_plan, worlds


def fact(fn, game, viewer, *args, seat=None):
    return fn(view_for(game, viewer), *args, seat=seat)


# -- the position: what a hand knows --------------------------------------------------------------

def test_the_cards_a_hand_passed_are_pinned_to_their_receivers():
    game = table(["Mj S3 B4 G5", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    pos = position_of(view_for(game, 0))
    deck = game.rules.deck
    assert [deck.format_cards(p) for p in pos.pinned] == ["", "S9", "G7", "B10"]
    assert pos.unknown == [0, 3, 3, 3]
    assert not pos.free & (pos.pinned[1] | pos.pinned[2] | pos.pinned[3] | pos.hand)
    assert pos.consistent


def test_the_mah_jong_is_pinned_to_the_first_leader_until_played():
    game = table(["S3 B4 G5 S6", "Mj S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 1, "S9")
    deck = game.rules.deck
    assert position_of(view_for(game, 2)).pinned[1] & deck.mahjong_mask
    assert not position_of(view_for(game, 1)).hand & ~game.round.hands[1]


def test_the_trichu_dealer_sees_the_table_and_plays_it_seeing_his_own_hand():
    game = seated("trichu", ["S3 B3 G3 R3 S6", "S4 B4 G4 Mj", "S5 B5 G5 R5", "S7 B7 G7 R7 Dr"])
    dealer, tab = game.round.seating.dealer, game.round.seating.table
    own = position_of(view_for(game, dealer))
    assert own.pinned[tab] == game.round.hands[tab] and own.unknown[tab] == 0
    table_hand = position_of(view_for(game, dealer), tab)
    assert table_hand.hand == game.round.hands[tab]
    assert table_hand.pinned[dealer] == game.round.hands[dealer] and table_hand.unknown[dealer] == 0
    opponent = position_of(view_for(game, 1))
    assert opponent.pinned[tab] == game.round.hands[tab]
    assert opponent.unknown[dealer] > 0


def test_a_spectator_or_a_seat_the_viewer_does_not_play_has_no_position():
    game = table(["Mj S3 B4", "R8 S9 B2", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    assert position_of(view_for(game, None)) is None
    assert position_of(view_for(game, 0), 1) is None


# -- what must be beaten ---------------------------------------------------------------------------

def test_the_leader_leads_and_its_dog_only_leads_to_its_partner():
    game = table(["Mj Dg S3 B4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    lead = fact(trick_fact, game, 0)
    assert lead["kind"] == "lead" and lead["dog"]
    assert lead["dog_to"] == [{"seat": 2, "relation": "partner"}]
    assert fact(trick_fact, game, 1) == {"kind": "other_leads", "seat": 1, "ruleset": "standard",
                                         "teams": True, "turn": {"seat": 0, "relation": "opponent"}}


def test_a_pair_is_beaten_by_a_higher_pair_or_a_bomb():
    game = table(["Mj S3 B3 G4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "S3 B3")
    seat1 = fact(trick_fact, game, 1)
    assert seat1["kind"] == "beat" and seat1["beaten_by"] == "same_kind" and seat1["your_turn"]
    assert (seat1["top"]["kind"], seat1["top"]["rank"], seat1["top"]["length"]) == ("pair", "3", 2)
    assert seat1["by"] == {"seat": 0, "relation": "opponent"}
    assert not seat1["you_can_play"]  # its pair of 2s is lower
    seat2 = fact(trick_fact, game, 2)
    assert seat2["by"] == {"seat": 0, "relation": "partner"} and not seat2["your_turn"]
    assert seat2["you_can_play"] is False  # no bomb to throw out of turn


def test_only_a_bomb_beats_the_dragon_and_with_two_decks_also_the_other_dragon():
    game = table(["Mj Dr B3 G4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "Dr")
    assert fact(trick_fact, game, 1)["beaten_by"] == "bomb"
    assert not fact(trick_fact, game, 1)["second_dragon"]
    two = seated("grandseigneur", ["Mj Dr S2 S3", "Dr' B3 B4", "G4 G5", "R5 R6", "S6 S7", "B7 B8", "G8 G9"],
                 {"players": 7})
    play(two, 0, "Dr")
    assert fact(trick_fact, two, 1)["second_dragon"]


def test_only_a_higher_bomb_beats_a_bomb_and_a_closed_trick_leads_again():
    game = table(["Mj S5 B5 G5 R5", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "S5 B5 G5 R5")
    beat = fact(trick_fact, game, 1)
    assert beat["beaten_by"] == "higher_bomb" and beat["top"]["bomb"] == "four"
    pass_(game, 1, 2, 3)
    lead = fact(trick_fact, game, 0)
    assert lead["kind"] == "lead" and lead["collects"] == {"seat": 0, "relation": "you"}


def test_the_dragon_trick_waiting_for_its_gift():
    game = table(["Mj Dr B3 G4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    gift = fact(trick_fact, game, 2)
    assert gift["kind"] == "dragon_gift" and gift["giver"] == {"seat": 0, "relation": "partner"}
    assert [w["seat"] for w in gift["to"]] == [1, 3]


# -- the wish ----------------------------------------------------------------------------------------

def test_the_wish_says_who_must_fulfil_it_now_and_with_what():
    game = table(["Mj S3 B4", "R8 S9 B8", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    assert fact(wish_fact, game, 1) is None
    play(game, 0, "Mj", wish="8")
    seat1 = fact(wish_fact, game, 1)
    assert seat1["rank"] == "8" and seat1["holds"] == 2 and seat1["must_now"]
    assert sorted(p["cards"] for p in seat1["fulfilling"]) == ["B8", "R8"]  # singles on a single
    assert seat1["bomb_instead"] is False  # it holds no bomb
    seat2 = fact(wish_fact, game, 2)
    assert seat2["holds"] == 0 and not seat2["must_now"]


def test_a_hand_that_cannot_play_the_wished_rank_on_the_trick_is_free():
    game = table(["Mj S3 B4", "SA S9 B2", "R8 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj", wish="8")
    play(game, 1, "SA")
    seat2 = fact(wish_fact, game, 2)
    assert seat2["holds"] == 1 and seat2["your_turn"] and not seat2["must_now"] and not seat2["fulfilling"]


def test_the_trichu_table_need_not_fulfil_the_wish():
    game = seated("trichu", ["Mj S3 B3 G3 S6", "S4 B4 G4", "S5 B5 G5 R5", "S7 B7 G7 R8 Dr"])
    play(game, 0, "Mj", wish="8")
    pass_(game, 1)
    dealer, tab = game.round.seating.dealer, game.round.seating.table
    table_wish = fact(wish_fact, game, dealer, seat=tab)
    assert table_wish["exempt"] and table_wish["holds"] == 1 and not table_wish["must_now"]


def test_a_bomb_instead_of_the_wish_follows_the_tables_option():
    hands = ["Mj S3 B4 G4", "R8 S9 S10 SJ SQ SK", "G5 G6 G7", "S2 B10 GJ"]
    for escape, allowed in (("follow_only", True), ("always", True), ("never", False)):
        game = table(hands, "standard", {"wish_bomb_escape": escape}, fill=False)
        play(game, 0, "Mj", wish="8")
        assert fact(wish_fact, game, 1)["bomb_instead"] is allowed, escape


# -- cards still out ---------------------------------------------------------------------------------

def test_top_cards_out_lists_dragon_phoenix_and_aces_with_the_holders_the_hand_knows():
    game = table(["Mj S3 B4 SA", "R8 Dr S9 B2", "G5 G7 Ph BA", "S10 GA RA R2"], fill=False)
    cards = {c["card"]: c["holder"] for c in fact(top_cards_fact, game, 0)["cards"]}
    assert set(cards) == {"Dr", "Ph", "RA", "GA", "BA"}  # SA is its own
    # Seat 0 passed seat 1 the first of its three received cards (Dr), seat 2 G7, seat 3 GA.
    assert cards["Dr"] == {"seat": 1, "relation": "opponent"}
    assert cards["GA"] == {"seat": 3, "relation": "opponent"}
    assert cards["Ph"] is None and cards["RA"] is None and cards["BA"] is None
    play(game, 0, "SA")
    play(game, 1, "Dr")
    assert "Dr" not in {c["card"] for c in fact(top_cards_fact, game, 0)["cards"]}
    assert len(fact(top_cards_fact, game, 0)["cards"]) == 4


def test_bombs_possible_by_card_counting():
    game = table(["Mj S3 B4 S7 B9 G9", "S5 B5 R8 S9 G2", "G5 R5 G7 B7 R7", "S10 B10 GJ"], fill=False)
    bombs = fact(bombs_fact, game, 0)
    fours = {f["rank"]: [w["seat"] for w in f["holders"]] for f in bombs["fours"]}
    # Every 5 is unseen by seat 0, and seats 1 and 2 have room for four: four 5s are possible.
    # Not four 7s or 9s: seat 0 holds one of each. (The cards this short deal leaves out could be
    # in any hand as far as seat 0 knows: four 2s are possible too.)
    assert fours["5"] == [1, 2]
    assert "7" not in fours and "9" not in fours
    # Had seat 0 passed a 5 to seat 1 and another to seat 2, they could not be in one hand.
    split = table(["Mj S3 B4 S7 B9 G9", "R8 S9 S5 B5 G2", "G5 R5 G7 B7", "S10 B10 GJ R2"], fill=False)
    assert "5" not in {f["rank"] for f in fact(bombs_fact, split, 0)["fours"]}
    assert all(f["certain"] is None for f in bombs["fours"])
    # Seat 3 has three cards: it can hold no bomb.
    assert all(w["seat"] != 3 for f in bombs["fours"] + bombs["straight_flushes"] for w in f["holders"])


def test_a_bomb_in_a_seen_hand_is_certain():
    game = seated("trichu", ["Mj S3 B3 G3 S6", "S4 B4 G4", "S2 B2 G2", "S7 B7 G7 R7 Dr"])
    dealer = game.round.seating.dealer
    sevens = [f for f in fact(bombs_fact, game, dealer)["fours"] if f["rank"] == "7"]
    assert sevens == [{"rank": "7", "holders": [{"seat": 3, "relation": "table"}],
                       "certain": {"seat": 3, "relation": "table"}}]


def test_straight_flushes_possible_are_the_longest_and_each_one_fits_a_hand():
    game = table(["Mj S2 B4 R9 G9", "S3 S4 S5 R2 B2", "S6 S7 B3 G3 R3", "S8 SJ SQ B5 G5"], fill=False)
    flushes = fact(bombs_fact, game, 0)["straight_flushes"]
    swords = [f for f in flushes if f["suit"] == "S"]
    # Swords 3..A are unseen by seat 0; the largest other hand has five cards.
    assert swords and all(f["holders"] for f in swords)
    deck = game.rules.deck
    for f in swords:
        assert deck.parse_rank(f["high"]) - deck.parse_rank(f["low"]) + 1 == 5


# -- can a play be beaten? --------------------------------------------------------------------------

def test_the_dragon_led_when_no_bomb_is_possible_is_unbeatable_and_must_be_given_away():
    game = table(["Mj Dr B4 S7", "R8 S9 B2", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    dragon = fact(play_fact, game, 0, "Dr")
    assert dragon["kind"] == "unbeatable" and dragon["dragon_gift"] and dragon["as"] == "lead"
    assert dragon["partners"] == [{"seat": 2, "relation": "partner"}]
    low = fact(play_fact, game, 0, "B4")
    assert low["kind"] == "beatable" and low["by"] == "same_kind"
    assert [f["play"]["cards"] for f in fact(unbeatable_plays, game, 0)] == ["Dr"]


def test_a_play_is_beatable_while_a_bomb_could_be_out():
    game = table(["Mj Dr B4 S7", "R8 S9 S5 B5", "G5 R5 G7 B7", "S10 B10 GJ"], fill=False)
    dragon = fact(play_fact, game, 0, "Dr")
    assert dragon["kind"] == "beatable" and dragon["by"] == "bomb"


def test_in_grandseigneur_the_dragon_is_kept_and_nobody_is_a_partner():
    game = seated("grandseigneur", ["Mj Dr S2 S3", "B3 B4", "G4 G5", "R5 R6", "S6 S7", "B7 B8"])
    dragon = fact(play_fact, game, 0, "Dr")
    assert dragon["kind"] == "unbeatable" and not dragon["dragon_gift"]
    assert dragon["partners"] == [] and not dragon["teams"]


def test_cards_no_play_here_are_unreadable():
    game = table(["Mj Dr B4 S7", "R8 S9 B2", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    assert fact(play_fact, game, 0, "B4 S7")["kind"] == "unreadable"
    assert fact(play_fact, game, 0, "R8")["kind"] == "unreadable"  # not its card


def test_the_last_cards_that_end_the_round_cannot_be_beaten():
    game = table(["Mj S7 B7", "R8 S9 B2", "G5 B5 R5", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj")
    pass_(game, 1)
    play(game, 2, "R5")
    pass_(game, 3, 0, 1)
    play(game, 2, "G5 B5")  # seat 2 is out first
    pass_(game, 3)
    ends = fact(play_fact, game, 0, "S7 B7")
    assert ends["kind"] == "ends_round" and ends["how"] == "team_first"  # a double victory
    game2 = table(["Mj S7 B7", "R8 S9 B2", "G5 B5 R5", "S10 B10 GJ"], fill=False)
    play(game2, 0, "Mj")
    assert fact(play_fact, game2, 1, "S9")["kind"] == "beatable"  # nobody is out: play goes on


def test_going_out_third_ends_the_round():
    game = table(["S9 B9 G9", "Mj B3 G3 R3", "G4 S4 B4", "R5 B5 S5 GK"], fill=False)
    play(game, 1, "Mj")
    pass_(game, 2, 3, 0)
    play(game, 1, "B3 G3 R3")  # out first
    play(game, 2, "G4 S4 B4")  # out second, an opponent of the first
    play(game, 3, "R5 B5 S5")
    ends = fact(play_fact, game, 0, "S9 B9 G9")
    assert ends["kind"] == "ends_round" and ends["how"] == "one_left"
    assert [f["kind"] for f in fact(unbeatable_plays, game, 0)] == ["ends_round"]


# -- going out ------------------------------------------------------------------------------------

def plan_of(game, viewer, seat=None):
    found = fact(going_out_fact, game, viewer, seat=seat)
    return None if found is None else [p["cards"] for p in found["plan"]]


def engine_accepts_plan(game, viewer, seat):
    """The plan works in every deal the hand cannot rule out, by the engine's own rules."""
    pos = position_of(view_for(game, viewer), seat)
    plan = going_out_plan(pos)
    deals, every = worlds(game, viewer, pos.seat, 500, random.Random(0))
    assert every
    rewind = Rewind(game)
    for hands in deals:
        rewind(hands)
        assert refutes_plan(game, pos.seat, plan) is None
    rewind()
    return True


def gain_the_lead(seat0: str):
    """Seat 1 leads the Mah Jong, seat 0 takes the trick with a 2 and leads with `seat0` left."""
    game = table([seat0 + " B2", "Mj R8 S9", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 1, "Mj")
    pass_(game, 2, 3)
    play(game, 0, "B2")
    pass_(game, 1, 2, 3)
    return game


def covers(plan, game, seat):
    deck = game.rules.deck
    cards = [c for p in plan for c in deck.parse_cards(p)]
    return sorted(cards) == sorted(deck.parse_cards(deck.format_cards(game.round.hands[seat])))


def test_sure_winners_first_and_any_combination_last():
    game = gain_the_lead("Dr Ph SA S2")
    plan = plan_of(game, 0)
    assert plan is not None and len(plan) >= 2 and covers(plan, game, 0)
    assert "S2" in plan[-1].split()  # the 2 could be beaten by anything: it only goes last
    assert engine_accepts_plan(game, 0, None)


def test_the_dog_goes_last_it_would_give_the_lead_away():
    game = gain_the_lead("Dr Dg")
    assert plan_of(game, 0) == ["Dr", "Dg"]
    assert engine_accepts_plan(game, 0, None)


def test_under_the_wish_the_wished_rank_is_led_first():
    game = table(["Mj Dr Ph SA S2", "R8 S9 B3", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj", wish="A")
    pass_(game, 1, 2, 3)
    plan = plan_of(game, 0)
    assert plan is not None and "SA" in plan[0].split() and covers(plan, game, 0)
    assert engine_accepts_plan(game, 0, None)


def test_following_the_first_play_beats_the_trick():
    game = table(["Dr Ph SA", "Mj R8 S9", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 1, "Mj")
    pass_(game, 2, 3)
    plan = plan_of(game, 0)
    assert plan is not None and plan[0] in ("Dr", "SA", "Ph SA") and covers(plan, game, 0)
    assert engine_accepts_plan(game, 0, None)


def test_no_plan_while_a_bomb_could_be_out_or_when_it_is_not_the_hands_turn():
    game = table(["Dr Ph SA B2", "Mj R8 S9 B9 G9", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 1, "Mj")
    pass_(game, 2, 3)
    assert plan_of(game, 0) is None  # seat 1 has room for four of a kind or a straight flush
    assert plan_of(game, 2) is None  # not its turn
    small = table(["Dr Ph SA B2", "Mj R8 S9", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(small, 1, "Mj")
    pass_(small, 2, 3)
    assert plan_of(small, 0) is not None  # with three cards in every other hand: no bomb


def test_the_trichu_table_counts_against_its_dealer():
    # Play order 0, 1, Table (3), 2: seat 1 leads the Mah Jong, the dealer takes it with a 2.
    def after_the_mah_jong(dealer_hand, table_hand):
        game = seated("trichu", [dealer_hand + " B2", "Mj R8 S9", "G5 G6 G7", table_hand])
        play(game, 1, "Mj")
        pass_(game, 3, 2)
        play(game, 0, "B2")
        pass_(game, 1, 3, 2)
        return game

    game = after_the_mah_jong("Dr SA", "Ph S4 B4")
    assert plan_of(game, 0) == ["Dr", "SA"]  # the Table's Phoenix could beat the Ace: it goes last
    assert engine_accepts_plan(game, 0, None)
    mine = after_the_mah_jong("Dr SA Ph", "S7 S4 B4")  # the Phoenix is his own: the Ace is safe
    assert plan_of(mine, 0) is not None and len(plan_of(mine, 0)) >= 2
    assert engine_accepts_plan(mine, 0, None)


def test_under_the_wish_the_leader_is_told_to_lead_the_wished_rank():
    game = table(["Mj Dr Ph SA S2", "R8 S9 B3", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj", wish="A")
    pass_(game, 1, 2, 3)
    lead = fact(trick_fact, game, 0)
    assert lead["kind"] == "lead" and lead["must_lead_wish"] == "A" and not lead["bomb_instead"]
    free = table(["Mj Dr Ph S2", "R8 S9 B3", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(free, 0, "Mj", wish="A")
    pass_(free, 1, 2, 3)
    assert fact(trick_fact, free, 0)["must_lead_wish"] is None  # it holds no Ace


def test_the_dog_passes_the_lead_past_a_partner_who_is_out():
    game = table(["Mj Dg SA S4 B4", "R8 S9 B2", "G5 B5 R5", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj")
    pass_(game, 1)
    play(game, 2, "R5")
    pass_(game, 3, 0, 1)
    play(game, 2, "G5 B5")  # seat 0's partner is out first
    pass_(game, 3, 0, 1)
    play(game, 3, "S10")
    play(game, 0, "SA")
    pass_(game, 1, 3)
    lead = fact(trick_fact, game, 0)
    assert lead["dog"] and lead["partner_out"] and lead["dog_to"] == [{"seat": 3, "relation": "opponent"}]
    dog = fact(play_fact, game, 0, "Dg")
    assert dog["kind"] == "dog" and dog["dog_to"] == lead["dog_to"]
    play(game, 0, "Dg")
    assert game.round.turn == 3  # the engine agrees
