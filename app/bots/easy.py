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

from .base import Bot
from .knowledge import Knowledge, rules_of
from .normal import legal_plays, play_action


class EasyBot(Bot):
    name = "easy"

    def decide(self, view: dict) -> dict | None:
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
        return deck.dragon in cards and deck.phoenix in cards and aces >= 2

    def _exchange(self, view: dict, legal: dict) -> dict:
        deck = rules_of(view).deck
        seat = view["viewer"]
        partner = rules_of(view).partner_of(seat)
        cards = [deck.parse_card(c) for c in view["hand"]]
        normal = sorted((c for c in cards if deck.role_of[c] == "normal"), key=lambda c: deck.rank_of[c])
        others = [c for c in cards if c not in normal and c not in (deck.dragon, deck.phoenix)]
        give = {}
        best = normal[-1] if normal else None
        if partner in legal["exchange_to"] and best is not None:
            give[partner] = best
        low = others + [c for c in normal if c != best]  # Dog and Mah Jong count as low cards
        low.sort(key=lambda c: deck.rank_of[c])
        for target in legal["exchange_to"]:
            if target in give:
                continue
            pick = next((c for c in low if c not in give.values()), None)
            if pick is None:
                pick = next(c for c in cards if c not in give.values())
            give[target] = pick
        return {"act": "exchange", "give": {str(t): deck.codes[c] for t, c in give.items()}}

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
        if not plays or k.top_seat == k.partner:
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
