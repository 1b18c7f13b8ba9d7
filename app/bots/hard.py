"""The Hard bot: Normal plus search.

In its turn it lists a few candidate plays (Normal's choice, the other
combinations of its plan, passing, the smallest bomb, and for a play with the
Mah Jong other wishes), then, until its time budget is spent, samples a deal
of the hidden cards consistent with everything its seat knows (`sampling.py`)
and plays the round out from each candidate on that deal (`playout.py`): the
play search, `play_search.py`. It plays the candidate with the best mean
score, keeping Normal's choice unless another is better by a margin and by
`sure` standard errors of the gain.

Its other decisions are searched the same way (`searches.py`): Grand Tichu and
Tichu by the chance to go out first having called (blended with Normal's
logistic estimate, at every moment a call is open: before the exchange, after
it, and again at its first turn), the exchange over a few candidate passes,
bombs out of turn when one may matter, the Dragon's gift. Each keeps Normal's
choice when its time runs out before `min_worlds` deals; options
`search_calls`, `search_exchange`, `search_bombs`, `search_gift`,
`search_wish` (0: Normal's rule). Whatever it plays comes from the view's
legal list.

Its options, their defaults and what each does: `config.HardConfig` (docs/bots.md).
`decide_explained` returns with the action the call it weighed and the trace of its search
(`decision.py`).
"""

from __future__ import annotations

import dataclasses
import random
import time

from app.engine.combos import KIND, MASK
from app.engine.rulesets import rules_of

from . import calls, game_stakes, searches, tricks
from . import exchange as exchange_rules
from .base import hand_views
from .config import HardConfig
from .decision import CallEstimate, SearchTrace
from .geometry import exchange_action, forced_best
from .hand import plan_hand
from .knowledge import Knowledge
from .normal import NormalBot, legal_plays, play_action
from .play_search import as_candidate, play_candidates, search_play
from .reads import Reads


