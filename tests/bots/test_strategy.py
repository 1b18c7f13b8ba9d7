"""The Normal bot's strategic rules on hand-made positions (Hard shares them outside its search)."""

import pytest

from app.bots import tricks
from app.bots.calls import grand_chance, tichu_chance
from app.bots.knowledge import Knowledge
from app.engine import view_for

from .positions import cards_of, dealt, decide, mask, pass_, play, table

FOUR_NINES = "S9 B9 G9 R9"


# -- never overtake the partner ---------------------------------------------------------


def partner_ace_position():
    # Seat 1 leads the Mah Jong, seat 2 (seat 0's partner) plays an Ace, seat 3 passes.
    game = table([FOUR_NINES + " G2 R4", "Mj S5 B6", "SA G7 B8", "S3 G5 R6"], fill=False)
    play(game, 1, "Mj")
    play(game, 2, "SA")
    return game


def test_does_not_bomb_out_of_turn_over_the_partners_ace():
    game = partner_ace_position()
    assert view_for(game, 0)["legal"]["bombs"], "the position offers a bomb"
    assert decide("normal", game, 0) is None


def test_does_not_overtake_the_partners_ace_with_a_bomb_in_its_turn():
    game = partner_ace_position()
    pass_(game, 3)
    legal = view_for(game, 0)["legal"]
    assert [p["kind"] for p in legal["plays"]] == ["bomb"] and legal["pass"]
    for level in ("normal", "hard", "easy"):
        assert decide(level, game, 0) == {"act": "pass"}, level


def test_does_not_overtake_the_partners_king_with_its_ace():
    game = table(["SA G2 R4", "Mj S5 B6", "SK G7 B8", "S3 G5 R6"], fill=False)
    play(game, 1, "Mj")
    play(game, 2, "SK")
    pass_(game, 3)
    for level in ("normal", "easy"):
        assert decide(level, game, 0) == {"act": "pass"}, level


# -- bombs --------------------------------------------------------------------------------


def test_bombs_an_opponent_who_is_about_to_go_out():
    # Seat 1 leads a pair and keeps one card: if it wins the trick it leads its last card.
    game = table(["S5 B6 G7", "Mj S2 B2", FOUR_NINES + " G3", "SK GK BQ"], fill=False)
    play(game, 1, "S2 B2")
    action = decide("normal", game, 2)
    assert action["act"] == "play" and cards_of(action) == set(FOUR_NINES.split())


def test_keeps_its_bomb_when_nothing_is_at_stake():
    game = table(["S5 B6 G7 R8 S10 BJ", "Mj S2 B2 G4 R6 S8 BK", FOUR_NINES + " G3 S4 B5", "SK GK BQ"],
                 fill=False)
    play(game, 1, "S2 B2")
    assert decide("normal", game, 2) == {"act": "pass"}


# -- the Dragon gift ----------------------------------------------------------------------


@pytest.mark.parametrize("seat1, seat3, receiver", [
    ("S5 B6 G7 R8 S9", "G10 RJ BQ", 1),
    ("G10 RJ BQ", "S5 B6 G7 R8 S9", 3),
])
def test_gives_the_dragons_trick_to_the_opponent_with_more_cards(seat1, seat3, receiver):
    game = table(["Mj Dr S3 B4", seat1, "GK B2 R2", seat3], fill=False)
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    for level in ("normal", "hard", "easy"):
        assert decide(level, game, 0) == {"act": "gift", "to": receiver}, level


# -- the wish -----------------------------------------------------------------------------


def test_fulfils_the_wish_when_forced():
    game = table(["Mj B3 G4", "S7 SK B2", "G8 R9 B10", "SJ GQ RA"], fill=False)
    play(game, 0, "Mj", wish="7")
    for level in ("easy", "normal", "hard", "greedy"):
        action = decide(level, game, 1)
        assert action["act"] == "play" and "S7" in cards_of(action), level


def test_wishes_for_a_rank_it_passed_to_an_opponent():
    game = dealt(["Mj S2 B3 G4 RJ S6 B7 G8 R9 S10 BQ GK RA Dr", "", "", ""])
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    deck = game.rules.deck
    hands = [deck.format_cards(h).split() for h in game.round.hands]
    gives = {0: {"1": "RJ", "2": "RA", "3": "S2"}}
    for seat in (1, 2, 3):
        # The others pass no Jack to seat 0, so seat 0 holds none after the exchange.
        others = [t for t in range(4) if t != seat]
        spare = [c for c in hands[seat] if c != "Mj" and not c.endswith("J")]
        gives[seat] = {str(t): c for t, c in zip(others, spare)}
    for seat in range(4):
        game.apply({"seat": seat, "act": "exchange", "give": gives[seat]})
    view = view_for(game, 0)
    assert not any(c.endswith("J") for c in view["hand"])
    k = Knowledge(view)
    assert k.known[1] == mask("RJ")
    assert tricks.choose_wish(k, mask("Mj")) == 11


