"""The Easy bot: legal, reasonable moves without planning (a beginner's partner).

- Leads the combination that sheds the most cards among those holding its
  lowest card (a straight or pair rather than a lone low card).
- Follows with its lowest play that beats the trick, but never overtakes its
  partner and keeps its Aces, Phoenix and Dragon for tricks that deserve them.
- Bombs only in its own turn, only to stop an opponent about to go out.
- Never calls Grand Tichu; calls Tichu only with a hand a beginner would
  (the Dragon, the Phoenix and two Aces). Gives its partner its best normal
  card and the opponents its two lowest; wishes for a rank it does not hold.
"""

from __future__ import annotations

from app.engine.combos import BOMB, KIND, LENGTH, MASK, SINGLE, VALUE
from app.engine.rulesets import rules_of

from .base import Bot, act_for_hands
from .config import NoOptions
from .geometry import best_cards, deal_out, exchange_action, exchange_pattern, forced_best
from .knowledge import Knowledge
from .normal import legal_plays, play_action


class EasyBot(Bot):
    name = "easy"
    Config = NoOptions

    def decide(self, view: dict) -> dict | None:
        return act_for_hands(view, self.decide_hand)

    def decide_hand(self, view: dict) -> dict | None:
        """The decision for one hand (`view` is that hand's view, see `base.hand_views`)."""
        legal = view.get("legal")
        if not legal or view.get("game_over"):
            return None
        if legal["grand"]:
            return {"act": "grand", "call": False}
        if legal["tichu"] and self._strong(view):
            return {"act": "tichu"}
        if legal["exchange"]:
            return self._exchange(view, legal)
        if legal["gift"]:
            players = view["players"]
            return {"act": "gift", "to": max(legal["gift"], key=lambda s: players[s]["cards"])}
        if legal["plays"] or legal["pass"]:
            k = Knowledge(view)
            chosen = self._lead(k, legal) if legal["lead"] else self._follow(k, legal)
            if chosen is None:
                return {"act": "pass"}
            action = play_action(k, *chosen)
            if "wish" in action:
                action["wish"] = self._wish(k, chosen[0][MASK])
                if action["wish"] is None:
                    del action["wish"]
            return action
        return None  # no bombs out of turn

    def _strong(self, view: dict) -> bool:
        """A beginner's Tichu: after the exchange, the Dragon, the Phoenix and two Aces."""
        if view["phase"] != "play":
            return False
        deck = rules_of(view).deck
        cards = [deck.parse_card(c) for c in view["hand"] or ()]
        aces = sum(1 for c in cards if deck.role_of[c] == "normal" and deck.rank_of[c] == deck.high)
        held = deck.parse_mask(view["hand"] or ())
        return bool(held & deck.dragon_mask) and bool(held & deck.phoenix_mask) and aces >= 2

    def _exchange(self, view: dict, legal: dict) -> dict:
        """Its best normal cards to its partners, its lowest to the others (its best cards
        where the rules force them)."""
        deck = rules_of(view).deck
        pattern = exchange_pattern(view)
        cards = [deck.parse_card(c) for c in view["hand"]]
        if forced_best(view):
            return exchange_action(deck, deal_out(best_cards(deck, deck.parse_mask(view["hand"]),
                                                             sum(pattern.values())), pattern))
        partners = [p for p in view["geometry"]["dog_to"][view["viewer"]] if p in pattern]
        normal = sorted((c for c in cards if deck.role_of[c] == "normal"), key=lambda c: deck.rank_of[c])
        give: dict[int, list[int]] = {}
        for partner in partners:
            for _ in range(pattern[partner]):
                if normal:
                    give.setdefault(partner, []).append(normal.pop())
        chosen = {c for cs in give.values() for c in cs}
        specials = deck.dragon_mask | deck.phoenix_mask
        # Dog and Mah Jong count as low cards; the Dragon and Phoenix only as a last resort.
        low = [c for c in cards if c not in chosen and not specials >> c & 1]
        low.sort(key=lambda c: deck.rank_of[c])
        low += [c for c in cards if c not in chosen and specials >> c & 1]
        for target in sorted(pattern):
            while len(give.get(target, ())) < pattern[target]:
                give.setdefault(target, []).append(low.pop(0))
        return exchange_action(deck, give)

    def _lead(self, k: Knowledge, legal: dict):
        plays = [pe for pe in legal_plays(k, legal["plays"]) if pe[0][KIND] != BOMB] or \
            legal_plays(k, legal["plays"])
        low = min(_low_rank(pe[0], k) for pe in plays)
        with_low = [pe for pe in plays if _low_rank(pe[0], k) == low]
        return max(with_low, key=lambda pe: (pe[0][LENGTH], -pe[0][VALUE]))

    def _follow(self, k: Knowledge, legal: dict):
        plays = legal_plays(k, legal["plays"])
        if not legal["pass"]:
            return min(plays, key=lambda pe: (pe[0][KIND] == BOMB, pe[0][VALUE]))
        if not plays or k.top_seat in k.partners:
            return None
        hand_size = k.hand.bit_count()
        ordinary = [pe for pe in plays if pe[0][KIND] != BOMB]
        if ordinary:
            p, e = min(ordinary, key=lambda pe: pe[0][VALUE])
            precious = p[KIND] == SINGLE and p[VALUE] >= k.deck.high and k.top[VALUE] < 10
            if not precious or hand_size <= 2 or k.counts[k.top_seat] <= 2:
                return p, e
            return None
        if 0 < k.counts[k.top_seat] <= 2:
            return min(plays, key=lambda pe: pe[0][VALUE])
        return None

    def _wish(self, k: Knowledge, mask: int) -> str | None:
        deck = k.deck
        left = k.hand & ~mask
        mine = {deck.rank_of[c] for c in range(deck.size) if left >> c & 1}
        ranks = [r for r in range(deck.low, deck.high + 1) if r not in mine]
        return deck.rank_name(self.rng.choice(ranks)) if ranks else None


def _low_rank(play: tuple, k: Knowledge) -> float:
    """The lowest rank in a play (the Dog counts lowest, the Phoenix as what it stands for)."""
    deck = k.deck
    ranks = [deck.rank_of[c] for c in range(deck.size) if play[MASK] >> c & 1 and c != deck.phoenix]
    if not ranks:
        return 1.5  # a single Phoenix
    return min(ranks)
