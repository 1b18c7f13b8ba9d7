"""Scoring a finished round, and deciding when a game is over.

`standard` (RULES.md A18-A21): card points by team, the tailender's hand to the
opponents and his tricks to the first player out, double victory instead of
card points, calls added on top. `fifty-two` (seed 003): points are awarded,
never taken: a failed call gives the opponents its value, the tailender's
hand and pile go to the first player out, the game ends on a lead.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Deck, mask_cards


@dataclass(frozen=True)
class RoundResult:
    scores: tuple  # per team, this round
    card_points: tuple | None  # per team; None on a double victory
    out_order: tuple  # seats in the order they went out (the tailender last)
    double_victory: bool
    calls: tuple  # per seat: None, "tichu" or "grand"
    call_made: tuple  # per seat: True/False for a call, None without one

    def as_dict(self) -> dict:
        return {
            "scores": list(self.scores),
            "card_points": list(self.card_points) if self.card_points is not None else None,
            "out_order": list(self.out_order),
            "double_victory": self.double_victory,
            "complete": True,
        }


def card_points(deck: Deck, mask: int) -> int:
    points = deck.points_of
    return sum(points[c] for c in mask_cards(mask))


def score_round(rules, piles: list[int], out_order: list[int], tail_hand: int,
                grand: list, tichu: list[bool]) -> RoundResult:
    """Score a round that has ended; `out_order` lists every seat, the tailender last
    (only the two winners on a double victory)."""
    ruleset, deck = rules.ruleset, rules.deck
    seats = rules.seats
    team_of = rules.team_of
    first = out_order[0]
    double = len(out_order) == 2
    calls, made = [], []
    for s in range(seats):
        call = "grand" if grand[s] else "tichu" if tichu[s] else None
        calls.append(call)
        made.append(None if call is None else s == first)
    call_value = {"grand": 200, "tichu": 100}
    dv = rules.options["double_victory_points"]
    scores = [0, 0]
    points = None
    if not double:
        tail = out_order[-1]
        piles = list(piles)
        if ruleset.scoring == "fifty-two":
            piles[first] |= piles[tail] | tail_hand
            piles[tail] = 0
        else:
            piles[first] |= piles[tail]
            piles[tail] = 0
        points = [0, 0]
        for s in range(seats):
            points[team_of(s)] += card_points(deck, piles[s])
        if ruleset.scoring != "fifty-two":
            points[1 - team_of(tail)] += card_points(deck, tail_hand)
        scores = list(points)
    else:
        scores[team_of(first)] += dv
    for s in range(seats):
        if calls[s] is None:
            continue
        value = call_value[calls[s]]
        if made[s]:
            scores[team_of(s)] += value
        elif ruleset.scoring == "fifty-two":
            scores[1 - team_of(s)] += value  # "breaking" a bet scores for the opponents
        else:
            scores[team_of(s)] -= value
    return RoundResult(
        scores=tuple(scores),
        card_points=tuple(points) if points is not None else None,
        out_order=tuple(out_order),
        double_victory=double,
        calls=tuple(calls),
        call_made=tuple(made),
    )


def game_winner(rules, totals: list[int], rounds_played: int):
    """The winning team (0 or 1), "draw", or None while the game goes on."""
    opts = rules.options
    t0, t1 = totals
    if rules.ruleset.scoring == "fifty-two":
        if abs(t0 - t1) >= opts["target_lead"]:
            return 0 if t0 > t1 else 1
        if rounds_played >= opts["max_rounds"]:
            if t0 != t1:
                return 0 if t0 > t1 else 1
            return "draw" if opts["tie_rule"] == "draw" else None
        return None
    if max(t0, t1) < opts["target"]:
        return None
    if t0 != t1:
        return 0 if t0 > t1 else 1
    return "draw" if opts["tie_rule"] == "draw" else None
