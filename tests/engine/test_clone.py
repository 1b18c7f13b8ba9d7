"""A round and a game can be copied: actions applied to the copy leave the original as it was."""

from __future__ import annotations

import random

from app.engine import Game
from app.engine.simulate import random_action

from .helpers import snapshot


def _play_on(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        game.apply(random_action(game.round, rng))


def test_a_clone_plays_on_without_touching_the_original():
    for seed in range(6):
        game = Game(seed=f"clone-{seed}")
        _play_on(game, random.Random(seed), 30 + 7 * seed)  # somewhere in the exchange or play
        before = snapshot(game)
        twin = game.clone()
        assert snapshot(twin) == before
        _play_on(twin, random.Random(99), 400)  # to the end of the round and beyond
        assert snapshot(game) == before
        assert twin.version > game.version


def test_the_original_plays_on_without_touching_the_clone():
    game = Game(seed="clone-back")
    _play_on(game, random.Random(1), 40)
    twin = game.clone()
    kept = snapshot(twin)
    _play_on(game, random.Random(2), 400)
    assert snapshot(twin) == kept


def test_a_clone_decides_as_the_original_would():
    game = Game("tientsin", seed="clone-same")
    _play_on(game, random.Random(3), 50)
    twin = game.clone()
    _play_on(game, random.Random(4), 300)
    _play_on(twin, random.Random(4), 300)
    assert twin.record() == game.record()
    assert (twin.totals, twin.winner, twin.version) == (game.totals, game.winner, game.version)
