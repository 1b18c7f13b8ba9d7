"""The compiled play-out (`app.bots.native`, built by scripts/compile_playout.py) plays exactly as
the pure Python one it is compiled from: the same moves, the same end, the same score, and the
Hard bot's search finds the same means with either.

Skipped, saying so, where the compiled copy is not built (no mypyc or C compiler here) or is
older than the source: the searches then run the pure one, which the other tests check."""

import random

import pytest

from app.bots import native
from app.bots import playout as pure
from app.bots.hard import HardBot
from app.bots.table import TableLog, play_round
from app.engine import Game, Rules, seeded_deal, view_for

from .positions import TurnRecorder

TABLES = [("standard", {}), ("trichu", {}), ("tientsin", {}), ("grandseigneur", {}),
          ("grandseigneur", {"players": 8}), ("fifty-two", {})]

pytestmark = pytest.mark.skipif(
    native.COMPILED is None,
    reason="the compiled play-out is not built here (run scripts/compile_playout.py: it needs mypy "
           "and a C compiler); the searches run the pure Python one")


def _round_start(module, game: Game, wish: int | None):
    rules = game.rules
    hands = [sum(1 << c for c in cards) for cards in game.round.dealt]
    first = next(s for s, h in enumerate(hands) if h & rules.deck.mahjong_mask)
    n = len(hands)
    po = module.Playout(rules, module.planner_for(rules.deck, rules.stairs_min_pairs),
                        view_for(game, 0)["geometry"])
    po.setup(hands, first, None, None, 0, 0, [0] * n, [], [None] * n, wish=wish)
    po.trace = []
    return po


def test_whole_rounds_play_out_move_for_move_alike():
    rounds = 0
    for name, options in TABLES:
        for seed in range(30):
            game = Game(name, options, seed=seed)
            for s in game.round.pending() if game.round.phase == "grand" else ():
                game.apply({"act": "grand", "seat": s, "call": False})
            deck = game.rules.deck
            wish = random.Random(seed).randint(deck.low, deck.high) if seed % 2 else None
            a, b = _round_start(pure, game, wish), _round_start(native.COMPILED, game, wish)
            a.run()
            b.run()
            assert a.trace == b.trace, (name, seed)
            assert (a.out, a.piles, a.hands) == (b.out, b.piles, b.hands), (name, seed)
            teams = range(len(a.hands)) if name == "grandseigneur" else range(2)
            assert [a.score(t) for t in teams] == [b.score(t) for t in teams], (name, seed)
            rounds += 1
    assert rounds == 30 * len(TABLES)


@pytest.mark.parametrize("ruleset,options", TABLES[:5])
def test_the_hard_search_finds_the_same_means_with_either(ruleset, options):
    rules = Rules.of(ruleset, options)
    deal = seeded_deal(rules, "native")
    game = Game(ruleset, options, deal=lambda i: deal(i) if i == 0 else None)
    turns: list[dict] = []
    play_round(game, [TurnRecorder(s, random.Random(s), turns) for s in range(rules.seats)], TableLog())
    searched = 0
    for i, view in enumerate(turns[::3]):
        found = []
        for compiled in (False, True):
            bot = HardBot(view["viewer"], budget_ms=1e9, max_worlds=40, seed=i, native=int(compiled))
            found.append(bot.decide_explained(view))
        assert found[0].action == found[1].action
        if found[0].search is not None:
            assert found[0].search.means == found[1].search.means
            searched += 1
    assert searched >= 3
