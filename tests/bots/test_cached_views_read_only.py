"""Bots read the server's cached views without changing them.

A table's views share objects with the other seats' views and with later
versions' (app/engine/view_cache.py): a bot that sorted a hand or popped a
play in place would change what other seats and later versions are sent. Every
level decides on cached views through a few rounds; afterwards every view it
was given still reads as `view_for` gave it then.
"""

import json
import random

import pytest

from app.bots import LEVELS
from app.engine import Game, view_for
from app.engine.view_cache import ViewCache

from .quick import quick_bot


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_leaves_the_cached_views_as_they_were(level):
    game = Game("standard", {"target": 200}, seed=11)
    cache = ViewCache(game)
    bots = [quick_bot(level, seat, random.Random(seat)) for seat in range(4)]  # only reading matters here
    for bot in bots:
        bot.new_game()
    given = []  # (view, its JSON text when it was given)
    rng = random.Random(5)
    for _ in range(400):
        if game.over:
            break
        actions = []
        for seat in rng.sample(range(4), 4):
            view = cache.view(seat)
            given.append((view, json.dumps(view_for(game, seat))))
            action = bots[seat].decide(view)
            if action is not None:
                actions.append({**action, "seat": seat})
        assert actions, "nobody acted"
        game.apply(actions[0])
    for view, then in given:
        assert json.dumps(view) == then
