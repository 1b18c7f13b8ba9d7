"""The Hard bot: Normal plus search.

In its turn it lists a few candidate plays (Normal's choice, the other
combinations of its plan, passing, the smallest bomb), then, until its time
budget is spent, samples a deal of the hidden cards consistent with
everything its seat knows (`sampling.py`) and plays the round out from each
candidate on that deal (`playout.py`). The same deals serve every candidate,
so their differences are measured on equal cards. It plays the candidate
with the best mean score, keeping Normal's choice unless another is better
by a margin.

Everything else (calls, the exchange, out-of-turn bombs, the gift, the wish)
is Normal's. Whatever it plays comes from the view's legal list.

A play-out depends on the deal alone (the position is the same for all), so
a deal drawn again, common late in a round when few cards are hidden, adds
the scores it had without being played out again. `last_search` tells how
many deals were searched (`worlds`), how many of them differ (`distinct`) and
how many play-outs ran (`playouts`).

Options: `budget_ms` (time per searched decision, default 100), `max_worlds`
(default 400), `max_candidates` (default 7), `margin` (points a candidate must
gain over Normal's choice, default 4), `seed`; `playout_wish` and
`playout_bombs` (default 1): the play-outs honour the Mah Jong's wish (and
make one) and seats bomb out of turn in them; 0 plays them out as 7543d6f did
(for comparisons).
"""

from __future__ import annotations

import random
import time

from app.engine.combos import BOMB, KIND, MASK

from . import tricks
from .hand import play_signature
from .knowledge import Knowledge
from .normal import NormalBot, legal_plays, play_action
from .playout import Planner, Playout, _points
from .sampling import Sampler

_PLANNERS: dict = {}


def planner_for(deck, stairs_min_pairs: int) -> Planner:
    key = (deck.name, stairs_min_pairs)
    planner = _PLANNERS.get(key)
    if planner is None or planner.deck is not deck:
        planner = _PLANNERS[key] = Planner(deck, stairs_min_pairs)
    return planner


