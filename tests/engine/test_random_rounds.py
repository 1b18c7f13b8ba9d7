"""Property tests: thousands of random legal rounds keep the engine's invariants."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import Game, IllegalAction, mask_cards, replay, view_for
from app.engine.round import OVER
from app.engine.simulate import random_action

RULESETS = st.sampled_from([
    ("standard", {}),
    ("standard", {"direction": "cw", "wish_bomb_escape": "always"}),
    ("standard", {"grand_tichu": False, "stairs_min_pairs": 3, "one_call_per_team": True}),
    ("standard", {"dragon_gift_on_final_trick": False, "wish_bomb_escape": "never"}),
    ("fifty-two", {}),
])


def _all_cards(rnd) -> list[int]:
    cards = []
    for mask in rnd.hands + rnd.piles + [rnd.trick_mask]:
        cards += mask_cards(mask)
    for chosen in rnd.exchange:
        if chosen and rnd.received[0] is None:  # chosen, not yet handed over
            cards += list(chosen.values())
    return cards


def _state(rnd):
    return (list(rnd.hands), list(rnd.piles), list(rnd.trick), rnd.turn, rnd.passed, rnd.closed,
            rnd.gift_from, rnd.wish, list(rnd.out), rnd.phase, list(rnd.grand), list(rnd.tichu),
            len(rnd.actions), len(rnd.log))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), ruleset=RULESETS)
def test_random_round_keeps_invariants(seed, ruleset):
    name, options = ruleset
    game = Game(name, options, seed=seed)
    rnd = game.round
    rng = random.Random(seed)
    deck = game.rules.deck
    steps = 0
    while rnd.phase != OVER:
        # Cards are conserved, whatever the phase.
        cards = _all_cards(rnd)
        if rnd.phase != "grand":
            assert sorted(cards) == list(range(deck.size))
        # No view shows a card another seat holds or chose for the exchange.
        for seat in range(4):
            view = view_for(game, seat)
            seen = set(view["hand"])
            for other in range(4):
                if other == seat:
                    continue
                others = {deck.codes[c] for c in mask_cards(rnd.hands[other])}
                assert not seen & others
                if rnd.exchange[other] and rnd.received[0] is None:
                    assert not {deck.codes[c] for c in rnd.exchange[other].values()} & seen
        # A refused action changes nothing.
        before = _state(rnd)
        bogus = {"seat": rng.randrange(4), "act": "play", "cards": deck.codes[rng.randrange(deck.size)]}
        try:
            game.apply(bogus)
        except IllegalAction:
            assert _state(rnd) == before
        else:
            steps += 1
            continue
        action = random_action(rnd, rng)
        game.apply(action)
        steps += 1
        assert steps < 5000
    result = rnd.result
    if not result.double_victory:
        assert sum(result.card_points) == 100
        assert sorted(result.out_order) == [0, 1, 2, 3]
    # The exported record replays to the same scores.
    replayed = replay(game.record())
    assert replayed["ok"], replayed["error"]
    assert replayed["rounds"][0]["scores"] == list(result.scores)
