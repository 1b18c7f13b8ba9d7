"""The server's cached views (view_cache.py) are exactly the reference `view_for`, always.

Whole random games of every ruleset and table size (the first four rounds of one
that runs long): after every accepted action,
every seat's and a spectator's cached view is compared with `view_for` as JSON
text (key order included, so nothing is added, dropped, reordered or retyped),
for three audiences at random per version, in a random order (a server asks only
for the audiences it has). The cache shares objects across versions, so each
view is also checked again at the end of its game: what a version's view said
must never change afterwards, whatever was played since.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import RULESETS, Game, view_for
from app.engine.simulate import random_action
from app.engine.view_cache import ViewCache

TABLES = [
    ("standard", {"target": 200}),
    ("standard", {"target": 300, "grand_tichu": False, "direction": "cw"}),
    ("fifty-two", {"target_lead": 150, "max_rounds": 3}),
    ("tientsin", {"target": 200}),
    ("trichu", {"rounds": 3}),
    ("trichu", {"rounds": 3, "direction": "cw", "table_can_win": False}),
    ("grandseigneur", {"players": 5, "rounds": 2}),
    ("grandseigneur", {"rounds": 2}),
    ("grandseigneur", {"players": 7, "rounds": 2}),
    ("grandseigneur", {"players": 12, "rounds": 1, "direction": "cw"}),
]

MAX_ROUNDS = 4  # random play may keep a game to a target going for long: its first rounds then


def text(value) -> str:
    return json.dumps(value)  # key order and types as the wire has them (1, 1.0, true differ)


def test_every_ruleset_is_compared():
    assert {name for name, _ in TABLES} == set(RULESETS)


def play_and_compare(ruleset: str, options: dict, seed: int) -> int:
    """Plays one whole game (or its first rounds); returns how many views were compared."""
    rng = random.Random(seed)
    game = Game(ruleset, options, seed=seed)
    cache = ViewCache(game)
    audiences = list(range(game.rules.seats)) + [None]
    earlier = []  # (view object, its text then), for the check at the end
    compared = 0
    while True:
        # Some audiences at each version (a server builds the views of the connected ones),
        # each compared with the reference (three a version keeps long games quick).
        rng.shuffle(audiences)
        for seat in audiences[:3]:
            got = cache.view(seat)
            assert cache.view(seat) is got  # one view per seat and version
            expected = text(view_for(game, seat))
            assert text(got) == expected, f"{ruleset} seat {seat} at version {game.version}"
            if rng.random() < 0.05:
                earlier.append((got, expected))
            compared += 1
        if game.over or len(game.rounds) > MAX_ROUNDS:
            break
        game.apply(random_action(game.round, rng))
    for view, then in earlier:
        assert text(view) == then, "a view changed after it was given out"
    return compared


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32))
def test_cached_views_equal_view_for_over_whole_games(table, seed):
    ruleset, options = table
    assert play_and_compare(ruleset, options, seed) > 0


def test_each_table_once():
    """Every table of the list at least once, whatever hypothesis samples."""
    for i, (ruleset, options) in enumerate(TABLES):
        assert play_and_compare(ruleset, options, 1000 + i) > 0


def test_a_new_game_object_is_not_mixed_up_with_the_old():
    """A cache belongs to one game object: a table that replays its game (an undo) builds a new one."""
    game = Game("standard", {"target": 200}, seed=5)
    cache = ViewCache(game)
    before = text(cache.view(0))
    rng = random.Random(5)
    for _ in range(30):
        game.apply(random_action(game.round, rng))
    assert text(cache.view(0)) == text(view_for(game, 0)) != before
