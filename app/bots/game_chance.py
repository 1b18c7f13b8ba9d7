"""The chance to win a two-team game from its score: what Hard weighs near the target.

Standard scoring: at a round's end a column at the target or over it ends the game and the
higher one wins; a tie plays on (or is a draw, `tie_rule` draw: half a win here). A
round's outcome, each team's points, is drawn from `ROUND_OUTCOMES`: the rounds Normal
played at every seat (`bench/round_outcomes.py`, which prints this table), each with its
mirror, so the model is of two evenly matched teams. The chance before a round is exact
over that round; after it, where the game goes on, a normal approximation: the difference
moves by a round's spread (its standard deviation, from the table) times the square root
of the rounds left, which are the leader's distance to the target over a round's mean
points per team. Cached per score: a game asks about few.
"""

from __future__ import annotations

import math
from functools import lru_cache

# 4000 rounds of normal at every seat, seed 'outcomes', each with its mirror
ROUND_OUTCOMES = {
    (-215, 115): 1, (-200, 100): 1, (-200, 200): 6, (-195, 95): 2, (-190, 90): 1, (-185, 85): 3,
    (-180, 80): 5, (-175, 75): 1, (-170, 70): 3, (-165, 65): 4, (-160, 60): 2, (-155, 55): 3,
    (-150, 50): 1, (-140, 40): 1, (-130, 30): 1, (-125, 25): 1, (-125, 125): 3, (-120, 120): 5,
    (-120, 220): 1, (-115, 115): 1, (-110, 110): 5, (-105, 105): 9, (-100, 0): 1, (-100, 100): 14,
    (-100, 200): 76, (-100, 300): 8, (-95, 95): 12, (-95, 195): 1, (-90, 90): 17, (-90, 190): 5,
    (-85, 85): 15, (-85, 185): 3, (-80, 80): 22, (-80, 180): 6, (-75, 75): 17, (-75, 175): 3,
    (-70, 70): 17, (-70, 170): 1, (-65, 65): 15, (-60, 60): 15, (-60, 160): 3, (-55, 55): 23,
    (-55, 155): 1, (-50, 50): 25, (-50, 150): 2, (-45, 45): 22, (-40, 40): 15, (-40, 140): 4,
    (-35, 35): 16, (-35, 135): 3, (-30, 30): 11, (-30, 130): 2, (-25, 25): 11, (-25, 125): 6,
    (-25, 225): 3, (-20, 20): 13, (-20, 120): 16, (-20, 220): 4, (-15, 15): 7, (-15, 115): 27,
    (-15, 215): 6, (-10, 10): 8, (-10, 110): 34, (-10, 210): 5, (-5, 5): 11, (-5, 105): 39,
    (-5, 205): 8, (-5, 305): 1, (0, -100): 1, (0, 0): 26, (0, 100): 186, (0, 200): 647,
    (0, 300): 318, (0, 400): 20, (5, -5): 11, (5, 95): 92, (5, 195): 14, (5, 295): 4,
    (10, -10): 8, (10, 90): 124, (10, 190): 41, (10, 290): 3, (15, -15): 7, (15, 85): 112,
    (15, 185): 32, (15, 285): 2, (20, -20): 13, (20, 80): 181, (20, 180): 37, (20, 280): 2,
    (25, -125): 1, (25, -25): 11, (25, 75): 154, (25, 175): 34, (25, 275): 4, (30, -130): 1,
    (30, -30): 11, (30, 70): 172, (30, 170): 40, (30, 270): 3, (35, -35): 16, (35, 65): 159,
    (35, 165): 35, (35, 265): 3, (40, -140): 1, (40, -40): 15, (40, 60): 174, (40, 160): 44,
    (40, 260): 3, (45, -45): 22, (45, 55): 157, (45, 155): 43, (45, 255): 1, (50, -150): 1,
    (50, -50): 25, (50, 50): 148, (50, 150): 47, (50, 250): 2, (55, -155): 3, (55, -55): 23,
    (55, 45): 157, (55, 145): 31, (55, 245): 4, (60, -160): 2, (60, -60): 15, (60, 40): 174,
    (60, 140): 35, (60, 240): 1, (65, -165): 4, (65, -65): 15, (65, 35): 159, (65, 135): 31,
    (65, 235): 4, (70, -170): 3, (70, -70): 17, (70, 30): 172, (70, 130): 40, (70, 230): 5,
    (75, -175): 1, (75, -75): 17, (75, 25): 154, (75, 125): 43, (75, 225): 3, (80, -180): 5,
    (80, -80): 22, (80, 20): 181, (80, 120): 36, (80, 220): 1, (85, -185): 3, (85, -85): 15,
    (85, 15): 112, (85, 115): 42, (85, 215): 2, (90, -190): 1, (90, -90): 17, (90, 10): 124,
    (90, 110): 41, (90, 210): 2, (95, -195): 2, (95, -95): 12, (95, 5): 92, (95, 105): 40,
    (95, 205): 3, (100, -200): 1, (100, -100): 14, (100, 0): 186, (100, 100): 42, (100, 200): 1,
    (105, -105): 9, (105, -5): 39, (105, 95): 40, (105, 195): 1, (110, -110): 5, (110, -10): 34,
    (110, 90): 41, (110, 190): 1, (115, -215): 1, (115, -115): 1, (115, -15): 27, (115, 85): 42,
    (115, 185): 1, (120, -120): 5, (120, -20): 16, (120, 80): 36, (125, -125): 3, (125, -25): 6,
    (125, 75): 43, (130, -30): 2, (130, 70): 40, (135, -35): 3, (135, 65): 31, (140, -40): 4,
    (140, 60): 35, (145, 55): 31, (150, -50): 2, (150, 50): 47, (155, -55): 1, (155, 45): 43,
    (160, -60): 3, (160, 40): 44, (165, 35): 35, (170, -70): 1, (170, 30): 40, (175, -75): 3,
    (175, 25): 34, (180, -80): 6, (180, 20): 37, (185, -85): 3, (185, 15): 32, (185, 115): 1,
    (190, -90): 5, (190, 10): 41, (190, 110): 1, (195, -95): 1, (195, 5): 14, (195, 105): 1,
    (200, -200): 6, (200, -100): 76, (200, 0): 647, (200, 100): 1, (205, -5): 8, (205, 95): 3,
    (210, -10): 5, (210, 90): 2, (215, -15): 6, (215, 85): 2, (220, -120): 1, (220, -20): 4,
    (220, 80): 1, (225, -25): 3, (225, 75): 3, (230, 70): 5, (235, 65): 4, (240, 60): 1,
    (245, 55): 4, (250, 50): 2, (255, 45): 1, (260, 40): 3, (265, 35): 3, (270, 30): 3,
    (275, 25): 4, (280, 20): 2, (285, 15): 2, (290, 10): 3, (295, 5): 4, (300, -100): 8,
    (300, 0): 318, (305, -5): 1, (400, 0): 20,
}

