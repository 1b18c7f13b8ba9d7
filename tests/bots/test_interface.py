"""The bot interface: levels, loading by import path, and what a bot may and must answer."""

import pytest

from app.bots import LEVELS, Bot, load_bot
from app.bots.arena import ArenaConfig, run_arena
from app.bots.table import TableLog, play_round, single_deal_game
from app.engine import Game, seeded_deal, view_for

from .example_bot import PassingBot
from .positions import play, table
from .quick import quick_bot


def test_levels_for_the_hosts_picker():
    assert {"greedy", "easy", "normal", "hard"} <= set(LEVELS)
    for name, cls in LEVELS.items():
        assert issubclass(cls, Bot) and cls.name == name and load_bot(name) is cls


def test_a_bot_of_ones_own_loads_by_import_path_and_plays_in_the_arena():
    assert load_bot("tests.bots.example_bot:PassingBot") is PassingBot
    report = run_arena(ArenaConfig(a="tests.bots.example_bot:PassingBot", b="normal", deals=2, workers=1),
                       progress=False)
    assert report["illegal_actions"] == 0 and report["sides"]["A"]["bot"].endswith("PassingBot")


@pytest.mark.parametrize("spec", ["nosuchlevel", "no_such_module_xyz:Bot", "app.bots:LEVELS",
                                  "app.bots.table:play_round", ":Bot", "app.bots:"])
def test_load_bot_refuses_what_is_not_a_bot(spec):
    with pytest.raises((ValueError, ImportError)):
        load_bot(spec)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_nothing_to_say_to_a_spectator_or_after_the_game(level):
    game = Game(seed=1)
    bot = load_bot(level)(0)
    assert bot.decide(view_for(game, None)) is None
    # A game over after its one round, played by Greedy bots: the same round on every run (a
    # Hard bot made without an rng draws from an unseeded one, so its round, and whether it
    # ended the game, varied from run to run).
    over = single_deal_game(seeded_deal(game.rules, 3)(0), options={"target": 50})
    play_round(over, [quick_bot("greedy", s) for s in range(4)], TableLog())
    assert over.over and bot.decide(view_for(over, 0)) is None


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_returns_none_when_it_has_nothing_to_do(level):
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False)
    play(game, 0, "Mj")  # seat 1's turn; seat 3 can do nothing (no bomb; it may still call Tichu)
    answer = load_bot(level)(3).decide(view_for(game, 3))
    assert answer in (None, {"act": "tichu"})


def test_a_bot_taking_over_mid_round_decides_as_one_that_was_there():
    game = Game(seed=5)
    bots = [LEVELS["normal"](s) for s in range(4)]
    seen = []

    def compare(seat, action):
        rnd = game.round
        if rnd.phase == "play" and rnd.turn is not None and len(seen) < 25:
            view = view_for(game, rnd.turn)
            newcomer = LEVELS["normal"](rnd.turn)
            assert newcomer.decide(view) == bots[rnd.turn].decide(view)
            seen.append(seat)

    play_round(game, bots, TableLog(), on_action=compare)
    assert len(seen) >= 10


def test_the_readme_example_bot_plays_legally():
    import pathlib
    import re

    readme = (pathlib.Path(__file__).parents[2] / "docs" / "bots.md").read_text()
    section = readme.split("## Write your own bot", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "docs/bots.md", "exec"), namespace)  # noqa: S102 (our own docs)
    bot_cls = namespace["PassingBot"]
    assert issubclass(bot_cls, Bot)
    game = single_deal_game(seeded_deal(Game(seed=1).rules, 9)(0))
    log = TableLog()
    play_round(game, [bot_cls(0), LEVELS["normal"](1), bot_cls(2), LEVELS["normal"](3)], log)
    assert log.illegal == [] and game.round.result is not None
    # Every ruleset: the Trichu Table, a Tientsin Dog, two Grandseigneur rounds (the forced exchange).
    for name, options in (("trichu", {}), ("tientsin", {}), ("grandseigneur", {"players": 7})):
        game = Game(name, options, seed=3)
        bots = [bot_cls(s) if s else LEVELS["normal"](s) for s in range(game.rules.seats)]
        for _ in range(2):
            play_round(game, bots, log)
        assert log.illegal == [], (name, log.illegal[:2])
