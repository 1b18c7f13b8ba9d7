"""Documents as the server sends them, built from an engine game, for drawing with the page's
own modules (e2e/draw_doc.js): a table of any size at any moment of any round, without
playing up to it through a server."""

from __future__ import annotations

import random

from app.engine import Game, view_for
from app.engine.simulate import play_random_round, random_action

LONG_NAMES = ["Anna", "Bartholomew", "Cleopatra", "Dan", "Evangelina", "Fitzgerald", "Gwendolyn",
              "Hieronymus", "Isolde", "Jacqueline", "Konstantin", "Leopoldine"]


def table_meta(game: Game, names: list[str], code: str = "ABCDE", chat: list | None = None) -> dict:
    """The table's public part of the document (app/web/table/audiences.py, `meta`)."""
    view = view_for(game, None)
    table = view["geometry"]["table"]
    seats = [{"seat": i, "team": view["players"][i]["team"], "name": None if i == table else names[i],
              "bot": None, "dummy": i == table, "taken": i != table, "human": i != table, "online": True,
              "away": False,
              "standin_at": None, "turn_ends": None}
             for i in range(len(view["players"]))]
    return {"code": code, "name": "Trial", "ruleset": view["ruleset"], "options": view["options"],
            "status": "over" if game.over else "playing", "seats": seats,
            "host": {"name": names[0], "seat": 0, "online": True}, "spectators": 0, "moves": game.version,
            "game_no": 1, "finished_games": 0, "levels": ["greedy"], "default_level": "greedy",
            "settings": {"tracker": False, "takeover": False, "hints": False}, "chat": chat or [],
            "bombs": {"window_until": None, "hold": None}}


def document(game: Game, seat: int | None, names: list[str] = LONG_NAMES, **meta) -> dict:
    """What the person at `seat` (None: a watcher) gets for `game`."""
    return {"table": table_meta(game, names, **meta),
            "you": {"seat": seat, "host": seat == 0, "manage": seat == 0, "bot_plays": False},
            "game": view_for(game, seat)}


def played(ruleset: str, options: dict | None = None, seed: int = 1, rounds: int = 0,
           plays: int = 0) -> Game:
    """A game after `rounds` whole rounds played at random, then `plays` plays and passes of
    the next round (its decisions before the first play made at random too)."""
    game = Game(ruleset, options or {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_random_round(game, rng, bomb_rate=0)
    done = 0
    while plays and not game.over and game.round.phase != "over":
        phase = game.round.phase
        game.apply(random_action(game.round, rng, bomb_rate=0))
        if phase == "play":
            done += 1
            if done >= plays and game.round.trick:
                break
    return game
