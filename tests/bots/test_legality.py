"""Property test: bots of every level only ever choose legal actions, and act when they must.

Random rounds (several rulesets and options) are driven partly by the bots and
partly at random, so the positions are varied; at every position every level
is asked for every seat that may act, and each answer is applied to a copy of
the game, which must accept it.
"""

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import LEVELS
from app.engine import Game, IllegalAction, view_for
from app.engine.round import EXCHANGE, GRAND, OVER
from app.engine.simulate import random_action

from .quick import quick_bot

RULESETS = st.sampled_from([
    ("standard", {}),
    ("standard", {"direction": "cw", "wish_bomb_escape": "always"}),
    ("standard", {"grand_tichu": False, "stairs_min_pairs": 3, "one_call_per_team": True}),
    ("standard", {"dragon_gift_on_final_trick": False, "wish_bomb_escape": "never"}),
    ("fifty-two", {}),
])


def must_act(rnd, seat: int) -> bool:
    if rnd.phase == GRAND:
        return rnd.grand[seat] is None
    if rnd.phase == EXCHANGE:
        return rnd.exchange[seat] is None
    return seat == (rnd.gift_from if rnd.gift_from is not None else rnd.turn)


def accepted(game: Game, seat: int, action: dict) -> str | None:
    """None if the game accepts the action (checked on a copy), else the refusal."""
    shared = {id(game.rules): game.rules, id(game.rules.deck): game.rules.deck}
    trial = copy.deepcopy(game, shared)
    try:
        trial.apply({**action, "seat": action.get("seat", seat)})
    except IllegalAction as exc:
        return f"{exc.code}: {exc.message}"
    return None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), ruleset=RULESETS)
def test_every_level_chooses_only_legal_actions(seed, ruleset):
    name, options = ruleset
    game = Game(name, options, seed=seed)
    rnd = game.round
    rng = random.Random(seed)
    bots = {level: [quick_bot(level, s, random.Random(seed + s)) for s in range(4)] for level in LEVELS}
    positions = 0
    while rnd.phase != OVER:
        proposals = []
        for seat in range(4):
            if not rnd.legal(seat).any():
                continue
            view = view_for(game, seat)
            for level, seat_bots in bots.items():
                action = seat_bots[seat].decide(view)
                if action is None:
                    assert not must_act(rnd, seat), f"{level} at seat {seat} did nothing in its turn"
                    continue
                refusal = accepted(game, seat, action)
                assert refusal is None, f"{level} at seat {seat}: {action} refused ({refusal})"
                proposals.append({**action, "seat": seat})
        positions += 1
        # Move on with a bot's answer or, now and then, a random action (for varied positions).
        if proposals and rng.random() < 0.75:
            game.apply(rng.choice(proposals))
        else:
            game.apply(random_action(rnd, rng))
    assert positions > 10