class HardBot(NormalBot):
    name = "hard"

    def __init__(self, seat, rng=None, **config):
        super().__init__(seat, rng, **config)
        self.budget = float(config.get("budget_ms", 100)) / 1000
        self.max_worlds = int(config.get("max_worlds", 400))
        self.max_candidates = int(config.get("max_candidates", 7))
        # The play-outs honour the wish and let seats bomb out of turn (0: as 7543d6f did, to compare).
        self.playout_wish = bool(float(config.get("playout_wish", 1)))
        self.playout_bombs = bool(float(config.get("playout_bombs", 1)))
        self.margin = float(config.get("margin", 4))
        if "seed" in config:
            self.rng = random.Random(config["seed"])
        self.last_search: dict | None = None  # what the last search saw, for tests and tuning

    def turn(self, k: Knowledge, legal: dict) -> dict | None:
        start = time.perf_counter()
        normal = self.choose_play(k, legal)
        candidates = self.candidates(k, legal, normal)
        self.last_search = None
        if len(candidates) > 1:
            chosen = self.search(k, candidates, start + self.budget)
        else:
            chosen = normal
        if chosen is None:
            return {"act": "pass"} if legal["pass"] else play_action(k, *normal)
        return play_action(k, *chosen)

    # -- candidates -----------------------------------------------------------------------

    def candidates(self, k: Knowledge, legal: dict, normal: tuple | None) -> list:
        """Plays worth searching: Normal's choice first, then alternatives; None = pass."""
        plays = legal_plays(k, legal["plays"])
        turn = tricks.Turn(k)
        out: list = [normal]
        seen = {self._key(k, normal)}

        def add(pe):
            key = self._key(k, pe)
            if key not in seen:
                seen.add(key)
                out.append(pe)

        if legal["lead"]:
            options = tricks.lead_options(turn, plays)
            options.sort(key=lambda o: -o.score)
            for o in options:
                add((o.play, o.entry))
        else:
            if legal["pass"]:
                add(None)
            ordinary = [pe for pe in plays if pe[0][KIND] != BOMB]
            ordinary.sort(key=lambda pe: turn.delta(pe[0]))
            for pe in ordinary:
                add(pe)
            bombs = [pe for pe in plays if pe[0][KIND] == BOMB]
            if bombs:
                add(tricks.smallest_bomb(bombs))
        return out[:self.max_candidates]

    @staticmethod
    def _key(k: Knowledge, pe) -> tuple | None:
        """Plays that differ only in suits are the same play for the search."""
        if pe is None:
            return None
        p = pe[0]
        if p[KIND] == BOMB:
            return ("bomb", p[MASK])
        return (p[KIND], p[2], play_signature(p[MASK], p[4], k.deck))

    # -- the search ---------------------------------------------------------------------------

    def search(self, k: Knowledge, candidates: list, deadline: float) -> tuple | None:
        rules = k.rules
        deck = k.deck
        planner = planner_for(deck, rules.stairs_min_pairs)
        sampler = Sampler(k)
        seat = k.seat
        team = k.team if k.team is not None else seat  # without teams: the seat's own place
        points_of = deck.points_of
        # The position now, as the play-out sees it.
        piles = [_points(m, points_of) for m in k.piles]
        trick_points = _points(k.trick_mask, points_of)
        if k.top is None:
            if trick_points and k.top_seat is not None:
                piles[k.top_seat] += trick_points  # leading collects the finished trick
            trick_points = 0
            top = None
        else:
            top = (k.top[0], k.top[1], k.top[2])
        passes = sum(1 for s, p in enumerate(k.passed) if p and s != seat)
        out = [s for s, _ in sorted(((s, p) for s, p in enumerate(k.places) if p), key=lambda x: x[1])]
        calls = list(k.calls)
        sums = [0.0] * len(candidates)
        worlds = 0
        po = Playout(rules, planner, k.view["geometry"], wish=self.playout_wish, bombs=self.playout_bombs)
        rng = self.rng
        plan_of = planner.plan_tuple
        clock = time.perf_counter
        # Per candidate: None (pass) or the play's (kind, length, value, mask, points, wish): the
        # wish it will make with the Mah Jong (`play_action`'s).
        mahjong = deck.mahjong_mask
        moves = [None if c is None else
                 (*c[0][:4], _points(c[0][3], points_of),
                  tricks.choose_wish(k, c[0][3]) if c[0][3] & mahjong else None)
                 for c in candidates]
        # A play-out is a function of the deal alone (everything else is this position): a deal
        # drawn again (late in a round, when few cards are hidden) reuses its scores.
        scored: dict[tuple, list] = {}
        while worlds < self.max_worlds:
            hands = sampler.sample(rng)
            deal = tuple(hands)
            scores = scored.get(deal)
            if scores is None:
                scores = scored[deal] = []
                plans = [plan_of(h) for h in hands]
                for move in moves:
                    po.setup(hands, seat, top, k.top_seat, passes, trick_points, piles, out, calls,
                             [list(p) for p in plans], k.wish)
                    if move is None:
                        po.pass_(seat)
                        over = False
                    else:
                        over = po.play(seat, *move)
                        po.replan(seat)
                    if not over:
                        po.run()
                    scores.append(po.score(team))
            for i, score in enumerate(scores):
                sums[i] += score
            worlds += 1
            if clock() >= deadline:
                break
        means = [s / worlds for s in sums]
        best = max(range(len(candidates)), key=lambda i: means[i])
        # worlds: deals sampled and scored; distinct: how many of them differ; playouts: play-outs run.
        self.last_search = {"worlds": worlds, "means": means, "best": best, "distinct": len(scored),
                            "playouts": len(scored) * len(moves)}
        if best != 0 and means[best] < means[0] + self.margin:
            best = 0
        return candidates[best]
