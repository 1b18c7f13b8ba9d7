"""The Normal bot: a rule-based player.

- Plans its hand as the fewest, strongest combinations (`hand.py`) and plays
  by the plan: leads its weakest combination, follows when a play fits the
  plan or the trick matters, keeps its sure winners to take the lead back.
- Tracks every card played, what it passed and received (`knowledge.py`,
  `tracking.py`): knows which of its combinations nobody can beat.
- Never overtakes its partner; bombs when an opponent is about to go out or
  when the bomb's lead lets it go out (`tricks.py`).
- Calls Grand Tichu and Tichu from hand strength and the score (`calls.py`),
  exchanges with a plan (`exchange.py`), wishes with a purpose and gives the
  Dragon's trick to the opponent worse placed to use it.

It keeps no state it depends on: every decision is made from the view alone.
"""

from __future__ import annotations

from app.engine.combos import DOG, KIND, MASK
from app.engine.rulesets import rules_of

from . import calls, exchange, tricks
from .base import Bot, act_for_hands
from .config import NormalConfig
from .decision import CallEstimate, Decision, SearchTrace
from .geometry import best_cards, deal_out, dog_partner, exchange_action, exchange_pattern, forced_best
from .knowledge import Knowledge, play_tuple


def play_action(k: Knowledge, play: tuple, entry: dict) -> dict:
    """The record action for a chosen legal play entry (with a wish when it holds the Mah Jong)."""
    action = {"act": "play", "cards": entry["cards"]}
    if entry.get("phoenix") is not None:
        action["phoenix"] = entry["phoenix"]
    if play[KIND] == DOG and k.view["legal"]["dog_to"]:
        action["to"] = dog_partner(k.view)
    if play[MASK] & k.deck.mahjong_mask:
        wish = tricks.choose_wish(k, play[MASK])
        if wish is not None:
            action["wish"] = k.deck.rank_name(wish)
    return action


class Weighed:
    """What a decision weighed, noted as it runs (`decide_explained` returns it)."""

    def __init__(self):
        self.call: CallEstimate | None = None
        self.search: SearchTrace | None = None
        self.searched: str | None = None  # the kind of the search that ran, used or not


def legal_plays(k: Knowledge, entries: list[dict]) -> list[tuple]:
    """The view's legal play entries as (engine play tuple, entry) pairs."""
    return [(play_tuple(e, k.deck), e) for e in entries]


