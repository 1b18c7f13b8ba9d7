"""The Hard bot: Normal plus search.

In its turn it lists a few candidate plays (Normal's choice, the other
combinations of its plan, passing, the smallest bomb, and for a play with the
Mah Jong other wishes), then, until its time budget is spent, samples a deal
of the hidden cards consistent with everything its seat knows (`sampling.py`)
and plays the round out from each candidate on that deal (`playout.py`). The
same deals serve every candidate, so their differences are measured on equal
cards. It plays the candidate with the best mean score, keeping Normal's
choice unless another is better by a margin and by `sure` standard errors of
the gain (overtaking the partner's trick: by `partner_margin`; with
`partner_reasons` 1 only with a play that goes out or leaves one combination,
when it has called, or when the partner is out: `overtake_reason`). The candidates race:
after a few dozen deals, one that is sure by then (`race_z` standard errors) not to gain what
it needs over Normal's choice is played out no more, so the deals go to the candidates still
in question; with only Normal's choice left the decision is made.

Its other decisions are searched the same way (`searches.py`): Grand Tichu and
Tichu by the chance to go out first having called (blended with Normal's
logistic estimate, at every moment a call is open: before the exchange, after
it, and again at its first turn), the exchange over a few candidate passes,
bombs out of turn when one may matter, the Dragon's gift. Each keeps Normal's
choice when its time runs out before `min_worlds` deals; options
`search_calls`, `search_exchange`, `search_bombs`, `search_gift`,
`search_wish` (0: Normal's rule). Whatever it plays comes from the view's
legal list.

A play-out depends on the deal alone (the position is the same for all), so
a deal drawn again, common late in a round when few cards are hidden, adds
the scores it had without being played out again. `last_search` tells how
many deals were searched (`worlds`), how many of them differ (`distinct`) and
how many play-outs ran (`playouts`).

Options: `budget_ms` (time per searched decision, default 100; the search itself
stops `reserve_ms`, default 5, before it, for the decision's own work and a
deal slower than the last), `max_worlds`
(default 1000), `max_candidates` (default 7), `margin` (points a candidate must
gain over Normal's choice, default 4), `seed`; `playout_wish` and
`playout_bombs` (default 1): the play-outs honour the Mah Jong's wish (and
make one) and seats bomb out of turn in them; 0 plays them out as 7543d6f did
(for comparisons). The other searches: `call_budget_ms` (270, the calls and
the exchange; a decision holding two searches shares one clock), `call_worlds`
(300), `exchange_worlds` (200), `exchange_candidates` (5), `exchange_margin`
(5), `prior_worlds` (20), `tichu_chance_search_before` (0.68), `bomb_margin`
(5), `gift_margin` (10), `min_worlds` (8), `partner_margin` (10),
`partner_reasons` (0; 1: over the partner's trick only plays with an
`overtake_reason`), `sure` (2);
`race` (1; 0: every candidate on every deal), `race_after` (24), `race_every` (8),
`race_z` (3); `native` (1; 0: the play-outs in pure Python even where the compiled
copy is built, `native.py`);
`game_weight` (1000; 0: off): where the round can end the game (standard scoring),
a play-out's score is the round's difference plus this many times the change in the
chance to win the game (`game_chance.py`); `game_calls` (1; 0: off): there, Grand
Tichu and Tichu are called when the call raises that chance over the same deals.
"""

from __future__ import annotations

import math
import random
import time

from app.engine.combos import BOMB, KIND, MASK
from app.engine.rulesets import rules_of

from . import calls, game_chance, searches, tricks
from . import exchange as exchange_rules
from .base import hand_views
from .geometry import exchange_action, forced_best
from .hand import plan_hand, play_signature
from .knowledge import Knowledge
from .native import playout_module
from .normal import NormalBot, legal_plays, play_action
from .playout import _points
from .sampling import Sampler


def overtake_reason(k: Knowledge, mask: int, bomb: bool) -> str | None:
    """Why playing `mask` over the partner's winning trick may be right, or None: the play goes
    out (`goes_out`), or leaves one combination to lead (`runs_out`: it runs out with the lead);
    the seat has called (`called`: it needs the lead to go out first); the partner is out
    (`partner_out`: a trick everybody passes would give the lead to the seat after it). A bomb
    never: a partner's trick is not worth one. (The hint's reasons say the same words.)"""
    if bomb:
        return None
    if mask == k.hand:
        return "goes_out"
    if plan_hand(k.hand & ~mask, k.deck, k.rules.stairs_min_pairs).count <= 1:
        return "runs_out"
    if k.calls[k.seat]:
        return "called"
    if k.counts[k.top_seat] == 0:
        return "partner_out"
    return None


