"""The hub's cheap patches are exactly the straightforward ones.

The hub diffs documents built from the cached views (view_cache.py), section by
section and once per pair of shared objects (`diff_shared`), with `_same`
comparing types all the way down without serialising. Here, over whole random
games of every ruleset, each audience's patch from version to version is
compared with `diff` of the reference documents (`view_for`, built afresh): the
same operations in the same order, so no client ever receives anything else.
And `diff_shared` equals `diff` on arbitrary JSON documents too, shared parts or not.
"""

import copy
import json
import marshal
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import Game, view_for
from app.engine.simulate import random_action
from app.engine.view_cache import ViewCache
from app.web.protocol import _same, apply_patch, diff, diff_shared
from tests.engine.test_view_cache import MAX_ROUNDS, TABLES


def wire(value) -> str:
    return json.dumps(value)


def doc(meta: dict, seat, view) -> dict:
    return {"table": meta, "you": {"seat": seat}, "game": view}


def play_and_compare(ruleset: str, options: dict, seed: int) -> int:
    rng = random.Random(seed)
    game = Game(ruleset, options, seed=seed)
    cache = ViewCache(game)
    audiences = list(range(game.rules.seats)) + [None]
    meta = {"code": "ABCDE", "moves": 0}
    held = {seat: (doc(meta, seat, cache.view(seat)), doc(meta, seat, view_for(game, seat)))
            for seat in audiences}
    patches = 0
    while not game.over and len(game.rounds) <= MAX_ROUNDS:
        game.apply(random_action(game.round, rng))
        meta = {"code": "ABCDE", "moves": game.version}  # the table section: one object per version
        shared: dict = {}
        for seat in rng.sample(audiences, min(3, len(audiences))):
            fast_old, slow_old = held[seat]
            fast_new, slow_new = doc(meta, seat, cache.view(seat)), doc(meta, seat, view_for(game, seat))
            ops = diff_shared(fast_old, fast_new, shared)
            assert wire(ops) == wire(diff(slow_old, slow_new)), f"{ruleset} seat {seat} v{game.version}"
            # ... and a client holding the old document gets exactly the new one.
            got = apply_patch(json.loads(wire(slow_old)), json.loads(wire(ops)))
            assert wire(got) == wire(slow_new)
            held[seat] = (fast_new, slow_new)
            patches += 1
        # The audiences not sampled stay at an older version: their next patch spans several.
    return patches


def test_hub_patches_equal_the_straightforward_ones_over_whole_games():
    for i, (ruleset, options) in enumerate(TABLES):
        assert play_and_compare(ruleset, options, 2000 + i) > 0


# -- on arbitrary documents -------------------------------------------------------------

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False),
                    st.sampled_from(["a", "b", ""]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["k", "l", "m", "n"]), inner, max_size=4)),
    max_leaves=12)
documents = st.dictionaries(st.sampled_from(["table", "you", "game", "x"]),
                            st.one_of(values, st.dictionaries(st.sampled_from(["p", "q", "r"]), values)),
                            max_size=4)


def marshal_same(a, b) -> bool:
    """The comparison `_same` replaced: `==`, then the marshal bytes of equal containers."""
    if type(a) is not type(b):
        return False
    if a is b:
        return True
    if not a == b:
        return False
    return type(a) not in (dict, list) or marshal.dumps(a, 2) == marshal.dumps(b, 2)


@settings(max_examples=300, deadline=None)
@given(a=values, b=values)
def test_same_agrees_with_the_marshal_comparison(a, b):
    assert _same(a, b) == marshal_same(a, b)
    assert _same(a, copy.deepcopy(a)) and marshal_same(a, copy.deepcopy(a))


@settings(max_examples=300, deadline=None)
@given(old=documents, new=documents, share=st.lists(st.sampled_from(["table", "you", "game", "x"])),
       share_inside=st.lists(st.sampled_from(["p", "q", "r"])))
def test_diff_shared_equals_diff(old, new, share, share_inside):
    # Parts taken over unchanged are the same object, as the views make them: whole sections,
    # or parts of a section.
    for key in share:
        if key in old and key in new:
            new[key] = old[key]
    for key, section in new.items():
        if type(section) is dict and type(old.get(key)) is dict and section is not old[key]:
            for part in share_inside:
                if part in old[key]:
                    section[part] = old[key][part]
    assert wire(diff_shared(old, new, {})) == wire(diff(old, new))
