"""Where the round can end the game: what Hard weighs besides the round's points.

Near the target of a two-team game of standard scoring (`game_chance.in_reach`) a play-out's
score adds `game_weight` times the change it makes in the chance to win the game
(`playout_score`), and a Grand Tichu or Tichu call may be weighed by that chance with the call
and without, over the call search's deals (`call_chances`). Elsewhere both give None and the
round's points alone decide.
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine.rulesets import rules_of

from . import game_chance
from .decision import GameChances


def game_totals(view: dict, team: int | None) -> tuple | None:
    """(the team's total, the other's, the target, whether ties are draws) where the round
    can end a two-team game of standard scoring; None elsewhere."""
    totals = view["scores"]["totals"]
    options = view["options"]
    target = options.get("target")
    if (team is None or not target or not totals or len(totals) != 2
            or rules_of(view).ruleset.scoring != "standard"):
        return None
    mine, theirs = totals[team], totals[1 - team]
    if not game_chance.in_reach(mine, theirs, target):
        return None
    return mine, theirs, target, options.get("tie_rule") == "draw"


def playout_score(view: dict, team: int | None, weight: float) -> Callable | None:
    """Where the round can end the game, a play-out's score for `team`: the round's difference
    plus `weight` times the change it makes in the chance to win the game; None (the round's
    difference alone) when `weight` is 0 or the game is not in reach."""
    game = game_totals(view, team) if weight else None
    if game is None:
        return None
    mine, theirs, target, draw = game
    now = game_chance.chance(mine, theirs, target, draw)
    after = game_chance.after_round
    other = 1 - team

    def score(po) -> float:
        points = po.round_points()
        ours, others = points[team], points[other]
        return ours - others + weight * (after(mine + ours, theirs + others, target, draw) - now)

    return score


def call_chances(view: dict, outcomes: list, value: int, chance: float) -> GameChances | None:
    """The chance to win the game with a call worth `value` and without, over the search's deals
    (`outcomes`: (went out first, the round's points with the call) each), those it went out
    first in weighted by `chance`; None where the game is not in reach or one side of the call
    was never seen (then the threshold decides)."""
    team = view["geometry"]["team_of"][view["viewer"]]
    game = game_totals(view, team)
    if game is None:
        return None
    made = [points for first, points in outcomes if first]
    lost = [points for first, points in outcomes if not first]
    if not made or not lost:
        return None  # one side of the call unseen: no mean to weigh it by
    mine, theirs, target, draw = game
    other = 1 - team

    def mean_chance(group: list, shift: int) -> float:
        return sum(game_chance.after_round(mine + p[team] + shift, theirs + p[other], target, draw)
                   for p in group) / len(group)

    # The round's points without the call: the same play, the call's points taken back.
    with_call = chance * mean_chance(made, 0) + (1 - chance) * mean_chance(lost, 0)
    without = chance * mean_chance(made, -value) + (1 - chance) * mean_chance(lost, value)
    return GameChances(with_call, without)
