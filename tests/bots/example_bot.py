"""The bot of README's "Write your own bot" section, loaded by import path in the tests."""

from app.bots import Bot


class PassingBot(Bot):
    """Passes whenever it may; otherwise makes the first legal play. Never calls."""

    name = "passing"

    def decide(self, view):
        legal = view["legal"]
        if legal is None:  # a spectator's view
            return None
        if legal["grand"]:
            return {"act": "grand", "call": False}
        if legal["exchange"]:
            lowest_first = view["hand"][::-1]  # the hand is listed high to low
            return {"act": "exchange", "give": dict(zip(map(str, legal["exchange_to"]), lowest_first))}
        if legal["gift"]:
            return {"act": "gift", "to": legal["gift"][0]}
        if legal["pass"]:
            return {"act": "pass"}
        if legal["plays"]:
            play = legal["plays"][0]
            return {"act": "play", "cards": play["cards"], "phoenix": play["phoenix"]}
        return None  # nothing to do now (or only a Tichu call or a bomb it does not want)
