"""The greedy bot, the simplest useful one: always its lowest legal combination, never calls.

It is the table's stand-in until stronger bots are chosen, and the greedy
baseline the arena measures stronger bots against.
"""

from __future__ import annotations

from app.engine.cards import mask_cards
from app.engine.rulesets import rules_of

from .base import Bot, act_for_hands
from .config import NoOptions
from .geometry import best_cards, deal_out, dog_partner, exchange_action, exchange_pattern, forced_best

_KIND_ORDER = {"single": 0, "pair": 1, "triple": 2, "stairs": 3, "full_house": 4, "straight": 5,
               "dog": 6, "bomb": 7}


def rank_value(rank: str) -> float:
    """Order the `rank` labels of the engine's plays ("2".."A", "1", "8.5", "Dr", "Dg")."""
    names = {"J": 11, "Q": 12, "K": 13, "A": 14, "Dr": 20, "SA": 20, "Dg": 0, "HA": 0}
    rank = rank.rstrip("'")  # the second deck's Dragon (two decks) ranks as the first
    if rank in names:
        return names[rank]
    if rank.endswith(".5"):  # a single Phoenix: half a rank above the card it was played on
        return rank_value(rank[:-2]) + 0.5
    return float(rank)


def lowest_play(plays: list[dict]) -> dict:
    """The lowest play: non-bombs before bombs, then by rank, then fewest cards."""
    return min(plays, key=lambda p: (p["kind"] == "bomb", rank_value(p["rank"]),
                                     len(p["cards"].split()), _KIND_ORDER[p["kind"]]))


class GreedyBot(Bot):
    name = "greedy"
    Config = NoOptions

    def decide(self, view: dict) -> dict | None:
        return act_for_hands(view, self.decide_hand)

    def decide_hand(self, view: dict) -> dict | None:
        """The decision for one hand (`view` is that hand's view, see `base.hand_views`)."""
        legal = view["legal"]
        if legal is None:
            return None
        if legal["grand"]:
            return {"act": "grand", "call": False}
        if legal["exchange"]:
            # Its best cards where the rules force them, else its lowest (the view lists a
            # hand from high to low).
            pattern = exchange_pattern(view)
            deck = rules_of(view).deck
            hand = deck.parse_mask(view["hand"])
            if forced_best(view):
                cards = best_cards(deck, hand, sum(pattern.values()))
            else:
                cards = sorted(mask_cards(hand), key=deck.sort_key, reverse=True)
            return exchange_action(deck, deal_out(cards, pattern))
        if legal["gift"]:
            players = view["players"]
            # The opponent holding more cards is less likely to use the points soon.
            return {"act": "gift", "to": max(legal["gift"], key=lambda s: players[s]["cards"])}
        if legal["plays"]:
            play = lowest_play(legal["plays"])
            action = {"act": "play", "cards": play["cards"]}
            if play["phoenix"] is not None:
                action["phoenix"] = play["phoenix"]
            if play["kind"] == "dog" and legal["dog_to"]:
                action["to"] = dog_partner(view)
            return action
        if legal["pass"]:
            return {"act": "pass"}
        return None
