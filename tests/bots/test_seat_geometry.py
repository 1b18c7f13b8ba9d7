"""The bots read seats, partners and the exchange from the view's geometry, and play the
seats they control (the Trichu Table) by the contract in `app.bots.base`."""

import random

import pytest

from app.bots import LEVELS
from app.bots.base import hand_views
from app.bots.geometry import dog_partner
from app.bots.knowledge import Knowledge
from app.bots.table import TableLog, play_round
from app.engine import Game, view_for
from app.engine.round import strength

from .quick import quick_bot

TABLE = 3


def fast(level: str, seat: int, seed: int = 1):
    return quick_bot(level, seat, random.Random(seed))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_trichu_dealer_plays_the_table_with_seat_set_and_by_himself(level):
    game = Game("trichu", seed=11)
    bots = [fast(level, s) for s in range(4)]
    table_actions = []
    dealers = []

    def record(player, action):
        rnd = game.rounds[-1] if game.round.log else game.rounds[-2]
        if action.get("seat") == TABLE:
            table_actions.append((player, rnd.seating.dealer, action["act"]))

    for _ in range(3):  # three rounds: every player deals once
        dealers.append(game.round.seating.dealer)
        log = TableLog()
        play_round(game, bots, log, on_action=record)
        assert log.illegal == []
    assert sorted(dealers) == [0, 1, 2]
    assert table_actions, "the Table never acted"
    assert all(player == dealer for player, dealer, _ in table_actions)
    assert {"exchange", "play"} <= {act for _, _, act in table_actions}


def test_an_action_for_a_seat_one_does_not_control_is_refused_by_the_runner():
    """The runner applies answers with by=: a bot cannot act for the Table unless it deals."""
    from app.bots.base import Bot

    class Impostor(Bot):
        def decide(self, view):
            table = view["table"]
            if table and table["hand"] is None and view["phase"] == "grand" and view["legal"]["grand"]:
                return {"act": "grand", "call": False, "seat": 0}  # seat 0 is somebody else
            return LEVELS["greedy"](self.seat).decide(view)

    game = Game("trichu", seed=2)
    log = TableLog()
    play_round(game, [LEVELS["greedy"](0), Impostor(1), Impostor(2), LEVELS["greedy"](3)], log)
    assert {code for _, _, code in log.illegal} == {"not_your_seat"}


def test_the_dealer_sees_both_hands_and_the_table_knows_the_dealers():
    game = Game("trichu", seed=4)
    for s in (1, 2):
        game.apply({"act": "grand", "seat": s, "call": False})
    view = view_for(game, 0)
    own, table = hand_views(view)
    assert table["viewer"] == TABLE and table["hand"] == view["table"]["hand"]
    assert table["legal"]["exchange"] and table["seen_hands"] == {0: view["hand"]}
    k_own, k_table = Knowledge(own), Knowledge(table)
    assert k_own.known[TABLE] == k_own.deck.parse_mask(view["table"]["hand"])
    assert k_table.known[0] == k_table.deck.parse_mask(view["hand"])
    assert k_own.partners == [TABLE] and k_table.partners == [0]
    # An opponent sees no Table hand before the exchange is done: one view, its own.
    assert [v["viewer"] for v in hand_views(view_for(game, 1))] == [1]


def test_the_trichu_dealer_never_beats_his_own_tables_winning_play():
    game = Game("trichu", seed=21)
    bots = [fast("normal", s) for s in range(4)]
    checked = []

    def check(player, action):
        rnd = game.round
        if rnd.phase != "play" or rnd.turn is None or rnd.leading() or rnd.gift_from is not None:
            return
        dealer = rnd.seating.dealer
        if {rnd.turn, rnd.top_seat} != {dealer, TABLE}:
            return
        hand = rnd.hands[rnd.turn]
        answer = fast("normal", dealer).decide(view_for(game, dealer))
        plays, can_pass = rnd.regular_plays(rnd.turn)
        goes_out = answer.get("act") == "play" and game.deck.parse_mask(answer["cards"]) == hand
        if can_pass:
            checked.append(answer)
            assert answer.get("act") == "pass" or goes_out, answer

    for _ in range(3):
        play_round(game, bots, TableLog(), on_action=check)
    assert checked, "no position where one of the dealer's hands could overtake the other"


