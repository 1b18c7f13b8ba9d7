"""The bot of docs/bots.md's "Write your own bot" section, loaded by import path in the tests."""

from app.bots import Bot
from app.bots.base import act_for_hands
from app.bots.geometry import best_first


class PassingBot(Bot):
    """Passes whenever it may; otherwise makes the first legal play. Never calls."""

    name = "passing"

    def decide(self, view):
        # Its own hand, then any seat it controls (the Trichu Table for its dealer).
        return act_for_hands(view, self.decide_hand)

    def decide_hand(self, view):
        legal = view["legal"]
        if legal is None:  # a spectator's view
            return None
        if legal["grand"]:
            return {"act": "grand", "call": False}
        if legal["exchange"]:
            # Whom it gives how many cards; its lowest cards, or its best where the rules
            # force them (the lower ranks in Grandseigneur).
            pattern = view["geometry"]["exchange"][view["viewer"]]
            forced = view["viewer"] in view["geometry"]["forced_best"]
            cards = iter(best_first(view) if forced else view["hand"][::-1])  # hand: high to low
            return {"act": "exchange",
                    "give": {t: " ".join(next(cards) for _ in range(n)) for t, n in pattern.items()}}
        if legal["gift"]:
            return {"act": "gift", "to": legal["gift"][0]}
        if legal["pass"]:
            return {"act": "pass"}
        if legal["plays"]:
            play = legal["plays"][0]
            action = {"act": "play", "cards": play["cards"], "phoenix": play["phoenix"]}
            if play["kind"] == "dog" and legal["dog_to"]:  # a choice of partners (Tientsin)
                action["to"] = legal["dog_to"][0]
            return action
        return None  # nothing to do now (or only a Tichu call or a bomb it does not want)
