"""The exact endings' solver (`app/bots/endings.py`): its value is the minimax value, its moves
are the engine's, its optimal line scores as the engine scores it, and the play-out hands over
to it as `HardConfig.exact_cards` says.

Positions are taken from seeded rounds the greedy bot plays at every seat (every turn once few
cards are left: leads, follows, the Dragon's gift), in every ruleset with two teams.
"""

import random

import pytest

from app.bots import LEVELS
from app.bots.endings import (
    END,
    PLAY,
    TURN,
    WINDOW,
    Ending,
    Exact,
    Solved,
    State,
    Unsolved,
    engine_action,
    from_round,
    round_calls,
)
from app.bots.native import playout_module
from app.bots.playout import Playout, planner_for
from app.bots.table import TableLog, play_round
from app.engine import Game, Rules
from app.engine.combos import BOMB, MASK
from app.engine.plays import bombs_beating, turn_plays
from app.engine.round import PLAY as PLAY_PHASE

RULESETS = ["standard", "fifty-two", "tientsin", "trichu"]


def ending_positions(ruleset: str, seed: int, max_cards: int, level: str = "greedy") -> list:
    """Copies of the round at every action once `max_cards` or fewer are left in all hands."""
    game = Game(ruleset, {}, seed=seed)
    n = game.round.seating.seats
    bots = [LEVELS[level](s, random.Random(seed * 10 + s)) for s in range(n)]
    found = []

    def note(_player, _action):
        rnd = game.round
        if rnd.phase == PLAY_PHASE and sum(h.bit_count() for h in rnd.hands) <= max_cards:
            found.append(rnd.clone())

    play_round(game, bots, TableLog(), on_action=note)
    return found


def solver_for(rnd, max_nodes: int = 0) -> Ending:
    return Ending(rnd.rules, rnd.seating.as_dict(None), round_calls(rnd), max_nodes)


def brute(e: Ending, st: State, budget: list) -> int:
    """Plain minimax: no pruning, no table (`budget`: positions it may still visit)."""
    if st.phase == END:
        points = e.points(st)
        return points[0] - points[1]
    budget[0] -= 1
    if budget[0] < 0:
        raise Unsolved
    values = [brute(e, e.child(st, m), budget) for m in e.moves(st)]
    return max(values) if e.team[st.actor] == 0 else min(values)


def sample(ruleset: str, seeds: range, max_cards: int, every: int = 3) -> list:
    out = []
    for seed in seeds:
        out += ending_positions(ruleset, seed, max_cards)[::every]
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_value_is_the_minimax_value(ruleset):
    checked = 0
    for rnd in sample(ruleset, range(12), 7):
        e = solver_for(rnd)
        st = from_round(rnd)
        try:
            expected = brute(e, st, [20_000])
        except Unsolved:
            continue
        result = e.solve(st)
        assert result.value == expected
        assert result.points[0] - result.points[1] == result.value
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("ruleset", RULESETS)
def test_optimal_line_is_legal_and_scores_as_the_engine(ruleset):
    """Every move of the solver's line, from both sides, is applied to the engine's round (which
    refuses anything illegal), and the round ends with the score the solver said."""
    checked = 0
    for rnd in sample(ruleset, range(10), 9, every=4):
        e = solver_for(rnd)
        st = from_round(rnd)
        value = e.solve(st)
        game_round = rnd.clone()
        while st.phase != END:
            move = e.solve(st).move
            if st.phase == TURN:  # the solver's moves in a turn are the engine's listed ones
                wish = None if st.actor in e.wish_free else st.wish
                on = None if st.top is None else (*st.top, 0, None)
                r = rnd.rules
                plays, may_pass = turn_plays(st.hands[st.actor], r.deck, on, wish,
                                             stairs_min_pairs=r.stairs_min_pairs,
                                             led_phoenix=r.led_phoenix_value,
                                             wish_bomb_escape=r.wish_bomb_escape)
                if move[0] == PLAY:
                    assert move[1] in plays
                else:
                    assert may_pass
            elif st.phase == WINDOW and move[0] == PLAY:
                assert move[1][0] == BOMB
                bombs = bombs_beating(st.hands[st.actor], rnd.deck, (*st.top, 0, None))
                assert move[1][MASK] in {b[MASK] for b in bombs}
            action = engine_action(st, move)
            if action is not None:
                game_round.apply(action)
            st = e.child(st, move)
        result = game_round.result
        scores = result.extra.get("team_scores") or result.scores  # (Trichu: by team)
        assert tuple(scores) == value.points
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_worse_than_the_play_outs_first_move_and_bounded_by_a_policy(ruleset):
    """What is guaranteed: the value is at least (for the side to move) the value after the
    play-out's own first move; and with one team held to any fixed policy (here: its first
    listed move) and the other playing its best, that team gets at most the value."""
    checked = 0
    for rnd in sample(ruleset, range(8), 7):
        e = solver_for(rnd)
        st = from_round(rnd)
        if st.phase != TURN or st.top is not None:
            continue
        value = e.solve(st).value
        sign = 1 if e.team[st.actor] == 0 else -1
        po = Playout(rnd.rules, planner_for(rnd.deck, rnd.rules.stairs_min_pairs), rnd.seating.as_dict(None))
        po.setup(list(st.hands), st.actor, None, None, 0, 0, list(st.piles), list(st.out), round_calls(rnd),
                 None, st.wish)
        po.trace = []
        po.run()
        seat, c = po.trace[0][0], po.trace[0][1]
        assert seat == st.actor
        moves = [m for m in e.moves(st) if m[0] == PLAY and m[1][MASK] == c[MASK]]
        assert moves
        after = max(sign * e.solve(e.child(st, m)).value for m in moves)  # (the wish: the best)
        assert sign * value >= after
        for team in (0, 1):
            held = policy_value(e, st, team, [20_000])
            if held is not None:
                assert (held <= value) if team == 0 else (held >= value)
        checked += 1
    assert checked >= 4