def test_tientsin_feeds_both_partners_strong_cards():
    game = Game("tientsin", seed=5)
    rnd = game.round
    for s in rnd.pending():
        game.apply({"act": "grand", "seat": s, "call": False})
    deck = game.deck
    for seat in range(6):
        view = view_for(game, seat)
        action = fast("normal", seat).decide(view)
        partners = view["geometry"]["partners"][seat]
        assert action["act"] == "exchange" and sorted(map(int, action["give"])) == partners
        hand = deck.parse_cards(view["hand"])
        ranks = sorted((strength(deck, c) for c in hand if deck.role_of[c] == "normal"), reverse=True)
        for cards in action["give"].values():
            card = deck.parse_card(cards)
            # A strong card: among the four best normal cards of the hand (the Dragon and
            # Phoenix are kept, the Mah Jong is no gift).
            assert deck.role_of[card] == "normal" and strength(deck, card) >= ranks[3], (seat, cards)


def test_the_dog_goes_to_the_partner_best_placed():
    view = {"legal": {"dog_to": [2, 4]}, "geometry": {"relative": [0, 1, 2, 3, 4, 5]},
            "players": [{"cards": 9, "tichu": False, "grand": False} for _ in range(6)]}
    view["players"][4]["cards"] = 3
    assert dog_partner(view) == 4
    view["players"][2]["tichu"] = True  # a caller first
    assert dog_partner(view) == 2


def test_the_dragons_trick_goes_to_an_opponent_of_the_geometry():
    game = Game("tientsin", seed=8)
    bots = [fast("normal", s) for s in range(6)]
    gifts = []

    def record(player, action):
        if action["act"] == "gift":
            gifts.append((player, action["to"]))

    for _ in range(4):
        if game.over:
            break
        seating = game.round.seating
        play_round(game, bots, TableLog(), on_action=record)
        for player, to in gifts:
            assert to in seating.gift_to[player]
        gifts.clear()


@pytest.mark.parametrize("players", [5, 6, 9])
def test_grandseigneur_exchange_forced_best_up_and_loose_cards_back(players):
    game = Game("grandseigneur", {"players": players}, seed=3)
    bots = [fast("normal", s) for s in range(players)]
    play_round(game, bots, TableLog())  # the first round makes the hierarchy
    rnd = game.round
    deck = game.deck
    seating = rnd.seating
    assert seating.exchange and rnd.phase == "exchange"
    for seat in range(players):
        if not seating.exchange.get(seat):
            continue
        view = view_for(game, seat)
        action = bots[seat].decide(view)
        given = [c for cards in action["give"].values() for c in deck.parse_cards(cards)]
        hand = deck.parse_cards(view["hand"])
        kept = [c for c in hand if c not in given]
        if seat in seating.forced_best:
            assert min(strength(deck, c) for c in given) >= max(strength(deck, c) for c in kept)
        else:
            # Giving back: never the Dragon, a Phoenix or an Ace while lower cards are left.
            low = sorted(strength(deck, c) for c in hand)
            assert all(strength(deck, c) < 14 for c in given) or low[len(given)] >= 14
        game.apply(dict(action, seat=seat), by=seat)
    assert rnd.phase == "play"


def trichu_after_exchange(dealt: list[str], gives: dict) -> Game:
    """A Trichu round (seat 0 deals) in its play phase: `dealt` hands, then `gives`."""
    deck = Game("trichu", seed=0).deck
    hands = [deck.parse_cards(h) for h in dealt]
    game = Game("trichu", deal=lambda i: hands if i == 0 else None)
    for s in (1, 2):
        game.apply({"act": "grand", "seat": s, "call": False})
    for s, give in gives.items():
        game.apply({"act": "exchange", "seat": s, "give": give})
    assert game.round.phase == "play"
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_dealer_leads_what_his_table_goes_out_on(level):
    game = trichu_after_exchange(
        ["Mj S5 B5 G9 S8 B8", "S3 S4 G6 G7 R2 GK", "B3 B4 R6 R7 G2 RK", "GQ RQ"],
        {0: {"1": "S8", "2": "B8"}, 1: {"0": "R2", "3": "GK"}, 2: {"0": "G2", "3": "RK"},
         3: {"1": "GQ", "2": "RQ"}})
    assert game.round.hands[TABLE] == game.deck.parse_mask("GK RK") and game.round.turn == 0
    lead = fast(level, 0).decide(view_for(game, 0))
    assert lead["act"] == "play" and sorted(lead["cards"].split()) in (["G2", "R2"], ["B5", "S5"])


def test_the_dealer_hands_the_lead_to_a_table_that_goes_out_with_the_dog():
    game = trichu_after_exchange(
        ["Mj Dg B5 G9 S8 B8", "S3 S4 G6 G7 R2 GK", "B3 B4 R6 R7 G2 RK", "GQ RQ"],
        {0: {"1": "S8", "2": "B8"}, 1: {"0": "R2", "3": "GK"}, 2: {"0": "G2", "3": "RK"},
         3: {"1": "GQ", "2": "RQ"}})
    lead = fast("normal", 0).decide(view_for(game, 0))
    assert lead == {"act": "play", "cards": "Dg"}
