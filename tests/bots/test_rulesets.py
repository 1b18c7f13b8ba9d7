"""Property test: every level plays whole rounds of every ruleset with zero refused actions.

`play_round` drives the table as the web layer does (each player's bot answers from its
own view, for the seats it controls too, and the answer is applied with `by=`); a refused
action or a stall is logged in `TableLog.illegal`, never hidden, so an empty log means
every decision of every bot was legal and made in time. Each example plays the first two
rounds of a game: the second one has the Grandseigneur exchange (forced best cards) and
a new Trichu dealer (the Table changes hands).
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import LEVELS
from app.bots.table import TableLog, play_round
from app.engine import Game

from .quick import quick_bot

RULESETS = [("standard", {}), ("fifty-two", {}), ("trichu", {}), ("tientsin", {}),
            ("grandseigneur", {})]
ROUNDS = 2


def play_rounds(name: str, options: dict, levels: list[str], seed: int) -> Game:
    game = Game(name, options, seed=seed)
    bots = [quick_bot(lv, s, random.Random(seed + s)) for s, lv in enumerate(levels)]
    log = TableLog()
    for number in range(ROUNDS):
        rnd = game.round
        play_round(game, bots, log)
        assert log.illegal == [], f"round {number}: refused or missing actions {log.illegal[:3]}"
        assert rnd.phase == "over" and rnd.result is not None, "the round did not end"
        assert sorted(rnd.result.out_order) == sorted(set(rnd.result.out_order))
        if game.over:
            break
    return game


def seats_of(name: str, options: dict) -> int:
    return Game(name, options, seed=0).rules.seats


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("ruleset", RULESETS, ids=[r[0] for r in RULESETS])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_a_table_of_one_level_plays_legally(level, ruleset, seed):
    name, options = ruleset
    play_rounds(name, options, [level] * seats_of(name, options), seed)


@pytest.mark.parametrize("level", sorted(LEVELS))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(5, 12))
def test_grandseigneur_at_every_table_size(level, seed, players):
    """Two decks from seven players on: second Dragons and Phoenixes, primed cards."""
    play_rounds("grandseigneur", {"players": players}, [level] * players, seed)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), ruleset=st.sampled_from(RULESETS + [("grandseigneur", {"players": 8})]),
       data=st.data())
def test_mixed_tables_play_legally(seed, ruleset, data):
    """Levels side by side: whoever deals in Trichu, the Table is played by that level's bot."""
    name, options = ruleset
    levels = data.draw(st.lists(st.sampled_from(sorted(LEVELS)), min_size=seats_of(name, options),
                                max_size=seats_of(name, options)))
    play_rounds(name, options, levels, seed)
