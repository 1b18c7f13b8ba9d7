"""What the table does when a bot fails: SimpleBot's answer, and a last resort behind it.

A bot that raises, answers something illegal or nothing when the game waits
for it is replaced for that one decision, so a table never stalls:

1. SimpleBot (the greedy bot) decides from the same view;
2. where SimpleBot cannot answer either (a ruleset it does not know yet), the
   first legal answer the view offers: no Grand Tichu, pass where passing is
   allowed, else the first play listed (the Dog with the first partner it may
   pass to), the first opponent for a Dragon trick, and for the exchange the
   lowest cards, or the best ones (by the engine's order) where the seat must
   pass its best.

Both answer for the view's player or for a seat it acts for (the Trichu Table
of the dealer): `for_seat` turns the dealer's view into the Table's as its
dealer sees it (built from the dealer's own view, so nothing more is known).
"""

from __future__ import annotations

from app.bots import SimpleBot
from app.engine import Rules
from app.engine.round import strength


def for_seat(view: dict, seat: int) -> dict:
    """The view of the player `view["viewer"]` turned to a seat it acts for: the Table's hand,
    legal actions and exchange (as the dealer's view holds them) in place of its own."""
    if seat == view["viewer"]:
        return view
    table = view["table"]
    return {**view, "viewer": seat, "hand": table["hand"], "legal": table["legal"],
            "exchange": table["exchange"]}


def pending_seat(view: dict) -> int | None:
    """The seat the player should decide for now: its own if the game waits for it, else a
    seat it acts for that the game waits for (the Table), else None."""
    if view["viewer"] in view["pending"]:
        return view["viewer"]
    return next((s for s in view["controls"] if s in view["pending"]), None)


def fallback(view: dict, simple: bool = True) -> dict | None:
    """A legal answer for the decision the game waits for from the view's player (or None when
    it waits for nothing from it), with `seat` where it is for a seat the player acts for.
    SimpleBot's answer unless `simple` is false, or where it cannot give one: the last resort."""
    seat = pending_seat(view)
    if seat is None:
        return None
    seen = for_seat(view, seat)
    action = None
    if simple:
        try:
            action = SimpleBot(seat).decide(seen)
        except Exception:  # noqa: BLE001 - a ruleset SimpleBot does not know yet: the last resort
            action = None
    if action is None or not plausible(action, seen):
        action = last_resort(seen)
    if action is not None and seat != view["viewer"]:
        action = {**action, "seat": seat}
    return action


def plausible(action: dict, view: dict) -> bool:
    """Whether SimpleBot's answer covers what the ruleset asks (a Dog that must name its
    partner, the best cards a seat must pass); the engine still checks everything else."""
    legal = view["legal"]
    if action.get("act") == "play" and legal["dog_to"] and "to" not in action:
        return all(p["kind"] != "dog" or p["cards"] != action.get("cards") for p in legal["plays"])
    if action.get("act") == "exchange":
        seat = view["viewer"]
        pattern = view["geometry"]["exchange"][seat]
        give = action.get("give") or {}
        counts = {t: len(str(c).split()) for t, c in give.items()}
        return counts == pattern and seat not in view["geometry"]["forced_best"]
    return True


def last_resort(view: dict) -> dict | None:
    """The first legal answer to the decision the game waits for (see the module's text)."""
    legal = view["legal"]
    if legal is None:
        return None
    if legal["grand"]:
        return {"act": "grand", "call": False}
    if legal["exchange"]:
        return {"act": "exchange", "give": _exchange(view)}
    if legal["gift"]:
        return {"act": "gift", "to": legal["gift"][0]}
    if legal["pass"]:
        return {"act": "pass"}
    if legal["plays"]:
        play = next((p for p in legal["plays"] if p["kind"] != "bomb"), legal["plays"][0])
        action = {"act": "play", "cards": play["cards"]}
        if play["phoenix"] is not None:
            action["phoenix"] = play["phoenix"]
        if play["kind"] == "dog" and legal["dog_to"]:
            action["to"] = legal["dog_to"][0]
        return action
    return None


def _exchange(view: dict) -> dict:
    """{target: "cards"} per the seat's exchange pattern: its best cards where it must pass
    them, else its lowest."""
    seat = view["viewer"]
    pattern = view["geometry"]["exchange"][seat]  # {"target": count}
    hand = list(view["hand"])
    if seat in view["geometry"]["forced_best"]:
        deck = Rules.of(view["ruleset"], view["options"]).deck
        hand.sort(key=lambda code: strength(deck, deck.parse_card(code)), reverse=True)
    else:
        hand.reverse()  # the view lists a hand from high to low
    give, taken = {}, 0
    for target, count in sorted(pattern.items(), key=lambda item: int(item[0])):
        give[target] = " ".join(hand[taken:taken + count])
        taken += count
    return give