def _gain_error(gain_sum: float, square_sum: float, n: int) -> float:
    """The standard error of a mean gain over Normal's choice, from the sums of the gain and its
    square over n paired deals."""
    gain = gain_sum / n
    return math.sqrt(max(0.0, square_sum / n - gain * gain) / max(1, n - 1))


class HardBot(NormalBot):
    name = "hard"

    def __init__(self, seat, rng=None, **config):
        super().__init__(seat, rng, **config)
        self.budget = float(config.get("budget_ms", 100)) / 1000
        # The search ends this much before the budget: the decision's work around it (knowledge,
        # candidates, the action) and a deal slower than the one before come on top.
        self.reserve = float(config.get("reserve_ms", 5)) / 1000
        self.max_worlds = int(config.get("max_worlds", 1000))
        self.max_candidates = int(config.get("max_candidates", 7))
        # The play-outs honour the wish and let seats bomb out of turn (0: as 7543d6f did, to compare).
        self.playout_wish = bool(float(config.get("playout_wish", 1)))
        self.playout_bombs = bool(float(config.get("playout_bombs", 1)))
        # The compiled play-out where it is built (`native.py`; 0: the pure Python one, to compare).
        self.native = bool(float(config.get("native", 1)))
        self.margin = float(config.get("margin", 4))
        # The race: from `race_after` deals on, every `race_every` deals, a candidate whose gain
        # over Normal's choice is, by `race_z` standard errors, below what it needs is played out
        # no more (0: off, every candidate on every deal, as before).
        race = bool(float(config.get("race", 1)))
        self.race_after = int(config.get("race_after", 24)) if race else 1 << 60
        self.race_every = int(config.get("race_every", 8))
        self.race_z = float(config.get("race_z", 3))
        # A play that overtakes the partner's trick must gain this much over Normal's choice.
        self.partner_margin = float(config.get("partner_margin", 10))
        # 1: over the partner's trick, only plays with a reason people see (`overtake_reason`)
        # are searched. Off: in the arena it cost points (docs/bots.md, "Partner play").
        self.partner_reasons = bool(float(config.get("partner_reasons", 0)))
        # ... and every other play than Normal's this many standard errors of its gain.
        self.sure = float(config.get("sure", searches.SURE))
        # Where the round can end the game: points per whole chance to win it a play-out's
        # score adds (0: the round's score alone), and calls weighed by that chance (0: by the
        # threshold). Together they win more games, at a cost in points (docs/bots.md).
        self.game_weight = float(config.get("game_weight", 1000))
        self.game_calls = bool(float(config.get("game_calls", 1)))
        # The other searched decisions (0 each: Normal's rules, as before issue 19).
        self.search_calls = bool(float(config.get("search_calls", 1)))
        self.search_exchange = bool(float(config.get("search_exchange", 1)))
        self.search_bombs = bool(float(config.get("search_bombs", 1)))
        self.search_gift = bool(float(config.get("search_gift", 1)))
        self.search_wish = bool(float(config.get("search_wish", 1)))
        # The calls and the exchange: their time, deal counts, the prior's weight, the margin.
        self.call_budget = float(config.get("call_budget_ms", 270)) / 1000
        self.call_worlds = int(config.get("call_worlds", 300))
        self.exchange_worlds = int(config.get("exchange_worlds", 200))
        self.exchange_candidates = int(config.get("exchange_candidates", 5))
        self.exchange_margin = float(config.get("exchange_margin", 5))
        self.prior_worlds = float(config.get("prior_worlds", 20))
        self.tichu_chance_search_before = float(config.get("tichu_chance_search_before", 0.68))
        self.bomb_margin = float(config.get("bomb_margin", 5))
        self.gift_margin = float(config.get("gift_margin", 10))  # the gift's options differ little
        self.min_worlds = int(config.get("min_worlds", 8))  # fewer by the deadline: Normal's choice
        if "seed" in config:
            self.rng = random.Random(config["seed"])
        self.last_search: dict | None = None  # what the last search saw, for tests and tuning
        self.last_kind: str | None = None  # the kind of the last searched decision (bench)
        self._bomb_memo: dict = {}
        self._started: float | None = None
        self._hands = 1  # hands with something to decide in this decision (2: the Trichu dealer's)

    # -- where the deals come from (the all-seeing research bot replaces these) -----------------

    def sampler(self, k: Knowledge):
        """Deals for a play-phase search; None: `Sampler` on the search's own knowledge."""
        return None

    def pre_play_deals(self, view: dict):
        """Deals for a search before the play; None: `PrePlayDeals` of the view."""
        return None

    # -- the calls --------------------------------------------------------------------------

    def _tichu_key(self, view: dict) -> tuple:
        # Weighed again at the seat's own turn (the last moment before its first card).
        return NormalBot._tichu_key(view) + (view["turn"] == view["viewer"],)

    def grand(self, view: dict, legal: dict) -> dict:
        normal = super().grand(view, legal)
        if not self.search_calls or not legal["grand_call"]:
            return normal
        seat = view["viewer"]
        if any(view["players"][p]["grand"] for p in view["geometry"]["partners"][seat]):
            return normal
        deck = rules_of(view).deck
        prior = calls.grand_chance(deck.parse_mask(view["hand"]), deck)
        outcomes = self._call_outcomes(view)
        found = searches.first_out_before_play(
            view, ("grand", True), self.rng, time.perf_counter() + self.call_budget, self.call_worlds,
            self.min_worlds, self.pre_play_deals(view), outcomes)
        self.last_kind = "call"
        if found is None:
            return normal
        chance = searches.blended_chance(prior, *found, self.prior_worlds)
        threshold = self.grand_chance - 0.08 * calls.score_pressure(view, seat)
        self.last_search = {"kind": "grand", "hits": found[0], "worlds": found[1], "chance": chance}
        self.last_call = {"call": "grand", "chance": chance, "needed": threshold, "partner_called": False,
                          "allowed": True, "deals": found[1]}
        return {"act": "grand", "call": self._decide_call(view, outcomes, 200, chance, threshold)}

    def _call_outcomes(self, view: dict) -> list | None:
        """A list for the call search's deals where the call may be weighed by the chance to
        win the game (`game_calls`, the game in reach); None elsewhere (nothing collected)."""
        team = view["geometry"]["team_of"][view["viewer"]]
        return [] if self.game_calls and self.game_totals(view, team) is not None else None

    def _decide_call(self, view: dict, outcomes: list | None, value: int, chance: float,
                     threshold: float) -> bool:
        """Call where the chance to win the game says so (`game_calls`), else by the threshold."""
        game = None if outcomes is None else self.weigh_call_for_game(view, outcomes, value, chance)
        if game is None:
            return chance >= threshold
        # The coach reads `last_call`: a call weighed by the game is said to be (reasons.py).
        self.last_call["game"] = game
        return game["with_call"] > game["without"]

    def wants_tichu(self, k: Knowledge) -> bool:
        if not self.search_calls or any(k.calls[p] for p in k.partners):
            return super().wants_tichu(k)
        before = k.phase == "exchange"
        opponent_called = any(k.calls[o] for o in k.opponents)
        give = 0
        if before:
            for cards in self.exchange_cards(k, True).values():
                for c in cards:
                    give |= 1 << c
        prior = calls.tichu_chance(k.hand & ~give, k.deck, k.rules.stairs_min_pairs)
        started = self._started or time.perf_counter()
        if k.my_turn():  # weighed again in its turn: half the play's time, the play the rest
            deadline = started + self.budget / 2
        elif k.view["legal"]["exchange"] or self._hands > 1:
            # The exchange comes in the same decision, or another hand's decision may (the
            # Trichu dealer's and the Table's share one clock).
            deadline = started + 0.4 * self.call_budget
        else:
            deadline = started + self.call_budget
        outcomes = self._call_outcomes(k.view)
        if before:
            found = searches.first_out_before_play(k.view, ("tichu", True), self.rng, deadline,
                                                   self.call_worlds, self.min_worlds,
                                                   self.pre_play_deals(k.view), outcomes)
        else:
            found = searches.first_out_in_play(k.view, self.rng, deadline, self.call_worlds,
                                               self.min_worlds, self.sampler(k), outcomes)
        self.last_kind = "call"
        if found is None:
            return super().wants_tichu(k)
        chance = searches.blended_chance(prior, *found, self.prior_worlds)
        base = self.tichu_chance_search_before if before else self.tichu_chance
        threshold = searches.call_threshold(k.view, k.seat, base, opponent_called)
        self.last_search = {"kind": "tichu", "hits": found[0], "worlds": found[1], "chance": chance}
        self.last_call = {"call": "tichu", "chance": chance, "needed": threshold, "partner_called": False,
                          "allowed": True, "before_exchange": before, "deals": found[1]}
        return self._decide_call(k.view, outcomes, 100, chance, threshold)

    # -- the exchange ----------------------------------------------------------------------------

    def exchange(self, k: Knowledge, legal: dict) -> dict:
        normal = self.exchange_cards(k, bool(k.calls[k.seat]))
        if not self.search_exchange or forced_best(k.view) or self.exchange_candidates < 2:
            return exchange_action(k.deck, normal)
        deck, smp = k.deck, k.rules.stairs_min_pairs
        keep = deck.dragon_mask | deck.phoenix_mask | deck.dog_mask
        for b in plan_hand(k.hand, deck, smp).bombs:
            keep |= b[3]
        loose = [c for _, c in exchange_rules._loosest(k.hand, deck, smp, keep)]
        gives = searches.exchange_variants(normal, k.hand, deck, k.partners, loose,
                                           self.exchange_candidates)
        self.last_kind = "exchange"
        if len(gives) < 2:
            return exchange_action(deck, normal)
        started = self._started or time.perf_counter()
        means, worlds = searches.exchange_means(
            k.view, gives, self.rng, started + self.call_budget, self.exchange_worlds,
            self.min_worlds, self.pre_play_deals(k.view))
        if means is None:
            return exchange_action(deck, normal)
        best = searches.best_index(means, self.exchange_margin)
        self.last_search = {"kind": "exchange", "worlds": worlds, "means": means, "best": best}
        return exchange_action(deck, gives[best])

    # -- the Dragon's gift and bombs out of turn ----------------------------------------------------

    def gift(self, k: Knowledge, legal: dict) -> dict:
        normal = tricks.choose_gift(k, legal["gift"])
        seats = [normal] + [s for s in legal["gift"] if s != normal]
        if not self.search_gift or len(seats) < 2:
            return {"act": "gift", "to": normal}
        self.last_kind = "gift"
        means, worlds = searches.play_means(
            k.view, [("gift", s) for s in seats], self.rng, self.search_deadline(),
            self.max_worlds, self.min_worlds, self.sampler(k))
        if means is None:
            return {"act": "gift", "to": normal}
        best = searches.best_index(means, self.gift_margin)
        self.last_search = {"kind": "gift", "worlds": worlds, "means": means, "best": best}
        return {"act": "gift", "to": seats[best]}

    def bomb(self, k: Knowledge, legal: dict) -> dict | None:
        bombs = legal_plays(k, legal["bombs"])
        normal = tricks.choose_out_of_turn_bomb(tricks.Turn(k, self.style), bombs)
        if not self.search_bombs or not self._bomb_matters(k, normal):
            return play_action(k, *normal) if normal else None
        key = (k.view["round"], len(k.view["history"]), k.gift_from, k.closed, tuple(k.counts))
        if key in self._bomb_memo:
            chosen = self._bomb_memo[key]
            return play_action(k, *chosen) if chosen else None
        other = None if normal is not None else tricks.smallest_bomb(bombs)
        candidates = [normal, other]
        moves = [("wait",) if c is None else ("bomb", tuple(c[0][:4])) for c in candidates]
        self.last_kind = "bomb"
        means, worlds = searches.play_means(
            k.view, moves, self.rng, self.search_deadline(), self.max_worlds,
            self.min_worlds, self.sampler(k))
        chosen = normal
        if means is not None:
            best = searches.best_index(means, self.bomb_margin)
            chosen = candidates[best]
            self.last_search = {"kind": "bomb", "worlds": worlds, "means": means, "best": best}
        if len(self._bomb_memo) > 64:
            self._bomb_memo.clear()
        self._bomb_memo[key] = chosen
        return play_action(k, *chosen) if chosen else None

    @staticmethod
    def _bomb_matters(k: Knowledge, normal) -> bool:
        """Whether a bomb out of turn is worth a search now: Normal would bomb, or an opponent
        holds the trick and it matters (few cards, a call, points, the Dragon)."""
        if normal is not None:
            return True
        top = k.top_seat
        if top is None or top == k.seat or top in k.partners or k.top is None:
            return False
        return (0 < k.counts[top] <= 4 or bool(k.calls[top]) or k.points_on_table() >= 20
                or k.top_is_dragon())

    def decide(self, view: dict) -> dict | None:
        # One clock for the whole decision: a call weighed in the same decision as a play or
        # the exchange, for the same hand or the other one its player plays, shares it.
        self._started = time.perf_counter()
        self._hands = sum(1 for v in hand_views(view) if v.get("legal"))
        return super().decide(view)

    def search_deadline(self, start: float | None = None) -> float:
        """When a play, bomb or gift search stops: the budget from the decision's start, less
        the reserve."""
        if start is None:
            start = self._started or time.perf_counter()
        return start + self.budget - self.reserve

    def turn(self, k: Knowledge, legal: dict) -> dict | None:
        now = time.perf_counter()
        start = max(self._started or now, now - self.budget / 2)  # at least half its budget left
        normal = self.choose_play(k, legal)
        candidates = self.candidates(k, legal, normal)
        self.last_search = None
        if len(candidates) > 1:
            self.last_kind = "play"
            chosen = self.search(k, candidates, self.search_deadline(start))
        else:
            chosen = normal
        if chosen is None:
            return {"act": "pass"} if legal["pass"] else play_action(k, *normal)
        action = play_action(k, *chosen[:2])
        if len(chosen) > 2:  # a searched wish (None: no wish)
            action.pop("wish", None)
            if chosen[2] is not None:
                action["wish"] = k.deck.rank_name(chosen[2])
        return action

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
            if self.partner_reasons and k.top is not None and k.top_seat in k.partners:
                out = [out[0]] + [pe for pe in out[1:] if pe is None or
                                  overtake_reason(k, pe[0][MASK], pe[0][KIND] == BOMB) is not None]
        out = out[:self.max_candidates]
        if self.search_wish:
            out += self.wish_variants(k, out)
        return out

    def wish_variants(self, k: Knowledge, candidates: list) -> list:
        """For the first candidate holding the Mah Jong: the same play with other wishes than
        Normal's (none, and the two highest ranks it does not hold that others may)."""
        deck = k.deck
        for pe in candidates:
            if pe is None or not pe[0][MASK] & deck.mahjong_mask:
                continue
            normal = tricks.choose_wish(k, pe[0][MASK])
            left = k.hand & ~pe[0][MASK]
            unseen = k.unseen & deck.normal_mask
            ranks = [r for r in range(deck.high, deck.low - 1, -1)
                     if r != normal and not left & deck.rank_masks[r] and unseen & deck.rank_masks[r]]
            wishes = ([None] if normal is not None else []) + ranks[:2]
            return [(pe[0], pe[1], w) for w in wishes]
        return []

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

    @staticmethod
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

    def game_score(self, k: Knowledge, team: int):
        """Where the round can end the game, a play-out's score: the round's difference plus
        `game_weight` times the change it makes in the chance to win the game; None (the
        round's difference alone) when the option is 0 or the game is not in reach."""
        game = self.game_totals(k.view, k.team) if self.game_weight else None
        if game is None:
            return None
        mine, theirs, target, draw = game
        weight = self.game_weight
        now = game_chance.chance(mine, theirs, target, draw)
        after = game_chance.after_round
        other = 1 - team

        def score(po) -> float:
            points = po.round_points()
            ours, others = points[team], points[other]
            return ours - others + weight * (after(mine + ours, theirs + others, target, draw) - now)

        return score

    def weigh_call_for_game(self, view: dict, outcomes: list, value: int, chance: float) -> dict | None:
        """With `game_calls`, where the round can end the game: the chance to win it with the
        call and without, over the search's deals (`outcomes`: (went out first, the round's
        points with the call) each), those it went out first in weighted by `chance`; None
        where not weighed so (then the threshold decides)."""
        team = view["geometry"]["team_of"][view["viewer"]]
        game = self.game_totals(view, team) if self.game_calls else None
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
        return {"with_call": with_call, "without": without}

    def search(self, k: Knowledge, candidates: list, deadline: float) -> tuple | None:
        rules = k.rules
        deck = k.deck
        engine = playout_module(self.native)  # the compiled play-out where built (`native.py`)
        planner = engine.planner_for(deck, rules.stairs_min_pairs)
        sampler = self.sampler(k) or Sampler(k)
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
        count = len(candidates)
        # Per candidate, over the deals it was played on (Normal's, the first, on every one): the
        # sum of its scores, and of its gain over Normal's choice and its square, deal by deal.
        sums = [0.0] * count
        gains = [0.0] * count
        squares = [0.0] * count
        played = [0] * count
        worlds = 0
        po = engine.Playout(rules, planner, k.view["geometry"], wish=self.playout_wish,
                            bombs=self.playout_bombs)
        rng = self.rng
        plan_of = planner.plan_tuple
        clock = time.perf_counter
        last = clock()
        # Per candidate: None (pass) or the play's (kind, length, value, mask, points, wish): the
        # wish it will make with the Mah Jong (`play_action`'s).
        mahjong = deck.mahjong_mask
        moves = [None if c is None else
                 (*c[0][:4], _points(c[0][3], points_of),
                  c[2] if len(c) > 2 else tricks.choose_wish(k, c[0][3]) if c[0][3] & mahjong else None)
                 for c in candidates]
        # What each candidate must gain over Normal's choice to be played instead.
        overtaking = k.top is not None and k.top_seat in k.partners
        needed = [0.0] + [self.partner_margin if overtaking and c is not None else self.margin
                          for c in candidates[1:]]
        active = list(range(count))  # the candidates still played out (Normal's always)
        # A play-out is a function of the deal alone (everything else is this position): a deal
        # drawn again (late in a round, when few cards are hidden) reuses its scores.
        scored: dict[tuple, list] = {}
        playouts = 0
        game = self.game_score(k, team)
        race_at = self.race_after
        while worlds < self.max_worlds:
            hands = sampler.sample(rng)
            deal = tuple(hands)
            scores = scored.get(deal)
            if scores is None:
                scores = scored[deal] = [None] * count
                plans = [plan_of(h) for h in hands]
                for i in active:
                    move = moves[i]
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
                    scores[i] = po.score(team) if game is None else game(po)
                playouts += len(active)
            first = scores[0]
            for i in active:
                score = scores[i]
                sums[i] += score
                gains[i] += score - first
                squares[i] += (score - first) ** 2
                played[i] += 1
            worlds += 1
            if worlds >= race_at and len(active) > 1:
                # Set aside the candidates sure by now not to gain what they need: their deals go
                # to the others. Only Normal's choice left: it is the decision.
                race_at += self.race_every
                active = [i for i in active if i == 0 or gains[i] / worlds
                          + self.race_z * _gain_error(gains[i], squares[i], worlds) >= needed[i]]
                if len(active) == 1:
                    break
            now = clock()
            # Stop before a deal that would end past the deadline (the last one's time as its guess).
            if now + (now - last) >= deadline:
                break
            last = now
        means = [sums[i] / played[i] for i in range(count)]
        # The standard error of each candidate's gain over Normal's choice, on its deals.
        errors = [_gain_error(gains[i], squares[i], played[i]) for i in range(count)]
        best = max(active, key=lambda i: means[i])
        # worlds: deals sampled and scored; distinct: how many of them differ; playouts: play-outs
        # run; played: the deals each candidate was played out on; aside: the candidates the race
        # set aside (their last deal may be the search's last).
        self.last_search = {"worlds": worlds, "means": means, "errors": errors, "best": best,
                            "distinct": len(scored), "playouts": playouts, "played": played,
                            "set_aside": count - len(active),
                            "aside": [i for i in range(count) if i not in active],
                            "for_game": game is not None}  # means of points and the game's chance
        if best != 0:
            # Another play than Normal's must gain its margin (overtaking the partner's trick:
            # `partner_margin`, people expect a partner to let it run) and `sure` standard
            # errors of the gain on these deals.
            gain = means[best] - means[0]
            if gain < needed[best] or gain < self.sure * errors[best]:
                best = 0
        self.last_search["chosen"] = best  # (the hint's reasons tell a kept rule from a switch)
        return candidates[best]
