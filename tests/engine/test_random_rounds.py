"""Property tests: random legal games keep the engine's invariants.

Every example plays whole rounds at random (app.engine.simulate), with random
refused actions in between, and checks: all cards conserved, every round ends,
card points total 100 without a double victory, no view leaks, a refused action
changes nothing, and the exported record replays to the same scores.

TICHU_LONG=1 raises the example counts for a deeper manual run.
"""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import Game, IllegalAction, mask_cards, replay, view_for
from app.engine.round import GRAND, OVER
from app.engine.simulate import random_action

from .helpers import exchanged_cards, snapshot, view_leaks

LONG = os.environ.get("TICHU_LONG") == "1"

RULESETS = st.sampled_from([
    ("standard", {}),
    ("standard", {"direction": "cw", "wish_bomb_escape": "always"}),
    ("standard", {"grand_tichu": False, "stairs_min_pairs": 3, "one_call_per_team": True}),
    ("standard", {"dragon_gift_on_final_trick": False, "wish_bomb_escape": "never",
                  "double_victory_points": 100}),
    ("standard", {"target": 100, "tie_rule": "draw"}),
    ("fifty-two", {}),
    ("fifty-two", {"direction": "ccw", "target_lead": 100, "max_rounds": 2}),
])


def _cards_in_play(rnd) -> list[int]:
    """Every card of the round: hands, piles, the trick, cards chosen for the exchange."""
    cards = []
    for mask in rnd.hands + rnd.piles + [rnd.trick_mask]:
        cards += mask_cards(mask)
    if rnd.phase != "play" and rnd.phase != "over":  # chosen, not yet handed over
        for chosen in rnd.exchange:
            cards += exchanged_cards(chosen)
    return cards


def _check_conserved(rnd, deck):
    cards = _cards_in_play(rnd)
    assert len(cards) == len(set(cards))
    if rnd.phase == GRAND:
        assert sorted(cards) == sorted(c for h in rnd.dealt for c in h[:rnd.rules.grand_tichu_cards])
    else:
        assert sorted(cards) == list(range(deck.size))


def _check_turn(rnd):
    if rnd.phase == "play" and rnd.turn is not None:
        assert rnd.hands[rnd.turn], f"the seat in turn holds cards:\n{rnd}"
        assert rnd.turn not in rnd.out
    for seat in rnd.out:
        assert rnd.hands[seat] == 0


def _bogus(rng, game):
    """A random action that is most likely refused."""
    deck = game.rules.deck
    seat = rng.randrange(4)
    card = deck.codes[rng.randrange(deck.size)]
    return rng.choice([
        {"seat": seat, "act": "play", "cards": card},
        {"seat": seat, "act": "play", "cards": card + " " + deck.codes[rng.randrange(deck.size)]},
        {"seat": seat, "act": "pass"},
        {"seat": seat, "act": "gift", "to": rng.randrange(4)},
        {"seat": seat, "act": "tichu"},
        {"seat": seat, "act": "grand", "call": True},
        {"seat": seat, "act": "exchange", "give": {str((seat + 1) % 4): card}},
        {"seat": seat, "act": "play", "cards": card, "wish": rng.choice(["1", "8", "A", "Dr"])},
        {"seat": seat, "act": "play", "cards": card, "phoenix": rng.choice(["2", "9", "K"])},
    ])


def _play_game(game, rng, max_rounds, check_views_every, bogus_every):
    deck = game.rules.deck
    steps = 0
    while not game.over and len(game.results()) < max_rounds:
        rnd = game.round
        round_steps = 0
        while rnd.phase != OVER:
            _check_conserved(rnd, deck)
            _check_turn(rnd)
            if steps % check_views_every == 0:
                for seat in (None, 0, 1, 2, 3):
                    assert not view_leaks(game, seat, view_for(game, seat))
            if steps % bogus_every == 0:
                before = snapshot(game)
                try:
                    game.apply(_bogus(rng, game))
                except IllegalAction as exc:
                    assert exc.code and exc.message
                    assert snapshot(game) == before, f"refused {exc.code} changed the round:\n{game.round}"
                else:
                    steps += 1
                    round_steps += 1
                    continue
            action = random_action(rnd, rng)
            assert action is not None, "somebody can always act in a round that is not over"
            game.apply(action)
            steps += 1
            round_steps += 1
            assert round_steps < 3000, f"the round does not end:\n{rnd}"
        _check_round_result(game, rnd)
    return steps


def _check_round_result(game, rnd):
    res = rnd.result
    assert res is not None
    if res.double_victory:
        assert res.card_points is None and len(res.out_order) == 2
        assert game.rules.team_of(res.out_order[0]) == game.rules.team_of(res.out_order[1])
    else:
        assert sum(res.card_points) == 100
        assert sorted(res.out_order) == [0, 1, 2, 3]
        # Every card went somewhere: piles, plus the tailender's hand.
        assert sum(rnd.piles).bit_count() + rnd.hands[res.out_order[-1]].bit_count() == game.rules.deck.size


def _check_replay(game):
    result = replay(game.record())
    assert result["ok"], result["error"]
    assert result["applied"] == game.version
    done = [r["scores"] for r in result["rounds"] if r["complete"]]
    assert done == [list(res.scores) for res in game.results()]
    assert result["totals"] == game.totals
    assert result["winner"] == game.winner


@settings(max_examples=600 if LONG else 70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), ruleset=RULESETS)
def test_random_games_keep_invariants(seed, ruleset):
    name, options = ruleset
    game = Game(name, options, seed=seed)
    rng = random.Random(seed)
    _play_game(game, rng, max_rounds=2, check_views_every=7, bogus_every=3)
    _check_replay(game)


@settings(max_examples=4000 if LONG else 300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), ruleset=RULESETS,
       bombs=st.sampled_from([0.0, 0.15, 0.5]), tichu=st.sampled_from([0.0, 0.03, 0.3]))
def test_random_rounds_end_with_consistent_scores(seed, ruleset, bombs, tichu):
    """Many quick rounds (no view or refusal checks): every round ends and scores add up."""
    name, options = ruleset
    game = Game(name, options, seed=seed)
    rng = random.Random(seed)
    rnd = game.round
    steps = 0
    while rnd.phase != OVER:
        game.apply(random_action(rnd, rng, bomb_rate=bombs, tichu_rate=tichu))
        steps += 1
        assert steps < 3000
    _check_round_result(game, rnd)
    res = rnd.result
    rules = game.rules
    calls = 0
    for seat in range(4):
        if res.calls[seat] is not None:
            value = 200 if res.calls[seat] == "grand" else 100
            made = res.call_made[seat]
            assert made == (seat == res.out_order[0])
            if name == "fifty-two":
                calls += value if made else 0
            else:
                calls += value if made else -value
    base = rules.options["double_victory_points"] if res.double_victory else 100
    if name == "fifty-two":
        # Awarded points only: cards, made bets and broken bets of the opponents.
        assert min(res.scores) >= -25
        assert sum(res.scores) == base + calls + sum(
            (200 if res.calls[s] == "grand" else 100) for s in range(4)
            if res.calls[s] is not None and not res.call_made[s])
    else:
        assert sum(res.scores) == base + calls
    _check_replay(game)