class NormalBot(Bot):
    name = "normal"
    Config = NormalConfig

    def __init__(self, seat, rng=None, **options):
        super().__init__(seat, rng, **options)
        self.config: NormalConfig
        self.style = self.config.style
        self._tichu_memo: dict = {}
        self._weighed = Weighed()

    # -- the entry point ------------------------------------------------------------------

    def decide(self, view: dict) -> dict | None:
        return self.decide_explained(view).action

    def decide_explained(self, view: dict) -> Decision:
        self._weighed = Weighed()
        action = self.decide_action(view)
        w = self._weighed
        return Decision(action, w.call, w.search, w.searched)

    def decide_action(self, view: dict) -> dict | None:
        """The decision itself, noting what it weighs in `_weighed`."""
        return act_for_hands(view, self.decide_hand)

    def decide_hand(self, view: dict) -> dict | None:
        """The decision for one hand (`view` is that hand's view, see `base.hand_views`)."""
        legal = view.get("legal")
        if not legal or view.get("game_over"):
            return None
        if legal["grand"]:
            return self.grand(view, legal)
        busy = legal["exchange"] or legal["gift"] or legal["plays"] or legal["pass"] or legal["bombs"]
        if not busy and not legal["tichu"]:
            return None
        if not busy and self._tichu_memo.get(self._tichu_key(view)) is False:
            return None  # nothing to do and the call was already weighed for this hand
        k = Knowledge(view)
        if legal["tichu"]:
            key = self._tichu_key(view)
            call = self._tichu_memo.get(key)
            if call is None:
                call = self.wants_tichu(k)
                if len(self._tichu_memo) > 64:
                    self._tichu_memo.clear()
                self._tichu_memo[key] = call
            if call:
                return {"act": "tichu"}
        if legal["exchange"]:
            return self.exchange(k, legal)
        if legal["gift"]:
            return self.gift(k, legal)
        if legal["plays"] or legal["pass"]:
            return self.turn(k, legal)
        if legal["bombs"]:
            return self.bomb(k, legal)
        return None

    @staticmethod
    def _tichu_key(view: dict) -> tuple:
        calls_ = tuple((p["grand"], p["tichu"]) for p in view["players"])
        return (view["round"], view["phase"], tuple(view["hand"] or ()), calls_)

    # -- calls and the exchange -----------------------------------------------------------------

    def grand(self, view: dict, legal: dict) -> dict:
        rules = rules_of(view)
        deck = rules.deck
        hand = deck.parse_mask(view["hand"])
        seat = view["viewer"]
        geometry = view["geometry"]
        partner_called = any(view["players"][p]["grand"] for p in geometry["partners"][seat])
        chance, needed = calls.grand_estimate(view, hand, deck, seat, self.config.grand_chance)
        call = legal["grand_call"] and not partner_called and chance >= needed
        self._weighed.call = CallEstimate("grand", chance, needed, partner_called, bool(legal["grand_call"]))
        return {"act": "grand", "call": bool(call)}

    def wants_tichu(self, k: Knowledge) -> bool:
        partner_called = any(k.calls[p] for p in k.partners)
        opponent_called = any(k.calls[o] for o in k.opponents)
        before = k.phase == "exchange"
        give = 0
        if before:
            for cards in self.exchange_cards(k, True).values():
                for c in cards:
                    give |= 1 << c
        chance, needed = calls.tichu_estimate(k.view, k.hand, k.deck, k.seat, k.rules.stairs_min_pairs,
                                              opponent_called, before, give, self.config.tichu_chance,
                                              self.config.tichu_chance_exchange)
        self._weighed.call = CallEstimate("tichu", chance, needed, partner_called, True, before)
        return not partner_called and chance >= needed

    def exchange_cards(self, k: Knowledge, calling: bool) -> dict[int, list[int]]:
        """{target: [cards]}: the engine-forced best cards where the rules say so, else a plan."""
        pattern = exchange_pattern(k.view)
        if forced_best(k.view):
            return deal_out(best_cards(k.deck, k.hand, sum(pattern.values())), pattern)
        return exchange.choose_exchange(k.hand, k.deck, k.rules.stairs_min_pairs, k.partners, pattern,
                                        k.calls, calling, self.config.dog_away)

    def exchange(self, k: Knowledge, legal: dict) -> dict:
        return exchange_action(k.deck, self.exchange_cards(k, bool(k.calls[k.seat])))

    # -- trick play -------------------------------------------------------------------------

    def choose_play(self, k: Knowledge, legal: dict) -> tuple | None:
        """The (play, entry) Normal would make in its turn, or None to pass."""
        plays = legal_plays(k, legal["plays"])
        turn = tricks.Turn(k, self.style)
        if legal["lead"]:
            return tricks.choose_lead(turn, plays)
        if not plays:
            return None
        return tricks.choose_follow(turn, plays, legal["pass"])

    def turn(self, k: Knowledge, legal: dict) -> dict | None:
        chosen = self.choose_play(k, legal)
        if chosen is None:
            return {"act": "pass"} if legal["pass"] else None
        return play_action(k, *chosen)

    def gift(self, k: Knowledge, legal: dict) -> dict:
        return {"act": "gift", "to": tricks.choose_gift(k, legal["gift"])}

    def bomb(self, k: Knowledge, legal: dict) -> dict | None:
        bombs = legal_plays(k, legal["bombs"])
        chosen = tricks.choose_out_of_turn_bomb(tricks.Turn(k, self.style), bombs)
        return play_action(k, *chosen) if chosen else None