def policy_value(e: Ending, st: State, team: int, budget: list) -> int | None:
    """The value with `team` playing its first listed move everywhere and the other its best."""
    if st.phase == END:
        points = e.points(st)
        return points[0] - points[1]
    budget[0] -= 1
    if budget[0] < 0:
        return None
    moves = e.moves(st)
    if e.team[st.actor] == team:
        moves = moves[:1]
    values = [policy_value(e, e.child(st, m), team, budget) for m in moves]
    if None in values:
        return None
    return max(values) if e.team[st.actor] == 0 else min(values)


def test_finds_what_the_play_out_misses():
    """From a Normal round: seat 3 (G9 S6 G5 R5) leads, seat 0 holds R10 R9 R7, seat 2 (who
    called Tichu) BJ, seat 1 is out first. The play-out leads the 9 and its line ends 150
    points behind for seat 3's team; leading the fives ends 170 behind for the others."""
    rules = Rules.of("standard")
    deck = rules.deck
    hands = tuple(deck.parse_mask(h) for h in ("R10 R9 R7", "", "BJ", "G9 S6 G5 R5"))
    geometry = rules.seating.as_dict(None)
    calls = [None, None, "tichu", None]
    st = State(TURN, 3, hands, None, None, 0, 0, (10, 50, -5, 25), (1,), None)
    e = Ending(rules, geometry, calls)
    best = e.solve(st)
    po = Playout(rules, planner_for(deck, 2), geometry)
    po.setup(list(hands), 3, None, None, 0, 0, list(st.piles), [1], calls, None, None)
    po.trace = []
    po.run()
    played = po.round_points()
    assert deck.format_cards(po.trace[0][1][MASK]) == "G9"
    assert played[0] - played[1] == -150
    assert best.value == -170  # team 1 (seats 1 and 3) 20 points better
    assert deck.format_cards(best.move[1][MASK]) == "G5 R5"


@pytest.mark.parametrize("native", [False, True])
def test_the_play_out_hands_over_at_a_lead(native):
    module = playout_module(native)
    for ruleset in ("standard", "tientsin"):
        for rnd in sample(ruleset, range(3), 30, every=10):
            st = from_round(rnd)
            if st.phase != TURN or st.top is not None:
                continue
            g = rnd.seating.as_dict(None)
            po = module.Playout(rnd.rules, module.planner_for(rnd.deck, rnd.rules.stairs_min_pairs), g)

            def fresh(po=po, st=st, rnd=rnd):
                return po.setup(list(st.hands), st.actor, None, None, 0, 0, list(st.piles), list(st.out),
                                round_calls(rnd), None, st.wish)

            fresh()
            po.run(400, 8)
            left = sum(h.bit_count() for h in po.hands)
            assert po.turn is None or (left <= 8 and po.top is None)
            fresh()
            end = Exact(rnd.rules, g, 8).run(po)
            if isinstance(end, Solved):
                assert end.score(0) == -end.score(1)
            fresh()
            assert Exact(rnd.rules, g, 0).run(po) is po and po.turn is None  # off: the play-out alone


def test_no_teams_no_solver():
    game = Game("grandseigneur", {}, seed=1)
    g = game.round.seating.as_dict(None)
    assert Exact(game.rules, g, 10).ending is None
    with pytest.raises(ValueError):
        Ending(game.rules, g, [None] * 6)


def test_node_budget_gives_up():
    rnd = next(r for r in ending_positions("standard", 3, 16) if sum(h.bit_count() for h in r.hands) >= 14)
    with pytest.raises(Unsolved):
        solver_for(rnd, max_nodes=5).solve(from_round(rnd))
