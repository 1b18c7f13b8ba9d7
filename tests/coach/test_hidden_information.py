"""Hidden information: what the coach says depends only on what the seat may know.

Two games that differ only in cards the seat cannot see (another deal of the
hidden cards, with the cards it knows the place of left in place) must give
the same facts and the same why-not answers, word for word.
"""

from __future__ import annotations

import random

import pytest

from app.coach import facts, play_fact
from app.coach.why_not import why_not
from app.coach.words import say
from app.engine import mask_cards, view_for

from .endgames import Rewind, endgames, worlds

RULESETS = [("standard", None), ("trichu", None), ("tientsin", None), ("grandseigneur", None),
            ("fifty-two", None)]


def _everything(game, viewer, seat, selections):
    view = view_for(game, viewer)
    said = facts(view, seat)
    for cards in selections:
        said.append(play_fact(view, cards, seat))
        said.append(why_not(view, cards, seat))
    return said, [say(item, lang) for item in said if item is not None for lang in ("en", "de")]


@pytest.mark.parametrize("ruleset, options", RULESETS)
def test_games_that_differ_only_in_hidden_cards_give_the_same_coaching(ruleset, options):
    rng = random.Random(ruleset)
    compared = 0
    for seed in range(4):
        for game, viewer, seat in endgames(ruleset, options, 300 + seed, max_other_cards=40, every=5):
            deck = game.rules.deck
            hand = mask_cards(game.round.hands[seat])
            selections = [deck.codes[c] for c in hand[:3]] + [
                deck.format_cards(sum(1 << c for c in rng.sample(hand, min(2, len(hand)))))]
            real = _everything(game, viewer, seat, selections)
            real_view = view_for(game, viewer)
            rewind = Rewind(game)
            deals, _ = worlds(game, viewer, seat, 3, rng)
            for hands in deals:
                if hands == game.round.hands:
                    continue
                rewind(hands)
                assert view_for(game, viewer) == real_view  # (the engine hides them: the premise)
                assert _everything(game, viewer, seat, selections) == real
                compared += 1
            rewind()
    assert compared >= 20
