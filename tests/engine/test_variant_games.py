"""Property tests: random whole games of every ruleset and table size keep the invariants.

Every example plays whole games at random (app.engine.simulate) with random,
mostly refused, actions in between, and checks: every card conserved, every
round ends, the scores add up, no view names a card its seat may not know (the
Trichu Table's hand included), a refused action changes nothing, and the
exported record replays to the same scores.
"""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import RULESETS, Game, IllegalAction, mask_cards, replay, view_for
from app.engine.round import GRAND, OVER, PLAY
from app.engine.simulate import random_action

from .helpers import exchanged_cards, snapshot, view_leaks

LONG = os.environ.get("TICHU_LONG") == "1"

TABLES = [
    ("tientsin", {}),
    ("tientsin", {"direction": "cw", "grand_tichu": False, "one_call_per_team": True}),
    ("trichu", {"rounds": 3}),
    ("trichu", {"rounds": 3, "direction": "cw", "table_can_win": False}),
    ("grandseigneur", {"players": 5, "rounds": 3}),
    ("grandseigneur", {"rounds": 3}),
    ("grandseigneur", {"players": 7, "rounds": 3}),
    ("grandseigneur", {"players": 9, "rounds": 2, "direction": "cw"}),
    ("grandseigneur", {"players": 12, "rounds": 2}),
]


def test_every_registered_ruleset_is_played_here():
    assert {name for name, _ in TABLES} | {"standard", "fifty-two"} == set(RULESETS)


def _check_conserved(rnd):
    cards = []
    for mask in rnd.hands + rnd.piles + [rnd.trick_mask]:
        cards += mask_cards(mask)
    if rnd.phase not in (PLAY, OVER):
        for chosen in rnd.exchange:
            cards += exchanged_cards(chosen)
    assert len(cards) == len(set(cards)), "a card is in two places"
    if rnd.phase == GRAND:
        seen = rnd.rules.grand_tichu_cards
        assert sorted(cards) == sorted(c for h in rnd.dealt for c in h[:seen])
    else:
        assert sorted(cards) == list(range(rnd.deck.size))


def _bogus(rng, game):
    """A random action, most likely refused; `by` sometimes names another player."""
    rnd = game.round
    n = rnd.seating.seats
    deck = game.rules.deck
    seat = rng.randrange(n)
    card = deck.codes[rng.randrange(deck.size)]
    action = rng.choice([
        {"seat": seat, "act": "play", "cards": card},
        {"seat": seat, "act": "pass"},
        {"seat": seat, "act": "gift", "to": rng.randrange(n)},
        {"seat": seat, "act": "tichu"},
        {"seat": seat, "act": "grand", "call": True},
        {"seat": seat, "act": "exchange", "give": {str((seat + 1) % n): card}},
        {"seat": seat, "act": "play", "cards": card, "to": rng.randrange(n)},
    ])
    by = rng.choice([None, rng.randrange(n)])
    return action, by


def _check_result(game, rnd):
    res = rnd.result
    seating = rnd.seating
    n = seating.seats
    kind = game.rules.ruleset.scoring
    if kind == "grandseigneur":
        assert sorted(res.out_order) == list(range(n))
        assert res.scores is None
        assert sorted(res.extra["titles"]) == sorted(seating.titles_by_place)
        return
    team_of = seating.team_of
    calls = sum((200 if c == "grand" else 100) * (1 if res.call_made[s] else -1)
                for s, c in enumerate(res.calls) if c is not None)
    team_scores = res.extra["team_scores"] if kind == "trichu" else list(res.scores)
    if len(res.out_order) < n:  # one team went out first
        assert len({team_of[s] for s in res.out_order}) == 1
        sweep = game.rules.options.get("triple_victory_points",
                                       game.rules.options.get("double_victory_points"))
        assert res.card_points is None and sum(team_scores) == sweep + calls
    else:
        assert sorted(res.out_order) == list(range(n))
        assert sum(res.card_points) == 100 and sum(team_scores) == 100 + calls
    if kind == "trichu":
        assert list(res.scores) == [team_scores[team_of[s]] for s in range(n)]


def _play(game, rng, bogus_every=3, views_every=11, max_rounds=4):
    steps = 0
    while not game.over and len(game.results()) < max_rounds:
        rnd = game.round
        n = rnd.seating.seats
        round_steps = 0
        while rnd.phase != OVER:
            _check_conserved(rnd)
            if steps % views_every == 0:
                for seat in [None, *range(n)]:
                    view = view_for(game, seat)
                    assert not view_leaks(game, seat, view), (seat, view_leaks(game, seat, view))
            if steps % bogus_every == 0:
                before = snapshot(game)
                action, by = _bogus(rng, game)
                try:
                    game.apply(action, by=by)
                except IllegalAction as exc:
                    assert exc.code and exc.message
                    assert snapshot(game) == before
                else:
                    steps += 1
                    round_steps += 1
                    continue
            game.apply(random_action(rnd, rng))
            steps += 1
            round_steps += 1
            assert round_steps < 6000, "the round does not end"
        _check_result(game, rnd)
    return steps


def _check_replay(game):
    result = replay(game.record())
    assert result["ok"], result["error"]
    assert result["applied"] == game.version
    done = [r["scores"] for r in result["rounds"] if r["complete"]]
    assert done == [list(r.scores) if r.scores is not None else None for r in game.results()]
    assert result["totals"] == (game.totals or None)
    assert result["winner"] == game.winner


@settings(max_examples=200 if LONG else 8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), table=st.sampled_from(TABLES))
def test_random_whole_games_keep_the_invariants(seed, table):
    name, options = table
    options = dict(options)
    if name == "tientsin":
        options.setdefault("target", 300)  # a short game
    game = Game(name, options, seed=seed)
    _play(game, random.Random(seed))
    # (random Tichu calls can keep a team game from its target: at most four rounds)
    assert (game.over and game.winner is not None) or len(game.results()) == 4
    _check_replay(game)


@settings(max_examples=400 if LONG else 40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), table=st.sampled_from(TABLES),
       bombs=st.sampled_from([0.0, 0.15, 0.5]), tichu=st.sampled_from([0.0, 0.3]))
def test_random_rounds_end_with_scores_that_add_up(seed, table, bombs, tichu):
    name, options = table
    game = Game(name, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(2):  # the second round of Grandseigneur has the exchange
        rnd = game.round
        steps = 0
        while rnd.phase != OVER:
            game.apply(random_action(rnd, rng, bomb_rate=bombs, tichu_rate=tichu))
            steps += 1
            assert steps < 6000
        _check_result(game, rnd)
        if game.over:
            break
    _check_replay(game)
