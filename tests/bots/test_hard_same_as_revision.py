"""Today's Hard decides as the Hard of another git revision: same seed and deals, same means, same
choice.

The revision is `TICHU_COMPARE_REVISION` (default: 8582a42, the play-out's last change of
policy on main: an opponent's pair taken with a pair out of a combination; before it 360a31c,
an opponent's single so taken, and 140a335, the commit before the bots' second pass, which
changed how the code reads, never what it decides).
Its Hard is loaded as the arena loads one, `git:REVISION:hard` (its own process and code,
`app.bots.remote`); both search a fixed number of deals with the same seed and their plain
default options, and their choices and mean scores per candidate are compared exactly, on
turns taken from rounds of every ruleset and table size. Skipped where the checkout has no
history or not that revision (an exported tree, a shallow clone).
"""

import os
import random

import pytest

from app.bots import load_bot
from app.bots.hard import HardBot
from app.bots.revision import RevisionError, resolve
from app.bots.table import TableLog, play_round
from app.engine import Game, Rules, seeded_deal

from .positions import TurnRecorder

REVISION = os.environ.get("TICHU_COMPARE_REVISION", "8582a42")
TABLES = [("standard", {}), ("trichu", {}), ("tientsin", {}), ("grandseigneur", {}),
          ("grandseigneur", {"players": 8})]
# Deals per decision: enough for the choice to hinge on many play-outs, few enough for a test.
WORLDS = 30


def searched_turns(ruleset: str, options: dict, seed: str, count: int) -> list[dict]:
    """`count` turns spread over a round Normal plays, where Hard has a choice to search."""
    rules = Rules.of(ruleset, options)
    deal = seeded_deal(rules, seed)
    game = Game(ruleset, options, deal=lambda i: deal(i) if i == 0 else None)
    turns: list[dict] = []
    play_round(game, [TurnRecorder(s, random.Random(s), turns) for s in range(rules.seats)], TableLog())
    chosen = []
    for view in turns[::max(1, len(turns) // (2 * count))]:
        probe = HardBot(view["viewer"], budget_ms=1e6, max_worlds=1, seed=0)
        if probe.decide_explained(view).search is not None:
            chosen.append(view)
    step = max(1, len(chosen) // count)
    return chosen[::step][:count]


def revision_hard(revision: str):
    """The Hard bot class of `revision`; the test is skipped where the checkout cannot give it."""
    try:
        resolve(revision)
    except RevisionError as exc:  # an exported tree or a shallow clone: nothing to compare with
        pytest.skip(f"revision {revision} is not here: {exc}")
    return load_bot(f"git:{revision}:hard")


@pytest.fixture(scope="module")
def old_hard():
    return revision_hard(REVISION)


@pytest.mark.parametrize("ruleset,options", TABLES)
def test_the_same_seed_and_deals_give_the_same_means_and_choice(old_hard, ruleset, options):
    views = searched_turns(ruleset, options, "same-as-before", 4)
    assert len(views) >= 3
    for i, view in enumerate(views):
        config = {"budget_ms": 1e9, "max_worlds": WORLDS, "seed": i}
        new = HardBot(view["viewer"], **config).decide_explained(view)
        old = old_hard(view["viewer"], **config).decide_explained(view)
        assert new.action == old.action, (ruleset, i)
        assert old.search is not None and new.search is not None, (ruleset, i)
        assert 0 < old.search.worlds == new.search.worlds <= WORLDS  # (the race may end it sooner)
        assert new.search.means == old.search.means, (ruleset, i)
        assert new.search.chosen == old.search.chosen, (ruleset, i)


def test_a_checkout_without_that_revision_skips(monkeypatch):
    """Without git history (a copy without .git) `resolve` fails, and the comparison skips."""
    monkeypatch.setenv("GIT_DIR", os.devnull)  # as if this checkout had no repository
    resolve.cache_clear()
    try:
        with pytest.raises(pytest.skip.Exception):
            revision_hard("0123456789abcdef0123456789abcdef01234567")
    finally:
        resolve.cache_clear()