# -- exchange -----------------------------------------------------------------------------


def exchange_position(hand0: str, grand: tuple = ()):
    game = dealt([hand0, "", "", ""])
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": seat in grand})
    return game


def test_exchange_strong_card_to_the_partner_loose_low_cards_to_the_opponents():
    game = exchange_position("SA BA GK RK SQ BQ S9 B9 G9 R2 G3 S6 R10 GJ")
    action = decide("normal", game, 0)
    give = action["give"]
    assert set(give) == {"1", "2", "3"}
    assert give["2"] in {"SA", "BA", "GK", "RK"}
    assert {give["1"], give["3"]} <= {"R2", "G3", "S6"}


def test_exchange_never_gives_the_dragon_or_phoenix_to_an_opponent():
    game = exchange_position("Dr Ph S2 B3 G4 R5 S7 B8 G10 RJ SQ BK GA Mj")
    give = decide("normal", game, 0)["give"]
    assert not {give["1"], give["3"]} & {"Dr", "Ph"}


def test_exchange_gives_the_dog_to_a_calling_opponent():
    game = exchange_position("Dg Ph S2 B3 G4 R5 S7 B8 G10 RJ SQ BK GA Mj", grand=(1,))
    assert decide("normal", game, 0)["give"]["1"] == "Dg"


def test_a_caller_keeps_its_best_cards():
    game = exchange_position("Dr Ph SA BA GA RK SK BQ GQ RJ BJ G10 S3 B2")
    game.apply({"seat": 0, "act": "tichu"})
    give = decide("normal", game, 0)["give"]
    assert not set(give.values()) & {"Dr", "Ph", "SA", "BA", "GA"}


# -- calls --------------------------------------------------------------------------------


STRONG = "Dr Ph SA BA GA RK SK BQ GQ RJ BJ G10 S10 B9"
WEAK = "Dg B5 S2 B3 G5 R6 S7 S9 R10 GJ S3 B4 G8 RQ"


def test_calls_tichu_with_a_strong_hand_and_not_with_a_weak_one():
    deck = table([STRONG, "", "", ""]).rules.deck
    assert tichu_chance(mask(STRONG), deck) > 0.8 > 0.2 > tichu_chance(mask(WEAK), deck)
    game = table([STRONG, WEAK, "", ""])
    assert decide("normal", game, 0) == {"act": "tichu"}
    assert decide("normal", game, 1) is None  # nothing to do out of turn, no call


def test_no_tichu_when_the_partner_has_called():
    game = table([STRONG, "", "", ""], tichu=(2,))
    assert decide("normal", game, 0) != {"act": "tichu"}


def test_grand_tichu_from_the_first_eight_cards():
    deck = table([STRONG, "", "", ""]).rules.deck
    assert grand_chance(mask("Dr Ph SA BA S9 B9 G9 R9"), deck) > 0.6
    assert grand_chance(mask("Dg S2 B3 G5 R6 S7 B9 G10"), deck) < 0.2
    strong = dealt(["Dr Ph SA BA S9 B9 G9 R9 S2 B3 G4 R5 S6 B7", "", "", ""])
    assert decide("normal", strong, 0) == {"act": "grand", "call": True}
    weak = dealt(["Dg S2 B3 G5 R6 S7 B10 G10 R2 B4 G6 R8 SJ BQ", "", "", ""])
    assert decide("normal", weak, 0) == {"act": "grand", "call": False}
    for level in ("easy", "greedy"):
        assert decide(level, strong, 0) == {"act": "grand", "call": False}


# -- leads ---------------------------------------------------------------------------------


def test_leads_a_pair_not_a_single_into_an_opponent_with_one_card():
    game = table(["SA RA G9 B9 S3 R4", "Mj S2 B2", "S5 B6 G7", "SK GK BQ"], fill=False)
    play(game, 1, "S2 B2")
    pass_(game, 2, 3)
    play(game, 0, "SA RA")
    pass_(game, 1, 2, 3)
    action = decide("normal", game, 0)
    assert cards_of(action) == {"G9", "B9"}


def test_leads_the_dog_to_a_partner_who_called():
    game = table(["Mj Dg S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False, tichu=(2,))
    assert decide("normal", game, 0)["cards"] == "Dg"


def test_a_caller_leads_its_unbeatable_straight_before_its_dog():
    # Dragon, a straight nobody can beat (the Aces... it holds), and the Dog: run the straight first.
    game = table(["Mj S2 B3 G4 R5 S6 B7 G8 R9 S10 BJ GQ RK Dg", "SA BA GA", "", ""], tichu=(0,))
    action = decide("normal", game, 0)
    assert action["act"] == "play" and "Dg" not in cards_of(action) and len(cards_of(action)) >= 5
