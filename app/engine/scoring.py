"""Scoring a finished round, and deciding when a game is over.

`standard` (docs/rules.md 1.11-1.12): card points by team, the tailender's hand to the
opponents and his tricks to the first player out, double victory instead of
card points, calls added on top. `fifty-two` (seed 003): points are awarded,
never taken: a failed call gives the opponents its value, the tailender's
hand and pile go to the first player out, the game ends on a lead.
`tientsin`: the last player's hand and tricks go to the opponents, the fifth
player's tricks to the first out, a triple victory instead of card points.
`trichu`: scored as `standard` by team, written into one column per seat
(the Table included). `grandseigneur`: no points, only the order out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Deck, mask_cards


@dataclass(frozen=True)
class RoundResult:
    scores: tuple | None  # per column (team, or seat in Trichu), this round; None: no points
    card_points: tuple | None  # per team; None on a sweep or without points
    out_order: tuple  # seats in the order they went out (the tailender last)
    double_victory: bool  # the round ended at once because one team went out first (a sweep)
    calls: tuple  # per seat: None, "tichu" or "grand"
    call_made: tuple  # per seat: True/False for a call, None without one
    extra: dict = field(default_factory=dict)  # ruleset-specific fields of the summary

    def as_dict(self) -> dict:
        out = {
            "scores": list(self.scores) if self.scores is not None else None,
            "card_points": list(self.card_points) if self.card_points is not None else None,
            "out_order": list(self.out_order),
            "double_victory": self.double_victory,
            "complete": True,
        }
        out.update(self.extra)
        return out


def card_points(deck: Deck, mask: int) -> int:
    points = deck.points_of
    return sum(points[c] for c in mask_cards(mask))


def score_round(rules, piles: list[int], out_order: list[int], tail_hand: int,
                grand: list, tichu: list[bool], seating=None) -> RoundResult:
    """Score a round that has ended; `out_order` lists every seat, the tailender last
    (only the sweeping team's seats when one team went out first). `seating`: the
    round's (default: the first round's)."""
    seating = seating if seating is not None else rules.seating
    kind = rules.ruleset.scoring
    seats = seating.seats
    first = out_order[0]
    sweep = len(out_order) < seats
    calls, made = [], []
    for s in range(seats):
        call = "grand" if grand[s] else "tichu" if tichu[s] else None
        calls.append(call)
        made.append(None if call is None else s == first)
    if kind == "grandseigneur":
        titles = seating.titles_by_place
        return RoundResult(
            scores=None, card_points=None, out_order=tuple(out_order), double_victory=False,
            calls=tuple(calls), call_made=tuple(made),
            extra={"titles": [titles[out_order.index(s)] for s in range(seats)]})
    team_of = seating.team_of
    scores, points = _team_points(rules, seating, piles, out_order, tail_hand, sweep)
    call_value = {"grand": 200, "tichu": 100}
    for s in range(seats):
        if calls[s] is None:
            continue
        value = call_value[calls[s]]
        if made[s]:
            scores[team_of[s]] += value
        elif kind == "fifty-two":
            scores[1 - team_of[s]] += value  # "breaking" a bet scores for the opponents
        else:
            scores[team_of[s]] -= value
    extra = {}
    if kind == "tientsin":
        extra["triple_victory"] = sweep
    if kind == "trichu":
        extra["teams"] = [list(t) for t in seating.teams]
        extra["team_scores"] = list(scores)
        scores = [scores[team_of[s]] for s in range(seats)]
    return RoundResult(
        scores=tuple(scores),
        card_points=tuple(points) if points is not None else None,
        out_order=tuple(out_order),
        double_victory=sweep and kind != "tientsin",
        calls=tuple(calls),
        call_made=tuple(made),
        extra=extra,
    )


def _team_points(rules, seating, piles, out_order, tail_hand, sweep) -> tuple[list, list | None]:
    """Per team: the round's score before calls, and the card points (None on a sweep)."""
    kind = rules.ruleset.scoring
    deck = rules.deck
    team_of = seating.team_of
    first = out_order[0]
    scores = [0] * len(seating.teams)
    if sweep:
        opts = rules.options
        scores[team_of[first]] += opts.get("triple_victory_points", opts.get("double_victory_points"))
        return scores, None
    tail = out_order[-1]
    piles = list(piles)
    if kind == "fifty-two":
        piles[first] |= piles[tail] | tail_hand
        piles[tail] = 0
        to_opponents = 0
    elif kind == "tientsin":
        fifth = out_order[-2]
        piles[first] |= piles[fifth]
        piles[fifth] = 0
        to_opponents = piles[tail] | tail_hand
        piles[tail] = 0
    else:
        piles[first] |= piles[tail]
        piles[tail] = 0
        to_opponents = tail_hand
    points = [0] * len(scores)
    for s in range(seating.seats):
        points[team_of[s]] += card_points(deck, piles[s])
    points[1 - team_of[tail]] += card_points(deck, to_opponents)
    return list(points), points


def columns(rules) -> int:
    """How many score columns the game keeps: one per team, one per seat in Trichu, none in
    Grandseigneur."""
    kind = rules.ruleset.scoring
    if kind == "trichu":
        return rules.seats
    if kind == "grandseigneur":
        return 0
    return len(rules.seating.teams)


def game_winner(rules, totals: list[int], played: int, last=None):
    """The winner (a team, or a seat where there are no fixed teams), "draw", or None while
    the game goes on; `played` rounds are over, `last` is the last one's result."""
    opts = rules.options
    kind = rules.ruleset.scoring
    if kind == "trichu":
        if played < opts["rounds"]:
            return None
        ranked = totals if opts["table_can_win"] else totals[:rules.seating.table]
        best = max(ranked)
        leaders = [s for s, t in enumerate(ranked) if t == best]
        return leaders[0] if len(leaders) == 1 else "draw"
    if kind == "grandseigneur":
        if played < opts["rounds"]:
            return None
        return last.out_order[0]
    t0, t1 = totals
    if kind == "fifty-two":
        if abs(t0 - t1) >= opts["target_lead"]:
            return 0 if t0 > t1 else 1
        if played >= opts["max_rounds"]:
            if t0 != t1:
                return 0 if t0 > t1 else 1
            return "draw" if opts["tie_rule"] == "draw" else None
        return None
    if max(t0, t1) < opts["target"]:
        return None
    if t0 != t1:
        return 0 if t0 > t1 else 1
    return "draw" if opts["tie_rule"] == "draw" else None