_TOTAL = sum(ROUND_OUTCOMES.values())
_OUTCOMES = tuple((x, y, n / _TOTAL) for (x, y), n in ROUND_OUTCOMES.items())
#: A round's mean points per team, and the standard deviation of the difference it makes.
ROUND_MEAN = sum((x + y) / 2 * p for x, y, p in _OUTCOMES)
ROUND_SPREAD = math.sqrt(sum((x - y) ** 2 * p for x, y, p in _OUTCOMES))
#: The most a round moves a column: a double victory and a Grand Tichu made.
ROUND_REACH = 400


def ended(mine: int, theirs: int, target: int, draw_ties: bool = False) -> float | None:
    """1 (won), 0 (lost) or 0.5 (a draw) if a round ending at these totals ends the game;
    None while it goes on."""
    if max(mine, theirs) < target:
        return None
    if mine != theirs:
        return 1.0 if mine > theirs else 0.0
    return 0.5 if draw_ties else None


def _estimate(mine: int, theirs: int, target: int) -> float:
    """The normal approximation of the chance from totals the game goes on from."""
    rounds = max(target - max(mine, theirs), 0) / ROUND_MEAN + 1
    z = (mine - theirs) / (ROUND_SPREAD * math.sqrt(rounds))
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


@lru_cache(maxsize=65536)
def chance(mine: int, theirs: int, target: int, draw_ties: bool = False) -> float:
    """The chance that the team with `mine` wins the game, from totals at a round's start
    (the game going on), over the next round exactly and beyond it approximately."""
    total = 0.0
    for x, y, p in _OUTCOMES:
        a, b = mine + x, theirs + y
        end = ended(a, b, target, draw_ties)
        total += p * (_estimate(a, b, target) if end is None else end)
    return total


def after_round(mine: int, theirs: int, target: int, draw_ties: bool = False) -> float:
    """The chance to win the game from totals at a round's end: the result if it ends there."""
    end = ended(mine, theirs, target, draw_ties)
    return chance(mine, theirs, target, draw_ties) if end is None else end


def in_reach(mine: int, theirs: int, target: int) -> bool:
    """Whether the coming round can end the game."""
    return max(mine, theirs) >= target - ROUND_REACH