class HardBot(NormalBot):
    name = "hard"
    Config = HardConfig

    def __init__(self, seat, rng=None, **options):
        super().__init__(seat, rng, **options)
        self.config: HardConfig
        if self.config.seed is not None:
            self.rng = random.Random(self.config.seed)
        self._bomb_memo: dict = {}
        self._started: float | None = None
        self._hands = 1  # hands with something to decide in this decision (2: the Trichu dealer's)

    @property
    def budget(self) -> float:
        """Seconds per searched decision."""
        return self.config.budget_ms / 1000

    @property
    def call_budget(self) -> float:
        """Seconds for the calls and the exchange."""
        return self.config.call_budget_ms / 1000

    # -- where the deals come from (the all-seeing research bot replaces these) -----------------

    def sampler(self, k: Knowledge):
        """Deals for a play-phase search; None: `Sampler` on the search's own knowledge. With a
        read option (`read_calls`, `read_exits`, `read_exchange`, `read_bombs`) and something to
        read, a sampler that reads it (`reads.py`)."""
        return Reads.of(self.config).play_deals(k)

    def pre_play_deals(self, view: dict):
        """Deals for a search before the play; None: `PrePlayDeals` of the view (reading the
        others' calls with `read_calls`)."""
        return Reads.of(self.config).pre_play_deals(view)

    # -- the calls --------------------------------------------------------------------------

    def _tichu_key(self, view: dict) -> tuple:
        # Weighed again at the seat's own turn (the last moment before its first card).
        return NormalBot._tichu_key(view) + (view["turn"] == view["viewer"],)

    def grand(self, view: dict, legal: dict) -> dict:
        normal = super().grand(view, legal)
        config = self.config
        if not config.search_calls or not legal["grand_call"]:
            return normal
        seat = view["viewer"]
        if any(view["players"][p]["grand"] for p in view["geometry"]["partners"][seat]):
            return normal
        deck = rules_of(view).deck
        prior = calls.grand_chance(deck.parse_mask(view["hand"]), deck)
        outcomes = self._call_outcomes(view)
        found = searches.first_out_before_play(
            view, ("grand", True), self.rng, time.perf_counter() + self.call_budget, config.call_worlds,
            config.min_worlds, self.pre_play_deals(view), outcomes)
        self._weighed.searched = "call"
        if found is None:
            return normal
        chance = searches.blended_chance(prior, *found, config.prior_worlds)
        threshold = calls.grand_threshold(view, seat, config.grand_chance)
        estimate = CallEstimate("grand", chance, threshold, False, True, deals=found[1])
        return {"act": "grand", "call": self._decide_call(view, outcomes, 200, estimate)}

    def _call_outcomes(self, view: dict) -> list | None:
        """A list for the call search's deals where the call may be weighed by the chance to
        win the game (`game_calls`, the game in reach); None elsewhere (nothing collected)."""
        team = view["geometry"]["team_of"][view["viewer"]]
        return [] if self.config.game_calls and game_stakes.game_totals(view, team) is not None else None

    def _decide_call(self, view: dict, outcomes: list | None, value: int, estimate: CallEstimate) -> bool:
        """Call where the chance to win the game says so (`game_calls`), else by the threshold;
        the estimate is noted for `decide_explained`."""
        game = None if outcomes is None else game_stakes.call_chances(view, outcomes, value, estimate.chance)
        if game is None:
            self._weighed.call = estimate
            return estimate.chance >= estimate.needed
        self._weighed.call = dataclasses.replace(estimate, game=game)
        return game.with_call > game.without

    def wants_tichu(self, k: Knowledge) -> bool:
        config = self.config
        if not config.search_calls or any(k.calls[p] for p in k.partners):
            return super().wants_tichu(k)
        before = k.phase == "exchange"
        opponent_called = any(k.calls[o] for o in k.opponents)
        give = 0
        if before:
            for cards in self.exchange_cards(k, True).values():
                for c in cards:
                    give |= 1 << c
        prior = calls.tichu_chance(k.hand & ~give, k.deck, k.rules.stairs_min_pairs)
        outcomes = self._call_outcomes(k.view)
        deadline = self._call_deadline(k)
        if before:
            found = searches.first_out_before_play(k.view, ("tichu", True), self.rng, deadline,
                                                   config.call_worlds, config.min_worlds,
                                                   self.pre_play_deals(k.view), outcomes)
        else:
            found = searches.first_out_in_play(k.view, self.rng, deadline, config.call_worlds,
                                               config.min_worlds, self.sampler(k), outcomes)
        self._weighed.searched = "call"
        if found is None:
            return super().wants_tichu(k)
        chance = searches.blended_chance(prior, *found, config.prior_worlds)
        base = config.tichu_chance_search_before if before else config.tichu_chance
        threshold = calls.tichu_threshold(k.view, k.seat, base, opponent_called)
        estimate = CallEstimate("tichu", chance, threshold, False, True, before, found[1])
        return self._decide_call(k.view, outcomes, 100, estimate)

    def _call_deadline(self, k: Knowledge) -> float:
        """When a Tichu call's search stops: in its turn, half the play's budget (the play takes
        the rest); with the exchange or another hand's decision to come in the same decision
        (the Trichu dealer's and the Table's share one clock), 40% of the call budget."""
        started = self._started or time.perf_counter()
        if k.my_turn():
            return started + self.budget / 2
        if k.view["legal"]["exchange"] or self._hands > 1:
            return started + 0.4 * self.call_budget
        return started + self.call_budget

    # -- the exchange ----------------------------------------------------------------------------

    def exchange(self, k: Knowledge, legal: dict) -> dict:
        config = self.config
        normal = self.exchange_cards(k, bool(k.calls[k.seat]))
        if not config.search_exchange or forced_best(k.view) or config.exchange_candidates < 2:
            return exchange_action(k.deck, normal)
        deck, smp = k.deck, k.rules.stairs_min_pairs
        keep = deck.dragon_mask | deck.phoenix_mask | deck.dog_mask
        for b in plan_hand(k.hand, deck, smp).bombs:
            keep |= b[3]
        loose = [c for _, c in exchange_rules.loosest(k.hand, deck, smp, keep)]
        gives = searches.exchange_variants(normal, k.hand, deck, k.partners, loose,
                                           config.exchange_candidates)
        self._weighed.searched = "exchange"
        if len(gives) < 2:
            return exchange_action(deck, normal)
        started = self._started or time.perf_counter()
        means, worlds = searches.exchange_means(
            k.view, gives, self.rng, started + self.call_budget, config.exchange_worlds,
            config.min_worlds, self.pre_play_deals(k.view), config.game_weight)
        if means is None:
            return exchange_action(deck, normal)
        best = searches.best_index(means, config.exchange_margin)
        self._weighed.search = SearchTrace("exchange", worlds, tuple(means), best)
        return exchange_action(deck, gives[best])

    # -- the Dragon's gift and bombs out of turn ----------------------------------------------------

    def gift(self, k: Knowledge, legal: dict) -> dict:
        config = self.config
        normal = tricks.choose_gift(k, legal["gift"])
        seats = [normal] + [s for s in legal["gift"] if s != normal]
        if not config.search_gift or len(seats) < 2:
            return {"act": "gift", "to": normal}
        self._weighed.searched = "gift"
        means, worlds = searches.play_means(
            k.view, [("gift", s) for s in seats], self.rng, self.search_deadline(),
            config.max_worlds, config.min_worlds, self.sampler(k), config.game_weight, config.native)
        if means is None:
            return {"act": "gift", "to": normal}
        best = searches.best_index(means, config.gift_margin)
        self._weighed.search = SearchTrace("gift", worlds, tuple(means), best)
        return {"act": "gift", "to": seats[best]}

    def bomb(self, k: Knowledge, legal: dict) -> dict | None:
        config = self.config
        bombs = legal_plays(k, legal["bombs"])
        normal = tricks.choose_out_of_turn_bomb(tricks.Turn(k, self.style), bombs)
        if not config.search_bombs or not self._bomb_matters(k, normal):
            return play_action(k, *normal) if normal else None
        key = (k.view["round"], len(k.view["history"]), k.gift_from, k.closed, tuple(k.counts))
        if key in self._bomb_memo:
            chosen = self._bomb_memo[key]
            return play_action(k, chosen.play, chosen.entry) if chosen else None
        other = None if normal is not None else tricks.smallest_bomb(bombs)
        candidates = [as_candidate(normal), as_candidate(other)]  # None: wait
        moves = [("wait",) if c is None else ("bomb", c.play[KIND:MASK + 1]) for c in candidates]
        self._weighed.searched = "bomb"
        means, worlds = searches.play_means(
            k.view, moves, self.rng, self.search_deadline(), config.max_worlds,
            config.min_worlds, self.sampler(k), config.game_weight, config.native)
        chosen = candidates[0]
        if means is not None:
            best = searches.best_index(means, config.bomb_margin)
            chosen = candidates[best]
            self._weighed.search = SearchTrace("bomb", worlds, tuple(means), best)
        if len(self._bomb_memo) > 64:
            self._bomb_memo.clear()
        self._bomb_memo[key] = chosen
        return play_action(k, chosen.play, chosen.entry) if chosen else None

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

    # -- the play in turn -------------------------------------------------------------------------

    def decide_action(self, view: dict) -> dict | None:
        # One clock for the whole decision: a call weighed in the same decision as a play or
        # the exchange, for the same hand or the other one its player plays, shares it.
        self._started = time.perf_counter()
        self._hands = sum(1 for v in hand_views(view) if v.get("legal"))
        return super().decide_action(view)

    def search_deadline(self, start: float | None = None) -> float:
        """When a play, bomb or gift search stops: the budget from the decision's start, less
        the reserve (the decision's own work and a deal slower than the last come on top)."""
        if start is None:
            start = self._started or time.perf_counter()
        return start + self.budget - self.config.reserve_ms / 1000

    def turn(self, k: Knowledge, legal: dict) -> dict | None:
        now = time.perf_counter()
        start = max(self._started or now, now - self.budget / 2)  # at least half its budget left
        chosen_play = self.choose_play(k, legal)
        normal = as_candidate(chosen_play)
        candidates = play_candidates(k, legal, normal, self.config)
        self._weighed.search = None
        chosen = normal
        if len(candidates) > 1:
            self._weighed.searched = "play"
            best, trace = search_play(k, candidates, self.search_deadline(start), self.config, self.rng,
                                      self.sampler(k))
            self._weighed.search = trace
            chosen = candidates[best]
        if chosen is None:
            return {"act": "pass"} if legal["pass"] else play_action(k, *chosen_play)
        action = play_action(k, chosen.play, chosen.entry)
        if chosen.own_wish:
            action.pop("wish", None)
            if chosen.wish is not None:
                action["wish"] = k.deck.rank_name(chosen.wish)
        return action

